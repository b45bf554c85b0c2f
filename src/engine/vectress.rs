//! The vectress adapter: its rules core behind [`EngineGame`] and its subcommands.

use serde_json::Value;

use super::cli::CliError;
use super::{EngineGame, GameOptions};

pub fn new_game(_options: &GameOptions) -> Result<Box<dyn EngineGame>, String> {
    Err("vectress is not served by this build yet".to_string())
}

/// `lodestone simulate vectress ...`
pub fn simulate(_args: &[String]) -> Result<Value, CliError> {
    Err(CliError::Failed("simulate vectress is not available in this build yet".to_string()))
}

/// `lodestone bench vectress ...`
pub fn bench(_args: &[String]) -> Result<Value, CliError> {
    Err(CliError::Failed("bench vectress is not available in this build yet".to_string()))
}
