//! Vectress's own controls: selecting a magnet lights its targets (green discs for body
//! moves, yellow ringed ones for pull-frees with F, red crossed ones, refused, that say why
//! on hover), each target played
//! through the rules on a copy to know; F switches body moves and pull-frees.

use bevy::prelude::*;

use super::forces::first_wave_forces;
use super::input::{Target, on_target_click, on_target_drop, on_target_out, on_target_over};
use super::pieces::{MagnetLooks, rest_transform};
use super::{Control, Vectress, VectressPlayed, VectressScene};
use crate::app::Screen;
use crate::app::playback::PlaybackQueue;
use crate::app::table::{Seats, TableInput, TablePart, Viewing, controls};
use crate::rules::vectress::{Action, Cell, Frame, Illegal, IllegalAction, Side};

/// Applies the controls asked for this frame, on a person's turn.
pub(super) fn apply_controls(
    mut commands: Commands,
    mut input: MessageReader<TableInput<Vectress>>,
    played: Res<VectressPlayed>,
    mut scene: ResMut<VectressScene>,
    looks: Res<MagnetLooks>,
    seats: Res<Seats>,
    viewing: Res<Viewing>,
    queue: Res<PlaybackQueue>,
) {
    for control in controls(&mut input) {
        match control {
            Control::TogglePullFree => {
                scene.pull_free = !scene.pull_free;
                if let Some(cell) = scene.selected {
                    select(&mut commands, &looks, &played, &mut scene, cell);
                }
            }
            Control::Select(cell) => {
                if !seats.may_act(&played, &queue, viewing.0.is_some()) {
                    continue;
                }
                if scene.selected == Some(cell) {
                    clear_markers(&mut commands, &mut scene);
                    scene.selected = None;
                } else {
                    select(&mut commands, &looks, &played, &mut scene, cell);
                }
            }
        }
    }
}

pub(super) fn clear_markers(commands: &mut Commands, scene: &mut VectressScene) {
    for marker in scene.markers.drain(..) {
        commands.entity(marker).despawn();
    }
    scene.hover = None;
    scene.hovered = None;
}

/// Lights the legal destinations of the piece on `cell`, and the illegal ones with why.
pub(super) fn select(
    commands: &mut Commands,
    looks: &MagnetLooks,
    played: &VectressPlayed,
    scene: &mut VectressScene,
    cell: Cell,
) {
    clear_markers(commands, scene);
    let Some(piece) = played.game.position().at(cell) else {
        scene.selected = None;
        return;
    };
    scene.selected = Some(cell);
    // The disc is what the pointer finds; a sign over it (ring, cross) tells its kind by
    // shape.
    let spawn_marker = |commands: &mut Commands,
                        at: Cell,
                        material: Handle<StandardMaterial>,
                        sign: Option<&Handle<Mesh>>,
                        target: Target| {
        let mut marker = commands.spawn((
            target,
            TablePart,
            DespawnOnExit(Screen::Playing),
            Mesh3d(looks.marker.clone()),
            MeshMaterial3d(material),
            Transform::from_translation(
                rest_transform(at, Side::White).translation + Vec3::Y * 0.02,
            ),
        ));
        if let Some(sign) = sign {
            marker.with_child((
                Mesh3d(sign.clone()),
                MeshMaterial3d(looks.marker_sign.clone()),
                // Just over the disc's top (it is 0.03 tall about its centre).
                Transform::from_xyz(0.0, 0.017, 0.0),
                Pickable::IGNORE,
            ));
        }
        marker
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
        None,
        Target {
            action: None,
            reason: None,
            forces: Vec::new(),
        },
    )];
    let bonded = played.game.position().is_bonded(piece.id);
    let pull = scene.pull_free && bonded;
    for frame in piece.kind.moves() {
        let dir = Frame::to_board(*frame, piece.owner);
        for n in 1..=2 {
            let Some(to) = cell.step(dir, n) else { break };
            let action = if pull {
                Action::PullFree { from: cell, to }
            } else {
                Action::Move { from: cell, to }
            };
            let mut probe = played.game.rules().clone();
            let before = *probe.position();
            let (material, sign, target) = match probe.play(action) {
                Ok(resolution) => (
                    if pull {
                        looks.marker_pull.clone()
                    } else {
                        looks.marker_move.clone()
                    },
                    pull.then_some(&looks.marker_ring),
                    Target {
                        action: Some(action),
                        reason: None,
                        forces: first_wave_forces(&before, &resolution),
                    },
                ),
                Err(e) => (
                    looks.marker_illegal.clone(),
                    Some(&looks.marker_cross),
                    Target {
                        action: None,
                        reason: Some(refusal(&e)),
                        forces: Vec::new(),
                    },
                ),
            };
            markers.push(spawn_marker(commands, to, material, sign, target));
        }
    }
    scene.markers = markers;
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
