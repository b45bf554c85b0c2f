//! Picking and dragging the men (observers on the men and the board's cells), the
//! promotion chooser's keys, and typing into the move list while it has the input focus;
//! what they ask goes to the table as `TableInput`.

use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::picking::events::{Click, Drag, DragEnd, DragStart, Out, Over, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use super::pieces::HexPiece;
use super::{Control, Hexchess, HexchessPlayed, HexchessScene};
use crate::app::boards::{BoardCell, HEX_SIZE, hex_center};
use crate::app::camera::{MainCamera, point_under};
use crate::app::playback::PlaybackQueue;
use crate::app::table::TableInput;
use crate::rules::hexchess::{Cell, Kind};

type Input<'w> = MessageWriter<'w, TableInput<Hexchess>>;

pub(super) fn on_cell_click(click: On<Pointer<Click>>, cells: Query<&BoardCell>, mut input: Input) {
    if click.button == PointerButton::Primary
        && let Some(cell) = cells
            .get(click.entity)
            .ok()
            .and_then(|c| Cell::from_axial(c.x, c.y))
    {
        input.write(TableInput::Game(Control::Pick(cell)));
    }
}

/// The cell under the pointer, for the preview of the selected man's move there.
pub(super) fn on_cell_over(
    over: On<Pointer<Over>>,
    cells: Query<&BoardCell>,
    mut scene: ResMut<HexchessScene>,
) {
    if let Some(cell) = cells
        .get(over.entity)
        .ok()
        .and_then(|c| Cell::from_axial(c.x, c.y))
    {
        scene.hover_cell = Some(cell);
    }
}

pub(super) fn on_cell_out(
    out: On<Pointer<Out>>,
    cells: Query<&BoardCell>,
    mut scene: ResMut<HexchessScene>,
) {
    let cell = cells
        .get(out.entity)
        .ok()
        .and_then(|c| Cell::from_axial(c.x, c.y));
    if cell.is_some() && scene.hover_cell == cell {
        scene.hover_cell = None;
    }
}

/// A man under the pointer stands on the cell hovered (a capture's target).
pub(super) fn on_man_over(
    over: On<Pointer<Over>>,
    played: Res<HexchessPlayed>,
    men: Query<&HexPiece>,
    mut scene: ResMut<HexchessScene>,
) {
    if let Ok(piece) = men.get(over.entity) {
        scene.hover_cell = played.game.rules().position().cell_of(piece.id);
    }
}

pub(super) fn on_man_out(
    out: On<Pointer<Out>>,
    played: Res<HexchessPlayed>,
    men: Query<&HexPiece>,
    mut scene: ResMut<HexchessScene>,
) {
    let cell = men
        .get(out.entity)
        .ok()
        .and_then(|p| played.game.rules().position().cell_of(p.id));
    if cell.is_some() && scene.hover_cell == cell {
        scene.hover_cell = None;
    }
}

pub(super) fn on_man_click(
    click: On<Pointer<Click>>,
    played: Res<HexchessPlayed>,
    men: Query<&HexPiece>,
    input: Input,
) {
    press_man(
        &played,
        &men,
        click.entity,
        click.button,
        Control::Pick,
        input,
    );
}

pub(super) fn on_man_drag_start(
    drag: On<Pointer<DragStart>>,
    played: Res<HexchessPlayed>,
    men: Query<&HexPiece>,
    input: Input,
) {
    press_man(
        &played,
        &men,
        drag.entity,
        drag.button,
        Control::Grab,
        input,
    );
}

/// A man clicked or grabbed with the primary button asks for `control` of its cell.
fn press_man(
    played: &HexchessPlayed,
    men: &Query<&HexPiece>,
    entity: Entity,
    button: PointerButton,
    control: fn(Cell) -> Control,
    mut input: Input,
) {
    if button == PointerButton::Primary
        && let Some(cell) = men
            .get(entity)
            .ok()
            .and_then(|piece| played.game.rules().position().cell_of(piece.id))
    {
        input.write(TableInput::Game(control(cell)));
    }
}

/// The cell whose centre is nearest `point`, if it is on the board.
fn cell_at(point: Vec3) -> Option<Cell> {
    Cell::all()
        .map(|c| {
            let (q, r) = c.axial();
            (c, hex_center(q, r).distance(point))
        })
        .filter(|(_, d)| *d < HEX_SIZE)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(c, _)| c)
}

/// The grabbed man follows the pointer, lifted over the board.
pub(super) fn on_man_drag(
    drag: On<Pointer<Drag>>,
    played: Res<HexchessPlayed>,
    mut scene: ResMut<HexchessScene>,
    queue: Res<PlaybackQueue>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    mut men: Query<(&HexPiece, &mut Transform)>,
) {
    if drag.button != PointerButton::Primary || !queue.is_idle() {
        return;
    }
    let Ok((piece, mut transform)) = men.get_mut(drag.entity) else {
        return;
    };
    let grabbed = scene.selected.is_some()
        && played.game.rules().position().cell_of(piece.id) == scene.selected;
    if let (true, Some(point)) = (
        grabbed,
        point_under(&cameras, 0.0, drag.pointer_location.position),
    ) {
        transform.translation = point + Vec3::Y * 0.35;
        // The man carried hides the cell under it: the preview follows the point.
        let over = cell_at(point);
        if scene.hover_cell != over {
            scene.hover_cell = over;
        }
    }
}

pub(super) fn on_man_drag_end(
    end: On<Pointer<DragEnd>>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    mut input: Input,
) {
    if end.button == PointerButton::Primary {
        let cell = point_under(&cameras, 0.0, end.pointer_location.position).and_then(cell_at);
        input.write(TableInput::Game(Control::Drop(cell)));
    }
}

/// Typing into the move list entry being edited (the entry has the input focus, so the
/// shared keys stand aside): the characters go into the entry, Enter applies it, Escape
/// cancels.
pub(super) fn edit_keys(
    mut scene: ResMut<HexchessScene>,
    mut typed: MessageReader<KeyboardInput>,
    mut input: Input,
) {
    for key in typed.read() {
        let Some(index) = scene.editing else { continue };
        if key.state != ButtonState::Pressed {
            continue;
        }
        match key.key_code {
            KeyCode::Enter | KeyCode::NumpadEnter => {
                let text = scene.edit_buffer.trim().to_string();
                input.write(TableInput::Game(Control::Edit(index, text)));
            }
            KeyCode::Backspace => {
                scene.edit_buffer.pop();
            }
            KeyCode::Escape => {
                input.write(TableInput::Game(Control::CancelEdit));
            }
            _ => {
                if let Some(text) = &key.text {
                    let clean: String = text.chars().filter(|c| c.is_ascii_graphic()).collect();
                    if scene.edit_buffer.len() + clean.len() <= 12 {
                        scene.edit_buffer.push_str(&clean);
                    }
                }
            }
        }
    }
}

/// Q R B N answer the promotion chooser (the table's N, new game, stands aside meanwhile:
/// `TableGame::keys_taken`).
pub(super) fn table_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    scene: Res<HexchessScene>,
    mut input: Input,
) {
    let Some(keys) = keys else { return };
    if scene.editing.is_some() || scene.promotion.is_none() {
        return;
    }
    for (key, kind) in [
        (KeyCode::KeyQ, Kind::Queen),
        (KeyCode::KeyR, Kind::Rook),
        (KeyCode::KeyB, Kind::Bishop),
        (KeyCode::KeyN, Kind::Knight),
    ] {
        if keys.just_pressed(key) {
            input.write(TableInput::Game(Control::Promote(kind)));
        }
    }
}
