//! `lodestone render`: the scene of a game drawn offscreen (no window) to a PNG.
//!
//! Bevy runs without winit under the schedule runner, the camera renders into an image,
//! and the capture waits until the scene is really drawn: the game's presentation says
//! its scene is ready, and no render pipeline is still compiling (software rendering
//! compiles slowly, so a fixed frame count would be fragile). A machine without any
//! graphics adapter gets one clear sentence, never a hang. Everything the request can
//! get wrong is found before the renderer starts (`args`).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use crate::engine::cli::CliError;

mod args;
mod layout;
mod offscreen;
#[cfg(test)]
mod picture_updates;
mod rules_checks;
mod warmup;

pub use args::{RenderArgs, RenderPlan, validate};
pub(crate) use args::{check_output_file, check_output_folder, parse_size};
use layout::LayoutProbe;
pub use layout::layout_json;
pub(crate) use offscreen::{OffscreenRun, PipelineProbe, RunWatch, offscreen_app};
pub use rules_checks::{LastPlayback, last_playback};
pub(crate) use warmup::Warmup;
use warmup::WarmupView;

/// Whether the scene is set: cleared while the table's planks are on their way from
/// their thread (an offscreen run makes them while its pipelines are prepared); the
/// warm-up, and with it the capture and the film, waits for it.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SceneReady(pub bool);

impl Default for SceneReady {
    fn default() -> Self {
        SceneReady(true)
    }
}

#[derive(Resource)]
struct Capture {
    image: Handle<Image>,
    out: PathBuf,
    /// Where the layout report goes, if asked for.
    layout: Option<PathBuf>,
    /// Whether the picture is drawn (`--no-picture`: the layout report only).
    picture: bool,
    size: (u32, u32),
    started: Instant,
    timeout: Duration,
    warmup: Warmup,
    requested: bool,
    /// Whether the cameras are off: from the start with `--no-picture`, else from the
    /// update after the capture was asked for (what is drawn after it is not kept).
    cameras_off: bool,
    done: Arc<AtomicBool>,
    result: Arc<Mutex<Option<Result<(), String>>>>,
    /// A second picture, as a colour-vision deficiency sees the first (`--see-as`).
    seen_as: Option<(crate::colour_vision::Vision, PathBuf)>,
}

pub fn run(args: &RenderArgs) -> Result<(), CliError> {
    let plan = validate(args).map_err(|e| CliError::Usage(format!("render: {e}")))?;
    let vision = crate::colour_vision::Vision::parse(&args.colour_vision)
        .map_err(|e| CliError::Usage(format!("render: {e}")))?;
    if let Some(seen) = &args.see_as {
        crate::colour_vision::Vision::parse(seen)
            .map_err(|e| CliError::Usage(format!("render: --see-as: {e}")))?;
    }
    draw(args, &plan, vision).map_err(CliError::Failed)
}

fn draw(
    args: &RenderArgs,
    plan: &RenderPlan,
    vision: crate::colour_vision::Vision,
) -> Result<(), String> {
    let launch = plan.game.map(|game| super::table::TableLaunch {
        game,
        start: super::table::Start::Still(plan.still(&args.moves)),
    });
    let (width, height) = plan.size;
    let (mut app, handle) = offscreen_app(launch, width, height, args.verbose, true, "render")?;
    let result = Arc::new(Mutex::new(None));
    app.insert_resource(super::playback::ReducedMotion(args.reduced_motion))
        .insert_resource(super::camera::ShakeEnabled(!args.reduced_motion))
        .insert_resource(super::look::ColourVision(vision))
        .insert_resource(super::look::TerritoryPattern(args.territory_pattern));
    app.insert_resource(Capture {
        image: handle,
        out: plan.out.clone(),
        layout: args.layout.clone(),
        picture: plan.picture,
        size: (width, height),
        started: Instant::now(),
        timeout: Duration::from_secs(args.timeout.max(1)),
        warmup: Warmup::default(),
        requested: false,
        cameras_off: !plan.picture,
        done: Arc::new(AtomicBool::new(false)),
        result: result.clone(),
        seen_as: args
            .see_as
            .as_deref()
            .and_then(|v| crate::colour_vision::Vision::parse(v).ok())
            .map(|v| (v, seen_path(&plan.out, v))),
    });
    app.add_systems(
        Last,
        (
            capture_when_drawn,
            cameras_off.run_if(|capture: Res<Capture>| capture.cameras_off),
        )
            .chain(),
    );
    app.run();
    let outcome = result
        .lock()
        .map_err(|_| "render: the capture state was lost".to_string())?
        .take();
    outcome.unwrap_or_else(|| Err("render: the renderer stopped before capturing".to_string()))
}

