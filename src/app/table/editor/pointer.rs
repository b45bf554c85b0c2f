//! The pointer on the board while a position is set up: a press and a release where it
//! was pressed are a click on the cell pressed; a release elsewhere is a drag from it to
//! the cell under the pointer now. A press finds its cell from the point hit (pieces and
//! cells alike: the nearest cell centre); a drop from the pointer's ray to the board, as
//! the release's hits are those of the frame before, which a slow frame leaves behind.

use bevy::picking::events::{Pointer, Press, Release};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use super::{Editor, EditorAsk};
use crate::app::boards::{BoardCell, CELL_TOP};
use crate::app::camera::{MainCamera, point_under};
use crate::app::table::TableGame;
use crate::rules::Rules;

/// How far from a cell's centre (world units, on the board's plane) a hit still counts
/// as on that cell: beyond, it is off the board (a tray, the frame).
const REACH: f32 = 0.75;

/// How far the pointer moves (logical pixels) between press and release before it is a
/// drag rather than a click.
const DRAG_PIXELS: f32 = 8.0;

/// The cell under the pointer's press and where the pointer was, until its release: kept
/// apart from the [`Editor`], whose changes set its panel out anew.
#[derive(Resource, Default)]
pub(super) struct Pressed(Option<(String, Vec2)>);

pub(super) fn plugin<G: TableGame>(app: &mut App) {
    app.init_resource::<Pressed>()
        .add_observer(press::<G>)
        .add_observer(release::<G>);
}

/// The cell a hit at `point` is on: the nearest centre within [`REACH`].
pub fn nearest_cell<'a>(
    point: Vec3,
    cells: impl Iterator<Item = (&'a BoardCell, Vec3)>,
) -> Option<BoardCell> {
    cells
        .map(|(cell, centre)| (*cell, point.xz().distance(centre.xz())))
        .filter(|(_, d)| *d <= REACH)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(cell, _)| cell)
}

/// The engine's name of the cell under a hit, if it is a hit on the board (not the UI).
fn hit_cell<G: TableGame>(
    entity: Entity,
    original: Entity,
    point: Option<Vec3>,
    ui: &Query<(), With<Node>>,
    cells: &Query<(&BoardCell, &GlobalTransform)>,
) -> Option<String> {
    // Once per press: not again as it bubbles to the parents; never through the UI.
    if entity != original || ui.contains(entity) {
        return None;
    }
    let cell = nearest_cell(point?, cells.iter().map(|(c, t)| (c, t.translation())))?;
    G::cell_name(&cell)
}

fn press<G: TableGame>(
    press: On<Pointer<Press>>,
    editor: Option<Res<Editor>>,
    mut pressed: ResMut<Pressed>,
    ui: Query<(), With<Node>>,
    cells: Query<(&BoardCell, &GlobalTransform)>,
) {
    if editor.is_none_or(|e| e.game != <G::Rules as Rules>::GAME) {
        return;
    }
    if press.button != PointerButton::Primary {
        return;
    }
    let original = press.original_event_target();
    if let Some(cell) = hit_cell::<G>(press.entity, original, press.hit.position, &ui, &cells) {
        pressed.0 = Some((cell, press.pointer_location.position));
    }
}

fn release<G: TableGame>(
    release: On<Pointer<Release>>,
    editor: Option<Res<Editor>>,
    mut pressed: ResMut<Pressed>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    cells: Query<(&BoardCell, &GlobalTransform)>,
    mut asks: MessageWriter<EditorAsk>,
) {
    if editor.is_none_or(|e| e.game != <G::Rules as Rules>::GAME) {
        return;
    }
    if release.button != PointerButton::Primary {
        return;
    }
    // The release reaches every entity hovered; the first answers.
    let Some((from, at)) = pressed.0.take() else {
        return;
    };
    let now = release.pointer_location.position;
    if now.distance(at) <= DRAG_PIXELS {
        asks.write(EditorAsk::Cell(from));
        return;
    }
    let to = point_under(&cameras, CELL_TOP, now)
        .and_then(|point| nearest_cell(point, cells.iter().map(|(c, t)| (c, t.translation()))))
        .and_then(|cell| G::cell_name(&cell));
    match to {
        Some(to) if to != from => {
            asks.write(EditorAsk::Drag(from, to));
        }
        Some(_) => {
            asks.write(EditorAsk::Cell(from));
        }
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hit_is_on_the_nearest_cell_within_reach() {
        let cells = [
            (BoardCell { x: 0, y: 0 }, Vec3::new(0.0, 0.0, 0.0)),
            (BoardCell { x: 1, y: 0 }, Vec3::new(1.0, 0.0, 0.0)),
        ];
        let at = |p: Vec3| nearest_cell(p, cells.iter().map(|(c, v)| (c, *v)));
        // A piece's side, high over its cell, is still on it.
        assert_eq!(at(Vec3::new(0.3, 0.8, 0.1)), Some(cells[0].0));
        assert_eq!(at(Vec3::new(0.7, 0.0, 0.0)), Some(cells[1].0));
        // The frame beside the board is on none.
        assert_eq!(at(Vec3::new(-0.9, 0.0, 0.0)), None);
    }
}
