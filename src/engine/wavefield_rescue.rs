//! `bench wavefield`'s rescue-search figures: what W9's search over "every valid combined
//! tuning profile" costs with one slot per type (the normal ruleset) and with three slots
//! per type (developer mode, W11), as medians and ratios.

use std::time::Instant;

use rand::Rng;
use serde_json::{Value, json};

use super::cli::median;
use crate::rules::rng::seeded;
use crate::rules::wavefield::definitions::Definitions;
use crate::rules::wavefield::patterns::{Pattern, Preset, Tables};
use crate::rules::wavefield::{Position, rescue, slots};

/// Three slots per type: its built-in pattern, then the next two presets; slot 1 on.
pub fn three_slot_definitions(active_limit: u8) -> Definitions {
    let mut defs = Definitions::default();
    for (n, kind) in crate::rules::wavefield::Kind::ALL.into_iter().enumerate() {
        let def = defs.kind_mut(kind);
        def.slots = (0..3)
            .map(|i| Pattern::Preset(Preset::ALL[(n + i) % Preset::ALL.len()]))
            .collect();
        def.active_limit = active_limit;
        def.default_controls = vec![1, 0, 0];
    }
    defs
}

/// Positions whose side to move is trapped (and, with `must_tune`, has no legal move
/// under its current tuning, so the search has to try others), from seeded random play
/// that rolls the dice before about a third of its moves; a game ends when the side to
/// move has no legal move under its tuning.
pub fn trapped_positions(t: &Tables, want: usize, must_tune: bool, seed: u64) -> Vec<Position> {
    let mut rng = seeded(seed);
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for _game in 0..5_000 {
        let mut pos = Position::start(t);
        while pos.ply() < 120 && out.len() < want {
            if pos.trapped() && !(must_tune && pos.has_legal_move(t)) {
                out.push(pos.clone());
            }
            if rng.random_range(0..3) == 0 {
                pos.dice(t, &mut rng);
            }
            pos.legal_moves(t, &mut buf);
            if buf.is_empty() {
                break;
            }
            pos.play_unchecked(t, buf[rng.random_range(0..buf.len())]);
        }
        if out.len() >= want {
            break;
        }
    }
    out
}

/// Positions where no tuning gives the side to move a legal move, so the rescue search
/// tries every tuning (W9's worst case: the Big Hat cannot be saved), each with the
/// seconds of that one search. They end games of the same seeded random play as
/// `trapped_positions` (a game ends when the side to move has no legal move under its
/// tuning; the search tells whether another tuning has one).
pub fn unrescuable_positions(t: &Tables, want: usize, seed: u64) -> Vec<(Position, f64)> {
    let mut rng = seeded(seed);
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for _game in 0..5_000 {
        if out.len() >= want {
            break;
        }
        let mut pos = Position::start(t);
        while pos.ply() < 120 {
            if rng.random_range(0..3) == 0 {
                pos.dice(t, &mut rng);
            }
            pos.legal_moves(t, &mut buf);
            if buf.is_empty() {
                let started = Instant::now();
                let search = rescue::search(t, &pos);
                if search.rescue.is_none() {
                    out.push((pos, started.elapsed().as_secs_f64()));
                }
                break;
            }
            pos.play_unchecked(t, buf[rng.random_range(0..buf.len())]);
        }
    }
    out
}

/// Seconds of one call of `f` when one call, `first_s`, already took about `budget_s`;
/// otherwise the mean call of a batch lasting about `budget_s`.
fn seconds_per_call(first_s: f64, budget_s: f64, mut f: impl FnMut()) -> f64 {
    if first_s >= budget_s {
        return first_s;
    }
    let reps = ((budget_s / first_s.max(1e-9)) as usize).clamp(1, 10_000);
    let start = Instant::now();
    for _ in 0..reps {
        f();
    }
    start.elapsed().as_secs_f64() / reps as f64
}

/// One search of `pos` and the seconds a search of it takes (one position's sample).
fn timed_search(t: &Tables, pos: &Position) -> (rescue::Search, f64) {
    let started = Instant::now();
    let search = rescue::search(t, pos);
    let first = started.elapsed().as_secs_f64();
    let seconds = seconds_per_call(first, 0.02, || {
        std::hint::black_box(rescue::search(t, std::hint::black_box(pos)));
    });
    (search, seconds)
}

