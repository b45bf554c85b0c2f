//! Tuning (W6, W11): profiles, reset, dice and developer slot presses. Every change
//! takes the kind's pieces' waves out of the field and puts the new ones back.

use super::super::game::IllegalAction;
use super::super::geometry::{Kind, Side};
use super::super::patterns::{MAX_SLOTS, Tables};
use super::{Controls, PIECES, Position, Profile};

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

    /// Randomizes the sign of every active slot of the side to move (W6 Dice): one draw
    /// per kind and active slot, in kind order then slot order.
    pub fn dice(&mut self, t: &Tables, rng: &mut impl rand::Rng) {
        let side = self.to_move;
        for kind in Kind::ALL {
            let mut c = self.controls[side.index()][kind.index()];
            for s in 0..t.slots[kind.index()] as usize {
                if c.active >> s & 1 == 1 {
                    if rng.random_bool(0.5) {
                        c.minus |= 1 << s;
                    } else {
                        c.minus &= !(1 << s);
                    }
                }
            }
            self.set_controls(t, side, kind, c);
        }
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
        let pos = c
            .recency
            .iter()
            .position(|s| *s as usize == slot)
            .unwrap_or(MAX_SLOTS - 1);
        c.recency[..=pos].rotate_right(1);
        c.recency[0] = slot as u8;
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
