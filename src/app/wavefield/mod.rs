//! Wave Field on the table: the energy field as a shader-driven surface that flows from
//! field to field, the four piece types in 3D, W10's move markers, removal rounds played
//! back round by round, the tuning panel, the views, History Roll, Pressure and developer
//! mode. Hot seat, against the computer (easy or strong, off the main thread) and a demo.

pub mod panel;
pub mod pieces;
pub mod stages;
pub mod surface;

use std::collections::{HashMap, VecDeque};

use bevy::picking::events::{Click, DragDrop, DragStart, Out, Over, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use rand::Rng;

use self::pieces::{
    Looks, PieceView, Target, WarningRing, rest_transform, spawn_marker, spawn_piece,
    spawn_selection,
};
use self::stages::stages_for;
use self::surface::{FieldMaterial, FieldUniform, View, pack, surface_mesh, to_f32, unpack};
use super::boards::BoardCell;
use super::camera::OrbitCamera;
use super::hud::StatusLine;
use super::playback::PlaybackQueue;
use super::render::RenderRequest;
use super::{ActiveGame, AvailableModes, PlayMode, Screen};
use crate::rules::GameId;
use crate::rules::rng::{GameRng, seeded};
use crate::rules::wavefield::ai::{AiConfig, choose};
use crate::rules::wavefield::views::{self, MarkerKind};
use crate::rules::wavefield::{Action, Cell, Event, Game, Kind, Move, PieceId, Side, parse_action};

pub fn plugin(app: &mut App) {
    surface::plugin(app);
    app.add_systems(Startup, (register_modes, load_looks))
        .add_systems(
            OnEnter(Screen::Playing),
            start_table.run_if(playing_wavefield),
        )
        .add_systems(OnExit(Screen::Playing), leave_table)
        .add_systems(
            Update,
            (
                table_keys,
                panel::panel_buttons,
                apply_commands,
                computer_turn,
                drive_surface,
                follow_surface,
                update_status,
                panel::update_panel,
                pieces::pulse_warnings,
            )
                .chain()
                .after(super::playback::PlaybackSystems)
                .run_if(resource_exists::<WavefieldTable>),
        )
        .add_observer(on_click)
        .add_observer(on_drag_start)
        .add_observer(on_drag_drop)
        .add_observer(on_hover)
        .add_observer(on_hover_end);
}

fn playing_wavefield(active: Option<Res<ActiveGame>>) -> bool {
    active.is_some_and(|a| a.game == GameId::Wavefield)
}

fn register_modes(mut modes: ResMut<AvailableModes>) {
    for mode in [PlayMode::HotSeat, PlayMode::VsComputer, PlayMode::Demo] {
        modes.0.insert((GameId::Wavefield, mode));
    }
}

fn load_looks(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(Looks::new(&mut meshes, &mut materials));
}

/// The computer's strength against a person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Easy,
    Strong,
}

/// Everything the player can ask for (keys and panel buttons).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Play a rules action (tune, dice, reset, hint, resign, press, move).
    Play(Action),
    /// Set one kind's sign in the side to move's profile.
    Tune(Kind, i32),
    Undo,
    NewGame,
    CycleView,
    ToggleChannel(usize),
    ToggleLevel,
    ToggleDev,
    Restart,
    RestartAndReset,
}

/// The field shown while it flows from one field to the next.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FieldAnim {
    pub from: [f32; 49],
    pub to: [f32; 49],
    /// 0..1.
    pub t: f32,
}

impl FieldAnim {
    fn settled(field: [f32; 49]) -> Self {
        FieldAnim {
            from: field,
            to: field,
            t: 1.0,
        }
    }

    fn eased(&self) -> f32 {
        let t = self.t.clamp(0.0, 1.0);
        t * t * (3.0 - 2.0 * t)
    }

    /// The field shown now.
    pub fn current(&self) -> [f32; 49] {
        let k = self.eased();
        let mut out = self.from;
        for (o, to) in out.iter_mut().zip(self.to.iter()) {
            *o += (to - *o) * k;
        }
        out
    }
}

