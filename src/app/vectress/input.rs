//! Choosing a move: a selected magnet lights its targets (green body moves, yellow
//! pull-frees with F, red refused ones that say why on hover); clicking or dropping on a
//! target plays it. Observers sit on the magnets and targets themselves.

use bevy::picking::events::{Click, DragDrop, DragStart, Out, Over, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use super::VectressTable;
use super::forces::{ForceLine, ForceLooks, ForcePreview, first_wave_forces, spawn_previews};
use super::pieces::{Magnet, MagnetLooks, rest_transform};
use crate::app::Screen;
use crate::app::playback::PlaybackQueue;
use crate::app::table::{Request, TablePart};
use crate::rules::vectress::{Action, Cell, Frame, Illegal, IllegalAction, Side};

/// A destination marker: clicking it plays the action.
#[derive(Component, Clone, Debug)]
pub struct Target {
    pub action: Option<Action>,
    pub reason: Option<String>,
    /// What the move's first wave would set off, shown while the target is hovered.
    pub forces: Vec<ForceLine>,
}

pub(super) fn clear_markers(commands: &mut Commands, table: &mut VectressTable) {
    for marker in table.markers.drain(..) {
        commands.entity(marker).despawn();
    }
    table.hover = None;
}

/// Lights the legal destinations of the piece on `cell`, and the illegal ones with why.
pub(super) fn select(
    commands: &mut Commands,
    looks: &MagnetLooks,
    table: &mut VectressTable,
    cell: Cell,
) {
    clear_markers(commands, table);
    let Some(piece) = table.game.position().at(cell) else {
        table.selected = None;
        return;
    };
    table.selected = Some(cell);
    let spawn_marker =
        |commands: &mut Commands, at: Cell, material: Handle<StandardMaterial>, target: Target| {
            commands
                .spawn((
                    target,
                    TablePart,
                    DespawnOnExit(Screen::Playing),
                    Mesh3d(looks.marker.clone()),
                    MeshMaterial3d(material),
                    Transform::from_translation(
                        rest_transform(at, Side::White).translation + Vec3::Y * 0.02,
                    ),
                ))
                .observe(on_target_click)
                .observe(on_target_drop)
                .observe(on_target_over)
                .observe(on_target_out)
                .id()
        };
    let mut markers = vec![spawn_marker(
        commands,
        cell,
        looks.selected.clone(),
        Target {
            action: None,
            reason: None,
            forces: Vec::new(),
        },
    )];
    let bonded = table.game.position().is_bonded(piece.id);
    let pull = table.pull_free && bonded;
    for frame in piece.kind.moves() {
        let dir = Frame::to_board(*frame, piece.owner);
        for n in 1..=2 {
            let Some(to) = cell.step(dir, n) else { break };
            let action = if pull {
                Action::PullFree { from: cell, to }
            } else {
                Action::Move { from: cell, to }
            };
            let mut probe = table.game.rules().clone();
            let before = *probe.position();
            let (material, target) = match probe.play(action) {
                Ok(resolution) => (
                    if pull {
                        looks.marker_pull.clone()
                    } else {
                        looks.marker_move.clone()
                    },
                    Target {
                        action: Some(action),
                        reason: None,
                        forces: first_wave_forces(&before, &resolution),
                    },
                ),
                Err(e) => (
                    looks.marker_illegal.clone(),
                    Target {
                        action: None,
                        reason: Some(refusal(&e)),
                        forces: Vec::new(),
                    },
                ),
            };
            markers.push(spawn_marker(commands, to, material, target));
        }
    }
    table.markers = markers;
}

/// Clicking a magnet of the side to move selects it; clicking it again deselects.
pub(super) fn on_magnet_click(
    click: On<Pointer<Click>>,
    mut commands: Commands,
    mut table: ResMut<VectressTable>,
    looks: Res<MagnetLooks>,
    queue: Res<PlaybackQueue>,
    magnets: Query<&Magnet>,
) {
    if click.button != PointerButton::Primary || !table.may_act(&queue) {
        return;
    }
    let Ok(magnet) = magnets.get(click.entity) else {
        return;
    };
    match table.game.position().piece(magnet.id).map(|p| p.cell) {
        Some(cell) if table.selected == Some(cell) => clear_markers(&mut commands, &mut table),
        Some(cell) => select(&mut commands, &looks, &mut table, cell),
        None => {}
    }
}

/// Dragging a magnet selects it (its targets light up) ...
pub(super) fn on_magnet_drag(
    drag: On<Pointer<DragStart>>,
    mut commands: Commands,
    mut table: ResMut<VectressTable>,
    looks: Res<MagnetLooks>,
    queue: Res<PlaybackQueue>,
    magnets: Query<&Magnet>,
) {
    if drag.button != PointerButton::Primary || !table.may_act(&queue) {
        return;
    }
    if let Ok(magnet) = magnets.get(drag.entity)
        && let Some(piece) = table.game.position().piece(magnet.id)
        && table.selected != Some(piece.cell)
    {
        select(&mut commands, &looks, &mut table, piece.cell);
    }
}

/// ... and dropping it on a lit target plays that move, as clicking the target does.
fn on_target_drop(
    drop: On<Pointer<DragDrop>>,
    mut table: ResMut<VectressTable>,
    queue: Res<PlaybackQueue>,
    magnets: Query<&Magnet>,
    targets: Query<&Target>,
) {
    if drop.button == PointerButton::Primary && magnets.get(drop.dropped).is_ok() {
        play_target(&mut table, &queue, targets.get(drop.entity).ok());
    }
}

fn on_target_click(
    click: On<Pointer<Click>>,
    mut table: ResMut<VectressTable>,
    queue: Res<PlaybackQueue>,
    targets: Query<&Target>,
) {
    if click.button == PointerButton::Primary {
        play_target(&mut table, &queue, targets.get(click.entity).ok());
    }
}

/// Why a red target is refused, short enough for one line at the pointer (the rules'
/// own sentence, which the status panel gives for a typed move, runs to 90 characters).
pub fn refusal(e: &IllegalAction) -> String {
    let action = e.action;
    match e.reason {
        Illegal::Occupied { cell, body: false } => format!("{action}: {cell} is in the way"),
        Illegal::Occupied { cell, body: true } => {
            format!("{action}: {cell} blocks the body's path")
        }
        Illegal::NotBonded(cell) => format!("{action}: {cell} has no bond to pull free"),
        Illegal::Ko { opponent } => {
            format!("{action}: ko, the board before {}'s move", opponent.title())
        }
        _ => e.to_string(),
    }
}

fn play_target(table: &mut VectressTable, queue: &PlaybackQueue, target: Option<&Target>) {
    if let Some(Target {
        action: Some(action),
        ..
    }) = target
        && table.may_act(queue)
    {
        table.requests.push_back(Request::Play(*action));
    }
}

fn on_target_over(
    over: On<Pointer<Over>>,
    mut commands: Commands,
    mut table: ResMut<VectressTable>,
    targets: Query<(&Target, &Transform)>,
    force_looks: Option<Res<ForceLooks>>,
) {
    if let Ok((target, at)) = targets.get(over.entity) {
        table.hover = target.reason.clone();
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

fn on_target_out(
    out: On<Pointer<Out>>,
    mut commands: Commands,
    mut table: ResMut<VectressTable>,
    children: Query<&Children>,
    previews: Query<(), With<ForcePreview>>,
) {
    table.hover = None;
    for child in children.iter_descendants(out.entity) {
        if previews.contains(child) {
            commands.entity(child).despawn();
        }
    }
}

/// F switches the selected magnet's targets between body moves and pull-frees.
pub(super) fn pull_free_key(
    mut commands: Commands,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut table: ResMut<VectressTable>,
    looks: Res<MagnetLooks>,
) {
    if keys.is_some_and(|k| k.just_pressed(KeyCode::KeyF)) {
        table.pull_free = !table.pull_free;
        if let Some(cell) = table.selected {
            select(&mut commands, &looks, &mut table, cell);
        }
    }
}
