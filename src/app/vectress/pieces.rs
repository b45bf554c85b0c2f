//! The magnets as 3D pieces: each shape extruded from its true outline, nearly as wide as
//! its cell, with every edge and corner of the rulebook's pole table marked in its pole's
//! colour (red +, blue -, pale grey neutral): an edge's pole is a plate over the whole
//! side face with a strip along the top, a corner's a post up the corner, so from the
//! default camera the faces that push read at a glance, on ivory and on gunmetal.

use std::f32::consts::{FRAC_PI_2, FRAC_PI_4, PI};

use bevy::prelude::*;

use crate::rules::vectress::{Cell, Frame, Kind, Pole, Side};

/// Height of a magnet's body.
pub const BODY_HEIGHT: f32 = 0.34;

/// Meshes and materials shared by every magnet.
#[derive(Resource, Clone)]
pub struct MagnetLooks {
    pub bodies: [Handle<Mesh>; 4],
    pub owner: [Handle<StandardMaterial>; 2],
    pub pole: [Handle<StandardMaterial>; 3],
    pub bar: Handle<Mesh>,
    pub stud: Handle<Mesh>,
    pub glow: Handle<Mesh>,
    pub glow_material: Handle<StandardMaterial>,
    pub link: Handle<Mesh>,
    pub link_material: Handle<StandardMaterial>,
    pub arrow: Handle<Mesh>,
    /// The spark at a push's contact.
    pub spark: Handle<Mesh>,
    pub spark_material: Handle<StandardMaterial>,
    pub push_material: Handle<StandardMaterial>,
    pub shove_material: Handle<StandardMaterial>,
    pub marker: Handle<Mesh>,
    /// The shapes over a target's disc, so no hue has to tell it alone: a ring round a
    /// pull-free's, a cross over a refused one's (a body move's disc is plain).
    pub marker_ring: Handle<Mesh>,
    pub marker_cross: Handle<Mesh>,
    pub marker_sign: Handle<StandardMaterial>,
    pub marker_move: Handle<StandardMaterial>,
    pub marker_pull: Handle<StandardMaterial>,
    pub marker_illegal: Handle<StandardMaterial>,
    pub selected: Handle<StandardMaterial>,
    /// A foreseen magnet of each side, and a foreseen bond: translucent.
    pub ghost: [Handle<StandardMaterial>; 2],
    pub ghost_link: Handle<StandardMaterial>,
    /// The ring on a foreseen magnet's final cell (cyan, the foresight's own colour).
    pub ghost_floor: Handle<StandardMaterial>,
}

/// A shape's outline in its own frame (x right, -z front), counter-clockwise seen from
/// above.
pub fn outline(kind: Kind) -> Vec<Vec2> {
    // 2D points (x, y) where y is "front" (world -z).
    let pts: Vec<Vec2> = match kind {
        Kind::Square => vec![
            Vec2::new(-0.36, -0.36),
            Vec2::new(0.36, -0.36),
            Vec2::new(0.36, 0.36),
            Vec2::new(-0.36, 0.36),
        ],
        Kind::Octagon => (0..8)
            .map(|i| {
                let a = PI / 8.0 + i as f32 * FRAC_PI_4;
                Vec2::new(a.cos(), a.sin()) * 0.42
            })
            .collect(),
        Kind::Rhombus => vec![
            Vec2::new(0.0, -0.4),
            Vec2::new(0.29, 0.0),
            Vec2::new(0.0, 0.4),
            Vec2::new(-0.29, 0.0),
        ],
        Kind::Triangle => vec![
            Vec2::new(-0.4, -0.33),
            Vec2::new(0.4, -0.33),
            Vec2::new(0.0, 0.4),
        ],
    };
    // Drawn at 0.72-0.9 of a cell, the shapes read as tokens; at this scale they fill
    // their cells as the document's drawings do, with a gap left between neighbours.
    pts.into_iter().map(|p| p * OUTLINE_SCALE).collect()
}

/// How much of its cell a magnet fills, relative to the outlines above.
const OUTLINE_SCALE: f32 = 1.18;

/// The direction of a frame direction in the piece's own 2D frame (y = front).
pub fn frame_vector(frame: Frame) -> Vec2 {
    let angle = frame as usize as f32 * FRAC_PI_4; // clockwise from the front
    Vec2::new(angle.sin(), angle.cos())
}

