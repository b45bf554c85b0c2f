//! Polarity's subcommands: `simulate polarity` and `bench polarity`.

use serde_json::{Value, json};

use super::cli::{CliError, median, median_ns, parse_options};
use super::progress::Progress;
use super::timing::seconds_each;
use crate::rules::polarity::ai::{self, AiConfig};
use crate::rules::polarity::{Game, Side};

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Players {
    /// Both sides play uniformly random legal actions.
    Random,
    /// The computer player against random, seats alternating game by game.
    Ai,
}

/// `lodestone simulate polarity`: self-play and a JSON summary.
#[derive(clap::Parser, Debug)]
struct SimulateOptions {
    /// Number of games.
    #[arg(long, default_value_t = 200)]
    games: u32,
    /// Game i uses seed S + i for every random choice.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// random: random against random; ai: the computer player against random.
    #[arg(long, value_enum, default_value_t = Players::Random)]
    players: Players,
    /// The computer player's deepest search, in plies (with --players ai).
    #[arg(long)]
    depth: Option<u32>,
    /// The computer player's node budget per action (with --players ai).
    #[arg(long)]
    nodes: Option<u64>,
    /// Every game starts from this position code (docs/codes/polarity.md) instead of the
    /// start.
    #[arg(long, value_name = "CODE")]
    position: Option<String>,
}

