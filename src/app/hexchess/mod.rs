//! Hex chess v011 on the table: the men in 3D on the 91-cell board, moves by clicking or
//! dragging, every move played back through the shared `PlaybackQueue` (slide or hop,
//! the taken man removed, the arriving man turning into its new type), the move list on
//! the right with in-place editing, forced moves that play themselves, autosave.

pub mod panel;
pub mod pieces;
pub mod stages;

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Duration;

use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::picking::events::{Click, Drag, DragEnd, DragStart, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use rand::Rng;

use self::panel::{MoveEntry, PromotionChoice};
use self::pieces::{HexLooks, HexPiece, rest_transform, spawn_piece};
use self::stages::stages_for;
use super::boards::{BoardCell, HEX_SIZE, hex_center};
use super::camera::OrbitCamera;
use super::hud::StatusLine;
use super::playback::PlaybackQueue;
use super::render::RenderRequest;
use super::stage::MainCamera;
use super::{ActiveGame, AvailableModes, PlayMode, Screen};
use crate::rules::GameId;
use crate::rules::hexchess::ai::{AiConfig, choose};
use crate::rules::hexchess::{
    Cell, Color as Side, GameSession, Kind, Move, PieceId, Reason, Resolution, Ruleset,
};
use crate::rules::rng::{GameRng, seeded};

pub fn plugin(app: &mut App) {
    app.add_message::<KeyboardInput>()
        .add_systems(Startup, (register_modes, load_looks))
        .add_systems(
            OnEnter(Screen::Playing),
            start_table.run_if(playing_hexchess),
        )
        .add_systems(OnExit(Screen::Playing), leave_table)
        .add_systems(
            Update,
            (
                edit_keys,
                table_keys,
                process_requests,
                forced_moves,
                computer_turn,
                sync_when_idle,
                update_status,
                panel::update_panel,
            )
                .chain()
                .after(super::playback::PlaybackSystems)
                .run_if(resource_exists::<HexchessTable>),
        )
        .add_systems(
            PreUpdate,
            capture_keys_while_editing.run_if(resource_exists::<HexchessTable>),
        )
        .add_systems(
            OnExit(Screen::Playing),
            |mut captured: ResMut<super::KeyboardCaptured>| {
                captured.0 = false;
            },
        )
        .add_observer(on_click)
        .add_observer(on_drag_start)
        .add_observer(on_drag)
        .add_observer(on_drag_end);
}

/// While a move-list entry is being edited, its keys (R, Enter, Escape...) belong to the
/// text, not to playback or the menu.
fn capture_keys_while_editing(
    table: Res<HexchessTable>,
    mut captured: ResMut<super::KeyboardCaptured>,
) {
    let editing = table.editing.is_some();
    if captured.0 != editing {
        captured.0 = editing;
    }
}

fn playing_hexchess(active: Option<Res<ActiveGame>>) -> bool {
    active.is_some_and(|a| a.game == GameId::Hexchess)
}

fn register_modes(mut modes: ResMut<AvailableModes>) {
    for mode in [PlayMode::HotSeat, PlayMode::VsComputer, PlayMode::Demo] {
        modes.0.insert((GameId::Hexchess, mode));
    }
}

fn load_looks(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(HexLooks::new(&mut meshes, &mut materials));
}

/// Where the game is autosaved; `None` turns saving off (tests). When the resource is
/// absent, `dirs::data_dir()/lodestone/hexchess.ron`.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct HexchessSave(pub Option<PathBuf>);

fn default_save_path() -> Option<PathBuf> {
    let dir = dirs::data_dir()?.join("lodestone");
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir.join("hexchess.ron"))
}

/// What the player (or a test) asked for; handled in order by `process_requests`.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// A cell was clicked (or a drag ended there).
    Pick(Cell),
    /// A drag started on a man: select it.
    Grab(Cell),
    /// A drag ended over this cell (None: off the board).
    Drop(Option<Cell>),
    /// Play this move.
    Play(Move),
    /// The promotion chooser's answer.
    Promote(Kind),
    Undo,
    NewGame,
    /// Start editing list entry `index` (the list's length appends).
    BeginEdit(usize),
    /// Replace entry `index` with `text` and replay the list (H7).
    Edit(usize, String),
    CancelEdit,
}

