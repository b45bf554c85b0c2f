//! The wavefield adapter: its rules core behind [`EngineGame`] and its subcommands.

use serde_json::Value;

use super::cli::CliError;
use super::{EngineGame, GameOptions};

pub fn new_game(_options: &GameOptions) -> Result<Box<dyn EngineGame>, String> {
    Err("wavefield is not served by this build yet".to_string())
}

/// `lodestone simulate wavefield ...`
pub fn simulate(_args: &[String]) -> Result<Value, CliError> {
    Err(CliError::Failed("simulate wavefield is not available in this build yet".to_string()))
}

/// `lodestone bench wavefield ...`
pub fn bench(_args: &[String]) -> Result<Value, CliError> {
    Err(CliError::Failed("bench wavefield is not available in this build yet".to_string()))
}