/// Seconds a tuning change takes to flow over the surface.
const FLOW_SECONDS: f32 = 0.45;

/// The game on the table and everything the view keeps about it.
#[derive(Resource)]
pub struct WavefieldTable {
    pub game: Game,
    pub mode: PlayMode,
    pub level: Level,
    /// Piece entities by rules id: (piece, warning ring).
    pub pieces: HashMap<PieceId, (Entity, Entity)>,
    pub surface: Handle<FieldMaterial>,
    pub view: View,
    /// Bit k: CMYK channel k is shown.
    pub channels: u32,
    pub selected: Option<PieceId>,
    markers: Vec<Entity>,
    /// The field the surface previews while a destination is under the pointer.
    preview: Option<[f32; 49]>,
    /// What the pointer explains, or the last refusal.
    pub message: Option<String>,
    pub anim: FieldAnim,
    /// The fields the current playback passes through (see `stages_for`).
    stage_fields: Vec<[f32; 49]>,
    /// Index of the current playback's first stage in the queue.
    stage_offset: usize,
    effects: Vec<Entity>,
    thinking: Option<Task<Vec<Action>>>,
    /// The computer's remaining actions this turn (a tune, then a move).
    planned: VecDeque<Action>,
    /// Seconds before the computer's next action.
    computer_wait: f32,
    /// Commands from keys, buttons and tests, applied in order.
    pub commands: Vec<Command>,
    rng: GameRng,
    demo_restart: f32,
    pub dev: bool,
}

impl WavefieldTable {
    pub fn human_side(&self) -> Option<Side> {
        match self.mode {
            PlayMode::VsComputer => Some(Side::Red),
            _ => None,
        }
    }

    pub fn human_to_move(&self) -> bool {
        match self.mode {
            PlayMode::HotSeat | PlayMode::Board => true,
            PlayMode::VsComputer => self.game.to_move() == Side::Red,
            PlayMode::Demo => false,
        }
    }

    fn field(&self) -> [f32; 49] {
        to_f32(self.game.position().field())
    }
}