/// `lodestone simulate polarity ...`
pub fn simulate(args: &[String]) -> Result<Value, CliError> {
    use crate::rules::polarity::EndReason;
    use crate::rules::polarity::selfplay::{Player, play_game};

    let options: SimulateOptions = parse_options("lodestone simulate polarity", args)?;
    if options.players == Players::Random
        && let Some(flag) = [
            (options.depth.is_some(), "--depth"),
            (options.nodes.is_some(), "--nodes"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    {
        return Err(CliError::Usage(format!(
            "simulate polarity: {flag} is the computer's, so it applies only with --players ai"
        )));
    }
    let start = match &options.position {
        Some(code) => crate::rules::polarity::code::read(code)
            .map_err(|why| {
                CliError::Usage(format!("lodestone simulate polarity --position: {why}"))
            })?
            .position()
            .to_owned(),
        None => crate::rules::polarity::Position::new(),
    };
    let defaults = AiConfig::default();
    let ai = Player::Ai(AiConfig {
        depth: options.depth.unwrap_or(defaults.depth).max(1),
        node_limit: options.nodes.unwrap_or(defaults.node_limit),
    });
    // Reproducible: no time cap in self-play; each search is only timed, for the report.
    let mut searches = crate::engine::time_cap::Capped::new(None);
    let mut progress = Progress::new("simulate polarity", options.games as u64);
    let (mut wins, mut draws) = ([0u32; 2], 0u32);
    let (mut ten, mut blocked) = (0u32, 0u32);
    let (mut ai_wins, mut ai_losses) = (0u32, 0u32);
    let (mut ply_sum, mut ply_min, mut ply_max) = (0u64, u32::MAX, 0u32);
    for i in 0..options.games {
        // With the computer playing, it takes seat one in even games and two in odd ones.
        let ai_side = (options.players == Players::Ai).then_some(if i % 2 == 0 {
            Side::One
        } else {
            Side::Two
        });
        let (one, two) = match ai_side {
            None => (Player::Random, Player::Random),
            Some(Side::One) => (ai, Player::Random),
            Some(Side::Two) => (Player::Random, ai),
        };
        let seed = options.seed.wrapping_add(i as u64);
        let played = play_game(&start, one, two, seed, &mut searches).ok_or_else(|| {
            CliError::Failed(format!(
                "game {i} (seed {seed}) did not finish within its length bound"
            ))
        })?;
        match played.outcome.winner {
            Some(side) => wins[side.index()] += 1,
            None => draws += 1,
        }
        match played.outcome.reason {
            EndReason::Ten => ten += 1,
            EndReason::Blocked => blocked += 1,
        }
        if let Some(side) = ai_side {
            match played.outcome.winner {
                Some(w) if w == side => ai_wins += 1,
                Some(_) => ai_losses += 1,
                None => {}
            }
        }
        ply_sum += played.plies as u64;
        ply_min = ply_min.min(played.plies);
        ply_max = ply_max.max(played.plies);
        progress.advance(1);
    }
    progress.finish();
    let games = options.games.max(1) as f64;
    let mut summary = json!({
        "game": "polarity",
        "games": options.games,
        "seed": options.seed,
        "players": match options.players { Players::Random => "random", Players::Ai => "ai" },
        "wins": {"one": wins[0], "two": wins[1]},
        "draws": draws,
        "reasons": {"ten": ten, "blocked": blocked},
        "plies": {
            "mean": ply_sum as f64 / games,
            "min": if options.games == 0 { 0 } else { ply_min },
            "max": ply_max,
        },
    });
    if options.players == Players::Ai {
        let ai_moves = searches.took.len();
        let ai_nanos: u128 = searches.took.iter().map(|d| d.as_nanos()).sum();
        let ai_max_nanos = searches
            .took
            .iter()
            .map(|d| d.as_nanos())
            .max()
            .unwrap_or(0);
        summary["ai"] = json!({
            "depth": options.depth.unwrap_or(defaults.depth).max(1),
            "nodes": options.nodes.unwrap_or(defaults.node_limit),
            "wins": ai_wins,
            "losses": ai_losses,
            "draws": options.games - ai_wins - ai_losses,
            "score": (ai_wins as f64 + 0.5 * (options.games - ai_wins - ai_losses) as f64) / games,
            "mean_ms_per_action": if ai_moves == 0 { 0.0 } else { ai_nanos as f64 / ai_moves as f64 / 1e6 },
            "max_ms_per_action": ai_max_nanos as f64 / 1e6,
        });
    }
    Ok(summary)
}

/// Measure the Polarity rules core: medians of the core operations and of the computer's
/// thinking time.
#[derive(clap::Parser, Debug)]
struct BenchOptions {
    /// Timed samples per measurement of the core operations (the median is reported).
    #[arg(long, default_value_t = 15)]
    samples: usize,
    /// The computer's choice timed this many times per position (the median is reported).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
    ai_samples: u32,
}

/// A mid-game position reached by random play (deterministic).
fn midgame(seed: u64, plies: u32) -> Game {
    let mut game = Game::new(seed);
    let mut rng = crate::rules::rng::seeded(seed);
    while game.position().ply() < plies && game.outcome().is_none() {
        let Some(action) = ai::random(game.position(), &mut rng) else {
            break;
        };
        if game.play(action).is_err() {
            break;
        }
    }
    game
}

/// `lodestone bench polarity ...`
pub fn bench(args: &[String]) -> Result<Value, CliError> {
    use crate::rules::polarity::selfplay::{Player, play_game};
    use std::hint::black_box;

    let options: BenchOptions = parse_options("lodestone bench polarity", args)?;
    let samples = options.samples.max(1);
    let mut progress = Progress::new("bench polarity", 6);
    let start = Game::new(0);
    let mid = midgame(1, 10);
    let mid_actions = mid.legal_actions();

    let legal_start = median_ns(samples, || {
        black_box(black_box(start.position()).legal_actions());
    });
    progress.advance(1);
    let legal_mid = median_ns(samples, || {
        black_box(black_box(mid.position()).legal_actions());
    });
    progress.advance(1);
    // Every legal action of the mid-game position, applied on a copy (the search's path).
    let apply_all = median_ns(samples, || {
        for action in &mid_actions {
            let mut p = *mid.position();
            black_box(p.apply_unchecked(*action));
        }
    }) / mid_actions.len().max(1) as f64;
    progress.advance(1);
    let play_all = median_ns(samples, || {
        for action in &mid_actions {
            let mut g = mid.clone();
            let _ = black_box(g.play(*action));
        }
    }) / mid_actions.len().max(1) as f64;
    progress.advance(1);
    let mut seed = 0u64;
    let random_game = median_ns(samples, || {
        seed += 1;
        black_box(play_game(
            &crate::rules::polarity::Position::new(),
            Player::Random,
            Player::Random,
            seed,
            &mut crate::rules::stop::ToBudget,
        ));
    });
    progress.advance(1);
    // The default computer player, as the game uses it (one choice, under its time cap),
    // timed `ai_samples` times per position with the same generator each time.
    let config = AiConfig::default();
    let mut ai_runs = Vec::new();
    for (name, game) in [
        ("start", start.clone()),
        ("ply_4", midgame(2, 4)),
        ("ply_8", midgame(3, 8)),
        ("ply_12", midgame(4, 12)),
    ] {
        let mut analysis = None;
        let mut seconds = seconds_each(options.ai_samples as usize, || {
            let mut rng = crate::rules::rng::seeded(7);
            let (stop, _watch) =
                crate::engine::time_cap::Watch::start(crate::engine::time_cap::cap(
                    crate::rules::GameId::Polarity,
                    crate::rules::Level::Strong,
                ));
            analysis = black_box(ai::analyse(game.position(), &config, &mut rng, &stop));
        });
        ai_runs.push(json!({
            "position": name,
            "legal": game.legal_actions().len(),
            "median_ms": median(&mut seconds) * 1e3,
            "depth": analysis.map(|a| a.depth),
            "nodes": analysis.map(|a| a.nodes),
        }));
    }
    progress.advance(1);
    progress.finish();
    Ok(json!({
        "game": "polarity",
        "samples": samples,
        "legal_actions_start_ns": legal_start,
        "legal_actions_midgame_ns": legal_mid,
        "midgame_legal_count": mid_actions.len(),
        "apply_unchecked_ns": apply_all,
        "play_with_resolution_ns": play_all,
        "random_game_us": random_game / 1e3,
        "ai_samples": options.ai_samples,
        "ai_default": ai_runs,
    }))
}
