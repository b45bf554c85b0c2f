//! The protocol's `analyse` and `lodestone analyse GAME`: a position's best turns, each
//! with its value, its chance to win and the continuation the computer expects, or what
//! the side not to move threatens (docs/protocol.md, docs/analysis.md).

use serde_json::{Value, json};

use super::time_cap::{Watch, cap};
use super::wire::Wire;
use crate::rules::analysis::{Assessed, assess, threat};
use crate::rules::{Level, Rules};

/// The most turns an analysis ranks, and the longest line it plays out.
pub const MAX_TOP: usize = 20;
pub const MAX_LINE: usize = 12;

/// What an analysis is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Question {
    pub level: Level,
    /// How many of the best turns (1 to [`MAX_TOP`]).
    pub top: usize,
    /// How many turns each line holds, its first included (1 to [`MAX_LINE`]).
    pub line: usize,
    /// The side not to move's best turn were it to move now, instead of the best turns.
    pub threat: bool,
}

impl Default for Question {
    fn default() -> Self {
        Question {
            level: Level::Strong,
            top: 3,
            line: 4,
            threat: false,
        }
    }
}

impl Question {
    /// The question's bounds, as one sentence when one is broken, naming `top` and `line`
    /// as the asker wrote them (`"top"` in the protocol, `--top` on the command line).
    pub fn checked(self, [top, line]: [&str; 2]) -> Result<Question, String> {
        if !(1..=MAX_TOP).contains(&self.top) {
            return Err(format!("{top} must be 1 to {MAX_TOP}, is {}", self.top));
        }
        if !(1..=MAX_LINE).contains(&self.line) {
            return Err(format!("{line} must be 1 to {MAX_LINE}, is {}", self.line));
        }
        Ok(self)
    }

    /// The searches the answer runs: the ranking, then each line's later turns.
    fn searches(&self) -> u32 {
        let lines = if self.threat { 1 } else { self.top };
        1 + (lines * (self.line - 1)) as u32
    }
}

/// The analysis of `game` as the protocol answers it: `side` (whose turns are ranked),
/// `threat`, `level` and `best`, each turn's `actions`, `score`, `win_chance` and `line`
/// in the engine's notation. A finished game, and a threat where the turn cannot be
/// handed over, are refused. The level's time cap holds for each search.
pub fn analyse<G: Wire>(game: &G, question: &Question) -> Result<Value, String> {
    let question = question.checked(["\"top\"", "\"line\""])?;
    if game.is_over() {
        return Err("the game is over; there is nothing to analyse".into());
    }
    let per_search = cap(G::GAME, question.level);
    let (stop, _watch) = Watch::start(per_search.map(|c| c * question.searches()));
    let rng = game.rng().clone();
    let (from, best) = if question.threat {
        let passed = game.passed().ok_or(
            "the side to move is in check, so it cannot hand over its turn to ask what is threatened",
        )?;
        let threat = threat(game, question.level, question.line, &rng, &stop);
        (passed, threat.into_iter().collect())
    } else {
        let best = assess(
            game,
            question.level,
            question.top,
            question.line,
            &rng,
            &stop,
        );
        (game.clone(), best)
    };
    let side = side_name::<G>(from.to_move());
    let best: Vec<Value> = best.iter().map(|a| turn_json(&from, a)).collect();
    Ok(json!({
        "ok": true,
        "side": side,
        "threat": question.threat,
        "level": question.level.name(),
        "best": best,
    }))
}

/// The protocol's name of `side`.
pub fn side_name<G: Rules>(side: G::Side) -> &'static str {
    let index = G::SIDES.iter().position(|s| *s == side).unwrap_or(0);
    G::GAME.side_names()[index]
}

/// A turn as the answer lists it, every action written in the position before it.
fn turn_json<G: Rules>(from: &G, assessed: &Assessed<G::Action>) -> Value {
    let line = written(from, &assessed.line);
    let actions: Vec<String> = line.iter().take(assessed.turn.len()).cloned().collect();
    json!({
        "actions": actions,
        "score": assessed.score,
        "win_chance": (assessed.win_chance * 1e4).round() / 1e4,
        "line": line,
    })
}

