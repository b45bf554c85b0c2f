//! Vectress on the shared table: setting the magnets out, tidying after a move before its
//! playback, and snapping every magnet to its cell once playback ends.

use crate::app::boards::{BoardLook, BoardShape, Finish};
use crate::app::table::{MoveMarks, RulesPage};
use bevy::prelude::*;

use super::pieces::{Magnet, MagnetLooks, rest_transform, spawn_magnet};
use super::stages::TableEntities;
use super::stages::{PieceEntities, bond_key, spawn_link, stages_for};
use super::{Control, Vectress, VectressPlayed, VectressScene};
use crate::app::playback::{PlaybackQueue, Stage};
use crate::app::table::score::{Token, TrayKind};
use crate::app::table::{PendingSync, TableGame};
use crate::app::ui::MoveListAnchor;
use crate::rules::vectress::{Cell, Game, Resolution};
use crate::showcase::Showcase;

impl TableGame for Vectress {
    const RULES_PAGE: RulesPage = RulesPage {
        text: include_str!("../../../assets/rules/vectress.md"),
        stills: &[
            (
                "vectress-bonds.png",
                include_bytes!("../../../assets/stills/vectress-bonds.png"),
            ),
            (
                "vectress-chain-wave1.png",
                include_bytes!("../../../assets/stills/vectress-chain-wave1.png"),
            ),
            (
                "vectress-chain-wave3.png",
                include_bytes!("../../../assets/stills/vectress-chain-wave3.png"),
            ),
            (
                "vectress-fall.png",
                include_bytes!("../../../assets/stills/vectress-fall.png"),
            ),
        ],
    };
    // A dark lacquered slate for the bright magnets.
    const BOARD: BoardLook = BoardLook {
        shape: BoardShape::Square {
            board: super::BOARD,
            lower_case_files: false,
        },
        finish: Finish {
            tones: &[Color::srgb(0.25, 0.27, 0.31), Color::srgb(0.19, 0.21, 0.25)],
            roughness: 0.32,
            grain: false,
            frame: Color::srgb(0.07, 0.07, 0.08),
        },
    };
    // Six waves of pushes, shoves and bonds, ten pieces moved.
    const HEAVIEST: (&'static [&'static str], &'static str) =
        (&["B2-D4", "E7-C5", "D3~E4", "C5-C3"], "B1-B3");
    type Rules = Game;
    type Core = Game;
    type Looks = MagnetLooks;
    type Scene = VectressScene;
    type Control = Control;

    fn cell_name(cell: &crate::app::boards::BoardCell) -> Option<String> {
        let x = i8::try_from(cell.x).ok()?;
        let y = i8::try_from(cell.y).ok()?;
        crate::rules::vectress::geometry::Cell::new(x, y).map(|c| c.to_string())
    }
    const SEED: u64 = 0x5EC7_2E55;
    const MOVE_LIST: Option<MoveListAnchor> = Some(MoveListAnchor::Right);
    const MOVE_CAP: Option<usize> = Some(crate::rules::vectress::game::MOVE_CAP as usize);
    const TRAY: TrayKind = TrayKind {
        word: "lost",
        slots: Some(crate::rules::vectress::game::PIECES_TO_LOSE as usize),
    };

    fn make_looks(
        meshes: &mut Assets<Mesh>,
        materials: &mut Assets<StandardMaterial>,
    ) -> MagnetLooks {
        MagnetLooks::new(meshes, materials)
    }

    fn spawn(
        commands: &mut Commands,
        looks: &MagnetLooks,
        played: &VectressPlayed,
        scene: &mut VectressScene,
    ) {
        spawn_pieces(commands, looks, played, scene);
    }

    fn forget_entities(scene: &mut VectressScene) {
        scene.entities = TableEntities::default();
        scene.markers.clear();
        scene.selected = None;
        scene.hover = None;
    }

    fn stages(
        commands: &mut Commands,
        looks: &MagnetLooks,
        scene: &mut VectressScene,
        _played: &VectressPlayed,
        game_before: &Game,
        resolution: &Resolution,
        _viewing: bool,
    ) -> Vec<Stage> {
        // What the previous move's playback left behind goes now (pieces that fell,
        // broken bonds: they were kept so that move could be replayed).
        let before = *game_before.position();
        super::controls::clear_markers(commands, scene);
        scene.selected = None;
        scene.entities.pieces.retain(|id, e| {
            let on_board = before.piece(*id).is_some();
            if !on_board {
                commands.entity(e.piece).despawn();
            }
            on_board
        });
        let bonds: Vec<_> = before
            .bonds()
            .into_iter()
            .map(|(a, b)| bond_key(a, b))
            .collect();
        scene.entities.links.retain(|key, (link, _)| {
            let alive = bonds.contains(key);
            if !alive {
                commands.entity(*link).despawn();
            }
            alive
        });
        Stage::captioned(
            stages_for(commands, looks, &mut scene.entities, &before, resolution),
            Game::captions(game_before, resolution),
            Game::short_captions(game_before, resolution),
        )
    }

