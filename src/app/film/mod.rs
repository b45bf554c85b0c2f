//! `lodestone film`: a game's playback rendered offscreen, frame by frame, into an animated
//! GIF or a numbered PNG sequence, and its soundtrack into a WAV file if asked.
//!
//! Deterministic: the clock is stepped by hand, one frame's time (speed / fps) per frame,
//! and stands still while each frame is captured, so the same arguments give the same
//! frames. Every stage of the playback lasts `STAGE_SECONDS / speed`; the film has one
//! frame for the start and `ceil(STAGE_SECONDS * fps / speed)` frames per stage. The
//! soundtrack's clock is the same: a cue reached `t` seconds after frame 0 starts on
//! sample `t * 48000`, and the track lasts as long as the frames.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::time::TimeUpdateStrategy;

use super::playback::PlaybackQueue;
use super::render::{OffscreenRun, RunWatch, Warmup};
use super::table::offscreen::RenderRequest;
use super::table::script::ActionScript;
use super::ui::FilmOverlay;
use crate::engine::cli::CliError;

mod output;
mod plan;
use output::write;
pub use plan::{FilmArgs, FilmPlan, plan};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Waiting for the scene and its pipelines, the clock stopped.
    Warmup,
    /// The first action is being fed; the next frame is frame 0.
    Starting,
    /// This frame's time has passed: capture it.
    Advanced,
    /// A capture is on its way, the clock stopped.
    Capturing,
}

#[derive(Resource)]
struct Film {
    image: Handle<Image>,
    phase: Phase,
    step: Duration,
    warmup: Warmup,
    watch: RunWatch,
    captured: Arc<Mutex<Vec<image::RgbaImage>>>,
    in_flight: Arc<AtomicBool>,
    /// Frames filmed so far, on standard error (its line ends when the film does).
    progress: Option<crate::engine::progress::Progress>,
}

/// What a film run reports.
#[derive(Debug, Clone, PartialEq)]
pub struct FilmReport {
    pub frames: usize,
    pub seconds: f64,
}

pub fn run(args: &FilmArgs) -> Result<serde_json::Value, CliError> {
    let plan = plan(args).map_err(|e| CliError::Usage(format!("film: {e}")))?;
    let started = Instant::now();
    let (frames, cues) = shoot(
        &plan,
        Duration::from_secs(args.timeout.max(1)),
        args.verbose,
    )
    .map_err(CliError::Failed)?;
    let count = frames.len();
    write(&frames, &plan, &plan.out).map_err(CliError::Failed)?;
    let length = count as f64 / f64::from(plan.fps);
    let soundtrack = match &plan.audio {
        Some(path) => {
            let samples = soundtrack(&cues, length);
            crate::sound::offline::write_wav(path, &samples).map_err(CliError::Failed)?;
            Some(serde_json::json!({
                "out": path.display().to_string(),
                "cues": cues.len(),
                "peak": (crate::sound::analysis::peak(&samples) * 1000.0).round() / 1000.0,
            }))
        }
        None => None,
    };
    let export = started.elapsed().as_secs_f64();
    let hundredths = |x: f64| (x * 100.0).round() / 100.0;
    let mut report = serde_json::json!({
        "out": plan.out.display().to_string(),
        "frames": count,
        "fps": plan.fps,
        // The film's own length, and what making it took (start-up included).
        "length_seconds": hundredths(count as f64 / f64::from(plan.fps)),
        "export_seconds": hundredths(export),
        "export_frames_per_second": hundredths(count as f64 / export.max(1e-9)),
    });
    if let Some(soundtrack) = soundtrack {
        report["audio"] = soundtrack;
    }
    Ok(report)
}

/// The film's soundtrack: its cues mixed offline at the window's default levels (the
/// interface is silent: a film has no buttons), `seconds` long.
pub fn soundtrack(cues: &[crate::sound::TimedCue], seconds: f64) -> Vec<f32> {
    let levels = crate::sound::Levels {
        master: 1.0,
        effects: 1.0,
        interface: 0.0,
        muted: false,
    };
    let kit = std::sync::Arc::new(crate::sound::Kit::synthesise());
    crate::sound::offline::render(cues, seconds, kit, levels)
}

