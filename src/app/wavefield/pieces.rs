//! The four Wave Field pieces as 3D models built from primitives, in Red and Blue; the
//! warning ring of an unstable piece; and the move markers of W10.

use bevy::prelude::*;

use super::surface;
use crate::app::Screen;
use crate::app::boards::BoardLabel;
use crate::rules::wavefield::geometry::CELLS;
use crate::rules::wavefield::views::{Marker, MarkerKind};
use crate::rules::wavefield::{Cell, Kind, PieceId, Side};

/// Meshes and materials shared by every piece and marker.
#[derive(Resource, Clone)]
pub struct Looks {
    /// Per kind: the pickable body and its decorations (mesh, transform, accent?).
    pub bodies: [Handle<Mesh>; 4],
    pub brim: Handle<Mesh>,
    pub dome: Handle<Mesh>,
    pub merlon: Handle<Mesh>,
    pub band: Handle<Mesh>,
    pub crown: Handle<Mesh>,
    pub knob: Handle<Mesh>,
    pub owner: [Handle<StandardMaterial>; 2],
    pub accent: Handle<StandardMaterial>,
    pub gold: Handle<StandardMaterial>,
    pub warning_ring: Handle<Mesh>,
    pub warning: Handle<StandardMaterial>,
    pub ring: Handle<Mesh>,
    pub legal: Handle<StandardMaterial>,
    pub disc: Handle<Mesh>,
    pub diamond: Handle<Mesh>,
    pub yellow: Handle<StandardMaterial>,
    pub selected: Handle<StandardMaterial>,
    pub burst: Handle<Mesh>,
    pub burst_material: Handle<StandardMaterial>,
    /// A foreseen piece of each side: translucent, and the ring on its square (cyan, the
    /// foresight's own colour).
    pub ghost: [Handle<StandardMaterial>; 2],
    pub ghost_floor: Handle<StandardMaterial>,
}

fn standing(mesh: impl Into<Mesh>, height: f32) -> Mesh {
    mesh.into().translated_by(Vec3::Y * height / 2.0)
}

impl Looks {
    pub fn new(meshes: &mut Assets<Mesh>, materials: &mut Assets<StandardMaterial>) -> Self {
        let mut mat = |color: Color, rough: f32, metal: f32| {
            materials.add(crate::app::stage::finish(color, rough, metal))
        };
        let owner = [
            mat(Color::srgb(0.78, 0.06, 0.08), 0.28, 0.15),
            mat(Color::srgb(0.06, 0.2, 0.72), 0.28, 0.15),
        ];
        let accent = mat(Color::srgb(0.93, 0.9, 0.82), 0.45, 0.0);
        let gold = mat(Color::srgb(0.95, 0.74, 0.25), 0.25, 0.8);
        let mut glow = |color: LinearRgba, base: Color| {
            materials.add(StandardMaterial {
                base_color: base,
                emissive: color,
                ..default()
            })
        };
        let warning = glow(LinearRgba::rgb(1.6, 1.1, 0.0), Color::srgb(1.0, 0.8, 0.0));
        let legal = glow(LinearRgba::rgb(2.2, 2.2, 2.2), Color::WHITE);
        let yellow = glow(LinearRgba::rgb(0.9, 0.6, 0.0), Color::srgb(1.0, 0.78, 0.0));
        let selected = glow(LinearRgba::rgb(3.0, 2.6, 1.2), Color::srgb(1.0, 0.95, 0.7));
        let burst_material = materials.add(StandardMaterial {
            base_color: Color::srgba(1.0, 0.45, 0.08, 0.55),
            emissive: LinearRgba::rgb(2.4, 0.7, 0.08),
            alpha_mode: AlphaMode::Blend,
            ..default()
        });
        let see_through = |materials: &mut Assets<StandardMaterial>, color: Color| {
            materials.add(StandardMaterial {
                alpha_mode: AlphaMode::Blend,
                ..crate::app::stage::finish(color, 0.3, 0.0)
            })
        };
        let ghost = [
            see_through(materials, Color::srgba(0.85, 0.15, 0.15, 0.55)),
            see_through(materials, Color::srgba(0.2, 0.35, 0.9, 0.55)),
        ];
        let ghost_floor = materials.add(StandardMaterial {
            base_color: Color::srgba(0.55, 0.95, 1.0, 0.85),
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        });
        Looks {
            ghost,
            ghost_floor,
            bodies: [
                // Round Hat: a low crown under a dome.
                meshes.add(standing(Cylinder::new(0.2, 0.16), 0.16)),
                // Tower: a tall column.
                meshes.add(standing(Cylinder::new(0.17, 0.56), 0.56)),
                // Triangle Hat: a cone.
                meshes.add(standing(Cone::new(0.25, 0.6), 0.6)),
                // Big Hat: a tall, slightly tapered crown.
                meshes.add(standing(
                    ConicalFrustum {
                        radius_top: 0.19,
                        radius_bottom: 0.24,
                        height: 0.62,
                    },
                    0.62,
                )),
            ],
            brim: meshes.add(standing(Cylinder::new(0.33, 0.05), 0.05)),
            dome: meshes.add(Sphere::new(0.2).mesh().uv(24, 12)),
            merlon: meshes.add(standing(Cuboid::new(0.1, 0.1, 0.1), 0.1)),
            band: meshes.add(standing(Cylinder::new(0.245, 0.08), 0.08)),
            crown: meshes.add(standing(Cylinder::new(0.215, 0.05), 0.05)),
            knob: meshes.add(Sphere::new(0.07).mesh().uv(16, 8)),
            owner,
            accent,
            gold,
            warning_ring: meshes.add(Torus::new(0.34, 0.42)),
            warning,
            ring: meshes.add(Torus::new(0.22, 0.3)),
            legal,
            disc: meshes.add(standing(Cylinder::new(0.26, 0.04), 0.04)),
            diamond: meshes.add(standing(Cuboid::new(0.34, 0.05, 0.34), 0.05)),
            yellow,
            selected,
            burst: meshes.add(
                Sphere::new(0.5)
                    .mesh()
                    .ico(3)
                    .unwrap_or_else(|_| Sphere::new(0.5).mesh().uv(16, 8)),
            ),
            burst_material,
        }
    }
}

