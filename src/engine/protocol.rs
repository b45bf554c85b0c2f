//! `lodestone engine`: one JSON request per line in, one JSON answer per line out.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};

use serde_json::{Map, Value, json};

use super::{EngineGame, GameOptions, new_game, position_answer};
use crate::rules::GameId;

/// The protocol's state between lines: the open sessions.
#[derive(Default)]
pub struct Engine {
    sessions: BTreeMap<u64, Box<dyn EngineGame>>,
    next_session: u64,
}

/// A refused request: the sentence, and for `replay` the index of the refused move.
struct Refusal {
    error: String,
    ply: Option<usize>,
}

impl From<String> for Refusal {
    fn from(error: String) -> Self {
        Refusal { error, ply: None }
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
                Err(Refusal::from(format!("the line is not JSON ({e})"))),
            ),
            Ok(Value::Object(request)) => {
                let id = request.get("id").cloned().unwrap_or(Value::Null);
                (id, self.handle(&request))
            }
            Ok(_) => (
                Value::Null,
                Err(Refusal::from("a request must be a JSON object".to_string())),
            ),
        };
        let mut answer = match result {
            Ok(answer) => answer,
            Err(refusal) => {
                let mut answer = Map::new();
                answer.insert("ok".into(), Value::Bool(false));
                if let Some(ply) = refusal.ply {
                    answer.insert("ply".into(), json!(ply));
                }
                answer.insert("error".into(), Value::String(refusal.error));
                answer
            }
        };
        answer.insert("id".into(), id);
        Value::Object(answer).to_string()
    }

    fn handle(&mut self, request: &Map<String, Value>) -> Result<Map<String, Value>, Refusal> {
        let cmd = match request.get("cmd") {
            Some(Value::String(cmd)) => cmd.as_str(),
            Some(_) => return Err("\"cmd\" must be a string".to_string().into()),
            None => return Err("the request has no \"cmd\"".to_string().into()),
        };
        match cmd {
            "games" => {
                let ids: Vec<Value> = GameId::ALL.iter().map(|g| json!(g.id())).collect();
                let mut answer = Map::new();
                answer.insert("ok".into(), Value::Bool(true));
                answer.insert("games".into(), Value::Array(ids));
                Ok(answer)
            }
            "replay" => {
                let game = game_field(request)?;
                let moves = moves_field(request)?;
                let mut session = new_game(game, &options(request)?)?;
                for (ply, action) in moves.iter().enumerate() {
                    session.play(action).map_err(|error| Refusal {
                        error,
                        ply: Some(ply),
                    })?;
                }
                Ok(position_answer(session.as_ref()))
            }
            "new" => {
                let game = game_field(request)?;
                let session = new_game(game, &options(request)?)?;
                let number = self.next_session;
                self.next_session += 1;
                self.sessions.insert(number, session);
                let mut answer = Map::new();
                answer.insert("ok".into(), Value::Bool(true));
                answer.insert("session".into(), json!(number));
                Ok(answer)
            }
            "play" | "undo" | "state" | "ai" => {
                let session = self.session_mut(request)?;
                match cmd {
                    "play" => {
                        let action = match request.get("move") {
                            Some(Value::String(m)) => m.clone(),
                            Some(_) => return Err("\"move\" must be a string".to_string().into()),
                            None => return Err("play needs a \"move\"".to_string().into()),
                        };
                        session.play(&action)?;
                    }
                    "undo" => session.undo()?,
                    "ai" => session.play_ai()?,
                    _ => {}
                }
                Ok(position_answer(session.as_ref()))
            }
            "perft" => {
                if let Some(game) = request.get("game")
                    && game != "hexchess"
                {
                    return Err("perft is served for hexchess only".to_string().into());
                }
                let ruleset = match request.get("ruleset") {
                    None => None,
                    Some(Value::String(r)) => Some(r.clone()),
                    Some(_) => return Err("\"ruleset\" must be a string".to_string().into()),
                };
                let depth = match request.get("depth") {
                    Some(Value::Number(n)) => n
                        .as_u64()
                        .ok_or_else(|| "\"depth\" must be a whole number from 0".to_string())?,
                    Some(_) => return Err("\"depth\" must be a number".to_string().into()),
                    None => return Err("perft needs a \"depth\"".to_string().into()),
                };
                let moves = match request.get("moves") {
                    None => Vec::new(),
                    Some(_) => moves_field(request)?,
                };
                let nodes = super::hexchess::perft(ruleset.as_deref(), depth, &moves)?;
                let mut answer = Map::new();
                answer.insert("ok".into(), Value::Bool(true));
                answer.insert("nodes".into(), json!(nodes));
                Ok(answer)
            }
            other => Err(format!(
                "unknown command \"{other}\" (known: games, replay, new, play, undo, state, ai, perft)"
            )
            .into()),
        }
    }

    fn session_mut(
        &mut self,
        request: &Map<String, Value>,
    ) -> Result<&mut Box<dyn EngineGame>, Refusal> {
        let number = match request.get("session") {
            Some(Value::Number(n)) => n
                .as_u64()
                .ok_or_else(|| "\"session\" must be a session number".to_string())?,
            Some(_) => return Err("\"session\" must be a number".to_string().into()),
            None => return Err("the request needs a \"session\"".to_string().into()),
        };
        self.sessions
            .get_mut(&number)
            .ok_or_else(|| format!("there is no session {number}; start one with \"new\"").into())
    }
}

fn game_field(request: &Map<String, Value>) -> Result<GameId, Refusal> {
    match request.get("game") {
        Some(Value::String(game)) => GameId::parse(game).ok_or_else(|| {
            format!("unknown game \"{game}\" (known: vectress, hexchess, wavefield, polarity)")
                .into()
        }),
        Some(_) => Err("\"game\" must be a string".to_string().into()),
        None => Err("the request needs a \"game\"".to_string().into()),
    }
}

fn moves_field(request: &Map<String, Value>) -> Result<Vec<String>, Refusal> {
    match request.get("moves") {
        None => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, item)| match item {
                Value::String(s) => Ok(s.clone()),
                _ => Err(Refusal {
                    error: format!("move {i} is not a string"),
                    ply: Some(i),
                }),
            })
            .collect(),
        Some(_) => Err("\"moves\" must be a list of strings".to_string().into()),
    }
}

fn options(request: &Map<String, Value>) -> Result<GameOptions, Refusal> {
    let ruleset = match request.get("ruleset") {
        None | Some(Value::Null) => None,
        Some(Value::String(r)) => Some(r.clone()),
        Some(_) => return Err("\"ruleset\" must be a string".to_string().into()),
    };
    let seed = match request.get("seed") {
        None | Some(Value::Null) => None,
        Some(Value::Number(n)) => Some(
            n.as_u64()
                .ok_or_else(|| "\"seed\" must be a whole number from 0".to_string())?,
        ),
        Some(_) => return Err("\"seed\" must be a number".to_string().into()),
    };
    Ok(GameOptions { ruleset, seed })
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
    fn games_lists_the_four_ids() {
        let answer = ask(&mut Engine::new(), r#"{"id": 7, "cmd": "games"}"#);
        assert_eq!(answer["ok"], true);
        assert_eq!(answer["id"], 7);
        assert_eq!(
            answer["games"],
            json!(["vectress", "hexchess", "wavefield", "polarity"])
        );
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
            r#"{"cmd": "replay", "game": "polarity", "moves": "d4"}"#,
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
