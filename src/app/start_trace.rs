//! The start, step by step: when each costly step of a process's start began and ended
//! (the sound kit, the studio's textures, the plugins, the first frames), measured from
//! the top of `main`. `LODESTONE_START_TRACE=1` prints it on standard error once the
//! first frame is drawn; `LODESTONE_START_PROBE=1` prints it on standard output and ends
//! the process there, which is how `bench start` times a start without a screenshot.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::{Render, RenderApp, RenderSystems};

static START: OnceLock<Instant> = OnceLock::new();
static STEPS: Mutex<Vec<Step>> = Mutex::new(Vec::new());

/// One step of the start: `from` and `to` after the process began (equal for a moment).
#[derive(Debug, Clone)]
struct Step {
    name: &'static str,
    from: Duration,
    to: Duration,
    thread: Option<String>,
}

/// Marks the process's start; the first call counts (`main` makes it first thing).
pub fn begin() {
    START.get_or_init(Instant::now);
}

fn since_start() -> Duration {
    START.get_or_init(Instant::now).elapsed()
}

fn keep(step: Step) {
    if let Ok(mut steps) = STEPS.lock() {
        steps.push(step);
    }
}

/// A moment of the start (`first frame drawn`, ...).
pub fn mark(name: &'static str) {
    let now = since_start();
    keep(Step {
        name,
        from: now,
        to: now,
        thread: None,
    });
}

/// A step that lasts until the value is dropped.
#[must_use = "the step ends when this is dropped"]
pub struct Span {
    name: &'static str,
    from: Duration,
}

pub fn span(name: &'static str) -> Span {
    Span {
        name,
        from: since_start(),
    }
}

impl Drop for Span {
    fn drop(&mut self) {
        let thread = std::thread::current();
        keep(Step {
            name: self.name,
            from: self.from,
            to: since_start(),
            thread: thread.name().filter(|n| *n != "main").map(str::to_string),
        });
    }
}

/// The steps so far, in the order they began, as JSON: milliseconds since the start.
pub fn report() -> serde_json::Value {
    let mut steps = STEPS.lock().map(|s| s.clone()).unwrap_or_default();
    steps.sort_by_key(|s| s.from);
    let ms = |d: Duration| (d.as_secs_f64() * 10_000.0).round() / 10.0;
    let steps: Vec<serde_json::Value> = steps
        .iter()
        .map(|s| {
            let mut step = serde_json::json!({"step": s.name, "from_ms": ms(s.from)});
            if s.to > s.from {
                step["ms"] = serde_json::json!(ms(s.to - s.from));
            }
            if let Some(thread) = &s.thread {
                step["thread"] = serde_json::json!(thread);
            }
            step
        })
        .collect();
    serde_json::json!({ "steps": steps })
}

/// What the environment asks of the trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ask {
    Print,
    ProbeAndExit,
}

fn asked() -> Option<Ask> {
    let set = |var: &str| std::env::var_os(var).is_some_and(|v| !v.is_empty() && v != "0");
    if set("LODESTONE_START_PROBE") {
        Some(Ask::ProbeAndExit)
    } else if set("LODESTONE_START_TRACE") {
        Some(Ask::Print)
    } else {
        None
    }
}

/// Marks the app's first frames: its start-up systems done, its first update, and (in
/// the render world) the interface's first extraction and the first whole frame.
pub fn plugin(app: &mut App) {
    app.add_systems(PostStartup, || mark("start-up systems done"))
        .add_systems(First, first_update.run_if(run_once));
    let ask = asked();
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app.add_systems(
            Render,
            (
                see_interface.in_set(RenderSystems::Queue),
                (move |cache: Res<PipelineCache>| first_frame_drawn(&cache, ask))
                    .after(RenderSystems::Render),
            ),
        );
    }
}

/// Whether a frame with the interface on it has been extracted (the list is emptied
/// before the frame is drawn, so it is read here and the drawing marked after).
static INTERFACE_SEEN: AtomicBool = AtomicBool::new(false);
static FIRST_FRAME_MARKED: AtomicBool = AtomicBool::new(false);

fn see_interface(ui: Option<Res<bevy::ui_render::ExtractedUiNodes>>) {
    if ui.is_some_and(|ui| !ui.uinodes.is_empty()) && !INTERFACE_SEEN.swap(true, Ordering::Relaxed)
    {
        mark("interface extracted");
    }
}

fn first_update() {
    mark("first update");
}

/// Whether the renderer has pipelines and none still compiling: a frame drawn now
/// leaves nothing out.
pub fn pipelines_ready(cache: &PipelineCache) -> bool {
    cache.pipelines().next().is_some() && cache.waiting_pipelines().next().is_none()
}

/// The first frame drawn whole: the interface on it (the text and panels, not only the
/// clear colour) and no render pipeline still compiling (the window compiles them in the
/// background and leaves out what is not ready). Marked, and printed or probed as asked.
fn first_frame_drawn(cache: &PipelineCache, ask: Option<Ask>) {
    let whole = INTERFACE_SEEN.load(Ordering::Relaxed) && pipelines_ready(cache);
    if !whole || FIRST_FRAME_MARKED.swap(true, Ordering::Relaxed) {
        return;
    }
    mark("first frame drawn");
    match ask {
        None => {}
        Some(Ask::Print) => eprintln!("{}", report()),
        Some(Ask::ProbeAndExit) => {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{}", report());
            let _ = out.flush();
            std::process::exit(0);
        }
    }
}
