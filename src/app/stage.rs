//! The shared 3D stage every board stands on: a wide wooden table, a key light with
//! shadows, soft fill, and the camera. The studio around it and the camera's effects are
//! the look's (`look`).

use bevy::camera::RenderTarget;
use bevy::light::GlobalAmbientLight;
use bevy::prelude::*;

use super::camera::{MainCamera, OrbitCamera};
use super::look::KeyLight;

pub fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.05, 0.055, 0.07)))
        .insert_resource(GlobalAmbientLight {
            color: Color::srgb(0.75, 0.8, 1.0),
            brightness: AMBIENT,
            ..default()
        })
        .add_systems(Startup, spawn_stage);
}

/// Ambient light under the studio's environment light (it lifts the shadows a little).
pub const AMBIENT: f32 = 90.0;

/// The table's top surface, below the boards.
pub const TABLE_TOP: f32 = -0.25;

/// Half the table's side: wide enough that no default camera sees its edge before the
/// fog has faded it into the studio.
const TABLE_HALF: f32 = 80.0;

/// Where the camera renders; `None` is the primary window.
#[derive(Resource, Clone, Default)]
pub struct CameraTarget(pub Option<Handle<Image>>);

fn spawn_stage(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    target: Option<Res<CameraTarget>>,
    studio: Option<Res<super::look::Studio>>,
) {
    commands.spawn((
        Name::new("Table"),
        Mesh3d(
            meshes.add(
                Mesh::from(Cuboid::new(TABLE_HALF * 2.0, 0.4, TABLE_HALF * 2.0))
                    .with_generated_tangents()
                    .unwrap_or_else(|_| {
                        Mesh::from(Cuboid::new(TABLE_HALF * 2.0, 0.4, TABLE_HALF * 2.0))
                    }),
            ),
        ),
        MeshMaterial3d(materials.add(table_material(studio.as_deref()))),
        Transform::from_xyz(0.0, TABLE_TOP - 0.2, 0.0),
    ));
    // Key light: warm, from the upper left and fairly low, so the pieces' shadows read.
    commands.spawn((
        Name::new("Key light"),
        KeyLight,
        DirectionalLight {
            illuminance: 8_000.0,
            color: Color::srgb(1.0, 0.95, 0.88),
            shadow_maps_enabled: true,
            ..default()
        },
        // One cascade covers a board seen from a seat: the default four cost a software
        // renderer four shadow passes a frame for no visible gain.
        bevy::light::CascadeShadowConfigBuilder {
            num_cascades: 1,
            maximum_distance: 34.0,
            ..default()
        }
        .build(),
        Transform::from_xyz(-10.0, 9.0, 5.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    // Fill: cool and soft from the opposite side, no shadows.
    commands.spawn((
        Name::new("Fill light"),
        DirectionalLight {
            illuminance: 2_200.0,
            color: Color::srgb(0.8, 0.87, 1.0),
            shadow_maps_enabled: false,
            ..default()
        },
        Transform::from_xyz(8.0, 6.0, -6.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    let orbit = OrbitCamera::default();
    let mut camera = commands.spawn((
        Name::new("Camera"),
        MainCamera,
        Camera3d::default(),
        // The HUD and menu draw on this camera also when it renders into an image.
        IsDefaultUiCamera,
        orbit.transform(),
        orbit,
    ));
    if let Some(target) = target.and_then(|t| t.0.clone()) {
        camera.insert(RenderTarget::Image(target.into()));
    }
}

/// The table: dark walnut planks with a satin finish, their grain, normals and roughness
/// repeating every 32 units (no default camera sees a repeat); the old tiled grain where
/// the planks are not made (headless apps).
fn table_material(studio: Option<&super::look::Studio>) -> StandardMaterial {
    let walnut = Color::srgb(0.30, 0.19, 0.12);
    match studio.and_then(|s| s.table.clone()) {
        Some([albedo, normal, roughness]) => StandardMaterial {
            base_color: walnut,
            base_color_texture: Some(albedo),
            normal_map_texture: Some(normal),
            metallic_roughness_texture: Some(roughness),
            perceptual_roughness: 1.0,
            metallic: 0.0,
            uv_transform: bevy::math::Affine2::from_scale(Vec2::splat(
                TABLE_HALF * 2.0 / super::look::wood::TABLE_REPEAT,
            )),
            reflectance: 0.4,
            ..default()
        },
        None => StandardMaterial {
            base_color: Color::srgb(0.26, 0.16, 0.10),
            base_color_texture: studio.map(|s| s.wood.clone()),
            uv_transform: bevy::math::Affine2::from_scale(Vec2::splat(TABLE_HALF / 3.0)),
            perceptual_roughness: 0.42,
            reflectance: 0.4,
            ..default()
        },
    }
}

/// A plain painted finish: a colour, its roughness and how metallic it is.
pub fn finish(color: Color, roughness: f32, metallic: f32) -> StandardMaterial {
    StandardMaterial {
        base_color: color,
        perceptual_roughness: roughness,
        metallic,
        ..default()
    }
}
