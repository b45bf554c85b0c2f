//! The table's clocks: how long each turn took at the table (the app's own time, which
//! stands still while paused), kept in the save; and, on a time control, each side's time
//! left, its face in the HUD (tenths under ten seconds, a soft tick in the last ten, the
//! low-time colour) and the flag that ends the game when it falls (rulings T1-T4).

use bevy::prelude::*;

use super::state::{Played, side_index};
use super::{TableGame, Viewing};
use crate::app::playback::CueReached;
use crate::rules::Rules;
use crate::sound::{Cue, CueKind};
use crate::time_control::{TimeControl, TurnTime, face};

/// Seconds left under which a clock shows tenths, ticks and takes the low-time colour.
pub const LOW_TIME: f64 = 10.0;

/// The table's clock: how long each turn took at the table (the app's own time, so a
/// manual clock measures the same in every run), kept in the save.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct TurnClock {
    pub seconds: Vec<f32>,
    /// When the turn now being played began.
    since: f64,
    /// The time control the game is played on (`None`: no clock, only the record).
    pub control: Option<TimeControl>,
}

impl TurnClock {
    /// A clock resumed with `seconds` already on it, the next turn starting `now`.
    pub fn resumed(seconds: Vec<f32>, now: f64) -> TurnClock {
        TurnClock {
            seconds,
            since: now,
            control: None,
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

    /// Seconds into the turn now being played.
    pub fn running(&self, now: f64) -> f64 {
        (now - self.since).max(0.0)
    }
}

/// Seconds on the table's clock: real time, standing still while the game is paused.
/// (The app's virtual time also stands still when paused, but it runs slow when frames
/// take longer than its longest step, which a clock must not.)
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct ClockTime(pub f64);

pub(super) fn advance_clock_time(
    real: Res<Time<Real>>,
    game_time: Res<Time<Virtual>>,
    mut clock: ResMut<ClockTime>,
) {
    if !game_time.is_paused() {
        clock.0 += real.delta_secs_f64();
    }
}

/// One side's clock as the HUD shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockFace {
    pub text: String,
    /// Under [`LOW_TIME`]: the low-time colour.
    pub low: bool,
    /// The side's clock is running.
    pub running: bool,
}

/// Both sides' clock faces (empty when the game has no clock).
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct ClockFaces(pub Vec<ClockFace>);

/// The turns of `played` for the clock: each turn's side and seconds, and whether it
/// handed the move over (a Wave Field tuning does not).
pub fn turn_times<G: TableGame>(played: &Played<G>, seconds: &[f32]) -> Vec<TurnTime> {
    let sides: Vec<usize> = played
        .game
        .turn_sides()
        .map(|(side, _)| side_index::<G::Rules>(side))
        .collect();
    let to_move = played.to_move();
    sides
        .iter()
        .enumerate()
        .map(|(k, &side)| TurnTime {
            side,
            seconds: seconds.get(k).copied().unwrap_or(0.0) as f64,
            ends_turn: sides
                .get(k + 1)
                .map_or(to_move != side, |&next| next != side),
        })
        .collect()
}

/// Runs the clocks of a game on a time control: the faces, the tick in the last ten
/// seconds and the flag. A flag that falls ends the game (the table's [`Played::flag`]);
/// undo, which gives the time back, lifts it.
pub(super) fn run_clocks<G: TableGame>(
    clock: Res<TurnClock>,
    viewing: Res<Viewing>,
    time: Res<ClockTime>,
    mut played: ResMut<Played<G>>,
    mut faces: ResMut<ClockFaces>,
    mut cues: MessageWriter<CueReached>,
    mut last_tick: Local<Option<u64>>,
) {
    let Some(control) = clock.control.filter(|_| viewing.0.is_none()) else {
        faces.set_if_neq(ClockFaces::default());
        return;
    };
    let now = time.0;
    let to_move = played.to_move();
    let ended = played.game.is_over();
    // Turns the save's clock has not counted yet are being counted this frame.
    let counted = clock.seconds.len().min(played.game.turns());
    let mut seconds = clock.seconds[..counted].to_vec();
    seconds.resize(played.game.turns(), 0.0);
    let running = if ended || played.game.turns() > counted {
        0.0
    } else {
        clock.running(now)
    };
    let times = turn_times(&played, &seconds);
    let reckoned = control.left(&times, to_move, running);
    if played.flag != reckoned.flag && !ended {
        played.flag = reckoned.flag;
    }
    let live = !ended && played.flag.is_none();
    let shown = ClockFaces(
        (0..2)
            .map(|side| ClockFace {
                text: face(reckoned.left[side]),
                low: reckoned.left[side] < LOW_TIME,
                running: live && side == to_move,
            })
            .collect(),
    );
    faces.set_if_neq(shown);
    // A soft tick each second of the last ten, for the side whose clock runs.
    let left = reckoned.left[to_move];
    let second = left.ceil() as u64;
    if live && left < LOW_TIME && *last_tick != Some(second) {
        *last_tick = Some(second);
        cues.write(CueReached {
            cue: Cue::new(CueKind::Click, 0.0).strength(0.25),
            offset: 0.0,
        });
    }
}

/// The time `played` was played on, for its replay: the control, each action's seconds
/// (a turn's on its last action) and the fallen flag.
pub fn timing<G: TableGame>(played: &Played<G>, clock: &TurnClock) -> crate::replay::Timing {
    let turn_seconds = &clock.seconds;
    let mut seconds = Vec::with_capacity(played.game.actions().len());
    for (k, (_, actions)) in played.game.turn_sides().enumerate() {
        let took = turn_seconds.get(k).copied().unwrap_or(0.0);
        seconds.extend(std::iter::repeat_n(0.0, actions.saturating_sub(1)));
        if actions > 0 {
            seconds.push(took);
        }
    }
    crate::replay::Timing {
        control: clock.control,
        seconds,
        flag: played.flag,
    }
}

/// What the chip says once a flag has fallen (rulings T1-T2): the side out of time loses,
/// but not to a side that could never win (hex chess: a lone king), which draws.
pub fn flag_words<G: TableGame>(played: &Played<G>, flagged: usize) -> (String, Option<usize>) {
    let names = <G::Rules as Rules>::GAME.side_names();
    let other = 1 - flagged.min(1);
    let out = crate::app::table::score::title(names[flagged.min(1)]);
    let side = <G::Rules as Rules>::SIDES[other];
    if played.game.rules().can_win_on_time(side) {
        let winner = crate::app::table::score::title(names[other]);
        (format!("{out} is out of time: {winner} wins"), Some(other))
    } else {
        (
            format!(
                "{out} is out of time, but {} cannot win: a draw",
                names[other]
            ),
            None,
        )
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
