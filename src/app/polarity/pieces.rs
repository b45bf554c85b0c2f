//! How Polarity looks on the table: rough grey stones, each player's five chess pieces
//! beside the board on their side, and the piles of collected stones. Where each of them
//! rests is `layout`'s (re-exported here); the meshes are `meshes`'.

use bevy::prelude::*;

pub use super::layout::*;
pub use crate::app::table::TablePart;
use bevy::text::Justify;

pub use super::meshes::{STONE_FLAT, STONE_RADIUS};
use super::meshes::{piece_parts, stone_mesh};
use crate::app::Screen;
use crate::app::boards::BoardLabel;
use crate::rules::polarity::{Piece, Side, StoneId};

/// The top of the wooden table the board stands on (beside the board).
pub const TABLE_TOP: f32 = -0.25;
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
