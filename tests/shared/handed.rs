//! A game with a blunder in it, shared by the engine's and the window's review tests.

use lodestone::rules::review::judge;
use lodestone::rules::{Level, Match, Rules, Setup, Stop};
use rand::SeedableRng;
use rand::seq::IndexedRandom;

/// A game of `G` (random play from `seed`) up to a position where the side to move, not
/// lost by the engine's judgement, plays a turn after which the other side wins at once;
/// then that winning turn. The actions written, and the blunder's ply.
pub fn a_handed_win<G: Rules>(seed: u64) -> Option<(Vec<String>, usize)> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut game = Match::<G>::new(Setup {
        seed,
        ..Setup::default()
    })
    .ok()?;
    for _ in 0..120 {
        if game.is_over() {
            return None;
        }
        let here = game.rules().clone();
        let fair = judge(&here, Level::Easy, &Stop::never()).is_some_and(|j| j.best_win >= 0.45);
        for &blunder in here.legal_actions().iter().take(80).filter(|_| fair) {
            let mut after = here.clone();
            if after.play(blunder).is_err() || after.is_over() || after.to_move() == here.to_move()
            {
                continue;
            }
            let win = after.legal_actions().into_iter().find(|&w| {
                let mut end = after.clone();
                end.play(w).is_ok() && end.winner() == Some(after.to_move())
            });
            if let Some(win) = win {
                let ply = game.actions().len();
                let mut written = game.notation().to_vec();
                written.push(here.write_action(blunder));
                written.push(after.write_action(win));
                return Some((written, ply));
            }
        }
        let &next = here.legal_actions().choose(&mut rng)?;
        game.play(next).ok()?;
    }
    None
}
