//! The protocol's requests as one typed enum, tagged on `cmd` (docs/protocol.md).
//!
//! Every field is read leniently into a [`Checked`] value: a field of the wrong type is
//! not a deserialization failure but a sentence the handler returns when it reaches that
//! field, so a request with several faults is answered by the first one in the order the
//! protocol checks them (game, moves, ruleset, seed, definitions; session, then move).

use serde::{Deserialize, Deserializer};
use serde_json::Value;

use crate::rules::wavefield::definitions::Definitions;
use crate::rules::{GameId, Level};

/// A field as sent: `None` when absent, else its value or the sentence saying what is wrong.
pub type Checked<T> = Option<Result<T, Fault>>;

/// What is wrong with a field: the sentence, and for a move list the index of the bad move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    pub error: String,
    pub ply: Option<usize>,
}

impl Fault {
    fn new(error: impl Into<String>) -> Fault {
        Fault {
            error: error.into(),
            ply: None,
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(tag = "cmd", rename_all = "lowercase")]
pub enum Request {
    Games {},
    Replay {
        #[serde(default, deserialize_with = "game")]
        game: Checked<GameId>,
        #[serde(default, deserialize_with = "moves")]
        moves: Checked<Vec<String>>,
        #[serde(default, deserialize_with = "ruleset")]
        ruleset: Checked<String>,
        #[serde(default, deserialize_with = "seed")]
        seed: Checked<u64>,
        /// A position code to start from (docs/codes.md).
        #[serde(default, deserialize_with = "position")]
        position: Checked<String>,
        /// Wave Field only: developer-mode wave definitions (W11).
        #[serde(default, deserialize_with = "definitions")]
        definitions: Checked<Definitions>,
    },
    New {
        #[serde(default, deserialize_with = "game")]
        game: Checked<GameId>,
        #[serde(default, deserialize_with = "ruleset")]
        ruleset: Checked<String>,
        #[serde(default, deserialize_with = "seed")]
        seed: Checked<u64>,
        /// A position code to start from (docs/codes.md).
        #[serde(default, deserialize_with = "position")]
        position: Checked<String>,
        #[serde(default, deserialize_with = "definitions")]
        definitions: Checked<Definitions>,
    },
    Play {
        #[serde(default, deserialize_with = "session")]
        session: Checked<u64>,
        #[serde(rename = "move", default, deserialize_with = "action")]
        action: Checked<String>,
    },
    Undo {
        #[serde(default, deserialize_with = "session")]
        session: Checked<u64>,
    },
    State {
        #[serde(default, deserialize_with = "session")]
        session: Checked<u64>,
    },
    Ai {
        #[serde(default, deserialize_with = "session")]
        session: Checked<u64>,
        #[serde(default, deserialize_with = "level")]
        level: Checked<Level>,
    },
    /// A position's best turns, or its threat: a session's position, or a game's from its
    /// moves (as `replay` gives it).
    Analyse {
        #[serde(default, deserialize_with = "session")]
        session: Checked<u64>,
        #[serde(default, deserialize_with = "game")]
        game: Checked<GameId>,
        #[serde(default, deserialize_with = "moves")]
        moves: Checked<Vec<String>>,
        #[serde(default, deserialize_with = "ruleset")]
        ruleset: Checked<String>,
        #[serde(default, deserialize_with = "seed")]
        seed: Checked<u64>,
        /// A position code to start from (docs/codes.md).
        #[serde(default, deserialize_with = "position")]
        position: Checked<String>,
        #[serde(default, deserialize_with = "definitions")]
        definitions: Checked<Definitions>,
        #[serde(default, deserialize_with = "top")]
        top: Checked<u64>,
        #[serde(default, deserialize_with = "line")]
        line: Checked<u64>,
        #[serde(default, deserialize_with = "level")]
        level: Checked<Level>,
        #[serde(default, deserialize_with = "threat")]
        threat: Checked<bool>,
    },
    Perft {
        /// Whether the request names hex chess (the only game perft serves).
        #[serde(default, deserialize_with = "names_hexchess")]
        game: Checked<bool>,
        #[serde(default, deserialize_with = "ruleset")]
        ruleset: Checked<String>,
        #[serde(default, deserialize_with = "depth")]
        depth: Checked<u64>,
        #[serde(default, deserialize_with = "moves")]
        moves: Checked<Vec<String>>,
    },
}

/// The commands, as `cmd` names them.
pub const COMMANDS: [&str; 9] = [
    "games", "replay", "new", "play", "undo", "state", "ai", "analyse", "perft",
];

/// Reads a field as any JSON value and checks it with `check`; never fails.
fn lenient<'de, D, T>(
    d: D,
    check: impl FnOnce(Value) -> Result<T, Fault>,
) -> Result<Checked<T>, D::Error>
where
    D: Deserializer<'de>,
{
    Ok(Some(check(Value::deserialize(d)?)))
}

fn game<'de, D: Deserializer<'de>>(d: D) -> Result<Checked<GameId>, D::Error> {
    lenient(d, |v| match v {
        Value::String(g) => GameId::parse(&g).ok_or_else(|| {
            Fault::new(format!("unknown game \"{g}\" (known: {})", GameId::known()))
        }),
        _ => Err(Fault::new("\"game\" must be a string")),
    })
}

fn moves<'de, D: Deserializer<'de>>(d: D) -> Result<Checked<Vec<String>>, D::Error> {
    lenient(d, |v| match v {
        Value::Array(items) => items
            .into_iter()
            .enumerate()
            .map(|(i, item)| match item {
                Value::String(s) => Ok(s),
                _ => Err(Fault {
                    error: format!("move {i} is not a string"),
                    ply: Some(i),
                }),
            })
            .collect(),
        _ => Err(Fault::new("\"moves\" must be a list of strings")),
    })
}

fn ruleset<'de, D: Deserializer<'de>>(d: D) -> Result<Checked<String>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Null => None,
        Value::String(r) => Some(Ok(r)),
        _ => Some(Err(Fault::new("\"ruleset\" must be a string"))),
    })
}

