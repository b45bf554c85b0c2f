//! The hover preview: the cells that take a stone, and what the action under the pointer
//! would do (its rays, the stones it moves, the runs it takes), from the resolution of the
//! same action played on a clone of the game.

use bevy::prelude::*;

use super::pieces::{PolarityLooks, STONE_RADIUS, cell_point, stone_rest};
use super::rays::{beam_transform, decoration, ray_end};
use crate::rules::polarity::{Action, Cell, Game, Power, StayReason};

/// Small dots on every cell where a stone may be placed now.
pub fn legal_dots(commands: &mut Commands, looks: &PolarityLooks, game: &Game) -> Vec<Entity> {
    if game.outcome().is_some() {
        return Vec::new();
    }
    let free = game.position().placements();
    Cell::all()
        .filter(|c| free & c.bit() != 0)
        .map(|c| {
            let at = Transform::from_translation(cell_point(c) + Vec3::Y * 0.008);
            decoration(commands, &looks.dot, &looks.legal, at)
        })
        .collect()
}

/// Markers for hovering `cell` with `power` chosen: whether the placement is legal, the
/// rays, which stones would move (cyan arrows), which stay locked (amber), at the edge
/// (red) or blocked by a stone (violet), and which would be taken (gold). Returns the
/// markers and one line describing them.
pub fn preview(
    commands: &mut Commands,
    looks: &PolarityLooks,
    game: &Game,
    cell: Cell,
    power: Option<Power>,
) -> (Vec<Entity>, String, bool) {
    let action = Action { cell, power };
    let tile_at = Transform::from_translation(cell_point(cell) + Vec3::Y * 0.012);
    let mut probe = game.clone();
    let resolution = match probe.play(action) {
        Ok(r) => r,
        Err(e) => {
            let tile = decoration(commands, &looks.tile, &looks.illegal, tile_at);
            let over = tile_at.with_translation(tile_at.translation + Vec3::Y * 0.012);
            let cross = decoration(commands, &looks.cross, &looks.cross_material, over);
            return (vec![tile, cross], format!("{action}: no, {e}"), true);
        }
    };
    let mut markers = vec![
        decoration(commands, &looks.tile, &looks.legal, tile_at),
        decoration(
            commands,
            &looks.stones[0],
            &looks.ghost,
            stone_rest(cell, resolution.placed.id),
        ),
    ];
    let mut text = format!("{action}");
    if let Some(power) = power {
        let board = game.position().stones() | cell.bit();
        let origin = cell_point(cell) + Vec3::Y * 0.03;
        for &dir in power.piece.dirs() {
            let (end, _) = ray_end(board, cell, dir);
            let at = beam_transform(origin, end + Vec3::Y * 0.03, 0.07, 0.02);
            markers.push(decoration(commands, &looks.beam, &looks.preview_ray, at));
        }
        let ring_height = Vec3::Y * (STONE_RADIUS * 0.55);
        for m in &resolution.moved {
            let (a, b) = (cell_point(m.from), cell_point(m.to));
            let ring = Transform::from_translation(a + ring_height);
            markers.push(decoration(commands, &looks.ring, &looks.moves, ring));
            let lift = Vec3::Y * 0.55;
            let d = (b - a).normalize_or(Vec3::Z);
            let shaft = beam_transform(a + lift, b + lift - d * 0.2, 0.06, 0.06);
            markers.push(decoration(commands, &looks.beam, &looks.moves, shaft));
            let tip = Transform::from_translation(b + lift - d * 0.12)
                .with_rotation(Quat::from_rotation_arc(Vec3::Y, d));
            markers.push(decoration(commands, &looks.cone, &looks.moves, tip));
        }
        let mut counts = [0usize; 3];
        for s in &resolution.stayed {
            let (material, i) = match s.reason {
                StayReason::Locked => (&looks.locked, 0),
                StayReason::Edge => (&looks.edge, 1),
                StayReason::Occupied => (&looks.occupied, 2),
            };
            counts[i] += 1;
            let ring = Transform::from_translation(cell_point(s.cell) + ring_height);
            markers.push(decoration(commands, &looks.ring, material, ring));
        }
        text += &format!(": {} move", resolution.moved.len());
        for (i, reason) in [StayReason::Locked, StayReason::Edge, StayReason::Occupied]
            .into_iter()
            .enumerate()
        {
            if counts[i] > 0 {
                text += &format!(", {} {}", counts[i], super::status::reason_name(reason));
            }
        }
        if resolution.moved.is_empty() && resolution.stayed.is_empty() {
            text += " (no stone on its rays)";
        }
    }
    for s in &resolution.removed {
        let ring = Transform::from_translation(cell_point(s.cell) + Vec3::Y * 0.42)
            .with_scale(Vec3::new(1.15, 1.0, 1.15));
        markers.push(decoration(commands, &looks.ring, &looks.taken, ring));
    }
    if !resolution.removed.is_empty() {
        text += &format!("; takes {}", resolution.removed.len());
    }
    if resolution.outcome.is_some() {
        text += "; ends the game";
    }
    (markers, text, false)
}
