//! How the game looks: the studio around the table, the post-processing chain (HDR,
//! bloom, filmic tonemapping, anti-aliasing, fog, vignette), the quality presets that
//! switch them, and the shared palette of glows.

mod environment;
mod fit;
pub mod fonts;
mod planks;
pub mod studio;
mod table_maps;
mod table_wood;
pub mod wood;

use bevy::anti_alias::fxaa::Fxaa;
use bevy::camera::Hdr;
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::light::{EnvironmentMapLight, GeneratedEnvironmentMapLight, Skybox};
use bevy::post_process::bloom::Bloom;
use bevy::post_process::effect_stack::Vignette;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::camera::MainCamera;
pub use planks::{PlanksArriving, PlanksLater};

/// The height of the picture an offscreen command draws, known before the app starts
/// (inserted by it): the studio's textures are made no finer than that picture shows.
/// The window has none, and gets the finest.
#[derive(Resource, Debug, Clone, Copy)]
pub struct PictureRows(pub u32);

/// The shadow-casting key light (the quality preset switches its shadows).
#[derive(Component)]
pub struct KeyLight;

pub fn plugin(app: &mut App) {
    app.add_plugins((
        fonts::plugin,
        environment::plugin,
        fit::plugin,
        planks::plugin,
    ))
    .init_resource::<Quality>()
    .init_resource::<LookOptions>()
    .init_resource::<ColourVision>()
    .init_resource::<TerritoryPattern>()
    .add_systems(PreStartup, make_studio)
    .add_systems(Update, apply_quality);
}

/// The colour vision the paired colours are chosen for (the setting, `--colour-vision`):
/// each game recolours what it pairs by colour from [`crate::colour_vision::Vision::palette`].
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ColourVision(pub crate::colour_vision::Vision);

/// Wave Field's territory carries a pattern besides its colour (the setting,
/// `--territory-pattern`): hatching where the field is positive, dots where negative,
/// nothing at zero.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TerritoryPattern(pub bool);

/// `colour` (sRGB channels) as a Bevy colour.
pub fn srgb(colour: crate::colour_vision::Srgb) -> Color {
    Color::srgb(colour[0], colour[1], colour[2])
}

/// How much of the look the machine is asked to draw. Every preset keeps HDR, bloom and
/// the filmic tonemapper (they cost next to nothing); the presets differ in what costs.
#[derive(Resource, Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Quality {
    /// No shadows, no environment light, no anti-aliasing, no fog.
    Low,
    /// Shadows, the studio's environment light and backdrop, FXAA (unless turned off).
    Medium,
    /// Medium plus depth fog and a vignette.
    #[default]
    High,
}

impl Quality {
    pub const ALL: [Quality; 3] = [Quality::Low, Quality::Medium, Quality::High];

    pub fn name(self) -> &'static str {
        match self {
            Quality::Low => "low",
            Quality::Medium => "medium",
            Quality::High => "high",
        }
    }

    /// The next preset, wrapping round (F3).
    pub fn next(self) -> Quality {
        match self {
            Quality::Low => Quality::Medium,
            Quality::Medium => Quality::High,
            Quality::High => Quality::Low,
        }
    }

    pub fn shadows(self) -> bool {
        self != Quality::Low
    }

    pub fn environment(self) -> bool {
        self != Quality::Low
    }

    pub fn atmosphere(self) -> bool {
        self == Quality::High
    }
}

/// Switches beside the preset, for measuring what one effect costs (`bench app --bloom`).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LookOptions {
    pub bloom: bool,
    /// FXAA on the presets that have it (the settings' anti-aliasing).
    pub antialiasing: bool,
}

impl Default for LookOptions {
    fn default() -> Self {
        LookOptions {
            bloom: true,
            antialiasing: true,
        }
    }
}

/// The studio cubemap, shared by the backdrop and the environment light.
#[derive(Resource, Clone)]
pub struct Studio {
    pub cubemap: Handle<Image>,
    /// Grey wood grain, tinted per material.
    pub wood: Handle<Image>,
    /// The table top's planks (colour, normal map, roughness); made only where the app
    /// draws (a headless app would spend 0.4 s on them for nothing).
    pub table: Option<[Handle<Image>; 3]>,
}

