//! Placing a stone by clicking a cell, the hover preview of the power's rays, and the
//! keys that choose the power. Observers sit on the board's cells; what is asked goes to
//! the table as `TableInput`.

use bevy::picking::events::{Click, Out, Over, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use super::pieces::PolarityLooks;
use super::preview::{legal_dots, preview};
use super::{Control, Polarity, PolarityPlayed, PolarityScene, cell_of};
use crate::app::boards::BoardCell;
use crate::app::keymap::{Command, Keymap, Scope};
use crate::app::playback::PlaybackQueue;
use crate::app::table::{Seats, TableInput, Viewing};
use crate::rules::polarity::{Action, Piece};

pub(super) fn on_cell_click(
    click: On<Pointer<Click>>,
    played: Res<PolarityPlayed>,
    scene: Res<PolarityScene>,
    cells: Query<&BoardCell>,
    mut input: MessageWriter<TableInput<Polarity>>,
) {
    if click.button != PointerButton::Primary {
        return;
    }
    if let Some(cell) = cells.get(click.entity).ok().and_then(cell_of) {
        let power = scene.power_now(&played);
        input.write(TableInput::Play(Action { cell, power }));
    }
}

pub(super) fn on_cell_over(
    over: On<Pointer<Over>>,
    mut scene: ResMut<PolarityScene>,
    cells: Query<&BoardCell>,
) {
    if let Ok(cell) = cells.get(over.entity) {
        scene.hover(cell_of(cell));
    }
}

pub(super) fn on_cell_out(
    out: On<Pointer<Out>>,
    mut scene: ResMut<PolarityScene>,
    cells: Query<&BoardCell>,
) {
    if let Ok(cell) = cells.get(out.entity)
        && scene.hover_cell == cell_of(cell)
    {
        scene.hover(None);
    }
}

/// Redraws the hover preview when the pointer, the choice or the game changed.
pub(super) fn refresh_preview(
    mut commands: Commands,
    played: Res<PolarityPlayed>,
    mut scene: ResMut<PolarityScene>,
    looks: Res<PolarityLooks>,
    queue: Res<PlaybackQueue>,
    seats: Res<Seats>,
    viewing: Res<Viewing>,
) {
    if !seats.may_act(&played, &queue, viewing.0.is_some()) {
        if !scene.markers.is_empty() || scene.hover_text.is_some() {
            for e in scene.markers.drain(..) {
                commands.entity(e).despawn();
            }
            scene.hover_text = None;
        }
        // Drawn again as soon as the player may act.
        if !scene.preview_dirty {
            scene.preview_dirty = true;
        }
        return;
    }
    if !scene.preview_dirty {
        return;
    }
    scene.preview_dirty = false;
    for e in scene.markers.drain(..) {
        commands.entity(e).despawn();
    }
    scene.hover_text = None;
    scene.markers = legal_dots(&mut commands, &looks, played.game.rules());
    if let Some(cell) = scene.hover_cell {
        let (markers, text, refused) = preview(
            &mut commands,
            &looks,
            played.game.rules(),
            cell,
            scene.power_now(&played),
        );
        scene.markers.extend(markers);
        scene.hover_text = Some(text);
        scene.hover_refused = refused;
    }
}

const fn command(id: &'static str, what: &'static str, key: KeyCode) -> Command {
    Command {
        id,
        what,
        scope: Scope::Game(crate::rules::GameId::Polarity),
        default: key,
    }
}

const PLAIN: Command = command("polarity.plain", "plain", KeyCode::Digit1);
const ROOK: Command = command("polarity.rook", "rook", KeyCode::Digit2);
const BISHOP: Command = command("polarity.bishop", "bishop", KeyCode::Digit3);
const QUEEN: Command = command("polarity.queen", "queen", KeyCode::Digit4);
const PUSH_PULL: Command = command("polarity.push_pull", "push / pull", KeyCode::KeyX);

/// Polarity's own keys, in the order the help and the keys sheet list them.
pub const KEYS: [Command; 5] = [PLAIN, ROOK, BISHOP, QUEEN, PUSH_PULL];

/// 1-4 choose plain, rook, bishop or queen; X switches push and pull (Tab is the
/// keyboard focus's and the board cursor's).
pub(super) fn choice_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    keymap: Res<Keymap>,
    mut input: MessageWriter<TableInput<Polarity>>,
) {
    let Some(keys) = keys else { return };
    for (command, pad, piece) in [
        (PLAIN, KeyCode::Numpad1, None),
        (ROOK, KeyCode::Numpad2, Some(Piece::Rook)),
        (BISHOP, KeyCode::Numpad3, Some(Piece::Bishop)),
        (QUEEN, KeyCode::Numpad4, Some(Piece::Queen)),
    ] {
        // The number pad's digit too, while the command keeps its default.
        let pad = keymap.is_default(command) && keys.just_pressed(pad);
        if keymap.just_pressed(&keys, command) || pad {
            input.write(TableInput::Game(Control::Choose(piece)));
        }
    }
    if keymap.just_pressed(&keys, PUSH_PULL) {
        input.write(TableInput::Game(Control::ToggleMode));
    }
}
