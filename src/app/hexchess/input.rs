//! Picking and dragging the men, typing into the move list, the table's keys.

use super::*;

/// The cell a clicked entity stands for: a man's cell or a board cell.
pub(super) fn picked_cell(
    entity: Entity,
    table: &HexchessTable,
    pieces: &Query<&HexPiece>,
    cells: &Query<&BoardCell>,
) -> Option<Cell> {
    if let Ok(piece) = pieces.get(entity) {
        return table.session.game().position().cell_of(piece.id);
    }
    cells
        .get(entity)
        .ok()
        .and_then(|c| Cell::from_axial(c.x, c.y))
}

pub(super) fn on_click(
    click: On<Pointer<Click>>,
    table: Option<ResMut<HexchessTable>>,
    pieces: Query<&HexPiece>,
    cells: Query<&BoardCell>,
    entries: Query<&MoveEntry>,
    choices: Query<&PromotionChoice>,
) {
    let Some(mut table) = table else { return };
    if click.button != PointerButton::Primary {
        return;
    }
    if let Ok(entry) = entries.get(click.entity) {
        table.requests.push(Request::BeginEdit(entry.index));
    } else if let Ok(choice) = choices.get(click.entity) {
        table.requests.push(Request::Promote(choice.0));
    } else if let Some(cell) = picked_cell(click.entity, &table, &pieces, &cells) {
        table.requests.push(Request::Pick(cell));
    }
}

pub(super) fn on_drag_start(
    drag: On<Pointer<DragStart>>,
    table: Option<ResMut<HexchessTable>>,
    pieces: Query<&HexPiece>,
    cells: Query<&BoardCell>,
) {
    let Some(mut table) = table else { return };
    if drag.button != PointerButton::Primary || pieces.get(drag.entity).is_err() {
        return;
    }
    if let Some(cell) = picked_cell(drag.entity, &table, &pieces, &cells) {
        table.requests.push(Request::Grab(cell));
    }
}

/// The point of the board plane under a viewport position.
pub(super) fn board_point(
    cameras: &Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    at: Vec2,
) -> Option<Vec3> {
    let (camera, transform) = cameras.single().ok()?;
    let ray = camera.viewport_to_world(transform, at).ok()?;
    let distance = ray.intersect_plane(Vec3::ZERO, InfinitePlane3d::new(Vec3::Y))?;
    Some(ray.get_point(distance))
}

/// The cell whose centre is nearest `point`, if it is on the board.
pub(super) fn cell_at(point: Vec3) -> Option<Cell> {
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
pub(super) fn on_drag(
    drag: On<Pointer<Drag>>,
    table: Option<Res<HexchessTable>>,
    queue: Res<PlaybackQueue>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    mut men: Query<(&HexPiece, &mut Transform)>,
) {
    let Some(table) = table else { return };
    if drag.button != PointerButton::Primary || !queue.is_idle() {
        return;
    }
    let Ok((piece, mut transform)) = men.get_mut(drag.entity) else {
        return;
    };
    let grabbed = table.selected.is_some()
        && table.session.game().position().cell_of(piece.id) == table.selected;
    if let (true, Some(point)) = (
        grabbed,
        board_point(&cameras, drag.pointer_location.position),
    ) {
        transform.translation = point + Vec3::Y * 0.35;
    }
}

pub(super) fn on_drag_end(
    end: On<Pointer<DragEnd>>,
    table: Option<ResMut<HexchessTable>>,
    pieces: Query<&HexPiece>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
) {
    let Some(mut table) = table else { return };
    if end.button != PointerButton::Primary || pieces.get(end.entity).is_err() {
        return;
    }
    let cell = board_point(&cameras, end.pointer_location.position).and_then(cell_at);
    table.requests.push(Request::Drop(cell));
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
    table.requests.extend(requests);
}

/// N new game, U undo; Q R B N answer the promotion chooser.
pub(super) fn table_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut table: ResMut<HexchessTable>,
) {
    let Some(keys) = keys else { return };
    if table.editing.is_some() {
        return;
    }
    if table.promotion.is_some() {
        for (key, kind) in [
            (KeyCode::KeyQ, Kind::Queen),
            (KeyCode::KeyR, Kind::Rook),
            (KeyCode::KeyB, Kind::Bishop),
            (KeyCode::KeyN, Kind::Knight),
        ] {
            if keys.just_pressed(key) {
                table.requests.push(Request::Promote(kind));
            }
        }
        return;
    }
    if keys.just_pressed(KeyCode::KeyU) || keys.just_pressed(KeyCode::Backspace) {
        table.requests.push(Request::Undo);
    } else if keys.just_pressed(KeyCode::KeyN) {
        table.requests.push(Request::NewGame);
    }
}

/// A click (or the end of a drag) on `cell`: a destination of the selected man plays it,
/// a man of the side to move selects it, anything else clears the selection.
pub(super) fn pick(
    commands: &mut Commands,
    looks: &HexLooks,
    table: &mut HexchessTable,
    queue: &mut PlaybackQueue,
    cell: Cell,
    grab: bool,
) {
    if !queue.is_idle() || !table.human_to_move() || table.over() || table.editing.is_some() {
        return;
    }
    let game = table.session.game();
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
                let mv = *mv;
                if let Err(e) = play_move(commands, looks, table, queue, mv) {
                    table.message = Some(e);
                }
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
    if mine && (grab || table.selected != Some(cell)) {
        table.promotion = None;
        select(commands, looks, table, cell);
    } else {
        deselect(commands, looks, table);
    }
}
