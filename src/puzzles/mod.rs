//! Puzzles: positions reached in play where one turn meets a goal the rules decide, with
//! the complete list of turns that meet it. No Bevy: `lodestone puzzles` lists them, the
//! miner (`lodestone mine GAME --puzzles N`) finds them, the window's Learn screen plays
//! them.
//!
//! A puzzle is kept as the actions from the start (like a replay), its [`Goal`], every
//! solution in the engine's notation and a difficulty. Every turn the side to move has is
//! judged by playing it through the rules ([`judge`]); a test replays each stored puzzle
//! and checks its solutions are exactly the turns that meet its goal.

pub mod judge;
pub mod library;
pub mod mine;
pub mod own;

mod games;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::showcase::Showcase;

/// What the turn must do, decided by the rules once it is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Goal {
    /// Win the game at once (Vectress: a Core or the fifth magnet off; hex chess: mate;
    /// Wave Field: the enemy Big Hat trapped for good; Polarity: the tenth stone).
    Win,
    /// Take at least this many, without losing the game with the same turn: enemy
    /// magnets off the board (Vectress), points of material captured (hex chess: pawn 1,
    /// knight and bishop 3, rook 5, queen 9), enemy pieces removed (Wave Field), stones
    /// taken (Polarity).
    Take { at_least: u32 },
}

impl Goal {
    /// The goal for a script: `{"kind": "win"}` or `{"kind": "take", "at_least": N,
    /// "counts": "magnets"}` (what is counted, per game).
    pub fn to_json<G: Puzzler>(self) -> Value {
        match self {
            Goal::Win => json!({"kind": "win"}),
            Goal::Take { at_least } => {
                json!({"kind": "take", "at_least": at_least, "counts": G::COUNTS})
            }
        }
    }

    /// The goal in one line, as the player reads it.
    pub fn line<G: Puzzler>(self) -> String {
        match self {
            Goal::Win => G::WIN_GOAL.to_string(),
            Goal::Take { at_least } => G::take_goal(at_least),
        }
    }

    /// Whether a turn that did `tried` meets the goal.
    pub fn met(self, tried: &judge::Tried) -> bool {
        match self {
            Goal::Win => tried.won,
            Goal::Take { at_least } => !tried.lost && tried.taken >= at_least,
        }
    }
}

/// What each game adds to its showcase for puzzles: what a `take` goal counts, and the
/// words of its goals and of a try that falls short.
pub trait Puzzler: Showcase {
    /// The unit a take goal counts, for scripts (`"magnets"`).
    const COUNTS: &'static str;
    /// The least a mined take puzzle asks for.
    const TAKE_AT_LEAST: u32;
    /// The win goal in one line.
    const WIN_GOAL: &'static str;
    /// The game's puzzle file, `assets/puzzles/<game>.ron`, compiled in.
    const PUZZLES: &'static str;

    /// How many the last action of a turn took (see [`Goal::Take`]), played from `before`
    /// and reaching `after`.
    fn taken(before: &Self, resolution: &Self::Resolution, after: &Self) -> u32;

    /// Whether the turn just played by `mover` won: by default the game is over and won.
    fn won(after: &Self, mover: Self::Side) -> bool {
        after.winner() == Some(mover)
    }

    /// Whether the turn just played by `mover` lost the game at once.
    fn lost(after: &Self, mover: Self::Side) -> bool {
        after.is_over() && after.winner().is_some_and(|w| w != mover)
    }

    /// `n` of what a take goal counts, in words ("2 enemy magnets off the board").
    fn amount(n: u32) -> String;

    /// The take goal in one line.
    fn take_goal(at_least: u32) -> String {
        format!("Take at least {} with one turn", Self::amount(at_least))
    }
}

/// A stored puzzle: the actions from the start (engine notation), the setup, the goal,
/// every solution and how hard it is (1 to 5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    pub name: String,
    pub actions: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<String>,
    #[serde(default)]
    pub seed: u64,
    pub goal: Goal,
    /// Every turn that meets the goal, each as [`judge::try_turn`] writes it.
    pub solutions: Vec<String>,
    pub difficulty: u8,
    /// Turns the side to move had: how few of them solve it is part of the difficulty.
    pub turns: usize,
}

impl Puzzle {
    pub fn setup(&self) -> crate::rules::Setup {
        crate::rules::Setup {
            ruleset: self.ruleset.clone(),
            seed: self.seed,
            position: None,
        }
    }
}
