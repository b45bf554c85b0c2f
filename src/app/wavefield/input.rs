//! Picking, dragging and hovering over the pieces, markers and cells (observers sit on
//! those entities), and the table's keys; what they ask goes to the table as
//! `TableInput`.

use bevy::ecs::system::SystemParam;

use super::drag::{field_after, move_note, move_request};

use super::*;
use crate::app::keymap::{Command, HINT, Keymap, Scope};
use crate::app::table::{Seats, TableInput, TableNote, Viewing};

pub(super) fn target_at(
    table: &WavefieldScene,
    targets: &Query<&Target>,
    cell: Cell,
) -> Option<Target> {
    table
        .markers
        .iter()
        .filter_map(|e| targets.get(*e).ok())
        .find(|t| t.to == cell)
        .copied()
}

/// What the pointer touched, read as a cell: a marker's square, a living piece's cell or
/// a board cell.
#[derive(SystemParam)]
pub(super) struct Picked<'w, 's> {
    played: Res<'w, WavefieldPlayed>,
    table: ResMut<'w, WavefieldScene>,
    queue: Res<'w, PlaybackQueue>,
    seats: Res<'w, Seats>,
    viewing: Res<'w, Viewing>,
    note: ResMut<'w, TableNote>,
    input: MessageWriter<'w, TableInput<Wavefield>>,
    pieces: Query<'w, 's, &'static PieceView>,
    targets: Query<'w, 's, &'static Target>,
    cells: Query<'w, 's, &'static BoardCell>,
}

impl Picked<'_, '_> {
    fn cell_of(&self, entity: Entity) -> Option<Cell> {
        if let Ok(target) = self.targets.get(entity) {
            Some(target.to)
        } else if let Ok(piece) = self.pieces.get(entity) {
            let p = self.played.game.position().piece(piece.id);
            p.alive.then_some(p.cell)
        } else if let Ok(cell) = self.cells.get(entity) {
            pieces::board_cell(cell.x, cell.y)
        } else {
            None
        }
    }

    fn may_act(&self, button: PointerButton) -> bool {
        button == PointerButton::Primary
            && self
                .seats
                .may_act(&self.played, &self.queue, self.viewing.0.is_some())
    }

    /// Plays the selected piece's move to a marker, or says why it can't be played.
    fn choose_target(&mut self, target: Target) {
        let Some(id) = self.table.selected else {
            return;
        };
        let from = self.played.game.position().piece(id).cell;
        match move_request(from, &target.marker()) {
            Ok(action) => {
                self.input.write(TableInput::Play(action));
            }
            Err(why) => self.note.0 = Some(why),
        }
    }
}

/// A click on a piece, a marker or a cell: a marker's square plays the move, a piece of
/// the side to move selects it, an opponent's piece shows its influence.
pub(super) fn on_pick(
    click: On<Pointer<Click>>,
    mut commands: Commands,
    looks: Res<Looks>,
    mut picked: Picked,
) {
    if !picked.may_act(click.button) {
        return;
    }
    if let Some(drag) = picked.table.drag.as_ref() {
        // The click that ends a drag lands on the dragged piece: it belongs to the drag.
        if picked
            .pieces
            .get(click.entity)
            .is_ok_and(|p| p.id == drag.piece)
        {
            return;
        }
        // A drag that never ended gives way to the click.
        picked.table.drag = None;
    }
    let Some(cell) = picked.cell_of(click.entity) else {
        return;
    };
    if let Some(target) = target_at(&picked.table, &picked.targets, cell) {
        picked.choose_target(target);
        return;
    }
    let played = &*picked.played;
    let table = &mut *picked.table;
    let selected_cell = table
        .selected
        .map(|id| played.game.position().piece(id).cell);
    match played.game.position().piece_at(cell).copied() {
        Some(_) if selected_cell == Some(cell) => clear_selection(&mut commands, table),
        Some(piece) if piece.owner == played.game.to_move() => {
            select(&mut commands, &looks, played, table, cell)
        }
        Some(piece) => {
            // The opponent's piece: show its influence, no markers.
            clear_selection(&mut commands, table);
            table.selected = Some(piece.id);
        }
        None => clear_selection(&mut commands, table),
    }
}

