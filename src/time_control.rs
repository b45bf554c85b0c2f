//! Time controls, kept outside the rules (which read no clock): each side's time left
//! from the seconds its turns took, under Fischer increment, Bronstein delay or neither,
//! with a handicap as each side's own base. The table feeds it the seconds; the rulings
//! (docs/rulings.md, T1-T4) say what a flag fall does in each game.

use serde::{Deserialize, Serialize};

/// How a turn's time is given back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Bonus {
    /// Nothing: sudden death.
    #[default]
    None,
    /// Fischer: this many seconds added after each completed turn.
    Fischer,
    /// Bronstein: up to this many seconds of each turn given back (never more than it took).
    Bronstein,
}

/// A time control: each side's time at the start (equal, or a handicap) and the bonus.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TimeControl {
    /// Seconds at the start, first side then second.
    pub base: [f64; 2],
    pub bonus: Bonus,
    /// The increment or the delay, in seconds.
    #[serde(default)]
    pub seconds: f64,
}

/// Controls are compared as the dialog's presets are: their figures are never NaN
/// ([`TimeControl::check`] refuses one read from a file).
impl Eq for TimeControl {}

/// One turn for the clock: whose it was, how long it took, and whether it handed the
/// move to the other side (Wave Field's tuning does not, and earns no increment).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TurnTime {
    pub side: usize,
    pub seconds: f64,
    pub ends_turn: bool,
}

impl TimeControl {
    /// The choices the new-game dialog offers, with their names: none, blitz, rapid with
    /// increment, Bronstein delay and a handicap.
    pub const PRESETS: [(&'static str, TimeControl); 5] = [
        ("5 min", TimeControl::sudden(300.0)),
        ("3 min + 2 s", TimeControl::fischer(180.0, 2.0)),
        ("10 min + 5 s", TimeControl::fischer(600.0, 5.0)),
        (
            "5 min, 3 s delay",
            TimeControl {
                base: [300.0, 300.0],
                bonus: Bonus::Bronstein,
                seconds: 3.0,
            },
        ),
        (
            "Handicap 5 min / 2 min",
            TimeControl {
                base: [300.0, 120.0],
                bonus: Bonus::Fischer,
                seconds: 2.0,
            },
        ),
    ];

    pub const fn sudden(base: f64) -> TimeControl {
        TimeControl {
            base: [base, base],
            bonus: Bonus::None,
            seconds: 0.0,
        }
    }

    pub const fn fischer(base: f64, increment: f64) -> TimeControl {
        TimeControl {
            base: [base, base],
            bonus: Bonus::Fischer,
            seconds: increment,
        }
    }

    /// The control's name in the dialog and the HUD (a preset's, else its figures).
    pub fn name(&self) -> String {
        if let Some((name, _)) = Self::PRESETS.iter().find(|(_, c)| c == self) {
            return (*name).to_string();
        }
        let minutes = |s: f64| format!("{} min", s / 60.0);
        let base = if self.base[0] == self.base[1] {
            minutes(self.base[0])
        } else {
            format!("{} / {}", minutes(self.base[0]), minutes(self.base[1]))
        };
        match self.bonus {
            Bonus::None => base,
            Bonus::Fischer => format!("{base} + {} s", self.seconds),
            Bonus::Bronstein => format!("{base}, {} s delay", self.seconds),
        }
    }

    /// Checks a control read from a file: times finite, bases above zero, bonus from 0.
    pub fn check(&self) -> Result<(), String> {
        let fine = |s: f64| s.is_finite() && s >= 0.0;
        if !self.base.iter().all(|&b| fine(b) && b > 0.0) {
            return Err("a time control's base times must be above zero".to_string());
        }
        if !fine(self.seconds) {
            return Err("a time control's increment or delay must be 0 or more".to_string());
        }
        Ok(())
    }

    /// What one turn costs its side: all of it, or under Bronstein all but the delay.
    fn charge(&self, seconds: f64) -> f64 {
        match self.bonus {
            Bonus::Bronstein => (seconds - self.seconds).max(0.0),
            _ => seconds,
        }
    }

    /// Each side's time left after `turns`, and `running` seconds into the turn now
    /// being played by `to_move`; and the side whose flag fell, if one did (the first to
    /// run out: a turn that overran stops the count there).
    pub fn left(&self, turns: &[TurnTime], to_move: usize, running: f64) -> Clock {
        let mut left = self.base;
        for turn in turns {
            let side = turn.side.min(1);
            left[side] -= self.charge(turn.seconds);
            if left[side] <= 0.0 {
                left[side] = 0.0;
                return Clock {
                    left,
                    flag: Some(side),
                };
            }
            if turn.ends_turn && self.bonus == Bonus::Fischer {
                left[side] += self.seconds;
            }
        }
        let side = to_move.min(1);
        left[side] -= self.charge(running);
        let flag = (left[side] <= 0.0).then_some(side);
        left[side] = left[side].max(0.0);
        Clock { left, flag }
    }

    /// How long the computer may think with `left` seconds on its clock: a share of what
    /// is left plus most of its bonus, never more than `cap` (its level's own budget).
    pub fn thinking_budget(&self, left: f64, cap: f64) -> f64 {
        let share = left / 30.0 + 0.8 * self.seconds;
        share.min(cap).min(left * 0.5).max(0.05)
    }
}

/// Both sides' time left, and whose flag fell.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Clock {
    pub left: [f64; 2],
    pub flag: Option<usize>,
}

