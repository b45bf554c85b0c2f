//! The engine: the rules cores served to scripts (`lodestone engine`, the JSON-lines
//! protocol of `docs/protocol.md`) and the `simulate`, `bench`, `perft`, `mine`,
//! `scenarios` and `puzzles` subcommands.
//!
//! Every game is served by one generic session ([`wire::EngineSession`] over
//! [`crate::rules::Match`]); [`wire`] holds each game's STATE and RESOLUTION shapes, and
//! `engine::<game>` its own subcommand options.

pub mod analysis;
pub mod cli;
pub mod code;
pub mod fit;
pub mod hexchess;
pub mod polarity;
pub mod preview;
pub mod progress;
pub mod protocol;
pub mod puzzles;
pub mod request;
pub mod review;
pub mod showcase;
pub mod start;
pub mod time_cap;
pub mod timing;
pub mod vectress;
pub mod wavefield;
pub mod wavefield_rescue;
pub mod wire;

pub use wire::{EngineSession, Wire, new_session};

use crate::rules::GameId;
use cli::CliError;

/// `lodestone simulate GAME ...`: each game's own options (the engine's registry of them).
pub fn simulate(game: GameId, options: &[String]) -> Result<serde_json::Value, CliError> {
    match game {
        GameId::Vectress => vectress::simulate(options),
        GameId::Hexchess => hexchess::simulate(options),
        GameId::Wavefield => wavefield::simulate(options),
        GameId::Polarity => polarity::simulate(options),
    }
}

/// `lodestone bench GAME ...`.
/// Every game's figures also carry `preview_median_ms`, what a hover preview costs the
/// rules (see [`preview`]).
pub fn bench(game: GameId, options: &[String]) -> Result<serde_json::Value, CliError> {
    let mut figures = match game {
        GameId::Vectress => vectress::bench(options),
        GameId::Hexchess => hexchess::bench(options),
        GameId::Wavefield => wavefield::bench(options),
        GameId::Polarity => polarity::bench(options),
    }?;
    if let Some(object) = figures.as_object_mut() {
        let ms = crate::with_rules!(game, G => preview::median_ms::<G>(200, 9, 17));
        object.insert("preview_median_ms".to_string(), serde_json::json!(ms));
    }
    Ok(figures)
}
