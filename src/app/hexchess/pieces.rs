//! The hex chess men in 3D: a round turned base with a gold collar, and on it a raised
//! emblem of the document's symbol (king cross, queen asterisk, rook square, bishop
//! triangle, knight L, pawn circle), tall for strong pieces and low for weak ones. Each
//! piece is one mesh with its colours baked in, so `Motion::ChangeType` turns one man
//! into another by swapping a single mesh. Once a playback ends, every man is set where
//! and as the rules say.

use std::f32::consts::{FRAC_PI_2, FRAC_PI_3};

use bevy::prelude::*;

use super::{HexchessPlayed, HexchessScene};
use crate::app::boards::{HEX_SIZE, hex_center};
use crate::app::playback::{Look, PlaybackQueue};
use crate::app::table::PendingSync;
use crate::rules::hexchess::{Cell, Color as Side, Kind, PieceId};

/// Top of a piece's base, where the emblem stands.
const BASE_TOP: f32 = 0.15;

/// Meshes and materials of the hex chess table.
#[derive(Resource, Clone)]
pub struct HexLooks {
    /// By side, then by `Kind::index()`.
    pub meshes: [[Handle<Mesh>; 6]; 2],
    pub materials: [Handle<StandardMaterial>; 2],
    pub move_marker: Handle<Mesh>,
    pub move_material: Handle<StandardMaterial>,
    pub ring: Handle<Mesh>,
    pub capture_material: Handle<StandardMaterial>,
    pub selected_material: Handle<StandardMaterial>,
    pub glow_material: Handle<StandardMaterial>,
    pub glow: Handle<Mesh>,
    /// A foreseen man of each side (the threat's, the hint's, the hovered move's) and the
    /// cells it would attack: translucent.
    pub ghost: [Handle<StandardMaterial>; 2],
    pub attack_material: Handle<StandardMaterial>,
    /// The ring round a foreseen man's cell (cyan, the foresight's own colour).
    pub ghost_floor: Handle<StandardMaterial>,
}

impl HexLooks {
    pub fn new(meshes: &mut Assets<Mesh>, materials: &mut Assets<StandardMaterial>) -> Self {
        let piece_meshes = [Side::White, Side::Black]
            .map(|side| Kind::ALL.map(|kind| meshes.add(piece_mesh(side, kind))));
        let piece_material = |materials: &mut Assets<StandardMaterial>, rough: f32, metal: f32| {
            materials.add(StandardMaterial {
                base_color: Color::WHITE,
                perceptual_roughness: rough,
                metallic: metal,
                reflectance: 0.45,
                ..default()
            })
        };
        let white = piece_material(materials, 0.32, 0.0);
        // Glossy, so the studio's softboxes draw highlights along the black men's edges.
        let black = piece_material(materials, 0.16, 0.1);
        let translucent =
            |materials: &mut Assets<StandardMaterial>, color: Color, glow: LinearRgba| {
                materials.add(StandardMaterial {
                    base_color: color,
                    emissive: glow,
                    alpha_mode: AlphaMode::Blend,
                    perceptual_roughness: 0.6,
                    ..default()
                })
            };
        let glow_material = materials.add(StandardMaterial {
            base_color: Color::srgba(1.0, 0.82, 0.3, 0.9),
            emissive: LinearRgba::rgb(3.0, 2.1, 0.5),
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        });
        // A ghost glows a little, so a black one still reads on the walnut cells.
        let ghost = |materials: &mut Assets<StandardMaterial>, alpha: f32, glow: f32| {
            materials.add(StandardMaterial {
                base_color: Color::WHITE.with_alpha(alpha),
                emissive: LinearRgba::rgb(glow, glow, glow * 1.3),
                alpha_mode: AlphaMode::Blend,
                perceptual_roughness: 0.4,
                ..default()
            })
        };
        let ghosts = [ghost(materials, 0.55, 0.25), ghost(materials, 0.62, 0.12)];
        let ghost_floor = materials.add(StandardMaterial {
            base_color: Color::srgba(0.55, 0.95, 1.0, 0.85),
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        });
        let attack_material = translucent(
            materials,
            Color::srgba(0.95, 0.45, 0.2, 0.35),
            LinearRgba::rgb(0.12, 0.04, 0.0),
        );
        HexLooks {
            ghost: ghosts,
            attack_material,
            ghost_floor,
            glow_material,
            glow: meshes.add(Torus::new(HEX_SIZE * 0.5, HEX_SIZE * 0.9)),
            meshes: piece_meshes,
            materials: [white, black],
            move_marker: meshes.add(
                Mesh::from(Extrusion::new(
                    RegularPolygon::new(HEX_SIZE * 0.42, 6),
                    0.02,
                ))
                .rotated_by(Quat::from_rotation_y(FRAC_PI_2) * Quat::from_rotation_x(-FRAC_PI_2)),
            ),
            move_material: translucent(
                materials,
                Color::srgba(0.12, 0.42, 0.22, 0.72),
                LinearRgba::rgb(0.02, 0.12, 0.04),
            ),
            ring: meshes.add(Torus::new(HEX_SIZE * 0.74, HEX_SIZE * 0.9)),
            capture_material: translucent(
                materials,
                Color::srgba(0.85, 0.16, 0.1, 0.9),
                LinearRgba::rgb(0.5, 0.05, 0.02),
            ),
            selected_material: translucent(
                materials,
                Color::srgba(0.95, 0.8, 0.25, 0.95),
                LinearRgba::rgb(0.6, 0.45, 0.05),
            ),
        }
    }

