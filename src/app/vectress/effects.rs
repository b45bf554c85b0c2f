//! The short-lived things a Vectress wave shows beside its pieces: the push and shove
//! arrows, the spark where a pusher's face meets the pushed piece, and the shake of the
//! table when a Core falls. Each is an entity with a `Motion::Flash` tween, so it grows in
//! and out with its stage and plays backwards with it. And the wave's badges.

use bevy::prelude::*;

use super::pieces::{BODY_HEIGHT, MagnetLooks};
use super::stages::{PieceEntities, cell_point, dir_vector};
use crate::app::camera::CameraShake;
use crate::app::playback::{Badge, BadgeTone, Motion, PieceTween};
use crate::app::table::TablePart;
use crate::rules::vectress::resolution::Wave;
use crate::rules::vectress::{Cell, Dir, PieceId};

/// An arrow from one cell toward a neighbour, flashed during a wave.
pub(super) fn arrow(
    commands: &mut Commands,
    looks: &MagnetLooks,
    material: Handle<StandardMaterial>,
    from: Cell,
    dir: Dir,
) -> (Entity, PieceTween) {
    let d = dir_vector(dir);
    let at = cell_point(from) + d * 0.5 + Vec3::Y * (BODY_HEIGHT + 0.3);
    // The arrow is built along +y; lay it along the push, across the contact.
    let rotation = Quat::from_rotation_arc(Vec3::Y, d);
    let full = Transform::from_translation(at).with_rotation(rotation);
    let entity = commands
        .spawn((
            TablePart,
            DespawnOnExit(crate::app::Screen::Playing),
            full.with_scale(Vec3::ZERO),
            Visibility::default(),
        ))
        .with_children(|arrow| {
            arrow.spawn((
                Mesh3d(looks.link.clone()),
                MeshMaterial3d(material.clone()),
                Transform::from_xyz(0.0, -0.15, 0.0).with_scale(Vec3::new(1.3, 0.6, 1.3)),
                Pickable::IGNORE,
            ));
            arrow.spawn((
                Mesh3d(looks.arrow.clone()),
                MeshMaterial3d(material),
                Transform::from_xyz(0.0, 0.3, 0.0),
                Pickable::IGNORE,
            ));
        })
        .id();
    flashed(entity, full)
}

/// A hot spark at the touching faces of a push: the contact that starts it.
pub(super) fn contact_spark(
    commands: &mut Commands,
    looks: &MagnetLooks,
    from: Cell,
    dir: Dir,
) -> (Entity, PieceTween) {
    let at = cell_point(from) + dir_vector(dir) * 0.5 + Vec3::Y * (BODY_HEIGHT * 0.55);
    let full = Transform::from_translation(at);
    let entity = commands
        .spawn((
            Name::new("Contact spark"),
            TablePart,
            DespawnOnExit(crate::app::Screen::Playing),
            Mesh3d(looks.spark.clone()),
            MeshMaterial3d(looks.spark_material.clone()),
            full.with_scale(Vec3::ZERO),
            Pickable::IGNORE,
        ))
        .id();
    flashed(entity, full)
}

/// An invisible entity whose flash drives the camera's shake (its scale is the shake's
/// envelope; see `camera::CameraShake`).
pub(super) fn core_shake(commands: &mut Commands) -> (Entity, PieceTween) {
    let entity = commands
        .spawn((
            Name::new("Core falls: camera shake"),
            CameraShake { strength: 0.12 },
            TablePart,
            DespawnOnExit(crate::app::Screen::Playing),
            Transform::from_scale(Vec3::ZERO),
        ))
        .id();
    flashed(entity, Transform::IDENTITY)
}

/// `entity` with the tween that grows it to `full` and back within its stage.
fn flashed(entity: Entity, full: Transform) -> (Entity, PieceTween) {
    (
        entity,
        PieceTween {
            entity,
            from: full,
            motion: Motion::Flash,
        },
    )
}

/// The badges of wave `number` (from 1): each pushed or shoved piece shows the wave's
/// number and the way it went (or was pushed, if blocked); a bond made or broken shows
/// a link on a piece of it. One badge per piece.
pub(super) fn wave_badges(
    pieces: &std::collections::HashMap<PieceId, PieceEntities>,
    wave: &Wave,
    number: usize,
) -> Vec<Badge> {
    let mut badges: Vec<(PieceId, Badge)> = Vec::new();
    let moved = |id: PieceId| wave.moves.iter().find(|m| m.id == id);
    let acted = wave
        .pushes
        .iter()
        .map(|p| (p.pushed, p.dir))
        .chain(wave.shoves.iter().map(|s| (s.shoved, s.dir)))
        .chain(wave.lost.iter().map(|l| (l.id, l.dir)));
    for (id, dir) in acted {
        if badges.iter().any(|(b, _)| *b == id) {
            continue;
        }
        let Some(e) = pieces.get(&id) else { continue };
        let heading = moved(id)
            .map(|m| cell_point(m.to) - cell_point(m.from))
            .unwrap_or_else(|| dir_vector(dir));
        badges.push((
            id,
            Badge {
                entity: e.piece,
                text: number.to_string(),
                tone: BadgeTone::Push,
                heading: Some(heading),
            },
        ));
    }
    let bonds = wave
        .bonds_formed
        .iter()
        .map(|b| (b, BadgeTone::Bond))
        .chain(wave.bonds_broken.iter().map(|b| (b, BadgeTone::Loss)));
    for (bond, tone) in bonds {
        // On whichever member has no badge yet.
        let Some(id) = [bond.a, bond.b]
            .into_iter()
            .find(|id| !badges.iter().any(|(b, _)| b == id))
        else {
            continue;
        };
        let Some(e) = pieces.get(&id) else { continue };
        badges.push((
            id,
            Badge {
                entity: e.piece,
                text: "∞".to_string(),
                tone,
                heading: None,
            },
        ));
    }
    badges.into_iter().map(|(_, b)| b).collect()
}
