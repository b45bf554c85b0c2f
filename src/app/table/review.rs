//! The game on the table reviewed (#43): asked from the pause menu ("Review the game"),
//! the review panel's button, the replay list, or by itself when a game people play ends,
//! every position is judged on a worker thread, one after another, at the table's level
//! ([`crate::rules::review`]); each turn's mark is known as soon as the position after it
//! is judged, and the move list shows it beside the turn's row. A change of the game's
//! turns starts it over; looking back at the game's own moves, or watching a replay,
//! reviews the whole game.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use super::{ActionOf, ComputerPace, Played, Seats, TableGame, TableSystems, Viewing};
use crate::app::Screen;
use crate::puzzles::own::OwnPuzzle;
use crate::rules::review::{Judged, Mark, PlayedTurn, Reviewed, assemble, judge, turns_of};
use crate::rules::{Level, Match, Setup, Stop};

/// What is known of the review of the game on the table.
#[derive(Resource)]
pub struct TableReview<G: TableGame> {
    /// The game reviewed: its setup and actions in notation (a change starts it over).
    setup: Setup,
    notation: Vec<String>,
    /// Its start and actions as the rules read them.
    start: Option<G::Rules>,
    actions: Vec<ActionOf<G>>,
    /// The level it is judged at.
    level: Level,
    /// Whether a review is wanted.
    asked: bool,
    /// The game cut into turns, and the position after the last (worked out once per
    /// game reviewed, not every frame).
    played: Vec<PlayedTurn<G::Rules>>,
    end: Option<G::Rules>,
    /// Each position's judgement so far: the turns' positions, then the end's.
    judged: Vec<Option<Judged<ActionOf<G>>>>,
    task: Option<(Task<Option<Judged<ActionOf<G>>>>, Stop)>,
    /// The turns judged whole, in order.
    pub turns: Vec<Reviewed<ActionOf<G>>>,
}

impl<G: TableGame> Default for TableReview<G> {
    fn default() -> Self {
        TableReview {
            setup: Setup::default(),
            notation: Vec::new(),
            start: None,
            actions: Vec::new(),
            level: Level::default(),
            asked: false,
            played: Vec::new(),
            end: None,
            judged: Vec::new(),
            task: None,
            turns: Vec::new(),
        }
    }
}

impl<G: TableGame> TableReview<G> {
    /// Asks for the review of the game on the table.
    pub fn ask(&mut self) {
        self.asked = true;
    }

    /// How many positions are judged: every turn's, then the end's.
    fn positions(&self) -> usize {
        self.end.as_ref().map_or(0, |_| self.played.len() + 1)
    }

    /// Whether every turn has been judged.
    pub fn done(&self) -> bool {
        self.asked && self.positions() > 0 && self.judged.len() == self.positions()
    }

    /// The mark of the turn whose first action is action `first_ply`, once known.
    pub fn mark_at(&self, first_ply: usize) -> Option<Mark> {
        self.turns
            .iter()
            .find(|t| t.first_ply == first_ply)
            .and_then(|t| t.mark)
    }

    /// Whether a review has been asked for (and not forgotten with its game).
    pub fn asked(&self) -> bool {
        self.asked
    }

    /// (turns judged whole, turns in all) while the review runs.
    pub fn progress(&self) -> (usize, usize) {
        (self.turns.len(), self.played.len())
    }

    /// The reviewed turn whose first action is action `first_ply`.
    pub fn turn_at(&self, first_ply: usize) -> Option<&Reviewed<ActionOf<G>>> {
        self.turns.iter().find(|t| t.first_ply == first_ply)
    }

    /// The position the turn at `first_ply` was played from.
    pub fn before(&self, first_ply: usize) -> Option<&G::Rules> {
        let turn = self.played.iter().find(|t| t.first_ply == first_ply)?;
        Some(&turn.before)
    }

    /// The engine's best answer in the position after the turn at `first_ply` (the
    /// refutation of a turn that gave its chance away), when that position was judged.
    pub fn answer_after(&self, first_ply: usize) -> Option<&[ActionOf<G>]> {
        let index = self.played.iter().position(|t| t.first_ply == first_ply)?;
        let judged = self.judged.get(index + 1)?.as_ref()?;
        Some(&judged.best)
    }

    /// The reviewed turns marked with one of `marks` whose mover `side` (an index)
    /// passes, as personal puzzles (see [`crate::puzzles::own`]).
    pub fn puzzles(&self, marks: &[Mark], side: impl Fn(usize) -> bool) -> Vec<OwnPuzzle> {
        let Some(start) = self.start.as_ref() else {
            return Vec::new();
        };
        self.turns
            .iter()
            .enumerate()
            .filter(|(_, t)| t.mark.is_some_and(|m| marks.contains(&m)) && side(t.side))
            .filter_map(|(i, t)| {
                OwnPuzzle::of_turn(&self.setup, start, &self.actions, i + 1, t, self.level)
            })
            .collect()
    }

