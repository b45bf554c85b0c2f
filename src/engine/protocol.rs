//! `lodestone engine`: one JSON request per line in, one JSON answer per line out
//! (docs/protocol.md). No request can stall it: perft is bounded, every refusal is one
//! sentence, and the `id` comes back exactly as sent.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};

use serde_json::{Map, Value, json};

use super::analysis::Question;
use super::request::{COMMANDS, Checked, Fault, Request, required};
use super::wire::{EngineSession, new_session, new_wavefield_session};
use crate::rules::wavefield::definitions::Definitions;
use crate::rules::{GameId, Level, Setup};

/// The deepest perft the protocol serves: depth 5 counts about 200 million leaves in a few
/// seconds; each ply more costs about 50 times as much (`lodestone perft` has no limit).
pub const PERFT_MAX_DEPTH: u64 = 5;

/// The protocol's state between lines: the open sessions.
pub struct Engine {
    sessions: BTreeMap<u64, Box<dyn EngineSession>>,
    next_session: u64,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    pub fn new() -> Self {
        Engine {
            sessions: BTreeMap::new(),
            next_session: 1,
        }
    }

    /// Answers one request line; never panics on bad input.
    pub fn handle_line(&mut self, line: &str) -> String {
        let (id, result) = match serde_json::from_str::<Value>(line) {
            Err(e) => (
                Value::Null,
                Err(Fault::from(format!("the line is not JSON ({e})"))),
            ),
            Ok(Value::Object(mut request)) => {
                let id = request.remove("id").unwrap_or(Value::Null);
                (id, self.handle(request))
            }
            Ok(_) => (
                Value::Null,
                Err(Fault::from("a request must be a JSON object".to_string())),
            ),
        };
        let mut answer = match result {
            Ok(Value::Object(answer)) => answer,
            Ok(_) => Map::new(),
            Err(fault) => {
                let mut answer = Map::new();
                answer.insert("ok".into(), Value::Bool(false));
                if let Some(ply) = fault.ply {
                    answer.insert("ply".into(), json!(ply));
                }
                answer.insert("error".into(), Value::String(fault.error));
                answer
            }
        };
        answer.insert("id".into(), id);
        Value::Object(answer).to_string()
    }

