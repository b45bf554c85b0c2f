//! What random self-play reaches, score by score: the baseline the miner's finds are
//! measured against (`lodestone mine GAME --distribution`).

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use super::Showcase;
use super::pool::Pool;
use crate::engine::progress::Progress;
use crate::rules::Setup;
use crate::rules::rng::seeded;

/// A random game stops after this many turns if it has not ended (Wave Field can wander).
const MAX_TURNS: usize = 400;

/// Every scored action of `games` uniformly random games (game i uses `seed + i`): each
/// score's values, and the spectacle's under the name `spectacle`.
pub fn random_selfplay<G: Showcase>(
    games: usize,
    seed: u64,
    progress: bool,
) -> Result<BTreeMap<&'static str, Vec<i64>>, String> {
    let start = G::start(&Setup::default())?;
    let mut values: BTreeMap<&'static str, Vec<i64>> = BTreeMap::new();
    let mut bar = progress.then(|| Progress::new(format!("random {}", G::GAME.id()), games as u64));
    for i in 0..games {
        let mut rng = seeded(seed.wrapping_add(i as u64));
        let mut game = start.clone();
        for _ in 0..MAX_TURNS {
            let Some(turn) = game.playout_turn(&mut rng, false) else {
                break;
            };
            let Some((&last, lead)) = turn.split_last() else {
                break;
            };
            if lead.iter().any(|&a| game.play(a).is_err()) {
                break;
            }
            let before = game.clone();
            let Ok(resolution) = game.play(last) else {
                break;
            };
            let scores = G::scores(&before, &resolution, &game);
            for (name, value) in scores.iter() {
                values.entry(name).or_default().push(value);
            }
            values
                .entry("spectacle")
                .or_default()
                .push(scores.spectacle());
            if game.is_over() {
                break;
            }
        }
        if let Some(bar) = bar.as_mut() {
            bar.advance(1);
        }
    }
    if let Some(bar) = bar {
        bar.finish();
    }
    Ok(values)
}

/// The largest value, the 99th percentile (nearest rank) and the mean.
pub fn spread(values: &[i64]) -> (i64, i64, f64) {
    if values.is_empty() {
        return (0, 0, 0.0);
    }
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    let rank = (sorted.len() * 99).div_ceil(100).max(1) - 1;
    let mean = sorted.iter().sum::<i64>() as f64 / sorted.len() as f64;
    (sorted[sorted.len() - 1], sorted[rank], mean)
}

/// Random self-play against the miner, per score: random play's max, 99th percentile and
/// mean; the miner's best find for that score and the median over its top finds.
pub fn distribution<G: Showcase>(random: &BTreeMap<&'static str, Vec<i64>>, pool: &Pool) -> Value {
    let actions = random.get("spectacle").map_or(0, Vec::len);
    let mut rows = Map::new();
    for (name, values) in random {
        let (max, p99, mean) = spread(values);
        let of = |f: &super::pool::Find| match *name {
            "spectacle" => f.scores.spectacle(),
            _ => f.scores.get(name).unwrap_or(0),
        };
        let best = pool
            .best()
            .get(name)
            .map(of)
            .into_iter()
            .chain(pool.top().iter().map(of))
            .max()
            .unwrap_or(0);
        let mut top: Vec<i64> = pool.top().iter().map(of).collect();
        top.sort_unstable();
        let median = top.get(top.len() / 2).copied().unwrap_or(0);
        rows.insert(
            name.to_string(),
            json!({
                "random_max": max,
                "random_p99": p99,
                "random_mean": (mean * 1000.0).round() / 1000.0,
                "mined_best": best,
                "mined_top_median": median,
            }),
        );
    }
    json!({
        "game": G::GAME.id(),
        "random_actions": actions,
        "scores": rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_of_a_hundred() {
        let values: Vec<i64> = (1..=100).collect();
        assert_eq!(spread(&values), (100, 99, 50.5));
        assert_eq!(spread(&[]), (0, 0, 0.0));
        assert_eq!(spread(&[-3, 7]), (7, 7, 2.0));
    }
}