/// The game on the table and everything the view keeps about it.
#[derive(Resource)]
pub struct HexchessTable {
    pub session: GameSession,
    pub mode: PlayMode,
    /// The entity of every man, by rules id.
    pub pieces: HashMap<PieceId, Entity>,
    pub requests: Vec<Request>,
    selected: Option<Cell>,
    markers: Vec<Entity>,
    /// Decorations of the last playback (kept hidden for replay).
    effects: Vec<Entity>,
    /// A promotion waiting for the chooser: (from, to).
    pub promotion: Option<(Cell, Cell)>,
    thinking: Option<Task<Option<Move>>>,
    rng: GameRng,
    /// Counts down to the next forced move.
    pub forced: Option<Timer>,
    needs_sync: bool,
    /// The pieces must be set out again from the rules' position.
    needs_respawn: bool,
    demo_restart: f32,
    /// The list entry being edited and what has been typed.
    pub editing: Option<usize>,
    pub edit_buffer: String,
    /// The last thing worth telling the player (a refused edit, a save problem).
    pub message: Option<String>,
}

impl HexchessTable {
    pub fn new(session: GameSession, mode: PlayMode) -> Self {
        HexchessTable {
            session,
            mode,
            pieces: HashMap::new(),
            requests: Vec::new(),
            selected: None,
            markers: Vec::new(),
            effects: Vec::new(),
            promotion: None,
            thinking: None,
            rng: seeded(0x4E5C_4E55),
            forced: None,
            needs_sync: false,
            needs_respawn: true,
            demo_restart: 0.0,
            editing: None,
            edit_buffer: String::new(),
            message: None,
        }
    }

    /// Puts another session on the table (a test, a loaded game); the men are set out
    /// again on the next frame.
    pub fn replace_session(&mut self, session: GameSession) {
        self.session = session;
        self.reset_view();
    }

    fn reset_view(&mut self) {
        self.needs_respawn = true;
        self.thinking = None;
        self.forced = None;
        self.promotion = None;
        self.selected = None;
    }

    fn human_to_move(&self) -> bool {
        match self.mode {
            PlayMode::HotSeat | PlayMode::Board => true,
            PlayMode::VsComputer => self.session.game().turn() == Side::White,
            PlayMode::Demo => false,
        }
    }

    fn over(&self) -> bool {
        self.session.game().outcome().is_some()
    }
}

fn start_table(
    mut commands: Commands,
    active: Res<ActiveGame>,
    looks: Res<HexLooks>,
    request: Option<Res<RenderRequest>>,
    save: Option<Res<HexchessSave>>,
    mut queue: ResMut<PlaybackQueue>,
    mut cameras: Query<&mut OrbitCamera>,
) {
    queue.clear();
    for mut orbit in &mut cameras {
        orbit.target = Vec3::new(1.2, 0.0, 0.9);
        orbit.set_home(0.0, 1.02, 17.0);
    }
    let render = request
        .as_ref()
        .filter(|r| r.game == Some(GameId::Hexchess));
    let mut message = None;
    let mut session = match (render, active.mode) {
        (None, PlayMode::HotSeat | PlayMode::VsComputer) => {
            let path = match save {
                Some(save) => save.0.clone(),
                None => default_save_path(),
            };
            match path {
                Some(path) => {
                    let restored = GameSession::restore(&path, Ruleset::V011);
                    message = restored.problem;
                    restored.session
                }
                None => GameSession::new(Ruleset::V011),
            }
        }
        _ => GameSession::new(Ruleset::V011),
    };
    // `lodestone render hexchess --moves ...`: every move but the last is played at once,
    // the last one through playback (frozen where asked).
    let mut last = None;
    if let Some(request) = render {
        for (i, text) in request.moves.iter().enumerate() {
            if i + 1 == request.moves.len() {
                last = Some(text.clone());
                break;
            }
            if let Err(e) = session.play_text(text) {
                warn!("render: move {} ({text}) was refused: {e}", i + 1);
            }
        }
    }
    let mut table = HexchessTable::new(session, active.mode);
    table.message = message;
    respawn(
        &mut commands,
        &looks,
        &mut table,
        &mut queue,
        std::iter::empty(),
    );
    if let Some(text) = last {
        match table.session.game().parse_move(&text) {
            Ok(mv) => {
                if let Err(e) = play_move(&mut commands, &looks, &mut table, &mut queue, mv) {
                    warn!("render: the last move was refused: {e}");
                }
            }
            Err(e) => warn!("render: the last move was refused: {e}"),
        }
        match render.and_then(|r| r.freeze) {
            Some((stage, t)) => queue.freeze_at(stage, t),
            None => queue.skip(),
        }
    }
    commands.insert_resource(table);
}

