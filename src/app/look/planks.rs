//! The table's planks, made on a thread of their own (in the window once its first whole
//! frame is drawn, offscreen at once) and put in place of the small ones when they come.

use std::sync::Mutex;
use std::sync::mpsc::{Receiver, Sender};

use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::{Render, RenderApp, RenderSystems};

use super::wood;

pub fn plugin(app: &mut App) {
    app.add_systems(
        First,
        planks_arrive.run_if(resource_exists::<PlanksArriving>),
    );
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        let (open, gate) = std::sync::mpsc::channel();
        render_app
            .insert_resource(PlanksGateOpener(Mutex::new(Some(open))))
            .add_systems(
                Render,
                open_the_gate
                    .after(RenderSystems::Render)
                    .run_if(resource_exists::<PlanksGateOpener>),
            );
        app.insert_resource(PlanksGate(Mutex::new(Some(gate))));
    }
}

/// What the planks' thread waits for before it starts: under two cores, the 1.2 s of
/// one core it takes went to the pipelines the first frame waits on.
#[derive(Resource)]
pub(super) struct PlanksGate(Mutex<Option<Receiver<()>>>);

impl PlanksGate {
    /// The gate's receiving end, for the one thread that waits on it.
    pub(super) fn take(&self) -> Option<Receiver<()>> {
        self.0.lock().ok().and_then(|mut gate| gate.take())
    }
}

/// The render world's end of the gate: it opens once a frame is drawn with no pipeline
/// left compiling (as `start_trace` marks the first whole frame), and goes.
#[derive(Resource)]
struct PlanksGateOpener(Mutex<Option<Sender<()>>>);

fn open_the_gate(mut commands: Commands, opener: Res<PlanksGateOpener>, cache: Res<PipelineCache>) {
    if !crate::app::start_trace::pipelines_ready(&cache) {
        return;
    }
    if let Some(open) = opener.0.lock().ok().and_then(|mut open| open.take()) {
        // A thread that has gone (an offscreen run makes no thread) is no failure.
        let _ = open.send(());
    }
    commands.remove_resource::<PlanksGateOpener>();
}

/// Where the table's planks are made on a thread of their own, with small planks of the
/// same colour and sheen until they come (without it they are made before the first
/// frame, on the main thread).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlanksLater {
    /// The window: once its first whole frame is drawn, so it shows that frame without
    /// waiting for them.
    AfterFirstFrame,
    /// Offscreen runs (`render`, `film`, `bench app`): at once, while the renderer
    /// prepares its pipelines. The warm-up waits while [`PlanksArriving`] is there, so
    /// every picture has them.
    AtOnce,
}

/// The planks on their way from their thread, and the images they replace.
#[derive(Resource)]
pub struct PlanksArriving {
    pub(super) planks: std::sync::Mutex<std::sync::mpsc::Receiver<wood::TableWood>>,
    pub(super) images: [Handle<Image>; 3],
}

/// Puts the planks made on their thread in place of the small ones. The table's material
/// keeps its images, their contents change; it is marked changed too, or the renderer
/// would keep drawing it with the small planks it was first bound to.
fn planks_arrive(
    mut commands: Commands,
    arriving: Res<PlanksArriving>,
    mut images: ResMut<Assets<Image>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let received = match arriving.planks.lock().map(|planks| planks.try_recv()) {
        Ok(Err(std::sync::mpsc::TryRecvError::Empty)) => return,
        Ok(received) => received.ok(),
        Err(_) => None,
    };
    commands.remove_resource::<PlanksArriving>();
    let Some(planks) = received else {
        return;
    };
    let [albedo, normal, roughness] = &arriving.images;
    for (handle, image) in [
        (albedo, planks.albedo),
        (normal, planks.normal),
        (roughness, planks.roughness),
    ] {
        let _ = images.insert(handle, image);
    }
    let planked: Vec<AssetId<StandardMaterial>> = materials
        .iter()
        .filter(|(_, m)| m.base_color_texture.as_ref() == Some(albedo))
        .map(|(id, _)| id)
        .collect();
    for id in planked {
        if let Some(mut material) = materials.get_mut(id) {
            material.base_color_texture = Some(albedo.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The window's table once showed the small planks for good: their images changed,
    /// but the material bound to them did not.
    #[test]
    fn planks_arriving_mark_the_table_material_changed() {
        use bevy::asset::AssetEvent;
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::asset::AssetPlugin::default()))
            .init_asset::<Image>()
            .init_asset::<StandardMaterial>()
            .add_systems(
                First,
                planks_arrive.run_if(resource_exists::<PlanksArriving>),
            );
        let small = wood::table_wood_preview();
        let images = {
            let mut assets = app.world_mut().resource_mut::<Assets<Image>>();
            [small.albedo, small.normal, small.roughness].map(|image| assets.add(image))
        };
        let mut materials = app.world_mut().resource_mut::<Assets<StandardMaterial>>();
        let table = materials.add(StandardMaterial {
            base_color_texture: Some(images[0].clone()),
            ..default()
        });
        let other = materials.add(StandardMaterial::default());
        let (send, planks) = std::sync::mpsc::channel();
        app.insert_resource(PlanksArriving {
            planks: std::sync::Mutex::new(planks),
            images: images.clone(),
        });
        app.update();
        app.update();
        let modified = |app: &mut App| {
            let events = app
                .world_mut()
                .resource_mut::<Messages<AssetEvent<StandardMaterial>>>()
                .drain()
                .collect::<Vec<_>>();
            [&table, &other].map(|m| events.contains(&AssetEvent::Modified { id: m.id() }))
        };
        assert_eq!(modified(&mut app), [false, false], "nothing arrived yet");
        let _ = send.send(wood::table_wood_preview());
        app.update();
        app.update();
        assert_eq!(
            modified(&mut app),
            [true, false],
            "only the table's material"
        );
        assert!(!app.world().contains_resource::<PlanksArriving>());
    }
}