/// Renders every frame of the plan, and logs the cues its playback reached (their times
/// from frame 0).
fn shoot(
    plan: &FilmPlan,
    timeout: Duration,
    verbose: bool,
) -> Result<(Vec<image::RgbaImage>, Vec<crate::sound::TimedCue>), String> {
    let request = RenderRequest {
        game: Some(plan.game),
        moves: plan.before.clone(),
        freeze: None,
    };
    let (mut app, handle) =
        super::render::offscreen_app(request, plan.size.0, plan.size.1, verbose, true, "film")?;
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::ZERO))
        .insert_resource(FilmOverlay {
            captions: plan.captions,
            caption_size: (plan.size.1 as f32 / 30.0).clamp(9.0, 40.0),
        })
        .insert_resource(super::cinematic::CinematicCamera(plan.cinematic))
        .insert_resource(ActionScript {
            actions: plan.filmed.iter().cloned().collect(),
            running: false,
            table_idle: true,
        });
    if plan.draft {
        // Draft: the cheapest look (no shadows, no environment, no anti-aliasing).
        app.insert_resource(super::look::Quality::Low);
    }
    let film = Film {
        image: handle,
        phase: Phase::Warmup,
        // Real time per frame; the queue scales it by the playback speed itself.
        step: Duration::from_secs_f64(1.0 / plan.fps as f64),
        warmup: Warmup::default(),
        watch: RunWatch::new(timeout),
        captured: Arc::default(),
        in_flight: Arc::default(),
        progress: None,
    };
    let captured = film.captured.clone();
    let watch = film.watch.clone();
    let log = super::sound::CueLog::default();
    app.insert_resource(log.clone());
    app.world_mut().resource_mut::<PlaybackQueue>().speed = plan.speed;
    app.insert_resource(film);
    app.add_systems(Last, film_frames);
    app.run();
    watch.outcome("film")?;
    let frames = std::mem::take(&mut *captured.lock().map_err(|_| "film: the frames were lost")?);
    if frames.is_empty() {
        return Err("film: the renderer stopped before the first frame".to_string());
    }
    Ok((frames, log.cues()))
}

fn film_frames(mut commands: Commands, mut film: ResMut<Film>, mut run: OffscreenRun) {
    if film
        .watch
        .over_time("film: a frame was not drawn", &mut run.exit)
    {
        return;
    }
    let film = &mut *film;
    match film.phase {
        Phase::Warmup => {
            if run.warmed_up(&mut film.warmup) {
                film.phase = Phase::Starting;
            }
        }
        Phase::Starting | Phase::Advanced => capture(&mut commands, film, &mut run.clock),
        Phase::Capturing => {
            if film.in_flight.load(Ordering::Acquire) {
                return;
            }
            let frames = film.captured.lock().map_or(0, |f| f.len()) as u64;
            film.progress
                .get_or_insert_with(|| {
                    crate::engine::progress::Progress::counting("lodestone film", "frames")
                })
                .set(frames);
            if run.finished() {
                // Ends the count's line.
                film.progress = None;
                run.exit.write(AppExit::Success);
                return;
            }
            // The next update moves the clock on by one frame's time, then stops it.
            *run.clock = TimeUpdateStrategy::ManualDuration(film.step);
            film.phase = Phase::Advanced;
        }
    }
}

/// Captures the frame just drawn and stops the clock until it arrives.
fn capture(commands: &mut Commands, film: &mut Film, clock: &mut TimeUpdateStrategy) {
    *clock = TimeUpdateStrategy::ManualDuration(Duration::ZERO);
    film.phase = Phase::Capturing;
    film.in_flight.store(true, Ordering::Release);
    let (captured, in_flight, watch) = (
        film.captured.clone(),
        film.in_flight.clone(),
        film.watch.clone(),
    );
    commands
        .spawn(Screenshot::image(film.image.clone()))
        .observe(move |shot: On<ScreenshotCaptured>| {
            match shot.image.clone().try_into_dynamic() {
                Ok(frame) => {
                    if let Ok(mut frames) = captured.lock() {
                        frames.push(frame.to_rgba8());
                    }
                }
                Err(e) => watch.fail(format!("film: a frame could not be read: {e}")),
            }
            in_flight.store(false, Ordering::Release);
        });
}
