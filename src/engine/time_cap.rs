//! The computer players' time caps, set from outside the rules: a search runs to its node
//! budget, and a watch raises its stop signal if the cap passes first (a slow machine, a
//! heavy position). The window and the engine share these caps; tests and self-play that
//! must be reproducible whatever the machine search to the budget alone.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::rules::stop::{Searches, Stop};
use crate::rules::{GameId, Level};

/// The longest one computer turn may think in `game` at `level`, if capped: a second in
/// Vectress and hex chess, 50 ms (easy) to 150 ms in Wave Field, 0.9 s for Polarity's
/// strong level (its third ply is tried only while it fits; easy and normal are small).
pub fn cap(game: GameId, level: Level) -> Option<Duration> {
    let easy = level == Level::Easy;
    let ms = match game {
        GameId::Vectress => 1000,
        GameId::Hexchess => 1000,
        GameId::Wavefield => {
            if easy {
                50
            } else {
                150
            }
        }
        GameId::Polarity => return (level == Level::Strong).then(|| Duration::from_millis(900)),
    };
    Some(Duration::from_millis(ms))
}

/// Raises a stop signal once its cap has passed, unless it is dropped first (the search
/// ended): a thread waits on a channel that the drop closes.
#[derive(Debug)]
pub struct Watch {
    _cancel: Option<mpsc::Sender<()>>,
}

impl Watch {
    /// A signal raised `cap` from now (never, for `None`), and the watch that raises it.
    pub fn start(cap: Option<Duration>) -> (Stop, Watch) {
        let Some(cap) = cap else {
            return (Stop::never(), Watch { _cancel: None });
        };
        let stop = Stop::new();
        let (cancel, wait) = mpsc::channel::<()>();
        let raise = stop.clone();
        let spawned = std::thread::Builder::new()
            .name("lodestone time cap".into())
            .spawn(move || {
                if let Err(mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(cap) {
                    raise.raise();
                }
            });
        // No thread for the watch: the search still ends at its budget.
        let cancel = spawned.ok().map(|_| cancel);
        (stop, Watch { _cancel: cancel })
    }
}

/// Runs every search under a time cap, and keeps how long each took (the engine's
/// reports of time per action).
#[derive(Debug, Default)]
pub struct Capped {
    pub cap: Option<Duration>,
    pub took: Vec<Duration>,
}

impl Capped {
    pub fn new(cap: Option<Duration>) -> Capped {
        Capped {
            cap,
            took: Vec::new(),
        }
    }
}

impl Searches for Capped {
    fn search<T>(&mut self, search: impl FnOnce(&Stop) -> T) -> T {
        let (stop, _watch) = Watch::start(self.cap);
        let started = Instant::now();
        let found = search(&stop);
        self.took.push(started.elapsed());
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_watch_raises_its_signal_after_the_cap_and_not_once_dropped() {
        let (stop, _watch) = Watch::start(Some(Duration::from_millis(5)));
        let waited = Instant::now();
        while !stop.is_raised() {
            assert!(waited.elapsed() < Duration::from_secs(10), "never raised");
            std::thread::sleep(Duration::from_millis(1));
        }
        let (stop, watch) = Watch::start(Some(Duration::from_millis(30)));
        drop(watch);
        std::thread::sleep(Duration::from_millis(60));
        assert!(!stop.is_raised(), "a dropped watch raises nothing");
        let (stop, _) = Watch::start(None);
        assert!(!stop.is_raised());
    }

    #[test]
    fn every_game_and_level_has_its_cap() {
        for game in GameId::ALL {
            for level in Level::ALL {
                let cap = cap(game, level);
                assert!(cap.is_none_or(|c| c <= Duration::from_secs(1)));
            }
        }
        assert_eq!(cap(GameId::Polarity, Level::Easy), None);
    }
}