    /// Starts over on the game set up by `setup` that played `notation`, at `level`.
    fn restart(&mut self, setup: &Setup, notation: &[String], level: Level) {
        if let Some((_, stop)) = self.task.take() {
            stop.raise();
        }
        self.setup = setup.clone();
        self.notation = notation.to_vec();
        self.level = level;
        self.judged.clear();
        self.turns.clear();
        self.actions.clear();
        (self.played, self.end, self.start) = (Vec::new(), None, None);
        let Ok(mut game) = Match::<G::Rules>::new(setup.clone()) else {
            return;
        };
        let start = game.rules().clone();
        for text in notation {
            if game.play_text(text).is_err() {
                return;
            }
        }
        self.actions = game.actions().to_vec();
        if let Ok((played, end)) = turns_of(&start, &self.actions) {
            (self.played, self.end, self.start) = (played, Some(end), Some(start));
        }
    }
}

/// Asks for a review (the pause menu's button).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReviewAsked;

/// Asks for the player's own mistakes of the reviewed game to be replayed as puzzles
/// ("Learn from your mistakes"; the learn module sets them out).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LearnMistakes;

pub(super) fn plugin<G: TableGame>(app: &mut App) {
    app.init_resource::<TableReview<G>>()
        .add_systems(
            OnEnter(Screen::Playing),
            forget::<G>
                .after(super::TableEnter::LaunchMove)
                .before(super::TableEnter::LaunchTaken)
                .run_if(resource_exists::<Played<G>>),
        )
        .add_systems(
            Update,
            (take_asks::<G>, review_step::<G>)
                .chain()
                .in_set(TableSystems::Show)
                .run_if(resource_exists::<Played<G>>),
        );
}

pub(super) fn configure(app: &mut App) {
    app.add_message::<ReviewAsked>()
        .add_message::<LearnMistakes>();
}

/// A table set out afresh forgets the last review; a replay opened to be reviewed (the
/// replay list's Review) or a still of a review (`render --review`) asks at once.
fn forget<G: TableGame>(
    launch: Option<Res<super::TableLaunch>>,
    mut review: ResMut<TableReview<G>>,
) {
    // Entered again without a launch (nothing new set out), the review stays.
    let Some(launch) = launch else { return };
    *review = TableReview::default();
    let asked = match &launch.start {
        super::Start::Replay(from) => from.review,
        super::Start::Still(still) => still.review,
        _ => false,
    };
    if asked {
        review.ask();
    }
}

/// The pause menu's ask, and a people's game that has just ended.
fn take_asks<G: TableGame>(
    mut asks: MessageReader<ReviewAsked>,
    played: Res<Played<G>>,
    seats: Res<Seats>,
    mut review: ResMut<TableReview<G>>,
) {
    let asked = asks.read().count() > 0;
    let ended = played.over() && seats.people_play() && !played.game.actions().is_empty();
    if (asked || ended) && !review.asked {
        review.ask();
    }
}

/// Judges the next position, one at a time on a worker (waited for in the frame in
/// lockstep), and puts together every turn whose following position is judged.
fn review_step<G: TableGame>(
    played: Res<Played<G>>,
    live: Res<super::LiveAside<G>>,
    viewing: Res<Viewing>,
    seats: Res<Seats>,
    pace: Option<Res<ComputerPace>>,
    mut review: ResMut<TableReview<G>>,
) {
    let review = &mut *review;
    if !review.asked {
        return;
    }
    // Looking back at its own moves, the game under way is the one reviewed; watching a
    // replay, the whole replay.
    let (setup, notation) = match (&live.0, &viewing.0) {
        (Some(game), _) => (game.setup(), game.notation()),
        (None, Some(viewer)) => (&viewer.setup, viewer.actions.as_slice()),
        (None, None) => (played.game.setup(), played.game.notation()),
    };
    if review.notation.as_slice() != notation || review.setup != *setup {
        review.restart(setup, notation, seats.level);
    }
    let lockstep = pace.is_some_and(|p| *p == ComputerPace::Lockstep);
    // A film or a still waits for the whole review in the frame; a window sees the marks
    // appear one position after another.
    while review.step(lockstep) && lockstep {}
}

impl<G: TableGame> TableReview<G> {
    /// Starts the next position's judgement on a worker, or takes it once found (waited
    /// for when `wait`); whether a position was judged.
    fn step(&mut self, wait: bool) -> bool {
        let next = self.judged.len();
        let Some(end) = self.end.as_ref().filter(|_| next < self.positions()) else {
            return false;
        };
        if self.task.is_none() {
            let position = self.played.get(next).map_or(end, |t| &t.before).clone();
            let level = self.level;
            let stop = Stop::new();
            let worker = stop.clone();
            let task =
                AsyncComputeTaskPool::get().spawn(async move { judge(&position, level, &worker) });
            self.task = Some((task, stop));
        }
        let Some((task, _)) = self.task.as_mut() else {
            return false;
        };
        let found = if wait {
            Some(block_on(task))
        } else {
            block_on(poll_once(task))
        };
        let Some(found) = found else { return false };
        self.task = None;
        self.judged.push(found);
        // A turn is whole once the position after it is judged (or the game ended there).
        let whole = self.judged.len() - 1;
        let Some(end) = self.end.as_ref() else {
            return false;
        };
        let after = self.played.get(whole).map_or(end, |t| &t.before);
        self.turns = assemble(&self.played[..whole], after, &self.judged);
        true
    }
}
