//! The rules cores. Nothing in here depends on Bevy, reads a file or reads a clock:
//! `cargo test --no-default-features` builds and tests all of it.
//!
//! The rule documents are in `seeds/`; `docs/rulings.md` settles what they leave open, and
//! the tests cite those rulings by id (V6, H8, W12, P3, ...). [`contract`] is what every
//! game offers the engine, the window and replays.

pub mod analysis;
pub mod contract;
pub mod edit;
pub mod grid;
pub mod hexchess;
#[cfg(test)]
pub mod laws;
pub mod polarity;
pub mod reach;
pub mod review;
pub mod rng;
pub mod stop;
pub mod turns;
pub mod vectress;
#[cfg(test)]
pub(crate) mod vocabulary_tests;
pub mod wavefield;

pub use contract::{Level, Match, Ranked, Refused, Rules, Setup};
pub use stop::Stop;

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

/// A count in a position code: plain decimal digits, no leading zero, at most `most`.
pub(crate) fn code_number(text: &str, most: u32) -> Option<u32> {
    let plain =
        text.bytes().all(|b| b.is_ascii_digit()) && !(text.len() > 1 && text.starts_with('0'));
    text.parse::<u32>().ok().filter(|n| plain && *n <= most)
}

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

/// The one place a [`GameId`] becomes its rules type: `with_rules!(game, G => body)`
/// evaluates `body` with `G` the game's [`Rules`] type. Every list of games elsewhere
/// iterates [`GameId::ALL`] and dispatches through this, so a fifth game is its folders
/// plus its variant, its `ALL` entry, its names below and its arm here (a missing arm or
/// name is a compile error: every `match` on `GameId` is exhaustive).
#[macro_export]
macro_rules! with_rules {
    ($game:expr, $G:ident => $body:expr) => {
        match $game {
            $crate::rules::GameId::Vectress => {
                type $G = $crate::rules::vectress::Game;
                $body
            }
            $crate::rules::GameId::Hexchess => {
                type $G = $crate::rules::hexchess::Game;
                $body
            }
            $crate::rules::GameId::Wavefield => {
                type $G = $crate::rules::wavefield::Game;
                $body
            }
            $crate::rules::GameId::Polarity => {
                type $G = $crate::rules::polarity::Game;
                $body
            }
        }
    };
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

    /// Every protocol id, for messages: "vectress, hexchess, wavefield, polarity".
    pub fn known() -> String {
        GameId::ALL.map(GameId::id).join(", ")
    }

    /// Every protocol id as prose: "vectress, hexchess, wavefield or polarity".
    pub fn known_or() -> String {
        let ids = GameId::ALL.map(GameId::id);
        match ids.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => ids.join(""),
        }
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

    /// The ruleset a position code is played under (`None` for a game with one set of
    /// rules): `asked`, if the code is a position of it; else the first of
    /// [`GameId::rulesets`] the code is a position of. A bad code gets its one sentence.
    pub fn code_ruleset(self, code: &str, asked: Option<&str>) -> Result<Option<String>, String> {
        let starts = |ruleset: Option<&str>| {
            let setup = Setup {
                ruleset: ruleset.map(str::to_string),
                position: Some(code.to_string()),
                ..Setup::default()
            };
            with_rules!(self, G => G::start(&setup).map(|_| ()))
        };
        if asked.is_some() || self.rulesets().is_empty() {
            return starts(asked).map(|()| asked.map(str::to_string));
        }
        match self.rulesets().iter().find(|r| starts(Some(r)).is_ok()) {
            Some(ruleset) => Ok(Some(ruleset.to_string())),
            None => starts(None).map(|()| None),
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