fn leave_table(
    mut commands: Commands,
    table: Option<Res<HexchessTable>>,
    mut cameras: Query<&mut OrbitCamera>,
) {
    if table.is_some() {
        commands.remove_resource::<HexchessTable>();
        for mut orbit in &mut cameras {
            *orbit = OrbitCamera::default();
        }
    }
}

/// Clears the men and sets the session's position out again (undo, new game, edit).
fn respawn(
    commands: &mut Commands,
    looks: &HexLooks,
    table: &mut HexchessTable,
    queue: &mut PlaybackQueue,
    stale: impl Iterator<Item = Entity>,
) {
    queue.clear();
    for entity in stale {
        commands.entity(entity).despawn();
    }
    clear_markers(commands, table);
    for effect in table.effects.drain(..) {
        commands.entity(effect).despawn();
    }
    table.pieces.clear();
    table.needs_respawn = false;
    let position = table.session.game().position();
    for (cell, piece) in position.pieces() {
        let entity = spawn_piece(commands, looks, piece.id, piece.color, piece.kind, cell);
        table.pieces.insert(piece.id, entity);
    }
    if let Some(last) = table.session.game().last() {
        for cell in [last.from, last.to] {
            let marker = marker(
                commands,
                looks.move_marker.clone(),
                looks.last_move_material.clone(),
                cell,
                0.005,
            );
            table.markers.push(marker);
        }
    }
}

/// Plays `mv` and queues its playback.
fn play_move(
    commands: &mut Commands,
    looks: &HexLooks,
    table: &mut HexchessTable,
    queue: &mut PlaybackQueue,
    mv: Move,
) -> Result<(), String> {
    let resolution = table.session.play(mv).map_err(|e| e.reason)?;
    after_move(commands, looks, table, queue, &resolution);
    Ok(())
}

/// Queues a played move's playback and tidies the table around it.
fn after_move(
    commands: &mut Commands,
    looks: &HexLooks,
    table: &mut HexchessTable,
    queue: &mut PlaybackQueue,
    resolution: &Resolution,
) {
    // Men taken before this move were kept for replay; they go now.
    let on_board: Vec<PieceId> = table
        .session
        .game()
        .position()
        .pieces()
        .map(|(_, p)| p.id)
        .collect();
    let taken_now = resolution.captured.map(|(id, _, _)| id);
    table.pieces.retain(|id, entity| {
        let keep = on_board.contains(id) || Some(*id) == taken_now;
        if !keep {
            commands.entity(*entity).despawn();
        }
        keep
    });
    clear_markers(commands, table);
    for cell in [resolution.from, resolution.to] {
        let m = marker(
            commands,
            looks.move_marker.clone(),
            looks.last_move_material.clone(),
            cell,
            0.005,
        );
        table.markers.push(m);
    }
    table.selected = None;
    table.promotion = None;
    table.forced = None;
    table.message = table.session.save_error().map(str::to_string);
    for effect in table.effects.drain(..) {
        commands.entity(effect).despawn();
    }
    let stages = stages_for(commands, resolution, &table.pieces, looks);
    table.effects = stages
        .iter()
        .flat_map(|s| s.effects.iter().copied())
        .collect();
    queue.play(stages);
    table.needs_sync = true;
}

fn marker(
    commands: &mut Commands,
    mesh: Handle<Mesh>,
    material: Handle<StandardMaterial>,
    cell: Cell,
    lift: f32,
) -> Entity {
    commands
        .spawn((
            DespawnOnExit(Screen::Playing),
            Mesh3d(mesh),
            MeshMaterial3d(material),
            Pickable::IGNORE,
            Transform::from_translation(rest_transform(cell).translation + Vec3::Y * (0.01 + lift)),
        ))
        .id()
}

fn clear_markers(commands: &mut Commands, table: &mut HexchessTable) {
    for m in table.markers.drain(..) {
        commands.entity(m).despawn();
    }
}

