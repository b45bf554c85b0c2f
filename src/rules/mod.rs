//! The rules cores. Nothing in here depends on Bevy, reads a file or reads a clock:
//! `cargo test --no-default-features` builds and tests all of it.
//!
//! The rule documents are in `seeds/`; `docs/rulings.md` settles what they leave open, and
//! the tests cite those rulings by id (V6, H8, W12, P3, ...). [`contract`] is what every
//! game offers the engine, the window and replays.

pub mod contract;
pub mod grid;
pub mod hexchess;
#[cfg(test)]
pub mod laws;
pub mod polarity;
pub mod rng;
pub mod vectress;
#[cfg(test)]
mod vocabulary_tests;
pub mod wavefield;

pub use contract::{Level, Match, Refused, Rules, Setup};

/// A refused action: text that is not an action of the game, or an action its rules forbid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionError<N, R> {
    Notation(N),
    Rules(R),
}

impl<N: std::fmt::Display, R: std::fmt::Display> std::fmt::Display for ActionError<N, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ActionError::Notation(e) => e.fmt(f),
            ActionError::Rules(e) => e.fmt(f),
        }
    }
}

impl<N: std::error::Error, R: std::error::Error> std::error::Error for ActionError<N, R> {}

/// Refuses a ruleset for a game that has only one set of rules.
pub(crate) fn no_ruleset(game: GameId, setup: &Setup) -> Result<(), String> {
    match setup.ruleset {
        None => Ok(()),
        Some(_) => Err(format!(
            "{} has no rulesets; only hexchess takes \"ruleset\"",
            game.id()
        )),
    }
}

/// The games Lodestone serves, by their protocol ids.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum GameId {
    Vectress,
    Hexchess,
    Wavefield,
    Polarity,
}

impl GameId {
    pub const ALL: [GameId; 4] = [
        GameId::Vectress,
        GameId::Hexchess,
        GameId::Wavefield,
        GameId::Polarity,
    ];

    /// The protocol id (`"vectress"`, ...).
    pub fn id(self) -> &'static str {
        match self {
            GameId::Vectress => "vectress",
            GameId::Hexchess => "hexchess",
            GameId::Wavefield => "wavefield",
            GameId::Polarity => "polarity",
        }
    }

    /// The name shown to players.
    pub fn title(self) -> &'static str {
        match self {
            GameId::Vectress => "Vectress",
            GameId::Hexchess => "Hex chess v011",
            GameId::Wavefield => "Wave Field",
            GameId::Polarity => "Polarity",
        }
    }

    pub fn parse(id: &str) -> Option<GameId> {
        GameId::ALL.into_iter().find(|g| g.id() == id)
    }

    /// The sides' names, the first to move first (the order of [`Rules::SIDES`]), as the
    /// command line and the new-game dialog write them.
    pub fn side_names(self) -> [&'static str; 2] {
        match self {
            GameId::Vectress | GameId::Hexchess => ["white", "black"],
            GameId::Wavefield => ["blue", "red"],
            GameId::Polarity => ["one", "two"],
        }
    }

    /// The rulesets a game can be started with, the default first; empty when it has one
    /// set of rules.
    pub fn rulesets(self) -> &'static [&'static str] {
        match self {
            GameId::Hexchess => &["v011", "classic"],
            _ => &[],
        }
    }
}