/// Where the ray from the centre along `dir` leaves the outline, the outline's tangent
/// there and the length of the edge it meets.
fn outline_hit(points: &[Vec2], dir: Vec2) -> (Vec2, Vec2, f32) {
    let mut best = (Vec2::ZERO, Vec2::X, f32::INFINITY, 0.0);
    for i in 0..points.len() {
        let (a, b) = (points[i], points[(i + 1) % points.len()]);
        let e = b - a;
        let denom = dir.perp_dot(e);
        if denom.abs() < 1e-6 {
            continue;
        }
        let t = a.perp_dot(e) / denom;
        let u = a.perp_dot(dir) / denom;
        if t > 0.0 && (-1e-4..=1.0 + 1e-4).contains(&u) && t < best.2 {
            best = (dir * t, e.normalize(), t, e.length());
        }
    }
    (best.0, best.1, best.3)
}

fn to_world(v: Vec2, y: f32) -> Vec3 {
    Vec3::new(v.x, y, -v.y)
}

fn extruded(points: &[Vec2]) -> Mesh {
    // The 2D outline has y = front; Extrusion builds in the xy plane, extruded along z,
    // which the piece turns to stand on the board.
    let polygon = ConvexPolygon::new(points.to_vec())
        .unwrap_or_else(|_| ConvexPolygon::new_unchecked(points.to_vec()));
    Mesh::from(Extrusion::new(polygon, BODY_HEIGHT))
        .rotated_by(Quat::from_rotation_x(-PI / 2.0))
        .translated_by(Vec3::Y * BODY_HEIGHT / 2.0)
}

impl MagnetLooks {
    pub fn new(meshes: &mut Assets<Mesh>, materials: &mut Assets<StandardMaterial>) -> Self {
        // The poles glow a little, so they read on the gunmetal pieces and in shadow.
        let mut glowing = |color: Color, glow: f32| {
            materials.add(StandardMaterial {
                emissive: LinearRgba::from(color) * glow,
                ..crate::app::stage::finish(color, 0.35, 0.05)
            })
        };
        let typical = crate::colour_vision::Vision::Typical.palette().poles;
        let pole = [
            glowing(crate::app::look::srgb(typical[0]), POLE_GLOW[0]),
            glowing(crate::app::look::srgb(typical[1]), POLE_GLOW[1]),
            glowing(Color::srgb(0.6, 0.6, 0.58), 0.0),
        ];
        let mut mat = |color: Color, rough: f32, metal: f32| {
            materials.add(crate::app::stage::finish(color, rough, metal))
        };
        let owner = [
            // Lacquer: ivory and gunmetal, glossy enough to catch the studio's lights.
            mat(Color::srgb(0.93, 0.91, 0.85), 0.22, 0.0),
            mat(Color::srgb(0.13, 0.13, 0.15), 0.2, 0.45),
        ];
        let marker_move = mat(Color::srgba(0.2, 0.85, 0.35, 0.85), 0.5, 0.0);
        let marker_pull = mat(Color::srgba(0.95, 0.75, 0.15, 0.85), 0.5, 0.0);
        let marker_illegal = mat(Color::srgba(0.7, 0.15, 0.15, 0.6), 0.5, 0.0);
        let marker_sign = mat(Color::srgba(0.97, 0.95, 0.9, 0.95), 0.5, 0.0);
        let selected = mat(Color::srgb(0.95, 0.85, 0.3), 0.4, 0.0);
        // Ghosts glow a little in their side's tone, so a dark one still reads on the dark
        // squares.
        let mut see_through = |color: Color, glow: LinearRgba| {
            materials.add(StandardMaterial {
                base_color: color,
                emissive: glow,
                alpha_mode: AlphaMode::Blend,
                ..crate::app::stage::finish(color, 0.4, 0.0)
            })
        };
        let ghost = [
            see_through(
                Color::srgba(1.0, 0.97, 0.88, 0.55),
                LinearRgba::rgb(0.3, 0.28, 0.2),
            ),
            see_through(
                Color::srgba(0.42, 0.46, 0.62, 0.62),
                LinearRgba::rgb(0.06, 0.08, 0.2),
            ),
        ];
        let ghost_link = see_through(
            Color::srgba(1.0, 0.8, 0.3, 0.6),
            LinearRgba::rgb(0.4, 0.3, 0.05),
        );
        let ghost_floor = materials.add(StandardMaterial {
            base_color: Color::srgba(0.55, 0.95, 1.0, 0.8),
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        });
        let emissive = |color: LinearRgba, materials: &mut Assets<StandardMaterial>| {
            materials.add(StandardMaterial {
                base_color: Color::BLACK,
                emissive: color,
                unlit: false,
                ..default()
            })
        };
        let glow_material = emissive(LinearRgba::rgb(6.0, 4.5, 1.2), materials);
        let link_material = emissive(LinearRgba::rgb(3.5, 2.6, 0.6), materials);
        let push_material = emissive(LinearRgba::rgb(9.0, 0.9, 0.2), materials);
        let shove_material = emissive(LinearRgba::rgb(2.5, 2.5, 3.0), materials);
        // White-hot: under bloom it flares past the pieces' edges.
        let spark_material = emissive(LinearRgba::rgb(30.0, 14.0, 4.0), materials);
        MagnetLooks {
            bodies: Kind::ALL.map(|k| meshes.add(extruded(&outline(k)))),
            owner,
            pole,
            bar: meshes.add(Cuboid::new(1.0, 1.0, 1.0)),
            stud: meshes.add(Cylinder::new(0.075, BODY_HEIGHT + 0.04)),
            glow: meshes.add(Torus::new(0.38, 0.5)),
            glow_material,
            link: meshes.add(Cylinder::new(0.085, 1.0)),
            link_material,
            arrow: meshes.add(Cone::new(0.2, 0.36)),
            spark: meshes.add(Sphere::new(0.15)),
            spark_material,
            push_material,
            shove_material,
            marker: meshes.add(Cylinder::new(0.28, 0.03)),
            marker_ring: meshes.add(crate::app::boards::marks::frame(32, 0.0, 0.36, 0.29)),
            marker_cross: meshes.add(crate::app::boards::marks::cross(0.2, 0.07)),
            marker_sign,
            marker_move,
            marker_pull,
            marker_illegal,
            selected,
            ghost,
            ghost_link,
            ghost_floor,
        }
    }