/// Shows the destinations of the man on `cell`: empty ones shaded, captures ringed.
fn select(commands: &mut Commands, looks: &HexLooks, table: &mut HexchessTable, cell: Cell) {
    clear_markers(commands, table);
    let game = table.session.game();
    if let Some(last) = game.last() {
        for c in [last.from, last.to] {
            let m = marker(
                commands,
                looks.move_marker.clone(),
                looks.last_move_material.clone(),
                c,
                0.005,
            );
            table.markers.push(m);
        }
    }
    table.selected = Some(cell);
    let ring = marker(
        commands,
        looks.ring.clone(),
        looks.selected_material.clone(),
        cell,
        0.02,
    );
    table.markers.push(ring);
    let mut seen = Vec::new();
    for mv in game.legal_moves().into_iter().filter(|m| m.from == cell) {
        if seen.contains(&mv.to) {
            continue;
        }
        seen.push(mv.to);
        let m = if game.position().piece_at(mv.to).is_some() {
            marker(
                commands,
                looks.ring.clone(),
                looks.capture_material.clone(),
                mv.to,
                0.02,
            )
        } else {
            marker(
                commands,
                looks.move_marker.clone(),
                looks.move_material.clone(),
                mv.to,
                0.01,
            )
        };
        table.markers.push(m);
    }
}

fn deselect(commands: &mut Commands, looks: &HexLooks, table: &mut HexchessTable) {
    table.selected = None;
    table.promotion = None;
    clear_markers(commands, table);
    if let Some(last) = table.session.game().last() {
        for c in [last.from, last.to] {
            let m = marker(
                commands,
                looks.move_marker.clone(),
                looks.last_move_material.clone(),
                c,
                0.005,
            );
            table.markers.push(m);
        }
    }
}

/// The cell a clicked entity stands for: a man's cell or a board cell.
fn picked_cell(
    entity: Entity,
    table: &HexchessTable,
    pieces: &Query<&HexPiece>,
    cells: &Query<&BoardCell>,
) -> Option<Cell> {
    if let Ok(piece) = pieces.get(entity) {
        return table.session.game().position().cell_of(piece.id);
    }
    cells
        .get(entity)
        .ok()
        .and_then(|c| Cell::from_axial(c.x, c.y))
}

fn on_click(
    click: On<Pointer<Click>>,
    table: Option<ResMut<HexchessTable>>,
    pieces: Query<&HexPiece>,
    cells: Query<&BoardCell>,
    entries: Query<&MoveEntry>,
    choices: Query<&PromotionChoice>,
) {
    let Some(mut table) = table else { return };
    if click.button != PointerButton::Primary {
        return;
    }
    if let Ok(entry) = entries.get(click.entity) {
        table.requests.push(Request::BeginEdit(entry.index));
    } else if let Ok(choice) = choices.get(click.entity) {
        table.requests.push(Request::Promote(choice.0));
    } else if let Some(cell) = picked_cell(click.entity, &table, &pieces, &cells) {
        table.requests.push(Request::Pick(cell));
    }
}

fn on_drag_start(
    drag: On<Pointer<DragStart>>,
    table: Option<ResMut<HexchessTable>>,
    pieces: Query<&HexPiece>,
    cells: Query<&BoardCell>,
) {
    let Some(mut table) = table else { return };
    if drag.button != PointerButton::Primary || pieces.get(drag.entity).is_err() {
        return;
    }
    if let Some(cell) = picked_cell(drag.entity, &table, &pieces, &cells) {
        table.requests.push(Request::Grab(cell));
    }
}

/// The point of the board plane under a viewport position.
fn board_point(
    cameras: &Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    at: Vec2,
) -> Option<Vec3> {
    let (camera, transform) = cameras.single().ok()?;
    let ray = camera.viewport_to_world(transform, at).ok()?;
    let distance = ray.intersect_plane(Vec3::ZERO, InfinitePlane3d::new(Vec3::Y))?;
    Some(ray.get_point(distance))
}

/// The cell whose centre is nearest `point`, if it is on the board.
fn cell_at(point: Vec3) -> Option<Cell> {
    Cell::all()
        .map(|c| {
            let (q, r) = c.axial();
            (c, hex_center(q, r).distance(point))
        })
        .filter(|(_, d)| *d < HEX_SIZE)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(c, _)| c)
}

