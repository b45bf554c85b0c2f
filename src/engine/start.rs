//! Where a command's game starts: the options `analyse` and `code` share (`--moves`,
//! `--position`, `--ruleset`, `--seed`), and the session they open.

use super::cli::CliError;
use super::wire::{EngineSession, new_session};
use crate::rules::{GameId, Setup};

/// A game's start and the moves played from it.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct StartOptions {
    /// The moves in the engine's notation, separated by commas (Wave Field's tunings hold
    /// spaces: `--moves "tune R+T-A-B-,D6-D3"`), played from the start or from --position.
    #[arg(long, num_args = 1.., value_delimiter = ',')]
    pub moves: Vec<String>,
    /// A position code to start from instead of the game's start (docs/codes.md).
    #[arg(long, value_name = "CODE")]
    pub position: Option<String>,
    /// Hex chess only: v011 (the default) or classic.
    #[arg(long)]
    pub ruleset: Option<String>,
    /// The game's seed (Wave Field's dice; every game's computer tie-breaks).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

impl StartOptions {
    pub fn setup(&self) -> Setup {
        Setup {
            ruleset: self.ruleset.clone(),
            seed: self.seed,
            position: self.position.clone(),
        }
    }

    /// The session after the moves; `usage` words a refusal (a bad code, a refused move).
    pub fn session(
        &self,
        game: GameId,
        usage: impl Fn(String) -> CliError,
    ) -> Result<Box<dyn EngineSession>, CliError> {
        let mut session = new_session(game, &self.setup()).map_err(&usage)?;
        for (ply, action) in self.moves.iter().enumerate() {
            session
                .play(action)
                .map_err(|why| usage(format!("move {} ({action}) is refused: {why}", ply + 1)))?;
        }
        Ok(session)
    }
}
