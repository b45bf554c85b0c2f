//! The shared 3D stage every board stands on: a table, a key light with shadows, soft
//! fill, and the camera.

use bevy::camera::RenderTarget;
use bevy::light::GlobalAmbientLight;
use bevy::prelude::*;

use super::camera::OrbitCamera;

pub fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.05, 0.055, 0.07)))
        .insert_resource(GlobalAmbientLight {
            color: Color::srgb(0.75, 0.8, 1.0),
            brightness: 180.0,
            ..default()
        })
        .add_systems(Startup, spawn_stage);
}

/// Marks the main 3D camera.
#[derive(Component)]
pub struct MainCamera;

/// Where the camera renders; `None` is the primary window.
#[derive(Resource, Clone, Default)]
pub struct CameraTarget(pub Option<Handle<Image>>);

fn spawn_stage(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    target: Option<Res<CameraTarget>>,
) {
    // The table: a wide dark-wood disc the boards sit on.
    commands.spawn((
        Name::new("Table"),
        Mesh3d(meshes.add(Cylinder::new(16.0, 0.4))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: Color::srgb(0.22, 0.13, 0.08),
            perceptual_roughness: 0.55,
            reflectance: 0.3,
            ..default()
        })),
        Transform::from_xyz(0.0, -0.45, 0.0),
    ));
    // Key light: warm, from the upper left, casting the shadows that make the pieces read.
    commands.spawn((
        Name::new("Key light"),
        DirectionalLight {
            illuminance: 9_000.0,
            color: Color::srgb(1.0, 0.96, 0.9),
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(-6.0, 14.0, 7.0).looking_at(Vec3::ZERO, Vec3::Y),
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
        Msaa::Sample4,
        orbit.transform(),
        orbit,
    ));
    if let Some(target) = target.and_then(|t| t.0.clone()) {
        camera.insert(RenderTarget::Image(target.into()));
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