/// Searches on trapped positions: median and most microseconds and tunings examined.
fn searches(t: &Tables, trapped: &[Position]) -> Value {
    let (mut us, mut examined, mut found) = (Vec::new(), Vec::new(), 0);
    for pos in trapped {
        let (search, seconds) = timed_search(t, pos);
        found += usize::from(search.rescue.is_some());
        examined.push(search.examined as f64);
        us.push(1e6 * seconds);
    }
    let max = |v: &[f64]| v.iter().cloned().fold(0.0, f64::max);
    json!({
        "positions": trapped.len(),
        "rescued": found,
        "median_us_per_search": median(&mut us.clone()),
        "max_us_per_search": max(&us),
        "median_tunings_examined": median(&mut examined.clone()),
        "max_tunings_examined": max(&examined),
    })
}

/// The real rescue search on positions with no rescue (it tries every tuning): the
/// median across them of one position's milliseconds per search, `None` with none found.
fn exhaustive_ms(t: &Tables, positions: usize, seed: u64) -> (usize, Option<f64>) {
    let mut ms: Vec<f64> = unrescuable_positions(t, positions, seed)
        .iter()
        .map(|(pos, first)| {
            1e3 * seconds_per_call(*first, 0.05, || {
                std::hint::black_box(rescue::search(t, std::hint::black_box(pos)));
            })
        })
        .collect();
    (ms.len(), (!ms.is_empty()).then(|| median(&mut ms)))
}

/// One configuration's figures: searches on trapped positions (any, and those that must
/// retune), and exhaustive searches (every tuning tried, as when no rescue exists).
fn figures(defs: &Definitions, positions: usize, exhaustive: usize, seed: u64) -> Value {
    let t = defs
        .compile()
        .unwrap_or_else(|e| unreachable!("bench definitions are valid: {e}"));
    let trapped = trapped_positions(&t, positions, false, seed);
    let must_tune = trapped_positions(&t, positions, true, seed);
    let (exhaustive_positions, exhaustive_ms) = exhaustive_ms(&t, exhaustive, seed);
    json!({
        "slots_per_type": t.slots[0],
        "active_limit": t.limits[0],
        "tunings_per_side": slots::count(&t),
        "trapped": searches(&t, &trapped),
        "trapped_must_retune": searches(&t, &must_tune),
        "exhaustive_search_positions": exhaustive_positions,
        "exhaustive_search_median_ms": exhaustive_ms,
    })
}

/// The rescue-search section of `bench wavefield`: one slot per type, and three slots per
/// type with active limits 1 and 3, with ratios to the one-slot figures.
pub fn rescue_bench(positions: usize, exhaustive: usize) -> Value {
    let one = figures(&Definitions::default(), positions, exhaustive, 11);
    let three_1 = figures(&three_slot_definitions(1), positions, exhaustive, 11);
    let three_3 = figures(&three_slot_definitions(3), positions, exhaustive, 11);
    let ratio = |a: &Value, key: &str| {
        let at = |v: &Value| key.split('.').fold(v.clone(), |v, k| v[k].clone()).as_f64();
        let (x, y) = (at(a), at(&one));
        match (x, y) {
            (Some(x), Some(y)) if y > 0.0 => json!(x / y),
            _ => Value::Null,
        }
    };
    json!({
        "ratios_to_one_slot": {
            "three_slots_limit_1": {
                "median_search": ratio(&three_1, "trapped.median_us_per_search"),
                "median_search_must_retune": ratio(&three_1, "trapped_must_retune.median_us_per_search"),
                "exhaustive_search": ratio(&three_1, "exhaustive_search_median_ms"),
            },
            "three_slots_limit_3": {
                "median_search": ratio(&three_3, "trapped.median_us_per_search"),
                "median_search_must_retune": ratio(&three_3, "trapped_must_retune.median_us_per_search"),
                "exhaustive_search": ratio(&three_3, "exhaustive_search_median_ms"),
            },
        },
        "one_slot": one,
        "three_slots_limit_1": three_1,
        "three_slots_limit_3": three_3,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unrescuable_positions_make_the_search_try_every_tuning() {
        for defs in [Definitions::default(), three_slot_definitions(1)] {
            let t = defs.compile().unwrap();
            let found = unrescuable_positions(&t, 3, 11);
            assert_eq!(found.len(), 3);
            for (pos, _) in &found {
                let search = rescue::search(&t, pos);
                assert_eq!(search.rescue, None);
                assert_eq!(search.examined, slots::count(&t));
                assert!(pos.outcome().is_none());
            }
        }
    }
}
