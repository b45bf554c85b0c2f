//! The table's turns: playing actions onto it, the input routed to its requests, undo and
//! new game.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::state::{PendingSync, PlaybackEffects, Played, Requests, Seats, TableNote};
use super::viewer::Viewing;
use super::{ActionOf, Request, TableGame, TableInput, TablePart};
use crate::app::PlayMode;
use crate::app::keymap::{self, Keymap};
use crate::app::playback::PlaybackQueue;
use crate::rules::Rules;

/// A playback of this many stages or more is a big move (a chain of waves, removal
/// rounds, a push that takes lines).
pub const DEMO_BIG_MOVE_STAGES: usize = 4;
/// The speed a demo plays a big move at.
pub const DEMO_SLOW_MOTION: f32 = 0.35;

/// What playing an action writes besides the game and its scene: the playback, the note,
/// the last playback's effects and the sync after it; and how the table is watched.
pub struct Stagehand<'a> {
    pub queue: &'a mut PlaybackQueue,
    pub note: &'a mut TableNote,
    pub effects: &'a mut PlaybackEffects,
    pub sync: &'a mut PendingSync,
    /// A demo slows down for a move that sets much off.
    pub demo: bool,
    /// A replay is watched.
    pub viewing: bool,
}

/// The resources a [`Stagehand`] is made of, for a system that plays actions.
#[derive(SystemParam)]
pub struct Staging<'w> {
    pub queue: ResMut<'w, PlaybackQueue>,
    pub note: ResMut<'w, TableNote>,
    pub effects: ResMut<'w, PlaybackEffects>,
    pub sync: ResMut<'w, PendingSync>,
    pub seats: Res<'w, Seats>,
    pub viewing: Res<'w, Viewing>,
}

impl Staging<'_> {
    pub fn hand(&mut self) -> Stagehand<'_> {
        Stagehand {
            queue: &mut self.queue,
            note: &mut self.note,
            effects: &mut self.effects,
            sync: &mut self.sync,
            demo: self.seats.mode == PlayMode::Demo,
            viewing: self.viewing.0.is_some(),
        }
    }
}

/// Plays `action` and queues its playback; a refusal is kept as the table's note.
pub fn play_action<G: TableGame>(
    commands: &mut Commands,
    looks: &G::Looks,
    played: &mut Played<G>,
    scene: &mut G::Scene,
    hand: &mut Stagehand,
    action: ActionOf<G>,
) -> Result<(), String> {
    let before = played.game.rules().clone();
    let resolution = match played.game.play(action) {
        Ok(resolution) => resolution,
        Err(e) => {
            let e = e.to_string();
            hand.note.0 = Some(e.clone());
            return Err(e);
        }
    };
    hand.note.0 = None;
    played.changed();
    for effect in hand.effects.0.drain(..) {
        commands.entity(effect).despawn();
    }
    let stages = G::stages(
        commands,
        looks,
        scene,
        played,
        &before,
        &resolution,
        hand.viewing,
    );
    hand.effects.0 = stages
        .iter()
        .flat_map(|s| s.effects.iter().copied())
        .collect();
    let big = stages.len() >= DEMO_BIG_MOVE_STAGES;
    hand.queue.play(stages);
    if big && hand.demo {
        hand.queue.slow_this_playback(DEMO_SLOW_MOTION);
    }
    hand.sync.request();
    Ok(())
}

/// Clears the table and sets the rules state out again (undo, new game, a loaded game).
pub fn respawn<G: TableGame>(
    commands: &mut Commands,
    looks: &G::Looks,
    played: &Played<G>,
    scene: &mut G::Scene,
    queue: &mut PlaybackQueue,
    effects: &mut PlaybackEffects,
    parts: impl Iterator<Item = Entity>,
) {
    queue.clear();
    for entity in parts {
        commands.entity(entity).despawn();
    }
    effects.0.clear();
    G::forget_entities(scene);
    G::spawn(commands, looks, played, scene);
}

