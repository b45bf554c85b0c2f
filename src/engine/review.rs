//! `lodestone review FILE.ron` and `lodestone bench review` (#43): every turn of a kept
//! game judged by the engine (`rules::review`), its positions shared out over threads, a
//! bar on standard error while it runs; one JSON line with `--json`, else a table.
//! Every search runs to its level's budget, with no clock: the same file gives the same
//! review on any machine and any number of threads.

use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use clap::Parser;
use serde_json::{Value, json};

use super::cli::{CliError, median, parse_options};
use super::progress::Progress;
use super::timing::seconds_each;
use crate::replay::Replay;
use crate::rules::review::{Judged, Mark, Reviewed, assemble, judge, summary, turns_of};
use crate::rules::{Level, Match, Rules, Stop};

#[derive(Parser, Debug)]
#[command(name = "lodestone review FILE")]
struct ReviewOptions {
    /// The level every position is judged at: easy, normal or strong.
    #[arg(long, default_value = "strong")]
    level: String,
    /// Threads sharing the positions (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Print one JSON line instead of the table.
    #[arg(long)]
    json: bool,
}

/// A review as the command line prints it.
pub struct Review {
    pub json: Value,
    pub table: String,
}

fn level_of(name: &str) -> Result<Level, String> {
    Level::parse(name)
        .ok_or_else(|| format!("unknown level \"{name}\" (known: easy, normal, strong)"))
}

fn threads_of(asked: Option<usize>) -> Result<usize, String> {
    match asked {
        Some(0) => Err("--threads must be at least 1".to_string()),
        Some(n) => Ok(n),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

/// `lodestone review FILE [--level L] [--threads N] [--json]`.
pub fn review_cli(file: &str, args: &[String]) -> Result<Value, CliError> {
    let options: ReviewOptions = parse_options(&format!("lodestone review {file}"), args)?;
    let usage = |why: String| CliError::Usage(format!("review: {why}"));
    let level = level_of(&options.level).map_err(usage)?;
    let threads = threads_of(options.threads).map_err(usage)?;
    let replay = Replay::load(Path::new(file)).map_err(usage)?;
    let review = review_replay(&replay, level, threads, true).map_err(usage)?;
    if options.json {
        return Ok(review.json);
    }
    print!("{}", review.table);
    Ok(Value::Null)
}

/// The review of `replay` at `level` over `threads` threads (a bar on standard error when
/// `show_progress`).
pub fn review_replay(
    replay: &Replay,
    level: Level,
    threads: usize,
    show_progress: bool,
) -> Result<Review, String> {
    let game = replay.game_id()?;
    crate::with_rules!(game, G => reviewed::<G>(replay, level, threads, show_progress))
}

fn reviewed<G: Rules>(
    replay: &Replay,
    level: Level,
    threads: usize,
    show_progress: bool,
) -> Result<Review, String> {
    let played = replay.replay::<G>()?;
    let start = Match::<G>::new(played.setup().clone())?.rules().clone();
    let (turns, end) = turns_of(&start, played.actions())?;
    let mut positions: Vec<&G> = turns.iter().map(|t| &t.before).collect();
    positions.push(&end);
    let judged = judge_all(&positions, level, threads, show_progress);
    let reviewed = assemble(&turns, &end, &judged);
    Ok(Review {
        json: to_json::<G>(&start, &reviewed, level),
        table: table::<G>(&start, &reviewed, level),
    })
}

/// Every position judged, shared out over `threads` threads (each takes the next one
/// not yet taken); the answers in the positions' order.
fn judge_all<G: Rules>(
    positions: &[&G],
    level: Level,
    threads: usize,
    show_progress: bool,
) -> Vec<Option<Judged<G::Action>>> {
    let next = AtomicUsize::new(0);
    let answers: Mutex<Vec<Option<Judged<G::Action>>>> = Mutex::new(vec![None; positions.len()]);
    let progress = show_progress.then(|| {
        Mutex::new(Progress::new(
            format!("review {}", G::GAME.id()),
            positions.len() as u64,
        ))
    });
    let stop = Stop::never();
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, positions.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(position) = positions.get(i) else {
                        break;
                    };
                    let judged = judge(*position, level, &stop);
                    if let Ok(mut answers) = answers.lock() {
                        answers[i] = judged;
                    }
                    if let Some(Ok(mut bar)) = progress.as_ref().map(|p| p.lock()) {
                        bar.advance(1);
                    }
                }
            });
        }
    });
    if let Some(Ok(bar)) = progress.map(Mutex::into_inner) {
        bar.finish();
    }
    answers.into_inner().unwrap_or_default()
}

