//! `lodestone puzzles [GAME] [--json]` (the library, `crate::puzzles::library`) and the
//! puzzle half of `lodestone mine GAME --puzzles N`.

use serde_json::Value;

use super::cli::{CliError, columns};
use crate::puzzles::Puzzler;
use crate::puzzles::library::{self, to_json};
use crate::puzzles::mine::{PuzzleBudget, mine_puzzles};
use crate::rules::GameId;

/// Every puzzle of `game` (or of every game), easy to hard, for a script.
pub fn listing(game: Option<GameId>) -> Result<Vec<Value>, CliError> {
    let games: Vec<GameId> = match game {
        Some(g) => vec![g],
        None => GameId::ALL.to_vec(),
    };
    let mut out = Vec::new();
    for game in games {
        crate::with_rules!(game, G => list_game::<G>(&mut out)).map_err(CliError::Failed)?;
    }
    Ok(out)
}

fn list_game<G: Puzzler>(out: &mut Vec<Value>) -> Result<(), String> {
    for puzzle in library::puzzles::<G>()? {
        out.push(to_json::<G>(&puzzle)?);
    }
    Ok(())
}

/// `lodestone puzzles [GAME] [--json]`: a table on standard output (`Null` is returned),
/// or with `json` one array.
pub fn puzzles(game: Option<GameId>, json: bool) -> Result<Value, CliError> {
    let list = listing(game)?;
    if json {
        return Ok(Value::Array(list));
    }
    print!("{}", table(&list));
    Ok(Value::Null)
}

/// The puzzles as columns: game, name, difficulty, to move, solutions of turns, goal.
fn table(list: &[Value]) -> String {
    let rows: Vec<Vec<String>> = list
        .iter()
        .map(|p| {
            let text = |key: &str| p[key].as_str().unwrap_or_default().to_string();
            let solved = p["solutions"].as_array().map_or(0, Vec::len);
            vec![
                text("game"),
                text("name"),
                p["difficulty"].to_string(),
                text("to_move"),
                format!("{solved} of {}", p["turns"]),
                text("text"),
            ]
        })
        .collect();
    columns(
        &["game", "name", "difficulty", "to_move", "solutions", "goal"],
        &rows,
    )
}

/// `lodestone mine GAME --puzzles N [--out FILE]`: the puzzles found, as JSON; with `out`
/// also written there as the game's library file.
pub fn mine<G: Puzzler>(
    command: &str,
    budget: &PuzzleBudget,
    out: Option<&std::path::Path>,
) -> Result<Value, CliError> {
    let usage = |text: &str| CliError::Usage(format!("{command}: {text}"));
    if budget.count == 0 {
        return Err(usage("--puzzles must be at least 1"));
    }
    if budget.games == 0 {
        return Err(usage("--games must be at least 1"));
    }
    let progress = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let found = mine_puzzles::<G>(budget, progress).map_err(CliError::Failed)?;
    if let Some(path) = out {
        let text = library::write(&found).map_err(CliError::Failed)?;
        std::fs::write(path, text)
            .map_err(|e| CliError::Failed(format!("{command}: {}: {e}", path.display())))?;
    }
    let list = found
        .iter()
        .map(to_json::<G>)
        .collect::<Result<Vec<_>, String>>()
        .map_err(CliError::Failed)?;
    Ok(Value::Array(list))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--json` has every key a script needs, for every game, and enough of each goal.
    #[test]
    fn the_json_list_has_every_puzzle_with_its_keys() {
        let Value::Array(list) = puzzles(None, true).unwrap() else {
            panic!("not an array");
        };
        let keys = [
            "game",
            "name",
            "actions",
            "ruleset",
            "seed",
            "to_move",
            "goal",
            "text",
            "solutions",
            "turns",
            "difficulty",
        ];
        for game in GameId::ALL {
            let mine: Vec<&Value> = list.iter().filter(|p| p["game"] == game.id()).collect();
            assert!(mine.len() >= 30, "{}", game.id());
            let wins = mine.iter().filter(|p| p["goal"]["kind"] == "win").count();
            assert!(wins >= 10, "{}: {wins}", game.id());
            for p in mine {
                for key in keys {
                    assert!(p.get(key).is_some(), "{}: no {key}", p["name"]);
                }
                assert!(game.side_names().contains(&p["to_move"].as_str().unwrap()));
                if p["goal"]["kind"] == "take" {
                    assert!(p["goal"]["at_least"].as_u64().unwrap() >= 1);
                    assert!(p["goal"]["counts"].is_string());
                }
            }
        }
        assert_eq!(
            listing(Some(GameId::Hexchess)).unwrap()[0]["ruleset"],
            "v011"
        );
    }

    #[test]
    fn the_table_has_a_row_per_puzzle() {
        let list = listing(Some(GameId::Polarity)).unwrap();
        let text = table(&list);
        assert_eq!(text.lines().count(), list.len() + 1);
        assert!(text.starts_with("game"));
        assert!(
            text.lines()
                .nth(1)
                .unwrap()
                .starts_with("polarity  polarity-01")
        );
    }

    /// The puzzle options of `mine` are refused in one sentence naming the option.
    #[test]
    fn bad_puzzle_options_name_the_option() {
        let args = |text: &str| {
            text.split_whitespace()
                .map(String::from)
                .collect::<Vec<_>>()
        };
        for (given, named) in [
            ("--puzzles 0", "--puzzles"),
            ("--puzzles 3 --games 0", "--games"),
            ("--out x.ron", "--out"),
        ] {
            let Err(CliError::Usage(message)) =
                crate::engine::showcase::mine(GameId::Polarity, &args(given))
            else {
                panic!("{given} was not refused");
            };
            assert!(message.contains(named), "{given}: {message}");
            assert_eq!(message.lines().count(), 1);
        }
    }

    /// `--out` writes the library file, which reads back as the puzzles printed.
    #[test]
    fn mine_writes_the_library_file() {
        let path =
            std::env::temp_dir().join(format!("lodestone-puzzles-{}.ron", std::process::id()));
        let budget = PuzzleBudget {
            games: 10,
            seed: 2,
            count: 4,
            wins: 2,
        };
        let Value::Array(printed) =
            mine::<crate::rules::polarity::Game>("lodestone mine polarity", &budget, Some(&path))
                .unwrap()
        else {
            panic!("not an array");
        };
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).ok();
        let written = library::parse(GameId::Polarity, &text).unwrap();
        assert_eq!(written.len(), printed.len());
        for (p, q) in written.iter().zip(&printed) {
            assert_eq!(q["name"], p.name.as_str());
            assert_eq!(q["solutions"], serde_json::json!(p.solutions));
        }
    }
}
