//! How Polarity looks on the table: rough grey stones, each player's five chess pieces
//! beside the board on their side, and the piles of collected stones. Where each of them
//! rests is `layout`'s (re-exported here).

use std::f32::consts::{FRAC_PI_2, TAU};

use bevy::prelude::*;

pub use super::layout::*;
pub use crate::app::table::TablePart;
use bevy::text::Justify;

use crate::app::Screen;
use crate::app::boards::BoardLabel;
use crate::rules::polarity::{Piece, Side, StoneId};

/// The top of the wooden table the board stands on (beside the board).
pub const TABLE_TOP: f32 = -0.25;
/// Radius of a stone seen from above.
pub const STONE_RADIUS: f32 = 0.36;
/// A stone's height is its width times this.
pub const STONE_FLAT: f32 = 0.46;
/// A piled stone is this much smaller than one on the board.
pub const PILE_SCALE: f32 = 0.8;

/// The five pieces of a hand, slot by slot.
pub const SLOTS: [Piece; 5] = [
    Piece::Rook,
    Piece::Rook,
    Piece::Bishop,
    Piece::Bishop,
    Piece::Queen,
];

/// Meshes and materials shared by every stone, piece and marker.
#[derive(Resource, Clone)]
pub struct PolarityLooks {
    pub stones: Vec<Handle<Mesh>>,
    pub stone_materials: Vec<Handle<StandardMaterial>>,
    /// Ivory for player one, ebony for player two.
    pub side_materials: [Handle<StandardMaterial>; 2],
    /// Per piece (rook, bishop, queen): parts as (mesh, local transform).
    pub pieces: [Vec<(Handle<Mesh>, Transform)>; 3],
    pub beam: Handle<Mesh>,
    pub push_beam: Handle<StandardMaterial>,
    pub pull_beam: Handle<StandardMaterial>,
    pub tile: Handle<Mesh>,
    pub dot: Handle<Mesh>,
    pub ring: Handle<Mesh>,
    pub cone: Handle<Mesh>,
    pub legal: Handle<StandardMaterial>,
    pub illegal: Handle<StandardMaterial>,
    /// The cross over a refused cell's tile and its light colour: refused by shape too.
    pub cross: Handle<Mesh>,
    pub cross_material: Handle<StandardMaterial>,
    pub ghost: Handle<StandardMaterial>,
    pub moves: Handle<StandardMaterial>,
    pub locked: Handle<StandardMaterial>,
    pub edge: Handle<StandardMaterial>,
    pub occupied: Handle<StandardMaterial>,
    pub taken: Handle<StandardMaterial>,
    pub preview_ray: Handle<StandardMaterial>,
}

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
fn stone_mesh(variant: u32) -> Mesh {
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
fn piece_parts(meshes: &mut Assets<Mesh>, piece: Piece) -> Vec<(Handle<Mesh>, Transform)> {
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

impl PolarityLooks {
    pub fn new(meshes: &mut Assets<Mesh>, materials: &mut Assets<StandardMaterial>) -> Self {
        let mut solid = |color: Color, rough: f32, metal: f32| {
            materials.add(StandardMaterial {
                base_color: color,
                perceptual_roughness: rough,
                metallic: metal,
                reflectance: 0.3,
                ..default()
            })
        };
        let stone_materials = vec![
            solid(Color::srgb(0.50, 0.50, 0.49), 0.93, 0.0),
            solid(Color::srgb(0.44, 0.45, 0.47), 0.9, 0.0),
            solid(Color::srgb(0.56, 0.54, 0.51), 0.95, 0.0),
        ];
        let side_materials = [
            solid(Color::srgb(0.93, 0.89, 0.80), 0.35, 0.0),
            solid(Color::srgb(0.13, 0.11, 0.11), 0.3, 0.2),
        ];
        let mut glass = |color: Color| {
            materials.add(StandardMaterial {
                base_color: color,
                alpha_mode: AlphaMode::Blend,
                unlit: true,
                ..default()
            })
        };
        let legal = glass(Color::srgba(0.25, 0.9, 0.4, 0.45));
        let illegal = glass(Color::srgba(0.95, 0.15, 0.1, 0.5));
        let cross_material = glass(Color::srgba(1.0, 0.95, 0.9, 0.9));
        let ghost = glass(Color::srgba(0.85, 0.88, 0.95, 0.45));
        let moves = glass(Color::srgba(0.2, 0.95, 0.9, 0.9));
        let locked = glass(Color::srgba(1.0, 0.65, 0.1, 0.95));
        let edge = glass(Color::srgba(1.0, 0.15, 0.15, 0.95));
        let occupied = glass(Color::srgba(0.85, 0.3, 1.0, 0.95));
        let taken = glass(Color::srgba(1.0, 0.86, 0.25, 0.95));
        let preview_ray = glass(Color::srgba(0.95, 0.95, 0.85, 0.35));
        let emissive = |color: LinearRgba, materials: &mut Assets<StandardMaterial>| {
            materials.add(StandardMaterial {
                base_color: Color::BLACK,
                emissive: color,
                ..default()
            })
        };
        let push_beam = emissive(LinearRgba::rgb(4.0, 0.7, 0.1), materials);
        let pull_beam = emissive(LinearRgba::rgb(0.2, 0.9, 4.5), materials);
        PolarityLooks {
            stones: (0..4).map(|v| meshes.add(stone_mesh(v))).collect(),
            stone_materials,
            side_materials,
            pieces: [Piece::Rook, Piece::Bishop, Piece::Queen].map(|p| piece_parts(meshes, p)),
            beam: meshes.add(Cuboid::new(1.0, 1.0, 1.0)),
            push_beam,
            pull_beam,
            tile: meshes.add(Cuboid::new(0.9, 0.02, 0.9)),
            dot: meshes.add(Cylinder::new(0.09, 0.012)),
            ring: meshes.add(Torus::new(0.36, 0.46)),
            cone: meshes.add(Cone::new(0.13, 0.26)),
            legal,
            illegal,
            cross: meshes.add(crate::app::boards::marks::cross(0.32, 0.09)),
            cross_material,
            ghost,
            moves,
            locked,
            edge,
            occupied,
            taken,
            preview_ray,
        }
    }

    pub fn stone_mesh(&self, id: StoneId) -> Handle<Mesh> {
        self.stones[id.0 as usize % self.stones.len()].clone()
    }

    pub fn stone_material(&self, id: StoneId) -> Handle<StandardMaterial> {
        self.stone_materials[(id.0 as usize / 2) % self.stone_materials.len()].clone()
    }
}

/// A stone entity (on the board, or in a pile once collected).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stone(pub StoneId);

/// One of the ten hand pieces beside the board.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandPiece {
    pub side: Side,
    pub slot: usize,
}

/// A label kept over a player's pile: the count, the hand and its alternation.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideLabel(pub Side);

pub fn spawn_stone(
    commands: &mut Commands,
    looks: &PolarityLooks,
    id: StoneId,
    at: Transform,
) -> Entity {
    commands
        .spawn((
            Name::new(format!("stone {}", id.0)),
            Stone(id),
            TablePart,
            DespawnOnExit(Screen::Playing),
            Mesh3d(looks.stone_mesh(id)),
            MeshMaterial3d(looks.stone_material(id)),
            at,
            Pickable::IGNORE,
        ))
        .id()
}

pub fn spawn_hand_piece(
    commands: &mut Commands,
    looks: &PolarityLooks,
    side: Side,
    slot: usize,
    standing: bool,
) -> Entity {
    let piece = SLOTS[slot];
    let index = match piece {
        Piece::Rook => 0,
        Piece::Bishop => 1,
        Piece::Queen => 2,
    };
    let material = looks.side_materials[side.index()].clone();
    commands
        .spawn((
            Name::new(format!("{} {}", side.name(), piece.name())),
            HandPiece { side, slot },
            TablePart,
            DespawnOnExit(Screen::Playing),
            hand_rest(side, slot, standing),
            Visibility::default(),
            Pickable::IGNORE,
        ))
        .with_children(|parent| {
            for (mesh, at) in &looks.pieces[index] {
                parent.spawn((
                    Mesh3d(mesh.clone()),
                    MeshMaterial3d(material.clone()),
                    *at,
                    Pickable::IGNORE,
                ));
            }
        })
        .id()
}

/// A text label over a point beside the board (placed each frame by the boards' labels).
pub fn spawn_side_label(
    commands: &mut Commands,
    label: SideLabel,
    world: Vec3,
    size: f32,
) -> Entity {
    commands
        .spawn((
            label,
            crate::app::ui::GamePanel,
            crate::app::ui::LayoutChecked(match label.0 {
                Side::One => "label hand one",
                Side::Two => "label hand two",
            }),
            DespawnOnExit(Screen::Playing),
            BoardLabel { world },
            Pickable::IGNORE,
            Text::new(""),
            TextLayout::justify(Justify::Center),
            TextFont::from_font_size(size),
            TextColor(Color::srgb(0.96, 0.92, 0.8)),
            crate::app::ui::theme::text_shadow(),
            Node {
                position_type: PositionType::Absolute,
                ..default()
            },
        ))
        .id()
}
