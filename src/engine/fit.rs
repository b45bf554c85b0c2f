//! `lodestone fit GAME`: the win-chance curve of a game fitted on self-play. The computer
//! plays itself at a level; every position after the opening gives the value its search
//! found for the side to move and, once the game is over, how that side fared (a win 1, a
//! draw one half, a loss 0). The curve `1 / (1 + e^(-v / s))` is fitted by the scale `s`
//! that makes those outcomes likeliest; the result is what `Rules::SCORE_SCALE` holds.

use std::sync::atomic::{AtomicUsize, Ordering};

use rand::Rng;
use serde_json::{Value, json};

use super::cli::{CliError, parse_options};
use super::progress::Progress;
use crate::rules::rng::seeded;
use crate::rules::{GameId, Level, Match, Rules, Setup, Stop};

#[derive(clap::Parser, Debug)]
struct FitOptions {
    /// Games to play.
    #[arg(long, default_value_t = 40)]
    games: usize,
    /// Game i starts from seed S + i (its opening and the computer's tie-breaks).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The level both sides play at.
    #[arg(long, default_value = "strong")]
    level: String,
    /// Random actions that open each game, so the games differ (not sampled).
    #[arg(long, default_value_t = 2)]
    opening: usize,
    /// Games still running after this many turns are left out.
    #[arg(long, default_value_t = 400)]
    max_turns: usize,
    /// Threads playing games side by side (the result does not depend on it).
    #[arg(long)]
    threads: Option<usize>,
}

/// One position: the value for the side to move, and how that side fared (0, 0.5, 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub score: i32,
    pub outcome: f64,
}

/// `lodestone fit GAME ...`
pub fn fit(game: GameId, args: &[String]) -> Result<Value, CliError> {
    let command = format!("lodestone fit {}", game.id());
    let options: FitOptions = parse_options(&command, args)?;
    let level = Level::parse(&options.level).ok_or_else(|| {
        CliError::Usage(format!(
            "fit {}: unknown level \"{}\" (known: easy, normal, strong)",
            game.id(),
            options.level
        ))
    })?;
    if options.games == 0 {
        return Err(CliError::Usage(format!(
            "fit {}: --games must be at least 1",
            game.id()
        )));
    }
    crate::with_rules!(game, G => Ok(fit_game::<G>(&options, level)))
}

fn fit_game<G: Rules>(options: &FitOptions, level: Level) -> Value {
    let threads = options
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, 64);
    let next = AtomicUsize::new(0);
    let progress = std::sync::Mutex::new(Progress::new(
        format!("fit {}", G::GAME.id()),
        options.games as u64,
    ));
    let mut games: Vec<(usize, Option<Vec<Sample>>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut played = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= options.games {
                            return played;
                        }
                        let seed = options.seed.wrapping_add(i as u64);
                        played.push((i, self_play::<G>(seed, level, options)));
                        if let Ok(mut bar) = progress.lock() {
                            bar.advance(1);
                        }
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_default())
            .collect()
    });
    if let Ok(bar) = progress.into_inner() {
        bar.finish();
    }
    games.sort_by_key(|(i, _)| *i);
    let finished: Vec<&Vec<Sample>> = games.iter().filter_map(|(_, s)| s.as_ref()).collect();
    let samples: Vec<Sample> = finished.iter().flat_map(|s| s.iter().copied()).collect();
    let scale = best_scale(&samples);
    json!({
        "game": G::GAME.id(),
        "level": level.name(),
        "games": options.games,
        "finished": finished.len(),
        "positions": samples.len(),
        "scale": (scale * 10.0).round() / 10.0,
        "log_loss": round4(log_loss(&samples, scale)),
        "log_loss_even": round4(log_loss(&samples, f64::INFINITY)),
        "buckets": buckets(&samples, scale),
    })
}

fn round4(x: f64) -> f64 {
    (x * 1e4).round() / 1e4
}

/// One game of self-play from seed `seed`: its samples, or `None` if it ran past the cap.
fn self_play<G: Rules>(seed: u64, level: Level, options: &FitOptions) -> Option<Vec<Sample>> {
    let setup = Setup {
        seed,
        ..Setup::default()
    };
    let mut game = Match::<G>::new(setup).ok()?;
    let mut rng = seeded(seed ^ 0x5eed_f17e);
    for _ in 0..options.opening {
        let legal = game.rules().legal_actions();
        if legal.is_empty() {
            break;
        }
        let action = legal[rng.random_range(0..legal.len())];
        game.play(action).ok()?;
    }
    let mut seen: Vec<(i32, usize)> = Vec::new();
    for _ in 0..options.max_turns {
        if game.rules().is_over() {
            break;
        }
        let mover = side_index::<G>(game.rules().to_move());
        let mut search_rng = game.rules().rng().clone();
        let best = game
            .rules()
            .rank(level, 1, &mut search_rng, &Stop::never())
            .into_iter()
            .next()?;
        seen.push((best.score, mover));
        game.play_computer(level, &Stop::never()).ok()?;
    }
    if !game.rules().is_over() {
        return None;
    }
    let winner = game.rules().winner().map(side_index::<G>);
    Some(
        seen.into_iter()
            .map(|(score, mover)| Sample {
                score,
                outcome: match winner {
                    None => 0.5,
                    Some(w) if w == mover => 1.0,
                    Some(_) => 0.0,
                },
            })
            .collect(),
    )
}

