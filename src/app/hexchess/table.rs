//! Hex chess on the shared table: setting the men out, tidying before a move's playback,
//! forced moves (H8), edits of the move list (H7), restoring and saving the session (H10).

use crate::app::boards::{BoardLook, BoardShape, Finish};
use crate::app::table::RulesPage;
use bevy::prelude::*;

use super::autosave::Autosave;
use super::autosave::save_path;
use super::input::{pick, refresh_markers};
use super::pieces::{HexLooks, spawn_piece};
use super::stages::stages_for;
use super::{Hexchess, HexchessSave, HexchessScene, HexchessTable, Request};
use crate::app::camera::OrbitCamera;
use crate::app::playback::{PlaybackQueue, Stage};
use crate::app::table::TableGame;
use crate::app::table::offscreen::RenderRequest;
use crate::app::table::score::{Token, TrayKind};
use crate::app::table::{Resumed, TablePart, play_action, respawn};
use crate::app::{KeyboardCaptured, PlayMode};
use crate::rules::Rules;
use crate::rules::hexchess::{GameSession, PieceId, Resolution};
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
    type Looks = HexLooks;
    type Scene = HexchessScene;
    const SEED: u64 = 0x4E5C_4E55;
    // The editable list on the right is the game's own.
    const MOVE_LIST: Option<crate::app::ui::MoveListAnchor> = None;
    const TRAY: TrayKind = TrayKind {
        word: "captured",
        slots: None,
    };

    fn make_looks(meshes: &mut Assets<Mesh>, materials: &mut Assets<StandardMaterial>) -> HexLooks {
        HexLooks::new(meshes, materials)
    }

    fn spawn(commands: &mut Commands, looks: &HexLooks, table: &mut HexchessTable) {
        spawn_men(commands, looks, table);
    }

    fn observe_cell(cell: &mut EntityCommands) {
        cell.observe(super::input::on_cell_click);
    }

    fn forget_entities(scene: &mut HexchessScene) {
        scene.pieces.clear();
        scene.markers.clear();
        scene.selected = None;
        scene.promotion = None;
        scene.forced = None;
        scene.needs_respawn = false;
    }

    fn stages(
        commands: &mut Commands,
        looks: &HexLooks,
        table: &mut HexchessTable,
        before: &GameSession,
        resolution: &Resolution,
    ) -> Vec<Stage> {
        // Men taken before this move were kept for replay; they go now. The last-move
        // markers move, the selection and any pending promotion or forced move end.
        let on_board: Vec<PieceId> = table.game.position().pieces().map(|(_, p)| p.id).collect();
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
        refresh_markers(commands, looks, table);
        // Stills, films, the replay viewer and learners (the "show renaming" setting) may
        // see a renaming; live play never does (the v011 document).
        let announce = table.offscreen || table.viewer.is_some() || table.show_renaming;
        Stage::captioned(
            stages_for(commands, resolution, &table.pieces, looks, announce),
            stage_captions(before.game(), resolution, announce),
            short_stage_captions(before.game(), resolution, announce),
        )
    }

    fn headline(table: &HexchessTable) -> String {
        super::status::headline(table)
    }

    fn trays(table: &HexchessTable) -> [Vec<Token>; 2] {
        super::status::trays(table)
    }

    fn status_tail(table: &HexchessTable) -> String {
        super::status::tail(table).to_string()
    }

    fn last_move_marks(table: &HexchessTable) -> Vec<Vec3> {
        table
            .game
            .rules()
            .game()
            .last()
            .map_or_else(Vec::new, |last| {
                [last.from, last.to]
                    .map(|c| super::pieces::rest_transform(c).translation)
                    .to_vec()
            })
    }

    fn keys(table: &HexchessTable) -> Vec<(&'static str, String)> {
        super::status::keys(table)
    }

    /// The hint's man selected, its destinations marked.
    fn show_hint(
        commands: &mut Commands,
        looks: &HexLooks,
        table: &mut HexchessTable,
        action: crate::rules::hexchess::Move,
    ) {
        table.promotion = None;
        table.selected = Some(action.from);
        refresh_markers(commands, looks, table);
    }

    /// A move being typed or a promotion waiting for its piece keeps the keyboard.
    fn keys_taken(table: &HexchessTable) -> bool {
        table.editing.is_some() || table.promotion.is_some()
    }

    /// A forced move plays itself first (H8).
    fn computer_may_think(table: &HexchessTable) -> bool {
        table.forced.is_none() && table.game.forced_move().is_none()
    }
}