    fn handle(&mut self, request: Map<String, Value>) -> Result<Value, Fault> {
        match request.get("cmd") {
            Some(Value::String(cmd)) if COMMANDS.contains(&cmd.as_str()) => {}
            Some(Value::String(other)) => {
                return Err(format!(
                    "unknown command \"{other}\" (known: {})",
                    COMMANDS.join(", ")
                )
                .into());
            }
            Some(_) => return Err("\"cmd\" must be a string".to_string().into()),
            None => return Err("the request has no \"cmd\"".to_string().into()),
        }
        let request: Request = serde_json::from_value(Value::Object(request))
            .map_err(|e| Fault::from(format!("the request is malformed ({e})")))?;
        match request {
            Request::Games {} => Ok(json!({
                "ok": true,
                "games": GameId::ALL.iter().map(|g| g.id()).collect::<Vec<_>>(),
            })),
            Request::Replay {
                game,
                moves,
                ruleset,
                seed,
                position,
                definitions,
            } => {
                let game = required(game, "the request needs a \"game\"")?;
                let moves = moves.unwrap_or(Ok(Vec::new()))?;
                let mut session = open(game, &setup(ruleset, seed, position)?, definitions)?;
                for (ply, action) in moves.iter().enumerate() {
                    session.play(action).map_err(|error| Fault {
                        error,
                        ply: Some(ply),
                    })?;
                }
                Ok(session.answer())
            }
            Request::New {
                game,
                ruleset,
                seed,
                position,
                definitions,
            } => {
                let game = required(game, "the request needs a \"game\"")?;
                let session = open(game, &setup(ruleset, seed, position)?, definitions)?;
                let number = self.next_session;
                self.next_session += 1;
                self.sessions.insert(number, session);
                Ok(json!({"ok": true, "session": number}))
            }
            Request::Play { session, action } => {
                let session = self.session_mut(session)?;
                let action = required(action, "play needs a \"move\"")?;
                session.play(&action)?;
                Ok(session.answer())
            }
            Request::Undo { session } => {
                let session = self.session_mut(session)?;
                session.undo()?;
                Ok(session.answer())
            }
            Request::State { session } => Ok(self.session_mut(session)?.answer()),
            Request::Ai { session, level } => {
                let session = self.session_mut(session)?;
                session.play_ai(level.unwrap_or(Ok(Level::Strong))?)?;
                Ok(session.answer())
            }
            Request::Analyse {
                session,
                game,
                moves,
                ruleset,
                seed,
                position,
                definitions,
                top,
                line,
                level,
                threat,
            } => {
                let defaults = Question::default();
                let size = |field: Checked<u64>, default: usize| -> Result<usize, Fault> {
                    Ok(field
                        .transpose()?
                        .map_or(default, |n| n.min(u64::from(u32::MAX)) as usize))
                };
                let question = Question {
                    level: level.transpose()?.unwrap_or(defaults.level),
                    top: size(top, defaults.top)?,
                    line: size(line, defaults.line)?,
                    threat: threat.transpose()?.unwrap_or(false),
                };
                if session.is_some() {
                    if game.is_some() || moves.is_some() {
                        return Err("analyse takes a \"session\" or a \"game\" with its \"moves\", not both"
                            .to_string()
                            .into());
                    }
                    return Ok(self.session_mut(session)?.analyse(&question)?);
                }
                let game = required(game, "analyse needs a \"session\" or a \"game\"")?;
                let moves = moves.unwrap_or(Ok(Vec::new()))?;
                let mut session = open(game, &setup(ruleset, seed, position)?, definitions)?;
                for (ply, action) in moves.iter().enumerate() {
                    session.play(action).map_err(|error| Fault {
                        error,
                        ply: Some(ply),
                    })?;
                }
                Ok(session.analyse(&question)?)
            }
            Request::Perft {
                game,
                ruleset,
                depth,
                moves,
            } => {
                if game.is_some_and(|names| names != Ok(true)) {
                    return Err("perft is served for hexchess only".to_string().into());
                }
                let ruleset = ruleset.transpose()?;
                let depth = required(depth, "perft needs a \"depth\"")?;
                let moves = moves.unwrap_or(Ok(Vec::new()))?;
                let ruleset = super::hexchess::parse_ruleset(ruleset.as_deref())?;
                if depth > PERFT_MAX_DEPTH {
                    return Err(format!(
                        "\"depth\" must be at most {PERFT_MAX_DEPTH} here (deeper counts take minutes; `lodestone perft` counts any depth)"
                    )
                    .into());
                }
                let nodes = super::hexchess::perft(ruleset, depth as u32, &moves)?;
                Ok(json!({"ok": true, "nodes": nodes}))
            }
        }
    }

    fn session_mut(&mut self, session: Checked<u64>) -> Result<&mut Box<dyn EngineSession>, Fault> {
        let number = required(session, "the request needs a \"session\"")?;
        self.sessions
            .get_mut(&number)
            .ok_or_else(|| format!("there is no session {number}; start one with \"new\"").into())
    }
}

impl From<String> for Fault {
    fn from(error: String) -> Self {
        Fault { error, ply: None }
    }
}

fn setup(
    ruleset: Checked<String>,
    seed: Checked<u64>,
    position: Checked<String>,
) -> Result<Setup, Fault> {
    Ok(Setup {
        ruleset: ruleset.transpose()?,
        seed: seed.transpose()?.unwrap_or(0),
        position: position.transpose()?,
    })
}

