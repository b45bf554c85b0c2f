//! The few ways the voices are made: a buffer of mono samples at [`SAMPLE_RATE`] that
//! struck modes, clicks, filtered noise, chirps and hums are added into.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::synth::SAMPLE_RATE;

pub(super) const SR: f32 = SAMPLE_RATE as f32;
const TAU: f32 = std::f32::consts::TAU;

/// One mono sound.
pub(super) struct Buffer(pub(super) Vec<f32>);

impl Buffer {
    pub(super) fn new(seconds: f32) -> Buffer {
        Buffer(vec![0.0; (seconds * SR) as usize])
    }

    pub(super) fn span(&self, start: f32, seconds: f32) -> std::ops::Range<usize> {
        let a = ((start * SR) as usize).min(self.0.len());
        let b = (((start + seconds) * SR) as usize).min(self.0.len());
        a..b
    }

    /// A struck mode: a sine at `freq` dying away by 60 dB in `decay` seconds.
    pub(super) fn mode(&mut self, start: f32, freq: f32, decay: f32, amp: f32) {
        let range = self.span(start, decay * 1.2);
        let k = 6.9 / decay;
        for (n, i) in range.enumerate() {
            let t = n as f32 / SR;
            let attack = (t * 2000.0).min(1.0);
            self.0[i] += amp * attack * (-k * t).exp() * (TAU * freq * t).sin();
        }
    }

    /// Several modes struck at once (a body's ring): (frequency, decay, amplitude).
    pub(super) fn strike(&mut self, start: f32, modes: &[(f32, f32, f32)]) {
        for &(freq, decay, amp) in modes {
            self.mode(start, freq, decay, amp);
        }
    }

    /// A short burst of bright noise: the contact itself.
    pub(super) fn click(
        &mut self,
        rng: &mut ChaCha8Rng,
        start: f32,
        amp: f32,
        decay: f32,
        brightness: f32,
    ) {
        let range = self.span(start, decay * 6.0);
        let mut low = 0.0f32;
        for (n, i) in range.enumerate() {
            let t = n as f32 / SR;
            let white: f32 = rng.random_range(-1.0..1.0);
            low += brightness * (white - low);
            self.0[i] += amp * (-t / decay).exp() * low;
        }
    }

    /// Noise through a band-pass filter whose centre glides from `from` to `to` Hz,
    /// shaped by `envelope` over the span (0..1 in, gain out).
    pub(super) fn band(
        &mut self,
        rng: &mut ChaCha8Rng,
        start: f32,
        seconds: f32,
        from: f32,
        to: f32,
        damping: f32,
        amp: f32,
        envelope: impl Fn(f32) -> f32,
    ) {
        let range = self.span(start, seconds);
        let total = range.len().max(1) as f32;
        let (mut low, mut band) = (0.0f32, 0.0f32);
        for (n, i) in range.enumerate() {
            let u = n as f32 / total;
            let centre = from * (to / from).powf(u);
            let f = 2.0 * (std::f32::consts::PI * centre / SR).sin();
            let white: f32 = rng.random_range(-1.0..1.0);
            low += f * band;
            let high = white - low - damping * band;
            band += f * high;
            self.0[i] += amp * envelope(u) * band;
        }
    }

    /// A sine gliding from `from` to `to` Hz (a zip, a sweep).
    pub(super) fn chirp(&mut self, start: f32, seconds: f32, from: f32, to: f32, amp: f32) {
        let range = self.span(start, seconds);
        let total = range.len().max(1) as f32;
        let mut phase = 0.0f32;
        for (n, i) in range.enumerate() {
            let u = n as f32 / total;
            phase += TAU * (from + (to - from) * u) / SR;
            let envelope = (u * 20.0).min(1.0) * (1.0 - u);
            self.0[i] += amp * envelope * phase.sin();
        }
    }

    /// A hum: a sine swelling in and dying away.
    pub(super) fn hum(&mut self, start: f32, seconds: f32, freq: f32, amp: f32) {
        let range = self.span(start, seconds);
        let total = range.len().max(1) as f32;
        for (n, i) in range.enumerate() {
            let u = n as f32 / total;
            let t = n as f32 / SR;
            let envelope = (u * 8.0).min(1.0) * (1.0 - u).powi(2);
            self.0[i] += amp * envelope * (TAU * freq * t).sin();
        }
    }

    /// Scaled so its loudest sample is `peak`.
    pub(super) fn normalised(mut self, peak: f32) -> Vec<f32> {
        let max = self.0.iter().fold(0.0f32, |m, s| m.max(s.abs()));
        if max > 0.0 {
            for s in &mut self.0 {
                *s *= peak / max;
            }
        }
        // No sound ends on a step.
        let fade = (0.004 * SR) as usize;
        let n = self.0.len();
        for k in 0..fade.min(n) {
            self.0[n - 1 - k] *= k as f32 / fade as f32;
        }
        self.0
    }
}

/// A friction envelope over a sound's life `u` (0..1): up within the first `1 / rise` of
/// it, then fading as the motion slows.
pub(super) fn rub(rise: f32) -> impl Fn(f32) -> f32 {
    move |u| (u * rise).min(1.0) * (1.0 - u).powi(2)
}

/// `x` varied by up to `share` either way.
pub(super) fn vary(rng: &mut ChaCha8Rng, x: f32, share: f32) -> f32 {
    x * (1.0 + rng.random_range(-share..=share))
}

/// Modes of a body struck once: `base` Hz (varied by `share`) times `ratios`, each decaying in `decay` times
/// its share, amplitudes falling with height; varied a little per variant.
pub(super) fn body(
    rng: &mut ChaCha8Rng,
    (base, share): (f32, f32),
    ratios: &[f32],
    decay: f32,
) -> Vec<(f32, f32, f32)> {
    let base = vary(rng, base, share);
    ratios
        .iter()
        .enumerate()
        .map(|(i, r)| {
            (
                vary(rng, base * r, 0.03),
                vary(rng, decay / (1.0 + i as f32 * 0.6), 0.15),
                vary(rng, 1.0 / (1.0 + i as f32), 0.2),
            )
        })
        .collect()
}
