//! Listening to a rendered mix: where the sounds start and how loud it gets. For tests,
//! the sound bench and checking a recording.

use super::synth::SAMPLE_RATE;

/// Frames per envelope window: 1 ms.
const WINDOW: usize = SAMPLE_RATE as usize / 1000;

/// The loudest sample of interleaved stereo `samples`.
pub fn peak(samples: &[f32]) -> f32 {
    samples.iter().fold(0.0f32, |m, s| m.max(s.abs()))
}

/// Seconds at which a sound starts in interleaved stereo `samples`: the envelope jumps to
/// at least `floor` and to more than twice what it was over the 6 ms before. Onsets
/// closer than 25 ms are heard as one.
pub fn onsets(samples: &[f32], floor: f32) -> Vec<f64> {
    let frames = samples.len() / 2;
    let level = |f: usize| samples[2 * f].abs().max(samples[2 * f + 1].abs());
    let envelope: Vec<f32> = (0..frames / WINDOW)
        .map(|w| {
            (w * WINDOW..(w + 1) * WINDOW)
                .map(level)
                .fold(0.0, f32::max)
        })
        .collect();
    let mut found: Vec<f64> = Vec::new();
    for w in 1..envelope.len() {
        let before = envelope[w.saturating_sub(6)..w]
            .iter()
            .copied()
            .fold(0.0, f32::max);
        if envelope[w] >= floor && envelope[w] > 2.0 * before {
            // The first sample of the window above half the window's peak.
            let frame = (w * WINDOW..(w + 1) * WINDOW)
                .find(|&f| level(f) >= envelope[w] * 0.5)
                .unwrap_or(w * WINDOW);
            let t = frame as f64 / SAMPLE_RATE as f64;
            if found.last().is_none_or(|&last| t - last > 0.025) {
                found.push(t);
            }
        }
    }
    found
}
