//! `lodestone film` as a user runs it: a real process filming offscreen. The frame count
//! follows from the speed, the stage count and the stage length; the same arguments give
//! the same frames; a GIF holds them all.

use std::path::Path;
use std::process::Command;

use lodestone::app::playback::STAGE_SECONDS;

fn film(args: &[&str], out: &Path) -> serde_json::Value {
    let stdout = super::render::drawn("film", args, out);
    let text = String::from_utf8(stdout).expect("UTF-8");
    assert_eq!(text.lines().count(), 1, "one JSON line on stdout: {text}");
    serde_json::from_str(&text).expect("one JSON line on stdout")
}

fn frames_in(folder: &Path) -> Vec<image::RgbImage> {
    let mut names: Vec<_> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    names
        .iter()
        .map(|p| image::open(p).unwrap().to_rgb8())
        .collect()
}

#[test]
fn a_film_of_a_chain_has_the_frames_its_stages_imply_and_repeats_exactly() {
    let dir = std::env::temp_dir().join(format!("lodestone-film-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let chain = [
        "vectress",
        "--moves",
        "E3-G5,F7-H5,F5-F7",
        "--fps",
        "10",
        "--size",
        "160x90",
    ];
    let report = film(&chain, &dir.join("a"));
    let frames = frames_in(&dir.join("a"));
    // F5-F7 plays its own move, then five waves: six stages of STAGE_SECONDS each, ten
    // frames a second at speed 1, and one frame for the start.
    let per_stage = (STAGE_SECONDS * 10.0).round() as usize;
    assert_eq!(frames.len(), 1 + 6 * per_stage);
    assert_eq!(report["frames"], frames.len());
    // The film's own fps and length beside what making it took.
    assert_eq!(report["fps"], 10);
    let length = report["length_seconds"].as_f64().unwrap();
    assert!(
        (length - frames.len() as f64 / 10.0).abs() < 0.01,
        "{report}"
    );
    assert!(report["export_seconds"].as_f64().unwrap() > 0.0, "{report}");
    assert!(
        report["export_frames_per_second"].as_f64().unwrap() > 0.0,
        "{report}"
    );
    assert_eq!(frames[0].dimensions(), (160, 90));
    assert_ne!(
        frames[0],
        frames[frames.len() - 1],
        "the chain moves the pieces"
    );
    // The same arguments give the same frames, and --audio adds the soundtrack.
    let wav = dir.join("chain.wav");
    let wav_arg = wav.display().to_string();
    let with_audio: Vec<&str> = chain.iter().copied().chain(["--audio", &wav_arg]).collect();
    let report = film(&with_audio, &dir.join("b"));
    assert_eq!(frames_in(&dir.join("b")), frames);
    assert_soundtrack(&report, &wav, frames.len());
    // Half speed: twice the frames per stage. A GIF holds every frame.
    let slow = film(
        &[
            "vectress", "--moves", "E3-E5", "--fps", "10", "--speed", "0.5", "--size", "96x54",
        ],
        &dir.join("slow.gif"),
    );
    let gif = image::codecs::gif::GifDecoder::new(std::io::BufReader::new(
        std::fs::File::open(dir.join("slow.gif")).unwrap(),
    ))
    .unwrap();
    let count = image::AnimationDecoder::into_frames(gif).count();
    assert_eq!(slow["frames"], count);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The chain's soundtrack: as long as the film, and a sound where each of its cues was
/// played (the same cues a headless playback of the chain logs, at the same moments).
fn assert_soundtrack(report: &serde_json::Value, wav: &Path, frames: usize) {
    let mut reader = hound::WavReader::open(wav).unwrap();
    let spec = reader.spec();
    assert_eq!(
        (spec.channels, spec.sample_rate),
        (2, lodestone::sound::SAMPLE_RATE)
    );
    let samples: Vec<f32> = reader
        .samples::<i16>()
        .map(|s| f32::from(s.unwrap()) / f32::from(i16::MAX))
        .collect();
    let seconds = samples.len() as f64 / 2.0 / f64::from(spec.sample_rate);
    assert!(
        (seconds - frames as f64 / 10.0).abs() < 1e-3,
        "{seconds} s of sound for {frames} frames at 10 fps"
    );
    let peak = lodestone::sound::analysis::peak(&samples);
    assert!(peak > 0.1 && peak < 1.0, "peak {peak}");
    assert_eq!(report["audio"]["out"], wav.display().to_string());
    let played = lodestone::app::headless::played_cues(
        lodestone::rules::GameId::Vectress,
        &["E3-G5", "F7-H5"],
        "F5-F7",
        std::time::Duration::from_millis(100),
    )
    .unwrap();
    assert_eq!(report["audio"]["cues"], played.logged.len());
    let heard = lodestone::sound::analysis::onsets(&samples, 0.02);
    // The film's clock starts with its first stage.
    let mut moments: Vec<f64> = Vec::new();
    for cue in &played.logged {
        let t = cue.seconds - played.first_stage;
        if moments.last().is_none_or(|&last| t - last > 0.025) {
            moments.push(t);
        }
    }
    assert!(moments.len() >= 10, "{moments:?}");
    assert_eq!(heard.len(), moments.len(), "{heard:?} for {moments:?}");
    for (onset, moment) in heard.iter().zip(&moments) {
        assert!((onset - moment).abs() < 0.010, "{onset} for {moment}");
    }
}

#[test]
fn bad_film_requests_are_one_sentence_and_exit_2() {
    for (args, says) in [
        (vec!["chess", "--moves", "E3-E5"], "unknown game"),
        (vec!["vectress", "--moves", "E3-E9"], "refused"),
        (vec!["vectress", "--moves", "E3-E5", "--fps", "0"], "--fps"),
        (
            vec!["vectress", "--moves", "E3-E5", "--from", "3"],
            "--from",
        ),
        (
            vec!["vectress", "--moves", "E3-E5", "--captions", "maybe"],
            "--captions",
        ),
        (
            vec!["vectress", "--moves", "E3-E5", "--audio", "sound.mp3"],
            "--audio must be a .wav file",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_lodestone"))
            .arg("film")
            .args(&args)
            .args(["--out", "x.gif"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}
