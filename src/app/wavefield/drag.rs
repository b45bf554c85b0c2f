//! Dragging a piece: it follows the pointer over the surface; while it hovers a square it
//! can move to, the surface flows to the field after that move (and back to the real
//! field when it leaves); letting go there plays the move, from where it was let go.
//!
//! The pointer's observers only find the square under the pointer; what a drag does is in
//! [`WavefieldTable::start_drag`], [`WavefieldTable::drag_over`] and
//! [`WavefieldTable::end_drag`], which tests drive without a window.

use bevy::picking::events::{Cancel, Drag, DragEnd, DragStart, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use super::pieces::PieceView;
use super::surface::{self, to_f32};
use super::table::select;
use super::{Looks, WavefieldTable};
use crate::app::camera::{MainCamera, point_under};
use crate::app::playback::PlaybackQueue;
use crate::app::table::Request;
use crate::rules::wavefield::geometry::CELLS;
use crate::rules::wavefield::views::{Marker, MarkerKind};
use crate::rules::wavefield::{Action, Cell, Game, Move, PieceId};

/// How high over the surface a dragged piece floats.
const DRAG_LIFT: f32 = 0.35;

/// A piece being dragged.
#[derive(Debug, Clone, PartialEq)]
pub struct Dragging {
    pub piece: PieceId,
    pub from: Cell,
    /// The square under the pointer (`None`: off the board).
    pub over: Option<Cell>,
    /// The field after moving to `over`, when that move can be played.
    pub preview: Option<[f32; CELLS]>,
    /// Where the piece can go (W10's markers, worked out once when the drag starts).
    targets: Vec<Marker>,
}

/// The field after `mv`, played on a copy of the game (`None` if it is refused).
pub(super) fn field_after(game: &Game, mv: Move) -> Option<[f32; CELLS]> {
    let mut probe = game.clone();
    probe
        .play(Action::Move(mv))
        .ok()
        .map(|_| to_f32(probe.position().field()))
}

/// What hovering a destination warns of, said at the pointer (a plain legal move says
/// nothing: its preview is the field itself).
pub(super) fn move_note(from: Cell, marker: &Marker) -> Option<String> {
    let to = marker.to;
    match marker.kind {
        MarkerKind::BlockedByBigHat => {
            Some(format!("{from}-{to}: blocked by the Big Hat rule (W9)"))
        }
        MarkerKind::CostsOwnPiece => Some(format!(
            "{from}-{to}: costs {} of your own pieces",
            marker.own_losses
        )),
        MarkerKind::Legal => None,
    }
}

impl WavefieldTable {
    /// Starts dragging `piece` if it is the side to move's; whether it started.
    pub fn start_drag(&mut self, piece: PieceId) -> bool {
        let p = *self.game.position().piece(piece);
        if !p.alive || p.owner != self.game.to_move() || self.game.outcome().is_some() {
            return false;
        }
        self.scene.drag = Some(Dragging {
            piece,
            from: p.cell,
            over: Some(p.cell),
            preview: None,
            targets: self.game.markers(p.cell),
        });
        true
    }

    /// The dragged piece is over `cell` (`None`: off the board): over a square it can
    /// move to, the surface previews the field after that move; anywhere else it shows
    /// the real field.
    pub fn drag_over(&mut self, cell: Option<Cell>) {
        let scene = &mut self.scene;
        let Some(drag) = scene.drag.as_mut() else {
            return;
        };
        if drag.over == cell {
            return;
        }
        drag.over = cell;
        drag.preview = None;
        scene.hover = None;
        let Some(marker) = cell.and_then(|to| drag.targets.iter().find(|m| m.to == to).copied())
        else {
            return;
        };
        scene.hover = move_note(drag.from, &marker);
        if marker.kind != MarkerKind::BlockedByBigHat {
            drag.preview = field_after(
                self.game.rules(),
                Move {
                    from: drag.from,
                    to: marker.to,
                },
            );
        }
    }

    /// Lets the dragged piece go over `cell`: a square it can move to asks for the move
    /// (played with the table's requests); a blocked one says why. Whether a move was
    /// asked for.
    pub fn end_drag(&mut self, cell: Option<Cell>) -> bool {
        let Some(drag) = self.scene.drag.take() else {
            return false;
        };
        self.scene.preview = None;
        self.scene.hover = None;
        match cell.and_then(|to| drag.targets.iter().find(|m| m.to == to).copied()) {
            Some(marker) => self.request_move(drag.from, &marker),
            None => false,
        }
    }

    /// Asks for the move to `marker`, or says why it can't be played; whether it asked.
    pub(super) fn request_move(&mut self, from: Cell, marker: &Marker) -> bool {
        if marker.kind == MarkerKind::BlockedByBigHat {
            self.message = Some(format!(
                "{from}-{} is blocked: your Big Hat would stand on hostile ground (W9)",
                marker.to
            ));
            return false;
        }
        self.requests.push_back(Request::Play(Action::Move(Move {
            from,
            to: marker.to,
        })));
        true
    }
}

/// The square under a point over the board (see `pieces::cell_point`).
pub fn cell_under(point: Vec3) -> Option<Cell> {
    let x = (point.x + 3.0).round();
    let y = (point.z + 3.0).round();
    if !(x.is_finite() && y.is_finite()) {
        return None;
    }
    Cell::new(x as i32, y as i32)
}

/// Dragging a piece of the side to move selects it (its markers show) and starts a drag.
pub(super) fn on_piece_drag_start(
    drag: On<Pointer<DragStart>>,
    mut commands: Commands,
    mut table: ResMut<WavefieldTable>,
    looks: Res<Looks>,
    queue: Res<PlaybackQueue>,
    pieces: Query<&PieceView>,
) {
    if drag.button != PointerButton::Primary || !table.may_act(&queue) {
        return;
    }
    let Ok(piece) = pieces.get(drag.entity) else {
        return;
    };
    let p = *table.game.position().piece(piece.id);
    if !p.alive || p.owner != table.game.to_move() {
        return;
    }
    if table.selected != Some(p.id) {
        select(&mut commands, &looks, &mut table, p.cell);
    }
    table.start_drag(p.id);
}

/// The dragged piece follows the pointer, floating over the surface.
pub(super) fn on_piece_drag(
    drag: On<Pointer<Drag>>,
    mut table: ResMut<WavefieldTable>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    mut pieces: Query<(&PieceView, &mut Transform)>,
) {
    if drag.button != PointerButton::Primary {
        return;
    }
    let Ok((piece, mut transform)) = pieces.get_mut(drag.entity) else {
        return;
    };
    if table.drag.as_ref().map(|d| d.piece) != Some(piece.id) {
        return;
    }
    let point = point_under(&cameras, surface::BASE, drag.pointer_location.position);
    let cell = point.and_then(cell_under);
    table.drag_over(cell);
    if let Some(point) = point {
        let ground = cell.map_or(surface::BASE, |c| {
            surface::lift(table.anim.current()[c.index()])
        });
        transform.translation = Vec3::new(point.x, ground + DRAG_LIFT, point.z);
    }
}

/// Letting go plays the move to the square under the pointer (from where the piece was
/// let go), or puts the piece back.
pub(super) fn on_piece_drag_end(
    end: On<Pointer<DragEnd>>,
    mut table: ResMut<WavefieldTable>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    pieces: Query<(&PieceView, &Transform)>,
) {
    if end.button != PointerButton::Primary {
        return;
    }
    let Ok((piece, transform)) = pieces.get(end.entity) else {
        return;
    };
    if table.drag.as_ref().map(|d| d.piece) != Some(piece.id) {
        return;
    }
    let cell =
        point_under(&cameras, surface::BASE, end.pointer_location.position).and_then(cell_under);
    if table.end_drag(cell) {
        table.dropped = Some((piece.id, *transform));
    }
}

/// A cancelled pointer (a touch taken away) ends no drag by itself: the piece goes back.
pub(super) fn on_piece_cancel(
    cancel: On<Pointer<Cancel>>,
    mut table: ResMut<WavefieldTable>,
    pieces: Query<&PieceView>,
) {
    if let Ok(piece) = pieces.get(cancel.entity)
        && table.drag.as_ref().map(|d| d.piece) == Some(piece.id)
    {
        table.end_drag(None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::wavefield::pieces::cell_point;

    #[test]
    fn the_square_under_a_point_is_the_one_drawn_there() {
        for cell in Cell::all() {
            let at = cell_point(cell, surface::BASE);
            assert_eq!(cell_under(at), Some(cell));
            assert_eq!(cell_under(at + Vec3::new(0.45, 0.0, -0.45)), Some(cell));
        }
        assert_eq!(cell_under(Vec3::new(-3.6, 0.5, 0.0)), None);
        assert_eq!(cell_under(Vec3::new(0.0, 0.5, 3.6)), None);
    }
}