    /// The mesh and material of a `side` man of type `kind`.
    pub fn look(&self, side: Side, kind: Kind) -> Look {
        Look {
            mesh: self.meshes[side.index()][kind.index()].clone(),
            material: self.materials[side.index()].clone(),
        }
    }
}

/// A man on the board, by its rules id (stable through moves, promotion and renaming).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexPiece {
    pub id: PieceId,
}

/// Where a man stands on `cell`.
pub fn rest_transform(cell: Cell) -> Transform {
    let (q, r) = cell.axial();
    Transform::from_translation(hex_center(q, r))
}

/// Spawns a man; the table keeps the returned entity by id.
pub fn spawn_piece(
    commands: &mut Commands,
    looks: &HexLooks,
    id: PieceId,
    side: Side,
    kind: Kind,
    cell: Cell,
) -> Entity {
    let look = looks.look(side, kind);
    commands
        .spawn((
            Name::new(format!("{} {}", side.name(), kind.name())),
            HexPiece { id },
            crate::app::table::TablePart,
            DespawnOnExit(crate::app::Screen::Playing),
            Mesh3d(look.mesh),
            MeshMaterial3d(look.material),
            rest_transform(cell),
        ))
        .id()
}

fn srgb(r: f32, g: f32, b: f32) -> [f32; 4] {
    Color::srgb(r, g, b).to_linear().to_f32_array()
}

/// One coloured part of a piece.
fn part(mesh: impl Into<Mesh>, color: [f32; 4], transform: Transform) -> Mesh {
    let mut mesh: Mesh = mesh.into().transformed_by(transform);
    let n = mesh.count_vertices();
    mesh.insert_attribute(Mesh::ATTRIBUTE_COLOR, vec![color; n]);
    mesh.scaled_by(Vec3::splat(1.08))
}

/// A bar of the emblem, standing on the base.
fn bar(length: f32, width: f32, height: f32, color: [f32; 4], at: Vec2, angle: f32) -> Mesh {
    part(
        Cuboid::new(length, height, width),
        color,
        Transform::from_xyz(at.x, BASE_TOP + height / 2.0, at.y)
            .with_rotation(Quat::from_rotation_y(angle)),
    )
}

