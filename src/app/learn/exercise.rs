//! A lesson or puzzle on a game's table: set out at its position, every finished turn
//! judged through the rules once its playback has run, a miss said in one line and taken
//! back (the table starts over at the exercise), a hit said and kept.

use bevy::prelude::*;

use super::{Exercise, LearnProgress, Task, Verdict};
use crate::app::playback::{CueReached, PlaybackQueue};
use crate::app::table::{Request, Table, TableGame, TablePart, TableStart, TableSystems, respawn};
use crate::app::{ActiveGame, PlayMode, Screen};
use crate::lessons::{self, Lessoned};
use crate::puzzles::judge::{TURN_SEPARATOR, parse_turn, try_turn, why_not};
use crate::rules::{GameId, Match, Rules, hexchess, polarity, vectress, wavefield};
use crate::sound::{Cue, CueKind};

/// A table's rules as the lessons and puzzles know them: each game is its own core, but
/// hex chess's table plays a [`hexchess::GameSession`] around its game.
pub trait Exercisable: Rules {
    type Core: Lessoned<Action = Self::Action>;
    fn core(&self) -> &Self::Core;
    fn from_core(core: Self::Core) -> Self;
}

macro_rules! is_its_own_core {
    ($($game:ty),*) => {$(
        impl Exercisable for $game {
            type Core = $game;
            fn core(&self) -> &Self {
                self
            }
            fn from_core(core: Self) -> Self {
                core
            }
        }
    )*};
}
is_its_own_core!(vectress::Game, wavefield::Game, polarity::Game);

impl Exercisable for hexchess::GameSession {
    type Core = hexchess::Game;
    fn core(&self) -> &hexchess::Game {
        self.game()
    }
    fn from_core(core: hexchess::Game) -> Self {
        hexchess::GameSession::from_game(core)
    }
}

pub(super) fn plugin<G: TableGame>(app: &mut App, game: GameId)
where
    G::Rules: Exercisable,
{
    let exercising = move |active: Option<Res<ActiveGame>>, exercise: Option<Res<Exercise>>| {
        active.as_ref().is_some_and(|a| a.game == game) && super::exercising(active, exercise)
    };
    app.add_systems(
        OnEnter(Screen::Playing),
        set_out::<G>.after(TableStart).run_if(exercising),
    )
    .add_systems(
        Update,
        (show_hint::<G>, judge::<G>)
            .in_set(TableSystems::Show)
            .run_if(resource_exists::<Table<G>>)
            .run_if(exercising),
    );
}

/// Once the hint is asked for, the table shows its move as it shows any move about to be
/// played (the last action of the hint: a tuning before it is said in words).
fn show_hint<G: TableGame>(
    mut commands: Commands,
    mut exercise: ResMut<Exercise>,
    mut table: ResMut<Table<G>>,
    looks: Res<G::Looks>,
    queue: Res<PlaybackQueue>,
) where
    G::Rules: Exercisable,
{
    if !exercise.hint_asked || !exercise.set_out || !table.may_act(&queue) {
        return;
    }
    exercise.hint_asked = false;
    let turn = exercise.hint_turn();
    // Read in the table's own position: the hint's move is shown as the board stands.
    let mut work = table.game.rules().clone();
    let mut parts = turn.split(TURN_SEPARATOR).peekable();
    while let Some(part) = parts.next() {
        let Ok(action) = work.parse_action(part) else {
            return;
        };
        if parts.peek().is_none() {
            G::show_hint(&mut commands, &*looks, &mut table, action);
            return;
        }
        if work.play(action).is_err() {
            return;
        }
    }
}

/// The exercise's position, as its table plays it.
fn position<R: Exercisable>(task: &Task) -> Result<Match<R>, String> {
    match task {
        Task::Lesson(lesson) => {
            let core = <R::Core as Lessoned>::set_up(lesson)?;
            Ok(Match::from_game(R::from_core(core)))
        }
        Task::Puzzle(puzzle) => {
            let mut game = Match::<R>::new(puzzle.setup())?;
            for action in &puzzle.actions {
                game.play_text(action)
                    .map_err(|e| format!("puzzle {}: {e}", puzzle.name))?;
            }
            Ok(game)
        }
    }
}

/// Sets the exercise out on the table the table's start just made.
fn set_out<G: TableGame>(
    mut commands: Commands,
    mut exercise: ResMut<Exercise>,
    table: Option<ResMut<Table<G>>>,
    looks: Res<G::Looks>,
    mut queue: ResMut<PlaybackQueue>,
    parts: Query<Entity, With<TablePart>>,
) where
    G::Rules: Exercisable,
{
    let Some(mut table) = table else {
        return;
    };
    let table = &mut *table;
    match position::<G::Rules>(&exercise.task) {
        Ok(start) => {
            table.game = start.clone();
            table.start_over = Some(start);
            table.mode = PlayMode::Exercise;
            table.human = None;
            table.message = None;
            respawn(&mut commands, &*looks, table, &mut queue, parts.iter());
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
fn finished_turn<R: Exercisable>(start: &Match<R>, now: &Match<R>) -> Option<Vec<String>> {
    let played = now.notation().get(start.notation().len()..)?;
    let mut work = start.rules().core().clone();
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

/// Judges the learner's turn once its playback has run: a hit is said and kept (and
/// counted), a miss is said and taken back.
fn judge<G: TableGame>(
    mut table: ResMut<Table<G>>,
    mut exercise: ResMut<Exercise>,
    mut learn: ResMut<LearnProgress>,
    queue: Res<PlaybackQueue>,
    mut cues: MessageWriter<CueReached>,
) where
    G::Rules: Exercisable,
{
    if !exercise.set_out || exercise.solved || !queue.is_idle() || !table.requests.is_empty() {
        return;
    }
    let Some(start) = table.start_over.clone() else {
        return;
    };
    let Some(turn) = finished_turn(&start, &table.game) else {
        return;
    };
    let game = exercise.game;
    let said = verdict(start.rules().core(), &exercise.task, &turn);
    let puzzle = matches!(exercise.task, Task::Puzzle(_));
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
            table.requests.push_back(Request::NewGame);
        }
    }
}
