//! `lodestone film`: a game's playback rendered offscreen, frame by frame, into an animated
//! GIF, APNG or WebP, or a numbered PNG sequence, its poster and its soundtrack (a WAV
//! file) if asked.
//!
//! Every frame drawn is a film frame: each is read back asynchronously (Bevy's
//! `Readback`, its buffers pooled) and encoded on another thread while the next one is
//! drawn. Deterministic all the same: the clock is stepped by hand, one frame's time
//! (speed / fps) per update, and the read-backs arrive in the order the frames were drawn,
//! so the same arguments give the same frames. Every stage of the playback lasts `STAGE_SECONDS / speed`; the film has one
//! frame for the start and `ceil(STAGE_SECONDS * fps / speed)` frames per stage. The
//! soundtrack's clock is the same: a cue reached `t` seconds after frame 0 starts on
//! sample `t * 48000`, and the track lasts as long as the frames.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::gpu_readback::{Readback, ReadbackComplete};
use bevy::time::TimeUpdateStrategy;

use super::camera::MainCamera;
use super::cinematic::acting_points;
use super::hud::CaptionStyle;
use super::playback::PlaybackQueue;
use super::render::{OffscreenRun, RunWatch, Warmup};
use super::table::script::ActionScript;
use super::table::{Start, TableLaunch};
use crate::engine::cli::CliError;

mod encode;
mod plan;
mod sink;
pub use encode::Format;
use encode::{FrameWriter, PosterScore, ReadFrame, Written};
pub use plan::{FilmArgs, FilmPlan, plan};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Waiting for the scene and its pipelines, the clock stopped.
    Warmup,
    /// The first action is being fed; this update draws frame 0.
    Starting,
    /// Each update moves the clock on by one frame's time and draws the next frame.
    Filming,
    /// The last frame is drawn, the clock stopped: waiting for the read-backs still on
    /// their way.
    Draining,
}

#[derive(Resource)]
struct Film {
    image: Handle<Image>,
    phase: Phase,
    step: Duration,
    warmup: Warmup,
    watch: RunWatch,
    /// The entity whose `Readback` reads the frame back, while filming.
    reader: Option<Entity>,
    /// Frames drawn for the film so far, and the count it ends with once known.
    drawn: usize,
    total: Option<usize>,
    /// Frames read back so far.
    received: usize,
    /// Bytes per row of a frame read back (the GPU pads rows to 256 bytes).
    stride: usize,
    /// How well each frame drawn shows the action (for the poster), by frame.
    scores: Vec<PosterScore>,
    /// The stage the last frame drawn showed, and how many stages the film has shown
    /// (each action's playback counts its own from 0), for the framing report.
    last_stage: Option<usize>,
    stages_shown: usize,
    shared: Shared,
    /// Frames filmed so far, on standard error (its line ends when the film does).
    progress: Option<crate::engine::progress::Progress>,
}

/// What outlives the app: the encoder, and the framing of each stage's last frame.
#[derive(Clone, Default)]
struct Shared {
    writer: Arc<Mutex<Option<FrameWriter>>>,
    framing: Arc<Mutex<Vec<f32>>>,
}

