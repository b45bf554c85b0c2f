//! `lodestone bench app`: the presentation measured (`bench sound`, the sound: see
//! [`sound`]). For each game a headless app draws
//! offscreen while it plays back that game's heaviest action (`TableGame::HEAVIEST`: a
//! chain reaction, a capture with renaming, a removal round, a queen's push), and
//! the main world's update time and the whole frame time are reported per game as
//! medians, 99th percentiles and largest samples, in JSON.
//!
//! The playback clock is stepped by hand (each stage lasts `--frames-per-stage` frames),
//! so every run draws the same frames; only the wall-clock times differ.

use std::time::Duration;

use bevy::prelude::*;

mod long;
mod measure;
pub mod sound;
pub mod start;

use measure::measure;

use super::look::Quality;
use super::render::parse_size;
use super::table::TableGame;
use crate::engine::cli::CliError;
use crate::rules::GameId;

/// Each game's heaviest playback (`TableGame::HEAVIEST`): the actions before it, then
/// the action measured.
pub fn heavy_playback(game: GameId) -> (&'static [&'static str], &'static str) {
    crate::with_table!(game, G => <G as TableGame>::HEAVIEST)
}

/// `bench app --help`.
fn usage() -> String {
    let games = GameId::ALL.map(GameId::id).join(",");
    format!(
        "Usage: lodestone bench app [--games {games}] \
[--size WxH] [--quality low|medium|high] [--bloom on|off] [--frames-per-stage N] [--timeout S] \
[--long-lists] [--passes] [--verbose]\n\n\
Plays each game's heaviest action back offscreen and prints, per game, the main world's \
update time and the whole frame time (median, 99th percentile and largest, milliseconds) \
as one JSON line, and the update's CPU time on the main thread (update_cpu_ms, where the \
system says: the update's own work, without the time the renderer's threads held the \
cores). Frames are drawn one after the other, unpaced, so frame_ms is what a frame costs. \
--frames-per-stage (or --frames-per-step, default 50: at least 100 updates a game) sets \
how many frames each playback step is drawn in; --verbose lets the renderer's log lines \
through. --long-lists measures, besides, a Vectress game at its 200-move cap (its last \
move played back) and a hex chess move list of 5,000 entries (the table idling as long as \
a playback), under \"long_lists\". --passes adds each render pass's mean time on the \
device (GPU timestamps, where the driver has them), \
slowest first, under \"gpu_passes_ms\".\n"
    )
}

#[derive(Debug, Clone, PartialEq)]
struct BenchPlan {
    games: Vec<GameId>,
    size: (u32, u32),
    quality: Quality,
    bloom: bool,
    frames_per_stage: u32,
    timeout: Duration,
    verbose: bool,
    long_lists: bool,
    passes: bool,
}

fn parse(options: &[String]) -> Result<BenchPlan, CliError> {
    let mut plan = BenchPlan {
        games: GameId::ALL.to_vec(),
        size: (960, 540),
        quality: Quality::High,
        bloom: true,
        // At least 100 updates in each game's measure (hex chess's capture is two stages),
        // so the 99th percentile is one: at 960x540 on two cores the run takes about 5 min.
        frames_per_stage: 50,
        timeout: Duration::from_secs(600),
        verbose: false,
        long_lists: false,
        passes: false,
    };
    let mut it = options.iter();
    while let Some(option) = it.next() {
        if option == "--help" || option == "-h" {
            return Err(CliError::Help(usage()));
        }
        if option == "--verbose" {
            plan.verbose = true;
            continue;
        }
        if option == "--long-lists" {
            plan.long_lists = true;
            continue;
        }
        if option == "--passes" {
            plan.passes = true;
            continue;
        }
        let value = it
            .next()
            .ok_or_else(|| CliError::Usage(format!("bench app: {option} needs a value")))?;
        let bad =
            |what: &str| CliError::Usage(format!("bench app: {option} {what}, not \"{value}\""));
        match option.as_str() {
            "--games" => {
                plan.games = value
                    .split(',')
                    .map(|g| GameId::parse(g.trim()))
                    .collect::<Option<Vec<_>>>()
                    .filter(|g| !g.is_empty())
                    .ok_or_else(|| bad(&format!("takes games from {}", GameId::known())))?;
            }
            "--size" => {
                plan.size =
                    parse_size(value).map_err(|e| CliError::Usage(format!("bench app: {e}")))?
            }
            "--quality" => {
                plan.quality = Quality::ALL
                    .into_iter()
                    .find(|q| q.name() == value)
                    .ok_or_else(|| bad("must be low, medium or high"))?;
            }
            "--bloom" => {
                plan.bloom = match value.as_str() {
                    "on" => true,
                    "off" => false,
                    _ => return Err(bad("must be on or off")),
                }
            }
            "--frames-per-stage" | "--frames-per-step" => {
                plan.frames_per_stage = value
                    .parse()
                    .ok()
                    .filter(|n| (1..=240).contains(n))
                    .ok_or_else(|| bad("must be a whole number from 1 to 240"))?;
            }
            "--timeout" => {
                plan.timeout = Duration::from_secs(
                    value
                        .parse()
                        .ok()
                        .filter(|&s: &u64| s > 0)
                        .ok_or_else(|| bad("must be a positive number of seconds"))?,
                );
            }
            _ => {
                return Err(CliError::Usage(format!(
                    "bench app: unknown option {option} (see lodestone bench app --help)"
                )));
            }
        }
    }
    Ok(plan)
}

