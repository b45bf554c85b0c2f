//! `lodestone film` as a user runs it: a real process filming offscreen. The frame count
//! follows from the speed, the stage count and the stage length; the same arguments give
//! the same frames; each format holds them all; at share size the camera fills the frame.

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
    // The move's first frame already has what it first asks the renderer for (the
    // caption's panel, the move's trail): after the warm-up each frame waits for its
    // pipelines. Drawn without waiting, that frame lacked them (here 48.8 from the next
    // frame, 31.9 from the start's, against 11.2 and 48.2 drawn whole), in the caption's
    // place at the bottom middle.
    let caption =
        |frame: &image::RgbImage| image::imageops::crop_imm(frame, 30, 52, 100, 22).to_image();
    let to_next = mean_difference(&caption(&frames[1]), &caption(&frames[2]));
    let to_start = mean_difference(&caption(&frames[1]), &caption(&frames[0]));
    assert!(
        to_next < to_start / 2.0,
        "the move's first frame has no caption: {to_next:.1} from the next, {to_start:.1} from the start"
    );
    // The same arguments give the same frames, and --audio adds the soundtrack: filmed
    // again as an animated PNG, which holds every frame exactly.
    let wav = dir.join("chain.wav");
    let wav_arg = wav.display().to_string();
    let with_audio: Vec<&str> = chain.iter().copied().chain(["--audio", &wav_arg]).collect();
    let apng = dir.join("chain.png");
    let report = film(&with_audio, &apng);
    assert_eq!(report["bytes"], std::fs::metadata(&apng).unwrap().len());
    assert_eq!(decode(&apng), frames, "the animated PNG of the same film");
    assert_soundtrack(&report, &wav, frames.len());
    // Half speed: twice the frames per stage. Filmed small (one stage) as frames, then
    // as WebP and GIF, each by the extension of --out: every frame, decoded close to the
    // PNGs (WebP is lossy and a GIF has a palette per frame).
    let slow_args = [
        "vectress", "--moves", "E3-E5", "--fps", "10", "--speed", "0.5", "--size", "96x54",
    ];
    let slow = film(&slow_args, &dir.join("slow"));
    let slow_frames = frames_in(&dir.join("slow"));
    let stages = slow["framing"].as_array().unwrap().len();
    assert_eq!(slow_frames.len(), 1 + stages * 2 * per_stage, "{slow}");
    assert_eq!(slow["frames"], slow_frames.len());
    assert_ne!(slow_frames[0], slow_frames[slow_frames.len() - 1]);
    for name in ["slow.webp", "slow.gif"] {
        let path = dir.join(name);
        let report = film(&slow_args, &path);
        assert_eq!(
            report["bytes"],
            std::fs::metadata(&path).unwrap().len(),
            "{name}"
        );
        let decoded = decode(&path);
        assert_eq!(decoded.len(), slow_frames.len(), "{name}");
        for (i, (d, f)) in decoded.iter().zip(&slow_frames).enumerate() {
            let difference = mean_difference(d, f);
            assert!(difference <= 8.0, "{name} frame {i}: {difference}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every frame of an animated PNG, WebP or GIF, as RGB.
pub(super) fn decode(path: &Path) -> Vec<image::RgbImage> {
    let bytes = std::fs::read(path).unwrap();
    let rgb = |w: u32, h: u32, rgba: Vec<u8>| {
        image::DynamicImage::ImageRgba8(image::RgbaImage::from_raw(w, h, rgba).unwrap()).to_rgb8()
    };
    match path.extension().and_then(|e| e.to_str()) {
        Some("png") => {
            let mut decoder = png::Decoder::new(std::io::Cursor::new(&bytes))
                .read_info()
                .unwrap();
            let count = decoder.info().animation_control().unwrap().num_frames;
            let (w, h) = (decoder.info().width, decoder.info().height);
            let mut buf = vec![0; decoder.output_buffer_size().unwrap()];
            (0..count)
                .map(|_| {
                    decoder.next_frame(&mut buf).unwrap();
                    image::RgbImage::from_raw(w, h, buf.clone()).unwrap()
                })
                .collect()
        }
        Some("webp") => webp_animation::Decoder::new(&bytes)
            .unwrap()
            .into_iter()
            .map(|f| {
                let (w, h) = f.dimensions();
                rgb(w, h, f.data().to_vec())
            })
            .collect(),
        _ => {
            let decoder =
                image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&bytes)).unwrap();
            image::AnimationDecoder::into_frames(decoder)
                .map(|f| {
                    let f = f.unwrap().into_buffer();
                    let (w, h) = f.dimensions();
                    rgb(w, h, f.into_raw())
                })
                .collect()
        }
    }
}

/// The mean difference per channel of two frames of one size.
fn mean_difference(a: &image::RgbImage, b: &image::RgbImage) -> f64 {
    assert_eq!(a.dimensions(), b.dimensions());
    let sum: u64 = a
        .as_raw()
        .iter()
        .zip(b.as_raw())
        .map(|(x, y)| u64::from(x.abs_diff(*y)))
        .sum();
    sum as f64 / a.as_raw().len() as f64
}

/// At the size a README or a chat shows (480x270), the cinematic camera closes in on
/// every stage of the README chain until its acting pieces fill at least a third of the
/// frame's height; the poster is the frame it names, inside a stage.
#[test]
fn at_share_size_the_camera_fills_a_third_of_the_frame_with_each_stage() {
    let dir = std::env::temp_dir().join(format!("lodestone-share-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let poster = dir.join("poster.png");
    let poster_arg = poster.display().to_string();
    let report = film(
        &[
            "vectress",
            "--moves",
            "E3-G5,F7-H5,F5-F7",
            "--fps",
            "10",
            "--size",
            "480x270",
            "--poster",
            &poster_arg,
        ],
        &dir.join("frames"),
    );
    let framing: Vec<f64> = report["framing"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_f64().unwrap())
        .collect();
    assert_eq!(framing.len(), 6, "{report}");
    assert!(framing.iter().all(|&f| f >= 1.0 / 3.0), "{framing:?}");
    let frames = frames_in(&dir.join("frames"));
    let index = report["poster"]["frame"].as_u64().unwrap() as usize;
    assert!(index >= 1 && index < frames.len(), "{report}");
    assert_eq!(image::open(&poster).unwrap().to_rgb8(), frames[index]);
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
        (
            vec!["vectress", "--moves", "E3-E5", "--from", "0", "--to", "0"],
            "no range",
        ),
        (
            vec!["vectress", "--moves", "E3-E5", "--webp-quality", "50"],
            "--webp-quality 50 is for a .webp film",
        ),
        (
            vec!["vectress", "--moves", "E3-E5", "--poster", "p.jpg"],
            "--poster must be a .png",
        ),
        (
            vec!["vectress", "--moves", "E3-E5", "--labels", "maybe"],
            "--labels",
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
