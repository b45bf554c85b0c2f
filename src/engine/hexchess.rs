//! Hex chess's subcommands (`simulate`, `bench`, `perft`) and the protocol's perft.

use std::collections::BTreeMap;
use std::time::Instant;

use clap::Parser;
use serde_json::{Value, json};

use super::cli::{CliError, median, median_ns, parse_options};
use super::progress::Progress;
use super::timing::seconds_each;
use crate::rules::hexchess::ai::{self, AiConfig};
use crate::rules::hexchess::movegen::{count_moves, legal_moves};
use crate::rules::hexchess::simulate::{Player, play_game};
use crate::rules::hexchess::{Color, Game, Position, Ruleset, notation, perft};
use crate::rules::rng::seeded;

pub fn parse_ruleset(ruleset: Option<&str>) -> Result<Ruleset, String> {
    match ruleset {
        None => Ok(Ruleset::V011),
        Some(name) => Ruleset::parse(name)
            .ok_or_else(|| format!("unknown ruleset \"{name}\" (known: v011, classic)")),
    }
}

/// The protocol's `perft` request: leaf count after `moves` from the start position. The
/// moves are played as in normal play but draw rules are ignored (H12).
pub fn perft(ruleset: Ruleset, depth: u32, moves: &[String]) -> Result<u64, String> {
    let pos = position_after(ruleset, moves)?;
    Ok(crate::rules::hexchess::perft::perft(&pos, depth))
}

/// The position after `moves` from the start, each checked against the legal moves but
/// with no draw rule applied (perft ignores them, H12).
pub fn position_after(ruleset: Ruleset, moves: &[String]) -> Result<Position, String> {
    let mut pos = Position::start(ruleset);
    let rename = ruleset == Ruleset::V011;
    for (i, text) in moves.iter().enumerate() {
        let legal = legal_moves(&pos);
        let mv = notation::parse(&pos, text, &legal).map_err(|e| format!("move {i}: {e}"))?;
        pos.play_unchecked(mv, rename);
    }
    Ok(pos)
}

#[derive(Parser, Debug)]
#[command(about = "Hex chess perft: leaf counts of the legal-move tree")]
struct PerftArgs {
    /// v011 (the document, with renaming) or classic (Glinski).
    #[arg(long, default_value = "v011")]
    ruleset: String,
    /// Plies to count.
    depth: u32,
    /// Also list the count under each first move.
    #[arg(long)]
    divide: bool,
    /// Moves to play from the start position first (long form or H6 notation).
    #[arg(long = "moves", num_args = 0.., value_delimiter = ' ')]
    moves: Vec<String>,
    /// Threads to share the first moves among (0: one per core); the count is the same.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

/// The threads `asked` stands for: 0 is one per core.
fn threads_for(asked: usize) -> usize {
    if asked == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        asked
    }
}

/// `lodestone perft [--ruleset v011|classic] DEPTH [--divide] [--threads N]`
pub fn perft_cli(args: &[String]) -> Result<Value, CliError> {
    let opts: PerftArgs = parse_options("lodestone perft", args)?;
    let ruleset = parse_ruleset(Some(&opts.ruleset)).map_err(CliError::Usage)?;
    if opts.depth > 12 {
        return Err(CliError::Usage(
            "perft: DEPTH must be at most 12".to_string(),
        ));
    }
    let pos = position_after(ruleset, &opts.moves).map_err(CliError::Usage)?;
    let started = Instant::now();
    let threads = threads_for(opts.threads);
    let mut answer = json!({"ruleset": ruleset.name(), "depth": opts.depth, "threads": threads});
    let nodes = if opts.divide {
        let rows = perft::divide_on(&pos, opts.depth, threads);
        let total = rows.iter().map(|(_, n)| n).sum::<u64>();
        let divide: serde_json::Map<String, Value> =
            rows.iter().map(|(mv, n)| (mv.long(), json!(n))).collect();
        answer["divide"] = Value::Object(divide);
        total
    } else {
        perft::perft_on(&pos, opts.depth, threads)
    };
    let seconds = started.elapsed().as_secs_f64();
    answer["nodes"] = json!(nodes);
    answer["seconds"] = json!(seconds);
    answer["nodes_per_second"] = json!((nodes as f64 / seconds.max(1e-9)).round());
    Ok(answer)
}