    fn pole_material(&self, pole: Pole) -> Handle<StandardMaterial> {
        match pole {
            Pole::Plus => self.pole[0].clone(),
            Pole::Minus => self.pole[1].clone(),
            Pole::Neutral => self.pole[2].clone(),
        }
    }
}

/// A magnet on the board, by its rules id.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Magnet {
    pub id: u8,
    pub kind: Kind,
    pub owner: Side,
}

/// The glow ring under a magnet, flashed while it acts.
#[derive(Component)]
pub struct Glow;

/// The resting transform of a piece of `owner` on `cell`.
pub fn rest_transform(cell: Cell, owner: Side) -> Transform {
    let at = super::BOARD.center(cell.x() as i32, cell.y() as i32);
    // White's front is North (-z); Black's pieces are White's turned half round (V1).
    let turn = match owner {
        Side::White => 0.0,
        Side::Black => PI,
    };
    Transform::from_translation(at).with_rotation(Quat::from_rotation_y(turn))
}

/// Spawns a magnet with its pole marks and glow ring; returns (piece, glow).
pub fn spawn_magnet(
    commands: &mut Commands,
    looks: &MagnetLooks,
    magnet: Magnet,
    cell: Cell,
) -> (Entity, Entity) {
    let points = outline(magnet.kind);
    let mut glow = Entity::PLACEHOLDER;
    let piece = commands
        .spawn((
            Name::new(format!("{} {}", magnet.owner.name(), magnet.kind.name())),
            magnet,
            crate::app::table::TablePart,
            DespawnOnExit(crate::app::Screen::Playing),
            Mesh3d(looks.bodies[magnet.kind.index()].clone()),
            MeshMaterial3d(looks.owner[magnet.owner.index()].clone()),
            rest_transform(cell, magnet.owner),
        ))
        .with_children(|parent| {
            for (i, face) in magnet.kind.faces().iter().enumerate() {
                let frame = Frame::ALL[i];
                let (hit, tangent, edge) = outline_hit(&points, frame_vector(frame));
                let material = looks.pole_material(face.pole);
                if face.edge {
                    let out = Vec2::new(tangent.y, -tangent.x);
                    let turn = Quat::from_rotation_y(tangent.y.atan2(tangent.x));
                    let length = edge * 0.78;
                    // A plate over the side face, just proud of it...
                    parent.spawn((
                        Mesh3d(looks.bar.clone()),
                        MeshMaterial3d(material.clone()),
                        Transform::from_translation(to_world(
                            hit + out * 0.012,
                            BODY_HEIGHT * 0.62,
                        ))
                        .with_rotation(turn)
                        .with_scale(Vec3::new(
                            length,
                            BODY_HEIGHT * 0.62,
                            0.03,
                        )),
                        Pickable::IGNORE,
                    ));
                    // ...its sign on the top, inside the strip: a shape, so the poles
                    // read without telling red from blue...
                    spawn_sign(
                        parent,
                        looks,
                        &material,
                        face.pole,
                        hit - out * 0.17,
                        turn,
                        0.13,
                    );
                    // ...and a strip along the top, which a camera from above sees.
                    parent.spawn((
                        Mesh3d(looks.bar.clone()),
                        MeshMaterial3d(material),
                        Transform::from_translation(to_world(hit - out * 0.05, BODY_HEIGHT))
                            .with_rotation(turn)
                            .with_scale(Vec3::new(length, 0.02, 0.085)),
                        Pickable::IGNORE,
                    ));
                } else {
                    spawn_sign(
                        parent,
                        looks,
                        &material,
                        face.pole,
                        hit * 0.64,
                        Quat::IDENTITY,
                        0.09,
                    );
                    // A post up the corner, its top flush with a stud's.
                    parent.spawn((
                        Mesh3d(looks.stud.clone()),
                        MeshMaterial3d(material),
                        Transform::from_translation(to_world(
                            hit * 0.9,
                            (BODY_HEIGHT + 0.04) / 2.0,
                        )),
                        Pickable::IGNORE,
                    ));
                }
            }
            glow = parent
                .spawn((
                    Glow,
                    Mesh3d(looks.glow.clone()),
                    MeshMaterial3d(looks.glow_material.clone()),
                    Transform::from_xyz(0.0, 0.02, 0.0).with_scale(Vec3::ZERO),
                    Pickable::IGNORE,
                ))
                .id();
        })
        .id();
    (piece, glow)
}

