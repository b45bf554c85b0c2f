//! When and how a Vectress stage sounds: the moments of a wave and the falls.

use super::stages::cell_point;
use crate::rules::vectress::{Cell, Kind, PieceId, Position};
use crate::sound::{Cue, CueKind};

/// When in its stage a wave's sounds fall: contact at once, the shove it passes on just
/// after, a piece tipping as it reaches the edge (`FallOff` slides for 0.3 of the
/// stage), bonds snapping shut as the bodies settle, the fall landing below the table.
pub(super) const PUSH_AT: f32 = 0.04;
pub(super) const SHOVE_AT: f32 = 0.15;
const TIP_AT: f32 = 0.3;
pub(super) const BOND_AT: f32 = 0.82;
const LAND_AT: f32 = 0.93;
/// Half the board's width, world units (for the pan).
const HALF_WIDTH: f32 = 4.5;

pub(super) fn heard(kind: CueKind, at: f32, cell: Cell) -> Cue {
    Cue::new(kind, at).at_x(cell_point(cell).x, HALF_WIDTH)
}

/// The sounds of pieces leaving the board: each tips over, and lands below (a Core
/// heavily).
pub(super) fn fall_cues(
    before: &Position,
    lost: impl Iterator<Item = (PieceId, Cell)>,
) -> Vec<Cue> {
    lost.flat_map(|(id, cell)| {
        let core = before.piece(id).is_some_and(|p| p.kind == Kind::Octagon);
        let land = if core {
            CueKind::CoreLand
        } else {
            CueKind::Land
        };
        [
            heard(CueKind::Tip, TIP_AT, cell),
            heard(land, LAND_AT, cell).strength(if core { 1.0 } else { 0.7 }),
        ]
    })
    .collect()
}
