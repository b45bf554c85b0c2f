//! A lesson or puzzle on a game's table: set out at its position, every finished turn
//! judged through the rules once its playback has run, a miss said in one line and taken
//! back (the table starts over at the exercise), a hit said and kept.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, block_on, poll_once};

use super::{Exercise, LearnProgress, Task, Verdict};
use crate::app::playback::{CueReached, PlaybackQueue};
use crate::app::table::{
    PlaybackEffects, Played, Requests, Seats, TableEnter, TableGame, TableInput, TableNote,
    TablePart, TableSystems, Viewing, respawn,
};
use crate::app::{ActiveGame, PlayMode, Screen};
use crate::lessons::{self, Lessoned};
use crate::puzzles::judge::{TURN_SEPARATOR, parse_turn, try_turn, why_not};
use crate::puzzles::own::OwnPuzzle;
use crate::rules::{GameId, Match, Rules};
use crate::sound::{Cue, CueKind};

pub(super) fn plugin<G: TableGame>(app: &mut App, game: GameId) {
    let exercising = move |active: Option<Res<ActiveGame>>,
                           seats: Res<Seats>,
                           exercise: Option<Res<Exercise>>| {
        active.as_ref().is_some_and(|a| a.game == game)
            && super::exercising(active, seats, exercise)
    };
    app.add_systems(
        OnEnter(Screen::Playing),
        set_out::<G>.in_set(TableEnter::SetOut).run_if(exercising),
    )
    .add_systems(
        Update,
        (show_hint::<G>, judge::<G>)
            .in_set(TableSystems::Show)
            .run_if(resource_exists::<Played<G>>)
            .run_if(exercising),
    );
}

/// Once the hint is asked for, the table shows its move as it shows any move about to be
/// played (the last action of the hint: a tuning before it is said in words).
fn show_hint<G: TableGame>(
    mut commands: Commands,
    mut exercise: ResMut<Exercise>,
    played: Res<Played<G>>,
    mut scene: ResMut<G::Scene>,
    seats: Res<Seats>,
    viewing: Res<Viewing>,
    looks: Res<G::Looks>,
    queue: Res<PlaybackQueue>,
) {
    if !exercise.hint_asked
        || !exercise.set_out
        || !seats.may_act(&played, &queue, viewing.0.is_some())
    {
        return;
    }
    exercise.hint_asked = false;
    let turn = exercise.hint_turn();
    // Read in the table's own position: the hint's move is shown as the board stands.
    let mut work = played.game.rules().clone();
    let mut parts = turn.split(TURN_SEPARATOR).peekable();
    while let Some(part) = parts.next() {
        let Ok(action) = work.parse_action(part) else {
            return;
        };
        if parts.peek().is_none() {
            G::show_hint(&mut commands, &*looks, &played, &mut scene, action);
            return;
        }
        if work.play(action).is_err() {
            return;
        }
    }
}

/// The exercise's position, as its table plays it.
fn position<G: TableGame>(task: &Task) -> Result<Match<G::Rules>, String> {
    match task {
        Task::Lesson(lesson) => {
            let core = <G::Core as Lessoned>::set_up(lesson)?;
            Ok(Match::from_game(G::from_core(core)))
        }
        Task::Puzzle(puzzle) => replayed::<G>(puzzle.setup(), &puzzle.actions, &puzzle.name),
        Task::Regain(puzzle) => replayed::<G>(puzzle.setup(), &puzzle.actions, &puzzle.name),
    }
}

/// The game set up by `setup` after `actions` (a stored puzzle's).
fn replayed<G: TableGame>(
    setup: crate::rules::Setup,
    actions: &[String],
    name: &str,
) -> Result<Match<G::Rules>, String> {
    let mut game = Match::<G::Rules>::new(setup)?;
    for action in actions {
        game.play_text(action)
            .map_err(|e| format!("puzzle {name}: {e}"))?;
    }
    Ok(game)
}

/// The verdict on `turn` (from `start`) for a mistake to make good: judged by the
/// engine's search at the puzzle's level.
fn regain_verdict<R: Rules>(
    start: &R,
    puzzle: &OwnPuzzle,
    turn: &[String],
) -> Result<String, String> {
    let mut work = start.clone();
    let mut actions = Vec::with_capacity(turn.len());
    for text in turn {
        let action = work
            .parse_action(text)
            .map_err(|e| format!("{text}: {e}"))?;
        work.play(action)
            .map_err(|e| format!("{text} is refused here: {e}"))?;
        actions.push(action);
    }
    puzzle.verdict(start, &actions)
}

/// Sets the exercise out on the table the table's start just made.
fn set_out<G: TableGame>(
    mut commands: Commands,
    mut exercise: ResMut<Exercise>,
    mut played: ResMut<Played<G>>,
    mut scene: ResMut<G::Scene>,
    mut seats: ResMut<Seats>,
    mut note: ResMut<TableNote>,
    looks: Res<G::Looks>,
    mut queue: ResMut<PlaybackQueue>,
    mut effects: ResMut<PlaybackEffects>,
    parts: Query<Entity, With<TablePart>>,
) {
    match position::<G>(&exercise.task) {
        Ok(start) => {
            played.replace(start.clone());
            played.start_over = Some(start);
            seats.mode = PlayMode::Exercise;
            seats.human = None;
            note.0 = None;
            respawn(
                &mut commands,
                &*looks,
                &played,
                &mut scene,
                &mut queue,
                &mut effects,
                parts.iter(),
            );
            exercise.set_out = true;
        }
        // The table keeps the game's start; the banner says why.
        Err(e) => {
            exercise.verdict = Some(Verdict {
                text: e,
                met: false,
            });
        }
    }
}