pub(super) fn on_target_over(
    over: On<Pointer<Over>>,
    played: Res<WavefieldPlayed>,
    mut table: ResMut<WavefieldScene>,
    targets: Query<&Target>,
) {
    let Ok(target) = targets.get(over.entity) else {
        return;
    };
    let Some(id) = table.selected else { return };
    let from = played.game.position().piece(id).cell;
    let marker = target.marker();
    // Preview the move: the field after it, played on a copy of the game.
    if marker.kind != MarkerKind::BlockedByBigHat {
        let mv = Move {
            from,
            to: marker.to,
        };
        table.preview = field_after(played.game.rules(), mv);
        table.hovered = table.preview.is_some().then_some(mv);
    }
    table.hover = move_note(from, &marker);
}

pub(super) fn on_target_out(_out: On<Pointer<Out>>, mut table: ResMut<WavefieldScene>) {
    table.preview = None;
    table.hovered = None;
    table.hover = None;
}

const fn command(id: &'static str, what: &'static str, key: KeyCode) -> Command {
    Command {
        id,
        what,
        scope: Scope::Game(crate::rules::GameId::Wavefield),
        default: key,
    }
}

pub const VIEW: Command = command("wavefield.view", "next view", KeyCode::KeyV);
pub const CHANNELS: [Command; 4] = [
    command("wavefield.channel_1", "channel 1", KeyCode::Digit1),
    command("wavefield.channel_2", "channel 2", KeyCode::Digit2),
    command("wavefield.channel_3", "channel 3", KeyCode::Digit3),
    command("wavefield.channel_4", "channel 4", KeyCode::Digit4),
];
pub const DICE: Command = command("wavefield.dice", "dice", KeyCode::KeyD);
pub const DEV: Command = command("wavefield.dev", "developer mode", KeyCode::KeyG);
pub const LEVEL: Command = command("wavefield.level", "computer level", KeyCode::KeyL);

/// Wave Field's own keys (its rescue hint is the table's hint key, see
/// `TableGame::OWN_H`), in the order the keys sheet lists them.
pub const KEYS: [Command; 8] = [
    VIEW,
    CHANNELS[0],
    CHANNELS[1],
    CHANNELS[2],
    CHANNELS[3],
    DICE,
    LEVEL,
    DEV,
];

pub(super) fn table_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    keymap: Res<Keymap>,
    seats: Res<Seats>,
    mut input: MessageWriter<TableInput<Wavefield>>,
) {
    let Some(keys) = keys else { return };
    let pairs = [
        (VIEW, Control::CycleView),
        (CHANNELS[0], Control::ToggleChannel(0)),
        (CHANNELS[1], Control::ToggleChannel(1)),
        (CHANNELS[2], Control::ToggleChannel(2)),
        (CHANNELS[3], Control::ToggleChannel(3)),
        (DICE, Control::Play(Action::Dice)),
        (DEV, Control::ToggleDev),
        (LEVEL, Control::ToggleLevel),
    ];
    for (command, control) in pairs {
        if keymap.just_pressed(&keys, command) {
            input.write(TableInput::Game(control));
        }
    }
    // The hint key is the rescue hint; Shift with it asks the table for the computer's
    // (see `TableGame::OWN_H`). In a lesson or puzzle it is the exercise's hint (the
    // rescue hint stays a button).
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let exercise = seats.mode == crate::app::PlayMode::Exercise;
    if keymap.just_pressed(&keys, HINT) && !(exercise || shift) {
        input.write(TableInput::Game(Control::Play(Action::Hint)));
    }
}