/// One measurement: the moves set out before, what is done to the table once it is set,
/// and the action played back (`None`: the table idles for as many frames as six stages).
pub struct Case {
    pub game: GameId,
    pub before: Vec<String>,
    pub prepare: Option<fn(&mut World)>,
    pub heavy: Option<String>,
}

impl Case {
    fn heaviest(game: GameId) -> Case {
        let (before, heavy) = heavy_playback(game);
        Case {
            game,
            before: before.iter().map(|m| m.to_string()).collect(),
            prepare: None,
            heavy: Some(heavy.to_string()),
        }
    }
}

pub fn run(options: &[String]) -> Result<serde_json::Value, CliError> {
    let plan = parse(options)?;
    let mut games = Vec::new();
    for &game in &plan.games {
        let case = Case::heaviest(game);
        let samples = measure(&plan, &case).map_err(CliError::Failed)?;
        let mut report = serde_json::json!({
            "game": game.id(),
            "moves": case.before.iter().chain(&case.heavy).collect::<Vec<_>>(),
            "stages": samples.stages,
            "frames": samples.update.len(),
            "update_ms": summary(&samples.update),
            "frame_ms": summary(&samples.frame),
        });
        if !samples.update_cpu.is_empty() {
            report["update_cpu_ms"] = summary(&samples.update_cpu);
        }
        if plan.passes {
            let mut passes = samples.passes.clone();
            passes.sort_by(|a, b| b.1.total_cmp(&a.1));
            report["gpu_passes_ms"] = passes
                .into_iter()
                .map(|(path, ms)| serde_json::json!([path, (ms * 100.0).round() / 100.0]))
                .collect();
        }
        games.push(report);
    }
    let mut out = serde_json::json!({
        "size": format!("{}x{}", plan.size.0, plan.size.1),
        "quality": plan.quality.name(),
        "bloom": plan.bloom,
        "frames_per_stage": plan.frames_per_stage,
        "games": games,
    });
    if plan.long_lists {
        out["long_lists"] = long::measure_all(&plan)?;
    }
    Ok(out)
}

/// Median, 99th percentile and largest of `samples` (seconds), in milliseconds to 0.01:
/// each the nearest sample at that rank (of an even count, the upper of the middle two).
/// The largest is its own figure: one stray update is not the 99th percentile.
fn summary(samples: &[f64]) -> serde_json::Value {
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    let at = |q: f64| {
        if sorted.is_empty() {
            return 0.0;
        }
        let i = ((sorted.len() - 1) as f64 * q).round() as usize;
        (sorted[i] * 1000.0 * 100.0).round() / 100.0
    };
    serde_json::json!({"median": at(0.5), "p99": at(0.99), "max": at(1.0)})
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn options_are_checked_and_each_bad_value_named() {
        let plan = parse(&options(&[
            "--games",
            "vectress,hexchess",
            "--quality",
            "low",
        ]))
        .unwrap();
        assert_eq!(plan.games, vec![GameId::Vectress, GameId::Hexchess]);
        assert_eq!(plan.quality, Quality::Low);
        for (bad, says) in [
            (vec!["--games", "chess"], "vectress"),
            (vec!["--quality", "ultra"], "low, medium or high"),
            (vec!["--bloom", "maybe"], "on or off"),
            (vec!["--frames-per-stage", "0"], "1 to 240"),
            (vec!["--size"], "needs a value"),
            (vec!["--fast", "1"], "unknown option"),
        ] {
            let Err(CliError::Usage(msg)) = parse(&options(&bad)) else {
                panic!("{bad:?} accepted");
            };
            assert!(msg.contains(says), "{msg}");
        }
    }

    #[test]
    fn percentiles_pick_from_the_sorted_samples() {
        let samples: Vec<f64> = (1..=100).rev().map(|i| i as f64 / 1000.0).collect();
        let s = summary(&samples);
        assert_eq!(s["median"], serde_json::json!(51.0));
        assert_eq!(s["p99"], serde_json::json!(99.0));
        assert_eq!(s["max"], serde_json::json!(100.0));
    }

    #[test]
    fn the_default_run_gives_each_game_a_hundred_updates_or_more() {
        // The shortest heavy playback is two stages (hex chess); a 99th percentile of
        // fewer than 100 samples would be the largest sample under another name.
        let plan = parse(&[]).unwrap();
        assert!(
            2 * plan.frames_per_stage >= 100,
            "{}",
            plan.frames_per_stage
        );
    }

    #[test]
    fn every_heavy_playback_is_legal_from_the_start() {
        for game in GameId::ALL {
            let (before, heavy) = heavy_playback(game);
            let mut actions: Vec<String> = before.iter().map(|m| m.to_string()).collect();
            actions.push(heavy.to_string());
            crate::replay::Replay::new(game, actions)
                .check()
                .unwrap_or_else(|e| panic!("{}: {e}", game.id()));
        }
    }
}
