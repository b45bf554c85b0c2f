//! The last move stays marked on the board until the next, as chess GUIs mark it: its
//! origin and destination framed, so a player who looked away sees what changed. Each game
//! names the cells ([`TableGame::last_move_marks`]); the marks wait while a playback runs,
//! so the old move's frame never sits under the new move's pieces.

use std::f32::consts::{FRAC_PI_4, SQRT_2, TAU};

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use super::{Played, TableGame};
use crate::app::Screen;
use crate::app::boards::{BoardShape, HEX_SIZE};
use crate::app::playback::PlaybackQueue;

const COS_30: f32 = 0.866_025_4;

/// One framed cell of the last move.
#[derive(Component, Debug)]
pub struct LastMoveMark;

/// The marks' meshes (a frame just inside a cell, square or hex by the board's shape) and
/// their colour: a frame, not a fill, so a cell keeps its own colour (Wave Field's
/// territory) and a piece on it stays clear; lime, as lichess tints the last move, which
/// no side or territory wears and which stands out on light and dark cells alike.
#[derive(Resource)]
pub(super) struct MarkLook {
    square: Handle<Mesh>,
    hex: Handle<Mesh>,
    material: Handle<StandardMaterial>,
}

/// How far above the given surface point a mark floats (clear of the cells' top, under
/// every piece's foot).
const LIFT: f32 = 0.006;

pub(super) fn configure(app: &mut App) {
    app.add_systems(Startup, make_look);
}

fn make_look(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(MarkLook {
        // A unit square cell, corners on the diagonals; a 0.1 wide band.
        square: meshes.add(frame(4, FRAC_PI_4, 0.46 * SQRT_2, 0.36 * SQRT_2)),
        // A hex cell (flat top, corners on the x axis, as `boards` lays them out): the
        // same band, measured across the sides.
        hex: meshes.add(frame(6, 0.0, HEX_SIZE * 0.9, HEX_SIZE * 0.9 - 0.1 / COS_30)),
        material: materials.add(StandardMaterial {
            base_color: Color::srgba(0.6, 0.86, 0.08, 0.95),
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        }),
    });
}

/// What the marks were drawn for: the table's changes, its actions and whether the
/// playback was idle. They are redrawn only when that changes.
type Drawn = Option<(u64, usize, bool)>;

pub(super) fn mark_last_move<G: TableGame>(
    mut commands: Commands,
    played: Res<Played<G>>,
    scene: Res<G::Scene>,
    queue: Res<PlaybackQueue>,
    look: Option<Res<MarkLook>>,
    marks: Query<Entity, With<LastMoveMark>>,
    mut drawn: Local<Drawn>,
) {
    let Some(look) = look else {
        return;
    };
    let idle = queue.is_idle();
    let key = (played.changes, played.game.actions().len(), idle);
    // A new table (or the same game resumed) has none of the marks drawn for the last.
    if *drawn == Some(key) && !played.is_added() {
        return;
    }
    *drawn = Some(key);
    for mark in &marks {
        commands.entity(mark).despawn();
    }
    if !idle {
        return;
    }
    let mesh = match G::BOARD.shape {
        BoardShape::Hex => &look.hex,
        BoardShape::Square { .. } => &look.square,
    };
    for point in G::last_move_marks(&played, &scene) {
        commands.spawn((
            Name::new("Last move"),
            LastMoveMark,
            DespawnOnExit(Screen::Playing),
            Mesh3d(mesh.clone()),
            MeshMaterial3d(look.material.clone()),
            Transform::from_translation(point + Vec3::Y * LIFT),
            Pickable::IGNORE,
            NotShadowCaster,
        ));
    }
}

/// A flat frame facing up: a regular polygon of `sides` corners, the first at `start`
/// radians from +x toward +z, between circumradii `outer` and `inner`.
pub(super) fn frame(sides: u32, start: f32, outer: f32, inner: f32) -> Mesh {
    let mut positions = Vec::new();
    for k in 0..sides {
        let angle = start + TAU * k as f32 / sides as f32;
        let (z, x) = angle.sin_cos();
        positions.push([x * outer, 0.0, z * outer]);
        positions.push([x * inner, 0.0, z * inner]);
    }
    let n = 2 * sides;
    let mut indices = Vec::new();
    for side in 0..sides {
        let (o0, i0) = (2 * side, 2 * side + 1);
        let (o1, i1) = ((o0 + 2) % n, (i0 + 2) % n);
        // Front face up (+y).
        indices.extend_from_slice(&[o0, i0, o1, o1, i0, i1]);
    }
    Mesh::new(
        bevy::mesh::PrimitiveTopology::TriangleList,
        bevy::asset::RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 1.0, 0.0]; n as usize])
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_indices(bevy::mesh::Indices::U32(indices))
}