#[allow(clippy::too_many_arguments)]
fn start_table(
    mut commands: Commands,
    active: Res<ActiveGame>,
    looks: Res<Looks>,
    request: Option<Res<RenderRequest>>,
    mut queue: ResMut<PlaybackQueue>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<FieldMaterial>>,
    mut cameras: Query<&mut OrbitCamera>,
) {
    queue.clear();
    for mut orbit in &mut cameras {
        orbit.target = Vec3::new(1.4, 0.0, 0.6);
        orbit.set_home(0.0, 0.92, 11.5);
        orbit.reset();
    }
    let mut game = Game::new(0x0057_A7E5);
    let mut last = None;
    // `lodestone render wavefield --moves ...`: every action but the last is played at
    // once, the last one through playback (frozen where asked).
    if let Some(request) = request
        .as_ref()
        .filter(|r| r.game == Some(GameId::Wavefield))
    {
        for (i, text) in request.moves.iter().enumerate() {
            let Ok(action) = parse_action(text) else {
                continue;
            };
            if i + 1 == request.moves.len() {
                last = Some(action);
                break;
            }
            if let Err(e) = game.play(action) {
                warn!("render: {text} was refused: {e}");
            }
        }
    }
    let field = to_f32(game.position().field());
    let surface = materials.add(FieldMaterial {
        data: FieldUniform {
            from: pack(&field),
            to: pack(&field),
            ..default()
        },
    });
    commands.spawn((
        Name::new("Wave field surface"),
        DespawnOnExit(Screen::Playing),
        Mesh3d(meshes.add(surface_mesh())),
        MeshMaterial3d(surface.clone()),
        Transform::default(),
        Pickable::IGNORE,
    ));
    commands.spawn((
        Name::new("Wave field sides"),
        DespawnOnExit(Screen::Playing),
        Mesh3d(meshes.add(surface::skirt_mesh())),
        MeshMaterial3d(surface.clone()),
        Transform::default(),
        Pickable::IGNORE,
    ));
    let mut table = WavefieldTable {
        game,
        mode: active.mode,
        level: Level::Strong,
        pieces: HashMap::new(),
        surface,
        view: View::Territory,
        channels: 0b1111,
        selected: None,
        markers: Vec::new(),
        preview: None,
        message: None,
        anim: FieldAnim::settled(field),
        stage_fields: Vec::new(),
        stage_offset: 0,
        effects: Vec::new(),
        thinking: None,
        planned: VecDeque::new(),
        computer_wait: 0.8,
        commands: Vec::new(),
        rng: seeded(0x00AF_17E1),
        demo_restart: 0.0,
        dev: false,
    };
    spawn_pieces(&mut commands, &looks, &mut table);
    panel::spawn_panel(&mut commands);
    if let Some(action) = last {
        if let Err(e) = play_action(&mut commands, &looks, &mut table, &mut queue, action) {
            warn!("render: the last action was refused: {e}");
        }
        table.anim = FieldAnim::settled(table.field());
        // `--wave K` freezes the K-th stage: 1 is the move, 2.. the removal rounds.
        match request.as_ref().and_then(|r| r.freeze) {
            Some((stage, t)) => queue.freeze_at(table.stage_offset + stage, t),
            None => queue.skip(),
        }
    }
    if let Some(request) = request.as_ref() {
        // Stills show the view asked for in the environment (territory by default).
        if let Ok(view) = std::env::var("LODESTONE_WAVEFIELD_VIEW") {
            table.view = View::ALL
                .into_iter()
                .find(|v| v.title().starts_with(view.as_str()))
                .unwrap_or(View::Territory);
        }
        table.dev = std::env::var("LODESTONE_WAVEFIELD_DEV").is_ok();
        // ... and the selection asked for (markers and influence in a still).
        if let Ok(cell) = std::env::var("LODESTONE_WAVEFIELD_SELECT")
            && let Some(cell) = Cell::parse(&cell)
            && request.freeze.is_none()
        {
            queue.skip();
            select(&mut commands, &looks, &mut table, cell);
        }
    }
    commands.insert_resource(table);
}

fn leave_table(
    mut commands: Commands,
    mut cameras: Query<&mut OrbitCamera>,
    table: Option<Res<WavefieldTable>>,
) {
    if table.is_none() {
        return;
    }
    commands.remove_resource::<WavefieldTable>();
    for mut orbit in &mut cameras {
        *orbit = OrbitCamera::default();
    }
}

fn spawn_pieces(commands: &mut Commands, looks: &Looks, table: &mut WavefieldTable) {
    let field = table.anim.current();
    let position = table.game.position().clone();
    for piece in position.pieces().iter().filter(|p| p.alive) {
        let view = PieceView {
            id: piece.id,
            kind: piece.kind,
            owner: piece.owner,
        };
        let (entity, ring) = spawn_piece(commands, looks, view, rest_transform(piece.cell, &field));
        table.pieces.insert(piece.id, (entity, ring));
    }
}

/// Clears the table and sets the current position out again (undo, new game).
fn respawn(
    commands: &mut Commands,
    looks: &Looks,
    table: &mut WavefieldTable,
    queue: &mut PlaybackQueue,
) {
    queue.clear();
    for (_, (entity, _)) in table.pieces.drain() {
        commands.entity(entity).despawn();
    }
    for effect in table.effects.drain(..) {
        commands.entity(effect).despawn();
    }
    clear_selection(commands, table);
    table.thinking = None;
    table.planned.clear();
    table.stage_fields.clear();
    spawn_pieces(commands, looks, table);
}

