//! One measurement: a headless offscreen app plays a case back, its clock stepped by
//! hand, and the main world's update and the whole frame are timed frame by frame.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::renderer::RenderDevice;
use bevy::render::{Render, RenderApp, RenderSystems};
use bevy::time::TimeUpdateStrategy;

use super::{BenchPlan, Case};
use crate::app::hud::CaptionStyle;
use crate::app::look::LookOptions;
use crate::app::playback::STAGE_SECONDS;
use crate::app::render::{OffscreenRun, RunWatch, SceneReady, Warmup};
use crate::app::table::script::ActionScript;
use crate::app::table::{Start, TableLaunch};

#[derive(Default, Debug)]
pub(super) struct Samples {
    /// Seconds of each frame's main-world update, and of each whole frame.
    pub(super) update: Vec<f64>,
    pub(super) frame: Vec<f64>,
    /// Seconds of CPU time the main thread spent in each update (where the system says):
    /// its own work, without the time the renderer's threads held the cores.
    pub(super) update_cpu: Vec<f64>,
    /// Stages played back.
    pub(super) stages: usize,
    /// Each render pass's mean time on the device, in milliseconds (`--passes`).
    pub(super) passes: Vec<(String, f64)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Warmup,
    Measuring,
}

#[derive(Resource)]
struct Bench {
    phase: Phase,
    step: Duration,
    warmup: Warmup,
    update_started: Option<Instant>,
    update_cpu_started: Option<f64>,
    last_frame: Option<Instant>,
    watch: RunWatch,
    samples: Arc<Mutex<Samples>>,
    /// Done to the table once the scene is ready, before measuring.
    prepare: Option<fn(&mut World)>,
    /// With no action to play: frames to measure the table idling.
    idle_frames: Option<usize>,
}

pub(super) fn measure(plan: &BenchPlan, case: &Case) -> Result<Samples, String> {
    let game = case.game;
    // Measured as a film draws it: the board and the captions.
    let launch = TableLaunch {
        game,
        start: Start::Film(Default::default(), case.before.clone()),
    };
    let (mut app, _image) = crate::app::render::offscreen_app(
        Some(launch),
        plan.size.0,
        plan.size.1,
        plan.verbose,
        false,
        "bench app",
    )?;
    let samples = Arc::new(Mutex::new(Samples::default()));
    let watch = RunWatch::new(plan.timeout);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::ZERO))
        .insert_resource(plan.quality)
        .insert_resource(LookOptions {
            bloom: plan.bloom,
            ..LookOptions::default()
        })
        .insert_resource(CaptionStyle {
            shown: true,
            size: (plan.size.1 as f32 / 30.0).clamp(9.0, 40.0),
        })
        .insert_resource(ActionScript {
            actions: case.heavy.iter().cloned().collect(),
            running: false,
            table_idle: true,
        })
        .insert_resource(Bench {
            phase: Phase::Warmup,
            step: Duration::from_secs_f32(STAGE_SECONDS / plan.frames_per_stage as f32),
            warmup: Warmup::default(),
            update_started: None,
            update_cpu_started: None,
            last_frame: None,
            watch: watch.clone(),
            samples: samples.clone(),
            prepare: case.prepare,
            idle_frames: case
                .heavy
                .is_none()
                .then_some(6 * plan.frames_per_stage as usize),
        })
        .add_systems(First, start_update)
        .add_systems(Last, (end_update, prepare_table).chain());
    if plan.passes {
        app.add_plugins(bevy::render::diagnostic::RenderDiagnosticsPlugin);
    }
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app.add_systems(Render, wait_for_the_frame.after(RenderSystems::Render));
    }
    app.run();
    watch.outcome("bench app")?;
    let samples = std::mem::take(&mut *samples.lock().map_err(|_| "bench app: lost its samples")?);
    if samples.update.is_empty() {
        return Err(format!("bench app: {} played back no frame", game.id()));
    }
    Ok(samples)
}

