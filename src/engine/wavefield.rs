//! Wave Field's subcommands: `simulate wavefield` and `bench wavefield`.

use serde_json::{Value, json};

use std::time::Instant;

use super::cli::{CliError, median, median_ns, parse_options};
use super::progress::Progress;
use crate::rules::rng::seeded;
use crate::rules::wavefield::ai::{self, AiConfig};
use crate::rules::wavefield::patterns::Tables;
use crate::rules::wavefield::rescue;
use crate::rules::wavefield::selfplay::{self, GameEnd, PlyMetrics};
use crate::rules::wavefield::{Action, Game, Position, Side};

#[derive(clap::Parser, Debug)]
#[command(
    about = "Wave Field self-play: random (per-ply metrics), lean (terminal stats), profile (timing split), ai (computer vs random)"
)]
struct SimOptions {
    #[arg(long, default_value = "lean")]
    mode: String,
    #[arg(long, default_value_t = 100)]
    games: u64,
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[arg(long, default_value_t = 300)]
    max_plies: u32,
    /// The computer's wall-clock safety cap per decision in milliseconds (ai mode; 150).
    #[arg(long)]
    budget_ms: Option<u64>,
    /// easy or strong (ai mode; strong).
    #[arg(long)]
    level: Option<String>,
    /// ai mode's opponent: random, easy or strong (the last two are computer self-play;
    /// random).
    #[arg(long)]
    opponent: Option<String>,
    /// Every game starts from this position code (docs/codes/wavefield.md) instead of
    /// the start; --max-plies counts the moves after it.
    #[arg(long, value_name = "CODE")]
    position: Option<String>,
}

const MODES: [&str; 4] = ["lean", "random", "profile", "ai"];

fn level_config(level: &str) -> Result<AiConfig, CliError> {
    let config = match level {
        "easy" => AiConfig::easy(),
        "strong" => AiConfig::default(),
        other => {
            return Err(CliError::Usage(format!(
                "lodestone simulate wavefield: unknown level \"{other}\" (allowed: easy, strong)"
            )));
        }
    };
    Ok(config)
}

fn tally(ends: &[GameEnd]) -> Value {
    let plies: u64 = ends.iter().map(|e| e.plies as u64).sum();
    let count = |w: Option<Side>| ends.iter().filter(|e| e.winner == w).count();
    json!({
        "plies": plies,
        "avg_plies": plies as f64 / ends.len().max(1) as f64,
        "resigned": ends.iter().filter(|e| e.resigned).count(),
        "capped": ends.iter().filter(|e| !e.resigned).count(),
        "avg_pieces_left": {
            "red": ends.iter().map(|e| e.pieces_left[0]).sum::<usize>() as f64 / ends.len().max(1) as f64,
            "blue": ends.iter().map(|e| e.pieces_left[1]).sum::<usize>() as f64 / ends.len().max(1) as f64,
        },
        "wins": {"red": count(Some(Side::Red)), "blue": count(Some(Side::Blue)), "draw": count(None)},
    })
}