/// Each turn's actions written in the position they were played from, joined by commas.
fn written<G: Rules>(before: &G, actions: &[G::Action]) -> String {
    let mut game = before.clone();
    let mut words = Vec::with_capacity(actions.len());
    for &a in actions {
        words.push(game.write_action(a));
        let _ = game.play(a);
    }
    words.join(",")
}

/// The position before each reviewed turn, replayed from `start`.
fn befores<G: Rules>(start: &G, reviewed: &[Reviewed<G::Action>]) -> Vec<G> {
    let mut game = start.clone();
    let mut out = Vec::with_capacity(reviewed.len());
    for r in reviewed {
        out.push(game.clone());
        for &a in &r.actions {
            let _ = game.play(a);
        }
    }
    out
}

fn round(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

fn to_json<G: Rules>(start: &G, reviewed: &[Reviewed<G::Action>], level: Level) -> Value {
    let names = G::GAME.side_names();
    let before = befores(start, reviewed);
    let turns: Vec<Value> = reviewed
        .iter()
        .zip(&before)
        .map(|(r, at)| {
            json!({
                "ply": r.first_ply,
                "side": names[r.side],
                "action": written(at, &r.actions),
                "win_chance_before": round(r.win_before),
                "win_chance_after": round(r.win_after),
                "best": written(at, &r.best),
                "best_win_chance": round(r.best_win),
                "mark": r.mark.map(Mark::glyph),
            })
        })
        .collect();
    let mut sides = serde_json::Map::new();
    for (i, (counts, accuracy)) in summary(reviewed).into_iter().enumerate() {
        let mut side = serde_json::Map::new();
        for (mark, n) in counts {
            side.insert(mark.plural().to_string(), json!(n));
        }
        side.insert("accuracy".into(), json!((accuracy * 10.0).round() / 10.0));
        sides.insert(names[i].to_string(), Value::Object(side));
    }
    json!({
        "game": G::GAME.id(),
        "level": level.name(),
        "turns": turns,
        "sides": sides,
    })
}

/// The review as a person reads it: a row per turn, then a line per side.
fn table<G: Rules>(start: &G, reviewed: &[Reviewed<G::Action>], level: Level) -> String {
    let names = G::GAME.side_names();
    let before = befores(start, reviewed);
    let mut out = format!(
        "{}, {} turns reviewed at level {}:\n",
        G::GAME.title(),
        reviewed.len(),
        level.name()
    );
    let rows: Vec<[String; 7]> = reviewed
        .iter()
        .zip(&before)
        .map(|(r, at)| {
            [
                format!("{}", r.first_ply + 1),
                names[r.side].to_string(),
                written(at, &r.actions),
                format!("{:.0}%", r.win_before * 100.0),
                format!("{:.0}%", r.win_after * 100.0),
                written(at, &r.best),
                r.mark.map_or(String::new(), |m| m.glyph().to_string()),
            ]
        })
        .collect();
    let rows: Vec<Vec<String>> = rows.into_iter().map(Vec::from).collect();
    out.push_str(&super::cli::aligned(
        &["ply", "side", "turn", "before", "after", "best", "mark"],
        &rows,
        &[true, false, false, true, true, false, false],
        "  ",
    ));
    for (i, (counts, accuracy)) in summary(reviewed).into_iter().enumerate() {
        let said: Vec<String> = counts
            .iter()
            .map(|(m, n)| format!("{n} {}", m.plural().replace('_', " ")))
            .collect();
        out.push_str(&format!(
            "{}: accuracy {accuracy:.1}, {}\n",
            names[i],
            said.join(", ")
        ));
    }
    out
}

#[derive(Parser, Debug)]
#[command(name = "lodestone bench review")]
struct BenchOptions {
    /// Whole reviews timed (the median is reported).
    #[arg(long, default_value_t = 3)]
    samples: usize,
    /// The level the positions are judged at.
    #[arg(long, default_value = "strong")]
    level: String,
    /// Threads sharing the positions (default: every core).
    #[arg(long)]
    threads: Option<usize>,
}

/// The stored long game `bench review` times.
pub const LONG_GAME: &str = include_str!("../../assets/bench/review-long.ron");

/// `lodestone bench review`: the stored long game reviewed whole, `--samples` times.
pub fn bench(args: &[String]) -> Result<Value, CliError> {
    let options: BenchOptions = parse_options("lodestone bench review", args)?;
    let usage = |why: String| CliError::Usage(format!("bench review: {why}"));
    let level = level_of(&options.level).map_err(usage)?;
    let threads = threads_of(options.threads).map_err(usage)?;
    let replay = Replay::parse(LONG_GAME).map_err(usage)?;
    let mut turns = 0;
    let mut failed = None;
    let mut seconds = seconds_each(options.samples.max(1), || {
        match review_replay(&replay, level, threads, false) {
            Ok(review) => turns = review.json["turns"].as_array().map_or(0, Vec::len),
            Err(e) => failed = Some(e),
        }
    });
    if let Some(why) = failed {
        return Err(usage(why));
    }
    let median_s = median(&mut seconds);
    Ok(json!({
        "game": replay.game,
        "turns": turns,
        "level": level.name(),
        "threads": threads,
        "samples": options.samples.max(1),
        "review_median_s": median_s,
        "per_turn_median_ms": median_s * 1e3 / turns.max(1) as f64,
    }))
}

/// A long game for the bench: the computer at easy against random turns (6 in 10 its
/// own), from `seed` on, the first that lasts `turns` turns.
pub fn long_game(turns: usize, seed: u64) -> Replay {
    use rand::seq::IndexedRandom;
    use rand::{Rng, SeedableRng};
    type G = crate::rules::vectress::Game;
    for seed in seed.. {
        let setup = crate::rules::Setup {
            seed,
            ..Default::default()
        };
        let Ok(mut game) = Match::<G>::new(setup.clone()) else {
            break;
        };
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        while game.turns() < turns && !game.is_over() {
            if rng.random_bool(0.6) {
                let _ = game.play_computer(Level::Easy, &Stop::never());
            } else if let Some(&a) = game.legal_actions().choose(&mut rng) {
                let _ = game.play(a);
            }
        }
        if game.turns() >= turns {
            let mut replay = Replay::of(&game);
            replay.title = Some(format!("a long game for bench review (seed {seed})"));
            return replay;
        }
    }
    Replay::new(crate::rules::GameId::Vectress, Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stored game is the one `long_game` makes (from the seed it found, so the test
    /// does not search the seeds again), and long enough.
    #[test]
    fn the_stored_long_game_replays_and_is_long() {
        let stored = Replay::parse(LONG_GAME).unwrap();
        let made = long_game(100, stored.seed);
        assert_eq!(stored.actions, made.actions);
        assert!(stored.actions.len() >= 100);
    }

    /// Writes assets/bench/review-long.ron (run by hand when `long_game` changes).
    #[test]
    #[ignore = "writes the stored long game"]
    fn write_the_long_game() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/bench/review-long.ron");
        std::fs::write(path, long_game(100, 1).to_text()).unwrap();
    }

    /// The same review on one thread and on three.
    #[test]
    fn threads_change_nothing() {
        let mut replay = Replay::parse(LONG_GAME).unwrap();
        replay.actions.truncate(16);
        let one = review_replay(&replay, Level::Easy, 1, false).unwrap();
        let three = review_replay(&replay, Level::Easy, 3, false).unwrap();
        assert_eq!(one.json, three.json);
        assert_eq!(one.json["turns"].as_array().unwrap().len(), 16);
    }
}