fn spawn_men(commands: &mut Commands, looks: &HexLooks, table: &mut HexchessTable) {
    let men: Vec<_> = table.game.position().pieces().collect();
    for (cell, piece) in men {
        let entity = spawn_piece(commands, looks, piece.id, piece.color, piece.kind, cell);
        commands
            .entity(entity)
            .observe(super::input::on_man_click)
            .observe(super::input::on_man_drag_start)
            .observe(super::input::on_man_drag)
            .observe(super::input::on_man_drag_end);
        table.pieces.insert(piece.id, entity);
    }
    refresh_markers(commands, looks, table);
}

/// Puts `session` on the table as reached by its own history.
pub(super) fn adopt(table: &mut HexchessTable, session: GameSession) {
    let played: Vec<_> = session
        .game()
        .history()
        .iter()
        .map(|r| (r.color, r.mv, r.mv.long()))
        .collect();
    table.game.adopt(session, played);
    table.changes += 1;
}

/// Appends `typed` to the move list as if each were typed into its empty last slot (H7):
/// what cannot be replayed is struck through, kept as typed. (`bench app --long-lists`
/// fills a list this way.)
pub fn type_entries(table: &mut HexchessTable, typed: impl IntoIterator<Item = String>) {
    let mut session = table.game.rules().clone();
    for text in typed {
        session.append(&text);
    }
    adopt(table, session);
}

/// Two players and games against the computer are autosaved (H10), one save per ruleset.
/// Resuming restores the save (a game left for the menu in this run comes back as it was);
/// a new game starts fresh and saves over it from its first move (the old game was kept
/// as a replay when it was left). A render or a demo saves nothing. The camera looks at
/// the hex board.
#[allow(clippy::too_many_arguments)]
pub(super) fn restore_and_aim(
    mut commands: Commands,
    mut table: ResMut<HexchessTable>,
    looks: Res<HexLooks>,
    render: Option<Res<RenderRequest>>,
    save: Option<Res<HexchessSave>>,
    mut queue: ResMut<PlaybackQueue>,
    parts: Query<Entity, With<TablePart>>,
    mut cameras: Query<&mut OrbitCamera>,
) {
    for mut orbit in &mut cameras {
        orbit.aim(Vec3::new(1.2, 0.0, 0.9));
        orbit.set_home(0.0, 1.02, 17.0);
    }
    if render.is_some() || !matches!(table.mode, PlayMode::HotSeat | PlayMode::VsComputer) {
        return;
    }
    let ruleset = table.game.rules().game().ruleset();
    let Some(path) = save_path(save.as_deref(), ruleset) else {
        return;
    };
    let table = &mut *table;
    match table.resumed {
        // Already exact; keeps saving where it did.
        Resumed::FromMenu => {}
        Resumed::Asked => {
            let restored = Autosave::restore(&path, ruleset);
            adopt(table, restored.session);
            table.saved_changes = table.changes;
            table.autosave = restored.autosave;
            table.message = restored.problem;
            respawn(&mut commands, &*looks, table, &mut queue, parts.iter());
        }
        Resumed::No => {
            table.saved_changes = table.changes;
            table.autosave = Some(Autosave::at(path));
        }
    }
}

pub(super) fn leave(mut cameras: Query<&mut OrbitCamera>, mut captured: ResMut<KeyboardCaptured>) {
    for mut orbit in &mut cameras {
        *orbit = OrbitCamera::default();
    }
    captured.0 = false;
}

