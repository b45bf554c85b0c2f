//! The files a command of the README wrote, opened as a user would open them: pictures
//! and films decoded at the size the command asked for, a soundtrack as long as its film,
//! a mined puzzle library read back as the puzzles the command printed. A file of a kind
//! this does not know how to open is itself a failure, so nothing written goes unchecked.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use lodestone::rules::GameId;

/// Every file under `dir`, with when it was last written.
pub fn files(dir: &Path) -> BTreeMap<PathBuf, SystemTime> {
    let mut found = BTreeMap::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if let Ok(modified) = entry.metadata().and_then(|m| m.modified()) {
                found.insert(path, modified);
            }
        }
    }
    found
}

/// The files in `after` that are new or rewritten since `before`.
pub fn written(
    before: &BTreeMap<PathBuf, SystemTime>,
    after: &BTreeMap<PathBuf, SystemTime>,
) -> Vec<PathBuf> {
    after
        .iter()
        .filter(|(path, when)| before.get(*path) != Some(when))
        .map(|(path, _)| path.clone())
        .collect()
}

/// Opens `path`, which `command` wrote while printing `stdout`; if it is not what the
/// command says it is, why not (to follow "the file ...").
pub fn open(command: &str, stdout: &str, path: &Path) -> Result<(), String> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let verb = words.get(1).copied().unwrap_or_default();
    let report = || -> Result<serde_json::Value, String> {
        serde_json::from_str(stdout.trim())
            .map_err(|e| format!("came with a report that is not JSON: {e}"))
    };
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default();
    match (verb, ext) {
        ("render", "png") => picture(path, size(&words, (1280, 720))?),
        ("film", "png") if is_poster(&words, path) => picture(path, size(&words, (960, 540))?),
        ("film", "png" | "webp" | "gif") => film(path, size(&words, (960, 540))?, &report()?),
        ("film", "wav") => soundtrack(path, &report()?),
        ("mine", "ron") => library(&words, path, &report()?),
        // The exhibition's statistics: a JSON line a minute of a window that did not
        // open here, so only the file made ready for them, and any line in it JSON.
        (_, "jsonl") => json_lines(path),
        _ => Err("is of a kind the test does not know how to open".to_string()),
    }
}

/// The `--size` of the command, or `default`.
fn size(words: &[&str], default: (u32, u32)) -> Result<(u32, u32), String> {
    let Some(i) = words.iter().position(|w| *w == "--size") else {
        return Ok(default);
    };
    let parsed = words
        .get(i + 1)
        .and_then(|s| s.split_once('x'))
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)));
    parsed.ok_or_else(|| "came from a command whose --size does not read".to_string())
}

fn is_poster(words: &[&str], path: &Path) -> bool {
    words
        .iter()
        .position(|w| *w == "--poster")
        .and_then(|i| words.get(i + 1))
        .is_some_and(|p| path.ends_with(p))
}

/// A still: the asked size, and a picture rather than one colour.
fn picture(path: &Path, size: (u32, u32)) -> Result<(), String> {
    let image = image::open(path)
        .map_err(|e| format!("does not decode as a picture: {e}"))?
        .to_rgb8();
    frame_is_drawn(&image, size)
}

fn frame_is_drawn(image: &image::RgbImage, size: (u32, u32)) -> Result<(), String> {
    if image.dimensions() != size {
        return Err(format!("is {:?}, not {size:?}", image.dimensions()));
    }
    let colours = super::render::distinct_colours(image);
    if colours <= 20 {
        return Err(format!("has only {colours} colours"));
    }
    Ok(())
}

/// A film: as many frames as its report says, each of the asked size and drawn, and
/// not all alike.
fn film(path: &Path, size: (u32, u32), report: &serde_json::Value) -> Result<(), String> {
    let frames = super::film::decode(path);
    if Some(frames.len() as u64) != report["frames"].as_u64() {
        return Err(format!(
            "holds {} frames, its report says {}",
            frames.len(),
            report["frames"]
        ));
    }
    for (i, frame) in frames.iter().enumerate() {
        frame_is_drawn(frame, size).map_err(|why| format!("frame {i} {why}"))?;
    }
    if frames.first() == frames.last() {
        return Err("has its first and last frames alike".to_string());
    }
    Ok(())
}

/// A soundtrack: as long as the film (within a frame), and not silent.
fn soundtrack(path: &Path, report: &serde_json::Value) -> Result<(), String> {
    let mut reader = hound::WavReader::open(path).map_err(|e| format!("does not read: {e}"))?;
    let spec = reader.spec();
    let seconds = reader.duration() as f64 / f64::from(spec.sample_rate);
    let length = report["length_seconds"].as_f64().unwrap_or(0.0);
    let frame = 1.0 / report["fps"].as_f64().unwrap_or(1.0);
    if (seconds - length).abs() > frame {
        return Err(format!("lasts {seconds:.3} s, the film {length:.3} s"));
    }
    let peak = reader
        .samples::<i16>()
        .map(|s| s.map(i16::unsigned_abs))
        .try_fold(0, |peak, s| s.map(|s| peak.max(s)))
        .map_err(|e| format!("does not read: {e}"))?;
    if peak < 1000 {
        return Err(format!("is silent (peak {peak})"));
    }
    Ok(())
}

fn json_lines(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("does not read: {e}"))?;
    for line in text.lines() {
        serde_json::from_str::<serde_json::Value>(line)
            .map_err(|e| format!("has a line that is not JSON ({e}): {line}"))?;
    }
    Ok(())
}

/// A mined library: reads back as the game's puzzles, the ones the command printed.
fn library(words: &[&str], path: &Path, report: &serde_json::Value) -> Result<(), String> {
    let game = words
        .get(2)
        .and_then(|g| GameId::parse(g))
        .ok_or("came from a command that names no game")?;
    let text = std::fs::read_to_string(path).map_err(|e| format!("does not read: {e}"))?;
    let puzzles = lodestone::puzzles::library::parse(game, &text)
        .map_err(|e| format!("is not a puzzle library: {e}"))?;
    let printed: Vec<&str> = report
        .as_array()
        .map(|list| list.iter().filter_map(|p| p["name"].as_str()).collect())
        .unwrap_or_default();
    let read: Vec<&str> = puzzles.iter().map(|p| p.name.as_str()).collect();
    if read.is_empty() || read != printed {
        return Err(format!("holds {read:?}, the command printed {printed:?}"));
    }
    Ok(())
}
