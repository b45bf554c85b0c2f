//! Picking and hovering over the board, the hover preview, the table's keys.

use super::*;

pub(super) fn on_click(
    click: On<Pointer<Click>>,
    mut commands: Commands,
    table: Option<ResMut<PolarityTable>>,
    looks: Option<Res<PolarityLooks>>,
    mut queue: ResMut<PlaybackQueue>,
    cells: Query<&BoardCell>,
) {
    let (Some(mut table), Some(looks)) = (table, looks) else {
        return;
    };
    let Ok(board_cell) = cells.get(click.entity) else {
        return;
    };
    if click.button != PointerButton::Primary
        || !queue.is_idle()
        || !table.human_to_move()
        || table.game.outcome().is_some()
    {
        return;
    }
    let Some(cell) = cell_of(board_cell) else {
        return;
    };
    let action = Action {
        cell,
        power: table.power_now(),
    };
    if let Err(e) = play_action(&mut commands, &looks, &mut table, &mut queue, action) {
        table.message = Some(e);
    }
}

pub(super) fn cell_of(board_cell: &BoardCell) -> Option<Cell> {
    let x = u8::try_from(board_cell.x).ok()?;
    let y = u8::try_from(board_cell.y).ok()?;
    Cell::new(x, y)
}

pub(super) fn on_hover(
    over: On<Pointer<Over>>,
    table: Option<ResMut<PolarityTable>>,
    cells: Query<&BoardCell>,
) {
    if let (Some(mut table), Ok(cell)) = (table, cells.get(over.entity)) {
        table.hover_cell = cell_of(cell);
        table.preview_dirty = true;
    }
}

pub(super) fn on_hover_end(
    out: On<Pointer<Out>>,
    table: Option<ResMut<PolarityTable>>,
    cells: Query<&BoardCell>,
) {
    if let (Some(mut table), Ok(cell)) = (table, cells.get(out.entity))
        && table.hover_cell == cell_of(cell)
    {
        table.hover_cell = None;
        table.preview_dirty = true;
    }
}

/// Redraws the hover preview when the pointer, the choice or the game changed.
pub(super) fn refresh_preview(
    mut commands: Commands,
    mut table: ResMut<PolarityTable>,
    looks: Res<PolarityLooks>,
    queue: Res<PlaybackQueue>,
) {
    let show = queue.is_idle() && table.human_to_move() && table.game.outcome().is_none();
    if !show {
        if !table.markers.is_empty() || table.hover_text.is_some() {
            for e in table.markers.drain(..) {
                commands.entity(e).despawn();
            }
            table.hover_text = None;
        }
        // Drawn again as soon as the player may act.
        if !table.preview_dirty {
            table.preview_dirty = true;
        }
        return;
    }
    if !table.preview_dirty {
        return;
    }
    table.preview_dirty = false;
    for e in table.markers.drain(..) {
        commands.entity(e).despawn();
    }
    table.hover_text = None;
    table.markers = legal_dots(&mut commands, &looks, &table.game);
    if let Some(cell) = table.hover_cell {
        let (markers, text) = preview(&mut commands, &looks, &table.game, cell, table.power_now());
        table.markers.extend(markers);
        table.hover_text = Some(text);
    }
}

pub(super) fn table_keys(
    mut commands: Commands,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut table: ResMut<PolarityTable>,
    looks: Res<PolarityLooks>,
    mut queue: ResMut<PlaybackQueue>,
    stale: Query<Entity, With<TablePart>>,
) {
    let Some(keys) = keys else { return };
    for (key, piece) in [
        (KeyCode::Digit1, None),
        (KeyCode::Digit2, Some(Piece::Rook)),
        (KeyCode::Digit3, Some(Piece::Bishop)),
        (KeyCode::Digit4, Some(Piece::Queen)),
        (KeyCode::Numpad1, None),
        (KeyCode::Numpad2, Some(Piece::Rook)),
        (KeyCode::Numpad3, Some(Piece::Bishop)),
        (KeyCode::Numpad4, Some(Piece::Queen)),
    ] {
        if keys.just_pressed(key) {
            table.choose_piece(piece);
        }
    }
    if keys.just_pressed(KeyCode::Tab) {
        table.choice.mode = table.choice.mode.other();
        table.preview_dirty = true;
    }
    let undo = keys.just_pressed(KeyCode::KeyU) || keys.just_pressed(KeyCode::Backspace);
    if undo && !table.history.is_empty() {
        // Against the computer, take back its answer too.
        let plies = if table.mode == PlayMode::VsComputer && table.game.to_move() == Side::One {
            2
        } else {
            1
        };
        for _ in 0..plies.min(table.history.len()) {
            if let Some(game) = table.history.pop() {
                table.game = game;
                table.moves.pop();
            }
        }
        table.message = None;
        respawn(&mut commands, &looks, &mut table, &mut queue, stale.iter());
    } else if keys.just_pressed(KeyCode::KeyN) {
        table.game = Game::new(table.rng.random());
        table.history.clear();
        table.moves.clear();
        table.message = None;
        respawn(&mut commands, &looks, &mut table, &mut queue, stale.iter());
    }
}
