//! Picking and dragging the men (observers on the men and the board's cells), the
//! selection and last-move markers, the promotion chooser's keys, and typing into the move
//! list.

use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::picking::events::{Click, Drag, DragEnd, DragStart, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use super::pieces::{HexLooks, HexPiece, rest_transform};
use super::{HexchessTable, Request};
use crate::app::Screen;
use crate::app::boards::{BoardCell, HEX_SIZE, hex_center};
use crate::app::camera::{MainCamera, point_under};
use crate::app::playback::PlaybackQueue;
use crate::app::table::{self as shared, TablePart};
use crate::rules::hexchess::{Cell, Kind, Move};

pub(super) fn on_cell_click(
    click: On<Pointer<Click>>,
    mut table: ResMut<HexchessTable>,
    cells: Query<&BoardCell>,
) {
    if click.button == PointerButton::Primary
        && let Some(cell) = cells
            .get(click.entity)
            .ok()
            .and_then(|c| Cell::from_axial(c.x, c.y))
    {
        table.input.push(Request::Pick(cell));
    }
}

/// The cell a man stands on.
fn man_cell(table: &HexchessTable, men: &Query<&HexPiece>, entity: Entity) -> Option<Cell> {
    men.get(entity)
        .ok()
        .and_then(|piece| table.game.rules().position().cell_of(piece.id))
}

pub(super) fn on_man_click(
    click: On<Pointer<Click>>,
    table: ResMut<HexchessTable>,
    men: Query<&HexPiece>,
) {
    press_man(table, &men, click.entity, click.button, Request::Pick);
}

pub(super) fn on_man_drag_start(
    drag: On<Pointer<DragStart>>,
    table: ResMut<HexchessTable>,
    men: Query<&HexPiece>,
) {
    press_man(table, &men, drag.entity, drag.button, Request::Grab);
}

/// A man clicked or grabbed with the primary button asks for `request` of its cell.
fn press_man(
    mut table: ResMut<HexchessTable>,
    men: &Query<&HexPiece>,
    entity: Entity,
    button: PointerButton,
    request: fn(Cell) -> Request,
) {
    if button == PointerButton::Primary
        && let Some(cell) = man_cell(&table, men, entity)
    {
        table.input.push(request(cell));
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
    table: Res<HexchessTable>,
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
    let grabbed = table.selected.is_some()
        && table.game.rules().position().cell_of(piece.id) == table.selected;
    if let (true, Some(point)) = (
        grabbed,
        point_under(&cameras, 0.0, drag.pointer_location.position),
    ) {
        transform.translation = point + Vec3::Y * 0.35;
    }
}

pub(super) fn on_man_drag_end(
    end: On<Pointer<DragEnd>>,
    mut table: ResMut<HexchessTable>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
) {
    if end.button == PointerButton::Primary {
        let cell = point_under(&cameras, 0.0, end.pointer_location.position).and_then(cell_at);
        table.input.push(Request::Drop(cell));
    }
}

/// Typing into the move list entry being edited.
pub(super) fn edit_keys(mut table: ResMut<HexchessTable>, mut typed: MessageReader<KeyboardInput>) {
    let mut requests = Vec::new();
    for key in typed.read() {
        let Some(index) = table.editing else { continue };
        if key.state != ButtonState::Pressed {
            continue;
        }
        match key.key_code {
            KeyCode::Enter | KeyCode::NumpadEnter => {
                requests.push(Request::Edit(index, table.edit_buffer.trim().to_string()));
            }
            KeyCode::Backspace => {
                table.edit_buffer.pop();
            }
            KeyCode::Escape => requests.push(Request::CancelEdit),
            _ => {
                if let Some(text) = &key.text {
                    let clean: String = text.chars().filter(|c| c.is_ascii_graphic()).collect();
                    if table.edit_buffer.len() + clean.len() <= 12 {
                        table.edit_buffer.push_str(&clean);
                    }
                }
            }
        }
    }
    table.input.extend(requests);
}

/// Q R B N answer the promotion chooser (the table's N, new game, stands aside meanwhile:
/// `TableGame::keys_taken`).
pub(super) fn table_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut table: ResMut<HexchessTable>,
) {
    let Some(keys) = keys else { return };
    if table.editing.is_some() || table.promotion.is_none() {
        return;
    }
    for (key, kind) in [
        (KeyCode::KeyQ, Kind::Queen),
        (KeyCode::KeyR, Kind::Rook),
        (KeyCode::KeyB, Kind::Bishop),
        (KeyCode::KeyN, Kind::Knight),
    ] {
        if keys.just_pressed(key) {
            table.input.push(Request::Promote(kind));
        }
    }
}

/// A click (or the end of a drag) on `cell`: a destination of the selected man plays it,
/// a man of the side to move selects it, anything else clears the selection.
pub(super) fn pick(
    commands: &mut Commands,
    looks: &HexLooks,
    table: &mut HexchessTable,
    queue: &PlaybackQueue,
    cell: Cell,
    grab: bool,
) {
    if !table.may_act(queue) || table.editing.is_some() {
        return;
    }
    let game = table.game.rules().game();
    if let Some(from) = table.selected
        && !grab
    {
        let candidates: Vec<Move> = game
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == from && m.to == cell)
            .collect();
        match candidates.as_slice() {
            [mv] => {
                table.requests.push_back(shared::Request::Play(*mv));
                return;
            }
            [_, _, ..] => {
                table.promotion = Some((from, cell));
                return;
            }
            [] => {}
        }
    }
    let mine = game
        .position()
        .piece_at(cell)
        .is_some_and(|p| p.color == game.turn());
    table.promotion = None;
    if mine && (grab || table.selected != Some(cell)) {
        table.selected = Some(cell);
    } else {
        table.selected = None;
    }
    refresh_markers(commands, looks, table);
}

fn marker(
    commands: &mut Commands,
    mesh: Handle<Mesh>,
    material: Handle<StandardMaterial>,
    cell: Cell,
    lift: f32,
) -> Entity {
    commands
        .spawn((
            TablePart,
            DespawnOnExit(Screen::Playing),
            Mesh3d(mesh),
            MeshMaterial3d(material),
            Pickable::IGNORE,
            Transform::from_translation(rest_transform(cell).translation + Vec3::Y * (0.01 + lift)),
        ))
        .id()
}

/// Draws the markers again: for a selected man its ring and its destinations (empty ones
/// shaded, captures ringed). The last move is the table's to mark (`last_move_marks`).
pub(super) fn refresh_markers(
    commands: &mut Commands,
    looks: &HexLooks,
    table: &mut HexchessTable,
) {
    for m in table.scene.markers.drain(..) {
        commands.entity(m).despawn();
    }
    let game = table.game.rules().game();
    // (mesh, material, cell, lift) of each marker.
    let mut wanted = Vec::new();
    if let Some(cell) = table.scene.selected {
        wanted.push((&looks.ring, &looks.selected_material, cell, 0.02));
        let mut seen = Vec::new();
        for mv in game.legal_moves().into_iter().filter(|m| m.from == cell) {
            if seen.contains(&mv.to) {
                continue;
            }
            seen.push(mv.to);
            wanted.push(if game.position().piece_at(mv.to).is_some() {
                (&looks.ring, &looks.capture_material, mv.to, 0.02)
            } else {
                (&looks.move_marker, &looks.move_material, mv.to, 0.01)
            });
        }
    }
    let markers = wanted
        .into_iter()
        .map(|(mesh, material, cell, lift)| {
            marker(commands, mesh.clone(), material.clone(), cell, lift)
        })
        .collect();
    table.scene.markers = markers;
}
