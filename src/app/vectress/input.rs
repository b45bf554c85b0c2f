//! Vectress's pointer and keys: a magnet clicked or dragged asks for its selection, a
//! target clicked or dropped on plays its move, a target hovered shows its first wave's
//! forces and why a red one is refused; F asks for pull-frees. Observers sit on the
//! magnets and targets themselves; everything asked goes to the table as `TableInput`.

use bevy::picking::events::{Click, DragDrop, DragStart, Out, Over, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use super::forces::{ForceLine, ForceLooks, ForcePreview, spawn_previews};
use super::pieces::Magnet;
use super::{Control, Vectress, VectressPlayed, VectressScene};
use crate::app::keymap::{Command, Keymap, Scope};
use crate::app::table::TableInput;
use crate::rules::vectress::Action;

/// A destination marker: clicking it plays the action.
#[derive(Component, Clone, Debug)]
pub struct Target {
    pub action: Option<Action>,
    pub reason: Option<String>,
    /// What the move's first wave would set off, shown while the target is hovered.
    pub forces: Vec<ForceLine>,
}

/// Clicking a magnet selects it; clicking it again deselects.
pub(super) fn on_magnet_click(
    click: On<Pointer<Click>>,
    played: Res<VectressPlayed>,
    magnets: Query<&Magnet>,
    mut input: MessageWriter<TableInput<Vectress>>,
) {
    if click.button != PointerButton::Primary {
        return;
    }
    if let Ok(magnet) = magnets.get(click.entity)
        && let Some(piece) = played.game.position().piece(magnet.id)
    {
        input.write(TableInput::Game(Control::Select(piece.cell)));
    }
}

/// Dragging a magnet selects it (its targets light up) ...
pub(super) fn on_magnet_drag(
    drag: On<Pointer<DragStart>>,
    played: Res<VectressPlayed>,
    scene: Res<VectressScene>,
    magnets: Query<&Magnet>,
    mut input: MessageWriter<TableInput<Vectress>>,
) {
    if drag.button != PointerButton::Primary {
        return;
    }
    if let Ok(magnet) = magnets.get(drag.entity)
        && let Some(piece) = played.game.position().piece(magnet.id)
        && scene.selected != Some(piece.cell)
    {
        input.write(TableInput::Game(Control::Select(piece.cell)));
    }
}

/// ... and dropping it on a lit target plays that move, as clicking the target does.
pub(super) fn on_target_drop(
    drop: On<Pointer<DragDrop>>,
    magnets: Query<&Magnet>,
    targets: Query<&Target>,
    input: MessageWriter<TableInput<Vectress>>,
) {
    if drop.button == PointerButton::Primary && magnets.get(drop.dropped).is_ok() {
        play_target(input, targets.get(drop.entity).ok());
    }
}

pub(super) fn on_target_click(
    click: On<Pointer<Click>>,
    targets: Query<&Target>,
    input: MessageWriter<TableInput<Vectress>>,
) {
    if click.button == PointerButton::Primary {
        play_target(input, targets.get(click.entity).ok());
    }
}

/// A lit target asks the table to play its move (on a person's turn, the table decides).
fn play_target(mut input: MessageWriter<TableInput<Vectress>>, target: Option<&Target>) {
    if let Some(Target {
        action: Some(action),
        ..
    }) = target
    {
        input.write(TableInput::Play(*action));
    }
}

pub(super) fn on_target_over(
    over: On<Pointer<Over>>,
    mut commands: Commands,
    mut scene: ResMut<VectressScene>,
    targets: Query<(&Target, &Transform)>,
    force_looks: Option<Res<ForceLooks>>,
) {
    if let Ok((target, at)) = targets.get(over.entity) {
        scene.hover = target.reason.clone();
        scene.hovered = target.action;
        if let Some(looks) = force_looks {
            spawn_previews(
                &mut commands,
                &looks,
                over.entity,
                at.translation,
                &target.forces,
            );
        }
    }
}

pub(super) fn on_target_out(
    out: On<Pointer<Out>>,
    mut commands: Commands,
    mut scene: ResMut<VectressScene>,
    children: Query<&Children>,
    previews: Query<(), With<ForcePreview>>,
) {
    scene.hover = None;
    scene.hovered = None;
    for child in children.iter_descendants(out.entity) {
        if previews.contains(child) {
            commands.entity(child).despawn();
        }
    }
}

/// Switches the selected magnet's targets between body moves and pull-frees (F).
pub const PULL_FREE: Command = Command {
    id: "vectress.pull_free",
    what: "pull free",
    scope: Scope::Game(crate::rules::GameId::Vectress),
    default: KeyCode::KeyF,
};

/// F switches the selected magnet's targets between body moves and pull-frees.
pub(super) fn pull_free_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    keymap: Res<Keymap>,
    mut input: MessageWriter<TableInput<Vectress>>,
) {
    if keys.is_some_and(|k| keymap.just_pressed(&k, PULL_FREE)) {
        input.write(TableInput::Game(Control::TogglePullFree));
    }
}