/// A clock's face: minutes and seconds, tenths under ten seconds (`4:05`, `0:09.3`).
pub fn face(seconds: f64) -> String {
    let seconds = seconds.max(0.0);
    if seconds < 10.0 {
        // Tenths rounded down, so the face never shows time the side does not have.
        let tenths = (seconds * 10.0).floor() / 10.0;
        format!("0:0{tenths:.1}")
    } else {
        let whole = seconds.ceil() as u64;
        format!("{}:{:02}", whole / 60, whole % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(side: usize, seconds: f64) -> TurnTime {
        TurnTime {
            side,
            seconds,
            ends_turn: true,
        }
    }

    #[test]
    fn fischer_adds_the_increment_after_each_turn_that_hands_the_move_over() {
        let control = TimeControl::fischer(60.0, 2.0);
        let clock = control.left(&[turn(0, 10.0), turn(1, 5.0)], 0, 3.0);
        assert_eq!(clock.left, [60.0 - 10.0 + 2.0 - 3.0, 60.0 - 5.0 + 2.0]);
        assert_eq!(clock.flag, None);
        // A tuning that keeps the move earns nothing.
        let tuning = TurnTime {
            ends_turn: false,
            ..turn(0, 1.0)
        };
        assert_eq!(control.left(&[tuning], 0, 0.0).left, [59.0, 60.0]);
    }

    #[test]
    fn bronstein_gives_back_at_most_the_delay() {
        let control = TimeControl::PRESETS[3].1;
        let clock = control.left(&[turn(0, 2.0), turn(1, 10.0)], 0, 0.0);
        assert_eq!(clock.left, [300.0, 293.0]);
    }

    #[test]
    fn a_handicap_gives_each_side_its_own_time_and_the_flag_falls_at_zero() {
        let control = TimeControl::PRESETS[4].1;
        assert_eq!(control.left(&[], 0, 0.0).left, [300.0, 120.0]);
        let clock = control.left(&[turn(0, 1.0)], 1, 121.0);
        assert_eq!(clock.flag, Some(1));
        assert_eq!(clock.left[1], 0.0);
        // A turn that overran stops the count: the later turns never happened.
        let overran = control.left(&[turn(0, 400.0), turn(1, 1.0)], 0, 0.0);
        assert_eq!(overran.flag, Some(0));
        assert_eq!(overran.left, [0.0, 120.0]);
    }

    #[test]
    fn faces_show_tenths_under_ten_seconds() {
        assert_eq!(face(245.2), "4:06");
        assert_eq!(face(60.0), "1:00");
        assert_eq!(face(9.37), "0:09.3");
        assert_eq!(face(0.04), "0:00.0");
        assert_eq!(face(-3.0), "0:00.0");
    }

    #[test]
    fn names_and_checks() {
        assert_eq!(TimeControl::PRESETS[1].1.name(), "3 min + 2 s");
        assert_eq!(TimeControl::fischer(120.0, 1.0).name(), "2 min + 1 s");
        assert!(TimeControl::sudden(0.0).check().is_err());
        assert!(TimeControl::fischer(60.0, f64::NAN).check().is_err());
        assert!(TimeControl::PRESETS.iter().all(|(_, c)| c.check().is_ok()));
    }

    #[test]
    fn the_computer_thinks_within_its_share() {
        let control = TimeControl::fischer(60.0, 2.0);
        assert!((control.thinking_budget(60.0, 10.0) - 3.6).abs() < 1e-9);
        assert_eq!(control.thinking_budget(60.0, 1.0), 1.0);
        assert!(control.thinking_budget(0.5, 10.0) <= 0.25);
    }
}
