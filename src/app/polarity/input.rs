//! Placing a stone by clicking a cell, the hover preview of the power's rays, and the
//! keys that choose the power. Observers sit on the board's cells.

use bevy::picking::events::{Click, Out, Over, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use super::pieces::PolarityLooks;
use super::preview::{legal_dots, preview};
use super::{PolarityTable, cell_of};
use crate::app::boards::BoardCell;
use crate::app::playback::PlaybackQueue;
use crate::app::table::Request;
use crate::rules::polarity::{Action, Piece};

pub(super) fn on_cell_click(
    click: On<Pointer<Click>>,
    mut table: ResMut<PolarityTable>,
    queue: Res<PlaybackQueue>,
    cells: Query<&BoardCell>,
) {
    if click.button != PointerButton::Primary || !table.may_act(&queue) {
        return;
    }
    if let Some(cell) = cells.get(click.entity).ok().and_then(cell_of) {
        let power = table.power_now();
        table
            .requests
            .push_back(Request::Play(Action { cell, power }));
    }
}

pub(super) fn on_cell_over(
    over: On<Pointer<Over>>,
    mut table: ResMut<PolarityTable>,
    cells: Query<&BoardCell>,
) {
    if let Ok(cell) = cells.get(over.entity) {
        table.hover(cell_of(cell));
    }
}

pub(super) fn on_cell_out(
    out: On<Pointer<Out>>,
    mut table: ResMut<PolarityTable>,
    cells: Query<&BoardCell>,
) {
    if let Ok(cell) = cells.get(out.entity)
        && table.hover_cell == cell_of(cell)
    {
        table.hover(None);
    }
}

/// Redraws the hover preview when the pointer, the choice or the game changed.
pub(super) fn refresh_preview(
    mut commands: Commands,
    mut table: ResMut<PolarityTable>,
    looks: Res<PolarityLooks>,
    queue: Res<PlaybackQueue>,
) {
    if !table.may_act(&queue) {
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
    table.scene.markers = legal_dots(&mut commands, &looks, table.game.rules());
    if let Some(cell) = table.hover_cell {
        let (markers, text, refused) = preview(
            &mut commands,
            &looks,
            table.game.rules(),
            cell,
            table.power_now(),
        );
        table.markers.extend(markers);
        table.hover_text = Some(text);
        table.hover_refused = refused;
    }
}

/// 1-4 choose plain, rook, bishop or queen; Tab switches push and pull.
pub(super) fn choice_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut table: ResMut<PolarityTable>,
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
}