/// Plays `action` and queues its playback.
fn play_action(
    commands: &mut Commands,
    looks: &Looks,
    table: &mut WavefieldTable,
    queue: &mut PlaybackQueue,
    action: Action,
) -> Result<(), String> {
    let before = table.game.position().clone();
    let resolution = table.game.play(action).map_err(|e| e.to_string())?;
    table.message = None;
    clear_selection(commands, table);
    // What the previous playback left behind goes now (it was kept for replay).
    for effect in table.effects.drain(..) {
        commands.entity(effect).despawn();
    }
    table.pieces.retain(|id, (entity, _)| {
        let alive = before.piece(*id).alive;
        if !alive {
            commands.entity(*entity).despawn();
        }
        alive
    });
    let entities: HashMap<PieceId, Entity> =
        table.pieces.iter().map(|(id, (e, _))| (*id, *e)).collect();
    if let Some((stages, fields)) =
        stages_for(commands, looks, &entities, &before, &resolution.event)
    {
        if queue.is_idle() {
            queue.clear();
        }
        table.stage_offset = queue.stage_count();
        table.effects = stages
            .iter()
            .flat_map(|s| s.effects.iter().copied())
            .collect();
        table.anim = FieldAnim::settled(fields[fields.len() - 1]);
        table.stage_fields = fields;
        queue.play(stages);
    }
    if let Event::Tuned {
        hint: Some(rescue), ..
    } = &resolution.event
    {
        // W9: the hint selects the rescuing piece.
        select(commands, looks, table, rescue.mv.from);
    }
    Ok(())
}

fn clear_selection(commands: &mut Commands, table: &mut WavefieldTable) {
    for marker in table.markers.drain(..) {
        commands.entity(marker).despawn();
    }
    table.selected = None;
    table.preview = None;
}

/// Selects the piece on `cell` and lays out its W10 markers.
fn select(commands: &mut Commands, looks: &Looks, table: &mut WavefieldTable, cell: Cell) {
    clear_selection(commands, table);
    let Some(piece) = table.game.position().piece_at(cell).copied() else {
        return;
    };
    table.selected = Some(piece.id);
    let field = table.field();
    let y = surface::lift(field[cell.index()]);
    table
        .markers
        .push(spawn_selection(commands, looks, cell, y));
    for marker in table.game.markers(cell) {
        let target = Target {
            to: marker.to,
            kind: marker.kind,
            own_losses: marker.own_losses,
        };
        let y = surface::lift(field[marker.to.index()]);
        table
            .markers
            .extend(spawn_marker(commands, looks, target, y));
    }
}

fn target_at(table: &WavefieldTable, targets: &Query<&Target>, cell: Cell) -> Option<Target> {
    table
        .markers
        .iter()
        .filter_map(|e| targets.get(*e).ok())
        .find(|t| t.to == cell)
        .copied()
}

/// Plays a move to a marker, or says why it can't be played.
fn choose_target(
    commands: &mut Commands,
    looks: &Looks,
    table: &mut WavefieldTable,
    queue: &mut PlaybackQueue,
    target: Target,
) {
    let Some(id) = table.selected else { return };
    let from = table.game.position().piece(id).cell;
    if target.kind == MarkerKind::BlockedByBigHat {
        table.message = Some(format!(
            "{from}-{} is blocked: your Big Hat would stand on hostile ground (W9)",
            target.to
        ));
        return;
    }
    if let Err(e) = play_action(
        commands,
        looks,
        table,
        queue,
        Action::Move(Move {
            from,
            to: target.to,
        }),
    ) {
        table.message = Some(e);
    }
}

