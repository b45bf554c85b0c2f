//! The last move stays marked on the board until the next, as chess GUIs mark it: its
//! origin and destination tinted, so a player who looked away sees what changed. Each game
//! names the cells ([`TableGame::last_move_marks`]); the marks wait while a playback runs,
//! so the old move's tint never sits under the new move's pieces.

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use super::{Table, TableGame};
use crate::app::Screen;
use crate::app::playback::PlaybackQueue;

/// One tinted cell of the last move.
#[derive(Component, Debug)]
pub struct LastMoveMark;

/// The marks' mesh (a square frame just inside a unit cell) and their colour: a frame,
/// not a fill, so a cell keeps its own colour (Wave Field's territory) and a piece on it
/// stays clear; lime, as lichess tints the last move, which no side or territory wears
/// and which stands out on light and dark cells alike. Hex chess marks its hex cells
/// itself.
#[derive(Resource)]
pub(super) struct MarkLook {
    mesh: Handle<Mesh>,
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
        mesh: meshes.add(square_frame(0.46, 0.36)),
        material: materials.add(StandardMaterial {
            base_color: Color::srgba(0.6, 0.86, 0.08, 0.95),
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        }),
    });
}

/// What is marked now: the game's cells while nothing plays, none while a move plays.
/// Recomputed only when the game or the playback's idleness changes.
#[derive(Default)]
pub(super) struct Drawn {
    key: Option<(u64, usize, bool)>,
    points: Vec<Vec3>,
}

pub(super) fn mark_last_move<G: TableGame>(
    mut commands: Commands,
    table: Res<Table<G>>,
    queue: Res<PlaybackQueue>,
    look: Option<Res<MarkLook>>,
    marks: Query<Entity, With<LastMoveMark>>,
    mut drawn: Local<Drawn>,
) {
    let Some(look) = look else {
        return;
    };
    if table.is_added() {
        // A new table (or the same game resumed): the screen's marks went with the last.
        *drawn = Drawn::default();
    }
    let idle = queue.is_idle();
    let key = (table.changes, table.game.actions().len(), idle);
    if drawn.key == Some(key) {
        return;
    }
    drawn.key = Some(key);
    let wanted = if idle {
        G::last_move_marks(&table)
    } else {
        Vec::new()
    };
    // A table set out again (undo, a new game) keeps no mark of its own: ours are
    // redrawn whenever what they show changes.
    if wanted == drawn.points && marks.iter().count() == wanted.len() {
        return;
    }
    for mark in &marks {
        commands.entity(mark).despawn();
    }
    for point in &wanted {
        commands.spawn((
            Name::new("Last move"),
            LastMoveMark,
            DespawnOnExit(Screen::Playing),
            Mesh3d(look.mesh.clone()),
            MeshMaterial3d(look.material.clone()),
            Transform::from_translation(*point + Vec3::Y * LIFT),
            Pickable::IGNORE,
            NotShadowCaster,
        ));
    }
    drawn.points = wanted;
}

/// A flat square frame facing up: outer and inner half-widths `outer` and `inner`.
fn square_frame(outer: f32, inner: f32) -> Mesh {
    let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)];
    let mut positions = Vec::new();
    for (x, z) in corners {
        positions.push([x * outer, 0.0, z * outer]);
        positions.push([x * inner, 0.0, z * inner]);
    }
    let mut indices = Vec::new();
    for side in 0..4u32 {
        let (o0, i0) = (2 * side, 2 * side + 1);
        let (o1, i1) = ((o0 + 2) % 8, (i0 + 2) % 8);
        // Counter-clockwise seen from above (+y).
        indices.extend_from_slice(&[o0, i0, o1, o1, i0, i1]);
    }
    Mesh::new(
        bevy::mesh::PrimitiveTopology::TriangleList,
        bevy::asset::RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 1.0, 0.0]; 8])
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_indices(bevy::mesh::Indices::U32(indices))
}
