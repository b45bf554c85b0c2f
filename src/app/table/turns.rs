//! The table's turns: setting out a game, playing actions onto it, requests, undo and new
//! game, and the computer's turn off the main thread.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, block_on, poll_once};

use super::suspend::{self, Resumed, Suspended};
use super::{ActionOf, Request, Table, TableGame, TablePart};
use crate::app::boards::BoardCell;
use crate::app::choice::{GameChoice, ResumeGame, SuspendedGames};
use crate::app::playback::PlaybackQueue;
use crate::app::table::offscreen::RenderRequest;
use crate::app::{ActiveGame, KeyboardCaptured, PlayMode};
use crate::rules::{Match, Rules, Setup};

/// Seconds a finished demo waits before it starts over.
const DEMO_RESTART_SECONDS: f32 = 4.0;

/// Sets a new game out, the way the player chose it ([`GameChoice`]), or resumes the game
/// left for the menu when asked ([`ResumeGame`]). For `lodestone render GAME --moves ...`
/// every move but the last is played at once and the last through playback, frozen where
/// asked.
#[allow(clippy::too_many_arguments)]
pub(super) fn start<G: TableGame>(
    mut commands: Commands,
    active: Res<ActiveGame>,
    looks: Res<G::Looks>,
    request: Option<Res<RenderRequest>>,
    from: Option<Res<super::StartFrom>>,
    choice: Option<Res<GameChoice>>,
    resume: Option<Res<ResumeGame>>,
    mut kept: Option<ResMut<Suspended<G>>>,
    mut kept_games: ResMut<SuspendedGames>,
    mut queue: ResMut<PlaybackQueue>,
    cells: Query<Entity, With<BoardCell>>,
) {
    queue.clear();
    // Observers sit on the cells they concern.
    for cell in &cells {
        G::observe_cell(&mut commands.entity(cell));
    }
    if resume.is_some() {
        commands.remove_resource::<ResumeGame>();
        if let Some(mut table) =
            suspend::take::<G>(&mut commands, kept.as_deref_mut(), &mut kept_games)
        {
            table.resumed = Resumed::FromMenu;
            G::spawn(&mut commands, &looks, &mut table);
            commands.insert_resource(table);
            return;
        }
    } else if from.is_none() && suspend::is_live(&active) {
        suspend::forget::<G>(&mut commands, &mut kept_games);
    }
    // The player's choice counts for games they start; renders, films, replays and the
    // showcase start from the defaults or their own setup.
    let choice = choice
        .filter(|_| from.is_none() && request.is_none())
        .map(|c| c.clone())
        .unwrap_or_default();
    let setup = Setup {
        seed: G::SEED,
        ruleset: choice.ruleset.clone(),
    };
    let mut game = Match::<G::Rules>::new(setup).unwrap_or_else(|e| {
        warn!("{e}; starting the default rules");
        Match::new(Setup {
            seed: G::SEED,
            ..Setup::default()
        })
        .expect("every game starts from the default setup")
    });
    // A replay opened from the command line (checked on load): watched from its start, or
    // its game at the last ply.
    let mut viewer = None;
    if let Some(from) = from.filter(|f| f.game == active.game) {
        if let Ok(mut replayed) = Match::<G::Rules>::new(from.setup.clone()) {
            if from.view {
                viewer = Some(super::viewer::Viewer::new(
                    from.setup.clone(),
                    from.actions.clone(),
                    from.title.clone(),
                ));
            } else {
                for text in &from.actions {
                    if let Err(e) = replayed.play_text(text) {
                        warn!("the replay's {text} was refused: {e}");
                        break;
                    }
                }
            }
            game = replayed;
        }
        commands.remove_resource::<super::StartFrom>();
    }
    let mut table = Table::<G>::new(game, active.mode);
    table.level = choice.level;
    if table.mode == PlayMode::VsComputer {
        table.human = Some(<G::Rules as Rules>::SIDES[choice.side.min(1)]);
    }
    if resume.is_some() {
        table.resumed = Resumed::Asked;
    }
    if viewer.is_some() {
        table.mode = PlayMode::Board;
        table.viewer = viewer;
    }
    let render = request.as_ref().filter(|r| r.game == Some(active.game));
    table.offscreen = render.is_some();
    let mut last = None;
    if let Some(request) = render {
        for (i, text) in request.moves.iter().enumerate() {
            if i + 1 == request.moves.len() {
                last = Some(text.clone());
                break;
            }
            if let Err(e) = table.game.play_text(text.trim()) {
                warn!("render: ply {i} ({text}) was refused: {e}");
            }
        }
    }
    G::spawn(&mut commands, &looks, &mut table);
    if let Some(text) = last {
        let played = table
            .game
            .parse_action(text.trim())
            .map_err(|e| e.to_string())
            .and_then(|action| play_action(&mut commands, &*looks, &mut table, &mut queue, action));
        if let Err(e) = played {
            warn!("render: the last move ({text}) was refused: {e}");
        }
        match render.and_then(|r| r.freeze) {
            Some((step, t)) => queue.freeze_at(step, t),
            None => queue.skip(),
        }
    }
    commands.insert_resource(table);
}

