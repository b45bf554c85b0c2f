//! The offscreen app that `render`, `film` and `bench app` draw with: Bevy without winit
//! under the schedule runner, a camera drawing into an image, a probe of the render
//! pipelines still compiling, logs kept quiet and renderer panics turned into one sentence.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::app::ScheduleRunnerPlugin;
use bevy::asset::RenderAssetUsages;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::render::render_resource::{
    CachedRenderPipelineId, Extent3d, PipelineCache, TextureFormat, TextureUsages,
};
use bevy::render::{Render, RenderApp, RenderSystems};
use bevy::time::TimeUpdateStrategy;
use bevy::window::ExitCondition;
use bevy::winit::WinitPlugin;

use super::SceneReady;
use super::warmup::{PipelineCount, Warmup, WarmupView, size_the_view};
use crate::app::Presentation;
use crate::app::playback::PlaybackQueue;
use crate::app::stage::CameraTarget;
use crate::app::table::script::ActionScript;
use crate::app::table::{ComputerPace, TableLaunch};

/// What watches an offscreen run that ends by itself (`film`, `bench app`): its time
/// limit, and why it stopped early, read back once `App::run` returns. Clones share it.
#[derive(Debug, Clone)]
pub(crate) struct RunWatch {
    started: Instant,
    timeout: Duration,
    failed: Arc<Mutex<Option<String>>>,
}

impl RunWatch {
    pub(crate) fn new(timeout: Duration) -> RunWatch {
        RunWatch {
            started: Instant::now(),
            timeout,
            failed: Arc::default(),
        }
    }

    /// Keeps `why` (the first reason only) as the run's failure.
    pub(crate) fn fail(&self, why: String) {
        if let Ok(mut slot) = self.failed.lock() {
            slot.get_or_insert(why);
        }
    }

    /// Past the time limit: the failure says `what` was not done in time, the app is told
    /// to exit, and the caller stops.
    pub(crate) fn over_time(&self, what: &str, exit: &mut MessageWriter<AppExit>) -> bool {
        if self.started.elapsed() <= self.timeout {
            return false;
        }
        self.fail(format!("{what} within {} s", self.timeout.as_secs()));
        exit.write(AppExit::error());
        true
    }

    /// After the run of `what` (a command's name): the failure, if one was kept.
    pub(crate) fn outcome(&self, what: &str) -> Result<(), String> {
        match self.failed.lock() {
            Ok(mut slot) => slot.take().map_or(Ok(()), Err),
            Err(_) => Err(format!("{what}: lost its state")),
        }
    }
}

/// What a self-ending offscreen run (`film`, `bench app`) reads and steers each frame:
/// the warm-up's signals, the playback and its script, the clock, the exit.
#[derive(SystemParam)]
pub(crate) struct OffscreenRun<'w> {
    probe: Res<'w, PipelineProbe>,
    view: ResMut<'w, WarmupView>,
    ready: Res<'w, SceneReady>,
    pub(crate) queue: Res<'w, PlaybackQueue>,
    pub(crate) script: ResMut<'w, ActionScript>,
    pub(crate) clock: ResMut<'w, TimeUpdateStrategy>,
    pub(crate) exit: MessageWriter<'w, AppExit>,
}

impl OffscreenRun<'_> {
    /// Counts one more warm-up frame in `warmup`; once the scene is really drawn the
    /// script starts and this is true.
    pub(crate) fn warmed_up(&mut self, warmup: &mut Warmup) -> bool {
        let settled = warmup.settled(self.ready.0, self.probe.count());
        self.view.follow(warmup);
        if settled {
            self.script.running = true;
            self.probe.warm_up_over();
        }
        settled
    }

    /// Whether the script has played everything and its playback is over.
    pub(crate) fn finished(&self) -> bool {
        self.script.finished(&self.queue)
    }
}

/// The render pipelines made and still compiling, as last seen by the render world, and
/// whether the warm-up is over (from then on every frame waits for its pipelines).
#[derive(Resource, Clone, Default)]
pub(crate) struct PipelineProbe {
    made: Arc<AtomicUsize>,
    waiting: Arc<AtomicUsize>,
    warmed_up: Arc<AtomicBool>,
}

impl PipelineProbe {
    /// The warm-up is over: the frames drawn from now on are pictures, drawn whole.
    pub(crate) fn warm_up_over(&self) {
        self.warmed_up.store(true, Ordering::Relaxed);
    }

    /// Render pipelines still compiling.
    pub(crate) fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Relaxed)
    }

    pub(crate) fn count(&self) -> PipelineCount {
        PipelineCount {
            made: self.made.load(Ordering::Relaxed),
            waiting: self.waiting(),
        }
    }
}