#[allow(clippy::too_many_arguments)]
fn on_click(
    click: On<Pointer<Click>>,
    mut commands: Commands,
    table: Option<ResMut<WavefieldTable>>,
    looks: Res<Looks>,
    mut queue: ResMut<PlaybackQueue>,
    pieces_q: Query<&PieceView>,
    targets: Query<&Target>,
    cells: Query<&BoardCell>,
) {
    let Some(mut table) = table else { return };
    if click.button != PointerButton::Primary
        || !queue.is_idle()
        || !table.human_to_move()
        || table.game.outcome().is_some()
    {
        return;
    }
    let clicked_cell = if let Ok(target) = targets.get(click.entity) {
        Some(target.to)
    } else if let Ok(piece) = pieces_q.get(click.entity) {
        let p = table.game.position().piece(piece.id);
        p.alive.then_some(p.cell)
    } else if let Ok(cell) = cells.get(click.entity) {
        pieces::board_cell(cell.x, cell.y)
    } else {
        None
    };
    let Some(cell) = clicked_cell else { return };
    if let Some(target) = target_at(&table, &targets, cell) {
        choose_target(&mut commands, &looks, &mut table, &mut queue, target);
        return;
    }
    let selected_cell = table
        .selected
        .map(|id| table.game.position().piece(id).cell);
    match table.game.position().piece_at(cell).copied() {
        Some(_) if selected_cell == Some(cell) => clear_selection(&mut commands, &mut table),
        Some(piece) if piece.owner == table.game.to_move() => {
            select(&mut commands, &looks, &mut table, cell)
        }
        Some(piece) => {
            // The opponent's piece: show its influence, no markers.
            clear_selection(&mut commands, &mut table);
            table.selected = Some(piece.id);
        }
        None => clear_selection(&mut commands, &mut table),
    }
}

/// Dragging a piece selects it; dropping it on a marker (or its square) plays the move.
fn on_drag_start(
    drag: On<Pointer<DragStart>>,
    mut commands: Commands,
    table: Option<ResMut<WavefieldTable>>,
    looks: Res<Looks>,
    queue: Res<PlaybackQueue>,
    pieces_q: Query<&PieceView>,
) {
    let Some(mut table) = table else { return };
    if drag.button != PointerButton::Primary
        || !queue.is_idle()
        || !table.human_to_move()
        || table.game.outcome().is_some()
    {
        return;
    }
    let Ok(piece) = pieces_q.get(drag.entity) else {
        return;
    };
    let p = *table.game.position().piece(piece.id);
    if p.alive && p.owner == table.game.to_move() && table.selected != Some(p.id) {
        select(&mut commands, &looks, &mut table, p.cell);
    }
}

#[allow(clippy::too_many_arguments)]
fn on_drag_drop(
    drop: On<Pointer<DragDrop>>,
    mut commands: Commands,
    table: Option<ResMut<WavefieldTable>>,
    looks: Res<Looks>,
    mut queue: ResMut<PlaybackQueue>,
    pieces_q: Query<&PieceView>,
    targets: Query<&Target>,
    cells: Query<&BoardCell>,
) {
    let Some(mut table) = table else { return };
    if drop.button != PointerButton::Primary || !queue.is_idle() || !table.human_to_move() {
        return;
    }
    if !pieces_q
        .get(drop.dropped)
        .is_ok_and(|p| Some(p.id) == table.selected)
    {
        return;
    }
    let cell = if let Ok(target) = targets.get(drop.entity) {
        Some(target.to)
    } else if let Ok(cell) = cells.get(drop.entity) {
        pieces::board_cell(cell.x, cell.y)
    } else if let Ok(piece) = pieces_q.get(drop.entity) {
        Some(table.game.position().piece(piece.id).cell)
    } else {
        None
    };
    if let Some(target) = cell.and_then(|c| target_at(&table, &targets, c)) {
        choose_target(&mut commands, &looks, &mut table, &mut queue, target);
    }
}