/// The grabbed man follows the pointer, lifted over the board.
fn on_drag(
    drag: On<Pointer<Drag>>,
    table: Option<Res<HexchessTable>>,
    queue: Res<PlaybackQueue>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    mut men: Query<(&HexPiece, &mut Transform)>,
) {
    let Some(table) = table else { return };
    if drag.button != PointerButton::Primary || !queue.is_idle() {
        return;
    }
    let Ok((piece, mut transform)) = men.get_mut(drag.entity) else {
        return;
    };
    let grabbed = table.selected.is_some()
        && table.session.game().position().cell_of(piece.id) == table.selected;
    if let (true, Some(point)) = (
        grabbed,
        board_point(&cameras, drag.pointer_location.position),
    ) {
        transform.translation = point + Vec3::Y * 0.35;
    }
}

fn on_drag_end(
    end: On<Pointer<DragEnd>>,
    table: Option<ResMut<HexchessTable>>,
    pieces: Query<&HexPiece>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
) {
    let Some(mut table) = table else { return };
    if end.button != PointerButton::Primary || pieces.get(end.entity).is_err() {
        return;
    }
    let cell = board_point(&cameras, end.pointer_location.position).and_then(cell_at);
    table.requests.push(Request::Drop(cell));
}

/// Typing into the move list entry being edited.
fn edit_keys(mut table: ResMut<HexchessTable>, mut typed: MessageReader<KeyboardInput>) {
    let mut requests = Vec::new();
    for key in typed.read() {
        let Some(index) = table.editing else { continue };
        if key.state != ButtonState::Pressed {
            continue;
        }
        match key.key_code {
            KeyCode::Enter | KeyCode::NumpadEnter => {
                requests.push(Request::Edit(index, table.edit_buffer.trim().to_string()));
            }
            KeyCode::Backspace => {
                table.edit_buffer.pop();
            }
            KeyCode::Escape => requests.push(Request::CancelEdit),
            _ => {
                if let Some(text) = &key.text {
                    let clean: String = text.chars().filter(|c| c.is_ascii_graphic()).collect();
                    if table.edit_buffer.len() + clean.len() <= 12 {
                        table.edit_buffer.push_str(&clean);
                    }
                }
            }
        }
    }
    table.requests.extend(requests);
}

/// N new game, U undo; Q R B N answer the promotion chooser.
fn table_keys(keys: Option<Res<ButtonInput<KeyCode>>>, mut table: ResMut<HexchessTable>) {
    let Some(keys) = keys else { return };
    if table.editing.is_some() {
        return;
    }
    if table.promotion.is_some() {
        for (key, kind) in [
            (KeyCode::KeyQ, Kind::Queen),
            (KeyCode::KeyR, Kind::Rook),
            (KeyCode::KeyB, Kind::Bishop),
            (KeyCode::KeyN, Kind::Knight),
        ] {
            if keys.just_pressed(key) {
                table.requests.push(Request::Promote(kind));
            }
        }
        return;
    }
    if keys.just_pressed(KeyCode::KeyU) || keys.just_pressed(KeyCode::Backspace) {
        table.requests.push(Request::Undo);
    } else if keys.just_pressed(KeyCode::KeyN) {
        table.requests.push(Request::NewGame);
    }
}

