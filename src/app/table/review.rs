//! The game on the table reviewed (#43, in part): asked from the pause menu ("Review the
//! game") or by itself when a game people play ends, every position is judged on a worker
//! thread, one after another, at the table's level ([`crate::rules::review`]); each turn's
//! mark is known as soon as the position after it is judged, and the move list shows it
//! beside the turn's row. A change of the game's turns starts it over; looking back at
//! the game's own moves keeps the review of the whole game.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use super::{ActionOf, ComputerPace, Played, Seats, TableGame, TableSystems};
use crate::rules::review::{Judged, Mark, PlayedTurn, Reviewed, assemble, judge, turns_of};
use crate::rules::{Level, Match, Rules, Stop};

/// What is known of the review of the game on the table.
#[derive(Resource)]
pub struct TableReview<G: TableGame> {
    /// The actions reviewed (a change of them starts the review over).
    actions: Vec<ActionOf<G>>,
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
            actions: Vec::new(),
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

    /// Starts over on `game`'s turns.
    fn restart(&mut self, game: &Match<G::Rules>) {
        if let Some((_, stop)) = self.task.take() {
            stop.raise();
        }
        self.actions = game.actions().to_vec();
        self.judged.clear();
        self.turns.clear();
        let start = Match::<G::Rules>::new(game.setup().clone()).map(|m| m.rules().clone());
        match start.and_then(|start| turns_of(&start, &self.actions)) {
            Ok((played, end)) => (self.played, self.end) = (played, Some(end)),
            Err(_) => (self.played, self.end) = (Vec::new(), None),
        }
    }
}

/// Asks for a review (the pause menu's button).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReviewAsked;

pub(super) fn plugin<G: TableGame>(app: &mut App) {
    app.init_resource::<TableReview<G>>().add_systems(
        Update,
        (take_asks::<G>, review_step::<G>)
            .chain()
            .in_set(TableSystems::Show)
            .run_if(resource_exists::<Played<G>>),
    );
}

pub(super) fn configure(app: &mut App) {
    app.add_message::<ReviewAsked>();
}

/// The pause menu's ask, and a people's game that has just ended.
fn take_asks<G: TableGame>(
    mut asks: MessageReader<ReviewAsked>,
    played: Res<Played<G>>,
    seats: Res<Seats>,
    mut review: ResMut<TableReview<G>>,
) {
    let asked = asks.read().count() > 0;
    let ended = played.game.is_over() && seats.people_play() && !played.game.actions().is_empty();
    if (asked || ended) && !review.asked {
        review.ask();
    }
}

/// Judges the next position, one at a time on a worker (waited for in the frame in
/// lockstep), and puts together every turn whose following position is judged.
fn review_step<G: TableGame>(
    played: Res<Played<G>>,
    live: Res<super::LiveAside<G>>,
    seats: Res<Seats>,
    pace: Option<Res<ComputerPace>>,
    mut review: ResMut<TableReview<G>>,
) {
    let review = &mut *review;
    if !review.asked {
        return;
    }
    // Looking back at its own moves, the game under way is the one reviewed.
    let game = live.0.as_ref().unwrap_or(&played.game);
    if review.actions.as_slice() != game.actions() {
        review.restart(game);
    }
    let next = review.judged.len();
    let Some(end) = review.end.as_ref().filter(|_| next < review.positions()) else {
        return;
    };
    if review.task.is_none() {
        let position = review.played.get(next).map_or(end, |t| &t.before).clone();
        let level: Level = seats.level;
        let stop = Stop::new();
        let worker = stop.clone();
        let task =
            AsyncComputeTaskPool::get().spawn(async move { judge(&position, level, &worker) });
        review.task = Some((task, stop));
    }
    let lockstep = pace.is_some_and(|p| *p == ComputerPace::Lockstep);
    let Some((task, _)) = review.task.as_mut() else {
        return;
    };
    let found = if lockstep {
        Some(block_on(task))
    } else {
        block_on(poll_once(task))
    };
    let Some(found) = found else { return };
    review.task = None;
    review.judged.push(found);
    // A turn is whole once the position after it is judged (or the game ended there).
    let whole = review.judged.len() - 1;
    let Some(end) = review.end.as_ref() else {
        return;
    };
    let after = review.played.get(whole).map_or(end, |t| &t.before);
    review.turns = assemble(&review.played[..whole], after, &review.judged);
}
