//! The hexchess adapter: its rules core behind [`EngineGame`] and its subcommands.

use serde_json::Value;

use super::cli::CliError;
use super::{EngineGame, GameOptions};

pub fn new_game(_options: &GameOptions) -> Result<Box<dyn EngineGame>, String> {
    Err("hexchess is not served by this build yet".to_string())
}

/// `lodestone simulate hexchess ...`
pub fn simulate(_args: &[String]) -> Result<Value, CliError> {
    Err(CliError::Failed("simulate hexchess is not available in this build yet".to_string()))
}

/// `lodestone bench hexchess ...`
pub fn bench(_args: &[String]) -> Result<Value, CliError> {
    Err(CliError::Failed("bench hexchess is not available in this build yet".to_string()))
}

/// The protocol's `perft` request: leaf count after `moves` from the start position.
pub fn perft(_ruleset: Option<&str>, _depth: u64, _moves: &[String]) -> Result<u64, String> {
    Err("hexchess perft is not available in this build yet".to_string())
}

/// `lodestone perft [--ruleset v011|classic] DEPTH [--divide]`
pub fn perft_cli(_args: &[String]) -> Result<Value, CliError> {
    Err(CliError::Failed("perft is not available in this build yet".to_string()))
}