fn make_studio(
    mut commands: Commands,
    images: Option<ResMut<Assets<Image>>>,
    renders: Option<Res<bevy::render::renderer::RenderDevice>>,
    later: Option<Res<PlanksLater>>,
    gate: Option<Res<planks::PlanksGate>>,
    rows: Option<Res<PictureRows>>,
) {
    let Some(mut images) = images else {
        return;
    };
    let _step = super::start_trace::span("studio textures made");
    let rows = rows.map(|r| r.0);
    let table = renders.map(|_| {
        let (send, planks) = std::sync::mpsc::channel();
        let gate = match later.as_deref() {
            Some(PlanksLater::AfterFirstFrame) => {
                gate.as_deref().and_then(planks::PlanksGate::take)
            }
            _ => None,
        };
        let on_a_thread = later.is_some()
            && std::thread::Builder::new()
                .name("table planks".into())
                .spawn(move || {
                    // Until the first whole frame: the planks' core goes to the pipelines.
                    if let Some(gate) = gate {
                        let _ = gate.recv();
                    }
                    let _step = super::start_trace::span("table planks made");
                    let _ = send.send(wood::table_wood(rows));
                })
                .is_ok();
        let now = if on_a_thread {
            wood::table_wood_preview()
        } else {
            wood::table_wood(rows)
        };
        let handles = [now.albedo, now.normal, now.roughness].map(|image| images.add(image));
        if on_a_thread {
            commands.insert_resource(PlanksArriving {
                planks: std::sync::Mutex::new(planks),
                images: handles.clone(),
            });
        }
        handles
    });
    commands.insert_resource(Studio {
        cubemap: images.add(studio::cubemap()),
        wood: images.add(wood::texture()),
        table,
    });
}

/// Brightness of the backdrop and the environment light, cd/m² per unit of the cubemap.
const STUDIO_NITS: f32 = 900.0;

/// Registers a custom material whose WGSL is compiled into the binary (read from
/// `embedded://{path}`), with the renderer when there is one; headless test apps only get
/// the asset type.
pub fn embedded_material<M: Material>(app: &mut App, path: &'static str, wgsl: &'static [u8])
where
    MaterialPlugin<M>: Plugin,
{
    if app.is_plugin_added::<bevy::pbr::PbrPlugin>() {
        app.world_mut()
            .resource_mut::<bevy::asset::io::embedded::EmbeddedAssetRegistry>()
            .insert_asset(std::path::PathBuf::new(), std::path::Path::new(path), wgsl);
        app.add_plugins(MaterialPlugin::<M>::default());
    } else {
        app.init_asset::<M>();
    }
}

/// The depth fog: far table fades into the studio's walls.
fn fog() -> DistanceFog {
    let [r, g, b] = studio::HORIZON;
    DistanceFog {
        color: Color::linear_rgb(r, g, b),
        falloff: FogFalloff::Linear {
            start: 22.0,
            end: 60.0,
        },
        ..default()
    }
}

/// Puts the camera and the key light in line with the quality preset, on start and when
/// it changes.
fn apply_quality(
    mut commands: Commands,
    quality: Res<Quality>,
    options: Res<LookOptions>,
    studio: Option<Res<Studio>>,
    cameras: Query<Entity, Added<MainCamera>>,
    all_cameras: Query<Entity, With<MainCamera>>,
    mut lights: Query<&mut DirectionalLight, With<KeyLight>>,
    new_lights: Query<(), Added<KeyLight>>,
) {
    let changed = quality.is_changed() || options.is_changed();
    if !changed && cameras.is_empty() && new_lights.is_empty() {
        return;
    }
    let q = *quality;
    for mut light in &mut lights {
        if light.shadow_maps_enabled != q.shadows() {
            light.shadow_maps_enabled = q.shadows();
        }
    }
    let targets: Vec<Entity> = if changed {
        all_cameras.iter().collect()
    } else {
        cameras.iter().collect()
    };
    for camera in targets {
        let mut camera = commands.entity(camera);
        camera.insert((Hdr, Tonemapping::TonyMcMapface, Msaa::Off));
        if options.bloom {
            camera.insert(Bloom::NATURAL);
        } else {
            camera.remove::<Bloom>();
        }
        if q == Quality::Low || !options.antialiasing {
            camera.remove::<Fxaa>();
        } else {
            camera.insert(Fxaa::default());
        }
        match (&studio, q.environment()) {
            (Some(studio), true) => {
                camera.insert((
                    Skybox {
                        image: Some(studio.cubemap.clone()),
                        brightness: STUDIO_NITS,
                        ..default()
                    },
                    GeneratedEnvironmentMapLight {
                        environment_map: studio.cubemap.clone(),
                        intensity: STUDIO_NITS * 0.6,
                        ..default()
                    },
                ));
            }
            _ => {
                // The maps a generator made go too, or the light would stay.
                camera.remove::<(
                    Skybox,
                    GeneratedEnvironmentMapLight,
                    EnvironmentMapLight,
                    environment::FilteringSince,
                )>();
            }
        }
        if q.atmosphere() {
            camera.insert((
                fog(),
                Vignette {
                    intensity: 0.35,
                    radius: 0.9,
                    smoothness: 2.5,
                    ..default()
                },
            ));
        } else {
            camera.remove::<(DistanceFog, Vignette)>();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_cycle_through_all_three_and_only_high_adds_fog() {
        let mut q = Quality::Low;
        let mut seen = vec![q];
        for _ in 0..2 {
            q = q.next();
            seen.push(q);
        }
        assert_eq!(seen, Quality::ALL.to_vec());
        assert_eq!(q.next(), Quality::Low);
        assert!(Quality::High.atmosphere() && !Quality::Medium.atmosphere());
        assert!(!Quality::Low.shadows() && Quality::Medium.environment());
    }
}