#[derive(Parser, Debug)]
#[command(
    about = "Measure the hex chess rules core: every figure is a median over its samples (each ruleset reports its sample counts)"
)]
struct BenchArgs {
    /// Perft depth for the perft time and nodes-per-second figures.
    #[arg(long, default_value_t = 4)]
    depth: u32,
    /// Timed samples per move-generation measurement (medians are reported).
    #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u32).range(1..))]
    samples: u32,
    /// Perft runs per ruleset; each run is one sample of the perft medians.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    perft_samples: u32,
    /// The computer's move timed this many times per ruleset (the median is reported).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    ai_samples: u32,
    /// Threads for the threaded perft figures (0: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

/// `lodestone bench hexchess [--depth D] [--samples N] [--perft-samples N] [--ai-samples N]`
pub fn bench(args: &[String]) -> Result<Value, CliError> {
    let opts: BenchArgs = parse_options("lodestone bench hexchess", args)?;
    if opts.depth == 0 || opts.depth > 6 {
        return Err(CliError::Usage(
            "bench hexchess: --depth must be 1..6".to_string(),
        ));
    }
    let samples = opts.samples as usize;
    let mut out = serde_json::Map::new();
    let mut progress = Progress::new("bench hexchess", 6);
    for ruleset in [Ruleset::V011, Ruleset::Classic] {
        let pos = Position::start(ruleset);
        let mut nodes = 0;
        let mut perft_seconds = seconds_each(opts.perft_samples as usize, || {
            nodes = perft::perft(std::hint::black_box(&pos), opts.depth);
        });
        // Every run counts the same tree, so each run's rate is nodes over its own time.
        let mut rates: Vec<f64> = perft_seconds
            .iter()
            .map(|s| nodes as f64 / s.max(1e-9))
            .collect();
        // The same tree with the first moves shared out among threads.
        let threads = threads_for(opts.threads);
        let mut threaded_nodes = 0;
        let mut threaded_seconds = seconds_each(opts.perft_samples as usize, || {
            threaded_nodes = perft::perft_on(std::hint::black_box(&pos), opts.depth, threads);
        });
        if threaded_nodes != nodes {
            return Err(CliError::Failed(format!(
                "bench hexchess: perft on {threads} threads counted {threaded_nodes}, not {nodes}"
            )));
        }
        let single_median = median(&mut perft_seconds.clone());
        let threaded_median = median(&mut threaded_seconds);
        progress.advance(1);
        // A middle-game position: 12 random plies from the start, fixed seed.
        let mut game = Game::new(ruleset);
        let mut rng = seeded(12);
        for _ in 0..12 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rand::Rng::random_range(&mut rng, 0..moves.len())];
            let _ = game.play(mv);
        }
        let mid = game.position().clone();
        let start_gen = median_ns(samples, || {
            std::hint::black_box(legal_moves(std::hint::black_box(&pos)));
        });
        let mid_gen = median_ns(samples, || {
            std::hint::black_box(legal_moves(std::hint::black_box(&mid)));
        });
        let count = median_ns(samples, || {
            std::hint::black_box(count_moves(std::hint::black_box(&mid)));
        });
        progress.advance(1);
        // The same choice each time (a fresh generator per run), so the runs are samples
        // of one computation.
        let mut ai_seconds = seconds_each(opts.ai_samples as usize, || {
            std::hint::black_box(ai::choose(
                &game,
                &AiConfig::default(),
                &mut seeded(1),
                &crate::rules::Stop::never(),
            ));
        });
        progress.advance(1);
        out.insert(
            ruleset.name().to_string(),
            json!({
                "samples": samples,
                "perft_depth": opts.depth,
                "perft_nodes": nodes,
                "perft_samples": opts.perft_samples,
                "perft_seconds_median": median(&mut perft_seconds),
                "perft_threads": threads,
                "perft_threaded_seconds_median": threaded_median,
                "perft_thread_speedup": single_median / threaded_median.max(1e-9),
                "perft_nodes_per_second_median": median(&mut rates).round(),
                "legal_moves_start_ns": start_gen.round(),
                "legal_moves_midgame_ns": mid_gen.round(),
                "count_moves_midgame_ns": count.round(),
                "ai_samples": opts.ai_samples,
                "ai_move_median_ms": median(&mut ai_seconds) * 1000.0,
            }),
        );
    }
    progress.finish();
    Ok(Value::Object(out))
}

#[derive(Parser, Debug)]
#[command(about = "Self-play hex chess games and summarize them")]
struct SimulateArgs {
    #[arg(long, default_value_t = 100)]
    games: u32,
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// random: random against random; ai: the computer against random, alternating sides.
    #[arg(long, default_value = "random")]
    players: String,
    /// v011 (the default) or classic; with --position, the code's (and --ruleset, if
    /// given, must agree).
    #[arg(long)]
    ruleset: Option<String>,
    /// Every game starts from this position code (docs/codes/hexchess.md) instead of the
    /// start; --max-plies counts the plies after it.
    #[arg(long, value_name = "CODE")]
    position: Option<String>,
    /// The computer's node budget per move (default: the protocol's).
    #[arg(long)]
    nodes: Option<u64>,
    /// Games still running after this many plies are counted as unfinished.
    #[arg(long, default_value_t = 3000)]
    max_plies: u32,
}