/// Plays `action` and queues its playback; a refusal is kept as the table's message.
pub fn play_action<G: TableGame>(
    commands: &mut Commands,
    looks: &G::Looks,
    table: &mut Table<G>,
    queue: &mut PlaybackQueue,
    action: ActionOf<G>,
) -> Result<(), String> {
    let before = table.game.rules().clone();
    let resolution = match table.game.play(action) {
        Ok(resolution) => resolution,
        Err(e) => {
            let e = e.to_string();
            table.message = Some(e.clone());
            return Err(e);
        }
    };
    table.message = None;
    table.changes += 1;
    for effect in table.effects.drain(..) {
        commands.entity(effect).despawn();
    }
    let stages = G::stages(commands, looks, table, &before, &resolution);
    table.effects = stages
        .iter()
        .flat_map(|s| s.effects.iter().copied())
        .collect();
    // A demo slows down for a move that sets much off, so a visitor sees it happen.
    let big = stages.len() >= DEMO_BIG_MOVE_STAGES;
    queue.play(stages);
    if big && table.mode == PlayMode::Demo {
        queue.slow_this_playback(DEMO_SLOW_MOTION);
    }
    table.needs_sync = true;
    Ok(())
}

/// A playback of this many stages or more is a big move (a chain of waves, removal
/// rounds, a push that takes lines).
pub const DEMO_BIG_MOVE_STAGES: usize = 4;
/// The speed a demo plays a big move at.
pub const DEMO_SLOW_MOTION: f32 = 0.35;

/// Clears the table and sets the rules state out again (undo, new game, a loaded game).
pub fn respawn<G: TableGame>(
    commands: &mut Commands,
    looks: &G::Looks,
    table: &mut Table<G>,
    queue: &mut PlaybackQueue,
    parts: impl Iterator<Item = Entity>,
) {
    queue.clear();
    for entity in parts {
        commands.entity(entity).despawn();
    }
    table.effects.clear();
    table.thinking = None;
    table.planned.clear();
    table.computer_wait = 0.0;
    G::forget_entities(&mut table.scene);
    G::spawn(commands, looks, table);
}

/// U (or Backspace) undo, N new game; they stand aside while a text field has the keys.
pub(super) fn table_keys<G: TableGame>(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    captured: Res<KeyboardCaptured>,
    mut table: ResMut<Table<G>>,
) {
    let Some(keys) = keys else { return };
    // Undo and new game belong to games played, not to a replay being watched.
    if captured.0 || table.viewer.is_some() || G::keys_taken(&table) {
        return;
    }
    if keys.just_pressed(KeyCode::KeyU) || keys.just_pressed(KeyCode::Backspace) {
        table.requests.push_back(Request::Undo);
    } else if keys.just_pressed(KeyCode::KeyN) {
        table.requests.push_back(Request::NewGame);
    }
}

