//! Hex chess on the shared table: setting the men out, tidying before a move's playback,
//! forced moves (H8), and putting an edited or typed session on the table (H7).

use crate::app::boards::{BoardLook, BoardShape, Finish};
use crate::app::camera::Seat;
use crate::app::table::{MoveMarks, RulesPage};
use bevy::prelude::*;

use super::controls::refresh_markers;
use super::pieces::{HexLooks, spawn_piece};
use super::stages::stages_for;
use super::{Control, Hexchess, HexchessPlayed, HexchessScene};
use crate::app::PlayMode;
use crate::app::playback::Stage;
use crate::app::table::score::{Token, TrayKind};
use crate::app::table::{Requests, Seats, Staging, TableGame, play_action};
use crate::rules::hexchess::{Game, GameSession, Move, PieceId, Resolution};
use crate::showcase::hexchess::{short_stage_captions, stage_captions};

impl TableGame for Hexchess {
    const RULES_PAGE: RulesPage = RulesPage {
        text: include_str!("../../../assets/rules/hexchess.md"),
        stills: &[
            (
                "hexchess-opening.png",
                include_bytes!("../../../assets/stills/hexchess-opening.png"),
            ),
            (
                "hexchess-renamed-mid-change.png",
                include_bytes!("../../../assets/stills/hexchess-renamed-mid-change.png"),
            ),
        ],
    };
    // The three tones of H1, maple to walnut, kept far enough apart to read.
    const BOARD: BoardLook = BoardLook {
        shape: BoardShape::Hex,
        finish: Finish {
            tones: &[
                Color::srgb(0.93, 0.82, 0.64),
                Color::srgb(0.74, 0.55, 0.36),
                Color::srgb(0.54, 0.38, 0.24),
            ],
            roughness: 0.5,
            grain: true,
            frame: Color::srgb(0.20, 0.12, 0.07),
        },
    };
    // A queen takes a queen and arrives renamed as a rook.
    const HEAVIEST: (&'static [&'static str], &'static str) = (&["b1b2", "b7b6"], "b2b6");
    type Rules = GameSession;
    type Core = Game;
    type Looks = HexLooks;
    type Scene = HexchessScene;
    type Control = Control;

    fn cell_name(cell: &crate::app::boards::BoardCell) -> Option<String> {
        crate::rules::hexchess::Cell::from_axial(cell.x, cell.y).map(|c| c.to_string())
    }
    const SEED: u64 = 0x4E5C_4E55;
    // The hex board is wider: the camera sits back, aimed beside the move list.
    const SEAT: Seat = Seat {
        aim: Vec3::new(1.2, 0.0, 0.9),
        home: (0.0, 1.02, 17.0),
        near_side: 0,
    };
    // The editable list on the right is the game's own.
    const MOVE_LIST: Option<crate::app::ui::MoveListAnchor> = None;
    const TRAY: TrayKind = TrayKind {
        word: "captured",
        slots: None,
    };

    fn make_looks(meshes: &mut Assets<Mesh>, materials: &mut Assets<StandardMaterial>) -> HexLooks {
        HexLooks::new(meshes, materials)
    }

    fn spawn(
        commands: &mut Commands,
        looks: &HexLooks,
        played: &HexchessPlayed,
        scene: &mut HexchessScene,
    ) {
        spawn_men(commands, looks, played, scene);
    }

    fn observe_cell(cell: &mut EntityCommands) {
        cell.observe(super::input::on_cell_click)
            .observe(super::input::on_cell_over)
            .observe(super::input::on_cell_out);
    }

    fn forget_entities(scene: &mut HexchessScene) {
        scene.pieces.clear();
        scene.markers.clear();
        scene.selected = None;
        scene.promotion = None;
        scene.forced = None;
        scene.needs_respawn = false;
        scene.hover_cell = None;
    }

    fn stages(
        commands: &mut Commands,
        looks: &HexLooks,
        table: &mut HexchessScene,
        played: &HexchessPlayed,
        before: &GameSession,
        resolution: &Resolution,
        viewing: bool,
    ) -> Vec<Stage> {
        // Men taken before this move were kept for replay; they go now. The last-move
        // markers move, the selection and any pending promotion or forced move end.
        let on_board: Vec<PieceId> = played.game.position().pieces().map(|(_, p)| p.id).collect();
        let taken_now = resolution.captured.map(|(id, _, _)| id);
        table.pieces.retain(|id, entity| {
            let keep = on_board.contains(id) || Some(*id) == taken_now;
            if !keep {
                commands.entity(*entity).despawn();
            }
            keep
        });
        table.selected = None;
        table.promotion = None;
        table.forced = None;
        refresh_markers(commands, looks, played, table);
        // The replay viewer, whatever is shown to watchers (the showcase, films, stills)
        // and learners (the "show renaming" setting) see a renaming; live play never does
        // (the v011 document).
        let announce = viewing || table.show_renaming;
        Stage::captioned(
            stages_for(commands, resolution, &table.pieces, looks, announce),
            stage_captions(before.game(), resolution, announce),
            short_stage_captions(before.game(), resolution, announce),
        )
    }

    fn hovered(played: &HexchessPlayed, scene: &HexchessScene) -> Option<Vec<Move>> {
        super::foresight::hovered(played, scene)
    }

    fn foresee(
        commands: &mut Commands,
        looks: &HexLooks,
        seen: &crate::app::table::foresight::Foreseen<Hexchess>,
    ) -> crate::app::table::foresight::Sight {
        super::foresight::foresee(commands, looks, seen)
    }

