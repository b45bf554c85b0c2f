//! The trapped Big Hat's rescue search (W9, W12): "a rescue across every valid combined
//! tuning profile", so every tuning the slots allow (`slots::for_each_in_order`), fewest
//! changed component slots first, then every piece and destination in reading order.

use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};

use super::geometry::Kind;
use super::patterns::Tables;
use super::position::{Move, Position, Profile};
use super::slots::{self, Tuning};

/// A way out: tune to `tuning` (unchanged when `changes` is 0), then play `mv`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rescue {
    /// Slot 1's signs of `tuning` (the whole tuning when every type has one slot).
    pub profile: Profile,
    /// The whole tuning to apply, every slot of every type.
    #[serde(default)]
    pub tuning: Tuning,
    /// Component slots that differ from the current tuning.
    pub changes: u32,
    pub mv: Move,
    pub kind: Kind,
}

/// Sort key of W12 for `profile` compared with the current one: changed signs first, then
/// the signs read in the order Round Hat, Tower, Triangle Hat, Big Hat with + before -.
fn order_key(current: Profile, profile: Profile) -> (u32, u8) {
    let mut lex = 0u8;
    for kind in Kind::ALL {
        lex = lex << 1 | u8::from(profile.coef(kind) < 0);
    }
    (profile.changes(current), lex)
}

/// All 16 profiles in W12's search order relative to `current` (which comes first).
pub fn profile_order(current: Profile) -> [Profile; 16] {
    let mut all: [Profile; 16] = std::array::from_fn(|i| Profile(i as u8));
    all.sort_by_key(|p| order_key(current, *p));
    all
}

/// A rescue search's result and how many tunings it tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Search {
    pub rescue: Option<Rescue>,
    pub examined: u64,
}

/// The first rescue in W12's order over every valid tuning, and the tunings examined.
pub fn search(t: &Tables, pos: &Position) -> Search {
    let mut examined = 0;
    if pos.outcome().is_some() {
        return Search {
            rescue: None,
            examined,
        };
    }
    let current = pos.tuning(t, pos.to_move());
    let mut trial = pos.clone();
    let found = slots::for_each_in_order(t, &current, |tuning| {
        examined += 1;
        trial.set_tuning(t, tuning);
        let mut found = None;
        trial.for_each_move(t, |mv, check| {
            if found.is_none() && check.legal {
                found = Some(mv);
            }
        });
        match found {
            Some(mv) => ControlFlow::Break(Rescue {
                profile: tuning.profile(),
                tuning: *tuning,
                changes: tuning.changes(&current),
                mv,
                kind: pos.piece_at(mv.from).map_or(Kind::RoundHat, |p| p.kind),
            }),
            None => ControlFlow::Continue(()),
        }
    });
    Search {
        rescue: match found {
            ControlFlow::Break(r) => Some(r),
            ControlFlow::Continue(()) => None,
        },
        examined,
    }
}

/// The first rescue in W12's order, or `None` when no tuning and move keeps the Big
/// Hat safe.
pub fn find_rescue(t: &Tables, pos: &Position) -> Option<Rescue> {
    search(t, pos).rescue
}

/// Whether any profile gives the side to move a legal move.
pub fn any_legal_under_any_profile(t: &Tables, pos: &Position) -> bool {
    find_rescue(t, pos).is_some()
}

/// The status line's hint for a rescue ("tune, then move Triangle Hat to D4").
pub fn hint_text(rescue: &Rescue) -> String {
    if rescue.changes == 0 {
        format!("move {} to {}", rescue.kind.title(), rescue.mv.to)
    } else {
        format!(
            "tune, then move {} to {}",
            rescue.kind.title(),
            rescue.mv.to
        )
    }
}

/// The status line when no rescue exists.
pub const NO_RESCUE: &str =
    "Your Big Hat is trapped and no tuning and move can rescue it: resign or undo.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn w12_profile_order() {
        // W12: fewest changed signs first; ties by R, T, A, B with + before -.
        let order = profile_order(Profile::DEFAULT);
        let names: Vec<String> = order.iter().map(|p| p.to_string()).collect();
        assert_eq!(names[0], "R+T+A+B+");
        assert_eq!(
            &names[1..5],
            ["R+T+A+B-", "R+T+A-B+", "R+T-A+B+", "R-T+A+B+"]
        );
        assert_eq!(names[5], "R+T+A-B-");
        assert_eq!(names[15], "R-T-A-B-");
        let from_minus = profile_order(Profile(0b1111));
        assert_eq!(from_minus[0].to_string(), "R-T-A-B-");
        assert_eq!(from_minus[1].to_string(), "R+T-A-B-");
    }
}
