//! Dragging a piece: it follows the pointer over the surface; while it hovers a square it
//! can move to, the surface flows to the field after that move (and back to the real
//! field when it leaves); letting go there plays the move, from where it was let go.
//!
//! The pointer's observers only find the square under the pointer; what a drag does is in
//! [`WavefieldScene::start_drag`], [`WavefieldScene::drag_over`] and
//! [`WavefieldScene::end_drag`], which tests drive without a window.

use bevy::picking::events::{Cancel, Drag, DragEnd, DragStart, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use super::pieces::PieceView;
use super::surface::{self, to_f32};
use super::table::select;
use super::{Looks, Wavefield, WavefieldPlayed, WavefieldScene};
use crate::app::camera::{MainCamera, point_under};
use crate::app::playback::PlaybackQueue;
use crate::app::table::{Seats, TableInput, TableNote, Viewing};
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

/// The move to `marker`, or why it can't be played.
pub(super) fn move_request(from: Cell, marker: &Marker) -> Result<Action, String> {
    if marker.kind == MarkerKind::BlockedByBigHat {
        return Err(format!(
            "{from}-{} is blocked: your Big Hat would stand on hostile ground (W9)",
            marker.to
        ));
    }
    Ok(Action::Move(Move {
        from,
        to: marker.to,
    }))
}

impl WavefieldScene {
    /// Starts dragging `piece` of `played` if it is the side to move's; whether it
    /// started.
    pub fn start_drag(&mut self, played: &WavefieldPlayed, piece: PieceId) -> bool {
        let p = *played.game.position().piece(piece);
        if !p.alive || p.owner != played.game.to_move() || played.game.outcome().is_some() {
            return false;
        }
        self.drag = Some(Dragging {
            piece,
            from: p.cell,
            over: Some(p.cell),
            preview: None,
            targets: played.game.markers(p.cell),
        });
        true
    }

    /// The dragged piece is over `cell` (`None`: off the board): over a square it can
    /// move to, the surface previews the field after that move; anywhere else it shows
    /// the real field.
    pub fn drag_over(&mut self, played: &WavefieldPlayed, cell: Option<Cell>) {
        let scene = self;
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
                played.game.rules(),
                Move {
                    from: drag.from,
                    to: marker.to,
                },
            );
        }
    }

    /// Lets the dragged piece go over `cell`: over a square it can move to, the move to
    /// ask the table for, or why it can't be played; `None` when nothing is asked.
    pub fn end_drag(&mut self, cell: Option<Cell>) -> Option<Result<Action, String>> {
        let drag = self.drag.take()?;
        self.preview = None;
        self.hover = None;
        let marker = cell.and_then(|to| drag.targets.iter().find(|m| m.to == to).copied())?;
        Some(move_request(drag.from, &marker))
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
    played: Res<WavefieldPlayed>,
    mut table: ResMut<WavefieldScene>,
    looks: Res<Looks>,
    queue: Res<PlaybackQueue>,
    seats: Res<Seats>,
    viewing: Res<Viewing>,
    pieces: Query<&PieceView>,
) {
    if drag.button != PointerButton::Primary || !seats.may_act(&played, &queue, viewing.0.is_some())
    {
        return;
    }
    let Ok(piece) = pieces.get(drag.entity) else {
        return;
    };
    let p = *played.game.position().piece(piece.id);
    if !p.alive || p.owner != played.game.to_move() {
        return;
    }
    if table.selected != Some(p.id) {
        select(&mut commands, &looks, &played, &mut table, p.cell);
    }
    table.start_drag(&played, p.id);
}

/// The dragged piece follows the pointer, floating over the surface.
pub(super) fn on_piece_drag(
    drag: On<Pointer<Drag>>,
    played: Res<WavefieldPlayed>,
    mut table: ResMut<WavefieldScene>,
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
    table.drag_over(&played, cell);
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
    mut table: ResMut<WavefieldScene>,
    mut note: ResMut<TableNote>,
    mut input: MessageWriter<TableInput<Wavefield>>,
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
    match table.end_drag(cell) {
        Some(Ok(action)) => {
            input.write(TableInput::Play(action));
            table.dropped = Some((piece.id, *transform));
        }
        Some(Err(why)) => note.0 = Some(why),
        None => {}
    }
}

/// A cancelled pointer (a touch taken away) ends no drag by itself: the piece goes back.
pub(super) fn on_piece_cancel(
    cancel: On<Pointer<Cancel>>,
    mut table: ResMut<WavefieldScene>,
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