fn capture_when_drawn(
    mut commands: Commands,
    mut capture: ResMut<Capture>,
    probe: Res<PipelineProbe>,
    ready: Res<SceneReady>,
    mut view: ResMut<WarmupView>,
    layout: LayoutProbe,
    mut exit: MessageWriter<AppExit>,
) {
    if capture.done.load(Ordering::Acquire) {
        exit.write(AppExit::Success);
        return;
    }
    if capture.started.elapsed() > capture.timeout {
        let why = format!(
            "render: the scene was not drawn within {} s (pipelines still compiling: {})",
            capture.timeout.as_secs(),
            probe.waiting()
        );
        if let Ok(mut slot) = capture.result.lock() {
            *slot = Some(Err(why));
        }
        exit.write(AppExit::error());
        return;
    }
    if capture.requested {
        capture.cameras_off = true;
        return;
    }
    let settled = capture.warmup.settled(ready.0, probe.count());
    view.follow(&capture.warmup);
    if !settled {
        return;
    }
    probe.warm_up_over();
    capture.requested = true;
    // The layout of the frame being captured: the UI was laid out this frame already.
    if let Some(path) = capture.layout.clone() {
        let report = layout.report(capture.size);
        let written = serde_json::to_string_pretty(&report)
            .map_err(|e| e.to_string())
            .and_then(|text| std::fs::write(&path, text).map_err(|e| e.to_string()))
            .map_err(|e| format!("render: could not write {}: {e}", path.display()));
        if let Err(why) = written {
            if let Ok(mut slot) = capture.result.lock() {
                *slot = Some(Err(why));
            }
            exit.write(AppExit::error());
            return;
        }
    }
    if !capture.picture {
        if let Ok(mut slot) = capture.result.lock() {
            *slot = Some(Ok(()));
        }
        capture.done.store(true, Ordering::Release);
        return;
    }
    let out = capture.out.clone();
    let seen_as = capture.seen_as.clone();
    let done = capture.done.clone();
    let result = capture.result.clone();
    commands
        .spawn(Screenshot::image(capture.image.clone()))
        .observe(move |captured: On<ScreenshotCaptured>| {
            let saved = save_png(&captured.image, &out).and_then(|()| match &seen_as {
                Some((vision, path)) => save_seen(&captured.image, *vision, path),
                None => Ok(()),
            });
            if let Ok(mut slot) = result.lock() {
                *slot = Some(saved);
            }
            done.store(true, Ordering::Release);
        });
}

/// `--no-picture`: every camera is off, so the render world draws nothing and compiles no
/// pipeline for a view. The main world still sets the scene, projects the board through
/// the camera and lays out the HUD for the camera's image, which is what the report reads.
/// Once the picture is asked for, the frames drawn while it is read back would be thrown
/// away (under software rendering half a second each): the cameras stop then too, and a
/// film's once its last frame is drawn.
pub(crate) fn cameras_off(mut cameras: Query<&mut Camera>) {
    for mut camera in &mut cameras {
        if camera.is_active {
            camera.is_active = false;
        }
    }
}

/// Where the picture as `vision` sees it goes: beside `out`, named for the vision.
fn seen_path(out: &Path, vision: crate::colour_vision::Vision) -> PathBuf {
    let stem = out.file_stem().and_then(|s| s.to_str()).unwrap_or("render");
    out.with_file_name(format!("{stem}-seen-as-{}.png", vision.name()))
}

/// Writes the captured image as `vision` sees it (Machado's simulation, pixel by pixel).
fn save_seen(
    image: &Image,
    vision: crate::colour_vision::Vision,
    path: &Path,
) -> Result<(), String> {
    let mut rgb = image
        .clone()
        .try_into_dynamic()
        .map_err(|e| format!("the captured image could not be converted: {e}"))?
        .to_rgb8();
    for pixel in rgb.pixels_mut() {
        let seen = vision.simulate(pixel.0.map(|c| f32::from(c) / 255.0));
        pixel.0 = seen.map(|c| (c * 255.0).round() as u8);
    }
    rgb.save_with_format(path, image::ImageFormat::Png)
        .map_err(|e| format!("could not write {}: {e}", path.display()))
}

/// Writes a captured image as an RGB PNG.
pub fn save_png(image: &Image, path: &Path) -> Result<(), String> {
    let dynamic = image
        .clone()
        .try_into_dynamic()
        .map_err(|e| format!("the captured image could not be converted: {e}"))?;
    dynamic
        .to_rgb8()
        .save_with_format(path, image::ImageFormat::Png)
        .map_err(|e| format!("could not write {}: {e}", path.display()))
}
