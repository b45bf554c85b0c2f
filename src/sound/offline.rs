//! The mix rendered to samples with no sound device: films' soundtracks, tests and the
//! sound bench. Each cue starts on its exact sample.

use std::convert::Infallible;
use std::sync::Arc;

use kira::backend::{Backend, Renderer};

use super::cue::Cue;
use super::mixer::{Kit, Levels, Mixer};
use super::synth::SAMPLE_RATE;

/// A backend that renders only when asked.
pub struct Offline {
    renderer: Option<Renderer>,
}

impl Backend for Offline {
    type Settings = ();
    type Error = Infallible;

    fn setup(_: (), _block: usize) -> Result<(Offline, u32), Infallible> {
        Ok((Offline { renderer: None }, SAMPLE_RATE))
    }

    fn start(&mut self, renderer: Renderer) -> Result<(), Infallible> {
        self.renderer = Some(renderer);
        Ok(())
    }
}

impl Offline {
    /// Renders the next `frames` stereo frames onto `out` (interleaved left, right).
    pub fn render(&mut self, frames: usize, out: &mut Vec<f32>) {
        let start = out.len();
        out.resize(start + frames * 2, 0.0);
        if let Some(renderer) = self.renderer.as_mut()
            && frames > 0
        {
            renderer.on_start_processing();
            renderer.process(&mut out[start..], 2);
        }
    }
}

/// A cue at its time, in seconds from the start of the soundtrack.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimedCue {
    pub seconds: f64,
    pub cue: Cue,
}

/// The sample a time falls on.
pub fn sample_at(seconds: f64) -> usize {
    (seconds.max(0.0) * SAMPLE_RATE as f64).round() as usize
}

/// The soundtrack of `cues` (in time order), `seconds` long: interleaved stereo at
/// [`SAMPLE_RATE`]. The same cues always give the same samples.
pub fn render(cues: &[TimedCue], seconds: f64, kit: Arc<Kit>, levels: Levels) -> Vec<f32> {
    let total = sample_at(seconds);
    let mut mixer = Mixer::<Offline>::new((), 128, kit, levels).unwrap_or_else(|e| match e {});
    let mut out = Vec::with_capacity(total * 2);
    let mut done = 0;
    let mut order: Vec<&TimedCue> = cues.iter().collect();
    order.sort_by(|a, b| a.seconds.total_cmp(&b.seconds));
    for timed in order {
        let at = sample_at(timed.seconds).min(total);
        if at > done {
            mixer.backend_mut().render(at - done, &mut out);
            done = at;
        }
        // Rendering stopped on the cue's sample: it starts exactly there.
        mixer.play(&timed.cue, 0.0);
    }
    mixer.backend_mut().render(total - done, &mut out);
    out
}

/// Writes interleaved stereo samples as a 16-bit WAV file.
pub fn write_wav(path: &std::path::Path, samples: &[f32]) -> Result<(), String> {
    let spec = hound::WavSpec {
        channels: 2,
        sample_rate: SAMPLE_RATE,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let fail = |e: hound::Error| format!("Could not write {}: {e}.", path.display());
    let mut writer = hound::WavWriter::create(path, spec).map_err(fail)?;
    for &s in samples {
        let v = (s.clamp(-1.0, 1.0) * i16::MAX as f32).round() as i16;
        writer.write_sample(v).map_err(fail)?;
    }
    writer.finalize().map_err(fail)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sound::analysis::{onsets, peak};
    use crate::sound::cue::CueKind;

    fn at(seconds: f64, kind: CueKind) -> TimedCue {
        TimedCue {
            seconds,
            cue: Cue::new(kind, 0.0),
        }
    }

    #[test]
    fn each_cue_starts_on_its_sample_and_the_mix_is_the_same_every_time() {
        let kit = Arc::new(Kit::synthesise());
        let cues = [
            at(0.1, CueKind::Push),
            at(0.4, CueKind::WoodMove),
            at(0.7, CueKind::Place),
        ];
        let a = render(&cues, 1.0, kit.clone(), Levels::default());
        assert_eq!(a.len(), 2 * SAMPLE_RATE as usize);
        let found = onsets(&a, 0.02);
        assert_eq!(found.len(), 3, "{found:?}");
        for (t, cue) in found.iter().zip(&cues) {
            assert!((t - cue.seconds).abs() < 0.002, "{t} for {}", cue.seconds);
        }
        // Nothing before the first cue.
        assert_eq!(peak(&a[..sample_at(0.099) * 2]), 0.0);
        assert_eq!(a, render(&cues, 1.0, kit.clone(), Levels::default()));
        let muted = Levels {
            muted: true,
            ..Levels::default()
        };
        assert!(peak(&render(&cues, 1.0, kit, muted)) < 1e-3);
    }
}
