//! The last move stays marked on the board until the next, as chess GUIs mark it, so a
//! player who looked away sees what changed: its destination framed whole, its origin
//! framed only at the corners (#45: from and to told apart by shape, not by a second
//! hue). Each game names the cells ([`TableGame::last_move_marks`]); the marks wait while
//! a playback runs, so the old move's frame never sits under the new move's pieces.

use std::f32::consts::{FRAC_PI_4, SQRT_2};

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use super::{Played, TableGame};
use crate::app::Screen;
use crate::app::boards::marks::{frame, frame_corners};
use crate::app::boards::{BoardShape, HEX_SIZE};
use crate::app::playback::PlaybackQueue;

const COS_30: f32 = 0.866_025_4;

/// One framed cell of the last move: where it came from (corners) or where it went
/// (a whole frame; a placement has only this).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LastMoveMark {
    From,
    To,
}

/// Where a game's last move marks: the board-surface points of its origin (none for a
/// placement) and of its destination.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveMarks {
    pub from: Option<Vec3>,
    pub to: Vec3,
}

/// The marks' meshes (a frame just inside a cell, square or hex by the board's shape) and
/// their colour: a frame, not a fill, so a cell keeps its own colour (Wave Field's
/// territory) and a piece on it stays clear; lime, as lichess tints the last move, which
/// no side or territory wears and which stands out on light and dark cells alike.
#[derive(Resource)]
pub(super) struct MarkLook {
    /// (origin's corners, destination's frame) of each board shape.
    square: [Handle<Mesh>; 2],
    hex: [Handle<Mesh>; 2],
    material: Handle<StandardMaterial>,
}

/// The share of each side of the origin's frame kept at either corner.
const CORNER_KEEP: f32 = 0.28;

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
        square: {
            let (outer, inner) = (0.46 * SQRT_2, 0.36 * SQRT_2);
            [
                meshes.add(frame_corners(4, FRAC_PI_4, outer, inner, CORNER_KEEP)),
                meshes.add(frame(4, FRAC_PI_4, outer, inner)),
            ]
        },
        // A hex cell (flat top, corners on the x axis, as `boards` lays them out): the
        // same band, measured across the sides.
        hex: {
            let (outer, inner) = (HEX_SIZE * 0.9, HEX_SIZE * 0.9 - 0.1 / COS_30);
            [
                meshes.add(frame_corners(6, 0.0, outer, inner, CORNER_KEEP)),
                meshes.add(frame(6, 0.0, outer, inner)),
            ]
        },
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
    let [corners, whole] = match G::BOARD.shape {
        BoardShape::Hex => &look.hex,
        BoardShape::Square { .. } => &look.square,
    };
    let Some(marks) = G::last_move_marks(&played, &scene) else {
        return;
    };
    let ends = [
        marks.from.map(|at| (LastMoveMark::From, corners, at)),
        Some((LastMoveMark::To, whole, marks.to)),
    ];
    for (end, mesh, point) in ends.into_iter().flatten() {
        commands.spawn((
            Name::new("Last move"),
            end,
            DespawnOnExit(Screen::Playing),
            Mesh3d(mesh.clone()),
            MeshMaterial3d(look.material.clone()),
            Transform::from_translation(point + Vec3::Y * LIFT),
            Pickable::IGNORE,
            NotShadowCaster,
        ));
    }
}
