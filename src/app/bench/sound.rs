//! `lodestone bench sound`: what the sound costs. Each game's heaviest playback is played
//! in a headless app (no drawing) at 1x and its cues logged; each soundtrack is mixed
//! offline again and again and the median mixing time given as a share of one core per
//! second of audio. With a sound server answering, the delay from a cue's start (a stage
//! starting) to its first sample in the output buffer is measured too.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::heavy_playback;
use crate::app::headless::played_cues;
use crate::engine::cli::CliError;
use crate::rules::GameId;
use crate::sound::offline::{TimedCue, render};
use crate::sound::pulse::{Pulse, PulseSettings};
use crate::sound::{Cue, CueKind, Kit, Levels, Mixer};

fn usage() -> String {
    "Usage: lodestone bench sound [--repeat N]\n\n\
Plays each game's heaviest action back headless at 1x, logs its sound cues, mixes that \
soundtrack offline N times (default 20) and prints, per game, the median mixing time per \
second of audio as a share of one core. If a sound server answers, the delay from a cue's \
start to its first sample in the output buffer is measured over 20 cues once the stream \
runs (median and largest, milliseconds; cues_heard counts those that reached it), and how \
long the stream took to start. One JSON line.\n"
        .to_string()
}

pub fn run(options: &[String]) -> Result<serde_json::Value, CliError> {
    let mut repeat = 20usize;
    let mut it = options.iter();
    while let Some(option) = it.next() {
        match option.as_str() {
            "--help" | "-h" => return Err(CliError::Help(usage())),
            "--repeat" => {
                repeat = it
                    .next()
                    .and_then(|v| v.parse().ok())
                    .filter(|n| (1..=1000).contains(n))
                    .ok_or_else(|| {
                        CliError::Usage(
                            "bench sound: --repeat needs a whole number from 1 to 1000".into(),
                        )
                    })?;
            }
            other => {
                return Err(CliError::Usage(format!(
                    "bench sound: unknown option {other} (see lodestone bench sound --help)"
                )));
            }
        }
    }
    let started = Instant::now();
    let kit = Arc::new(Kit::synthesise());
    let synthesis_ms = started.elapsed().as_secs_f64() * 1000.0;
    let mut games = Vec::new();
    for game in GameId::ALL {
        let (cues, seconds) = heaviest_cues(game).map_err(CliError::Failed)?;
        let mut times: Vec<f64> = (0..repeat)
            .map(|_| {
                let start = Instant::now();
                let samples = render(&cues, seconds, kit.clone(), Levels::default());
                std::hint::black_box(samples);
                start.elapsed().as_secs_f64()
            })
            .collect();
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        games.push(serde_json::json!({
            "game": game.id(),
            "cues": cues.len(),
            "audio_seconds": round(seconds, 3),
            "mix_ms_median": round(median * 1000.0, 3),
            "core_percent_per_audio_second": round(median / seconds * 100.0, 4),
        }));
    }
    Ok(serde_json::json!({
        "sample_rate": crate::sound::SAMPLE_RATE,
        "synthesis_ms": round(synthesis_ms, 1),
        "repeat": repeat,
        "games": games,
        "delay": delay_to_output(kit),
    }))
}

fn round(x: f64, places: i32) -> f64 {
    let k = 10f64.powi(places);
    (x * k).round() / k
}

/// The cues of `game`'s heaviest playback at 1x, timed from the action's start, and how
/// long the playback lasts (plus a second for the last sounds to die away).
pub fn heaviest_cues(game: GameId) -> Result<(Vec<TimedCue>, f64), String> {
    let (before, heavy) = heavy_playback(game);
    let played = played_cues(game, before, heavy, Duration::from_secs_f64(1.0 / 60.0))
        .map_err(|why| format!("bench sound: {why}"))?;
    Ok((played.logged, played.seconds + 1.0))
}

/// How many cues the delay is measured over.
const PROBES: usize = 20;

/// The delay from a cue played at once to its first sample in the output buffer, through
/// the desktop's sound server; its reason when none answers.
fn delay_to_output(kit: Arc<Kit>) -> serde_json::Value {
    let settings = PulseSettings::default();
    let mut mixer = match Mixer::<Pulse>::new(settings, 128, kit, Levels::default()) {
        Ok(mixer) => mixer,
        Err(why) => return serde_json::json!({ "error": why }),
    };
    let began = mixer.backend_mut().rendered.sound_began.clone();
    let frames = mixer.backend_mut().rendered.frames.clone();
    // The server takes its first buffer at once but goes on asking only a while later
    // (one to two seconds through PulseAudio's null sink, measured): the delay is
    // measured once the stream has run steadily, past its first buffer and 200 ms more.
    let opened = Instant::now();
    let running = u64::from(crate::sound::SAMPLE_RATE) * (settings.target_ms as u64 + 200) / 1000;
    while frames.load(Ordering::Relaxed) < running && opened.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(5));
    }
    if frames.load(Ordering::Relaxed) < running {
        return serde_json::json!({ "error": "the sound server stopped asking for samples" });
    }
    let start_ms = opened.elapsed().as_secs_f64() * 1000.0 - 200.0;
    let mut delays = Vec::new();
    for _ in 0..PROBES {
        if let Ok(mut b) = began.lock() {
            *b = None;
        }
        let asked = Instant::now();
        mixer.play(&Cue::new(CueKind::Click, 0.0), 0.0);
        // Long enough for the click and its tail to die away before the next.
        std::thread::sleep(Duration::from_millis(400));
        if let Some(at) = began.lock().ok().and_then(|b| *b) {
            delays.push(at.saturating_duration_since(asked).as_secs_f64() * 1000.0);
        }
    }
    if delays.is_empty() {
        return serde_json::json!({ "error": "no cue reached the output" });
    }
    delays.sort_by(f64::total_cmp);
    serde_json::json!({
        "output": "PulseAudio protocol",
        "target_buffer_ms": settings.target_ms,
        "request_ms": settings.request_ms,
        "stream_start_ms": round(start_ms, 1),
        "cues_played": PROBES,
        // A cue never seen in the output is a failure of the output, not left out.
        "cues_heard": delays.len(),
        "to_output_buffer_ms": {
            "median": round(delays[delays.len() / 2], 2),
            "max": round(delays[delays.len() - 1], 2),
        },
    })
}