    fn turn_arrow(before: &GameSession, turn: &[Move]) -> Option<(Vec3, Vec3)> {
        super::foresight::turn_arrow(before, turn)
    }

    fn headline(played: &HexchessPlayed, scene: &HexchessScene) -> String {
        super::status::headline(played, scene)
    }

    fn trays(played: &HexchessPlayed) -> [Vec<Token>; 2] {
        super::status::trays(played)
    }

    fn status_tail(_played: &HexchessPlayed, scene: &HexchessScene) -> String {
        super::status::tail(scene).to_string()
    }

    fn last_move_marks(played: &HexchessPlayed, _scene: &HexchessScene) -> Option<MoveMarks> {
        let last = played.game.rules().game().last()?;
        let at = |c| super::pieces::rest_transform(c).translation;
        Some(MoveMarks {
            from: Some(at(last.from)),
            to: at(last.to),
        })
    }

    fn keys(
        _played: &HexchessPlayed,
        scene: &HexchessScene,
        _keymap: &crate::app::keymap::Keymap,
    ) -> Vec<(String, String)> {
        super::status::keys(scene)
    }

    /// The hint's man selected, its destinations marked.
    fn show_hint(
        commands: &mut Commands,
        looks: &HexLooks,
        played: &HexchessPlayed,
        scene: &mut HexchessScene,
        action: crate::rules::hexchess::Move,
    ) {
        scene.promotion = None;
        scene.selected = Some(action.from);
        refresh_markers(commands, looks, played, scene);
    }

    /// A move being typed or a promotion waiting for its piece keeps the keyboard.
    fn keys_taken(scene: &HexchessScene) -> bool {
        scene.editing.is_some() || scene.promotion.is_some()
    }

    /// A forced move plays itself first (H8).
    fn computer_may_think(played: &HexchessPlayed, scene: &HexchessScene) -> bool {
        scene.forced.is_none() && played.game.forced_move().is_none()
    }

    /// An edited list is not saved (H7): its game cannot be replayed from its moves.
    fn savable(played: &HexchessPlayed) -> bool {
        !played.game.is_edited()
    }

    fn core(rules: &GameSession) -> &Game {
        rules.game()
    }

    fn from_core(core: Game) -> GameSession {
        GameSession::from_game(core)
    }
}

fn spawn_men(
    commands: &mut Commands,
    looks: &HexLooks,
    played: &HexchessPlayed,
    scene: &mut HexchessScene,
) {
    let men: Vec<_> = played.game.position().pieces().collect();
    for (cell, piece) in men {
        let entity = spawn_piece(commands, looks, piece.id, piece.color, piece.kind, cell);
        commands
            .entity(entity)
            .observe(super::input::on_man_click)
            .observe(super::input::on_man_drag_start)
            .observe(super::input::on_man_drag)
            .observe(super::input::on_man_drag_end)
            .observe(super::input::on_man_over)
            .observe(super::input::on_man_out);
        scene.pieces.insert(piece.id, entity);
    }
    refresh_markers(commands, looks, played, scene);
}

/// Puts `session` on `played` as reached by its own history.
pub(super) fn adopt(played: &mut HexchessPlayed, session: GameSession) {
    let history: Vec<_> = session
        .game()
        .history()
        .iter()
        .map(|r| (r.color, r.mv, r.mv.long()))
        .collect();
    played.game.adopt(session, history);
    played.changed();
}

/// Puts another session on the table (a test, a loaded game); the men are set out again
/// on the next frame.
pub fn replace_session(
    played: &mut HexchessPlayed,
    scene: &mut HexchessScene,
    session: GameSession,
) {
    adopt(played, session);
    scene.needs_respawn = true;
}

/// Appends `typed` to the move list as if each were typed into its empty last slot (H7):
/// what cannot be replayed is struck through, kept as typed. (`bench app --long-lists`
/// fills a list this way.)
pub fn type_entries(played: &mut HexchessPlayed, typed: impl IntoIterator<Item = String>) {
    let mut session = played.game.rules().clone();
    for text in typed {
        session.append(&text);
    }
    adopt(played, session);
}

/// A side with exactly one legal move plays it after the session's delay (H8). The
/// waiting is the table's; the count behind the delay is the session's.
pub(super) fn forced_moves(
    mut commands: Commands,
    mut played: ResMut<HexchessPlayed>,
    mut scene: ResMut<HexchessScene>,
    requests: Res<Requests<Hexchess>>,
    looks: Res<HexLooks>,
    seats: Res<Seats>,
    mut stage: Staging,
    time: Res<Time>,
) {
    let (played, scene) = (&mut *played, &mut *scene);
    if matches!(
        seats.mode,
        PlayMode::Board | PlayMode::Showcase | PlayMode::Setup
    ) || played.over()
        || !stage.queue.is_idle()
        || scene.editing.is_some()
        || !requests.is_empty()
    {
        scene.forced = None;
        return;
    }
    let Some((mv, delay)) = played.game.forced_move() else {
        scene.forced = None;
        return;
    };
    let timer = scene
        .forced
        .get_or_insert_with(|| Timer::new(delay, TimerMode::Once));
    timer.tick(time.delta());
    if !timer.is_finished() {
        return;
    }
    scene.forced = None;
    let mut hand = stage.hand();
    if play_action(&mut commands, &*looks, played, scene, &mut hand, mv).is_ok() {
        played.game.rules_mut().count_forced();
    }
}
