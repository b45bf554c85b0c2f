//! The polarity adapter: its rules core behind [`EngineGame`] and its subcommands.

use serde_json::Value;

use super::cli::CliError;
use super::{EngineGame, GameOptions};

pub fn new_game(_options: &GameOptions) -> Result<Box<dyn EngineGame>, String> {
    Err("polarity is not served by this build yet".to_string())
}

/// `lodestone simulate polarity ...`
pub fn simulate(_args: &[String]) -> Result<Value, CliError> {
    Err(CliError::Failed("simulate polarity is not available in this build yet".to_string()))
}

/// `lodestone bench polarity ...`
pub fn bench(_args: &[String]) -> Result<Value, CliError> {
    Err(CliError::Failed("bench polarity is not available in this build yet".to_string()))
}
