//! The boards, as they stand before any piece is placed: cells, tones, a frame, and
//! coordinates legible from both seats. Each game registers its board's shape and finish
//! ([`BoardLook`]); its presentation puts its pieces on top using the cell-centre
//! functions here.

use std::f32::consts::FRAC_PI_2;

use bevy::prelude::*;

use super::{ActiveGame, Screen};

mod look;
pub mod marks;

pub use look::{BoardLook, BoardShape, Boards, Finish, register};

pub fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Playing),
        spawn_active_board.in_set(BoardSpawn),
    )
    .add_systems(PostUpdate, place_labels.after(TransformSystems::Propagate))
    .add_systems(Update, sink_labels);
}

/// Where the board is set out on entering a game (tables start after it, so their
/// games can observe its cells).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardSpawn;

/// Top surface of every board's cells.
pub const CELL_TOP: f32 = 0.0;

/// A rectangular board of `cols` x `rows` unit cells, column 0 at the left and row 0
/// nearest the first player's seat (+z).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareBoard {
    pub cols: u8,
    pub rows: u8,
}

impl SquareBoard {
    /// Centre of cell (x, y) on the cells' top surface.
    pub fn center(&self, x: i32, y: i32) -> Vec3 {
        Vec3::new(
            x as f32 - (self.cols as f32 - 1.0) / 2.0,
            CELL_TOP,
            (self.rows as f32 - 1.0) / 2.0 - y as f32,
        )
    }
}

/// Circumradius of a hex chess cell.
pub const HEX_SIZE: f32 = 0.6;

/// Centre of the hex cell at axial (q, r) (ruling H1): files run up the board (-z), file
/// a at the left.
pub fn hex_center(q: i32, r: i32) -> Vec3 {
    let x = 1.5 * HEX_SIZE * q as f32;
    let up = 3f32.sqrt() * HEX_SIZE * (r as f32 + q as f32 / 2.0);
    Vec3::new(x, CELL_TOP, -up)
}

/// The 91 cells of the hexagonal board, (q, r) with max(|q|, |r|, |q + r|) <= 5.
pub fn hex_cells() -> impl Iterator<Item = (i32, i32)> {
    (-5..=5).flat_map(|q: i32| {
        (-5..=5)
            .filter(move |r: &i32| (q + r).abs() <= 5)
            .map(move |r| (q, r))
    })
}

/// Hex chess file letters, a..l without j.
pub use crate::rules::hexchess::geometry::FILE_LETTERS as HEX_FILES;

/// A coordinate label: UI text kept over a point on the board.
#[derive(Component, Clone, Copy, Debug)]
pub struct BoardLabel {
    pub world: Vec3,
}

/// Everything spawned for the board of the game being played.
#[derive(Component)]
pub struct BoardPart;

/// A cell of the board, pickable: (column, row) on square boards with row 0 nearest the
/// first player; axial (q, r) on the hex board.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardCell {
    pub x: i32,
    pub y: i32,
}

fn spawn_active_board(
    mut commands: Commands,
    active: Res<ActiveGame>,
    boards: Option<Res<Boards>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    studio: Option<Res<super::look::Studio>>,
) {
    let Some(look) = boards.and_then(|b| b.of(active.game).copied()) else {
        warn!("{} has no board registered", active.game.title());
        return;
    };
    let wood = studio.map(|s| s.wood.clone());
    spawn_board(&mut commands, &mut meshes, &mut materials, wood, &look);
}

/// Spawns the bare board `look` (despawned when play ends); `wood` is the grain the
/// wooden boards show.
pub fn spawn_board(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    wood: Option<Handle<Image>>,
    look: &BoardLook,
) {
    let (cells, frame) = look.finish.materials(materials, &wood);
    match look.shape {
        BoardShape::Square {
            board,
            lower_case_files,
        } => {
            let first = if lower_case_files { b'a' } else { b'A' };
            let letters = move |x: i32| ((first + x as u8) as char).to_string();
            spawn_square_board(commands, meshes, (cells, frame), board, letters)
        }
        BoardShape::Hex => spawn_hex_board(commands, meshes, (cells, frame)),
    }
}

