//! `lodestone bench start`: how long a start takes, process and all. Each sample starts
//! this program afresh: `render menu` to its first frame drawn (the trace's probe ends it
//! there), `render menu` to its picture written, and, where a display is set, the window
//! to its first frame drawn. Medians in milliseconds, with the start's steps (from
//! [`crate::app::start_trace`]) of the median offscreen sample.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::engine::cli::CliError;

fn usage() -> String {
    "Usage: lodestone bench start [--samples N] [--size WxH]\n\n\
Starts this program N times (default 5) for each of: `render menu` until its first frame \
is drawn, `render menu` until its picture is written, and (where DISPLAY is set) the \
window until its first frame is drawn. Prints the median and largest times in \
milliseconds, whole process from its start, and the start's steps in the median \
`render menu` sample, as one JSON line.\n"
        .to_string()
}

struct Plan {
    samples: usize,
    size: String,
}

fn parse(options: &[String]) -> Result<Plan, CliError> {
    let mut plan = Plan {
        samples: 5,
        size: "960x540".to_string(),
    };
    let mut it = options.iter();
    while let Some(option) = it.next() {
        if option == "--help" || option == "-h" {
            return Err(CliError::Help(usage()));
        }
        let value = it
            .next()
            .ok_or_else(|| CliError::Usage(format!("bench start: {option} needs a value")))?;
        match option.as_str() {
            "--samples" => {
                plan.samples = value
                    .parse()
                    .ok()
                    .filter(|n| (1..=100).contains(n))
                    .ok_or_else(|| {
                        CliError::Usage(format!(
                            "bench start: --samples must be a whole number from 1 to 100, not \"{value}\""
                        ))
                    })?;
            }
            "--size" => {
                crate::app::render::parse_size(value)
                    .map_err(|e| CliError::Usage(format!("bench start: {e}")))?;
                plan.size = value.clone();
            }
            _ => {
                return Err(CliError::Usage(format!(
                    "bench start: unknown option {option} (see lodestone bench start --help)"
                )));
            }
        }
    }
    Ok(plan)
}

/// One start timed: milliseconds from spawning to the end, and the trace it printed.
struct Sample {
    ms: f64,
    trace: Option<serde_json::Value>,
}

fn time_start(mut command: Command, what: &str) -> Result<Sample, CliError> {
    let started = Instant::now();
    let out = command
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .stdout(Stdio::piped())
        .output()
        .map_err(|e| CliError::Failed(format!("bench start: could not start {what}: {e}")))?;
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(CliError::Failed(format!(
            "bench start: {what} failed: {}",
            err.lines().last().unwrap_or("no message")
        )));
    }
    let trace = String::from_utf8_lossy(&out.stdout)
        .lines()
        .rev()
        .find_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|v| v.get("steps").is_some());
    Ok(Sample { ms, trace })
}

pub fn run(options: &[String]) -> Result<serde_json::Value, CliError> {
    let plan = parse(options)?;
    let exe = std::env::current_exe()
        .map_err(|e| CliError::Failed(format!("bench start: cannot find this program: {e}")))?;
    let folder = std::env::temp_dir().join(format!("lodestone-bench-start-{}", std::process::id()));
    std::fs::create_dir_all(&folder)
        .map_err(|e| CliError::Failed(format!("bench start: {}: {e}", folder.display())))?;
    let outcome = measure(&plan, &exe, &folder);
    let _ = std::fs::remove_dir_all(&folder);
    outcome
}

fn measure(plan: &Plan, exe: &Path, folder: &Path) -> Result<serde_json::Value, CliError> {
    let picture = folder.join("menu.png");
    let render = |probe: bool| {
        let mut command = Command::new(exe);
        command
            .args(["render", "menu", "--size", &plan.size, "--out"])
            .arg(&picture)
            .env_remove("LODESTONE_START_TRACE");
        if probe {
            command.env("LODESTONE_START_PROBE", "1");
        } else {
            command.env_remove("LODESTONE_START_PROBE");
        }
        command
    };
    let mut first = Vec::new();
    let mut written = Vec::new();
    let mut window = Vec::new();
    let display = std::env::var("DISPLAY").ok().filter(|d| !d.is_empty());
    for _ in 0..plan.samples {
        first.push(time_start(render(true), "render menu")?);
        written.push(time_start(render(false), "render menu")?);
        if display.is_some() {
            let mut command = Command::new(exe);
            // A fresh settings and data folder: the window opens at its default size, on
            // the menu, whatever this machine's player has set.
            command
                .env("XDG_CONFIG_HOME", folder)
                .env("XDG_DATA_HOME", folder)
                .env("LODESTONE_START_PROBE", "1")
                .env_remove("LODESTONE_START_TRACE");
            window.push(time_start(command, "the window")?);
        }
    }
    let median_trace = median_sample(&first).and_then(|s| s.trace.clone());
    let mut report = serde_json::json!({
        "size": plan.size,
        "samples": plan.samples,
        "render_menu_first_frame_ms": summary(&first),
        "render_menu_written_ms": summary(&written),
        "render_menu_steps": median_trace.map(|t| t["steps"].clone()),
    });
    report["window_first_frame_ms"] = match display {
        Some(_) => summary(&window),
        None => serde_json::json!("not measured: DISPLAY is not set"),
    };
    if let Some(trace) = median_sample(&window).and_then(|s| s.trace.clone()) {
        report["window_steps"] = trace["steps"].clone();
    }
    Ok(report)
}

/// The sample at the median rank (of an even count, the upper of the middle two).
fn median_sample(samples: &[Sample]) -> Option<&Sample> {
    let mut sorted: Vec<&Sample> = samples.iter().collect();
    sorted.sort_by(|a, b| a.ms.total_cmp(&b.ms));
    sorted.get(sorted.len() / 2).copied()
}

fn summary(samples: &[Sample]) -> serde_json::Value {
    let largest = samples.iter().map(|s| s.ms).fold(0.0, f64::max);
    serde_json::json!({
        "median": median_sample(samples).map(|s| s.ms.round()),
        "largest": largest.round(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_checked() {
        let opts = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let plan = parse(&opts(&["--samples", "3", "--size", "480x270"])).unwrap();
        assert_eq!((plan.samples, plan.size.as_str()), (3, "480x270"));
        for (bad, says) in [
            (vec!["--samples", "0"], "1 to 100"),
            (vec!["--size", "big"], "--size"),
            (vec!["--fast", "1"], "unknown option"),
            (vec!["--samples"], "needs a value"),
        ] {
            let Err(CliError::Usage(msg)) = parse(&opts(&bad)) else {
                panic!("{bad:?} accepted");
            };
            assert!(msg.contains(says), "{msg}");
        }
    }

    #[test]
    fn the_median_sample_is_the_middle_one() {
        let s = |ms| Sample { ms, trace: None };
        let samples = [s(30.0), s(10.0), s(20.0)];
        assert_eq!(median_sample(&samples).map(|s| s.ms), Some(20.0));
        assert_eq!(summary(&samples)["largest"], serde_json::json!(30.0));
    }
}