/// `lodestone simulate hexchess --games N --seed S [--players random|ai]`
pub fn simulate(args: &[String]) -> Result<Value, CliError> {
    let opts: SimulateArgs = parse_options("lodestone simulate hexchess", args)?;
    let ruleset = parse_ruleset(opts.ruleset.as_deref()).map_err(CliError::Usage)?;
    let usage = |why: String| CliError::Usage(format!("simulate hexchess --position: {why}"));
    let start = match &opts.position {
        Some(code) => {
            let game = crate::rules::hexchess::code::read(code).map_err(usage)?;
            if opts.ruleset.is_some() && game.ruleset() != ruleset {
                return Err(usage(format!(
                    "the code is a {} position, not {}",
                    game.ruleset().name(),
                    ruleset.name()
                )));
            }
            game
        }
        None => crate::rules::hexchess::Game::new(ruleset),
    };
    let mut config = AiConfig::default();
    if let Some(nodes) = opts.nodes {
        config.max_nodes = nodes;
    }
    let ai_plays = match opts.players.as_str() {
        "random" => false,
        "ai" => true,
        other => {
            return Err(CliError::Usage(format!(
                "simulate hexchess: unknown --players \"{other}\" (known: random, ai)"
            )));
        }
    };
    if opts.nodes.is_some() && !ai_plays {
        return Err(CliError::Usage(
            "simulate hexchess: --nodes is the computer's, so it applies only with --players ai"
                .to_string(),
        ));
    }
    let mut rng = seeded(opts.seed);
    let mut progress = Progress::new("simulate hexchess", opts.games as u64);
    let mut reasons: BTreeMap<String, u64> = BTreeMap::new();
    let mut wins = BTreeMap::from([
        ("white", 0u64),
        ("black", 0),
        ("draw", 0),
        ("unfinished", 0),
    ]);
    let mut lengths = Vec::new();
    let mut multi_queen = 0u64;
    let (mut ai_wins, mut ai_draws, mut ai_losses) = (0u64, 0u64, 0u64);
    let started = Instant::now();
    for g in 0..opts.games {
        let ai_color = if g % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let (white, black) = match (ai_plays, ai_color) {
            (false, _) => (Player::Random, Player::Random),
            (true, Color::White) => (Player::Ai(config), Player::Random),
            (true, Color::Black) => (Player::Random, Player::Ai(config)),
        };
        // Reproducible: the computer searches to its node budget, never to a clock.
        let summary = play_game(
            &start,
            white,
            black,
            opts.max_plies,
            &mut rng,
            &mut crate::rules::stop::ToBudget,
        );
        lengths.push(summary.plies as f64);
        multi_queen += summary.multi_queen as u64;
        let key = match summary.outcome {
            None => "unfinished",
            Some(o) => {
                *reasons.entry(o.reason.name().to_string()).or_default() += 1;
                o.winner.map_or("draw", |w| w.name())
            }
        };
        *wins.entry(key).or_default() += 1;
        match summary.outcome.map(|o| o.winner) {
            Some(Some(w)) if w == ai_color => ai_wins += 1,
            Some(Some(_)) => ai_losses += 1,
            _ => ai_draws += 1,
        }
        progress.advance(1);
    }
    progress.finish();
    let games = opts.games.max(1) as f64;
    let mut answer = json!({
        "game": "hexchess",
        "ruleset": start.ruleset().name(),
        "games": opts.games,
        "seed": opts.seed,
        "players": opts.players,
        "results": wins,
        "reasons": reasons,
        "length": {
            "mean": lengths.iter().sum::<f64>() / games,
            "median": median(&mut lengths.clone()),
            "min": lengths.iter().copied().fold(f64::INFINITY, f64::min),
            "max": lengths.iter().copied().fold(0.0, f64::max),
        },
        "multi_queen_games": multi_queen,
        "multi_queen_rate": multi_queen as f64 / games,
        "seconds": started.elapsed().as_secs_f64(),
    });
    if ai_plays {
        // Score: a win 1, a draw (or unfinished game) 1/2.
        answer["ai"] = json!({
            "nodes_per_move": config.max_nodes,
            "wins": ai_wins, "draws": ai_draws, "losses": ai_losses,
            "score": (ai_wins as f64 + 0.5 * ai_draws as f64) / games,
        });
    }
    Ok(answer)
}