/// `lodestone simulate wavefield ...`
pub fn simulate(args: &[String]) -> Result<Value, CliError> {
    let o: SimOptions = parse_options("lodestone simulate wavefield", args)?;
    let usage = |text: String| CliError::Usage(format!("lodestone simulate wavefield: {text}"));
    if !MODES.contains(&o.mode.as_str()) {
        return Err(usage(format!(
            "unknown --mode \"{}\" (allowed: {})",
            o.mode,
            MODES.join(", ")
        )));
    }
    // Checked before any game is played, whatever the mode.
    let budget_ms = o.budget_ms.unwrap_or(150);
    let level = o.level.clone().unwrap_or_else(|| "strong".to_string());
    let opponent_name = o.opponent.clone().unwrap_or_else(|| "random".to_string());
    let config = level_config(&level)?;
    // The time cap of each decision, raised by a watch outside the rules.
    let mut searches =
        crate::engine::time_cap::Capped::new(Some(std::time::Duration::from_millis(budget_ms)));
    let opponent = match opponent_name.as_str() {
        "random" => None,
        other => Some(level_config(other).map_err(|_| {
            usage(format!(
                "unknown --opponent \"{other}\" (allowed: random, easy, strong)"
            ))
        })?),
    };
    if o.mode != "ai" {
        for (given, flag) in [
            (o.level.is_some(), "--level"),
            (o.opponent.is_some(), "--opponent"),
            (o.budget_ms.is_some(), "--budget-ms"),
        ] {
            if given {
                return Err(usage(format!(
                    "{flag} applies only to --mode ai, not --mode {}",
                    o.mode
                )));
            }
        }
    }
    let t = Tables::builtin().clone();
    let first = match &o.position {
        Some(code) => crate::rules::wavefield::code::read(code)
            .map_err(|why| usage(format!("--position: {why}")))?
            .position()
            .clone(),
        None => Position::start(&t),
    };
    let mut rng = seeded(o.seed);
    let mut progress = Progress::new(format!("simulate wavefield {}", o.mode), o.games);
    let start = Instant::now();
    let mut ends = Vec::with_capacity(o.games as usize);
    let mut extra = serde_json::Map::new();
    match o.mode.as_str() {
        "lean" => {
            for _ in 0..o.games {
                ends.push(selfplay::lean_random_game(
                    &t,
                    &first,
                    o.max_plies,
                    &mut rng,
                ));
                progress.advance(1);
            }
        }
        "random" => {
            let mut m = PlyMetrics::default();
            for _ in 0..o.games {
                ends.push(selfplay::rich_random_game(
                    &t,
                    &first,
                    o.max_plies,
                    &mut rng,
                    &mut m,
                ));
                progress.advance(1);
            }
            let per = |x: u64| x as f64 / m.plies.max(1) as f64;
            extra.insert(
                "per_ply".into(),
                json!({
                    "legal_moves": per(m.legal_moves),
                    "unstable_pieces": per(m.unstable_pieces),
                    "removals": per(m.removals),
                    "trapped": per(m.traps),
                    "retunes": per(m.retunes),
                }),
            );
        }
        "profile" => {
            let (mut gen_ns, mut apply_ns, mut plies) = (0u128, 0u128, 0u64);
            let mut buf = Vec::with_capacity(64);
            for _ in 0..o.games {
                let mut pos = first.clone();
                while pos.outcome().is_none() && pos.ply() - first.ply() < o.max_plies {
                    let a = Instant::now();
                    let choice = selfplay::random_choice(&t, &pos, &mut buf, &mut rng);
                    let b = Instant::now();
                    selfplay::apply(&t, &mut pos, choice);
                    gen_ns += (b - a).as_nanos();
                    apply_ns += b.elapsed().as_nanos();
                    plies += 1;
                }
                ends.push(selfplay::adjudicate(&pos, pos.ply()));
                progress.advance(1);
            }
            extra.insert(
                "ns_per_ply".into(),
                json!({
                    "candidate_generation": gen_ns as f64 / plies.max(1) as f64,
                    "apply": apply_ns as f64 / plies.max(1) as f64,
                }),
            );
        }
        "ai" => {
            let (mut ai_wins, mut opponent_wins, mut draws) = (0u64, 0u64, 0u64);
            for n in 0..o.games {
                // The computer alternates sides so Blue's first move favours neither.
                let ai_side = if n % 2 == 0 { Side::Red } else { Side::Blue };
                let end = match &opponent {
                    None => selfplay::ai_vs_random(
                        &t,
                        &first,
                        ai_side,
                        &config,
                        o.max_plies,
                        &mut rng,
                        &mut searches,
                    ),
                    Some(other) => {
                        let (red, blue) = if ai_side == Side::Red {
                            (&config, other)
                        } else {
                            (other, &config)
                        };
                        selfplay::ai_vs_ai(
                            &t,
                            &first,
                            red,
                            blue,
                            o.max_plies,
                            &mut rng,
                            &mut searches,
                        )
                    }
                };
                match end.winner {
                    Some(w) if w == ai_side => ai_wins += 1,
                    Some(_) => opponent_wins += 1,
                    None => draws += 1,
                }
                ends.push(end);
                progress.advance(1);
            }
            extra.insert(
                "ai_vs_opponent".into(),
                json!({
                    "level": level,
                    "opponent": opponent_name,
                    "ai_wins": ai_wins,
                    "opponent_wins": opponent_wins,
                    "draws": draws,
                    "ai_score": (ai_wins as f64 + draws as f64 / 2.0) / o.games.max(1) as f64,
                }),
            );
        }
        other => {
            return Err(CliError::Usage(format!(
                "lodestone simulate wavefield: unknown mode \"{other}\" (random, lean, profile, ai)"
            )));
        }
    }
    progress.finish();
    let seconds = start.elapsed().as_secs_f64();
    let mut out = serde_json::Map::new();
    out.insert("game".into(), json!("wavefield"));
    out.insert("mode".into(), json!(o.mode));
    out.insert("games".into(), json!(o.games));
    out.insert("seed".into(), json!(o.seed));
    out.insert("max_plies".into(), json!(o.max_plies));
    out.insert(
        "adjudication".into(),
        json!("resignation, else at the ply cap more pieces on the board wins, equal is a draw"),
    );
    if let Value::Object(m) = tally(&ends) {
        out.extend(m);
    }
    let plies: u64 = ends.iter().map(|e| e.plies as u64).sum();
    out.insert("seconds".into(), json!(seconds));
    out.insert(
        "plies_per_second".into(),
        json!(plies as f64 / seconds.max(1e-9)),
    );
    out.extend(extra);
    Ok(Value::Object(out))
}

#[derive(clap::Parser, Debug)]
#[command(about = "Wave Field benchmarks: medians, except the lean self-play rate (one timed run)")]
struct BenchOptions {
    /// Samples per measurement (the computer's moves: at most 5).
    #[arg(long, default_value_t = 21)]
    samples: usize,
    /// Seconds of lean random self-play for the plies-per-second figure, timed as one run
    /// (total plies over total seconds, not a median).
    #[arg(long, default_value_t = 2.0)]
    selfplay_seconds: f64,
    /// Trapped positions per slot configuration for the rescue-search figures.
    #[arg(long, default_value_t = 9)]
    rescue_positions: usize,
    /// Positions with no rescue (the search tries every tuning) for the exhaustive-search
    /// figures, per slot configuration: a median across them.
    #[arg(long, default_value_t = 5)]
    exhaustive_positions: usize,
}

