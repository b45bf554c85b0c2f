//! Polarity on the table: grey stones on the 8 x 8 board, each player's rooks, bishops
//! and queen beside it (spent ones laid down), the piles of collected stones, placement by
//! clicking with a hover preview of the power's rays, and every action played back
//! through the shared `PlaybackQueue`.
//!
//! Keys: 1 plain, 2 rook, 3 bishop, 4 queen, Tab push/pull, U undo, N new game.

pub mod looks;
pub mod stages;

use bevy::picking::events::{Click, Out, Over, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use rand::Rng;

use self::looks::{
    HandPiece, PolarityLooks, SLOTS, SideLabel, Stone, TablePart, hand_rest, pile_point, pile_rest,
    slot_standing, spawn_hand_piece, spawn_side_label, spawn_stone, stone_rest,
};
use self::stages::{TableEntities, legal_dots, preview, side_title, stages_for};
use super::boards::BoardCell;
use super::hud::StatusLine;
use super::playback::PlaybackQueue;
use super::render::RenderRequest;
use super::{ActiveGame, AvailableModes, PlayMode, Screen};
use crate::rules::GameId;
use crate::rules::polarity::ai::{AiConfig, choose};
use crate::rules::polarity::{
    Action, Cell, EndReason, Game, Hand, Mode, Next, Outcome, Piece, Power, Side, TARGET,
};
use crate::rules::rng::{GameRng, seeded};

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, (register_modes, load_looks))
        .add_systems(
            OnEnter(Screen::Playing),
            start_table.run_if(playing_polarity),
        )
        .add_systems(OnExit(Screen::Playing), |mut commands: Commands| {
            commands.remove_resource::<PolarityTable>()
        })
        .add_systems(
            Update,
            (
                table_keys,
                play_requests,
                computer_turn,
                sync_when_idle,
                refresh_preview,
                update_labels,
                update_status,
            )
                .chain()
                .after(super::playback::PlaybackSystems)
                .run_if(resource_exists::<PolarityTable>),
        )
        .add_observer(on_click)
        .add_observer(on_hover)
        .add_observer(on_hover_end);
}

fn playing_polarity(active: Option<Res<ActiveGame>>) -> bool {
    active.is_some_and(|a| a.game == GameId::Polarity)
}

fn register_modes(mut modes: ResMut<AvailableModes>) {
    for mode in [PlayMode::HotSeat, PlayMode::VsComputer, PlayMode::Demo] {
        modes.0.insert((GameId::Polarity, mode));
    }
}

fn load_looks(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(PolarityLooks::new(&mut meshes, &mut materials));
}

/// The power the player has chosen for their next placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// `None`: a plain placement.
    pub piece: Option<Piece>,
    pub mode: Mode,
}

impl Choice {
    pub fn power(&self) -> Option<Power> {
        self.piece.map(|piece| Power {
            piece,
            mode: self.mode,
        })
    }
}

/// The game on the table and everything the view keeps about it.
#[derive(Resource)]
pub struct PolarityTable {
    pub game: Game,
    pub mode: PlayMode,
    /// The games before each action, for undo.
    history: Vec<Game>,
    /// The actions played, in notation.
    pub moves: Vec<String>,
    pub entities: TableEntities,
    pub choice: Choice,
    /// Actions to play as soon as the playback is idle (tests, scripts).
    pub requests: Vec<Action>,
    hover_cell: Option<Cell>,
    preview_dirty: bool,
    markers: Vec<Entity>,
    hover_text: Option<String>,
    /// The last playback's flashes, despawned when the next action starts.
    effects: Vec<Entity>,
    thinking: Option<Task<Option<Action>>>,
    rng: GameRng,
    needs_sync: bool,
    demo_restart: f32,
    /// A refused action or other message for the status line.
    pub message: Option<String>,
    /// While the last action plays: the piles' counts before it, shown until its
    /// removal stage (this 0-based stage) has played.
    counts_before: Option<([u16; 2], usize)>,
}

impl PolarityTable {
    fn human_to_move(&self) -> bool {
        match self.mode {
            PlayMode::HotSeat | PlayMode::Board => true,
            PlayMode::VsComputer => self.game.to_move() == Side::One,
            PlayMode::Demo => false,
        }
    }

    /// The power a click would use now: the choice, unless this turn must be plain.
    pub fn power_now(&self) -> Option<Power> {
        if self
            .game
            .position()
            .hand(self.game.to_move())
            .must_place_plain()
        {
            None
        } else {
            self.choice.power()
        }
    }

