//! Polarity on the shared table: setting it out, tidying before an action's playback,
//! and keeping the pieces in step with the rules.

use crate::app::boards::{BoardLook, BoardShape, Finish};
use crate::app::table::{MoveMarks, RulesPage};
use bevy::prelude::*;

use super::pieces::{
    HandPiece, PolarityLooks, SLOTS, SideLabel, Stone, hand_rest, pile_point, pile_rest, side_sign,
    slot_standing, spawn_hand_piece, spawn_side_label, spawn_stone, stone_rest,
};
use super::stages::{TableEntities, stages_for};
use super::{Control, Polarity, PolarityPlayed, PolarityScene};
use crate::app::playback::{PlaybackQueue, Stage};
use crate::app::table::{PendingSync, TableGame};
use crate::rules::polarity::{Game, Resolution, Side, StoneId};
use crate::showcase::Showcase;

impl TableGame for Polarity {
    const RULES_PAGE: RulesPage = RulesPage {
        text: include_str!("../../../assets/rules/polarity.md"),
        stills: &[
            (
                "polarity-line.png",
                include_bytes!("../../../assets/stills/polarity-line.png"),
            ),
            (
                "polarity-push.png",
                include_bytes!("../../../assets/stills/polarity-push.png"),
            ),
            (
                "polarity-regather.png",
                include_bytes!("../../../assets/stills/polarity-regather.png"),
            ),
        ],
    };
    // Wood, its files in small letters.
    const BOARD: BoardLook = BoardLook {
        shape: BoardShape::Square {
            board: super::layout::BOARD,
            lower_case_files: true,
        },
        finish: Finish {
            tones: &[Color::srgb(0.90, 0.80, 0.62), Color::srgb(0.58, 0.40, 0.25)],
            roughness: 0.5,
            grain: true,
            frame: Color::srgb(0.20, 0.12, 0.07),
        },
    };
    // The queen pulls eight stones into a block and nine are taken.
    const HEAVIEST: (&'static [&'static str], &'static str) =
        (&["d6", "d2", "b4", "f4", "b6", "f6", "b2", "f2"], "d4 Q-");
    type Rules = Game;
    type Core = Game;
    type Looks = PolarityLooks;
    type Scene = PolarityScene;
    type Control = Control;

    fn cell_name(cell: &crate::app::boards::BoardCell) -> Option<String> {
        super::cell_of(cell).map(|c| c.to_string())
    }
    const SEED: u64 = 0x9014_A217;
    const MOVE_LIST: Option<crate::app::ui::MoveListAnchor> =
        Some(crate::app::ui::MoveListAnchor::Right);
    const TRAY: crate::app::table::score::TrayKind = crate::app::table::score::TrayKind {
        word: "taken",
        slots: Some(crate::rules::polarity::TARGET as usize),
    };

    fn make_looks(
        meshes: &mut Assets<Mesh>,
        materials: &mut Assets<StandardMaterial>,
    ) -> PolarityLooks {
        PolarityLooks::new(meshes, materials)
    }

    fn spawn(
        commands: &mut Commands,
        looks: &PolarityLooks,
        played: &PolarityPlayed,
        scene: &mut PolarityScene,
    ) {
        spawn_table(commands, looks, played, scene);
    }

    fn observe_cell(cell: &mut EntityCommands) {
        cell.observe(super::input::on_cell_click)
            .observe(super::input::on_cell_over)
            .observe(super::input::on_cell_out);
    }

    fn forget_entities(scene: &mut PolarityScene) {
        scene.markers.clear();
        scene.hover_text = None;
        scene.preview_dirty = true;
    }

    fn stages(
        commands: &mut Commands,
        looks: &PolarityLooks,
        scene: &mut PolarityScene,
        _played: &PolarityPlayed,
        before: &Game,
        resolution: &Resolution,
        _viewing: bool,
    ) -> Vec<Stage> {
        // The next player starts from a plain placement.
        let stages = Stage::captioned(
            stages_for(commands, looks, &mut scene.entities, before, resolution),
            Game::captions(before, resolution),
            Game::short_captions(before, resolution),
        );
        scene.preview_dirty = true;
        scene.choice.piece = None;
        stages
    }

    fn headline(played: &PolarityPlayed, _scene: &PolarityScene) -> String {
        super::status::headline(played)
    }

    /// The stones each side has taken toward ten.
    fn trays(played: &PolarityPlayed) -> [Vec<crate::app::table::score::Token>; 2] {
        super::status::trays(played)
    }

    fn status_tail(played: &PolarityPlayed, scene: &PolarityScene) -> String {
        super::status::tail(played, scene)
    }

    fn hovered(
        played: &PolarityPlayed,
        scene: &PolarityScene,
    ) -> Option<Vec<crate::rules::polarity::Action>> {
        super::foresight::hovered(played, scene)
    }

    fn foresee(
        commands: &mut Commands,
        looks: &PolarityLooks,
        seen: &crate::app::table::foresight::Foreseen<Polarity>,
    ) -> crate::app::table::foresight::Sight {
        super::foresight::foresee(commands, looks, seen)
    }