/// A piece on the table, by its rules id.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceView {
    pub id: PieceId,
    pub kind: Kind,
    pub owner: Side,
}

/// The pulsing ring of an unstable piece (W8).
#[derive(Component)]
pub struct WarningRing;

/// Where a piece on `cell` stands, on the surface of `field` (whole units).
pub fn rest_transform(cell: Cell, field: &[f32; CELLS]) -> Transform {
    Transform::from_translation(cell_point(cell, surface::lift(field[cell.index()])))
}

/// The world point over `cell` at height `y`. Columns A..G run along +x; row 1 (Red's
/// back row) is nearest the first seat (+z).
pub fn cell_point(cell: Cell, y: f32) -> Vec3 {
    Vec3::new(cell.x() as f32 - 3.0, y, cell.y() as f32 - 3.0)
}

/// The cell under a board cell of `boards.rs` (row 0 nearest the first seat).
pub fn board_cell(x: i32, y: i32) -> Option<Cell> {
    Cell::new(x, 6 - y)
}

/// Spawns a piece with its decorations and its warning ring; returns (piece, ring).
pub fn spawn_piece(
    commands: &mut Commands,
    looks: &Looks,
    view: PieceView,
    at: Transform,
) -> (Entity, Entity) {
    let body = looks.owner[view.owner.index()].clone();
    let mut ring = Entity::PLACEHOLDER;
    let piece = commands
        .spawn((
            Name::new(format!("{} {}", view.owner.name(), view.kind.name())),
            view,
            crate::app::table::TablePart,
            DespawnOnExit(Screen::Playing),
            Mesh3d(looks.bodies[view.kind.index()].clone()),
            MeshMaterial3d(body.clone()),
            at,
        ))
        .with_children(|parent| {
            let mut part =
                |mesh: &Handle<Mesh>, material: &Handle<StandardMaterial>, t: Transform| {
                    parent.spawn((
                        Mesh3d(mesh.clone()),
                        MeshMaterial3d(material.clone()),
                        t,
                        Pickable::IGNORE,
                    ));
                };
            match view.kind {
                Kind::RoundHat => {
                    part(&looks.brim, &looks.accent, Transform::default());
                    part(&looks.dome, &body, Transform::from_xyz(0.0, 0.14, 0.0));
                    part(
                        &looks.band,
                        &looks.accent,
                        Transform::from_xyz(0.0, 0.05, 0.0).with_scale(Vec3::new(0.86, 0.8, 0.86)),
                    );
                }
                Kind::Tower => {
                    part(
                        &looks.brim,
                        &looks.accent,
                        Transform::from_scale(Vec3::new(0.8, 1.0, 0.8)),
                    );
                    part(&looks.crown, &body, Transform::from_xyz(0.0, 0.52, 0.0));
                    for i in 0..4 {
                        let a = i as f32 * std::f32::consts::FRAC_PI_2;
                        part(
                            &looks.merlon,
                            &looks.accent,
                            Transform::from_xyz(0.15 * a.cos(), 0.56, 0.15 * a.sin())
                                .with_rotation(Quat::from_rotation_y(-a)),
                        );
                    }
                }
                Kind::TriangleHat => {
                    part(&looks.brim, &looks.accent, Transform::default());
                    part(
                        &looks.knob,
                        &looks.accent,
                        Transform::from_xyz(0.0, 0.6, 0.0).with_scale(Vec3::splat(0.6)),
                    );
                }
                Kind::BigHat => {
                    part(
                        &looks.brim,
                        &body,
                        Transform::from_scale(Vec3::new(1.3, 1.0, 1.3)),
                    );
                    part(
                        &looks.band,
                        &looks.gold,
                        Transform::from_xyz(0.0, 0.08, 0.0),
                    );
                    part(
                        &looks.crown,
                        &looks.accent,
                        Transform::from_xyz(0.0, 0.6, 0.0).with_scale(Vec3::new(0.92, 1.0, 0.92)),
                    );
                    part(&looks.knob, &looks.gold, Transform::from_xyz(0.0, 0.7, 0.0));
                }
            }
            ring = parent
                .spawn((
                    WarningRing,
                    Mesh3d(looks.warning_ring.clone()),
                    MeshMaterial3d(looks.warning.clone()),
                    Transform::from_xyz(0.0, 0.03, 0.0),
                    Visibility::Hidden,
                    Pickable::IGNORE,
                ))
                .id();
        })
        .id();
    (piece, ring)
}

