//! The table's state, split by what reads it: the game on the table ([`Played`]), who sits
//! where ([`Seats`]), the line it has to say ([`TableNote`]), the requests waiting
//! ([`Requests`]), the last playback's decorations ([`PlaybackEffects`]) and whether the
//! pieces wait to be snapped to the rules ([`PendingSync`]). Each system takes what it uses.

use std::collections::VecDeque;

use bevy::prelude::*;

use super::{ActionOf, Request, TableGame};
use crate::app::PlayMode;
use crate::app::playback::PlaybackQueue;
use crate::rules::{Level, Match, Rules};

/// The game on the table: the rules state with the turns that built it (so undo is exact),
/// and how often it changed.
#[derive(Resource)]
pub struct Played<G: TableGame> {
    pub game: Match<G::Rules>,
    /// Changes to the rules state so far (plays, undos, new games, edits): what the
    /// pictures and the save compare with what they last showed or wrote.
    pub changes: u64,
    /// Where a new game starts instead of the game's start: the position a lesson or a
    /// puzzle was set out at (taking back a wrong try is starting over there).
    pub start_over: Option<Match<G::Rules>>,
    /// The side whose flag fell on a time control (the rules know nothing of time): the
    /// game is over while it stands; undo gives the time back and lifts it.
    pub flag: Option<usize>,
}

impl<G: TableGame> Played<G> {
    pub fn new(game: Match<G::Rules>) -> Self {
        Played {
            game,
            changes: 0,
            start_over: None,
            flag: None,
        }
    }

    /// Puts `game` on the table as a change (undo, new game, a loaded or edited game).
    pub fn replace(&mut self, game: Match<G::Rules>) {
        self.game = game;
        self.changed();
    }

    /// Whether the game is over: by its rules, or on time.
    pub fn over(&self) -> bool {
        self.game.is_over() || self.flag.is_some()
    }

    /// Counts a change made to `game` in place.
    pub fn changed(&mut self) {
        self.changes += 1;
    }

    /// The index (as in `Rules::SIDES`) of the side to move.
    pub fn to_move(&self) -> usize {
        side_index::<G::Rules>(self.game.to_move())
    }
}

/// The index of `side` in `R::SIDES` (0 opens).
pub fn side_index<R: Rules>(side: R::Side) -> usize {
    R::SIDES.iter().position(|s| *s == side).unwrap_or(0)
}

/// How the game on the table is played: the mode, the side a person takes against the
/// computer, and the computer's level.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seats {
    pub mode: PlayMode,
    /// The side (its index in `Rules::SIDES`) a person plays against the computer; `None`
    /// in the other modes.
    pub human: Option<usize>,
    pub level: Level,
}

impl Default for Seats {
    fn default() -> Self {
        Seats {
            mode: PlayMode::Board,
            human: None,
            level: Level::Strong,
        }
    }
}

impl Seats {
    /// Whether the side `to_move` (an index) is played by a person here.
    pub fn human_to_move(&self, to_move: usize) -> bool {
        match self.mode {
            PlayMode::HotSeat | PlayMode::Board | PlayMode::Exercise => true,
            PlayMode::VsComputer => self.human == Some(to_move),
            PlayMode::Demo | PlayMode::Showcase | PlayMode::Setup => false,
        }
    }

    /// Whether a person may act on `played` now: their turn, the game running, nothing
    /// playing, no replay being watched.
    pub fn may_act<G: TableGame>(
        &self,
        played: &Played<G>,
        queue: &PlaybackQueue,
        viewing: bool,
    ) -> bool {
        queue.is_idle() && self.human_to_move(played.to_move()) && !played.over() && !viewing
    }

    /// Whether the game is one people play (kept as a replay, saved as it goes).
    pub fn people_play(&self) -> bool {
        matches!(self.mode, PlayMode::HotSeat | PlayMode::VsComputer)
    }
}

/// The last refusal, or anything else worth telling the player, said in the status.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct TableNote(pub Option<String>);

/// What a person, a script or a test asked the table of `G` for, waiting to be played in
/// order (one a frame while no playback runs).
#[derive(Resource)]
pub struct Requests<G: TableGame>(pub VecDeque<Request<ActionOf<G>>>);

impl<G: TableGame> Default for Requests<G> {
    fn default() -> Self {
        Requests(VecDeque::new())
    }
}

impl<G: TableGame> Requests<G> {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn push(&mut self, request: Request<ActionOf<G>>) {
        self.0.push_back(request);
    }
}

/// The last playback's decorations (kept hidden so it can be replayed): cleared with the
/// next action's playback.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct PlaybackEffects(pub Vec<Entity>);

/// The pieces wait to be snapped to the rules state once the playback is idle.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PendingSync(bool);

impl PendingSync {
    /// Asks for the entities to be snapped to the rules state once playback is idle.
    pub fn request(&mut self) {
        self.0 = true;
    }

    /// True once after a playback ended: the game snaps its entities to the rules state.
    pub fn take(&mut self, queue: &PlaybackQueue) -> bool {
        if self.0 && queue.is_idle() {
            self.0 = false;
            true
        } else {
            false
        }
    }

    pub fn clear(&mut self) {
        self.0 = false;
    }
}
