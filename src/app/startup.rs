//! What can stop the game from starting at all (no display, a display nobody answers on,
//! no graphics adapter), said in one sentence with what to install or set, and exit
//! status 1, instead of a library's panic and its backtrace hint.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::log::{BoxedFmtLayer, Level, LogPlugin};
use bevy::prelude::*;

/// True the first time it is asked in this process: whoever gets it adds the LogPlugin
/// (the global logger can be set once).
pub fn take_logger() -> bool {
    static TAKEN: AtomicBool = AtomicBool::new(false);
    !TAKEN.swap(true, Ordering::Relaxed)
}

/// The offscreen commands' task pools: two threads for async compute however few the
/// cores, where the render world prepares its pipelines (naga, then the driver's own
/// work) beside the warm-up's throwaway frames; after the warm-up each frame waits for
/// its own (`render::offscreen`). Bevy gives async compute a quarter of the cores, one
/// thread here. The window keeps that: its frames never waited, and a second thread
/// there gained nothing measurable.
pub fn task_pool_plugin() -> bevy::app::TaskPoolPlugin {
    use bevy::app::{TaskPoolOptions, TaskPoolPlugin, TaskPoolThreadAssignmentPolicy};
    let defaults = TaskPoolOptions::default();
    TaskPoolPlugin {
        task_pool_options: TaskPoolOptions {
            async_compute: TaskPoolThreadAssignmentPolicy {
                min_threads: 2,
                ..defaults.async_compute
            },
            ..defaults
        },
    }
}

/// The log: lines from `level` up on standard error (`RUST_LOG`, which Bevy's filter
/// reads on top of this, can ask for more), with colour codes only on a terminal. The
/// offscreen commands keep their standard error for their own progress and errors
/// (`ERROR`, `INFO` with `--verbose`); the window shows warnings.
pub fn log_plugin(level: Level) -> LogPlugin {
    fn plain_unless_terminal(_: &mut App) -> Option<BoxedFmtLayer> {
        Some(Box::new(
            bevy::log::tracing_subscriber::fmt::Layer::default()
                .with_writer(std::io::stderr)
                .with_ansi(std::io::stderr().is_terminal()),
        ))
    }
    LogPlugin {
        level,
        fmt_layer: plain_unless_terminal,
        ..default()
    }
}

/// Why the window cannot open on this machine, if that is known before trying: this
/// build speaks X11 (XWayland serves it on Wayland desktops), which needs `DISPLAY`.
pub fn display_problem(display: Option<&str>, wayland: Option<&str>) -> Option<String> {
    let set = |v: Option<&str>| v.is_some_and(|v| !v.is_empty());
    if set(display) {
        return None;
    }
    Some(if set(wayland) {
        "this Wayland session has no X11 display (DISPLAY is not set); start XWayland, \
         or run lodestone from an X11 session"
            .to_string()
    } else {
        "there is no display to open the window on (DISPLAY is not set): run lodestone \
         from a desktop session or under a virtual display (Xvfb); render and film draw \
         without one"
            .to_string()
    })
}

/// The sentence for a start-up failure that a library reports by panicking, or `None`
/// for any other panic (a bug, which keeps Rust's own report).
pub fn known_failure(message: &str, display: Option<&str>) -> Option<String> {
    if message.contains("Unable to find a GPU") {
        return Some(
            "no graphics adapter found; install a Vulkan driver (for software rendering on \
             Linux: the mesa-vulkan-drivers package)"
                .to_string(),
        );
    }
    if message.contains("XOpenDisplayFailed") {
        return Some(format!(
            "cannot open the display {}: no X server answers there; check DISPLAY, or start \
             one (for example Xvfb)",
            display.unwrap_or("(unset)")
        ));
    }
    if message.contains("Failed to build event loop") {
        return Some(
            display_problem(None, None).unwrap_or_else(|| "the window system did not start".into()),
        );
    }
    None
}

/// Turns the known start-up panics of `command` (`None`: the window) into one line on
/// standard error and exit status 1; any other panic is reported as Rust reports it.
pub fn install_failure_hook(command: Option<&'static str>) {
    static REPORTED: AtomicBool = AtomicBool::new(false);
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let display = std::env::var("DISPLAY").ok();
        let known = known_failure(&message, display.as_deref());
        // Offscreen commands report every renderer panic in one line (it has no window to
        // show a bug in); the window keeps Rust's report for anything unknown.
        let line = match (known, command) {
            (Some(why), _) => why,
            (None, Some(_)) => {
                let place = info
                    .location()
                    .map(|l| format!(" at {}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                format!("rendering failed: {message}{place}")
            }
            (None, None) => return default(info),
        };
        // The render thread and the main thread may both panic: one line, once.
        if !REPORTED.swap(true, Ordering::SeqCst) {
            match command {
                Some(command) => eprintln!("lodestone: {command}: {line}"),
                None => eprintln!("lodestone: {line}"),
            }
        }
        std::process::exit(1);
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_display_is_said_before_the_window_is_tried() {
        assert_eq!(display_problem(Some(":0"), None), None);
        let none = display_problem(None, None).unwrap();
        assert!(
            none.contains("DISPLAY is not set") && none.contains("Xvfb"),
            "{none}"
        );
        let empty = display_problem(Some(""), None).unwrap();
        assert!(empty.contains("DISPLAY is not set"), "{empty}");
        let wayland = display_problem(None, Some("wayland-0")).unwrap();
        assert!(wayland.contains("XWayland"), "{wayland}");
    }

    #[test]
    fn the_libraries_start_up_panics_become_sentences() {
        let gpu = known_failure("Unable to find a GPU! Make sure you have installed", None);
        assert!(gpu.unwrap().contains("mesa-vulkan-drivers"));
        let x = known_failure(
            "Failed to build event loop: Os(OsError { error: XNotSupported(XOpenDisplayFailed) })",
            Some(":99"),
        )
        .unwrap();
        assert!(x.contains(":99") && x.contains("no X server"), "{x}");
        assert_eq!(known_failure("index out of bounds", Some(":0")), None);
    }
}
