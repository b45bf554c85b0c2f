//! The studio's environment light, filtered once. Bevy's `GeneratedEnvironmentMapLight`
//! filters its cubemap again on every frame (a copy, a mip chain, the GGX and Lambertian
//! convolutions), which a software renderer pays for in every frame it draws. The studio
//! never changes, so once the render world has filtered it the camera keeps the filtered
//! maps (the `EnvironmentMapLight` the generator made) and drops the generator.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use bevy::light::{EnvironmentMapLight, GeneratedEnvironmentMapLight};
use bevy::pbr::generate::{GeneratorBindGroups, GeneratorPipelines, RenderEnvironmentMap};
use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::{Render, RenderApp, RenderSystems};

/// How many frames the render world has filtered an environment map in, shared by the
/// main world and the render world.
#[derive(Resource, Clone, Default)]
pub struct FilteredFrames(Arc<AtomicU64>);

impl FilteredFrames {
    fn count(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }

    /// One more frame filtered (the render world's side; tests stand in for it).
    pub fn add_one(&self) {
        self.0.fetch_add(1, Ordering::Relaxed);
    }
}

/// On a camera whose generator has made its maps: the filtered frames counted when the
/// main world first saw them. The generator goes once two more frames are filtered, so a
/// frame of an earlier generator, still in flight when this one began, never counts.
#[derive(Component)]
pub struct FilteringSince(u64);

/// Frames filtered after the maps are first seen before the generator goes.
const FRAMES: u64 = 2;

pub fn plugin(app: &mut App) {
    let filtered = FilteredFrames::default();
    app.insert_resource(filtered.clone())
        .add_systems(PostUpdate, keep_filtered_maps);
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app
            .insert_resource(filtered)
            .add_systems(Render, count_filtered.after(RenderSystems::Render));
    }
}

/// Counts a frame in which Bevy's filter ran: its pipelines ready and a map to filter,
/// the conditions its own systems check before they record the passes.
fn count_filtered(
    maps: Query<(), (With<GeneratorBindGroups>, With<RenderEnvironmentMap>)>,
    pipelines: Option<Res<GeneratorPipelines>>,
    cache: Res<PipelineCache>,
    filtered: Res<FilteredFrames>,
) {
    let Some(p) = pipelines else {
        return;
    };
    let ready = [
        p.copy,
        p.downsample_first,
        p.downsample_second,
        p.radiance,
        p.irradiance,
    ]
    .into_iter()
    .all(|id| cache.get_compute_pipeline(id).is_some());
    if ready && !maps.is_empty() {
        filtered.add_one();
    }
}

/// Drops the generator from a camera once its maps are filtered; they stay lit.
pub fn keep_filtered_maps(
    mut commands: Commands,
    filtered: Res<FilteredFrames>,
    cameras: Query<
        (Entity, Option<&FilteringSince>),
        (
            With<GeneratedEnvironmentMapLight>,
            With<EnvironmentMapLight>,
        ),
    >,
) {
    let now = filtered.count();
    for (camera, since) in &cameras {
        match since {
            None => {
                commands.entity(camera).insert(FilteringSince(now));
            }
            Some(since) if now >= since.0 + FRAMES => {
                commands
                    .entity(camera)
                    .remove::<(GeneratedEnvironmentMapLight, FilteringSince)>();
            }
            Some(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn camera_app() -> (App, Entity) {
        let mut app = App::new();
        app.init_resource::<FilteredFrames>()
            .add_systems(Update, keep_filtered_maps);
        let camera = app
            .world_mut()
            .spawn((
                GeneratedEnvironmentMapLight::default(),
                EnvironmentMapLight::default(),
            ))
            .id();
        (app, camera)
    }

    #[test]
    fn the_generator_goes_once_two_frames_are_filtered_after_its_maps_appear() {
        let (mut app, camera) = camera_app();
        let filtered = app.world().resource::<FilteredFrames>().clone();
        // A frame of an earlier generator counted before this one's maps were seen.
        filtered.add_one();
        app.update();
        filtered.add_one();
        app.update();
        let has = |app: &App| {
            let entity = app.world().entity(camera);
            (
                entity.contains::<GeneratedEnvironmentMapLight>(),
                entity.contains::<EnvironmentMapLight>(),
            )
        };
        assert_eq!(has(&app), (true, true), "one frame filtered is not enough");
        filtered.add_one();
        app.update();
        assert_eq!(has(&app), (false, true), "the filtered maps stay");
        assert!(!app.world().entity(camera).contains::<FilteringSince>());
    }

    #[test]
    fn nothing_filtered_keeps_the_generator() {
        let (mut app, camera) = camera_app();
        for _ in 0..5 {
            app.update();
        }
        assert!(
            app.world()
                .entity(camera)
                .contains::<GeneratedEnvironmentMapLight>()
        );
    }
}
