//! The History Roll: one line per action and what it set off, read from the undo timeline.

use serde::{Deserialize, Serialize};

use super::super::game::{Event, Game};
use super::super::geometry::Side;
use super::super::notation::Action;

/// What a History Roll line tells of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LineKind {
    Move,
    Tune,
    Dice,
    Reset,
    Hint,
    Press,
    Loss,
    Resign,
    Turn,
}

/// One line of the History Roll; `entry` is its index in the undo timeline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryLine {
    pub entry: usize,
    pub side: Side,
    pub kind: LineKind,
    pub text: String,
}

/// The History Roll, reconstructed from the active undo timeline.
pub fn history_roll(game: &Game) -> Vec<HistoryLine> {
    let mut lines = Vec::new();
    for (n, e) in game.timeline().iter().enumerate() {
        let r = &e.resolution;
        let side = r.side;
        let who = side.title();
        // Every slot in multi-slot games; the W6 profile `R+T-A+B+` otherwise.
        let profile_after = |after: &[super::super::position::Controls; 4]| {
            super::super::slots::Tuning::from_controls(game.tables(), after)
        };
        let mut push = |kind, text: String| {
            lines.push(HistoryLine {
                entry: n,
                side,
                kind,
                text,
            })
        };
        match (&r.action, &r.event) {
            (
                _,
                Event::Moved {
                    kind,
                    from,
                    to,
                    rounds,
                    opponent_trapped,
                    ..
                },
            ) => {
                push(
                    LineKind::Move,
                    format!("{who} moves {} {from}-{to}", kind.title()),
                );
                for (round, (removed, _)) in rounds.iter().enumerate() {
                    for p in removed {
                        push(
                            LineKind::Loss,
                            format!(
                                "{} loses {} on {} (round {})",
                                p.owner.title(),
                                p.kind.title(),
                                p.cell,
                                round + 1
                            ),
                        );
                    }
                }
                let next = side.opponent().title();
                let trap = if *opponent_trapped {
                    " (Big Hat trapped)"
                } else {
                    ""
                };
                push(LineKind::Turn, format!("{next} to move{trap}"));
            }
            (Action::Dice, Event::Tuned { after, .. }) => push(
                LineKind::Dice,
                format!("{who} rolls the dice: {}", profile_after(after)),
            ),
            (Action::Reset, Event::Tuned { .. }) => {
                push(LineKind::Reset, format!("{who} resets the controls"))
            }
            (Action::Hint, Event::Tuned { after, hint, .. }) => {
                let piece = hint
                    .map(|h| format!(", select {} on {}", h.kind.title(), h.mv.from))
                    .unwrap_or_default();
                push(
                    LineKind::Hint,
                    format!("{who} takes the hint: {}{piece}", profile_after(after)),
                )
            }
            (Action::Press { kind, slot, coef }, _) => push(
                LineKind::Press,
                format!(
                    "{who} sets {} slot {} to {}",
                    kind.title(),
                    slot + 1,
                    if *coef < 0 { '-' } else { '+' }
                ),
            ),
            (_, Event::Tuned { after, .. }) => push(
                LineKind::Tune,
                format!("{who} tunes {}", profile_after(after)),
            ),
            (_, Event::Resigned) => push(LineKind::Resign, format!("{who} resigns")),
        }
    }
    lines
}