/// The learner's turn since the exercise was set out, once it is complete (its last
/// action passed the turn or ended the game): its actions in notation.
fn finished_turn<G: TableGame>(
    start: &Match<G::Rules>,
    now: &Match<G::Rules>,
) -> Option<Vec<String>> {
    let played = now.notation().get(start.notation().len()..)?;
    let mut work = G::core(start.rules()).clone();
    let mover = work.to_move();
    for (i, text) in played.iter().enumerate() {
        let action = work.parse_action(text).ok()?;
        work.play(action).ok()?;
        if work.to_move() != mover || work.is_over() {
            return Some(played[..=i].to_vec());
        }
    }
    None
}

/// The verdict on `turn` (from the exercise's start): `Ok` with the line to say when it
/// meets the goal, else `Err` with why not.
fn verdict<C: Lessoned>(start: &C, task: &Task, turn: &[String]) -> Result<String, String> {
    let text = turn.join(TURN_SEPARATOR);
    let actions = parse_turn(start, &text)?;
    match task {
        Task::Lesson(lesson) => {
            let (_, facts) = lessons::try_lesson_turn(start, &actions)
                .ok_or_else(|| format!("{text} is refused here."))?;
            lessons::judge::<C>(lesson, &facts)
        }
        // Judged by search, in the table's own rules (see `regain_verdict`).
        Task::Regain(_) => Err("a mistake is judged by the engine".to_string()),
        Task::Puzzle(puzzle) => {
            let tried =
                try_turn(start, &actions).ok_or_else(|| format!("{text} is refused here."))?;
            if puzzle.goal.met(&tried) {
                Ok("Solved!".to_string())
            } else {
                Err(why_not::<C>(puzzle.goal, &tried))
            }
        }
    }
}

/// What the banner says while a try at a mistake is judged.
pub const JUDGING: &str = "Judging your turn...";

/// A try at a mistake being judged on a worker thread (two searches at the review's
/// level take seconds; the window keeps drawing meanwhile).
struct Judging {
    turn: Vec<String>,
    name: String,
    task: bevy::tasks::Task<Result<String, String>>,
}

/// Judges the learner's turn once its playback has run: a hit is said and kept (and
/// counted), a miss is said and taken back. A mistake's try is judged off the main
/// thread; a new turn or exercise meanwhile drops the judging under way.
#[allow(clippy::too_many_arguments)]
fn judge<G: TableGame>(
    played: Res<Played<G>>,
    requests: Res<Requests<G>>,
    mut input: MessageWriter<TableInput<G>>,
    mut exercise: ResMut<Exercise>,
    mut learn: ResMut<LearnProgress>,
    queue: Res<PlaybackQueue>,
    mut cues: MessageWriter<CueReached>,
    mut judging: Local<Option<Judging>>,
) {
    if !exercise.set_out || exercise.solved || !queue.is_idle() || !requests.is_empty() {
        return;
    }
    let Some(start) = played.start_over.as_ref() else {
        return;
    };
    let Some(turn) = finished_turn::<G>(start, &played.game) else {
        *judging = None;
        return;
    };
    let game = exercise.game;
    let said = match &exercise.task {
        Task::Regain(own) => {
            if judging
                .as_ref()
                .is_some_and(|j| j.turn != turn || j.name != exercise.name)
            {
                *judging = None;
            }
            if judging.is_none() {
                let own = own.clone();
                let rules = start.rules().clone();
                let tried = turn.clone();
                exercise.verdict = Some(Verdict {
                    text: JUDGING.to_string(),
                    met: false,
                });
                *judging = Some(Judging {
                    turn,
                    name: exercise.name.clone(),
                    task: AsyncComputeTaskPool::get()
                        .spawn(async move { regain_verdict(&rules, &own, &tried) }),
                });
            }
            let Some(said) = judging
                .as_mut()
                .and_then(|j| block_on(poll_once(&mut j.task)))
            else {
                return;
            };
            *judging = None;
            said
        }
        task => verdict(G::core(start.rules()), task, &turn),
    };
    let puzzle = matches!(exercise.task, Task::Puzzle(_) | Task::Regain(_));
    // A short celebration, or two soft notes for a miss.
    let kind = if said.is_ok() {
        CueKind::Solved
    } else {
        CueKind::Missed
    };
    cues.write(CueReached {
        cue: Cue::new(kind, 0.0),
        offset: 0.0,
    });
    match said {
        Ok(text) => {
            exercise.solved = true;
            exercise.verdict = Some(Verdict { text, met: true });
            let clean = exercise.wrong == 0;
            let name = exercise.name.clone();
            if puzzle {
                learn.progress.mark_puzzle(game, &name, clean);
            } else {
                learn.progress.mark_lesson(game, &name);
            }
        }
        Err(why) => {
            exercise.wrong += 1;
            exercise.verdict = Some(Verdict {
                text: format!("{why} Taken back: try again."),
                met: false,
            });
            if puzzle {
                learn.progress.break_streak(game);
            }
            input.write(TableInput::NewGame);
        }
    }
}