/// Plays the next request once nothing is playing.
pub(super) fn apply_requests<G: TableGame>(
    mut commands: Commands,
    mut table: ResMut<Table<G>>,
    looks: Res<G::Looks>,
    mut queue: ResMut<PlaybackQueue>,
    parts: Query<Entity, With<TablePart>>,
    mut keeper: super::keeping::Keeper,
) {
    let table = &mut *table;
    while let Some(request) = table.requests.front() {
        if matches!(request, Request::Play(_)) && !queue.is_idle() {
            return;
        }
        let Some(request) = table.requests.pop_front() else {
            return;
        };
        match request {
            Request::Play(action) => {
                // A refusal stays in the message.
                let _ = play_action(&mut commands, &*looks, table, &mut queue, action);
                return;
            }
            Request::Undo => {
                if undo(table) {
                    respawn(&mut commands, &*looks, table, &mut queue, parts.iter());
                }
            }
            Request::NewGame => {
                // The game being left is kept first.
                keeper.keep(table);
                // A fresh seed from the game's own generator: every game differs, and a
                // session replays exactly.
                let seed = rand::Rng::random::<u64>(&mut table.game.rng().clone());
                table.game = match &table.start_over {
                    Some(start) => start.clone(),
                    None => G::new_match(table, seed),
                };
                table.message = None;
                table.changes += 1;
                table.kept_changes = None;
                respawn(&mut commands, &*looks, table, &mut queue, parts.iter());
            }
        }
    }
}

/// Takes back turns until the person's own last one (against the computer its answer
/// goes too; everywhere else one turn). False when there was nothing to undo.
fn undo<G: TableGame>(table: &mut Table<G>) -> bool {
    let mut undone = false;
    while let Some(side) = table.game.last_turn_side() {
        if table.game.undo().is_err() {
            break;
        }
        undone = true;
        if table.human.is_none_or(|h| side == h) {
            break;
        }
    }
    if undone {
        table.message = None;
        table.changes += 1;
    }
    undone
}

/// The computer's turn: it thinks on a worker thread (the frame never waits), then plays
/// its actions one at a time. A finished demo starts over after a few seconds.
pub(super) fn computer_turn<G: TableGame>(
    mut commands: Commands,
    mut table: ResMut<Table<G>>,
    looks: Res<G::Looks>,
    mut queue: ResMut<PlaybackQueue>,
    time: Res<Time>,
) {
    let table = &mut *table;
    if table.game.is_over() {
        if table.mode == PlayMode::Demo && queue.is_idle() {
            table.demo_restart += time.delta_secs();
            if table.demo_restart > DEMO_RESTART_SECONDS {
                table.demo_restart = 0.0;
                table.requests.push_back(Request::NewGame);
            }
        }
        return;
    }
    if table.human_to_move()
        || table.viewer.is_some()
        || table.mode == PlayMode::Showcase
        || !queue.is_idle()
        || !table.requests.is_empty()
        || !G::computer_may_think(table)
    {
        return;
    }
    if table.computer_wait > 0.0 {
        table.computer_wait -= time.delta_secs();
        return;
    }
    if let Some(action) = table.planned.pop_front() {
        if let Err(e) = play_action(&mut commands, &*looks, table, &mut queue, action) {
            table.message = Some(format!("the computer's action was refused: {e}"));
            table.planned.clear();
        }
        table.computer_wait = if table.planned.is_empty() {
            0.0
        } else {
            G::COMPUTER_PAUSE
        };
        return;
    }
    let Some(task) = table.thinking.as_mut() else {
        let game = table.game.rules().clone();
        let (level, demo) = (table.level, table.mode == PlayMode::Demo);
        let mut rng = game.rng().clone();
        table.thinking = Some(AsyncComputeTaskPool::get().spawn(async move {
            let actions = G::think(&game, level, demo, &mut rng);
            (actions, rng)
        }));
        return;
    };
    if let Some((actions, rng)) = block_on(poll_once(task)) {
        table.thinking = None;
        if actions.is_empty() {
            table.message = Some("the computer found nothing to play".to_string());
            return;
        }
        // The generator moves on as it did while the computer thought, so a game replays
        // exactly from its seed and actions.
        *table.game.rules_mut().rng_mut() = rng;
        table.planned = actions.into();
        table.computer_wait = G::COMPUTER_PAUSE;
    }
}