    /// Points at `cell` (what hovering a board cell does); `None` when the pointer leaves.
    pub fn hover(&mut self, cell: Option<Cell>) {
        self.hover_cell = cell;
        self.preview_dirty = true;
    }

    /// What the hover preview says about the cell pointed at.
    pub fn hover_text(&self) -> Option<&str> {
        self.hover_text.as_deref()
    }

    /// The preview's markers now on the table.
    pub fn markers(&self) -> &[Entity] {
        &self.markers
    }

    /// Picks `piece` (or plain), taking the mode the alternation asks for.
    pub fn choose_piece(&mut self, piece: Option<Piece>) {
        self.choice.piece = piece;
        let hand = self.game.position().hand(self.game.to_move());
        let next = match piece {
            Some(Piece::Rook) => hand.next_rook,
            Some(Piece::Bishop) => hand.next_bishop,
            _ => Next::Any,
        };
        match next {
            Next::Push => self.choice.mode = Mode::Push,
            Next::Pull => self.choice.mode = Mode::Pull,
            Next::Any => {}
        }
        self.preview_dirty = true;
    }
}

fn start_table(
    mut commands: Commands,
    active: Res<ActiveGame>,
    looks: Res<PolarityLooks>,
    request: Option<Res<RenderRequest>>,
    mut queue: ResMut<PlaybackQueue>,
) {
    queue.clear();
    let mut game = Game::new(0x9014_A217);
    let mut history = Vec::new();
    let mut moves = Vec::new();
    let mut last = None;
    // `lodestone render polarity --moves ...`: every action but the last is played at
    // once, the last one through playback (frozen where asked).
    if let Some(request) = request
        .as_ref()
        .filter(|r| r.game == Some(GameId::Polarity))
    {
        for (i, text) in request.moves.iter().enumerate() {
            let Ok(action) = text.trim().parse::<Action>() else {
                warn!("render: \"{text}\" is not a polarity action");
                continue;
            };
            if i + 1 == request.moves.len() {
                last = Some(action);
                break;
            }
            let before = game.clone();
            if game.play(action).is_ok() {
                history.push(before);
                moves.push(action.to_string());
            }
        }
    }
    let mut table = PolarityTable {
        game,
        mode: active.mode,
        history,
        moves,
        entities: TableEntities::default(),
        choice: Choice {
            piece: None,
            mode: Mode::Push,
        },
        requests: Vec::new(),
        hover_cell: None,
        preview_dirty: false,
        markers: Vec::new(),
        hover_text: None,
        effects: Vec::new(),
        thinking: None,
        rng: seeded(0x9014_5EED),
        needs_sync: false,
        demo_restart: 0.0,
        message: None,
        counts_before: None,
    };
    spawn_table(&mut commands, &looks, &mut table);
    for side in Side::BOTH {
        spawn_side_label(
            &mut commands,
            SideLabel(side),
            pile_point(side) + Vec3::new(looks::side_sign(side) * 0.3, 1.4, 0.0),
            15.0,
        );
    }
    if let Some(action) = last {
        if let Err(e) = play_action(&mut commands, &looks, &mut table, &mut queue, action) {
            warn!("render: the last action was refused: {e}");
        }
        match request.as_ref().and_then(|r| r.freeze) {
            Some((stage, t)) => queue.freeze_at(stage, t),
            None => queue.skip(),
        }
    }
    commands.insert_resource(table);
}

/// Spawns the stones, hands and piles of the current game.
fn spawn_table(commands: &mut Commands, looks: &PolarityLooks, table: &mut PolarityTable) {
    let mut entities = TableEntities::default();
    for stone in table.game.stones() {
        let e = spawn_stone(commands, looks, stone.id, stone_rest(stone.cell, stone.id));
        entities.stones.insert(stone.id, e);
    }
    let position = *table.game.position();
    for side in Side::BOTH {
        let hand = position.hand(side);
        for slot in 0..SLOTS.len() {
            entities.hands[side.index()][slot] =
                spawn_hand_piece(commands, looks, side, slot, slot_standing(hand, slot));
        }
        // Collected stones are gone from the rules; the pile shows as many, with fresh ids.
        for k in 0..position.collected(side) as usize {
            let id = crate::rules::polarity::StoneId(1000 + k as u32 * 7 + side.index() as u32);
            let e = spawn_stone(commands, looks, id, pile_rest(side, k));
            entities.piles[side.index()].push(e);
        }
    }
    table.entities = entities;
}