/// The whole man as one mesh, its colours in the vertices.
pub fn piece_mesh(side: Side, kind: Kind) -> Mesh {
    let (body, collar, emblem) = match side {
        Side::White => (
            srgb(0.90, 0.86, 0.77),
            srgb(0.78, 0.58, 0.22),
            srgb(0.98, 0.96, 0.90),
        ),
        // Ebony with a silver collar: told from ivory-and-gold at a glance, on any tone.
        Side::Black => (
            srgb(0.07, 0.065, 0.08),
            srgb(0.80, 0.82, 0.86),
            srgb(0.16, 0.15, 0.19),
        ),
    };
    let mut parts = vec![
        part(
            Cylinder::new(0.38, 0.1),
            body,
            Transform::from_xyz(0.0, 0.05, 0.0),
        ),
        part(
            Cylinder::new(0.335, 0.04),
            collar,
            Transform::from_xyz(0.0, 0.12, 0.0),
        ),
        part(
            Cylinder::new(0.30, 0.02),
            body,
            Transform::from_xyz(0.0, 0.145, 0.0),
        ),
    ];
    match kind {
        Kind::King => {
            // A tall cross, topped by a small upright cross.
            let h = 0.46;
            parts.push(bar(0.58, 0.17, h, emblem, Vec2::ZERO, 0.0));
            parts.push(bar(0.17, 0.58, h, emblem, Vec2::ZERO, 0.0));
            parts.push(part(
                Cuboid::new(0.07, 0.26, 0.07),
                collar,
                Transform::from_xyz(0.0, BASE_TOP + h + 0.13, 0.0),
            ));
            parts.push(part(
                Cuboid::new(0.19, 0.07, 0.07),
                collar,
                Transform::from_xyz(0.0, BASE_TOP + h + 0.17, 0.0),
            ));
        }
        Kind::Queen => {
            // A six-armed asterisk with a ball at its heart.
            let h = 0.40;
            for i in 0..3 {
                parts.push(bar(
                    0.62,
                    0.12,
                    h,
                    emblem,
                    Vec2::ZERO,
                    FRAC_PI_2 + i as f32 * FRAC_PI_3,
                ));
            }
            parts.push(part(
                Sphere::new(0.1).mesh().uv(16, 10),
                collar,
                Transform::from_xyz(0.0, BASE_TOP + h + 0.04, 0.0),
            ));
        }
        Kind::Rook => {
            // A square tower with four corner merlons.
            let h = 0.30;
            parts.push(part(
                Cuboid::new(0.42, h, 0.42),
                emblem,
                Transform::from_xyz(0.0, BASE_TOP + h / 2.0, 0.0),
            ));
            for (x, z) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
                parts.push(part(
                    Cuboid::new(0.13, 0.09, 0.13),
                    emblem,
                    Transform::from_xyz(x * 0.145, BASE_TOP + h + 0.045, z * 0.145),
                ));
            }
        }
        Kind::Bishop => {
            // A triangular prism pointing up the board.
            let h = 0.34;
            parts.push(part(
                Extrusion::new(RegularPolygon::new(0.3, 3), h),
                emblem,
                Transform::from_xyz(0.0, BASE_TOP + h / 2.0, 0.02)
                    .with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
            ));
        }
        Kind::Knight => {
            // An L: the stem runs up the board, the foot to the right.
            let h = 0.28;
            parts.push(bar(0.15, 0.52, h, emblem, Vec2::new(-0.09, -0.02), 0.0));
            parts.push(bar(0.34, 0.15, h, emblem, Vec2::new(0.0, 0.165), 0.0));
        }
        Kind::Pawn => {
            // A low drum and a ball: a circle from every side.
            parts.push(part(
                Cylinder::new(0.2, 0.1),
                emblem,
                Transform::from_xyz(0.0, BASE_TOP + 0.05, 0.0),
            ));
            parts.push(part(
                Sphere::new(0.15).mesh().uv(20, 12),
                emblem,
                Transform::from_xyz(0.0, BASE_TOP + 0.2, 0.0),
            ));
        }
    }
    let mut mesh = parts.remove(0);
    for p in &parts {
        if let Err(e) = mesh.merge(p) {
            warn!("hex chess: a piece part could not be merged: {e}");
        }
    }
    mesh.scaled_by(Vec3::splat(1.08))
}

/// Once playback has ended, every man stands where the rules say, as the type they say.
pub(super) fn sync_when_idle(
    played: Res<HexchessPlayed>,
    scene: Res<HexchessScene>,
    mut sync: ResMut<PendingSync>,
    looks: Res<HexLooks>,
    queue: Res<PlaybackQueue>,
    mut men: Query<
        (
            &mut Transform,
            &mut Mesh3d,
            &mut MeshMaterial3d<StandardMaterial>,
        ),
        With<HexPiece>,
    >,
) {
    if !sync.take(&queue) {
        return;
    }
    for (cell, piece) in played.game.rules().position().pieces() {
        let Some(&entity) = scene.pieces.get(&piece.id) else {
            continue;
        };
        let Ok((mut transform, mut mesh, mut material)) = men.get_mut(entity) else {
            continue;
        };
        let rest = rest_transform(cell);
        if *transform != rest {
            *transform = rest;
        }
        let look = looks.look(piece.color, piece.kind);
        if mesh.0 != look.mesh {
            mesh.0 = look.mesh;
        }
        if material.0 != look.material {
            material.0 = look.material;
        }
    }
}
