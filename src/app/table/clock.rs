//! The table's clock: how long each turn took at the table, kept in the save (the clock
//! of a game on a time control will stand on it).

use bevy::prelude::*;

/// The table's clock: how long each turn took at the table (the app's own time, so a
/// manual clock measures the same in every run), kept in the save.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct TurnClock {
    pub seconds: Vec<f32>,
    /// When the turn now being played began.
    since: f64,
}

impl TurnClock {
    /// A clock resumed with `seconds` already on it, the next turn starting `now`.
    pub fn resumed(seconds: Vec<f32>, now: f64) -> TurnClock {
        TurnClock {
            seconds,
            since: now,
        }
    }

    /// Brings the clock in line with `turns` played: each new turn takes the time since
    /// the last; undone turns go.
    pub(super) fn follow(&mut self, turns: usize, now: f64) {
        if turns < self.seconds.len() {
            self.seconds.truncate(turns);
            self.since = now;
        }
        while self.seconds.len() < turns {
            self.seconds.push((now - self.since).max(0.0) as f32);
            self.since = now;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_follows_the_turns() {
        let mut clock = TurnClock::resumed(vec![1.0], 10.0);
        clock.follow(2, 12.5);
        assert_eq!(clock.seconds, [1.0, 2.5]);
        clock.follow(1, 13.0);
        assert_eq!(clock.seconds, [1.0]);
        clock.follow(2, 14.0);
        assert_eq!(clock.seconds, [1.0, 1.0]);
    }
}