fn on_hover(
    over: On<Pointer<Over>>,
    table: Option<ResMut<WavefieldTable>>,
    targets: Query<&Target>,
) {
    let (Some(mut table), Ok(target)) = (table, targets.get(over.entity)) else {
        return;
    };
    let Some(id) = table.selected else { return };
    let from = table.game.position().piece(id).cell;
    match target.kind {
        MarkerKind::BlockedByBigHat => {
            table.message = Some(format!(
                "{from}-{}: blocked by the Big Hat rule (W9)",
                target.to
            ));
        }
        kind => {
            // Preview the drop: the move played on a copy of the game.
            let mut probe = table.game.clone();
            if probe
                .play(Action::Move(Move {
                    from,
                    to: target.to,
                }))
                .is_ok()
            {
                table.preview = Some(to_f32(probe.position().field()));
            }
            table.message = Some(if kind == MarkerKind::CostsOwnPiece {
                format!(
                    "{from}-{}: costs {} of your own pieces",
                    target.to, target.own_losses
                )
            } else {
                format!("{from}-{}", target.to)
            });
        }
    }
}

fn on_hover_end(
    out: On<Pointer<Out>>,
    table: Option<ResMut<WavefieldTable>>,
    targets: Query<&Target>,
) {
    if let (Some(mut table), Ok(_)) = (table, targets.get(out.entity)) {
        table.preview = None;
        table.message = None;
    }
}

fn table_keys(keys: Option<Res<ButtonInput<KeyCode>>>, mut table: ResMut<WavefieldTable>) {
    let Some(keys) = keys else { return };
    let pairs = [
        (KeyCode::KeyV, Command::CycleView),
        (KeyCode::Digit1, Command::ToggleChannel(0)),
        (KeyCode::Digit2, Command::ToggleChannel(1)),
        (KeyCode::Digit3, Command::ToggleChannel(2)),
        (KeyCode::Digit4, Command::ToggleChannel(3)),
        (KeyCode::KeyH, Command::Play(Action::Hint)),
        (KeyCode::KeyD, Command::Play(Action::Dice)),
        (KeyCode::KeyU, Command::Undo),
        (KeyCode::Backspace, Command::Undo),
        (KeyCode::KeyN, Command::NewGame),
        (KeyCode::KeyG, Command::ToggleDev),
        (KeyCode::KeyL, Command::ToggleLevel),
    ];
    for (key, command) in pairs {
        if keys.just_pressed(key) {
            table.commands.push(command);
        }
    }
}

/// Applies the queued commands: views at once, actions only on a person's turn with
/// nothing playing.
fn apply_commands(
    mut commands: Commands,
    mut table: ResMut<WavefieldTable>,
    looks: Res<Looks>,
    mut queue: ResMut<PlaybackQueue>,
) {
    let pending: Vec<Command> = table.commands.drain(..).collect();
    for command in pending {
        match command {
            Command::CycleView => table.view = table.view.next(),
            Command::ToggleChannel(k) => {
                let bits = table.channels ^ (1 << k);
                // Never hide every channel: the last one stays.
                if bits != 0 {
                    table.channels = bits;
                }
            }
            Command::ToggleLevel => {
                table.level = match table.level {
                    Level::Easy => Level::Strong,
                    Level::Strong => Level::Easy,
                }
            }
            Command::ToggleDev => table.dev = !table.dev,
            Command::Undo => {
                let human = table.human_side();
                let mut undone = false;
                while let Some(r) = table.game.undo() {
                    undone = true;
                    // Against the computer, walk back to the person's own last action.
                    if human.is_none_or(|h| r.side == h) {
                        break;
                    }
                }
                if undone {
                    table.message = None;
                    respawn(&mut commands, &looks, &mut table, &mut queue);
                }
            }
            Command::NewGame => {
                table.game.restart();
                respawn(&mut commands, &looks, &mut table, &mut queue);
            }
            Command::Restart => {
                table.game.restart();
                respawn(&mut commands, &looks, &mut table, &mut queue);
            }
            Command::RestartAndReset => {
                table.game.restart_and_reset_definitions();
                respawn(&mut commands, &looks, &mut table, &mut queue);
            }
            Command::Play(action) => {
                if !queue.is_idle() || !table.human_to_move() {
                    table.message = Some("wait for your turn".into());
                    continue;
                }
                let reselect = table
                    .selected
                    .map(|id| table.game.position().piece(id).cell);
                match play_action(&mut commands, &looks, &mut table, &mut queue, action) {
                    Ok(()) => {
                        // After a tuning change the markers follow the new field.
                        if !matches!(action, Action::Move(_) | Action::Hint | Action::Resign)
                            && let Some(cell) = reselect
                        {
                            select(&mut commands, &looks, &mut table, cell);
                        }
                    }
                    Err(e) => table.message = Some(e),
                }
            }
            Command::Tune(kind, coef) => {
                let side = table.game.to_move();
                let profile = table.game.position().profile(side);
                if profile.coef(kind) != coef {
                    table
                        .commands
                        .push(Command::Play(Action::Tune(profile.with(kind, coef))));
                }
            }
        }
    }
    // Commands queued by Tune run next frame.
}

