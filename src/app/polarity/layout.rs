//! Where everything of Polarity rests on the table: stones on their cells (each turned its
//! own way), the hand pieces standing or laid down beside the board, and the piles. Every
//! other part (spawning, playback, sync, tests) reads positions from here.

use std::f32::consts::{FRAC_PI_2, PI, TAU};

use bevy::prelude::*;

use super::pieces::{PILE_SCALE, SLOTS, STONE_FLAT, STONE_RADIUS, TABLE_TOP};
use crate::app::boards::SquareBoard;
use crate::rules::polarity::{Cell, Hand, Piece, Side, StoneId};

/// Polarity's board: eight by eight.
pub const BOARD: SquareBoard = SquareBoard { cols: 8, rows: 8 };

/// The centre of `cell` on the board's surface.
pub fn cell_point(cell: Cell) -> Vec3 {
    BOARD.center(cell.file() as i32, cell.rank() as i32)
}

fn stone_yaw(id: StoneId) -> Quat {
    Quat::from_rotation_y(id.0 as f32 * 2.39996)
}

/// Where stone `id` rests on `cell`.
pub fn stone_rest(cell: Cell, id: StoneId) -> Transform {
    Transform::from_translation(cell_point(cell) + Vec3::Y * (STONE_RADIUS * STONE_FLAT))
        .with_rotation(stone_yaw(id))
}

/// +1 for player one (the near, right-hand side), -1 for player two (far, left).
pub fn side_sign(side: Side) -> f32 {
    match side {
        Side::One => 1.0,
        Side::Two => -1.0,
    }
}

/// The ground point of hand slot `slot` of `side`: a file of five beside the board, on
/// the player's half.
fn slot_point(side: Side, slot: usize) -> Vec3 {
    let s = side_sign(side);
    Vec3::new(s * 5.5, TABLE_TOP, s * (3.5 - slot as f32 * 0.78))
}

/// A hand piece standing (ready) or laid down (spent), its top toward the outside.
pub fn hand_rest(side: Side, slot: usize, standing: bool) -> Transform {
    let s = side_sign(side);
    let at = slot_point(side, slot);
    let face = Quat::from_rotation_y(if side == Side::One { 0.0 } else { PI });
    if standing {
        Transform::from_translation(at).with_rotation(face)
    } else {
        Transform::from_translation(at + Vec3::new(s * 0.05, 0.21, 0.0))
            .with_rotation(Quat::from_rotation_z(-s * FRAC_PI_2) * face)
    }
}

/// Whether slot `slot` of a hand holds an unspent piece: the first `count` slots of each
/// kind stand, the rest lie.
pub fn slot_standing(hand: &Hand, slot: usize) -> bool {
    let piece = SLOTS[slot];
    let first = SLOTS.iter().position(|p| *p == piece).unwrap_or(slot);
    ((slot - first) as u8) < hand.count(piece)
}

/// The slot that lies down when a piece of `piece` is spent from `before`.
pub fn spent_slot(before: &Hand, piece: Piece) -> Option<usize> {
    let first = SLOTS.iter().position(|p| *p == piece)?;
    let count = before.count(piece);
    (count > 0).then(|| first + count as usize - 1)
}

/// The centre of `side`'s pile of collected stones.
pub fn pile_point(side: Side) -> Vec3 {
    let s = side_sign(side);
    Vec3::new(s * 8.1, TABLE_TOP, s * 2.0)
}

/// Where the `k`-th collected stone of `side` rests: a heap that grows outward, then up.
pub fn pile_rest(side: Side, k: usize) -> Transform {
    let half = STONE_RADIUS * STONE_FLAT * PILE_SCALE;
    let (offset, layer) = match k {
        0 => (Vec2::ZERO, 0),
        1..=6 => {
            let a = (k - 1) as f32 * TAU / 6.0 + 0.3;
            (Vec2::new(a.cos(), a.sin()) * 0.6, 0)
        }
        7..=9 => {
            let a = (k - 7) as f32 * TAU / 3.0 + 0.8;
            (Vec2::new(a.cos(), a.sin()) * 0.32, 1)
        }
        _ => {
            let a = k as f32 * 2.39996;
            (Vec2::new(a.cos(), a.sin()) * 0.12, k - 8)
        }
    };
    let at = pile_point(side) + Vec3::new(offset.x, half + layer as f32 * half * 1.7, offset.y);
    Transform::from_translation(at)
        .with_rotation(
            Quat::from_rotation_y(k as f32 * 1.3)
                * Quat::from_rotation_x(0.12 * layer.min(1) as f32),
        )
        .with_scale(Vec3::splat(PILE_SCALE))
}