#[allow(clippy::too_many_arguments)]
fn process_requests(
    mut commands: Commands,
    mut table: ResMut<HexchessTable>,
    looks: Res<HexLooks>,
    mut queue: ResMut<PlaybackQueue>,
    stale: Query<Entity, With<HexPiece>>,
) {
    let table = &mut *table;
    if table.needs_respawn {
        respawn(&mut commands, &looks, table, &mut queue, stale.iter());
    }
    let requests = std::mem::take(&mut table.requests);
    // Releasing a dragged man also clicks it; the drop decides.
    let dropping = requests.iter().any(|r| matches!(r, Request::Drop(_)));
    for request in requests {
        match request {
            Request::Pick(_) if dropping => {}
            Request::Pick(cell) => pick(&mut commands, &looks, table, &mut queue, cell, false),
            Request::Drop(cell) => {
                // The man goes back to its cell unless the drop plays a move.
                table.needs_sync = true;
                if let Some(cell) = cell
                    && table.selected.is_some()
                    && table.selected != Some(cell)
                {
                    pick(&mut commands, &looks, table, &mut queue, cell, false);
                }
            }
            Request::Grab(cell) => pick(&mut commands, &looks, table, &mut queue, cell, true),
            Request::Play(mv) => {
                if let Err(e) = play_move(&mut commands, &looks, table, &mut queue, mv) {
                    table.message = Some(e);
                }
            }
            Request::Promote(kind) => {
                if let Some((from, to)) = table.promotion.take() {
                    let mv = Move {
                        from,
                        to,
                        promotion: Some(kind),
                    };
                    if let Err(e) = play_move(&mut commands, &looks, table, &mut queue, mv) {
                        table.message = Some(e);
                    }
                }
            }
            Request::Undo => {
                // Against the computer, take back its answer too.
                let plies = if table.mode == PlayMode::VsComputer
                    && table.session.game().turn() == Side::White
                {
                    2
                } else {
                    1
                };
                let mut undone = false;
                for _ in 0..plies.min(table.session.game().history().len()) {
                    undone |= table.session.undo().is_some();
                }
                if undone {
                    table.message = table.session.save_error().map(str::to_string);
                    table.reset_view();
                    respawn(&mut commands, &looks, table, &mut queue, stale.iter());
                }
            }
            Request::NewGame => {
                table.session.new_game();
                table.message = table.session.save_error().map(str::to_string);
                table.editing = None;
                table.reset_view();
                respawn(&mut commands, &looks, table, &mut queue, stale.iter());
            }
            Request::BeginEdit(index) => {
                let (reached, struck) = table.session.entries();
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
                let report = table.session.edit(index, &text);
                table.message = match (report.first_unreachable, report.error) {
                    (Some(i), Some(why)) => {
                        Some(format!("entry {} cannot be replayed: {why}", i + 1))
                    }
                    (Some(i), None) => Some(format!("entry {} cannot be replayed", i + 1)),
                    _ => Some(format!("the list replays to entry {}", report.reached)),
                };
                table.reset_view();
                respawn(&mut commands, &looks, table, &mut queue, stale.iter());
            }
        }
    }
}

/// A click (or the end of a drag) on `cell`: a destination of the selected man plays it,
/// a man of the side to move selects it, anything else clears the selection.
fn pick(
    commands: &mut Commands,
    looks: &HexLooks,
    table: &mut HexchessTable,
    queue: &mut PlaybackQueue,
    cell: Cell,
    grab: bool,
) {
    if !queue.is_idle() || !table.human_to_move() || table.over() || table.editing.is_some() {
        return;
    }
    let game = table.session.game();
    if let Some(from) = table.selected
        && !grab
    {
        let candidates: Vec<Move> = game
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == from && m.to == cell)
            .collect();
        match candidates.as_slice() {
            [mv] => {
                let mv = *mv;
                if let Err(e) = play_move(commands, looks, table, queue, mv) {
                    table.message = Some(e);
                }
                return;
            }
            [_, _, ..] => {
                table.promotion = Some((from, cell));
                return;
            }
            [] => {}
        }
    }
    let mine = game
        .position()
        .piece_at(cell)
        .is_some_and(|p| p.color == game.turn());
    if mine && (grab || table.selected != Some(cell)) {
        table.promotion = None;
        select(commands, looks, table, cell);
    } else {
        deselect(commands, looks, table);
    }
}