fn spawn_square_board(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    (tone_materials, frame): (Vec<Handle<StandardMaterial>>, Handle<StandardMaterial>),
    board: SquareBoard,
    file_name: impl Fn(i32) -> String,
) {
    let (w, h) = (board.cols as f32, board.rows as f32);
    commands.spawn((
        BoardPart,
        DespawnOnExit(Screen::Playing),
        Name::new("Board frame"),
        Mesh3d(meshes.add(Cuboid::new(w + 1.3, 0.3, h + 1.3))),
        MeshMaterial3d(frame),
        Transform::from_xyz(0.0, CELL_TOP - 0.2, 0.0),
    ));
    let cell_mesh = meshes.add(Cuboid::new(0.97, 0.08, 0.97));
    for x in 0..board.cols as i32 {
        for y in 0..board.rows as i32 {
            commands.spawn((
                BoardPart,
                BoardCell { x, y },
                DespawnOnExit(Screen::Playing),
                Mesh3d(cell_mesh.clone()),
                MeshMaterial3d(tone_materials[((x + y) % 2) as usize].clone()),
                Transform::from_translation(board.center(x, y) - Vec3::Y * 0.04),
            ));
        }
    }
    // Coordinates on all four sides, so both seats can read them.
    let margin = 0.85;
    for x in 0..board.cols as i32 {
        for (y, side) in [(-1, -margin + 1.0), (board.rows as i32, margin - 1.0)] {
            let at = board.center(x, y) + Vec3::new(0.0, 0.0, side);
            spawn_label(commands, file_name(x), at);
        }
    }
    for y in 0..board.rows as i32 {
        for (x, side) in [(-1, 1.0 - margin), (board.cols as i32, margin - 1.0)] {
            let at = board.center(x, y) + Vec3::new(side, 0.0, 0.0);
            spawn_label(commands, (y + 1).to_string(), at);
        }
    }
}

fn spawn_hex_board(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    (tones, frame): (Vec<Handle<StandardMaterial>>, Handle<StandardMaterial>),
) {
    commands.spawn((
        BoardPart,
        DespawnOnExit(Screen::Playing),
        Name::new("Board frame"),
        Mesh3d(meshes.add(Extrusion::new(RegularPolygon::new(HEX_SIZE * 11.4, 6), 0.3))),
        MeshMaterial3d(frame),
        // The board's outline has vertical sides (files a and l): turn the frame to match.
        Transform::from_xyz(0.0, CELL_TOP - 0.2, 0.0)
            .with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
    ));
    let cell_mesh = meshes.add(Extrusion::new(
        RegularPolygon::new(HEX_SIZE * 0.96, 6),
        0.08,
    ));
    // The three tones of H1: tone = (r - q) mod 3.
    for (q, r) in hex_cells() {
        let tone = (r - q).rem_euclid(3) as usize;
        commands.spawn((
            BoardPart,
            BoardCell { x: q, y: r },
            DespawnOnExit(Screen::Playing),
            Mesh3d(cell_mesh.clone()),
            MeshMaterial3d(tones[tone].clone()),
            Transform::from_translation(hex_center(q, r) - Vec3::Y * 0.04)
                .with_rotation(hex_rotation()),
        ));
    }
    // File letters below and above each file, rank numbers beyond the left-most cell of
    // each rank: all on the frame, far enough out that no man stands over them.
    for (i, letter) in HEX_FILES.iter().enumerate() {
        let q = i as i32 - 5;
        let rs: Vec<i32> = hex_cells().filter(|c| c.0 == q).map(|c| c.1).collect();
        let (lo, hi) = (
            rs.iter().min().copied().unwrap_or(0),
            rs.iter().max().copied().unwrap_or(0),
        );
        spawn_label(
            commands,
            letter.to_string(),
            hex_center(q, lo) + Vec3::Z * 0.85,
        );
        // Files a-e end on the upper-left edge, which holds the rank numbers 7-11: their
        // letters stay at the bottom only, so no letter and number share a corner.
        if q >= 0 {
            spawn_label(
                commands,
                letter.to_string(),
                hex_center(q, hi) - Vec3::Z * 1.5,
            );
        }
    }
    for rank in 1..=11 {
        let leftmost = hex_cells()
            .filter(|&(q, r)| r + 6 + q.min(0) == rank)
            .min_by_key(|&(q, _)| q);
        if let Some((q, r)) = leftmost {
            spawn_label(
                commands,
                rank.to_string(),
                hex_center(q, r) + rank_outward(rank),
            );
        }
    }
}