fn computer_turn(
    mut commands: Commands,
    mut table: ResMut<WavefieldTable>,
    looks: Res<Looks>,
    mut queue: ResMut<PlaybackQueue>,
    time: Res<Time>,
) {
    if table.game.outcome().is_some() {
        if table.mode == PlayMode::Demo && queue.is_idle() {
            table.demo_restart += time.delta_secs();
            if table.demo_restart > 4.0 {
                table.demo_restart = 0.0;
                table.game.restart();
                respawn(&mut commands, &looks, &mut table, &mut queue);
            }
        }
        return;
    }
    if table.human_to_move() || !queue.is_idle() {
        return;
    }
    if table.computer_wait > 0.0 {
        table.computer_wait -= time.delta_secs();
        return;
    }
    if let Some(action) = table.planned.pop_front() {
        if let Err(e) = play_action(&mut commands, &looks, &mut table, &mut queue, action) {
            table.message = Some(format!("the computer's {action} was refused: {e}"));
            table.planned.clear();
        }
        table.computer_wait = 0.6;
        return;
    }
    let Some(task) = table.thinking.as_mut() else {
        let game = table.game.clone();
        let mut rng = seeded(table.rng.random());
        let config = match (table.mode, table.level) {
            (PlayMode::VsComputer, Level::Easy) => AiConfig::easy(),
            (PlayMode::Demo, _) => AiConfig {
                variety: 20,
                ..AiConfig::strong()
            },
            _ => AiConfig::strong(),
        };
        table.thinking = Some(
            AsyncComputeTaskPool::get().spawn(async move { choose(&game, &config, &mut rng) }),
        );
        return;
    };
    if let Some(actions) = block_on(poll_once(task)) {
        table.thinking = None;
        table.planned = actions.into();
        if table.planned.is_empty() {
            table.planned.push_back(Action::Resign);
        }
    }
}

/// Feeds the field to the surface: during playback the stage's fields, otherwise the
/// game's field (or the previewed drop), flowing from the field shown before.
fn drive_surface(
    mut table: ResMut<WavefieldTable>,
    queue: Res<PlaybackQueue>,
    time: Res<Time>,
    mut materials: ResMut<Assets<FieldMaterial>>,
) {
    let playing = queue.progress().and_then(|(n, _)| {
        let local = (n - 1).checked_sub(table.stage_offset)?;
        let from = *table.stage_fields.get(local)?;
        let to = *table.stage_fields.get(local + 1)?;
        let f = queue.stage_fraction().unwrap_or(0.0);
        Some(FieldAnim { from, to, t: f })
    });
    let shown = match playing {
        Some(anim) => anim,
        None => {
            let target = table.preview.unwrap_or_else(|| table.field());
            if target != table.anim.to {
                let current = table.anim.current();
                table.anim = FieldAnim {
                    from: current,
                    to: target,
                    t: 0.0,
                };
            }
            if table.anim.t < 1.0 {
                table.anim.t = (table.anim.t + time.delta_secs() / FLOW_SECONDS).min(1.0);
            }
            table.anim
        }
    };
    let pos = table.game.position();
    let tables = table.game.tables();
    let mut channels = [Vec4::ZERO; 49];
    for kind in Kind::ALL {
        let channel = views::channel(tables, pos, kind);
        for (c, v) in channels.iter_mut().zip(channel.iter()) {
            c[kind.index()] = *v as f32 / 64.0;
        }
    }
    let (selection, influence) = match table.selected {
        Some(id) if pos.piece(id).alive => {
            let cell = pos.piece(id).cell;
            (
                Vec4::new(
                    cell.x() as f32,
                    cell.y() as f32,
                    surface::BASE,
                    surface::SOFTNESS,
                ),
                to_f32(&views::piece_wave(tables, pos, id)),
            )
        }
        _ => (
            Vec4::new(-1.0, -1.0, surface::BASE, surface::SOFTNESS),
            [0.0; 49],
        ),
    };
    let data = FieldUniform {
        from: pack(&shown.from),
        to: pack(&shown.to),
        channels,
        influence: pack(&influence),
        params: Vec4::new(
            shown.eased(),
            table.view.index() as f32,
            table.channels as f32,
            surface::AMPLITUDE,
        ),
        selection,
    };
    if materials
        .get(&table.surface)
        .is_some_and(|m| m.data != data)
        && let Some(mut material) = materials.get_mut(&table.surface)
    {
        material.data = data;
    }
}

