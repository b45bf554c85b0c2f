//! What a spent piece does to the stones around the placed one (P3, P4).
//!
//! One function, [`ray_effect`], decides the fate of the nearest stone on one ray; the
//! fast path ([`apply_power`]) and the detailed resolution both use it, so they cannot
//! disagree.

use serde::{Deserialize, Serialize};

use super::geometry::{Cell, Dir, bits};
use super::hand::{Mode, Power};

/// Why an affected stone stayed where it was.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StayReason {
    /// It has a stone orthogonally next to it (judged after placement, before moving).
    Locked,
    /// Its destination is off the board.
    Edge,
    /// Its destination holds a stone.
    Occupied,
}

/// The fate of the nearest stone on one ray.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RayEffect {
    Moved { from: Cell, to: Cell },
    Stayed { at: Cell, reason: StayReason },
}

/// The nearest stone of `stones` from `origin` along `dir` (the origin excluded).
pub fn nearest(stones: u64, origin: Cell, dir: Dir) -> Option<Cell> {
    let mut cell = origin.step(dir)?;
    loop {
        if stones & cell.bit() != 0 {
            return Some(cell);
        }
        cell = cell.step(dir)?;
    }
}

/// The effect of `mode` on the nearest stone along `dir` from `origin`; `stones` already
/// holds the placed stone, `locked` the stones with an orthogonal neighbour. `None` when
/// the ray holds no stone.
pub fn ray_effect(
    stones: u64,
    locked: u64,
    origin: Cell,
    dir: Dir,
    mode: Mode,
) -> Option<RayEffect> {
    let at = nearest(stones, origin, dir)?;
    // A locked stone is still the nearest of its ray: it shields the stones behind it.
    if locked & at.bit() != 0 {
        return Some(RayEffect::Stayed {
            at,
            reason: StayReason::Locked,
        });
    }
    let step = match mode {
        Mode::Push => dir,
        Mode::Pull => dir.opposite(),
    };
    Some(match at.step(step) {
        None => RayEffect::Stayed {
            at,
            reason: StayReason::Edge,
        },
        // Pulling a diagonal neighbour would land on the placed stone: occupied too.
        Some(to) if stones & to.bit() != 0 => RayEffect::Stayed {
            at,
            reason: StayReason::Occupied,
        },
        Some(to) => RayEffect::Moved { from: at, to },
    })
}

/// The stones locked in `stones` (P4).
pub fn locked(stones: u64) -> u64 {
    stones & bits::orthogonal_neighbours(stones)
}

/// The effects of `power` used from the stone just placed at `origin`, one per ray that
/// holds a stone, in the piece's ray order.
pub fn effects(stones: u64, origin: Cell, power: Power) -> impl Iterator<Item = RayEffect> {
    let locked = locked(stones);
    power
        .piece
        .dirs()
        .iter()
        .filter_map(move |&dir| ray_effect(stones, locked, origin, dir, power.mode))
}

/// The board after `power` acts from `origin` (the fast path). All stones move at once:
/// destinations are judged on the board before anything moves. They lie on different
/// rays from the origin, so no two share a destination, and no destination is another
/// mover's origin.
pub fn apply_power(stones: u64, origin: Cell, power: Power) -> u64 {
    let mut leaving = 0u64;
    let mut arriving = 0u64;
    for effect in effects(stones, origin, power) {
        if let RayEffect::Moved { from, to } = effect {
            leaving |= from.bit();
            arriving |= to.bit();
        }
    }
    (stones & !leaving) | arriving
}
