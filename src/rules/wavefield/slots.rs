//! Whole tunings over every component slot (W11) and the rescue search's order (W12)
//! generalised to them. With one slot per type a tuning is exactly a W6 [`Profile`], and
//! the order below is W12's order of the 16 profiles.

use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};

use super::game::IllegalAction;
use super::geometry::Kind;
use super::patterns::{MAX_SLOTS, Tables};
use super::position::{Controls, Profile};

/// One side's whole tuning: per type and slot the control in intrinsic (Red) signs, +1,
/// -1 or 0 (off). `slots` is each type's slot count; controls past it are 0.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Tuning {
    pub slots: [u8; 4],
    pub controls: [[i8; MAX_SLOTS]; 4],
}

impl Tuning {
    /// The tuning that `controls` (one side's, per type) show under tables `t`.
    pub fn from_controls(t: &Tables, controls: &[Controls; 4]) -> Tuning {
        let mut tuning = Tuning {
            slots: t.slots,
            controls: [[0; MAX_SLOTS]; 4],
        };
        for kind in Kind::ALL {
            let (k, c) = (kind.index(), controls[kind.index()]);
            for s in 0..t.slots[k] as usize {
                if c.active >> s & 1 == 1 {
                    tuning.controls[k][s] = if c.minus >> s & 1 == 1 { -1 } else { 1 };
                }
            }
        }
        tuning
    }

    /// A W6 profile as a tuning of one slot per type.
    pub fn from_profile(profile: Profile) -> Tuning {
        let mut tuning = Tuning {
            slots: [1; 4],
            controls: [[0; MAX_SLOTS]; 4],
        };
        for kind in Kind::ALL {
            tuning.controls[kind.index()][0] = profile.coef(kind) as i8;
        }
        tuning
    }

    /// The controls of `kind`, one per slot.
    pub fn kind(&self, kind: Kind) -> &[i8] {
        let k = kind.index();
        &self.controls[k][..self.slots[k] as usize]
    }

    /// Slot 1's sign per type (an off slot reads +): the W6 profile of this tuning.
    pub fn profile(&self) -> Profile {
        Kind::ALL.into_iter().fold(Profile::DEFAULT, |p, kind| {
            p.with(kind, i32::from(self.controls[kind.index()][0]))
        })
    }

    /// The W6 profile this tuning is, when every type has one slot and it is on.
    pub fn single(&self) -> Option<Profile> {
        (self.slots == [1; 4] && self.controls.iter().all(|c| c[0] != 0)).then(|| self.profile())
    }

    /// How many component slots differ (W12's "changed component slots").
    pub fn changes(&self, other: &Tuning) -> u32 {
        let mut n = 0;
        for k in 0..4 {
            for s in 0..MAX_SLOTS {
                n += u32::from(self.controls[k][s] != other.controls[k][s]);
            }
        }
        n
    }

    /// Whether this tuning fits tables `t`: each type's slot count, every control +1, -1
    /// or 0, and 1 to the active limit of its slots on.
    pub fn check(&self, t: &Tables) -> Result<(), IllegalAction> {
        for kind in Kind::ALL {
            let k = kind.index();
            if self.slots[k] != t.slots[k] {
                return Err(IllegalAction::SlotCount {
                    kind,
                    slots: t.slots[k],
                    given: self.slots[k],
                });
            }
            let on = self.kind(kind).iter().filter(|c| **c != 0).count() as u8;
            if on == 0 || on > t.limits[k] || self.kind(kind).iter().any(|c| c.abs() > 1) {
                return Err(IllegalAction::ActiveLimit {
                    kind,
                    limit: t.limits[k],
                    on,
                });
            }
        }
        Ok(())
    }
}

/// W12's rank of one control: + before - before off.
fn rank(control: i8) -> u8 {
    match control {
        1 => 0,
        -1 => 1,
        _ => 2,
    }
}

/// Every valid control set of a type with `slots` slots and active limit `limit` (each
/// slot +, - or off, 1 to `limit` on), in W12's order: slot 1 first, + before - before off.
pub fn kind_options(slots: u8, limit: u8) -> Vec<[i8; MAX_SLOTS]> {
    let n = slots.min(MAX_SLOTS as u8) as u32;
    let mut out = Vec::new();
    for code in 0..3u32.pow(n) {
        let mut c = [0i8; MAX_SLOTS];
        for s in 0..n {
            // Slot 1 is the most significant digit, so counting up is W12's order.
            c[s as usize] = [1, -1, 0][(code / 3u32.pow(n - 1 - s) % 3) as usize];
        }
        let on = c.iter().filter(|v| **v != 0).count() as u8;
        if on >= 1 && on <= limit {
            out.push(c);
        }
    }
    debug_assert!(out.windows(2).all(|w| w[0].map(rank) < w[1].map(rank)));
    out
}

/// How many valid tunings tables `t` allow one side (16 with one slot per type).
pub fn count(t: &Tables) -> u64 {
    (0..4)
        .map(|k| kind_options(t.slots[k], t.limits[k]).len() as u64)
        .product()
}

/// Calls `f` with every valid tuning of tables `t` in W12's order relative to `current`:
/// fewest changed component slots first; ties in the order Round Hat, Tower, Triangle Hat,
/// Big Hat, each type's slots in order, + before - before off. Stops when `f` breaks.
pub fn for_each_in_order<B>(
    t: &Tables,
    current: &Tuning,
    mut f: impl FnMut(&Tuning) -> ControlFlow<B>,
) -> ControlFlow<B> {
    // Per type: its options with their changes from `current`.
    let opts: [Vec<([i8; MAX_SLOTS], u32)>; 4] = std::array::from_fn(|k| {
        kind_options(t.slots[k], t.limits[k])
            .into_iter()
            .map(|c| {
                let d = (0..MAX_SLOTS)
                    .filter(|s| c[*s] != current.controls[k][*s])
                    .count() as u32;
                (c, d)
            })
            .collect()
    });
    // Fewest and most changes the types from k on can still add (for pruning).
    let mut lo = [0u32; 5];
    let mut hi = [0u32; 5];
    for k in (0..4).rev() {
        lo[k] = lo[k + 1] + opts[k].iter().map(|o| o.1).min().unwrap_or(0);
        hi[k] = hi[k + 1] + opts[k].iter().map(|o| o.1).max().unwrap_or(0);
    }
    let mut tuning = Tuning {
        slots: t.slots,
        controls: [[0; MAX_SLOTS]; 4],
    };
    let fits = |k: usize, left: u32| lo[k] <= left && left <= hi[k];
    for d in lo[0]..=hi[0] {
        for (c0, d0) in &opts[0] {
            let Some(l1) = d.checked_sub(*d0).filter(|l| fits(1, *l)) else {
                continue;
            };
            tuning.controls[0] = *c0;
            for (c1, d1) in &opts[1] {
                let Some(l2) = l1.checked_sub(*d1).filter(|l| fits(2, *l)) else {
                    continue;
                };
                tuning.controls[1] = *c1;
                for (c2, d2) in &opts[2] {
                    let Some(l3) = l2.checked_sub(*d2).filter(|l| fits(3, *l)) else {
                        continue;
                    };
                    tuning.controls[2] = *c2;
                    for (c3, d3) in &opts[3] {
                        if *d3 == l3 {
                            tuning.controls[3] = *c3;
                            f(&tuning)?;
                        }
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}