/// A pole's sign as the rulebook writes it, lying on the piece's top at `at`: `+` two
/// crossed bars, `-` one bar along the edge (turned by `turn`), nothing for neutral.
fn spawn_sign(
    parent: &mut ChildSpawnerCommands,
    looks: &MagnetLooks,
    material: &Handle<StandardMaterial>,
    pole: Pole,
    at: Vec2,
    turn: Quat,
    size: f32,
) {
    let bars: &[Quat] = match pole {
        Pole::Plus => &[Quat::IDENTITY, Quat::from_rotation_y(FRAC_PI_2)],
        Pole::Minus => &[Quat::IDENTITY],
        Pole::Neutral => &[],
    };
    for bar in bars {
        parent.spawn((
            Sign(pole),
            Mesh3d(looks.bar.clone()),
            MeshMaterial3d(material.clone()),
            Transform::from_translation(to_world(at, BODY_HEIGHT + 0.006))
                .with_rotation(turn * *bar)
                .with_scale(Vec3::new(size, 0.012, size * 0.26)),
            Pickable::IGNORE,
        ));
    }
}

/// Paints the + and - poles in the colour vision's palette (neutral stays grey).
pub(super) fn recolour_poles(
    vision: Res<crate::app::look::ColourVision>,
    looks: Res<MagnetLooks>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut painted: Local<Option<crate::colour_vision::Vision>>,
) {
    if *painted == Some(vision.0) {
        return;
    }
    *painted = Some(vision.0);
    let poles = vision.0.palette().poles;
    for (handle, (colour, glow)) in looks.pole.iter().zip(poles.into_iter().zip(POLE_GLOW)) {
        if let Some(mut material) = materials.get_mut(handle) {
            let colour = crate::app::look::srgb(colour);
            material.base_color = colour;
            material.emissive = LinearRgba::from(colour) * glow;
        }
    }
}

/// How much the + and - poles glow (blue reads darker on gunmetal, so it glows more).
const POLE_GLOW: [f32; 2] = [0.35, 0.6];

/// One bar of a pole's sign on a magnet's top.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sign(pub Pole);

#[cfg(test)]
mod tests {
    use super::*;

    /// Every face is met, well out from the centre, and no shape reaches past its cell
    /// (a unit square) into a neighbour's.
    #[test]
    fn every_frame_direction_meets_the_outline_inside_its_cell() {
        for kind in Kind::ALL {
            let points = outline(kind);
            for frame in Frame::ALL {
                let (hit, _, _) = outline_hit(&points, frame_vector(frame));
                assert!(hit.length() > 0.2, "{kind:?} {frame:?}: {hit}");
            }
            for p in &points {
                assert!(p.x.abs() < 0.5 && p.y.abs() < 0.5, "{kind:?}: {p}");
            }
        }
    }

    #[test]
    fn square_edges_face_the_orthogonal_directions() {
        let points = outline(Kind::Square);
        let (hit, tangent, _) = outline_hit(&points, frame_vector(Frame::Front));
        assert!(
            (hit - Vec2::new(0.0, 0.36 * OUTLINE_SCALE)).length() < 1e-4
                || (hit - Vec2::new(0.0, -0.36 * OUTLINE_SCALE)).length() < 1e-4
        );
        assert!(tangent.y.abs() < 1e-4, "the front edge runs across");
    }
}