/// Clears the pieces and sets the current game out again (undo, new game, demo restart).
fn respawn(
    commands: &mut Commands,
    looks: &PolarityLooks,
    table: &mut PolarityTable,
    queue: &mut PlaybackQueue,
    stale: impl Iterator<Item = Entity>,
) {
    queue.clear();
    for e in stale {
        commands.entity(e).despawn();
    }
    table.markers.clear();
    table.effects.clear();
    table.thinking = None;
    table.hover_text = None;
    table.preview_dirty = true;
    spawn_table(commands, looks, table);
}

/// Plays `action` and queues its playback.
fn play_action(
    commands: &mut Commands,
    looks: &PolarityLooks,
    table: &mut PolarityTable,
    queue: &mut PlaybackQueue,
    action: Action,
) -> Result<(), String> {
    let before = table.game.clone();
    let resolution = table
        .game
        .play(action)
        .map_err(|e| format!("{action}: {e}"))?;
    table.history.push(before.clone());
    table.moves.push(action.to_string());
    table.message = None;
    for e in table.effects.drain(..) {
        commands.entity(e).despawn();
    }
    let stages = stages_for(commands, looks, &mut table.entities, &before, &resolution);
    let removal_stage = stages.iter().position(|s| s.label.contains(" takes "));
    table.counts_before = removal_stage.map(|stage| {
        let p = before.position();
        ([p.collected(Side::One), p.collected(Side::Two)], stage)
    });
    table.effects = stages
        .iter()
        .flat_map(|s| s.effects.iter().copied())
        .collect();
    queue.play(stages);
    table.needs_sync = true;
    table.preview_dirty = true;
    // The next player starts from a plain placement.
    table.choice.piece = None;
    Ok(())
}

fn play_requests(
    mut commands: Commands,
    mut table: ResMut<PolarityTable>,
    looks: Res<PolarityLooks>,
    mut queue: ResMut<PlaybackQueue>,
) {
    if table.requests.is_empty() || !queue.is_idle() {
        return;
    }
    let action = table.requests.remove(0);
    if let Err(e) = play_action(&mut commands, &looks, &mut table, &mut queue, action) {
        table.message = Some(e);
    }
}

fn on_click(
    click: On<Pointer<Click>>,
    mut commands: Commands,
    table: Option<ResMut<PolarityTable>>,
    looks: Option<Res<PolarityLooks>>,
    mut queue: ResMut<PlaybackQueue>,
    cells: Query<&BoardCell>,
) {
    let (Some(mut table), Some(looks)) = (table, looks) else {
        return;
    };
    let Ok(board_cell) = cells.get(click.entity) else {
        return;
    };
    if click.button != PointerButton::Primary
        || !queue.is_idle()
        || !table.human_to_move()
        || table.game.outcome().is_some()
    {
        return;
    }
    let Some(cell) = cell_of(board_cell) else {
        return;
    };
    let action = Action {
        cell,
        power: table.power_now(),
    };
    if let Err(e) = play_action(&mut commands, &looks, &mut table, &mut queue, action) {
        table.message = Some(e);
    }
}

fn cell_of(board_cell: &BoardCell) -> Option<Cell> {
    let x = u8::try_from(board_cell.x).ok()?;
    let y = u8::try_from(board_cell.y).ok()?;
    Cell::new(x, y)
}

fn on_hover(
    over: On<Pointer<Over>>,
    table: Option<ResMut<PolarityTable>>,
    cells: Query<&BoardCell>,
) {
    if let (Some(mut table), Ok(cell)) = (table, cells.get(over.entity)) {
        table.hover_cell = cell_of(cell);
        table.preview_dirty = true;
    }
}

fn on_hover_end(
    out: On<Pointer<Out>>,
    table: Option<ResMut<PolarityTable>>,
    cells: Query<&BoardCell>,
) {
    if let (Some(mut table), Ok(cell)) = (table, cells.get(out.entity))
        && table.hover_cell == cell_of(cell)
    {
        table.hover_cell = None;
        table.preview_dirty = true;
    }
}

/// Redraws the hover preview when the pointer, the choice or the game changed.
fn refresh_preview(
    mut commands: Commands,
    mut table: ResMut<PolarityTable>,
    looks: Res<PolarityLooks>,
    queue: Res<PlaybackQueue>,
) {
    let show = queue.is_idle() && table.human_to_move() && table.game.outcome().is_none();
    if !show {
        if !table.markers.is_empty() || table.hover_text.is_some() {
            for e in table.markers.drain(..) {
                commands.entity(e).despawn();
            }
            table.hover_text = None;
        }
        // Drawn again as soon as the player may act.
        if !table.preview_dirty {
            table.preview_dirty = true;
        }
        return;
    }
    if !table.preview_dirty {
        return;
    }
    table.preview_dirty = false;
    for e in table.markers.drain(..) {
        commands.entity(e).despawn();
    }
    table.hover_text = None;
    table.markers = legal_dots(&mut commands, &looks, &table.game);
    if let Some(cell) = table.hover_cell {
        let (markers, text) = preview(&mut commands, &looks, &table.game, cell, table.power_now());
        table.markers.extend(markers);
        table.hover_text = Some(text);
    }
}