pub fn run(args: &FilmArgs) -> Result<serde_json::Value, CliError> {
    let plan = plan(args).map_err(|e| CliError::Usage(format!("film: {e}")))?;
    let started = Instant::now();
    let shot = shoot(
        &plan,
        Duration::from_secs(args.timeout.max(1)),
        args.verbose,
    )
    .map_err(CliError::Failed)?;
    let count = shot.written.frames;
    let length = count as f64 / f64::from(plan.fps);
    let soundtrack = match &plan.audio {
        Some(path) => {
            let samples = soundtrack(&shot.cues, length);
            crate::sound::offline::write_wav(path, &samples).map_err(CliError::Failed)?;
            Some(serde_json::json!({
                "out": path.display().to_string(),
                "cues": shot.cues.len(),
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
        "bytes": shot.written.bytes,
        // The film's own length, and what making it took (start-up included).
        "length_seconds": hundredths(length),
        "export_seconds": hundredths(export),
        "export_frames_per_second": hundredths(count as f64 / export.max(1e-9)),
        // The share of the frame's height each stage's acting pieces fill on its last
        // frame.
        "framing": shot.framing.iter().map(|&f| (f64::from(f) * 1000.0).round() / 1000.0).collect::<Vec<_>>(),
    });
    if let (Some(path), Some(frame)) = (&plan.poster, shot.written.poster_frame) {
        report["poster"] = serde_json::json!({"out": path.display().to_string(), "frame": frame});
    }
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

/// What a film run made.
struct Shot {
    written: Written,
    /// The cues its playback reached (their times from frame 0).
    cues: Vec<crate::sound::TimedCue>,
    framing: Vec<f32>,
}

/// Renders and writes every frame of the plan.
fn shoot(plan: &FilmPlan, timeout: Duration, verbose: bool) -> Result<Shot, String> {
    let launch = TableLaunch {
        game: plan.game,
        start: Start::Film(plan.start.clone(), plan.before.clone()),
    };
    let (mut app, handle) = super::render::offscreen_app(
        Some(launch),
        plan.size.0,
        plan.size.1,
        verbose,
        true,
        "film",
    )?;
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::ZERO))
        .insert_resource(CaptionStyle {
            shown: plan.captions.is_some(),
            size: plan.caption_size(),
        })
        .insert_resource(super::boards::BoardLabelsShown(plan.labels))
        .insert_resource(plan.captions.unwrap_or_default())
        .insert_resource(super::cinematic::CinematicCamera(plan.cinematic))
        .insert_resource(super::playback::ReducedMotion(plan.reduced_motion))
        .insert_resource(super::camera::ShakeEnabled(!plan.reduced_motion))
        .insert_resource(super::look::ColourVision(plan.colour_vision))
        .insert_resource(ActionScript {
            actions: plan.filmed.iter().cloned().collect(),
            running: false,
            table_idle: true,
        });
    if plan.draft {
        // Draft: the cheapest look (no shadows, no environment, no anti-aliasing).
        app.insert_resource(super::look::Quality::Low);
    }
    let shared = Shared::default();
    *shared
        .writer
        .lock()
        .map_err(|_| "film: the encoder was lost")? = Some(FrameWriter::start(
        plan.format,
        plan.out.clone(),
        plan.size,
        plan.fps,
        plan.poster.clone(),
    ));
    let film = Film {
        image: handle,
        phase: Phase::Warmup,
        // Real time per frame; the queue scales it by the playback speed itself.
        step: Duration::from_secs_f64(1.0 / plan.fps as f64),
        warmup: Warmup::default(),
        watch: RunWatch::new(timeout),
        reader: None,
        drawn: 0,
        total: None,
        received: 0,
        stride: padded_row(plan.size.0),
        scores: Vec::new(),
        last_stage: None,
        stages_shown: 0,
        shared: shared.clone(),
        progress: None,
    };
    let watch = film.watch.clone();
    let log = super::sound::CueLog::default();
    app.insert_resource(log.clone());
    app.world_mut().resource_mut::<PlaybackQueue>().speed = plan.speed;
    app.insert_resource(film);
    // While the last read-backs are on their way the frames drawn are not the film's, so
    // the camera stops. Checked before the frames' system: the update that draws the last
    // frame is the one that starts draining, and the camera stops only from the next.
    app.add_systems(
        Last,
        (
            super::render::cameras_off.run_if(|film: Res<Film>| film.phase == Phase::Draining),
            film_frames,
        )
            .chain(),
    );
    app.run();
    let writer = shared.writer.lock().ok().and_then(|mut w| w.take());
    // The run's own failure first: the encoder only saw it end early.
    watch.outcome("film")?;
    let written = writer.ok_or("film: the encoder was lost")?.finish()?;
    let framing = shared.framing.lock().map(|f| f.clone()).unwrap_or_default();
    Ok(Shot {
        written,
        cues: log.cues(),
        framing,
    })
}

/// Bytes per row of a frame `width` pixels wide as the GPU copies it out: rows are
/// padded to 256 bytes.
fn padded_row(width: u32) -> usize {
    (width as usize * 4).div_ceil(256) * 256
}

fn film_frames(
    mut commands: Commands,
    mut film: ResMut<Film>,
    mut run: OffscreenRun,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    attached: Query<&GlobalTransform, With<ChildOf>>,
) {
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
        Phase::Starting | Phase::Filming => {
            if film.phase == Phase::Starting {
                // From this update on, every frame drawn is read back, in order.
                let reader = commands
                    .spawn(Readback::texture(film.image.clone()))
                    .observe(frame_read)
                    .id();
                film.reader = Some(reader);
                // Every later update moves the clock on by one frame's time.
                *run.clock = TimeUpdateStrategy::ManualDuration(film.step);
                film.phase = Phase::Filming;
            }
            film.scores.push(poster_score(&run.queue));
            let stage = run.queue.progress().map(|(n, _)| n - 1);
            if stage != film.last_stage {
                film.last_stage = stage;
                film.stages_shown += usize::from(stage.is_some());
            }
            if let Some(index) = stage {
                note_framing(film, index, &run.queue, &cameras, &attached);
            }
            film.drawn += 1;
            if run.finished() {
                film.total = Some(film.drawn);
                *run.clock = TimeUpdateStrategy::ManualDuration(Duration::ZERO);
                film.phase = Phase::Draining;
            }
        }
        Phase::Draining => {
            // This update's frame is not the film's: reading back stops before it. The
            // entity stays, and with it the observer of the read-backs still on their way.
            if let Some(reader) = film.reader {
                commands.entity(reader).remove::<Readback>();
            }
            if film.total.is_some_and(|total| film.received >= total) {
                // Ends the count's line.
                film.progress = None;
                run.exit.write(AppExit::Success);
            }
        }
    }
}

/// One frame read back: to the encoder, with its poster score.
fn frame_read(mut event: On<ReadbackComplete>, mut film: ResMut<Film>) {
    let index = film.received;
    film.received += 1;
    if film.total.is_some_and(|total| index >= total) {
        return;
    }
    let frame = ReadFrame {
        data: std::mem::take(&mut event.event_mut().data),
        stride: film.stride,
        poster: film.scores.get(index).copied().unwrap_or_default(),
    };
    // An encoder that stopped (a disk full) keeps its reason: `finish` says it once the
    // run is over.
    if let Ok(writer) = film.shared.writer.lock()
        && let Some(writer) = writer.as_ref()
    {
        writer.push(frame);
    }
    let received = film.received as u64;
    film.progress
        .get_or_insert_with(|| {
            crate::engine::progress::Progress::counting("lodestone film", "frames")
        })
        .set(received);
}

/// How well the frame drawn now shows the action: the pieces acting in the stage playing
/// and how near the stage is to its moment of contact (its first cue; its end if silent).
fn poster_score(queue: &PlaybackQueue) -> PosterScore {
    let Some(stage) = queue.progress().and_then(|(n, _)| queue.stage(n - 1)) else {
        return PosterScore::default();
    };
    let Some(fraction) = queue.stage_fraction() else {
        return PosterScore::default();
    };
    let actors = stage
        .tweens
        .iter()
        .filter(|t| !matches!(t.motion, super::playback::Motion::Flash))
        .count();
    let contact = stage.cues.first().map_or(1.0, |c| c.at);
    PosterScore {
        actors,
        nearness: 1.0 - (fraction - contact).abs(),
    }
}

/// Keeps the share of the frame's height that stage `index`'s acting pieces fill, as the
/// camera sees them on the frame drawn now (the last one kept is the stage's last frame).
fn note_framing(
    film: &mut Film,
    index: usize,
    queue: &PlaybackQueue,
    cameras: &Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    attached: &Query<&GlobalTransform, With<ChildOf>>,
) {
    let (Some(stage), Ok((camera, transform))) = (queue.stage(index), cameras.single()) else {
        return;
    };
    let Some(size) = camera.logical_viewport_size() else {
        return;
    };
    let ys: Vec<f32> = acting_points(stage, |e| attached.get(e).ok().map(|g| g.translation()))
        .iter()
        .filter_map(|p| camera.world_to_viewport(transform, *p).ok())
        .map(|p| p.y)
        .collect();
    if ys.is_empty() {
        return;
    }
    let (low, high) = ys
        .iter()
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), y| {
            (lo.min(*y), hi.max(*y))
        });
    let share = ((high - low) / size.y).min(1.0);
    if let Ok(mut framing) = film.shared.framing.lock() {
        framing.resize(film.stages_shown, 0.0);
        if let Some(last) = framing.last_mut() {
            *last = share;
        }
    }
}