/// A side with exactly one legal move plays it after the session's delay (H8).
fn forced_moves(
    mut commands: Commands,
    mut table: ResMut<HexchessTable>,
    looks: Res<HexLooks>,
    mut queue: ResMut<PlaybackQueue>,
    time: Res<Time>,
) {
    let table = &mut *table;
    if table.mode == PlayMode::Board || table.over() || !queue.is_idle() || table.editing.is_some()
    {
        table.forced = None;
        return;
    }
    let Some((_, delay)) = table.session.forced_move() else {
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
    match table.session.play_forced() {
        Ok(resolution) => after_move(&mut commands, &looks, table, &mut queue, &resolution),
        Err(e) => table.message = Some(e.reason),
    }
}

fn computer_turn(
    mut commands: Commands,
    mut table: ResMut<HexchessTable>,
    looks: Res<HexLooks>,
    mut queue: ResMut<PlaybackQueue>,
    stale: Query<Entity, With<HexPiece>>,
    time: Res<Time>,
) {
    let table = &mut *table;
    if table.over() {
        // A demo starts over a few seconds after each game.
        if table.mode == PlayMode::Demo && queue.is_idle() {
            table.demo_restart += time.delta_secs();
            if table.demo_restart > 4.0 {
                table.demo_restart = 0.0;
                table.session.new_game();
                table.reset_view();
                respawn(&mut commands, &looks, table, &mut queue, stale.iter());
            }
        }
        return;
    }
    if table.human_to_move()
        || !queue.is_idle()
        || table.forced.is_some()
        || table.session.forced_move().is_some()
    {
        return;
    }
    let Some(task) = table.thinking.as_mut() else {
        let game = table.session.game().clone();
        let mut rng = seeded(table.rng.random());
        table.thinking = Some(
            AsyncComputeTaskPool::get()
                .spawn(async move { choose(&game, &AiConfig::default(), &mut rng) }),
        );
        return;
    };
    if let Some(choice) = block_on(poll_once(task)) {
        table.thinking = None;
        match choice {
            Some(mv) => {
                if let Err(e) = play_move(&mut commands, &looks, table, &mut queue, mv) {
                    table.message = Some(format!("the computer's move was refused: {e}"));
                }
            }
            None => table.message = Some("the computer found no move".to_string()),
        }
    }
}

/// Once playback has ended, every man stands where the rules say, as the type they say.
#[allow(clippy::type_complexity)]
fn sync_when_idle(
    mut table: ResMut<HexchessTable>,
    looks: Res<HexLooks>,
    queue: Res<PlaybackQueue>,
    mut men: Query<
        (
            &mut Transform,
            &mut Mesh3d,
            &mut MeshMaterial3d<StandardMaterial>,
        ),
        With<HexPiece>,
    >,
) {
    if !table.needs_sync || !queue.is_idle() {
        return;
    }
    table.needs_sync = false;
    for (cell, piece) in table.session.game().position().pieces() {
        let Some(&entity) = table.pieces.get(&piece.id) else {
            continue;
        };
        let Ok((mut transform, mut mesh, mut material)) = men.get_mut(entity) else {
            continue;
        };
        let rest = rest_transform(cell);
        if *transform != rest {
            *transform = rest;
        }
        let look = looks.look(piece.color, piece.kind);
        if mesh.0 != look.mesh {
            mesh.0 = look.mesh;
        }
        if material.0 != look.material {
            material.0 = look.material;
        }
    }
}

fn title(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// The status line: who moves, check, the end of the game and why.
pub fn status_text(session: &GameSession) -> String {
    let game = session.game();
    match game.outcome() {
        Some(outcome) => {
            let result = match outcome.winner {
                Some(side) => format!("{} wins", title(side)),
                None => "draw".to_string(),
            };
            match outcome.reason {
                Reason::Checkmate => format!("Checkmate: {result}"),
                Reason::Stalemate => format!("Stalemate: {result}"),
                Reason::Fifty => format!("Fifty moves without a capture or pawn move: {result}"),
                Reason::Repetition => format!("Threefold repetition: {result}"),
                Reason::Material => format!("Insufficient material: {result}"),
            }
        }
        None if game.position().in_check() => format!("{} to move - check!", title(game.turn())),
        None => format!("{} to move", title(game.turn())),
    }
}

fn update_status(table: Res<HexchessTable>, mut status: ResMut<StatusLine>) {
    let mut line = status_text(&table.session);
    if let Some(timer) = &table.forced {
        line += &format!(" | forced move in {:.1} s", timer.remaining_secs());
    }
    if table.thinking.is_some() {
        line += " | the computer is thinking";
    }
    if table.promotion.is_some() {
        line += " | promote to: Q R B N";
    }
    if table.session.is_edited() {
        line += " | edited (not saved)";
    }
    line += match table.editing {
        Some(_) => "\nType the move, Enter applies, Esc cancels",
        None => "\nClick or drag a man | U undo | N new game | click a move in the list to edit it",
    };
    if let Some(message) = &table.message {
        line += &format!("\n{message}");
    }
    if status.0 != line {
        status.0 = line;
    }
}

/// How long the next forced move waits, if one is due (tests, the status line).
pub fn forced_delay(table: &HexchessTable) -> Option<Duration> {
    table.session.forced_move().map(|(_, d)| d)
}
