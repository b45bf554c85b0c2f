//! The signal that stops a computer player's search early. The rules read no clock: a
//! search ends at its node budget, or sooner when whoever started it raises this signal
//! (the engine's and the window's time caps, a position that changed). With the same
//! budget and no signal, the same position gives the same choice on any machine and under
//! any load.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A stop signal shared between a search and whoever may end it. Clones share one flag;
/// [`Stop::never`] has none and is never raised.
#[derive(Clone, Debug, Default)]
pub struct Stop(Option<Arc<AtomicBool>>);

impl Stop {
    /// A signal that can be raised.
    pub fn new() -> Stop {
        Stop(Some(Arc::default()))
    }

    /// A signal nobody can raise: the search runs to its budget.
    pub const fn never() -> Stop {
        Stop(None)
    }

    /// Asks the search to stop as soon as it next looks (it then answers with what it has).
    pub fn raise(&self) {
        if let Some(flag) = &self.0 {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Whether the search should stop now.
    pub fn is_raised(&self) -> bool {
        self.0.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
    }
}

/// Runs a computer player's searches, handing each the signal that may end it early: the
/// rules' own self-play searches to the budget ([`ToBudget`]); the engine times each search
/// and raises the signal at its cap.
pub trait Searches {
    fn search<T>(&mut self, search: impl FnOnce(&Stop) -> T) -> T;
}

/// Every search runs to its budget.
#[derive(Clone, Copy, Debug, Default)]
pub struct ToBudget;

impl Searches for ToBudget {
    fn search<T>(&mut self, search: impl FnOnce(&Stop) -> T) -> T {
        search(&Stop::never())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_flag_and_never_is_never_raised() {
        let stop = Stop::new();
        let seen = stop.clone();
        assert!(!seen.is_raised());
        stop.raise();
        assert!(seen.is_raised());
        let never = Stop::never();
        never.raise();
        assert!(!never.is_raised());
    }

    /// A midgame of `G` (a few plies of the computer's own easy play from a fixed seed),
    /// where every game has choices to weigh.
    fn midgame<G: crate::rules::Rules>() -> crate::rules::Match<G> {
        let setup = crate::rules::Setup {
            seed: 11,
            ..crate::rules::Setup::default()
        };
        let mut game = crate::rules::Match::<G>::new(setup).expect("the default start");
        for _ in 0..6 {
            if game.is_over() {
                break;
            }
            game.play_computer(crate::rules::Level::Easy, &Stop::never())
                .expect("the computer plays");
        }
        game
    }

    fn choice<G: crate::rules::Rules>(
        game: &crate::rules::Match<G>,
        stop: &Stop,
    ) -> Vec<G::Action> {
        let mut rng = game.rng().clone();
        game.rules()
            .choose(crate::rules::Level::Normal, &mut rng, stop)
    }

    /// No clock in the rules: a busy machine changes nothing of what the computer plays.
    fn same_choice_loaded<G: crate::rules::Rules>() {
        use std::sync::atomic::{AtomicBool, Ordering};
        let game = midgame::<G>();
        let quiet = choice(&game, &Stop::never());
        let done = std::sync::Arc::new(AtomicBool::new(false));
        let busy: Vec<_> = (0..3)
            .map(|_| {
                let done = done.clone();
                std::thread::spawn(move || {
                    let mut x = 0u64;
                    while !done.load(Ordering::Relaxed) {
                        x = std::hint::black_box(
                            x.wrapping_mul(6364136223846793005).wrapping_add(1),
                        );
                    }
                })
            })
            .collect();
        let loaded = choice(&game, &Stop::never());
        done.store(true, Ordering::Relaxed);
        for thread in busy {
            thread.join().expect("a busy thread");
        }
        assert_eq!(
            quiet,
            loaded,
            "{:?}: the load changed the computer's choice",
            G::GAME
        );
        assert!(!quiet.is_empty());
    }

    #[test]
    fn the_same_position_and_budget_give_the_same_move_under_load() {
        for game in crate::rules::GameId::ALL {
            crate::with_rules!(game, G => same_choice_loaded::<G>());
        }
    }

    /// A raised signal ends the search at once, still with an action to play.
    fn stops_when_raised<G: crate::rules::Rules>() {
        let game = midgame::<G>();
        let stop = Stop::new();
        stop.raise();
        let actions = choice(&game, &stop);
        assert!(!actions.is_empty(), "{:?} found nothing", G::GAME);
        let mut work = game.rules().clone();
        for action in actions {
            work.play(action).expect("a legal action");
        }
    }

    #[test]
    fn a_raised_signal_still_gives_a_legal_turn() {
        for game in crate::rules::GameId::ALL {
            crate::with_rules!(game, G => stops_when_raised::<G>());
        }
    }
}