/// A headless app drawing the table `launch` opens (the menu without one) into an image
/// of `width` x `height` (no window: the schedule runner drives it), with the probe that
/// tells when no render pipeline is compiling. Shared by `render`, `film` and `bench
/// app`; `verbose` lets the libraries' log lines through, `paced` holds each frame to at
/// least 1/60 s; `command` names the subcommand in a failure's sentence. Every frame is
/// the same from run to run: the computer, if it plays, is waited for in step.
pub(crate) fn offscreen_app(
    launch: Option<TableLaunch>,
    width: u32,
    height: u32,
    verbose: bool,
    paced: bool,
    command: &'static str,
) -> Result<(App, Handle<Image>), String> {
    crate::app::startup::install_failure_hook(Some(command));
    if !verbose {
        quiet_the_device_select_layer();
    }

    let building = crate::app::start_trace::span("app built");
    let mut app = App::new();
    let plugins = crate::app::no_sprites::leave_out(DefaultPlugins.build())
        .set(WindowPlugin {
            primary_window: None,
            exit_condition: ExitCondition::DontExit,
            ..default()
        })
        .set(crate::app::startup::task_pool_plugin())
        .disable::<WinitPlugin>();
    // One logger a process: `bench app` makes an app per game, and a second LogPlugin
    // would say (on standard error) that it could not set its own.
    let plugins = if crate::app::startup::take_logger() {
        plugins.set(crate::app::startup::log_plugin(if verbose {
            bevy::log::Level::INFO
        } else {
            bevy::log::Level::ERROR
        }))
    } else {
        plugins.disable::<bevy::log::LogPlugin>()
    };
    app.add_plugins(plugins)
        // `bench app` runs unpaced, so it measures the frame and not a 1/60 s pace. Render and
        // film keep the pace: while they wait for a capture, frames drawn as fast as possible
        // take the CPU from the render thread (under software rendering a film took twice as
        // long unpaced).
        .add_plugins(ScheduleRunnerPlugin::run_loop(if paced {
            Duration::from_secs_f64(1.0 / 60.0)
        } else {
            Duration::ZERO
        }));

    let mut image = Image::new_fill(
        Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        bevy::render::render_resource::TextureDimension::D2,
        &[0, 0, 0, 255],
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    );
    image.texture_descriptor.usage |=
        TextureUsages::TEXTURE_BINDING | TextureUsages::COPY_SRC | TextureUsages::RENDER_ATTACHMENT;
    let handle = app.world_mut().resource_mut::<Assets<Image>>().add(image);
    app.insert_resource(CameraTarget(Some(handle.clone())))
        .insert_resource(crate::app::look::PictureRows(height))
        .insert_resource(crate::app::look::PlanksLater::AtOnce);
    app.init_resource::<SceneReady>()
        .insert_resource(WarmupView::new(width, height))
        .add_systems(First, (size_the_view, scene_ready_once_the_planks_are_in));
    app.insert_resource(ComputerPace::Lockstep);
    app.add_plugins(crate::app::plugin);
    let presentation = launch
        .as_ref()
        .map_or(Presentation::Still, TableLaunch::presentation);
    app.insert_state(presentation);
    app.add_systems(Startup, move |mut commands: Commands| {
        if let Some(launch) = launch.clone() {
            crate::app::open_table(&mut commands, launch);
        }
    });

    let probe = PipelineProbe::default();
    app.insert_resource(probe.clone());
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app
            .insert_resource(probe)
            .add_systems(Render, count_waiting_pipelines.after(RenderSystems::Render))
            .add_systems(
                Render,
                wait_for_the_frame_s_pipelines
                    .after(RenderSystems::PrepareBindGroups)
                    .before(RenderSystems::Render),
            );
    } else {
        return Err("render: the renderer did not start (no render sub-app)".to_string());
    }
    drop(building);
    Ok((app, handle))
}

/// Once the warm-up is over, offscreen frames are drawn whole, as Bevy's synchronous
/// compile drew every frame: the frame waits for the pipelines it asked for before it is
/// drawn. A pipeline first asked for in the middle of a film (a move's trail, the
/// caption's panel) is then in the frame that asked for it, and a film is the same from
/// run to run. During the warm-up the pipelines are prepared beside the throwaway frames
/// (on the async compute threads, `startup::task_pool_plugin`), which is where the
/// start's time goes.
fn wait_for_the_frame_s_pipelines(mut cache: ResMut<PipelineCache>, probe: Res<PipelineProbe>) {
    if !probe.warmed_up.load(Ordering::Relaxed) {
        return;
    }
    // Starts the pipelines asked for since the last frame (Bevy's own pass over the queue
    // comes after this, as the frame is drawn).
    cache.process_queue();
    let waiting: Vec<usize> = cache.waiting_pipelines().collect();
    // Render and compute pipelines alike: Bevy's wait blocks on one being made and
    // leaves any other state (made, or a shader still loading) as it is.
    for id in waiting {
        cache.block_on_render_pipeline(CachedRenderPipelineId::new(id));
    }
}

/// The scene is not ready while the table's planks are still on their way.
fn scene_ready_once_the_planks_are_in(
    mut ready: ResMut<SceneReady>,
    arriving: Option<Res<crate::app::look::PlanksArriving>>,
) {
    ready.set_if_neq(SceneReady(arriving.is_none()));
}

fn count_waiting_pipelines(cache: Res<PipelineCache>, probe: Res<PipelineProbe>) {
    probe
        .waiting
        .store(cache.waiting_pipelines().count(), Ordering::Relaxed);
    probe
        .made
        .store(cache.pipelines().count(), Ordering::Relaxed);
}

/// Mesa's Vulkan device-select layer asks libwayland for a display while the adapters
/// are listed, and libwayland prints "error: XDG_RUNTIME_DIR is invalid or not set in
/// the environment." twice on every run without a session folder (over SSH, in CI).
/// Offscreen drawing needs no display and wgpu picks the adapter itself, so without that
/// folder the layer is switched off by its own switch, `NODEVICE_SELECT=1`. A setting of
/// either variable by the user is left alone; `--verbose` keeps the layer.
fn quiet_the_device_select_layer() {
    let runtime_dir_usable =
        std::env::var_os("XDG_RUNTIME_DIR").is_some_and(|dir| std::path::Path::new(&dir).is_dir());
    if runtime_dir_usable || std::env::var_os("NODEVICE_SELECT").is_some() {
        return;
    }
    // SAFETY: called on the main thread before the first offscreen app starts Bevy's task
    // pools (a later call finds the variable set and returns above), so no other thread
    // of ours reads the environment while it changes.
    unsafe { std::env::set_var("NODEVICE_SELECT", "1") };
}
