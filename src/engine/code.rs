//! `lodestone code GAME`: the position after `--moves` (or the one `--position` gives,
//! normalised) written as its code (docs/codes.md), one line on standard output.

use serde_json::Value;

use super::cli::{CliError, parse_options};
use super::start::StartOptions;
use crate::rules::GameId;

#[derive(clap::Parser, Debug)]
struct CodeOptions {
    #[command(flatten)]
    start: StartOptions,
}

pub fn code_cli(game: GameId, args: &[String]) -> Result<Value, CliError> {
    let command = format!("lodestone code {}", game.id());
    let options: CodeOptions = parse_options(&command, args)?;
    let usage = |why: String| CliError::Usage(format!("code {}: {why}", game.id()));
    let session = options.start.session(game, usage)?;
    println!("{}", session.code());
    Ok(Value::Null)
}