/// When nothing plays, the pieces ride the surface; unstable pieces show their ring.
fn follow_surface(
    table: Res<WavefieldTable>,
    queue: Res<PlaybackQueue>,
    materials: Res<Assets<FieldMaterial>>,
    mut transforms: Query<&mut Transform, (With<PieceView>, Without<WarningRing>)>,
    mut rings: Query<&mut Visibility, With<WarningRing>>,
) {
    let pos = table.game.position();
    for piece in pos.pieces() {
        let Some(&(_, ring)) = table.pieces.get(&piece.id) else {
            continue;
        };
        if let Ok(mut visibility) = rings.get_mut(ring) {
            let want = if piece.alive && piece.unstable && queue.is_idle() {
                Visibility::Inherited
            } else {
                Visibility::Hidden
            };
            if *visibility != want {
                *visibility = want;
            }
        }
    }
    if !queue.is_idle() {
        return;
    }
    let Some(material) = materials.get(&table.surface) else {
        return;
    };
    let (from, to) = (unpack(&material.data.from), unpack(&material.data.to));
    let k = material.data.params.x;
    for piece in pos.pieces() {
        let Some(&(entity, _)) = table.pieces.get(&piece.id) else {
            continue;
        };
        let Ok(mut transform) = transforms.get_mut(entity) else {
            continue;
        };
        let want = if piece.alive {
            let i = piece.cell.index();
            let mut field = [0.0; 49];
            field[i] = from[i] + (to[i] - from[i]) * k;
            rest_transform(piece.cell, &field)
        } else {
            transform.with_scale(Vec3::ZERO)
        };
        if *transform != want {
            *transform = want;
        }
    }
}

fn update_status(table: Res<WavefieldTable>, mut status: ResMut<StatusLine>) {
    let mut line = table.game.status();
    if table.thinking.is_some() {
        line += " | the computer is thinking";
    }
    line += &format!(
        "\nView: {} (V) | H hint, D dice, U undo, N new, G dev",
        table.view.title()
    );
    if table.view == View::Cmyk {
        let names = ["C Round Hat", "M Tower", "Y Triangle Hat", "K Big Hat"];
        let on: Vec<&str> = (0..4)
            .filter(|k| table.channels & (1 << k) != 0)
            .map(|k| names[k])
            .collect();
        line += &format!(" | 1-4 isolate: {}", on.join(", "));
    }
    if table.view == View::Contributions {
        line += " | squares: Round Hat, Tower / Triangle Hat, Big Hat";
    }
    if table.view == View::Influence && table.selected.is_none() {
        line += " | click a piece";
    }
    if let Some(message) = &table.message {
        line += &format!("\n{message}");
    }
    if status.0 != line {
        status.0 = line;
    }
}