/// From the left-most cell of `rank` out to where its number goes: straight left along
/// file a (ranks 1-6), up and left off the upper-left edge (ranks 7-11), whose men stand
/// between the number and the seat.
fn rank_outward(rank: i32) -> Vec3 {
    if rank <= 6 {
        Vec3::new(-0.8, 0.0, 0.0)
    } else {
        Vec3::new(-0.5, 0.0, -0.866) * 1.3
    }
}

/// Lays an extruded hexagon flat with a vertex pointing along x (flat-topped rows).
fn hex_rotation() -> Quat {
    Quat::from_rotation_y(FRAC_PI_2) * Quat::from_rotation_x(-FRAC_PI_2)
}

fn spawn_label(commands: &mut Commands, text: String, world: Vec3) {
    commands.spawn((
        BoardPart,
        DespawnOnExit(Screen::Playing),
        BoardLabel { world },
        Pickable::IGNORE,
        Text::new(text),
        TextFont::from_font_size(15.0),
        TextColor(Color::srgb(0.93, 0.9, 0.82)),
        Node {
            position_type: PositionType::Absolute,
            ..default()
        },
    ));
}

/// Whether the board's letters and numbers show (absent: they do). A film below 720 rows
/// leaves them out: there they are too small to read and crowd the far edge.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardLabelsShown(pub bool);

/// Whether a board label lies under a panel (the HUD, which knows the panels, says).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnderPanel(pub bool);

/// Board labels and badges draw under every panel (a row number never over a caption).
fn sink_labels(mut commands: Commands, labels: Query<Entity, Added<BoardLabel>>) {
    for label in &labels {
        commands.entity(label).try_insert(GlobalZIndex(-1));
    }
}

/// Keeps each label over its board point, whatever the camera does, or hidden.
fn place_labels(
    cameras: Query<(&Camera, &GlobalTransform), With<super::camera::MainCamera>>,
    shown: Option<Res<BoardLabelsShown>>,
    ui_scale: Option<Res<UiScale>>,
    mut labels: Query<(
        &BoardLabel,
        &mut UiTransform,
        &ComputedNode,
        &mut Visibility,
        Option<&UnderPanel>,
    )>,
) {
    // The camera projects to window pixels; a node's place is in UI pixels.
    let per_ui_pixel = ui_scale.map_or(1.0, |s| s.0);
    let Ok((camera, camera_transform)) = cameras.single() else {
        return;
    };
    let shown = shown.is_none_or(|s| s.0);
    for (label, mut transform, computed, mut visibility, under) in &mut labels {
        // A label under a panel is hidden, not drawn over or under it.
        let on = shown && !under.is_some_and(|u| u.0);
        if let Ok(p) = camera.world_to_viewport(camera_transform, label.world) {
            let p = p / per_ui_pixel;
            let size = computed.size() * computed.inverse_scale_factor();
            // Moved by its transform, its node left at the top left corner: a node moved
            // is laid out again (its text measured anew), and the labels move on every
            // frame of a moving camera. On whole pixels, as the layout would put it: a
            // text between pixels blurs.
            let pixel = computed.inverse_scale_factor();
            let whole = |x: f32| (x / pixel).round() * pixel;
            let place = Val2::px(whole(p.x - size.x / 2.0), whole(p.y - size.y / 2.0));
            if transform.translation != place {
                transform.translation = place;
            }
        }
        visibility.set_if_neq(if on {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_board_has_91_cells_and_neighbours_are_equidistant() {
        assert_eq!(hex_cells().count(), 91);
        let o = hex_center(0, 0);
        // H1's six orthogonal steps are one cell-width away.
        let d: Vec<f32> = [(0, 1), (0, -1), (1, 0), (1, -1), (-1, 1), (-1, 0)]
            .iter()
            .map(|&(q, r)| hex_center(q, r).distance(o))
            .collect();
        for pair in d.windows(2) {
            assert!((pair[0] - pair[1]).abs() < 1e-4, "{d:?}");
        }
        // (0, 1) is up the file, away from White's seat.
        assert!(hex_center(0, 1).z < o.z);
    }

    #[test]
    fn square_board_row_zero_is_nearest_the_first_seat() {
        let b = SquareBoard { cols: 9, rows: 9 };
        assert!(b.center(0, 0).z > b.center(0, 8).z);
        assert!(b.center(0, 0).x < b.center(8, 0).x);
        assert_eq!(b.center(4, 4), Vec3::new(0.0, CELL_TOP, 0.0));
    }
}