/// `actions` in the engine's notation, each written before it is played from `from`.
pub fn written<G: Rules>(from: &G, actions: &[G::Action]) -> Vec<String> {
    let mut game = from.clone();
    let mut out = Vec::with_capacity(actions.len());
    for &action in actions {
        out.push(game.write_action(action));
        if game.play(action).is_err() {
            break;
        }
    }
    out
}

/// `lodestone analyse GAME`: the position after `--moves`, analysed.
#[derive(clap::Parser, Debug)]
struct AnalyseOptions {
    #[command(flatten)]
    start: super::start::StartOptions,
    /// How many of the best turns.
    #[arg(long, default_value_t = 3)]
    top: usize,
    /// The computer's level: easy, normal or strong.
    #[arg(long, default_value = "strong")]
    level: String,
    /// Turns in each line, the first included.
    #[arg(long, default_value_t = 4)]
    line: usize,
    /// What the side not to move threatens, were it to move now.
    #[arg(long)]
    threat: bool,
    /// Print one JSON line (the protocol's answer) instead of the table.
    #[arg(long)]
    json: bool,
}

/// `lodestone analyse GAME ...`: one JSON line with `--json`, else a table on standard
/// output.
pub fn analyse_cli(
    game: crate::rules::GameId,
    args: &[String],
) -> Result<Value, super::cli::CliError> {
    use super::cli::{CliError, parse_options};
    let command = format!("lodestone analyse {}", game.id());
    let options: AnalyseOptions = parse_options(&command, args)?;
    let usage = |why: String| CliError::Usage(format!("analyse {}: {why}", game.id()));
    let level = Level::parse(&options.level).ok_or_else(|| {
        usage(format!(
            "unknown level \"{}\" (known: easy, normal, strong)",
            options.level
        ))
    })?;
    let question = Question {
        level,
        top: options.top,
        line: options.line,
        threat: options.threat,
    }
    .checked(["--top", "--line"])
    .map_err(usage)?;
    let session = options.start.session(game, usage)?;
    let answer = session.analyse(&question).map_err(usage)?;
    if options.json {
        return Ok(answer);
    }
    print!("{}", table(game, &options, &answer));
    Ok(Value::Null)
}

/// The answer as a person reads it: a heading, then a row per turn.
fn table(game: crate::rules::GameId, options: &AnalyseOptions, answer: &Value) -> String {
    let side = answer["side"].as_str().unwrap_or("?");
    let ruleset = options
        .start
        .ruleset
        .as_deref()
        .map_or(String::new(), |r| format!(" ({r})"));
    let from = match options.start.position {
        Some(_) => " from the position",
        None => "",
    };
    let after = match options.start.moves.len() {
        0 if from.is_empty() => "at the start".to_string(),
        0 => "at the position".to_string(),
        1 => format!("after 1 move{from}"),
        n => format!("after {n} moves{from}"),
    };
    let mut out = if options.threat {
        format!(
            "{}{ruleset} {after}: what {side} threatens, were it to move now (level {}):\n",
            game.title(),
            options.level
        )
    } else {
        format!(
            "{}{ruleset} {after}, {side} to move (level {}):\n",
            game.title(),
            options.level
        )
    };
    let rows: Vec<[String; 5]> = answer["best"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, turn)| {
            let words = |key: &str| {
                let list = turn[key].as_array().into_iter().flatten();
                list.filter_map(|a| a.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let chance = turn["win_chance"].as_f64().unwrap_or(0.5);
            [
                format!("{}", i + 1),
                words("actions"),
                format!("{:+}", turn["score"].as_i64().unwrap_or(0)),
                format!("{:.0}%", chance * 100.0),
                words("line"),
            ]
        })
        .collect();
    let rows: Vec<Vec<String>> = rows.into_iter().map(Vec::from).collect();
    out.push_str(&super::cli::aligned(
        &["#", "turn", "value", "to win", "line"],
        &rows,
        &[true, false, true, true, false],
        "  ",
    ));
    out
}
