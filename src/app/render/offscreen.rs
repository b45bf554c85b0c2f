//! The offscreen app that `render`, `film` and `bench app` draw with: Bevy without winit
//! under the schedule runner, a camera drawing into an image, a probe of the render
//! pipelines still compiling, logs kept quiet and renderer panics turned into one sentence.

use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use bevy::app::ScheduleRunnerPlugin;
use bevy::asset::RenderAssetUsages;
use bevy::log::{BoxedFmtLayer, LogPlugin};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, PipelineCache, TextureFormat, TextureUsages};
use bevy::render::{Render, RenderApp, RenderPlugin, RenderSystems};
use bevy::window::ExitCondition;
use bevy::winit::WinitPlugin;

use super::{RenderRequest, SceneReady};
use crate::app::stage::CameraTarget;
use crate::app::{ActiveGame, PlayMode, Screen};

/// Waits out the start of an offscreen run: the scene set (the presentation says so) and
/// no render pipeline compiling for a few frames (software rendering compiles slowly, so
/// a fixed frame count would be fragile). Shared by `render`, `film` and `bench app`.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Warmup {
    frames_seen: u32,
    quiet_frames: u32,
}

impl Warmup {
    /// Frames at the start that never count as quiet, and quiet frames needed.
    const SKIP: u32 = 6;
    const QUIET: u32 = 10;

    /// Counts one more frame; true once the scene is really drawn.
    pub(crate) fn settled(&mut self, scene_ready: bool, pipelines_waiting: usize) -> bool {
        self.frames_seen += 1;
        if scene_ready && self.frames_seen > Self::SKIP && pipelines_waiting == 0 {
            self.quiet_frames += 1;
        } else {
            self.quiet_frames = 0;
        }
        self.quiet_frames >= Self::QUIET
    }
}

/// Render pipelines still compiling, as last seen by the render world.
#[derive(Resource, Clone, Default)]
pub(crate) struct PipelineProbe(Arc<AtomicUsize>);

impl PipelineProbe {
    /// Render pipelines still compiling.
    pub(crate) fn waiting(&self) -> usize {
        self.0.load(Ordering::Relaxed)
    }
}

/// A headless app drawing `request`'s scene into an image of `width` x `height` (no
/// window: the schedule runner drives it), with the probe that tells when no render
/// pipeline is compiling. Shared by `render`, `film` and `bench app`; `verbose` lets the
/// libraries' log lines through.
pub(crate) fn offscreen_app(
    request: RenderRequest,
    width: u32,
    height: u32,
    verbose: bool,
) -> Result<(App, Handle<Image>), String> {
    install_failure_hook();
    if !verbose {
        quiet_the_device_select_layer();
    }

    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: None,
                exit_condition: ExitCondition::DontExit,
                ..default()
            })
            .set(RenderPlugin {
                synchronous_pipeline_compilation: true,
                ..default()
            })
            .set(quiet_log(verbose))
            .disable::<WinitPlugin>(),
    )
    // Unpaced: the next frame starts as soon as the last is done, so a film is made as
    // fast as the machine draws and `bench app` measures the frame, not a 1/60 s pace.
    .add_plugins(ScheduleRunnerPlugin::run_loop(Duration::ZERO));

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
    app.insert_resource(CameraTarget(Some(handle.clone())));
    let game = request.game;
    app.insert_resource(request);
    app.init_resource::<SceneReady>();
    if let Some(game) = game {
        app.insert_resource(ActiveGame {
            game,
            mode: PlayMode::Board,
        });
    }
    app.add_plugins(crate::app::plugin);
    app.add_systems(Startup, move |mut next: ResMut<NextState<Screen>>| {
        if game.is_some() {
            next.set(Screen::Playing);
        }
    });

    let probe = PipelineProbe::default();
    app.insert_resource(probe.clone());
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app
            .insert_resource(probe)
            .add_systems(Render, count_waiting_pipelines.after(RenderSystems::Render));
    } else {
        return Err("render: the renderer did not start (no render sub-app)".to_string());
    }
    Ok((app, handle))
}

fn count_waiting_pipelines(cache: Res<PipelineCache>, probe: Res<PipelineProbe>) {
    probe
        .0
        .store(cache.waiting_pipelines().count(), Ordering::Relaxed);
}

/// The log of an offscreen command: its standard error is for the command's own
/// progress and errors, so the libraries' lines show only when asked (`--verbose`, or
/// `RUST_LOG`, which Bevy's filter reads on top of this level), and carry colour codes
/// only on a terminal.
fn quiet_log(verbose: bool) -> LogPlugin {
    fn plain_unless_terminal(_: &mut App) -> Option<BoxedFmtLayer> {
        Some(Box::new(
            bevy::log::tracing_subscriber::fmt::Layer::default()
                .with_writer(std::io::stderr)
                .with_ansi(std::io::stderr().is_terminal()),
        ))
    }
    LogPlugin {
        level: if verbose {
            bevy::log::Level::INFO
        } else {
            bevy::log::Level::ERROR
        },
        fmt_layer: plain_unless_terminal,
        ..default()
    }
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

/// Turns the renderer's panics (no adapter, lost device) into one sentence and an exit
/// status, so a machine without graphics fails at once instead of hanging.
fn install_failure_hook() {
    static REPORTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    std::panic::set_hook(Box::new(|info| {
        // The render thread and the main thread may both panic: one sentence, once.
        if REPORTED.swap(true, Ordering::SeqCst) {
            std::process::exit(1);
        }
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown failure".to_string());
        if message.contains("Unable to find a GPU") {
            eprintln!(
                "lodestone: render: no graphics adapter found; install a Vulkan driver \
                 (for software rendering on Linux: the mesa-vulkan-drivers package)"
            );
        } else {
            let place = info
                .location()
                .map(|l| format!(" at {}:{}", l.file(), l.line()))
                .unwrap_or_default();
            eprintln!("lodestone: render: rendering failed: {message}{place}");
        }
        std::process::exit(1);
    }));
}
