//! The showcase's subcommands: `lodestone mine GAME` (the search for spectacular actions,
//! `crate::showcase::mine`) and `lodestone scenarios` (the library).

use clap::Parser;
use serde_json::{Value, json};

use super::cli::{CliError, parse_options};
use crate::rules::GameId;
use crate::showcase::mine::{Budget, mine as search, score_names};
use crate::showcase::{Showcase, baseline, library};

/// Search for the most spectacular actions and print them as JSON, best first.
#[derive(Parser, Debug)]
struct MineOptions {
    /// Starting positions to play out (half random midgames, half crowded ones).
    #[arg(long, default_value_t = 200)]
    positions: usize,
    /// Seed of the search (the same seed and budget give the same finds).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Finds to print.
    #[arg(long, default_value_t = 10)]
    top: usize,
    /// Rank by this one score (then the spectacle) instead of the spectacle.
    #[arg(long)]
    by: Option<String>,
    /// Rounds of local search around the best finds (0: none).
    #[arg(long, default_value_t = 1)]
    rounds: usize,
    /// Alternatives tried for each turn the local search replaces.
    #[arg(long, default_value_t = 24)]
    width: usize,
    /// Print, per score, what random self-play reaches against what the miner finds.
    #[arg(long)]
    distribution: bool,
    /// Games played for --distribution (random) or --puzzles (the computer's).
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Mine this many puzzles instead (positions where one turn wins or takes the most),
    /// printed like `lodestone puzzles --json`.
    #[arg(long, value_name = "N")]
    puzzles: Option<usize>,
    /// With --puzzles: how many of them are `win` puzzles, when found.
    #[arg(long, default_value_t = 12)]
    wins: usize,
    /// With --puzzles: also write them as a puzzle library file (RON), e.g.
    /// assets/puzzles/vectress.ron.
    #[arg(long, value_name = "FILE")]
    out: Option<std::path::PathBuf>,
}

impl MineOptions {
    fn puzzle_budget(&self, count: usize) -> crate::puzzles::mine::PuzzleBudget {
        crate::puzzles::mine::PuzzleBudget {
            games: self.games,
            seed: self.seed,
            count,
            wins: self.wins,
        }
    }
}

/// `lodestone mine GAME ...`
pub fn mine(game: GameId, args: &[String]) -> Result<Value, CliError> {
    crate::with_rules!(game, G => mine_game::<G>(args))
}

fn mine_game<G: crate::puzzles::Puzzler>(args: &[String]) -> Result<Value, CliError> {
    let command = format!("lodestone mine {}", G::GAME.id());
    let opts: MineOptions = parse_options(&command, args)?;
    if let Some(count) = opts.puzzles {
        return super::puzzles::mine::<G>(
            &command,
            &opts.puzzle_budget(count),
            opts.out.as_deref(),
        );
    }
    if opts.out.is_some() {
        return Err(CliError::Usage(format!(
            "{command}: --out goes with --puzzles"
        )));
    }
    let budget = budget::<G>(&command, &opts)?;
    // Bars only where someone watches: not in a pipe, a log or a test.
    let progress = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let pool = search::<G>(&budget, progress).map_err(CliError::Failed)?;
    if opts.distribution {
        let random = baseline::random_selfplay::<G>(opts.games, opts.seed, progress)
            .map_err(CliError::Failed)?;
        return Ok(baseline::distribution::<G>(&random, &pool));
    }
    Ok(Value::Array(
        pool.top().iter().map(|f| f.to_json()).collect(),
    ))
}

/// The search budget from the options, refused in one sentence naming the bad option.
fn budget<G: Showcase>(command: &str, opts: &MineOptions) -> Result<Budget, CliError> {
    let usage = |text: String| CliError::Usage(format!("{command}: {text}"));
    if opts.positions == 0 {
        return Err(usage("--positions must be at least 1".into()));
    }
    if opts.top == 0 {
        return Err(usage("--top must be at least 1".into()));
    }
    if opts.width == 0 {
        return Err(usage("--width must be at least 1".into()));
    }
    if let Some(by) = &opts.by {
        let names = score_names::<G>();
        if !names.contains(&by.as_str()) {
            return Err(usage(format!(
                "--by \"{by}\" is no score of {} (known: {})",
                G::GAME.id(),
                names.join(", ")
            )));
        }
    }
    Ok(Budget {
        positions: opts.positions,
        seed: opts.seed,
        top: opts.top,
        by: opts.by.clone(),
        rounds: opts.rounds,
        width: opts.width,
    })
}