/// Saves the session after every change; a failure is told once (the game stays in
/// memory, and every change tries again), and the game goes on.
pub(super) fn save_changes(
    mut table: ResMut<HexchessTable>,
    mut notice: ResMut<crate::app::ui::Notice>,
) {
    if table.changes == table.saved_changes {
        return;
    }
    let table = &mut *table;
    table.saved_changes = table.changes;
    if let Some(autosave) = table.scene.autosave.as_mut() {
        let was_failing = autosave.error.is_some();
        autosave.after_change(table.game.rules());
        if let Some(error) = &autosave.error
            && !was_failing
        {
            let why =
                format!("{error}; the game goes on and is saved at the next move that can be");
            warn!("{why}");
            notice.show(why, 8.0);
        }
    }
}

/// The pointer's and the move list's requests, in order.
pub(super) fn process_input(
    mut commands: Commands,
    mut table: ResMut<HexchessTable>,
    looks: Res<HexLooks>,
    mut queue: ResMut<PlaybackQueue>,
    parts: Query<Entity, With<TablePart>>,
) {
    let table = &mut *table;
    if table.needs_respawn {
        respawn(&mut commands, &*looks, table, &mut queue, parts.iter());
    }
    let requests = std::mem::take(&mut table.input);
    // Releasing a dragged man also clicks it; the drop decides.
    let dropping = requests.iter().any(|r| matches!(r, Request::Drop(_)));
    for request in requests {
        match request {
            Request::Pick(_) if dropping => {}
            Request::Pick(cell) => pick(&mut commands, &looks, table, &queue, cell, false),
            Request::Drop(cell) => {
                // The man goes back to its cell unless the drop plays a move.
                table.request_sync();
                if let Some(cell) = cell
                    && table.selected.is_some()
                    && table.selected != Some(cell)
                {
                    pick(&mut commands, &looks, table, &queue, cell, false);
                }
            }
            Request::Grab(cell) => pick(&mut commands, &looks, table, &queue, cell, true),
            Request::Promote(kind) => {
                if let Some((from, to)) = table.promotion.take() {
                    let mv = crate::rules::hexchess::Move {
                        from,
                        to,
                        promotion: Some(kind),
                    };
                    table
                        .requests
                        .push_back(crate::app::table::Request::Play(mv));
                }
            }
            Request::BeginEdit(index) => {
                let (reached, struck) = table.game.entries();
                let all: Vec<String> = reached.into_iter().chain(struck.iter().cloned()).collect();
                if index <= all.len() {
                    table.editing = Some(index);
                    table.edit_buffer = all.get(index).cloned().unwrap_or_default();
                }
            }
            Request::CancelEdit => {
                table.editing = None;
                table.edit_buffer.clear();
            }
            Request::Edit(index, text) => {
                table.editing = None;
                table.edit_buffer.clear();
                if text.is_empty() {
                    continue;
                }
                let mut session = table.game.rules().clone();
                let report = session.edit(index, &text);
                adopt(table, session);
                table.message = match (report.first_unreachable, report.error) {
                    (Some(i), Some(why)) => {
                        Some(format!("entry {} cannot be replayed: {why}", i + 1))
                    }
                    (Some(i), None) => Some(format!("entry {} cannot be replayed", i + 1)),
                    _ => Some(format!("the list replays to entry {}", report.reached)),
                };
                respawn(&mut commands, &*looks, table, &mut queue, parts.iter());
            }
        }
    }
}

/// A side with exactly one legal move plays it after the session's delay (H8). The
/// waiting is the table's; the count behind the delay is the session's.
pub(super) fn forced_moves(
    mut commands: Commands,
    mut table: ResMut<HexchessTable>,
    looks: Res<HexLooks>,
    mut queue: ResMut<PlaybackQueue>,
    time: Res<Time>,
) {
    let table = &mut *table;
    if matches!(table.mode, PlayMode::Board | PlayMode::Showcase)
        || table.game.is_over()
        || !queue.is_idle()
        || table.editing.is_some()
        || !table.requests.is_empty()
    {
        table.forced = None;
        return;
    }
    let Some((mv, delay)) = table.game.forced_move() else {
        table.forced = None;
        return;
    };
    let timer = table
        .forced
        .get_or_insert_with(|| Timer::new(delay, TimerMode::Once));
    timer.tick(time.delta());
    if !timer.is_finished() {
        return;
    }
    table.forced = None;
    if play_action(&mut commands, &*looks, table, &mut queue, mv).is_ok() {
        table.game.rules_mut().count_forced();
    }
}