    fn headline(played: &VectressPlayed, _scene: &VectressScene) -> String {
        super::status::headline(played)
    }

    fn trays(played: &VectressPlayed) -> [Vec<Token>; 2] {
        super::status::trays(played)
    }

    fn status_tail(_played: &VectressPlayed, scene: &VectressScene) -> String {
        super::status::tail(scene).to_string()
    }

    fn keys(
        _played: &VectressPlayed,
        scene: &VectressScene,
        keymap: &crate::app::keymap::Keymap,
    ) -> Vec<(String, String)> {
        super::status::keys(scene, keymap)
    }

    fn hover_note(scene: &VectressScene) -> Option<&str> {
        scene.hover.as_deref()
    }

    fn hovered(
        _played: &VectressPlayed,
        scene: &VectressScene,
    ) -> Option<Vec<crate::rules::vectress::Action>> {
        scene.hovered.map(|action| vec![action])
    }

    fn foresee(
        commands: &mut Commands,
        looks: &MagnetLooks,
        seen: &crate::app::table::foresight::Foreseen<Vectress>,
    ) -> crate::app::table::foresight::Sight {
        super::foresight::foresee(commands, looks, seen)
    }

    fn turn_arrow(before: &Game, turn: &[crate::rules::vectress::Action]) -> Option<(Vec3, Vec3)> {
        super::foresight::turn_arrow(before, turn)
    }

    fn last_move_marks(played: &VectressPlayed, _scene: &VectressScene) -> Option<MoveMarks> {
        use crate::rules::vectress::Action;
        let at = |c: &Cell| super::BOARD.center(c.x() as i32, c.y() as i32);
        match played.game.actions().last()? {
            Action::Move { from, to } | Action::PullFree { from, to } => Some(MoveMarks {
                from: Some(at(from)),
                to: at(to),
            }),
            _ => None,
        }
    }

    /// The hint's magnet selected, its targets lit.
    fn show_hint(
        commands: &mut Commands,
        looks: &MagnetLooks,
        played: &VectressPlayed,
        scene: &mut VectressScene,
        action: crate::rules::vectress::Action,
    ) {
        use crate::rules::vectress::Action;
        if let Action::Move { from, .. } | Action::PullFree { from, .. } = action {
            super::controls::select(commands, looks, played, scene, from);
        }
    }

    fn core(rules: &Game) -> &Game {
        rules
    }

    fn from_core(core: Game) -> Game {
        core
    }
}

fn spawn_pieces(
    commands: &mut Commands,
    looks: &MagnetLooks,
    played: &VectressPlayed,
    scene: &mut VectressScene,
) {
    let position = *played.game.position();
    for piece in position.pieces() {
        let magnet = Magnet {
            id: piece.id,
            kind: piece.kind,
            owner: piece.owner,
        };
        let (entity, glow) = spawn_magnet(commands, looks, magnet, piece.cell);
        commands
            .entity(entity)
            .observe(super::input::on_magnet_click);
        commands
            .entity(entity)
            .observe(super::input::on_magnet_drag);
        scene.entities.pieces.insert(
            piece.id,
            PieceEntities {
                piece: entity,
                glow,
                owner: piece.owner,
            },
        );
    }
    for (a, b) in position.bonds() {
        if let (Some(ea), Some(eb)) = (scene.entities.pieces.get(&a), scene.entities.pieces.get(&b))
        {
            let link = spawn_link(commands, looks, ea.piece, eb.piece, true);
            scene.entities.links.insert(bond_key(a, b), link);
        }
    }
}

/// Once playback has ended, every piece stands exactly where the rules say.
pub(super) fn sync_when_idle(
    played: Res<VectressPlayed>,
    scene: Res<VectressScene>,
    mut sync: ResMut<PendingSync>,
    queue: Res<PlaybackQueue>,
    mut transforms: Query<&mut Transform, With<Magnet>>,
) {
    if !sync.take(&queue) {
        return;
    }
    for piece in played.game.position().pieces() {
        if let Some(e) = scene.entities.pieces.get(&piece.id)
            && let Ok(mut transform) = transforms.get_mut(e.piece)
        {
            let rest = rest_transform(piece.cell, piece.owner);
            if *transform != rest {
                *transform = rest;
            }
        }
    }
}
