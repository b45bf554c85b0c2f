//! The protocol's view of a game (docs/protocol.md): STATE and RESOLUTION as serde types,
//! the legal list as sorted strings, and the one generic session every game is served by.

mod hexchess;
mod polarity;
mod vectress;
mod wavefield;

use serde::Serialize;
use serde_json::Value;

use crate::rules::{GameId, Level, Match, Refused, Rules, Setup};

/// A game as the protocol writes it. Only what is really the game's own lives in its
/// implementation: the shapes of STATE and RESOLUTION and a few sentences.
pub trait Wire: Rules {
    /// The protocol's STATE object.
    type State: Serialize;
    /// The protocol's RESOLUTION object.
    type Last: Serialize;
    fn state(&self) -> Self::State;
    fn wire_resolution(resolution: &Self::Resolution) -> Self::Last;
    /// `undo` at the start, in the game's words from before the games shared one session
    /// (scripts may match them; `tests/engine/golden` pins them).
    const NOTHING_TO_UNDO: &'static str;
    /// `ai` with nothing to play, likewise in the game's earlier words (`reason`: the
    /// outcome's, where the state has one).
    fn nothing_to_choose(reason: Option<&str>) -> String;
    /// The legal actions in the protocol's notation, sorted as plain strings.
    fn legal_notation(&self) -> Vec<String> {
        let mut legal: Vec<String> = self
            .legal_actions()
            .into_iter()
            .map(|a| self.write_action(a))
            .collect();
        legal.sort();
        legal
    }
}

/// A session as the protocol drives it, whatever its game.
pub trait EngineSession: Send {
    /// Plays one action written in the protocol's notation; a refusal changes nothing.
    fn play(&mut self, action: &str) -> Result<(), String>;
    /// Takes back the last request's turn (an `ai` turn that tuned and moved is one).
    fn undo(&mut self) -> Result<(), String>;
    /// Plays the computer's choice at `level`.
    fn play_ai(&mut self, level: Level) -> Result<(), String>;
    /// The answer to `replay`, `play`, `undo`, `state` and `ai`: `ok`, `state`, `legal`, `last`.
    fn answer(&self) -> Value;
    /// The answer to `analyse` (see [`crate::engine::analysis::analyse`]).
    fn analyse(&self, question: &crate::engine::analysis::Question) -> Result<Value, String>;
    /// The position's code (docs/codes.md).
    fn code(&self) -> String;
}

#[derive(Serialize)]
struct PositionAnswer<S, L> {
    ok: bool,
    code: String,
    state: S,
    legal: Vec<String>,
    last: Option<L>,
}

impl<G: Wire> EngineSession for Match<G> {
    fn play(&mut self, action: &str) -> Result<(), String> {
        self.play_text(action)
            .map(|_| ())
            .map_err(|e| refusal::<G>(self.rules(), e))
    }

    fn undo(&mut self) -> Result<(), String> {
        Match::undo(self)
            .map(|_| ())
            .map_err(|e| refusal::<G>(self.rules(), e))
    }

    fn play_ai(&mut self, level: Level) -> Result<(), String> {
        // A protocol's `ai` request never stalls a script: the level's time cap holds.
        let (stop, _watch) =
            crate::engine::time_cap::Watch::start(crate::engine::time_cap::cap(G::GAME, level));
        self.play_computer(level, &stop)
            .map(|_| ())
            .map_err(|e| refusal::<G>(self.rules(), e))
    }

    fn answer(&self) -> Value {
        let game = self.rules();
        let answer = PositionAnswer {
            ok: true,
            code: game.code(),
            state: game.state(),
            legal: game.legal_notation(),
            last: game.last().map(G::wire_resolution),
        };
        // Through `Value`, so keys come out in one order whatever the struct's.
        serde_json::to_value(answer).unwrap_or(Value::Null)
    }

    fn analyse(&self, question: &crate::engine::analysis::Question) -> Result<Value, String> {
        crate::engine::analysis::analyse(self.rules(), question)
    }

    fn code(&self) -> String {
        self.rules().code()
    }
}

fn refusal<G: Wire>(game: &G, refused: Refused<G::Illegal>) -> String {
    match refused {
        Refused::Illegal(e) => e.to_string(),
        Refused::NothingToUndo => G::NOTHING_TO_UNDO.to_string(),
        Refused::GameOver => {
            // The reason as STATE names it (hex chess's sentence quotes it).
            let state = serde_json::to_value(game.state()).unwrap_or(Value::Null);
            G::nothing_to_choose(state["outcome"]["reason"].as_str())
        }
    }
}

/// Starts a game of `game` from `setup` (seed, and ruleset for hex chess).
pub fn new_session(game: GameId, setup: &Setup) -> Result<Box<dyn EngineSession>, String> {
    fn boxed<G: Wire>(setup: &Setup) -> Result<Box<dyn EngineSession>, String> {
        Ok(Box::new(Match::<G>::new(setup.clone())?))
    }
    crate::with_rules!(game, G => boxed::<G>(setup))
}

/// A Wave Field session from developer-mode definitions (W11), seeded like any other.
pub fn new_wavefield_session(
    setup: &Setup,
    definitions: crate::rules::wavefield::definitions::Definitions,
) -> Result<Box<dyn EngineSession>, String> {
    let mut m = Match::<crate::rules::wavefield::Game>::new(setup.clone())?;
    m.rules_mut()
        .restart_with(definitions)
        .map_err(|e| format!("\"definitions\" are not usable ({e})"))?;
    Ok(Box::new(m))
}

/// A two-cell pair as the protocol lists it: the two names in byte order.
fn sorted_pair(a: String, b: String) -> [String; 2] {
    if a <= b { [a, b] } else { [b, a] }
}

/// A finished game's outcome as the protocol writes it.
#[derive(Serialize)]
struct WireOutcome {
    winner: Option<&'static str>,
    reason: &'static str,
}

/// A piece as STATE lists it: its cell and type, and its side under the game's own keys.
#[derive(Serialize)]
struct WirePiece<S: Serialize> {
    cell: String,
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(flatten)]
    side: S,
}

/// A stone or piece moved from one cell to another.
#[derive(Serialize, PartialEq, Eq, PartialOrd, Ord)]
struct WireMove {
    from: String,
    to: String,
}

/// Values per side, keyed by the side's protocol name.
type PerSide<T> = std::collections::BTreeMap<&'static str, T>;
