//! Vectress's subcommands: `simulate vectress` and `bench vectress`.

use std::collections::BTreeMap;
use std::time::Instant;

use clap::Parser;
use rand::seq::IndexedRandom;
use serde_json::{Value, json};

use super::cli::{CliError, median, median_ns, parse_options};
use super::progress::Progress;
use crate::rules::rng::seeded;
use crate::rules::vectress::ai::{self, AiConfig};
use crate::rules::vectress::{Action, Game, Side};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Players {
    /// Both sides play uniformly random legal moves.
    Random,
    /// The computer against the random player, colours alternating.
    Ai,
}

/// Self-play many games and summarize them.
#[derive(Parser, Debug)]
struct SimulateOptions {
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Seed of the first game (game i uses seed + i).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Who plays.
    #[arg(long, value_enum, default_value_t = Players::Random)]
    players: Players,
    /// Computer search depth in plies (default: the computer's own setting).
    #[arg(long)]
    depth: Option<u8>,
    /// Every game starts from this position code (docs/codes/vectress.md) instead of the
    /// start.
    #[arg(long, value_name = "CODE")]
    position: Option<String>,
}

/// `lodestone simulate vectress ...`
pub fn simulate(args: &[String]) -> Result<Value, CliError> {
    let opts: SimulateOptions = parse_options("lodestone simulate vectress", args)?;
    if opts.depth.is_some() && opts.players == Players::Random {
        return Err(CliError::Usage(
            "simulate vectress: --depth is the computer's, so it applies only with --players ai"
                .to_string(),
        ));
    }
    let defaults = AiConfig::default();
    let config = AiConfig {
        depth: opts.depth.unwrap_or(defaults.depth).max(1),
        ..defaults
    };
    let start = match &opts.position {
        Some(code) => crate::rules::vectress::code::read(code).map_err(|why| {
            CliError::Usage(format!("lodestone simulate vectress --position: {why}"))
        })?,
        None => Game::new(),
    };
    let mut reasons: BTreeMap<&str, u64> = BTreeMap::new();
    let mut winners: BTreeMap<&str, u64> = BTreeMap::new();
    let mut waves_hist: BTreeMap<usize, u64> = BTreeMap::new();
    let (mut max_waves, mut capped, mut lost_total, mut bonds_total) = (0usize, 0u64, 0u64, 0u64);
    let (mut plies_total, mut min_len, mut max_len) = (0u64, u64::MAX, 0u64);
    let (mut ai_wins, mut ai_draws, mut ai_losses) = (0u64, 0u64, 0u64);
    let mut ai_seconds_max = 0f64;
    let mut progress = Progress::new("simulate vectress", opts.games);
    for i in 0..opts.games {
        let mut rng = seeded(opts.seed.wrapping_add(i));
        let ai_side = if i % 2 == 0 { Side::White } else { Side::Black };
        let mut game = start.clone();
        while !game.is_over() {
            let use_ai = opts.players == Players::Ai && game.to_move() == ai_side;
            let action = if use_ai {
                let t = Instant::now();
                // Reproducible: to the node budget, never to a clock.
                let a = ai::choose(&game, &config, &mut rng, &crate::rules::Stop::never());
                ai_seconds_max = ai_seconds_max.max(t.elapsed().as_secs_f64());
                a
            } else {
                let legal = game.legal_actions();
                *legal.choose(&mut rng).unwrap_or(&Action::Pass)
            };
            let resolution = game
                .play(action)
                .map_err(|e| CliError::Failed(format!("self-play refused its own move: {e}")))?;
            if resolution.player.is_some() {
                let n = resolution.waves.len();
                *waves_hist.entry(n).or_default() += 1;
                max_waves = max_waves.max(n);
            }
            capped += resolution.capped as u64;
            bonds_total += resolution
                .waves
                .iter()
                .map(|w| w.bonds_formed.len() as u64)
                .sum::<u64>();
        }
        let pos = game.position();
        lost_total += (pos.lost(Side::White) + pos.lost(Side::Black)) as u64;
        plies_total += game.ply() as u64;
        min_len = min_len.min(game.ply() as u64);
        max_len = max_len.max(game.ply() as u64);
        if let Some(outcome) = game.outcome() {
            *reasons.entry(outcome.reason.name()).or_default() += 1;
            *winners
                .entry(outcome.winner.map_or("draw", |s| s.name()))
                .or_default() += 1;
            match outcome.winner {
                Some(w) if w == ai_side => ai_wins += 1,
                Some(_) => ai_losses += 1,
                None => ai_draws += 1,
            }
        }
        progress.advance(1);
    }
    progress.finish();
    let games = opts.games.max(1) as f64;
    let hist: BTreeMap<String, u64> = waves_hist
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    let mut summary = json!({
        "game": "vectress",
        "games": opts.games,
        "seed": opts.seed,
        "players": match opts.players { Players::Random => "random", Players::Ai => "ai" },
        "outcomes": reasons,
        "winners": winners,
        "length": {"mean": plies_total as f64 / games, "min": if opts.games == 0 { 0 } else { min_len }, "max": max_len},
        "waves_per_move": {"histogram": hist, "max": max_waves, "cap_reached": capped},
        "pieces_lost": {"total": lost_total, "per_game": lost_total as f64 / games},
        "bonds_formed": {"total": bonds_total, "per_game": bonds_total as f64 / games},
    });
    if opts.players == Players::Ai {
        summary["ai"] = json!({
            "depth": config.depth,
            "wins": ai_wins, "draws": ai_draws, "losses": ai_losses,
            "score": (ai_wins as f64 + 0.5 * ai_draws as f64) / games,
            "max_seconds_per_move": ai_seconds_max,
        });
    }
    Ok(summary)
}

