//! What a hover preview costs the rules (`lodestone bench GAME`'s `preview_median_ms`):
//! the hovered turn found among the legal actions, then played on a copy of the
//! position, as the table's foresight does it for every new target under the pointer.

use rand::seq::IndexedRandom;

use super::cli::{median, median_ns};
use crate::rules::rng::seeded;
use crate::rules::{Rules, Setup};

/// Positions sampled from random games, each with one of its legal actions.
fn sampled<G: Rules>(positions: usize, seed: u64) -> Vec<(G, G::Action)> {
    let mut rng = seeded(seed);
    let mut samples = Vec::with_capacity(positions);
    let start = || G::start(&Setup::default()).ok();
    let Some(mut game) = start() else {
        return samples;
    };
    // Bounded: a game that cannot be started anew ends the sampling.
    for _ in 0..positions * 400 {
        if samples.len() >= positions {
            break;
        }
        let legal = game.legal_actions();
        let Some(&action) = legal.choose(&mut rng).filter(|_| !game.is_over()) else {
            match start() {
                Some(fresh) => game = fresh,
                None => break,
            }
            continue;
        };
        samples.push((game.clone(), action));
        if game.play(action).is_err() {
            break;
        }
    }
    samples
}

/// The median over `positions` sampled positions of one preview's rules work, in
/// milliseconds (each position's own figure the median of `runs` runs).
pub fn median_ms<G: Rules>(positions: usize, runs: usize, seed: u64) -> f64 {
    let samples = sampled::<G>(positions, seed);
    let mut per_position: Vec<f64> = samples
        .iter()
        .map(|(game, hovered)| {
            median_ns(runs, || {
                let legal = game.legal_actions();
                let turn = legal.iter().find(|a| *a == hovered).copied();
                let before = game.clone();
                let mut after = before.clone();
                let resolution = turn.map(|a| after.play(a));
                std::hint::black_box((before, after, resolution.map(|r| r.is_ok())));
            })
        })
        .collect();
    median(&mut per_position) / 1e6
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{hexchess, polarity, vectress, wavefield};

    /// Every game samples the positions asked for, each action legal where it was taken.
    fn samples_are_legal<G: Rules>() {
        let samples = sampled::<G>(40, 3);
        assert_eq!(samples.len(), 40, "{:?}", G::GAME);
        for (game, action) in &samples {
            assert!(game.legal_actions().contains(action), "{:?}", G::GAME);
        }
        assert!(median_ms::<G>(5, 3, 3).is_finite());
    }

    #[test]
    fn previews_are_measured_on_legal_positions() {
        samples_are_legal::<vectress::Game>();
        samples_are_legal::<hexchess::Game>();
        samples_are_legal::<wavefield::Game>();
        samples_are_legal::<polarity::Game>();
    }
}