    fn turn_arrow(before: &Game, turn: &[crate::rules::polarity::Action]) -> Option<(Vec3, Vec3)> {
        super::foresight::turn_arrow(before, turn)
    }

    fn hover_note(scene: &PolarityScene) -> Option<&str> {
        scene.hover_refusal()
    }

    /// Where the last stone was placed.
    fn last_move_marks(played: &PolarityPlayed, _scene: &PolarityScene) -> Option<MoveMarks> {
        played.game.actions().last().map(|a| MoveMarks {
            from: None,
            to: super::layout::cell_point(a.cell),
        })
    }

    fn keys(
        _played: &PolarityPlayed,
        _scene: &PolarityScene,
        keymap: &crate::app::keymap::Keymap,
    ) -> Vec<(String, String)> {
        super::status::keys(keymap)
    }

    /// The hint's placement previewed, with its power chosen.
    fn show_hint(
        _commands: &mut Commands,
        _looks: &PolarityLooks,
        _played: &PolarityPlayed,
        scene: &mut PolarityScene,
        action: crate::rules::polarity::Action,
    ) {
        scene.choice.piece = action.power.map(|p| p.piece);
        if let Some(power) = action.power {
            scene.choice.mode = power.mode;
        }
        scene.hover_cell = Some(action.cell);
        scene.preview_dirty = true;
    }

    fn core(rules: &Game) -> &Game {
        rules
    }

    fn from_core(core: Game) -> Game {
        core
    }

    /// The labels by the piles.
    fn on_enter(world: &mut World) {
        let _ = world.run_system_cached(set_out_extras);
    }
}

/// The labels by the piles, set out once when the game opens.
fn set_out_extras(mut commands: Commands) {
    for side in Side::BOTH {
        spawn_side_label(
            &mut commands,
            SideLabel(side),
            pile_point(side) + Vec3::new(side_sign(side) * 0.3, 1.4, 0.0),
            15.0,
        );
    }
}

/// Spawns the stones, hands and piles of the current game.
fn spawn_table(
    commands: &mut Commands,
    looks: &PolarityLooks,
    played: &PolarityPlayed,
    scene: &mut PolarityScene,
) {
    let mut entities = TableEntities::default();
    for stone in played.game.stones() {
        let e = spawn_stone(commands, looks, stone.id, stone_rest(stone.cell, stone.id));
        entities.stones.insert(stone.id, e);
    }
    let position = *played.game.position();
    for side in Side::BOTH {
        let hand = position.hand(side);
        for slot in 0..SLOTS.len() {
            entities.hands[side.index()][slot] =
                spawn_hand_piece(commands, looks, side, slot, slot_standing(hand, slot));
        }
        // Collected stones are gone from the rules; the pile shows as many, with fresh ids.
        for k in 0..position.collected(side) as usize {
            let id = StoneId(1000 + k as u32 * 7 + side.index() as u32);
            let e = spawn_stone(commands, looks, id, pile_rest(side, k));
            entities.piles[side.index()].push(e);
        }
    }
    scene.entities = entities;
    // The legal cells are dotted as soon as the player may act.
    scene.preview_dirty = true;
}

/// The entities that rest where the rules say: stones and hand pieces.
type StoneOrHandPiece = Or<(With<Stone>, With<HandPiece>)>;

/// Once playback has ended, every stone, hand piece and piled stone stands exactly where
/// the rules' state says.
pub(super) fn sync_when_idle(
    mut commands: Commands,
    played: Res<PolarityPlayed>,
    mut scene: ResMut<PolarityScene>,
    mut sync: ResMut<PendingSync>,
    queue: Res<PlaybackQueue>,
    mut transforms: Query<&mut Transform, StoneOrHandPiece>,
) {
    if !sync.take(&queue) {
        return;
    }
    let mut snap = |e: Entity, rest: Transform| {
        if let Ok(mut t) = transforms.get_mut(e)
            && *t != rest
        {
            *t = rest;
        }
    };
    // Stones the rules no longer have on the board (there should be none) go.
    let on_board = played.game.stones();
    let stray: Vec<_> = scene
        .entities
        .stones
        .keys()
        .filter(|id| !on_board.iter().any(|s| s.id == **id))
        .copied()
        .collect();
    for id in stray {
        if let Some(e) = scene.entities.stones.remove(&id) {
            commands.entity(e).despawn();
        }
    }
    for stone in &on_board {
        if let Some(&e) = scene.entities.stones.get(&stone.id) {
            snap(e, stone_rest(stone.cell, stone.id));
        }
    }
    let position = *played.game.position();
    for side in Side::BOTH {
        let hand = position.hand(side);
        for slot in 0..SLOTS.len() {
            snap(
                scene.entities.hands[side.index()][slot],
                hand_rest(side, slot, slot_standing(hand, slot)),
            );
        }
        for (k, &e) in scene.entities.piles[side.index()].iter().enumerate() {
            snap(e, pile_rest(side, k));
        }
    }
}