/// A new session; Wave Field may start from developer-mode definitions (W11).
fn open(
    game: GameId,
    setup: &Setup,
    definitions: Checked<Definitions>,
) -> Result<Box<dyn EngineSession>, Fault> {
    if definitions.is_some() && game != GameId::Wavefield {
        return Err(format!(
            "{} has no wave definitions; only wavefield takes \"definitions\"",
            game.id()
        )
        .into());
    }
    match definitions.transpose()? {
        None => Ok(new_session(game, setup)?),
        // Restarting on the definitions would drop the position.
        Some(_) if setup.position.is_some() => Err(
            "\"definitions\" and \"position\" do not go together: a position code assumes the standard wave definitions"
                .to_string()
                .into(),
        ),
        Some(defs) => Ok(new_wavefield_session(setup, defs)?),
    }
}

/// Reads requests until end of input; each answer is flushed at once so a script can
/// converse line by line.
pub fn run(input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    let mut engine = Engine::new();
    for line in input.lines() {
        let line = match line {
            Ok(line) => line,
            // Invalid UTF-8 is a bad line, not the end of the conversation.
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                let answer =
                    json!({"id": null, "ok": false, "error": "the line is not UTF-8 text"});
                writeln!(output, "{answer}")?;
                output.flush()?;
                continue;
            }
            Err(e) => return Err(e),
        };
        if line.trim().is_empty() {
            continue;
        }
        writeln!(output, "{}", engine.handle_line(&line))?;
        output.flush()?;
    }
    Ok(())
}
#[cfg(test)]
mod tests {
    use super::*;

    fn ask(engine: &mut Engine, line: &str) -> Value {
        serde_json::from_str(&engine.handle_line(line)).unwrap()
    }

    #[test]
    fn games_lists_every_id_in_the_registry_order() {
        let answer = ask(&mut Engine::new(), r#"{"id": 7, "cmd": "games"}"#);
        assert_eq!(answer["ok"], true);
        assert_eq!(answer["id"], 7);
        assert_eq!(answer["games"], json!(GameId::ALL.map(GameId::id)));
    }

    #[test]
    fn bad_lines_get_errors_with_the_id() {
        let mut engine = Engine::new();
        let garbage = ask(&mut engine, "{not json");
        assert_eq!(garbage["ok"], false);
        assert_eq!(garbage["id"], Value::Null);
        assert!(garbage["error"].as_str().unwrap().contains("not JSON"));
        let unknown = ask(&mut engine, r#"{"id": "a", "cmd": "fly"}"#);
        assert_eq!(unknown["ok"], false);
        assert_eq!(unknown["id"], "a");
        assert!(
            unknown["error"]
                .as_str()
                .unwrap()
                .contains("unknown command")
        );
        let no_game = ask(&mut engine, r#"{"id": 2, "cmd": "replay", "game": "go"}"#);
        assert!(no_game["error"].as_str().unwrap().contains("unknown game"));
        let typed = ask(&mut engine, r#"{"id": 3, "cmd": "replay", "game": 5}"#);
        assert!(
            typed["error"]
                .as_str()
                .unwrap()
                .contains("must be a string")
        );
        let moves = ask(
            &mut engine,
            r#"{"cmd": "replay", "game": "vectress", "moves": "D3-C4"}"#,
        );
        assert!(moves["error"].as_str().unwrap().contains("list of strings"));
        let session = ask(&mut engine, r#"{"cmd": "state", "session": 99}"#);
        assert!(session["error"].as_str().unwrap().contains("no session 99"));
        let array = ask(&mut engine, "[1, 2]");
        assert!(array["error"].as_str().unwrap().contains("JSON object"));
        // The engine still answers after all that.
        assert_eq!(ask(&mut engine, r#"{"cmd": "games"}"#)["ok"], true);
    }

    #[test]
    fn run_reads_to_the_end_and_skips_blank_lines() {
        let input = "{\"cmd\":\"games\",\"id\":1}\n\ngarbage\n{\"cmd\":\"games\",\"id\":2}\n";
        let mut out = Vec::new();
        run(input.as_bytes(), &mut out).unwrap();
        let lines: Vec<Value> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0]["id"], 1);
        assert_eq!(lines[1]["ok"], false);
        assert_eq!(lines[2]["id"], 2);
    }
}