/// A destination marker: clicking it plays the move (or says why it can't).
#[derive(Component, Clone, Copy, Debug)]
pub struct Target {
    pub to: Cell,
    pub kind: MarkerKind,
    pub own_losses: u8,
}

impl Target {
    /// The rules' marker this one draws.
    pub fn marker(&self) -> Marker {
        Marker {
            to: self.to,
            kind: self.kind,
            own_losses: self.own_losses,
        }
    }
}

/// Spawns the W10 marker for `kind` over `cell` at surface height `y`: white ring (legal),
/// yellow disc with B (blocked by the Big Hat rule), yellow diamond with ! (costs one of
/// your own pieces). Returns every entity spawned.
pub fn spawn_marker(commands: &mut Commands, looks: &Looks, target: Target, y: f32) -> Vec<Entity> {
    let at = cell_point(target.to, y + 0.03);
    let (mesh, material, rotation, letter) = match target.kind {
        MarkerKind::Legal => (
            looks.ring.clone(),
            looks.legal.clone(),
            Quat::IDENTITY,
            None,
        ),
        MarkerKind::BlockedByBigHat => (
            looks.disc.clone(),
            looks.yellow.clone(),
            Quat::IDENTITY,
            Some("B"),
        ),
        MarkerKind::CostsOwnPiece => (
            looks.diamond.clone(),
            looks.yellow.clone(),
            Quat::from_rotation_y(std::f32::consts::FRAC_PI_4),
            Some("!"),
        ),
    };
    let mut out = vec![
        commands
            .spawn((
                Name::new("Move marker"),
                target,
                crate::app::table::TablePart,
                DespawnOnExit(Screen::Playing),
                Mesh3d(mesh),
                MeshMaterial3d(material),
                Transform::from_translation(at).with_rotation(rotation),
            ))
            .id(),
    ];
    if let Some(letter) = letter {
        out.push(
            commands
                .spawn((
                    BoardLabel {
                        world: at + Vec3::Y * 0.06,
                    },
                    crate::app::table::TablePart,
                    crate::app::ui::LayoutChecked("label marker"),
                    DespawnOnExit(Screen::Playing),
                    Pickable::IGNORE,
                    Text::new(letter),
                    TextFont::from_font_size(20.0),
                    TextColor(Color::srgb(0.12, 0.08, 0.0)),
                    Node {
                        position_type: PositionType::Absolute,
                        ..default()
                    },
                ))
                .id(),
        );
    }
    out
}

/// The ring under the selected piece.
pub fn spawn_selection(commands: &mut Commands, looks: &Looks, cell: Cell, y: f32) -> Entity {
    commands
        .spawn((
            Name::new("Selection"),
            crate::app::table::TablePart,
            DespawnOnExit(Screen::Playing),
            Mesh3d(looks.warning_ring.clone()),
            MeshMaterial3d(looks.selected.clone()),
            Transform::from_translation(cell_point(cell, y + 0.02))
                .with_scale(Vec3::new(1.05, 0.6, 1.05)),
            Pickable::IGNORE,
        ))
        .id()
}

/// Pulses the warning rings of unstable pieces.
pub fn pulse_warnings(time: Res<Time>, mut rings: Query<&mut Transform, With<WarningRing>>) {
    let s = 1.0 + 0.12 * (time.elapsed_secs() * 5.0).sin();
    for mut t in &mut rings {
        let scale = Vec3::new(s, 1.0, s);
        if t.scale != scale {
            t.scale = scale;
        }
    }
}

/// Paints the two sides' pieces and ghosts in the colour vision's palette.
pub(super) fn recolour_sides(
    vision: Res<crate::app::look::ColourVision>,
    looks: Res<Looks>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut painted: Local<Option<crate::colour_vision::Vision>>,
) {
    if *painted == Some(vision.0) {
        return;
    }
    *painted = Some(vision.0);
    // The palette names the sides as the rules do (blue, red); the looks keep red first.
    let [blue, red] = vision.0.palette().sides;
    for (i, colour) in [red, blue].into_iter().enumerate() {
        // The pieces a shade deeper than the territory they stand on.
        let deep = crate::app::look::srgb(colour.map(|c| c * 0.8));
        if let Some(mut material) = materials.get_mut(&looks.owner[i]) {
            material.base_color = deep;
        }
        if let Some(mut material) = materials.get_mut(&looks.ghost[i]) {
            material.base_color = crate::app::look::srgb(colour).with_alpha(0.55);
        }
    }
}