fn table_keys(
    mut commands: Commands,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut table: ResMut<PolarityTable>,
    looks: Res<PolarityLooks>,
    mut queue: ResMut<PlaybackQueue>,
    stale: Query<Entity, With<TablePart>>,
) {
    let Some(keys) = keys else { return };
    for (key, piece) in [
        (KeyCode::Digit1, None),
        (KeyCode::Digit2, Some(Piece::Rook)),
        (KeyCode::Digit3, Some(Piece::Bishop)),
        (KeyCode::Digit4, Some(Piece::Queen)),
        (KeyCode::Numpad1, None),
        (KeyCode::Numpad2, Some(Piece::Rook)),
        (KeyCode::Numpad3, Some(Piece::Bishop)),
        (KeyCode::Numpad4, Some(Piece::Queen)),
    ] {
        if keys.just_pressed(key) {
            table.choose_piece(piece);
        }
    }
    if keys.just_pressed(KeyCode::Tab) {
        table.choice.mode = table.choice.mode.other();
        table.preview_dirty = true;
    }
    let undo = keys.just_pressed(KeyCode::KeyU) || keys.just_pressed(KeyCode::Backspace);
    if undo && !table.history.is_empty() {
        // Against the computer, take back its answer too.
        let plies = if table.mode == PlayMode::VsComputer && table.game.to_move() == Side::One {
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
        table.message = None;
        respawn(&mut commands, &looks, &mut table, &mut queue, stale.iter());
    } else if keys.just_pressed(KeyCode::KeyN) {
        table.game = Game::new(table.rng.random());
        table.history.clear();
        table.moves.clear();
        table.message = None;
        respawn(&mut commands, &looks, &mut table, &mut queue, stale.iter());
    }
}

#[allow(clippy::too_many_arguments)]
fn computer_turn(
    mut commands: Commands,
    mut table: ResMut<PolarityTable>,
    looks: Res<PolarityLooks>,
    mut queue: ResMut<PlaybackQueue>,
    stale: Query<Entity, With<TablePart>>,
    time: Res<Time>,
) {
    if table.game.outcome().is_some() {
        // A demo starts over a few seconds after each game.
        if table.mode == PlayMode::Demo && queue.is_idle() {
            table.demo_restart += time.delta_secs();
            if table.demo_restart > 4.0 {
                table.demo_restart = 0.0;
                table.game = Game::new(table.rng.random());
                table.history.clear();
                table.moves.clear();
                respawn(&mut commands, &looks, &mut table, &mut queue, stale.iter());
            }
        }
        return;
    }
    if table.human_to_move() || !queue.is_idle() || !table.requests.is_empty() {
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
    if let Some(choice) = block_on(poll_once(task)) {
        table.thinking = None;
        let Some(action) = choice else {
            return;
        };
        if let Err(e) = play_action(&mut commands, &looks, &mut table, &mut queue, action) {
            table.message = Some(format!("the computer's action was refused: {e}"));
        }
    }
}

/// Once playback has ended, every stone, hand piece and piled stone stands exactly where
/// the rules' state says.
fn sync_when_idle(
    mut commands: Commands,
    mut table: ResMut<PolarityTable>,
    queue: Res<PlaybackQueue>,
    mut transforms: Query<&mut Transform, Or<(With<Stone>, With<HandPiece>)>>,
) {
    if !table.needs_sync || !queue.is_idle() {
        return;
    }
    table.needs_sync = false;
    let mut snap = |e: Entity, rest: Transform| {
        if let Ok(mut t) = transforms.get_mut(e)
            && *t != rest
        {
            *t = rest;
        }
    };
    // Stones the rules no longer have on the board (there should be none) go.
    let on_board: Vec<_> = table.game.stones();
    let stray: Vec<_> = table
        .entities
        .stones
        .keys()
        .filter(|id| !on_board.iter().any(|s| s.id == **id))
        .copied()
        .collect();
    for id in stray {
        if let Some(e) = table.entities.stones.remove(&id) {
            commands.entity(e).despawn();
        }
    }
    for stone in &on_board {
        if let Some(&e) = table.entities.stones.get(&stone.id) {
            snap(e, stone_rest(stone.cell, stone.id));
        }
    }
    let position = *table.game.position();
    for side in Side::BOTH {
        let hand = position.hand(side);
        for slot in 0..SLOTS.len() {
            snap(
                table.entities.hands[side.index()][slot],
                hand_rest(side, slot, slot_standing(hand, slot)),
            );
        }
        for (k, &e) in table.entities.piles[side.index()].iter().enumerate() {
            snap(e, pile_rest(side, k));
        }
    }
}

fn next_text(next: Next) -> &'static str {
    match next {
        Next::Any => "any",
        Next::Push => "push",
        Next::Pull => "pull",
    }
}

/// The hand's state in a few words: "hand R2 B1 Q1", "next R pull, B any".
pub fn hand_summary(hand: &Hand) -> String {
    if hand.must_place_plain() {
        return "all five spent:\nplain turn next".to_string();
    }
    format!(
        "hand R{} B{} Q{}\nnext R {}, B {}",
        hand.rooks,
        hand.bishops,
        hand.queens,
        next_text(hand.next_rook),
        next_text(hand.next_bishop)
    )
}

fn update_labels(
    table: Res<PolarityTable>,
    queue: Res<PlaybackQueue>,
    mut labels: Query<(&SideLabel, &mut Text)>,
) {
    // While a playback runs, the pile counts change once the stones have landed.
    let landed = match (table.counts_before, queue.progress()) {
        (Some((_, removal)), Some((n, _))) => n > removal + 1,
        _ => true,
    };
    for (label, mut text) in &mut labels {
        let side = label.0;
        let n = match table.counts_before {
            Some((counts, _)) if !landed => counts[side.index()],
            _ => table.game.position().collected(side),
        };
        let value = format!(
            "{}: {n}/{TARGET} taken\n{}",
            side_title(side),
            hand_summary(table.game.position().hand(side))
        );
        if text.0 != value {
            text.0 = value;
        }
    }
}

pub fn describe(outcome: Outcome) -> String {
    let why = match outcome.reason {
        EndReason::Ten => "ten stones collected",
        EndReason::Blocked => "no legal placement left",
    };
    match outcome.winner {
        Some(side) => format!("{} wins: {why}", side_title(side)),
        None => format!("Draw: {why}"),
    }
}

fn choice_text(table: &PolarityTable) -> String {
    let side = table.game.to_move();
    let hand = table.game.position().hand(side);
    if hand.must_place_plain() {
        return "Forced plain turn: all five pieces are spent; they come back after it".to_string();
    }
    let chosen = match table.choice.piece {
        None => "plain placement".to_string(),
        Some(piece) => {
            let mut s = format!("{} {}", piece.name(), table.choice.mode.name());
            if hand.count(piece) == 0 {
                s += &format!(" (no {} left)", piece.name());
            }
            s
        }
    };
    let must = |next: Next| match next {
        Next::Any => "push or pull",
        Next::Push => "must push",
        Next::Pull => "must pull",
    };
    format!(
        "Power: {chosen} | next rook {}, next bishop {}",
        must(hand.next_rook),
        must(hand.next_bishop)
    )
}

fn update_status(table: Res<PolarityTable>, mut status: ResMut<StatusLine>) {
    let pos = table.game.position();
    let mut line = match table.game.outcome() {
        Some(outcome) => describe(outcome),
        None => format!("{} to move", side_title(table.game.to_move())),
    };
    line += &format!(
        " | taken: One {}/{TARGET}, Two {}/{TARGET}",
        pos.collected(Side::One),
        pos.collected(Side::Two)
    );
    if table.thinking.is_some() {
        line += " | the computer is thinking";
    }
    if table.game.outcome().is_none() {
        line += &format!("\n{}", choice_text(&table));
        if table.human_to_move() {
            line += "\n1 plain  2 rook  3 bishop  4 queen  Tab push/pull | U undo | N new game";
        } else {
            line += "\nU undo | N new game";
        }
    } else {
        line += "\nU undo | N new game";
    }
    if let Some(message) = &table.message {
        line += &format!("\n{message}");
    } else if let Some(hover) = &table.hover_text {
        line += &format!("\n{hover}");
        if !hover.contains("no,") && table.power_now().is_some() {
            line += "\ncyan: moves | amber: locked | red: edge | violet: blocked | gold: taken";
        }
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
        line += &format!("\nactions: {}", recent.join("  "));
    }
    if status.0 != line {
        status.0 = line;
    }
}
