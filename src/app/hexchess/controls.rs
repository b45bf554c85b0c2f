//! Hex chess's own controls: the pointer's picks and drops (a destination of the selected
//! man plays it, a man of the side to move selects it), the promotion chooser's answer,
//! and editing the move list (H7); the selection's and destinations' markers.

use bevy::prelude::*;

use super::pieces::{HexLooks, rest_transform};
use super::table::adopt;
use super::{Control, Hexchess, HexchessPlayed, HexchessScene};
use crate::app::Screen;
use crate::app::playback::PlaybackQueue;
use crate::app::table::{
    PendingSync, PlaybackEffects, Request, Requests, Seats, TableInput, TableNote, TablePart,
    Viewing, controls, respawn,
};
use crate::rules::hexchess::{Cell, Move};

/// Applies the controls asked for this frame, in order (and sets the men out again after
/// a session was put on the table).
pub(super) fn apply_controls(
    mut commands: Commands,
    mut messages: MessageReader<TableInput<Hexchess>>,
    mut requests: ResMut<Requests<Hexchess>>,
    mut played: ResMut<HexchessPlayed>,
    mut scene: ResMut<HexchessScene>,
    looks: Res<HexLooks>,
    seats: Res<Seats>,
    viewing: Res<Viewing>,
    mut note: ResMut<TableNote>,
    mut queue: ResMut<PlaybackQueue>,
    mut effects: ResMut<PlaybackEffects>,
    mut sync: ResMut<PendingSync>,
    parts: Query<Entity, With<TablePart>>,
) {
    let (played, scene) = (&mut *played, &mut *scene);
    if scene.needs_respawn {
        scene.needs_respawn = false;
        respawn(
            &mut commands,
            &*looks,
            played,
            scene,
            &mut queue,
            &mut effects,
            parts.iter(),
        );
    }
    let asked: Vec<Control> = controls(&mut messages).collect();
    // Releasing a dragged man also clicks it; the drop decides.
    let dropping = asked.iter().any(|c| matches!(c, Control::Drop(_)));
    for control in asked {
        let may_act = seats.may_act(played, &queue, viewing.0.is_some());
        match control {
            Control::Pick(_) if dropping => {}
            Control::Pick(cell) => pick(
                &mut commands,
                &looks,
                played,
                scene,
                may_act,
                &mut requests,
                cell,
                false,
            ),
            Control::Drop(cell) => {
                // The man goes back to its cell unless the drop plays a move (the sync
                // after a playback, or this one).
                sync.request();
                if let Some(cell) = cell
                    && scene.selected.is_some()
                    && scene.selected != Some(cell)
                {
                    pick(
                        &mut commands,
                        &looks,
                        played,
                        scene,
                        may_act,
                        &mut requests,
                        cell,
                        false,
                    );
                }
            }
            Control::Grab(cell) => pick(
                &mut commands,
                &looks,
                played,
                scene,
                may_act,
                &mut requests,
                cell,
                true,
            ),
            Control::Promote(kind) => {
                if let Some((from, to)) = scene.promotion.take() {
                    requests.push(Request::Play(Move {
                        from,
                        to,
                        promotion: Some(kind),
                    }));
                }
            }
            Control::BeginEdit(index) => {
                let (reached, struck) = played.game.entries();
                let all: Vec<String> = reached.into_iter().chain(struck.iter().cloned()).collect();
                if index <= all.len() {
                    scene.editing = Some(index);
                    scene.edit_buffer = all.get(index).cloned().unwrap_or_default();
                }
            }
            Control::CancelEdit => {
                scene.editing = None;
                scene.edit_buffer.clear();
            }
            Control::Edit(index, text) => {
                scene.editing = None;
                scene.edit_buffer.clear();
                if text.is_empty() {
                    continue;
                }
                let mut session = played.game.rules().clone();
                let report = session.edit(index, &text);
                adopt(played, session);
                note.0 = match (report.first_unreachable, report.error) {
                    (Some(i), Some(why)) => {
                        Some(format!("entry {} cannot be replayed: {why}", i + 1))
                    }
                    (Some(i), None) => Some(format!("entry {} cannot be replayed", i + 1)),
                    _ => Some(format!("the list replays to entry {}", report.reached)),
                };
                respawn(
                    &mut commands,
                    &*looks,
                    played,
                    scene,
                    &mut queue,
                    &mut effects,
                    parts.iter(),
                );
            }
        }
    }
}

/// A click (or the end of a drag) on `cell`: a destination of the selected man plays it,
/// a man of the side to move selects it, anything else clears the selection.
fn pick(
    commands: &mut Commands,
    looks: &HexLooks,
    played: &HexchessPlayed,
    table: &mut HexchessScene,
    may_act: bool,
    requests: &mut Requests<Hexchess>,
    cell: Cell,
    grab: bool,
) {
    if !may_act || table.editing.is_some() {
        return;
    }
    let game = played.game.rules().game();
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
                requests.push(Request::Play(*mv));
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
    refresh_markers(commands, looks, played, table);
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
    played: &HexchessPlayed,
    scene: &mut HexchessScene,
) {
    for m in scene.markers.drain(..) {
        commands.entity(m).despawn();
    }
    let game = played.game.rules().game();
    // (mesh, material, cell, lift) of each marker.
    let mut wanted = Vec::new();
    if let Some(cell) = scene.selected {
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
    scene.markers = markers;
}