/// Measure the Vectress rules core: medians (and means) over sampled positions, and one
/// timed run of random self-play.
#[derive(Parser, Debug)]
struct BenchOptions {
    /// Positions sampled from random games: the move and legal-list figures are medians
    /// over all of them, the computer's over every tenth (`ai_positions`).
    #[arg(long, default_value_t = 200)]
    positions: usize,
    /// Timed samples per position for the move and legal-list figures: each position's
    /// median, then the median (and mean) of those across the positions.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
    samples: u32,
    /// Seed of the sampling games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random games for the self-play rate, timed as one run (total plies over total
    /// seconds, not a median).
    #[arg(long, default_value_t = 200)]
    games: u64,
}

/// `lodestone bench vectress ...`
pub fn bench(args: &[String]) -> Result<Value, CliError> {
    let opts: BenchOptions = parse_options("lodestone bench vectress", args)?;
    let mut rng = seeded(opts.seed);
    // Sample positions from random games, each with one random legal move to resolve.
    let mut samples: Vec<(Game, Action)> = Vec::new();
    let mut game = Game::new();
    while samples.len() < opts.positions.max(1) {
        if game.is_over() {
            game = Game::new();
        }
        let legal = game.legal_actions();
        let Some(&action) = legal.choose(&mut rng) else {
            break;
        };
        if action != Action::Pass {
            samples.push((game.clone(), action));
        }
        game.play_unchecked(action);
    }
    let mut progress = Progress::new("bench vectress", 3);
    // Per-position medians: each sample is timed over a short batch (the clock costs tens
    // of nanoseconds), then the median over the positions is reported.
    let per_sample = |f: &mut dyn FnMut(usize)| -> (f64, f64) {
        let mut times: Vec<f64> = (0..samples.len())
            .map(|i| median_ns(opts.samples as usize, || f(i)))
            .collect();
        let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
        (median(&mut times), mean)
    };
    let (resolve_ns, resolve_mean) = per_sample(&mut |i| {
        let (g, a) = &samples[i];
        std::hint::black_box(g.try_fast(*a));
    });
    progress.advance(1);
    let (legal_ns, legal_mean) = per_sample(&mut |i| {
        std::hint::black_box(samples[i].0.legal_actions());
    });
    progress.advance(1);
    // The computer's thinking time on every tenth sampled position.
    let config = AiConfig::default();
    let mut ai_ms: Vec<f64> = samples
        .iter()
        .step_by(10)
        .map(|(g, _)| {
            let t = Instant::now();
            std::hint::black_box(ai::choose(
                g,
                &config,
                &mut seeded(0),
                &crate::rules::Stop::never(),
            ));
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    let ai_positions = ai_ms.len();
    let ai_max_ms = ai_ms.iter().copied().fold(0.0, f64::max);
    let ai_median_ms = median(&mut ai_ms);
    let start = Instant::now();
    let mut plies = 0u64;
    for i in 0..opts.games {
        let mut rng = seeded(opts.seed.wrapping_add(1000 + i));
        let mut game = Game::new();
        while !game.is_over() {
            let legal = game.legal_actions();
            let action = *legal.choose(&mut rng).unwrap_or(&Action::Pass);
            game.play_unchecked(action);
            plies += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    progress.advance(1);
    progress.finish();
    Ok(json!({
        "game": "vectress",
        "positions": samples.len(),
        "samples": opts.samples,
        "resolve_move_median_ns": resolve_ns,
        "resolve_move_mean_ns": resolve_mean,
        "legal_list_with_ko_median_ns": legal_ns,
        "legal_list_with_ko_mean_ns": legal_mean,
        "random_selfplay_plies_per_second": plies as f64 / secs.max(1e-9),
        "ai_depth": config.depth,
        "ai_positions": ai_positions,
        "ai_move_median_ms": ai_median_ms,
        "ai_move_max_ms": ai_max_ms,
        "random_selfplay_games": opts.games,
    }))
}