fn side_index<G: Rules>(side: G::Side) -> usize {
    G::SIDES.iter().position(|s| *s == side).unwrap_or(0)
}

/// The chance the curve of scale `scale` gives a value (an infinite scale: one half).
pub fn curve(score: i32, scale: f64) -> f64 {
    1.0 / (1.0 + (-f64::from(score) / scale).exp())
}

/// The mean log loss of the outcomes under the curve of scale `scale`.
pub fn log_loss(samples: &[Sample], scale: f64) -> f64 {
    if samples.is_empty() {
        return f64::NAN;
    }
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = curve(s.score, scale).clamp(1e-6, 1.0 - 1e-6);
            -(s.outcome * p.ln() + (1.0 - s.outcome) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len() as f64
}

/// The scale with the least log loss, by golden-section search on its logarithm between
/// 1 and 100,000 value units (the loss is unimodal in it).
pub fn best_scale(samples: &[Sample]) -> f64 {
    let loss = |ln_s: f64| log_loss(samples, ln_s.exp());
    let (mut lo, mut hi) = (0.0_f64, 100_000.0_f64.ln());
    let g = (5.0_f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (hi - g * (hi - lo), lo + g * (hi - lo));
    let (mut fa, mut fb) = (loss(a), loss(b));
    for _ in 0..80 {
        if fa < fb {
            hi = b;
            (b, fb) = (a, fa);
            a = hi - g * (hi - lo);
            fa = loss(a);
        } else {
            lo = a;
            (a, fa) = (b, fb);
            b = lo + g * (hi - lo);
            fb = loss(b);
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// The samples in ten groups of equal size by value: each group's value range, size, the
/// outcome observed on average and the chance the curve gives on average.
fn buckets(samples: &[Sample], scale: f64) -> Vec<Value> {
    let mut sorted = samples.to_vec();
    sorted.sort_by_key(|s| s.score);
    let n = sorted.len();
    (0..10)
        .filter_map(|k| {
            let part = &sorted[k * n / 10..(k + 1) * n / 10];
            let (first, last) = (part.first()?, part.last()?);
            let mean =
                |f: &dyn Fn(&Sample) -> f64| part.iter().map(f).sum::<f64>() / part.len() as f64;
            Some(json!({
                "from": first.score,
                "to": last.score,
                "positions": part.len(),
                "observed": round4(mean(&|s| s.outcome)),
                "predicted": round4(mean(&|s| curve(s.score, scale))),
            }))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Outcomes drawn from a known curve give that curve's scale back.
    #[test]
    fn the_fit_finds_the_scale_the_outcomes_came_from() {
        let mut rng = seeded(9);
        let samples: Vec<Sample> = (0..20_000)
            .map(|_| {
                let score = rng.random_range(-600..=600);
                let won = rng.random_bool(curve(score, 150.0));
                Sample {
                    score,
                    outcome: if won { 1.0 } else { 0.0 },
                }
            })
            .collect();
        let scale = best_scale(&samples);
        assert!((scale - 150.0).abs() < 15.0, "fitted {scale}");
        assert!(log_loss(&samples, scale) < log_loss(&samples, f64::INFINITY));
    }

    /// A short fit plays, reports, and gives the same figures on one thread as on three.
    #[test]
    fn a_short_fit_reports_the_same_on_any_number_of_threads() {
        let options = |threads| FitOptions {
            games: 3,
            seed: 0,
            level: "easy".into(),
            opening: 2,
            max_turns: 400,
            threads: Some(threads),
        };
        let report = fit_game::<crate::rules::polarity::Game>(&options(3), Level::Easy);
        assert_eq!(report["games"], 3);
        assert!(report["positions"].as_u64().unwrap_or(0) > 10, "{report}");
        assert!(report["scale"].as_f64().is_some_and(|s| s > 0.0));
        let alone = fit_game::<crate::rules::polarity::Game>(&options(1), Level::Easy);
        assert_eq!(report, alone);
    }
}
