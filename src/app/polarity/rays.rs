//! The decorations Polarity's playback and preview share: a power's rays as glowing
//! beams, and the one-playback parts they are made of.

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use super::pieces::{PolarityLooks, TablePart, cell_point};
use crate::app::Screen;
use crate::rules::polarity::{Cell, Dir, Mode, Power};

/// A decoration that exists only for one playback or one preview.
#[derive(Component)]
pub struct Decoration;

pub(super) fn dir_vector(dir: Dir) -> Vec3 {
    let (dx, dy) = dir.delta();
    // Ranks grow toward -z.
    Vec3::new(dx as f32, 0.0, -(dy as f32))
}

/// The far end of the ray from `origin` along `dir`: the nearest stone of `stones`, or
/// the board's edge. Returns (end point, the stone's cell if the ray meets one).
pub(super) fn ray_end(stones: u64, origin: Cell, dir: Dir) -> (Vec3, Option<Cell>) {
    let mut cell = origin;
    while let Some(next) = cell.step(dir) {
        if stones & next.bit() != 0 {
            return (cell_point(next), Some(next));
        }
        cell = next;
    }
    (cell_point(cell) + dir_vector(dir) * 0.5, None)
}

/// The power's rays from `origin`, each to its nearest stone or the board's edge, as
/// glowing beams spawned shrunk (for `Motion::Flash`), with their full transforms.
pub(super) fn ray_beams(
    commands: &mut Commands,
    looks: &PolarityLooks,
    board: u64,
    origin: Cell,
    power: Power,
    thickness: f32,
) -> Vec<(Entity, Transform)> {
    let material = match power.mode {
        Mode::Push => &looks.push_beam,
        Mode::Pull => &looks.pull_beam,
    };
    let from = cell_point(origin) + Vec3::Y * 0.12;
    power
        .piece
        .dirs()
        .iter()
        .map(|&dir| {
            let (end, _) = ray_end(board, origin, dir);
            let at = beam_transform(
                from,
                end + Vec3::Y * 0.12,
                0.1 * thickness,
                0.05 * thickness,
            );
            let beam = decoration(commands, &looks.beam, material, at.with_scale(Vec3::ZERO));
            (beam, at)
        })
        .collect()
}

/// A box stretched from `a` to `b` (horizontal), `width` wide and `height` tall.
pub(super) fn beam_transform(a: Vec3, b: Vec3, width: f32, height: f32) -> Transform {
    let span = b - a;
    Transform::from_translation((a + b) / 2.0)
        .with_rotation(Quat::from_rotation_arc(Vec3::Z, span.normalize_or(Vec3::Z)))
        .with_scale(Vec3::new(width, height, span.length().max(0.01)))
}

pub(super) fn decoration(
    commands: &mut Commands,
    mesh: &Handle<Mesh>,
    material: &Handle<StandardMaterial>,
    at: Transform,
) -> Entity {
    commands
        .spawn((
            Decoration,
            TablePart,
            DespawnOnExit(Screen::Playing),
            Mesh3d(mesh.clone()),
            MeshMaterial3d(material.clone()),
            at,
            Pickable::IGNORE,
            NotShadowCaster,
        ))
        .id()
}