fn position<'de, D: Deserializer<'de>>(d: D) -> Result<Checked<String>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Null => None,
        Value::String(code) => Some(Ok(code)),
        _ => Some(Err(Fault::new(
            "\"position\" must be a string (a position code)",
        ))),
    })
}

fn seed<'de, D: Deserializer<'de>>(d: D) -> Result<Checked<u64>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Null => None,
        Value::Number(n) => Some(
            n.as_u64()
                .ok_or_else(|| Fault::new("\"seed\" must be a whole number from 0")),
        ),
        _ => Some(Err(Fault::new("\"seed\" must be a number"))),
    })
}

/// Wave definitions as a JSON object (the serde shape of `Definitions`) or as the RON text
/// developer mode saves; either is validated, its error naming the bad field.
fn definitions<'de, D: Deserializer<'de>>(d: D) -> Result<Checked<Definitions>, D::Error> {
    use crate::rules::wavefield::devmode;
    let unusable = |e: String| Fault::new(format!("\"definitions\" are not usable ({e})"));
    Ok(match Value::deserialize(d)? {
        Value::Null => None,
        Value::String(ron) => Some(devmode::from_ron(&ron).map_err(|e| unusable(e.to_string()))),
        object @ Value::Object(_) => Some(
            serde_json::from_value::<Definitions>(object)
                .map_err(|e| unusable(e.to_string()))
                .and_then(|defs| {
                    defs.validate().map_err(|e| unusable(e.to_string()))?;
                    Ok(defs)
                }),
        ),
        _ => Some(Err(Fault::new(
            "\"definitions\" must be an object or a RON string",
        ))),
    })
}

fn session<'de, D: Deserializer<'de>>(d: D) -> Result<Checked<u64>, D::Error> {
    lenient(d, |v| match v {
        Value::Number(n) => n
            .as_u64()
            .ok_or_else(|| Fault::new("\"session\" must be a session number")),
        _ => Err(Fault::new("\"session\" must be a number")),
    })
}

fn action<'de, D: Deserializer<'de>>(d: D) -> Result<Checked<String>, D::Error> {
    lenient(d, |v| match v {
        Value::String(m) => Ok(m),
        _ => Err(Fault::new("\"move\" must be a string")),
    })
}

fn level<'de, D: Deserializer<'de>>(d: D) -> Result<Checked<Level>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Null => None,
        Value::String(name) => Some(Level::parse(&name).ok_or_else(|| {
            Fault::new(format!(
                "unknown level \"{name}\" (known: easy, normal, strong)"
            ))
        })),
        _ => Some(Err(Fault::new("\"level\" must be a string"))),
    })
}

/// A whole number field from 1 (`null` counts as absent).
fn count<'de, D: Deserializer<'de>>(d: D, name: &str) -> Result<Checked<u64>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Null => None,
        Value::Number(n) => Some(
            n.as_u64()
                .ok_or_else(|| Fault::new(format!("\"{name}\" must be a whole number from 1"))),
        ),
        _ => Some(Err(Fault::new(format!("\"{name}\" must be a number")))),
    })
}

fn top<'de, D: Deserializer<'de>>(d: D) -> Result<Checked<u64>, D::Error> {
    count(d, "top")
}

fn line<'de, D: Deserializer<'de>>(d: D) -> Result<Checked<u64>, D::Error> {
    count(d, "line")
}

fn threat<'de, D: Deserializer<'de>>(d: D) -> Result<Checked<bool>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Null => None,
        Value::Bool(b) => Some(Ok(b)),
        _ => Some(Err(Fault::new("\"threat\" must be true or false"))),
    })
}

fn names_hexchess<'de, D: Deserializer<'de>>(d: D) -> Result<Checked<bool>, D::Error> {
    lenient(d, |v| Ok(v == "hexchess"))
}

fn depth<'de, D: Deserializer<'de>>(d: D) -> Result<Checked<u64>, D::Error> {
    lenient(d, |v| match v {
        Value::Number(n) => n
            .as_u64()
            .ok_or_else(|| Fault::new("\"depth\" must be a whole number from 0")),
        _ => Err(Fault::new("\"depth\" must be a number")),
    })
}

/// A required field: its value, or the sentence for its absence or its fault.
pub fn required<T>(field: Checked<T>, missing: &str) -> Result<T, Fault> {
    field.unwrap_or_else(|| Err(Fault::new(missing)))
}
