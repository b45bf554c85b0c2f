//! Which waves a player is shown (issue #28): resolution always ends with the first wave
//! in which nothing moves (V15); that wave is dropped from [`Resolution::shown_waves`]
//! only when nothing at all happened in it.

use rand::seq::IndexedRandom;

use super::*;
use crate::rules::rng::seeded;
use crate::rules::vectress::game::Game;
use crate::rules::vectress::resolution::Resolution;

/// How the last waves of a resolution ended, over random games.
#[derive(Default, Debug)]
struct Ends {
    empty: usize,
    pushes_without_movement: usize,
    bonds_only: usize,
}

fn check(res: &Resolution, ends: &mut Ends) {
    let Some((last, before)) = res.waves.split_last() else {
        assert!(res.shown_waves().is_empty(), "a pass sets off no wave");
        return;
    };
    assert!(!res.capped);
    // Every wave but the last moved something; the last moved nothing.
    assert!(before.iter().all(|w| w.had_movement() && !w.is_empty()));
    assert!(!last.had_movement());
    let shown = res.shown_waves();
    if last.is_empty() {
        ends.empty += 1;
        assert_eq!(shown, before);
    } else {
        assert_eq!(shown, &res.waves[..]);
        if last.pushes.is_empty() {
            assert!(!last.bonds_formed.is_empty(), "{last:?}");
            ends.bonds_only += 1;
        } else {
            ends.pushes_without_movement += 1;
        }
    }
    assert!(shown.iter().all(|w| !w.is_empty()));
}

#[test]
fn only_an_empty_last_wave_is_left_out() {
    let mut ends = Ends::default();
    for seed in 0..40 {
        let mut rng = seeded(seed);
        let mut game = Game::new();
        while !game.is_over() {
            let legal = game.legal_actions();
            let action = *legal.choose(&mut rng).unwrap();
            let res = game.play(action).unwrap();
            check(&res, &mut ends);
        }
    }
    // All three endings happen: the empty stop is common, not universal.
    assert!(ends.empty > 0, "{ends:?}");
    assert!(ends.pushes_without_movement > 0, "{ends:?}");
    assert!(ends.bonds_only > 0, "{ends:?}");
}

#[test]
fn a_last_wave_that_closes_bonds_is_shown() {
    // The README's chain: its fifth wave moves nothing, but bonds snap shut in it.
    let mut game = Game::new();
    for text in ["E3-G5", "F7-H5"] {
        game.play(act(text)).unwrap();
    }
    let res = game.play(act("F5-F7")).unwrap();
    assert_eq!(res.waves.len(), 5);
    let last = res.waves.last().unwrap();
    assert!(!last.had_movement() && !last.bonds_formed.is_empty());
    assert_eq!(res.shown_waves().len(), 5);
}

#[test]
fn a_quiet_move_shows_no_wave() {
    // The Triangle steps to C4, next to nothing: one wave, in which nothing happens.
    let mut game = Game::new();
    let res = game.play(act("D3-C4")).unwrap();
    assert_eq!(res.waves.len(), 1);
    assert!(res.waves[0].is_empty(), "{:?}", res.waves[0]);
    assert!(res.shown_waves().is_empty());
}