/// A mid-game position reached by seeded random play (for the benches).
fn midgame(t: &Tables, plies: u32, seed: u64) -> Position {
    let mut rng = seeded(seed);
    let mut pos = Position::start(t);
    let mut buf = Vec::new();
    while pos.outcome().is_none() && pos.ply() < plies {
        let c = selfplay::random_choice(t, &pos, &mut buf, &mut rng);
        selfplay::apply(t, &mut pos, c);
    }
    pos
}

/// `lodestone bench wavefield ...`
pub fn bench(args: &[String]) -> Result<Value, CliError> {
    let o: BenchOptions = parse_options("lodestone bench wavefield", args)?;
    let t = Tables::builtin().clone();
    let start = Position::start(&t);
    let mid = midgame(&t, 20, 7);
    let n = o.samples.max(1);
    let mut progress = Progress::new("bench wavefield", 8);
    let field = median_ns(n, || {
        let mut p = mid.clone();
        p.recompute_field(&t);
        std::hint::black_box(&p);
    });
    progress.advance(1);
    let mut buf = Vec::with_capacity(64);
    let legal_start = median_ns(n, || {
        start.legal_moves(&t, &mut buf);
        std::hint::black_box(&buf);
    });
    let legal_mid = median_ns(n, || {
        mid.legal_moves(&t, &mut buf);
        std::hint::black_box(&buf);
    });
    progress.advance(1);
    let game = Game::from_position(mid.clone(), 0);
    let first = game.legal_moves().first().copied();
    let turn = median_ns(n, || {
        let mut g = game.clone();
        if let Some(mv) = first {
            let _ = std::hint::black_box(g.play(Action::Move(mv)));
        }
    });
    let turn_fast = median_ns(n, || {
        let mut p = mid.clone();
        if let Some(mv) = first {
            p.play_unchecked(&t, mv);
        }
        std::hint::black_box(&p);
    });
    progress.advance(1);
    // The rescue search's worst case tries all 16 profiles: the real search on positions
    // with no rescue, a median per position, then the median across the positions.
    let unrescuable =
        super::wavefield_rescue::unrescuable_positions(&t, o.exhaustive_positions, 11);
    let mut per_position: Vec<f64> = unrescuable
        .iter()
        .map(|(pos, _)| {
            median_ns(n, || {
                std::hint::black_box(rescue::search(&t, std::hint::black_box(pos)));
            })
        })
        .collect();
    let rescue_all = (!per_position.is_empty()).then(|| median(&mut per_position));
    let rescue_first = median_ns(n, || {
        std::hint::black_box(rescue::find_rescue(&t, &mid));
    });
    progress.advance(1);
    let config = AiConfig::default();
    let ai_samples = n.min(5);
    let ai_ns = median_ns(ai_samples, || {
        let mut rng = seeded(1);
        let stop = crate::rules::Stop::never();
        std::hint::black_box(ai::choose_in(&t, &mid, &[], &config, &mut rng, &stop));
    });
    let easy = AiConfig::easy();
    let ai_easy_ns = median_ns(ai_samples, || {
        let mut rng = seeded(1);
        let stop = crate::rules::Stop::never();
        std::hint::black_box(ai::choose_in(&t, &mid, &[], &easy, &mut rng, &stop));
    });
    progress.advance(1);
    let mut rng = seeded(3);
    let clock = Instant::now();
    let (mut plies, mut games) = (0u64, 0u64);
    while clock.elapsed().as_secs_f64() < o.selfplay_seconds {
        plies += selfplay::lean_random_game(&t, &Position::start(&t), 300, &mut rng).plies as u64;
        games += 1;
    }
    let selfplay_rate = plies as f64 / clock.elapsed().as_secs_f64();
    progress.advance(2);
    let rescue_slots =
        super::wavefield_rescue::rescue_bench(o.rescue_positions, o.exhaustive_positions);
    progress.advance(1);
    progress.finish();
    Ok(json!({
        "game": "wavefield",
        "samples": n,
        "computer_move_samples": ai_samples,
        "rescue_search_all_16_profiles_positions": per_position.len(),
        "median_ns": {
            "field_eval_full": field,
            "legal_moves_start": legal_start,
            "legal_moves_midgame": legal_mid,
            "full_turn_validated": turn,
            "full_turn_fast_path": turn_fast,
            "rescue_search_all_16_profiles": rescue_all,
            "rescue_search_first_hit": rescue_first,
            "computer_move_strong": ai_ns,
            "computer_move_easy": ai_easy_ns,
        },
        "lean_random_selfplay": {
            "max_plies": 300,
            "games": games,
            "plies": plies,
            "plies_per_second": selfplay_rate,
            "target_plies_per_second": 177_000,
        },
        "rescue_search_by_slots": rescue_slots,
    }))
}
