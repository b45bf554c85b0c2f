//! Vectress on the table: the magnets in 3D, moves by clicking, and every move's chain
//! reaction played back wave by wave through the shared `PlaybackQueue`.

pub mod pieces;
pub mod stages;

use bevy::picking::events::{Click, DragDrop, DragStart, Out, Over, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use rand::Rng;

use self::pieces::{Magnet, MagnetLooks, rest_transform, spawn_magnet};
use self::stages::{
    BondLink, PieceEntities, PlaybackEffect, TableEntities, bond_key, spawn_link, stages_for,
};
use super::hud::StatusLine;
use super::playback::PlaybackQueue;
use super::render::RenderRequest;
use super::{ActiveGame, PlayMode, Screen};
use crate::rules::GameId;
use crate::rules::rng::{GameRng, seeded};
use crate::rules::vectress::ai::{AiConfig, choose};
use crate::rules::vectress::{Action, Cell, EndReason, Frame, Game, Outcome, Side};

pub fn plugin(app: &mut App) {
    super::offer_play_modes(app, GameId::Vectress);
    app.add_systems(Startup, load_looks)
        .add_systems(
            OnEnter(Screen::Playing),
            start_table.run_if(super::playing(GameId::Vectress)),
        )
        .add_systems(OnExit(Screen::Playing), |mut commands: Commands| {
            commands.remove_resource::<VectressTable>()
        })
        .add_systems(
            Update,
            (table_keys, computer_turn, sync_when_idle, update_status)
                .chain()
                .after(super::playback::PlaybackSystems)
                .run_if(resource_exists::<VectressTable>),
        )
        .add_systems(
            PostUpdate,
            stages::follow_links
                .before(TransformSystems::Propagate)
                .run_if(resource_exists::<VectressTable>),
        )
        .add_message::<VectressMove>()
        .add_systems(
            Update,
            apply_requested_moves
                .before(table_keys)
                .run_if(resource_exists::<VectressTable>),
        )
        .add_observer(on_click)
        .add_observer(on_drag_start)
        .add_observer(on_drop)
        .add_observer(on_hover)
        .add_observer(on_hover_end);
}

fn load_looks(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(MagnetLooks::new(&mut meshes, &mut materials));
}

/// The game on the table and everything the view keeps about it.
#[derive(Resource)]
pub struct VectressTable {
    pub game: Game,
    pub mode: PlayMode,
    /// The games before each move, for undo.
    history: Vec<Game>,
    /// The moves played, in notation.
    pub moves: Vec<String>,
    pub entities: TableEntities,
    selected: Option<Cell>,
    /// Show pull-free moves instead of body moves for the selected piece.
    pub pull_free: bool,
    markers: Vec<Entity>,
    thinking: Option<Task<Action>>,
    rng: GameRng,
    /// What the pointer explains (why a target is illegal).
    hover: Option<String>,
    /// Why the last requested action was refused.
    refusal: Option<String>,
    /// Transforms must be checked against the rules once playback ends.
    needs_sync: bool,
    /// Seconds until a finished demo starts again.
    demo_restart: f32,
}

/// Asks the table to play an action as if the side to move had chosen it (scripts,
/// tests). Refused actions are reported in the status line.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct VectressMove(pub Action);

fn apply_requested_moves(
    mut commands: Commands,
    mut requests: MessageReader<VectressMove>,
    mut table: ResMut<VectressTable>,
    looks: Res<MagnetLooks>,
    mut queue: ResMut<PlaybackQueue>,
) {
    for VectressMove(action) in requests.read() {
        // A refusal is kept on the table and shown in the status line.
        let _ = play_action(&mut commands, &looks, &mut table, &mut queue, *action);
    }
}

/// A destination marker: clicking it plays the action.
#[derive(Component, Clone, Debug)]
pub struct Target {
    pub action: Option<Action>,
    pub reason: Option<String>,
}

impl VectressTable {
    fn human_to_move(&self) -> bool {
        match self.mode {
            PlayMode::HotSeat | PlayMode::Board => true,
            PlayMode::VsComputer => self.game.to_move() == Side::White,
            PlayMode::Demo => false,
        }
    }
}

fn start_table(
    mut commands: Commands,
    active: Res<ActiveGame>,
    looks: Res<MagnetLooks>,
    request: Option<Res<RenderRequest>>,
    mut queue: ResMut<PlaybackQueue>,
) {
    queue.clear();
    let mut game = Game::new();
    let mut history = Vec::new();
    let mut moves = Vec::new();
    let mut last = None;
    // `lodestone render vectress --moves ...`: every move but the last is played at once,
    // the last one through playback (frozen where asked).
    if let Some(request) = request
        .as_ref()
        .filter(|r| r.game == Some(GameId::Vectress))
    {
        for (i, text) in request.moves.iter().enumerate() {
            let Ok(action) = text.parse::<Action>() else {
                continue;
            };
            if i + 1 == request.moves.len() {
                last = Some(action);
                break;
            }
            history.push(game.clone());
            if game.play(action).is_ok() {
                moves.push(text.clone());
            }
        }
    }
    let mut table = VectressTable {
        game,
        mode: active.mode,
        history,
        moves,
        entities: TableEntities::default(),
        selected: None,
        pull_free: false,
        markers: Vec::new(),
        thinking: None,
        rng: seeded(0x5EC7_2E55),
        hover: None,
        refusal: None,
        needs_sync: false,
        demo_restart: 0.0,
    };
    spawn_pieces(&mut commands, &looks, &mut table);
    if let Some(action) = last {
        if let Err(e) = play_action(&mut commands, &looks, &mut table, &mut queue, action) {
            warn!("render: the last move was refused: {e}");
        }
        // `--wave K` counts the rules' waves; the player's own move plays before them.
        match request.as_ref().and_then(|r| r.freeze) {
            Some((wave, t)) => queue.freeze_at(wave + 1, t),
            None => queue.skip(),
        }
    }
    commands.insert_resource(table);
}

fn spawn_pieces(commands: &mut Commands, looks: &MagnetLooks, table: &mut VectressTable) {
    let position = *table.game.position();
    for piece in position.pieces() {
        let magnet = Magnet {
            id: piece.id,
            kind: piece.kind,
            owner: piece.owner,
        };
        let (entity, glow) = spawn_magnet(commands, looks, magnet, piece.cell);
        table.entities.pieces.insert(
            piece.id,
            PieceEntities {
                piece: entity,
                glow,
                owner: piece.owner,
            },
        );
    }
    for (a, b) in position.bonds() {
        if let (Some(ea), Some(eb)) = (table.entities.pieces.get(&a), table.entities.pieces.get(&b))
        {
            let link = spawn_link(commands, looks, ea.piece, eb.piece, true);
            table.entities.links.insert(bond_key(a, b), link);
        }
    }
}

/// Clears the table and sets the current game's position out again (undo, new game).
fn respawn(
    commands: &mut Commands,
    looks: &MagnetLooks,
    table: &mut VectressTable,
    queue: &mut PlaybackQueue,
    stale: impl Iterator<Item = Entity>,
) {
    queue.clear();
    for entity in stale {
        commands.entity(entity).despawn();
    }
    clear_markers(commands, table);
    table.entities = TableEntities::default();
    table.selected = None;
    table.thinking = None;
    spawn_pieces(commands, looks, table);
}

/// Plays `action` and queues its playback.
fn play_action(
    commands: &mut Commands,
    looks: &MagnetLooks,
    table: &mut VectressTable,
    queue: &mut PlaybackQueue,
    action: Action,
) -> Result<(), String> {
    let before = *table.game.position();
    let previous = table.game.clone();
    let resolution = match table.game.play(action) {
        Ok(resolution) => resolution,
        Err(e) => {
            table.refusal = Some(e.to_string());
            return Err(e.to_string());
        }
    };
    table.refusal = None;
    table.history.push(previous);
    table.moves.push(action.to_string());
    clear_markers(commands, table);
    table.selected = None;
    // What the previous move's playback left behind goes now: pieces that fell, broken
    // bonds and arrows (they were kept so that move could be replayed).
    table.entities.pieces.retain(|id, e| {
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
    table.entities.links.retain(|key, (link, _)| {
        let alive = bonds.contains(key);
        if !alive {
            commands.entity(*link).despawn();
        }
        alive
    });
    let stages = stages_for(commands, looks, &mut table.entities, &before, &resolution);
    queue.play(stages);
    table.needs_sync = true;
    Ok(())
}

fn clear_markers(commands: &mut Commands, table: &mut VectressTable) {
    for marker in table.markers.drain(..) {
        commands.entity(marker).despawn();
    }
    table.hover = None;
}

/// Lights the legal destinations of the piece on `cell`, and the illegal ones with why.
fn select(commands: &mut Commands, looks: &MagnetLooks, table: &mut VectressTable, cell: Cell) {
    clear_markers(commands, table);
    let Some(piece) = table.game.position().at(cell) else {
        table.selected = None;
        return;
    };
    table.selected = Some(cell);
    let spawn_marker =
        |commands: &mut Commands, at: Cell, material: Handle<StandardMaterial>, target: Target| {
            commands
                .spawn((
                    target,
                    DespawnOnExit(Screen::Playing),
                    Mesh3d(looks.marker.clone()),
                    MeshMaterial3d(material),
                    Transform::from_translation(
                        rest_transform(at, Side::White).translation + Vec3::Y * 0.02,
                    ),
                ))
                .id()
        };
    let mut markers = vec![spawn_marker(
        commands,
        cell,
        looks.selected.clone(),
        Target {
            action: None,
            reason: None,
        },
    )];
    let bonded = table.game.position().is_bonded(piece.id);
    let pull = table.pull_free && bonded;
    for frame in piece.kind.moves() {
        let dir = Frame::to_board(*frame, piece.owner);
        for n in 1..=2 {
            let Some(to) = cell.step(dir, n) else { break };
            let action = if pull {
                Action::PullFree { from: cell, to }
            } else {
                Action::Move { from: cell, to }
            };
            let mut probe = table.game.clone();
            let marker = match probe.play(action) {
                Ok(_) => spawn_marker(
                    commands,
                    to,
                    if pull {
                        looks.marker_pull.clone()
                    } else {
                        looks.marker_move.clone()
                    },
                    Target {
                        action: Some(action),
                        reason: None,
                    },
                ),
                Err(e) => spawn_marker(
                    commands,
                    to,
                    looks.marker_illegal.clone(),
                    Target {
                        action: None,
                        reason: Some(e.to_string()),
                    },
                ),
            };
            markers.push(marker);
        }
    }
    table.markers = markers;
}

#[allow(clippy::too_many_arguments)]
fn on_click(
    click: On<Pointer<Click>>,
    mut commands: Commands,
    table: Option<ResMut<VectressTable>>,
    looks: Res<MagnetLooks>,
    mut queue: ResMut<PlaybackQueue>,
    magnets: Query<&Magnet>,
    targets: Query<&Target>,
) {
    let Some(mut table) = table else { return };
    if click.button != PointerButton::Primary
        || !queue.is_idle()
        || !table.human_to_move()
        || table.game.is_over()
    {
        return;
    }
    if let Ok(target) = targets.get(click.entity) {
        if let Some(action) = target.action {
            // A refusal is kept on the table and shown in the status line.
            let _ = play_action(&mut commands, &looks, &mut table, &mut queue, action);
        }
        return;
    }
    if let Ok(magnet) = magnets.get(click.entity) {
        let cell = table.game.position().piece(magnet.id).map(|p| p.cell);
        match cell {
            Some(cell) if table.selected == Some(cell) => clear_markers(&mut commands, &mut table),
            Some(cell) => select(&mut commands, &looks, &mut table, cell),
            None => {}
        }
    }
}

/// Dragging a magnet selects it (its targets light up) ...
fn on_drag_start(
    drag: On<Pointer<DragStart>>,
    mut commands: Commands,
    table: Option<ResMut<VectressTable>>,
    looks: Res<MagnetLooks>,
    queue: Res<PlaybackQueue>,
    magnets: Query<&Magnet>,
) {
    let Some(mut table) = table else { return };
    if drag.button != PointerButton::Primary || !queue.is_idle() || !table.human_to_move() {
        return;
    }
    if let Ok(magnet) = magnets.get(drag.entity)
        && let Some(piece) = table.game.position().piece(magnet.id)
        && table.selected != Some(piece.cell)
    {
        select(&mut commands, &looks, &mut table, piece.cell);
    }
}

/// ... and dropping it on a lit target plays that move.
fn on_drop(
    drop: On<Pointer<DragDrop>>,
    mut commands: Commands,
    table: Option<ResMut<VectressTable>>,
    looks: Res<MagnetLooks>,
    mut queue: ResMut<PlaybackQueue>,
    magnets: Query<&Magnet>,
    targets: Query<&Target>,
) {
    let Some(mut table) = table else { return };
    if drop.button != PointerButton::Primary
        || !queue.is_idle()
        || !table.human_to_move()
        || magnets.get(drop.dropped).is_err()
    {
        return;
    }
    if let Ok(Target {
        action: Some(action),
        ..
    }) = targets.get(drop.entity)
    {
        // A refusal is kept on the table and shown in the status line.
        let _ = play_action(&mut commands, &looks, &mut table, &mut queue, *action);
    }
}

fn on_hover(
    over: On<Pointer<Over>>,
    table: Option<ResMut<VectressTable>>,
    targets: Query<&Target>,
) {
    if let (Some(mut table), Ok(target)) = (table, targets.get(over.entity)) {
        table.hover = target.reason.clone();
    }
}

fn on_hover_end(
    out: On<Pointer<Out>>,
    table: Option<ResMut<VectressTable>>,
    targets: Query<&Target>,
) {
    if let (Some(mut table), Ok(_)) = (table, targets.get(out.entity)) {
        table.hover = None;
    }
}

#[allow(clippy::too_many_arguments)]
fn table_keys(
    mut commands: Commands,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut table: ResMut<VectressTable>,
    looks: Res<MagnetLooks>,
    mut queue: ResMut<PlaybackQueue>,
    stale: Query<Entity, Or<(With<Magnet>, With<BondLink>, With<PlaybackEffect>)>>,
) {
    let Some(keys) = keys else { return };
    if keys.just_pressed(KeyCode::KeyF) {
        table.pull_free = !table.pull_free;
        if let Some(cell) = table.selected {
            select(&mut commands, &looks, &mut table, cell);
        }
    }
    let undo = keys.just_pressed(KeyCode::KeyU) || keys.just_pressed(KeyCode::Backspace);
    if undo && !table.history.is_empty() {
        // Against the computer, take back the computer's answer too.
        let plies = if table.mode == PlayMode::VsComputer && table.game.to_move() == Side::White {
            2
        } else {
            1
        };
        for _ in 0..plies.min(table.history.len()) {
            if let Some(game) = table.history.pop() {
                table.game = game;
                table.moves.pop();
            }
        }
        respawn(&mut commands, &looks, &mut table, &mut queue, stale.iter());
    } else if keys.just_pressed(KeyCode::KeyN) {
        table.game = Game::new();
        table.history.clear();
        table.moves.clear();
        respawn(&mut commands, &looks, &mut table, &mut queue, stale.iter());
    }
}

fn computer_turn(
    mut commands: Commands,
    mut table: ResMut<VectressTable>,
    looks: Res<MagnetLooks>,
    mut queue: ResMut<PlaybackQueue>,
    stale: Query<Entity, Or<(With<Magnet>, With<BondLink>, With<PlaybackEffect>)>>,
    time: Res<Time>,
    mut status: ResMut<StatusLine>,
) {
    if table.game.is_over() {
        // A demo starts over a few seconds after each game.
        if table.mode == PlayMode::Demo && queue.is_idle() {
            table.demo_restart += time.delta_secs();
            if table.demo_restart > 4.0 {
                table.demo_restart = 0.0;
                table.game = Game::new();
                table.history.clear();
                table.moves.clear();
                respawn(&mut commands, &looks, &mut table, &mut queue, stale.iter());
            }
        }
        return;
    }
    if table.human_to_move() || !queue.is_idle() {
        return;
    }
    let Some(task) = table.thinking.as_mut() else {
        let game = table.game.clone();
        let mut rng = seeded(table.rng.random());
        table.thinking = Some(
            AsyncComputeTaskPool::get()
                .spawn(async move { choose(&game, &AiConfig::default(), &mut rng) }),
        );
        return;
    };
    if let Some(action) = block_on(poll_once(task)) {
        table.thinking = None;
        if let Err(e) = play_action(&mut commands, &looks, &mut table, &mut queue, action) {
            status.0 = format!("the computer's move was refused: {e}");
        }
    }
}

/// Once playback has ended, every piece stands exactly where the rules say.
fn sync_when_idle(
    mut table: ResMut<VectressTable>,
    queue: Res<PlaybackQueue>,
    mut transforms: Query<&mut Transform, With<Magnet>>,
) {
    if !table.needs_sync || !queue.is_idle() {
        return;
    }
    table.needs_sync = false;
    for piece in table.game.position().pieces() {
        if let Some(e) = table.entities.pieces.get(&piece.id)
            && let Ok(mut transform) = transforms.get_mut(e.piece)
        {
            let rest = rest_transform(piece.cell, piece.owner);
            if *transform != rest {
                *transform = rest;
            }
        }
    }
}

fn describe(outcome: Outcome) -> String {
    let why = match outcome.reason {
        EndReason::Core => "a Core left the board",
        EndReason::Five => "five pieces lost",
        EndReason::Repetition => "threefold repetition",
        EndReason::Cap => "the 200-move cap",
        EndReason::Passes => "two passes in a row",
    };
    match outcome.winner {
        Some(side) => format!("{} wins: {why}", side.title()),
        None => format!("Draw: {why}"),
    }
}

fn update_status(
    table: Res<VectressTable>,
    queue: Res<PlaybackQueue>,
    mut status: ResMut<StatusLine>,
) {
    let pos = table.game.position();
    let mut line = match table.game.outcome() {
        Some(outcome) => describe(outcome),
        None => format!("{} to move", table.game.to_move().title()),
    };
    line += &format!(
        " | lost: White {}/5, Black {}/5 | move {} of 200",
        pos.lost(Side::White),
        pos.lost(Side::Black),
        table.game.ply()
    );
    if table.thinking.is_some() {
        line += " | the computer is thinking";
    }
    line += if table.pull_free {
        "\nF: pull free is on (a bonded piece leaves its body) | U undo | N new game"
    } else {
        "\nF: body moves (bonded pieces move together) | U undo | N new game"
    };
    if let Some(reason) = table.hover.as_ref().or(table.refusal.as_ref()) {
        line += &format!("\n{reason}");
    }
    let recent: Vec<String> = table
        .moves
        .iter()
        .enumerate()
        .rev()
        .take(6)
        .rev()
        .map(|(i, m)| format!("{}. {m}", i + 1))
        .collect();
    if !recent.is_empty() {
        line += &format!("\nmoves: {}", recent.join("  "));
    }
    let _ = queue;
    if status.0 != line {
        status.0 = line;
    }
}