/// `lodestone scenarios [--json]`: the library as a table on standard output (`Null`
/// is returned), or with `json` as one array with every scenario's actions, ruleset and
/// seed, so scripts can replay them through `lodestone engine`.
/// `lodestone scenarios [GAME] [--json]`: the library, or one game's part of it.
pub fn scenarios(game: Option<GameId>, json: bool) -> Result<Value, CliError> {
    let mut all = library::scenarios().map_err(CliError::Failed)?;
    all.retain(|s| game.is_none_or(|g| s.game == g));
    if json {
        let list = all
            .iter()
            .map(|s| {
                let r = &s.replay;
                json!({
                    "game": s.game.id(),
                    "name": s.name,
                    "title": r.title,
                    "plies": r.actions.len(),
                    "focus": r.focus,
                    "scores": r.scores,
                    "actions": r.actions,
                    "ruleset": r.ruleset,
                    "seed": r.seed,
                    "captions": r.focus.and_then(|f| r.captions.get(&f)),
                })
            })
            .collect();
        return Ok(Value::Array(list));
    }
    print!("{}", table(&all));
    Ok(Value::Null)
}

/// The library as aligned text columns: game, name, title, plies, focus, scores.
fn table(all: &[library::Scenario]) -> String {
    let rows: Vec<Vec<String>> = all
        .iter()
        .map(|s| {
            let r = &s.replay;
            let scores: Vec<String> = r.scores.iter().map(|(k, v)| format!("{k}={v}")).collect();
            [
                s.game.id().to_string(),
                s.name.to_string(),
                r.title.clone().unwrap_or_default(),
                r.actions.len().to_string(),
                r.focus.map_or("-".to_string(), |f| f.to_string()),
                scores.join(" "),
            ]
            .to_vec()
        })
        .collect();
    super::cli::columns(
        &["game", "name", "title", "plies", "focus", "scores"],
        &rows,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    /// Each bad option is one sentence that names it, with the usage exit status.
    #[test]
    fn bad_options_are_one_sentence_naming_the_option() {
        let cases = [
            ("--positions many", "--positions"),
            ("--top 0", "--top"),
            ("--width 0", "--width"),
            ("--by fireworks", "--by"),
            ("--seed x", "--seed"),
            ("--frobnicate", "--frobnicate"),
        ];
        for (given, named) in cases {
            let Err(CliError::Usage(message)) = mine(GameId::Vectress, &args(given)) else {
                panic!("{given} was not refused as usage");
            };
            assert!(message.contains(named), "{given}: {message}");
            assert!(
                crate::engine::cli::error_line(&message).starts_with("lodestone: mine vectress: "),
                "{message}"
            );
            assert_eq!(message.lines().count(), 1, "{message}");
        }
        // Waves are Vectress's score alone; every other game names its own instead.
        for game in GameId::ALL.into_iter().filter(|&g| g != GameId::Vectress) {
            let Err(CliError::Usage(message)) = mine(game, &args("--by waves")) else {
                panic!("a Vectress score was taken for {}", game.id());
            };
            assert!(message.contains("known: "), "{message}");
            assert!(!message.contains("known: waves"), "{message}");
        }
    }

    /// The same seed and budget print the same finds.
    #[test]
    fn mining_is_deterministic_for_a_seed() {
        let tiny = args("--positions 3 --top 3 --width 3 --seed 5");
        for game in GameId::ALL {
            let a = mine(game, &tiny).unwrap();
            let b = mine(game, &tiny).unwrap();
            assert_eq!(a, b, "{}", game.id());
            let finds = a.as_array().unwrap();
            assert!(!finds.is_empty(), "{}", game.id());
            // Best first.
            let spectacle: Vec<i64> = finds
                .iter()
                .map(|f| f["spectacle"].as_i64().unwrap())
                .collect();
            assert!(spectacle.windows(2).all(|w| w[0] >= w[1]), "{spectacle:?}");
        }
    }

    /// `--json` carries everything a script needs to replay each scenario through the
    /// engine: the game, its actions, ruleset and seed.
    #[test]
    fn the_json_list_replays_through_the_engine() {
        let Value::Array(list) = scenarios(None, true).unwrap() else {
            panic!("not an array");
        };
        assert_eq!(list.len(), library::scenarios().unwrap().len());
        for s in &list {
            let game = GameId::parse(s["game"].as_str().unwrap()).unwrap();
            let setup = crate::rules::Setup {
                ruleset: s["ruleset"].as_str().map(String::from),
                seed: s["seed"].as_u64().unwrap(),
                position: None,
            };
            let mut session = crate::engine::new_session(game, &setup).unwrap();
            let actions = s["actions"].as_array().unwrap();
            assert_eq!(actions.len() as u64, s["plies"].as_u64().unwrap());
            assert!(
                s["focus"].as_u64().unwrap() < actions.len() as u64,
                "{}",
                s["name"]
            );
            for action in actions {
                session.play(action.as_str().unwrap()).unwrap();
            }
        }
    }

    #[test]
    fn the_table_has_a_row_per_scenario() {
        let all = library::scenarios().unwrap();
        let text = table(&all);
        assert_eq!(text.lines().count(), all.len() + 1);
        assert!(text.starts_with("game"));
    }
}
