//! Long unattended runs (`--exit-after SECONDS`, `--stats FILE`): once a minute of wall
//! time one JSON line with the resident memory, the census and the median frame time, and
//! a clean exit when the time is up. An exhibition is judged by these lines.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use bevy::prelude::*;

use super::census::Census;

/// What a long run asks for; the default asks for nothing.
#[derive(Resource, Debug, Default)]
pub struct LongRun {
    /// Wall seconds after which the game exits (status 0).
    pub exit_after: Option<f64>,
    stats: Option<StatsFile>,
}

#[derive(Debug)]
struct StatsFile {
    path: PathBuf,
    file: File,
    /// Set after the first failed write: one notice, then the run goes on without.
    failed: bool,
}

impl LongRun {
    /// Checks the flags and creates the stats file (emptied) before any window opens.
    pub fn new(exit_after: Option<f64>, stats: Option<&Path>) -> Result<LongRun, String> {
        if let Some(s) = exit_after
            && !(s.is_finite() && s > 0.0)
        {
            return Err(format!(
                "--exit-after {s}: give the run's length in seconds, more than 0"
            ));
        }
        let stats = match stats {
            None => None,
            Some(path) => {
                if path.is_dir() {
                    return Err(format!(
                        "--stats {}: that is a folder; name a file",
                        path.display()
                    ));
                }
                let file = File::create(path)
                    .map_err(|e| format!("--stats {}: cannot write it ({e})", path.display()))?;
                Some(StatsFile {
                    path: path.to_path_buf(),
                    file,
                    failed: false,
                })
            }
        };
        Ok(LongRun { exit_after, stats })
    }