/// Lets the frame just submitted be drawn before the next update starts. A software
/// renderer draws on the CPU: its threads, still drawing one frame while the main world
/// updates for the next, would take the cores from the update and time themselves into
/// it (on a GPU they are not on the CPU at all). The frame costs the same either way.
fn wait_for_the_frame(device: Res<RenderDevice>) {
    // A lost device is the run's own failure to report, not the measurement's.
    let _ = device.poll(bevy::render::render_resource::PollType::wait_indefinitely());
}

fn start_update(mut bench: ResMut<Bench>) {
    let now = Instant::now();
    if bench.phase == Phase::Measuring
        && let Some(last) = bench.last_frame
        && let Ok(mut samples) = bench.samples.lock()
    {
        samples.frame.push(now.duration_since(last).as_secs_f64());
    }
    bench.last_frame = Some(now);
    bench.update_started = Some(now);
    bench.update_cpu_started = thread_cpu_seconds();
}

/// CPU time the calling thread has used, in seconds (Linux; every main-world schedule
/// runs on the main thread, so this is the update's own work).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn thread_cpu_seconds() -> Option<f64> {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the timespec it is given.
    let read = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    (read == 0).then_some(now.tv_sec as f64 + now.tv_nsec as f64 * 1e-9)
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn thread_cpu_seconds() -> Option<f64> {
    None
}

fn end_update(
    mut bench: ResMut<Bench>,
    mut run: OffscreenRun,
    diagnostics: Option<Res<bevy::diagnostic::DiagnosticsStore>>,
) {
    if bench
        .watch
        .over_time("bench app: not finished", &mut run.exit)
    {
        return;
    }
    match bench.phase {
        Phase::Warmup => {
            if run.warmed_up(&mut bench.warmup) {
                *run.clock = TimeUpdateStrategy::ManualDuration(bench.step);
                bench.phase = Phase::Measuring;
            }
        }
        Phase::Measuring => {
            if let (Some(started), Ok(mut samples)) = (bench.update_started, bench.samples.lock()) {
                samples.update.push(started.elapsed().as_secs_f64());
                if let (Some(from), Some(to)) = (bench.update_cpu_started, thread_cpu_seconds()) {
                    samples.update_cpu.push(to - from);
                }
                if let Some((_, total)) = run.queue.progress() {
                    samples.stages = samples.stages.max(total);
                }
            }
            let frames = bench.samples.lock().map_or(0, |s| s.update.len());
            let done = match bench.idle_frames {
                Some(idle) => frames >= idle,
                None => run.finished(),
            };
            if done {
                if let (Some(store), Ok(mut samples)) = (diagnostics, bench.samples.lock()) {
                    samples.passes = store
                        .iter()
                        .filter(|d| d.path().as_str().ends_with("/elapsed_gpu"))
                        .filter_map(|d| Some((d.path().to_string(), d.average()?)))
                        .collect();
                }
                run.exit.write(AppExit::Success);
            }
        }
    }
}

/// Runs the case's preparation once the table is set, while the renderer warms up (so
/// the panel it rebuilds is drawn before measuring starts).
fn prepare_table(world: &mut World) {
    if !world.resource::<SceneReady>().0 {
        return;
    }
    let mut bench = world.resource_mut::<Bench>();
    if let Some(prepare) = bench.prepare.take() {
        prepare(world);
    }
}

#[cfg(all(test, target_os = "linux", target_env = "gnu"))]
mod tests {
    use super::*;

    /// The update's CPU time counts the thread's work, not the time it waits.
    #[test]
    fn thread_cpu_time_counts_work_and_not_waiting() {
        let cpu = || thread_cpu_seconds().expect("Linux says");
        let before = cpu();
        std::thread::sleep(Duration::from_millis(100));
        let slept = cpu() - before;
        assert!(slept < 0.05, "asleep for 0.1 s, {slept} s of CPU counted");
        let (before, started) = (cpu(), Instant::now());
        let mut spun = 0u64;
        while started.elapsed() < Duration::from_millis(50) {
            spun = std::hint::black_box(spun.wrapping_add(1));
        }
        assert!(cpu() > before, "{spun} turns of work counted nothing");
    }
}