/// U (or Backspace) undo, N new game (the shared keys stand aside while a text field has
/// the keyboard).
pub(super) fn table_keys<G: TableGame>(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    keymap: Res<Keymap>,
    scene: Res<G::Scene>,
    viewing: Res<Viewing>,
    seats: Res<Seats>,
    mut input: MessageWriter<TableInput<G>>,
) {
    let Some(keys) = keys else { return };
    // Undo and new game belong to games played, not to a replay being watched nor a
    // position being set up (the editor's U is its own).
    if viewing.0.is_some() || G::keys_taken(&scene) || seats.mode == PlayMode::Setup {
        return;
    }
    if keymap.just_pressed(&keys, keymap::UNDO) || keys.just_pressed(KeyCode::Backspace) {
        input.write(TableInput::Undo);
    } else if keymap.just_pressed(&keys, keymap::NEW_GAME) {
        input.write(TableInput::NewGame);
    }
}

/// The table's share of its input: plays, undo and new game wait in its requests (kept
/// while the game is paused); the game's own controls are its systems' to read.
pub(super) fn route_input<G: TableGame>(
    mut input: MessageReader<TableInput<G>>,
    mut requests: ResMut<Requests<G>>,
    seats: Res<Seats>,
) {
    // While a position is set up the editor has the table: its own undo, no moves.
    if seats.mode == PlayMode::Setup {
        input.clear();
        return;
    }
    for message in input.read() {
        match message {
            TableInput::Play(action) => requests.push(Request::Play(*action)),
            TableInput::Undo => requests.push(Request::Undo),
            TableInput::NewGame => requests.push(Request::NewGame),
            TableInput::Game(_) => {}
        }
    }
}

/// Plays the next request once nothing is playing.
pub(super) fn apply_requests<G: TableGame>(
    mut commands: Commands,
    mut played: ResMut<Played<G>>,
    mut scene: ResMut<G::Scene>,
    mut requests: ResMut<Requests<G>>,
    looks: Res<G::Looks>,
    mut stage: Staging,
    parts: Query<Entity, With<TablePart>>,
    mut keeper: super::keeping::Keeper,
) {
    let (played, scene) = (&mut *played, &mut *scene);
    while let Some(request) = requests.0.front() {
        if matches!(request, Request::Play(_)) && !stage.queue.is_idle() {
            return;
        }
        let Some(request) = requests.0.pop_front() else {
            return;
        };
        match request {
            Request::Play(_) if played.flag.is_some() => {
                stage.note.0 = Some("the game is over: a flag has fallen".to_string());
                return;
            }
            Request::Play(action) => {
                // A refusal stays in the note.
                let mut hand = stage.hand();
                let _ = play_action(&mut commands, &*looks, played, scene, &mut hand, action);
                return;
            }
            Request::Undo => {
                if undo(played, &stage.seats) {
                    stage.note.0 = None;
                    let Staging { queue, effects, .. } = &mut stage;
                    respawn(
                        &mut commands,
                        &*looks,
                        played,
                        scene,
                        queue,
                        effects,
                        parts.iter(),
                    );
                }
            }
            Request::NewGame => {
                // The game being left is kept first.
                keeper.keep(played, &stage.seats);
                // A fresh seed from the game's own generator: every game differs, and a
                // session replays exactly.
                let seed = rand::Rng::random::<u64>(&mut played.game.rng().clone());
                let game = match &played.start_over {
                    Some(start) => start.clone(),
                    None => G::new_match(played, seed),
                };
                played.replace(game);
                keeper.forget_hints();
                stage.note.0 = None;
                let Staging { queue, effects, .. } = &mut stage;
                respawn(
                    &mut commands,
                    &*looks,
                    played,
                    scene,
                    queue,
                    effects,
                    parts.iter(),
                );
            }
        }
    }
}

/// Takes back turns until the person's own last one (against the computer its answer
/// goes too; everywhere else one turn). False when there was nothing to undo.
fn undo<G: TableGame>(played: &mut Played<G>, seats: &Seats) -> bool {
    let mut undone = false;
    while let Some(side) = played.game.last_turn_side() {
        if played.game.undo().is_err() {
            break;
        }
        undone = true;
        let side = super::side_index::<G::Rules>(side);
        if seats.human.is_none_or(|h| side == h) {
            break;
        }
    }
    if undone {
        played.changed();
    }
    undone
}