    pub fn is_wanted(&self) -> bool {
        self.exit_after.is_some() || self.stats.is_some()
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<LongRun>()
        .init_resource::<Minute>()
        .add_systems(Startup, start_counting)
        .add_systems(Last, (measure, exit_when_time_is_up).chain());
    let render_entities = RenderEntities::default();
    if let Some(render_app) = app.get_sub_app_mut(bevy::render::RenderApp) {
        render_app
            .insert_resource(render_entities.clone())
            .add_systems(bevy::render::Render, count_render_entities);
        app.insert_resource(render_entities);
    }
}

/// The render world's entity count, shared with the main world.
#[derive(Resource, Clone, Default)]
struct RenderEntities(std::sync::Arc<std::sync::atomic::AtomicU64>);

fn count_render_entities(world: &mut World) {
    let n = u64::from(world.entities().count_spawned());
    world
        .resource::<RenderEntities>()
        .0
        .store(n, std::sync::atomic::Ordering::Relaxed);
}

fn start_counting(run: Res<LongRun>) {
    if run.is_wanted() {
        super::heap::start_counting();
    }
}

/// Frame times since the last line, and wall time so far (a `Duration`: summing float
/// seconds frame by frame drifts).
#[derive(Resource, Debug, Default)]
struct Minute {
    frame_ms: Vec<f64>,
    elapsed: std::time::Duration,
    lines: u32,
}

impl Minute {
    fn seconds(&self) -> f64 {
        self.elapsed.as_secs_f64()
    }
}

fn measure(world: &mut World) {
    if !world.resource::<LongRun>().is_wanted() {
        return;
    }
    let delta = world.resource::<Time<Real>>().delta();
    let mut minute = world.resource_mut::<Minute>();
    minute.elapsed += delta;
    if !delta.is_zero() {
        minute.frame_ms.push(delta.as_secs_f64() * 1000.0);
    }
    let due = minute.seconds() >= 60.0 * f64::from(minute.lines + 1);
    if due && world.resource::<LongRun>().stats.is_some() {
        let line = stats_line(world);
        write_line(world, &line);
    }
    if due {
        let mut minute = world.resource_mut::<Minute>();
        minute.lines += 1;
        minute.frame_ms.clear();
    }
}

fn stats_line(world: &mut World) -> serde_json::Value {
    let census = Census::of(world);
    let cycles = world
        .get_resource::<super::showcase::ShowcaseRun>()
        .map(|r| r.cycles);
    let render_entities = world
        .get_resource::<RenderEntities>()
        .map(|r| r.0.load(std::sync::atomic::Ordering::Relaxed));
    let mut minute = world.resource_mut::<Minute>();
    let median = median(&mut minute.frame_ms);
    serde_json::json!({
        "minute": minute.lines + 1,
        "seconds": (minute.seconds() * 10.0).round() / 10.0,
        "rss_bytes": resident_bytes(),
        "heap": heap_counts(),
        "rust_heap_bytes": super::heap::live_bytes(),
        "render_entities": render_entities,
        "entities": census.entities,
        "assets": census.assets,
        "observers": census.observers,
        "tasks": census.tasks,
        "showcase_cycles": cycles,
        "frame_ms_median": median.map(|m| (m * 100.0).round() / 100.0),
    })
}

fn write_line(world: &mut World, line: &serde_json::Value) {
    let mut run = world.resource_mut::<LongRun>();
    let Some(stats) = run.stats.as_mut() else {
        return;
    };
    let written = writeln!(stats.file, "{line}").and_then(|()| stats.file.flush());
    if let Err(e) = written
        && !stats.failed
    {
        stats.failed = true;
        let why = format!(
            "the stats file {} could not be written ({e})",
            stats.path.display()
        );
        warn!("{why}");
        world.resource_mut::<super::ui::Notice>().show(why, 6.0);
    }
}

fn exit_when_time_is_up(run: Res<LongRun>, minute: Res<Minute>, mut exit: MessageWriter<AppExit>) {
    if run.exit_after.is_some_and(|s| minute.seconds() >= s) {
        exit.write(AppExit::Success);
    }
}

/// The median of `values` (reordered), or `None` when there are none.
pub fn median(values: &mut [f64]) -> Option<f64> {
    (!values.is_empty()).then(|| crate::engine::cli::median(values))
}

/// What the C allocator holds, from glibc's `mallinfo2` over all its arenas: `in_use`
/// bytes handed out (Rust's and the graphics driver's), `free` bytes kept for reuse. A
/// growing `in_use` is a leak; a growing `free` is memory kept after it was given back.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn heap_counts() -> Option<serde_json::Value> {
    // Looked up at run time: glibc has had mallinfo2 only since 2.33, and linking it
    // would keep the game from starting on an older one.
    // SAFETY: dlsym only looks a name up; a symbol found under this name is glibc's
    // `struct mallinfo2 mallinfo2(void)`, which only reads the allocator's statistics.
    let info = unsafe {
        let symbol = libc::dlsym(libc::RTLD_DEFAULT, c"mallinfo2".as_ptr());
        if symbol.is_null() {
            return None;
        }
        let mallinfo2: extern "C" fn() -> libc::mallinfo2 = std::mem::transmute(symbol);
        mallinfo2()
    };
    Some(serde_json::json!({
        "in_use": info.uordblks + info.hblkhd,
        "free": info.fordblks,
        "arena": info.arena,
    }))
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn heap_counts() -> Option<serde_json::Value> {
    None
}

/// This process's resident memory (Linux: `VmRSS` in `/proc/self/status`); `None`
/// where the system does not say.
pub fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    parse_vm_rss(&status)
}

fn parse_vm_rss(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_of_odd_and_even_counts() {
        assert_eq!(median(&mut []), None);
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&mut [4.0, 1.0, 3.0, 2.0]), Some(2.5));
    }

    #[test]
    fn resident_memory_is_read_from_the_status_lines() {
        let status = "Name:\tlodestone\nVmPeak:\t  900 kB\nVmRSS:\t  432100 kB\nThreads: 9\n";
        assert_eq!(parse_vm_rss(status), Some(432_100 * 1024));
        assert_eq!(parse_vm_rss("Name: x\n"), None);
        if cfg!(target_os = "linux") {
            assert!(resident_bytes().is_some_and(|b| b > 1024 * 1024));
        }
    }

    #[test]
    fn flags_are_checked_before_the_window() {
        assert!(LongRun::new(Some(0.0), None).is_err());
        assert!(LongRun::new(Some(f64::NAN), None).is_err());
        let dir = std::env::temp_dir();
        let e = LongRun::new(None, Some(&dir)).unwrap_err();
        assert!(e.contains("folder"), "{e}");
        let missing = dir.join("lodestone-no-such-folder/stats.jsonl");
        let e = LongRun::new(Some(5.0), Some(&missing)).unwrap_err();
        assert!(e.starts_with("--stats "), "{e}");
        assert!(!LongRun::default().is_wanted());
    }
}
