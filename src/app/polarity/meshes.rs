//! The meshes of Polarity's pieces: irregular stones (a lumpy sphere, flattened) and the
//! hand's rook, bishop and queen built from simple parts.

use std::f32::consts::{FRAC_PI_2, TAU};

use bevy::prelude::*;

use crate::rules::polarity::Piece;

/// Radius of a stone seen from above.
pub const STONE_RADIUS: f32 = 0.36;
/// A stone's height is its width times this.
pub const STONE_FLAT: f32 = 0.46;

/// A smooth hash of a direction: a few waves around the sphere, for irregular stones.
fn lumpiness(p: Vec3, variant: u32) -> f32 {
    let seeds = [
        Vec3::new(0.8, 0.3, -0.5),
        Vec3::new(-0.2, 0.9, 0.4),
        Vec3::new(0.5, -0.6, 0.7),
        Vec3::new(-0.7, -0.1, -0.6),
    ];
    let phase = variant as f32 * 1.7;
    seeds
        .iter()
        .enumerate()
        .map(|(i, s)| ((p.dot(*s) * (2.3 + i as f32 * 0.9)) + phase * (i as f32 + 1.0)).sin())
        .sum::<f32>()
        / seeds.len() as f32
}

/// A flattened, slightly irregular pebble, centred on the origin.
pub(super) fn stone_mesh(variant: u32) -> Mesh {
    let mut mesh = Sphere::new(STONE_RADIUS)
        .mesh()
        .ico(3)
        .unwrap_or_else(|_| Sphere::new(STONE_RADIUS).mesh().uv(24, 16));
    if let Some(bevy::mesh::VertexAttributeValues::Float32x3(positions)) =
        mesh.attribute_mut(Mesh::ATTRIBUTE_POSITION)
    {
        let squash = Vec3::new(1.0 + 0.04 * (variant % 3) as f32, STONE_FLAT, 0.94);
        for p in positions.iter_mut() {
            let v = Vec3::from_array(*p);
            let dir = v.normalize_or_zero();
            let r = v.length() * (1.0 + 0.07 * lumpiness(dir, variant));
            *p = (dir * r * squash).to_array();
        }
    }
    mesh.compute_smooth_normals();
    mesh
}

fn part(
    meshes: &mut Assets<Mesh>,
    mesh: impl Into<Mesh>,
    at: Transform,
) -> (Handle<Mesh>, Transform) {
    (meshes.add(mesh.into()), at)
}

/// The chess pieces, built upward from y = 0 (the base sits on the table).
pub(super) fn piece_parts(
    meshes: &mut Assets<Mesh>,
    piece: Piece,
) -> Vec<(Handle<Mesh>, Transform)> {
    let mut parts = vec![
        part(
            meshes,
            Cylinder::new(0.22, 0.1),
            Transform::from_xyz(0.0, 0.05, 0.0),
        ),
        part(
            meshes,
            Cylinder::new(0.18, 0.06),
            Transform::from_xyz(0.0, 0.13, 0.0),
        ),
    ];
    match piece {
        Piece::Rook => {
            parts.push(part(
                meshes,
                Cylinder::new(0.145, 0.44),
                Transform::from_xyz(0.0, 0.38, 0.0),
            ));
            parts.push(part(
                meshes,
                Cylinder::new(0.2, 0.13),
                Transform::from_xyz(0.0, 0.645, 0.0),
            ));
            let merlon = meshes.add(Cuboid::new(0.11, 0.1, 0.09));
            for i in 0..4 {
                let a = i as f32 * FRAC_PI_2;
                parts.push((
                    merlon.clone(),
                    Transform::from_xyz(0.14 * a.cos(), 0.76, 0.14 * a.sin())
                        .with_rotation(Quat::from_rotation_y(-a)),
                ));
            }
        }
        Piece::Bishop => {
            parts.push(part(
                meshes,
                ConicalFrustum {
                    radius_top: 0.08,
                    radius_bottom: 0.15,
                    height: 0.42,
                },
                Transform::from_xyz(0.0, 0.37, 0.0),
            ));
            parts.push(part(
                meshes,
                Cylinder::new(0.16, 0.04),
                Transform::from_xyz(0.0, 0.6, 0.0),
            ));
            parts.push(part(
                meshes,
                Sphere::new(0.13),
                Transform::from_xyz(0.0, 0.76, 0.0).with_scale(Vec3::new(1.0, 1.4, 1.0)),
            ));
            // The mitre's slit.
            parts.push(part(
                meshes,
                Cuboid::new(0.03, 0.12, 0.3),
                Transform::from_xyz(0.05, 0.82, 0.0).with_rotation(Quat::from_rotation_z(-0.5)),
            ));
            parts.push(part(
                meshes,
                Sphere::new(0.045),
                Transform::from_xyz(0.0, 0.97, 0.0),
            ));
        }
        Piece::Queen => {
            parts.push(part(
                meshes,
                ConicalFrustum {
                    radius_top: 0.09,
                    radius_bottom: 0.17,
                    height: 0.52,
                },
                Transform::from_xyz(0.0, 0.42, 0.0),
            ));
            parts.push(part(
                meshes,
                Cylinder::new(0.17, 0.04),
                Transform::from_xyz(0.0, 0.69, 0.0),
            ));
            parts.push(part(
                meshes,
                ConicalFrustum {
                    radius_top: 0.2,
                    radius_bottom: 0.1,
                    height: 0.2,
                },
                Transform::from_xyz(0.0, 0.81, 0.0),
            ));
            let point = meshes.add(Sphere::new(0.042));
            for i in 0..7 {
                let a = i as f32 * TAU / 7.0;
                parts.push((
                    point.clone(),
                    Transform::from_xyz(0.18 * a.cos(), 0.93, 0.18 * a.sin()),
                ));
            }
            parts.push(part(
                meshes,
                Sphere::new(0.075),
                Transform::from_xyz(0.0, 0.98, 0.0),
            ));
        }
    }
    parts
}
