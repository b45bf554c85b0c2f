//! The engine: the rules cores served to scripts (`lodestone engine`, the JSON-lines
//! protocol of `PROTOCOL.md`) and the `simulate`, `bench` and `perft` subcommands.
//!
//! Each game plugs in through one adapter module (`engine::vectress`, ...) that turns its
//! rules core into an [`EngineGame`] and owns its own subcommand options.

pub mod cli;
pub mod hexchess;
pub mod polarity;
pub mod progress;
pub mod protocol;
pub mod vectress;
pub mod wavefield;

use serde_json::Value;

use crate::rules::GameId;

/// One game in progress, as the protocol sees it: actions and answers in the protocol's
/// notation and JSON shapes.
pub trait EngineGame {
    /// Plays one action written in the protocol's notation; on refusal, one sentence that
    /// names the rule broken. A refused action changes nothing.
    fn play(&mut self, action: &str) -> Result<(), String>;
    /// Takes back the last action.
    fn undo(&mut self) -> Result<(), String>;
    /// Plays the engine's own choice of action.
    fn play_ai(&mut self) -> Result<(), String>;
    /// The protocol's STATE object.
    fn state(&self) -> Value;
    /// The legal actions of the current position in the protocol's notation, sorted as
    /// plain strings (byte order); empty when the game is over.
    fn legal(&self) -> Vec<String>;
    /// The RESOLUTION of the last action, `Value::Null` when none was played.
    fn last(&self) -> Value;
}

/// Options a request may carry when it starts a game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameOptions {
    /// Hex chess: `"v011"` (default) or `"classic"`.
    pub ruleset: Option<String>,
    /// Games with dice: the seed of the game's generator (default 0).
    pub seed: Option<u64>,
}

/// Starts a game of `game` from its start position.
pub fn new_game(game: GameId, options: &GameOptions) -> Result<Box<dyn EngineGame>, String> {
    if options.ruleset.is_some() && game != GameId::Hexchess {
        return Err(format!(
            "{} has no rulesets; only hexchess takes \"ruleset\"",
            game.id()
        ));
    }
    match game {
        GameId::Vectress => vectress::new_game(options),
        GameId::Hexchess => hexchess::new_game(options),
        GameId::Wavefield => wavefield::new_game(options),
        GameId::Polarity => polarity::new_game(options),
    }
}

/// The answer every `replay`, `play`, `undo`, `state` and `ai` request gets on success.
pub fn position_answer(game: &dyn EngineGame) -> serde_json::Map<String, Value> {
    let mut answer = serde_json::Map::new();
    answer.insert("ok".into(), Value::Bool(true));
    answer.insert("state".into(), game.state());
    answer.insert(
        "legal".into(),
        Value::Array(game.legal().into_iter().map(Value::String).collect()),
    );
    answer.insert("last".into(), game.last());
    answer
}
