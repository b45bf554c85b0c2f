//! Tuning (W6, W11): profiles, whole tunings, reset, dice and developer slot presses.
//! Every change takes the kind's pieces' waves out of the field and puts the new ones back.

use super::super::game::IllegalAction;
use super::super::geometry::{Kind, Side};
use super::super::patterns::{MAX_SLOTS, Tables};
use super::super::slots::Tuning;
use super::{Controls, PIECES, Position, Profile};

impl Controls {
    /// Moves `slot` to the front of the press order (most recently pressed).
    pub(crate) fn mark_pressed(&mut self, slot: usize) {
        let pos = self
            .recency
            .iter()
            .position(|s| *s as usize == slot)
            .unwrap_or(MAX_SLOTS - 1);
        self.recency[..=pos].rotate_right(1);
        self.recency[0] = slot as u8;
    }

    /// Slot numbers (0-based), most recently pressed first (W11).
    pub fn press_order(&self) -> [u8; MAX_SLOTS] {
        self.recency
    }
}

impl Position {
    /// Replaces one side's controls for one kind, updating the field.
    fn set_controls(&mut self, t: &Tables, side: Side, kind: Kind, new: Controls) {
        let old = self.controls[side.index()][kind.index()];
        if old.minus == new.minus && old.active == new.active {
            self.controls[side.index()][kind.index()] = new;
            return;
        }
        for i in 0..PIECES {
            let p = self.pieces[i];
            if p.alive && p.owner == side && p.kind == kind {
                self.apply_piece(t, i, -1);
            }
        }
        self.controls[side.index()][kind.index()] = new;
        for i in 0..PIECES {
            let p = self.pieces[i];
            if p.alive && p.owner == side && p.kind == kind {
                self.apply_piece(t, i, 1);
            }
        }
    }

    /// Sets the slot-0 signs of the side to move (W6). Tuning never ends the turn.
    pub fn set_profile(&mut self, t: &Tables, profile: Profile) {
        let side = self.to_move;
        for kind in Kind::ALL {
            let mut c = self.controls[side.index()][kind.index()];
            c.minus = (c.minus & !1) | (profile.0 >> kind.index() & 1);
            self.set_controls(t, side, kind, c);
        }
    }

    /// Restores the side to move's controls to the defaults (W6 Reset).
    pub fn reset_controls(&mut self, t: &Tables) {
        let side = self.to_move;
        for kind in Kind::ALL {
            self.set_controls(
                t,
                side,
                kind,
                Controls::from_defaults(&t.defaults[kind.index()]),
            );
        }
    }

    /// The whole tuning of `side`, every slot of every type (W11).
    pub fn tuning(&self, t: &Tables, side: Side) -> Tuning {
        Tuning::from_controls(t, &self.controls[side.index()])
    }

    /// Sets the whole tuning of the side to move; the caller has checked it against `t`
    /// ([`Tuning::check`]). Every slot it turns on or flips counts as pressed, in slot
    /// order, for the least-recently-pressed rule (W11); an off slot keeps its sign.
    pub fn set_tuning(&mut self, t: &Tables, tuning: &Tuning) {
        let side = self.to_move;
        for kind in Kind::ALL {
            let k = kind.index();
            let mut c = self.controls[side.index()][k];
            for (s, control) in tuning.kind(kind).iter().enumerate() {
                let bit = 1u8 << s;
                let was = if c.active & bit == 0 {
                    0
                } else if c.minus & bit == 0 {
                    1
                } else {
                    -1
                };
                if *control == 0 {
                    c.active &= !bit;
                    continue;
                }
                c.active |= bit;
                if *control < 0 {
                    c.minus |= bit;
                } else {
                    c.minus &= !bit;
                }
                if was != *control {
                    c.mark_pressed(s);
                }
            }
            self.set_controls(t, side, kind, c);
        }
    }

    /// W6 Dice, over every slot (W11): "randomizes every piece type's tuning while keeping
    /// each type at full active strength", so each type gets exactly its active limit of
    /// slots on with random signs. Draws, per type in order: which slots are on (one
    /// uniform pick per slot, only when the limit leaves a choice), then one sign per on
    /// slot in slot order. With one slot per type that is one sign draw per type.
    pub fn dice(&mut self, t: &Tables, rng: &mut impl rand::Rng) {
        let mut tuning = self.tuning(t, self.to_move);
        for kind in Kind::ALL {
            let k = kind.index();
            let n = t.slots[k] as usize;
            let limit = (t.limits[k] as usize).min(n);
            let mut on = if limit == n { (1u8 << n) - 1 } else { 0 };
            if limit < n {
                let mut free = [0usize, 1, 2];
                let mut left = n;
                for _ in 0..limit {
                    let j = rng.random_range(0..left);
                    on |= 1 << free[j];
                    free.copy_within(j + 1..left, j);
                    left -= 1;
                }
            }
            for s in 0..n {
                tuning.controls[k][s] = if on >> s & 1 == 0 {
                    0
                } else if rng.random_bool(0.5) {
                    -1
                } else {
                    1
                };
            }
        }
        self.set_tuning(t, &tuning);
    }

    /// A developer-mode control press (W11): slot `slot` of `kind` becomes active with
    /// `coef`; activating past the active limit turns off the least recently pressed
    /// active slot.
    pub fn press(
        &mut self,
        t: &Tables,
        kind: Kind,
        slot: usize,
        coef: i32,
    ) -> Result<(), IllegalAction> {
        let k = kind.index();
        if slot >= t.slots[k] as usize {
            return Err(IllegalAction::NoSuchSlot {
                kind,
                slots: t.slots[k],
                slot,
            });
        }
        let side = self.to_move;
        let mut c = self.controls[side.index()][k];
        if coef < 0 {
            c.minus |= 1 << slot;
        } else {
            c.minus &= !(1 << slot);
        }
        let was_active = c.active >> slot & 1 == 1;
        c.active |= 1 << slot;
        c.mark_pressed(slot);
        if !was_active
            && c.active.count_ones() > t.limits[k] as u32
            && let Some(lru) = c
                .recency
                .iter()
                .rev()
                .find(|s| c.active >> **s & 1 == 1 && **s as usize != slot)
        {
            c.active &= !(1 << lru);
        }
        self.set_controls(t, side, kind, c);
        Ok(())
    }
}
