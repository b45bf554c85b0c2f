//! The sounds, synthesised at start from a few parameters each (no sample files; the
//! ways they are made are in `dsp`): struck
//! modes for lacquer, wood and stone, filtered noise for slides, scrapes and the field's
//! flow, bells for Wave Field. Each kind has a few seeded variants so repeats differ.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::cue::CueKind;
use super::dsp::{Buffer, body, rub, vary};

pub const SAMPLE_RATE: u32 = 48_000;
/// Variants synthesised of every kind.
pub const VARIANTS: usize = 4;

/// Wood: a dry knock (inharmonic modes, short).
const WOOD: [f32; 4] = [1.0, 2.31, 3.89, 5.6];
/// Lacquered metal and ceramic magnets: bright and a little ringing.
const LACQUER: [f32; 4] = [1.0, 1.72, 2.61, 3.9];
/// Stone: a short, hard click over a dull body.
const STONE: [f32; 3] = [1.0, 2.1, 3.4];
/// A small bell.
const BELL: [f32; 4] = [1.0, 2.76, 5.4, 8.93];

/// One variant of a kind's sound, mono, at [`SAMPLE_RATE`].
pub fn voice(kind: CueKind, variant: usize) -> Vec<f32> {
    let seed = 0x10de_57e0_u64 ^ ((kind.index() as u64) << 8) ^ variant as u64;
    let rng = &mut ChaCha8Rng::seed_from_u64(seed);
    match kind {
        CueKind::MagnetSlide => {
            let mut b = Buffer::new(0.22);
            let centre = vary(rng, 2600.0, 0.1);
            b.band(rng, 0.0, 0.2, centre, centre * 0.7, 0.5, 1.0, rub(40.0));
            b.normalised(0.18)
        }
        CueKind::MagnetSettle => {
            let mut b = Buffer::new(0.15);
            b.click(rng, 0.0, 0.6, 0.002, 0.4);
            let modes = body(rng, (1400.0, 0.05), &LACQUER, 0.07);
            b.strike(0.0, &modes);
            b.normalised(0.32)
        }
        CueKind::Push => {
            let mut b = Buffer::new(0.45);
            b.click(rng, 0.0, 1.0, 0.0015, 0.6);
            let modes = body(rng, (1900.0, 0.05), &LACQUER, 0.09);
            b.strike(0.0, &modes);
            b.hum(0.0, 0.42, vary(rng, 110.0, 0.03), 0.35);
            b.hum(0.0, 0.3, vary(rng, 220.0, 0.03), 0.15);
            b.normalised(0.5)
        }
        CueKind::Shove => {
            let mut b = Buffer::new(0.25);
            b.click(rng, 0.0, 0.7, 0.002, 0.35);
            let modes = body(rng, (950.0, 0.05), &LACQUER, 0.08);
            b.strike(0.0, &modes);
            b.band(rng, 0.005, 0.15, 1800.0, 1100.0, 0.6, 0.4, |u| 1.0 - u);
            b.normalised(0.4)
        }
        CueKind::BondMade => {
            let mut b = Buffer::new(0.25);
            b.click(rng, 0.0, 1.0, 0.001, 0.8);
            b.click(rng, 0.007, 0.8, 0.001, 0.8);
            let modes = body(rng, (3200.0, 0.04), &[1.0, 1.63], 0.05);
            b.strike(0.0, &modes);
            b.mode(0.007, vary(rng, 2400.0, 0.04), 0.2, 0.25);
            b.normalised(0.42)
        }
        CueKind::BondBroken => {
            let mut b = Buffer::new(0.15);
            b.click(rng, 0.0, 0.8, 0.0015, 0.7);
            b.chirp(0.0, 0.06, vary(rng, 2200.0, 0.05), 700.0, 0.6);
            b.normalised(0.36)
        }
        CueKind::PullFree => {
            let mut b = Buffer::new(0.2);
            b.chirp(0.0, 0.13, vary(rng, 260.0, 0.05), 1100.0, 0.7);
            b.band(rng, 0.0, 0.13, 900.0, 3000.0, 0.7, 0.4, |u| {
                u * (1.0 - u) * 4.0
            });
            b.click(rng, 0.13, 0.6, 0.0015, 0.6);
            b.normalised(0.36)
        }
        CueKind::Tip => {
            let mut b = Buffer::new(0.25);
            // A corner scraping the edge, then a first tumble.
            b.band(rng, 0.0, 0.08, 3000.0, 1500.0, 0.5, 0.7, |u| 1.0 - u);
            b.click(rng, 0.0, 0.5, 0.002, 0.4);
            let modes = body(rng, (1200.0, 0.05), &LACQUER, 0.05);
            b.strike(0.09, &modes);
            b.normalised(0.3)
        }
        CueKind::Land => {
            let mut b = Buffer::new(0.5);
            // The floor below the table: a dull thud and a short bounce.
            b.click(rng, 0.0, 0.8, 0.003, 0.15);
            let modes = body(rng, (160.0, 0.05), &[1.0, 1.9, 3.1], 0.22);
            b.strike(0.0, &modes);
            let bounce = body(rng, (700.0, 0.05), &LACQUER, 0.05);
            let later = vary(rng, 0.11, 0.15);
            b.strike(later, &bounce);
            b.normalised(0.55)
        }
        CueKind::CoreLand => {
            let mut b = Buffer::new(1.0);
            b.click(rng, 0.0, 1.0, 0.004, 0.1);
            let modes = body(rng, (62.0, 0.03), &[1.0, 1.6, 2.7, 4.1], 0.8);
            b.strike(0.0, &modes);
            b.band(rng, 0.0, 0.9, 180.0, 70.0, 0.3, 0.6, |u| (1.0 - u).powi(3));
            b.normalised(0.7)
        }
        CueKind::WoodMove => {
            let mut b = Buffer::new(0.16);
            b.click(rng, 0.0, 0.7, 0.0012, 0.5);
            let modes = body(rng, (640.0, 0.06), &WOOD, 0.06);
            b.strike(0.0, &modes);
            b.normalised(0.45)
        }
        CueKind::Capture => {
            let mut b = Buffer::new(0.3);
            b.click(rng, 0.0, 1.0, 0.0012, 0.5);
            let modes = body(rng, (560.0, 0.05), &WOOD, 0.07);
            b.strike(0.0, &modes);
            // The man taken topples: a lower knock and a rattle.
            let topple = body(rng, (420.0, 0.05), &WOOD, 0.06);
            let later = vary(rng, 0.05, 0.1);
            b.strike(later, &topple);
            b.click(rng, later + 0.03, 0.4, 0.002, 0.4);
            b.normalised(0.55)
        }
        CueKind::Promotion => {
            let mut b = Buffer::new(0.7);
            let base = vary(rng, 523.0, 0.01);
            b.strike(0.0, &[(base, 0.6, 1.0), (base * 4.0, 0.2, 0.3)]);
            b.strike(0.08, &[(base * 1.5, 0.6, 0.8), (base * 6.0, 0.2, 0.2)]);
            b.click(rng, 0.0, 0.4, 0.001, 0.5);
            b.normalised(0.4)
        }
        CueKind::Renaming => {
            let mut b = Buffer::new(0.4);
            let base = vary(rng, 392.0, 0.02);
            b.strike(0.0, &[(base, 0.35, 0.8), (base * 3.0, 0.12, 0.2)]);
            b.click(rng, 0.0, 0.3, 0.001, 0.5);
            b.normalised(0.28)
        }
        CueKind::Check => {
            let mut b = Buffer::new(0.3);
            let modes = body(rng, (1250.0, 0.02), &WOOD, 0.06);
            b.strike(0.0, &modes);
            let modes = body(rng, (1650.0, 0.02), &WOOD, 0.06);
            b.strike(0.09, &modes);
            b.click(rng, 0.0, 0.4, 0.001, 0.5);
            b.normalised(0.42)
        }
        CueKind::Mate => {
            let mut b = Buffer::new(0.8);
            for (k, f) in [520.0, 415.0, 310.0].into_iter().enumerate() {
                let modes = body(rng, (f, 0.0), &WOOD, 0.12);
                b.strike(k as f32 * 0.13, &modes);
            }
            b.hum(0.26, 0.5, 155.0, 0.3);
            b.normalised(0.55)
        }
        CueKind::Ring => {
            let mut b = Buffer::new(1.1);
            let modes = body(rng, (660.0, 0.04), &BELL, 1.0);
            b.strike(0.0, &modes);
            b.normalised(0.3)
        }
        CueKind::Flow => {
            let mut b = Buffer::new(0.55);
            let from = vary(rng, 300.0, 0.1);
            b.band(rng, 0.0, 0.5, from, from * 6.0, 0.25, 1.0, |u| {
                (u * 4.0).min(1.0) * (1.0 - u)
            });
            b.normalised(0.3)
        }
        CueKind::Removal => {
            let mut b = Buffer::new(0.7);
            b.band(rng, 0.0, 0.05, 1400.0, 700.0, 0.4, 1.0, |u| 1.0 - u);
            let modes = body(rng, (1320.0, 0.03), &BELL, 0.6);
            b.strike(0.01, &modes);
            b.normalised(0.4)
        }
        CueKind::Tune => {
            let mut b = Buffer::new(0.4);
            b.click(rng, 0.0, 0.6, 0.001, 0.7);
            let modes = body(rng, (990.0, 0.02), &BELL, 0.3);
            b.strike(0.0, &modes);
            b.normalised(0.3)
        }
        CueKind::Dice => {
            let mut b = Buffer::new(0.5);
            let mut t = 0.0;
            for k in 0..7 {
                let modes = body(rng, (1800.0, 0.15), &STONE, 0.03);
                b.strike(t, &modes);
                b.click(rng, t, 0.5, 0.001, 0.6);
                t += vary(rng, 0.07 - k as f32 * 0.006, 0.3);
            }
            b.normalised(0.35)
        }
        CueKind::Place => {
            let mut b = Buffer::new(0.2);
            b.click(rng, 0.0, 1.0, 0.0008, 0.7);
            let modes = body(rng, (1150.0, 0.05), &STONE, 0.05);
            b.strike(0.0, &modes);
            b.mode(0.0, vary(rng, 190.0, 0.05), 0.08, 0.5);
            b.normalised(0.45)
        }
        CueKind::PieceDown => {
            let mut b = Buffer::new(0.16);
            b.click(rng, 0.0, 0.5, 0.0015, 0.4);
            let modes = body(rng, (480.0, 0.06), &WOOD, 0.05);
            b.strike(0.0, &modes);
            b.normalised(0.3)
        }
        CueKind::Scrape => {
            let mut b = Buffer::new(0.35);
            let centre = vary(rng, 2400.0, 0.1);
            // Friction: loudest as the stone sets off, fading as it slows.
            b.band(rng, 0.0, 0.34, centre, centre * 0.6, 0.35, 1.0, rub(30.0));
            b.band(rng, 0.0, 0.3, 500.0, 350.0, 0.5, 0.5, rub(30.0));
            b.normalised(0.3)
        }
        CueKind::Knock => {
            let mut b = Buffer::new(0.15);
            b.click(rng, 0.0, 0.8, 0.001, 0.6);
            let modes = body(rng, (900.0, 0.06), &STONE, 0.04);
            b.strike(0.0, &modes);
            b.normalised(0.38)
        }
        CueKind::Held => {
            let mut b = Buffer::new(0.2);
            b.click(rng, 0.0, 0.6, 0.002, 0.2);
            let modes = body(rng, (210.0, 0.04), &[1.0, 2.3], 0.08);
            b.strike(0.0, &modes);
            b.normalised(0.36)
        }
        CueKind::Locked => {
            let mut b = Buffer::new(0.22);
            b.click(rng, 0.0, 0.6, 0.002, 0.3);
            let modes = body(rng, (330.0, 0.04), &[1.0, 1.5], 0.06);
            b.strike(0.0, &modes);
            b.band(rng, 0.0, 0.18, 120.0, 120.0, 0.05, 0.3, |u| 1.0 - u);
            b.normalised(0.34)
        }
        CueKind::Line => {
            let mut b = Buffer::new(0.8);
            let base = vary(rng, 660.0, 0.01);
            for (k, ratio) in [1.0, 1.26, 1.5].into_iter().enumerate() {
                let modes = body(rng, (base * ratio, 0.0), &BELL, 0.45);
                b.strike(k as f32 * 0.06, &modes);
            }
            b.normalised(0.42)
        }
        CueKind::Regather => {
            let mut b = Buffer::new(0.45);
            let mut t = 0.0;
            for _ in 0..5 {
                let modes = body(rng, (520.0, 0.12), &WOOD, 0.05);
                b.strike(t, &modes);
                t += vary(rng, 0.05, 0.3);
            }
            b.normalised(0.36)
        }
        CueKind::Click => {
            let mut b = Buffer::new(0.05);
            b.click(rng, 0.0, 0.5, 0.0008, 0.6);
            b.mode(0.0, vary(rng, 2100.0, 0.03), 0.03, 0.6);
            b.normalised(0.16)
        }
        CueKind::Open => {
            let mut b = Buffer::new(0.3);
            b.strike(0.0, &[(vary(rng, 880.0, 0.01), 0.18, 1.0)]);
            b.strike(0.06, &[(vary(rng, 1320.0, 0.01), 0.2, 0.8)]);
            b.normalised(0.14)
        }
        CueKind::Solved => {
            // A major triad rising, the last note held longest.
            let mut b = Buffer::new(0.9);
            for (i, (f, decay)) in [(660.0, 0.25), (830.0, 0.3), (990.0, 0.55)]
                .into_iter()
                .enumerate()
            {
                b.strike(
                    i as f32 * 0.09,
                    &[
                        (vary(rng, f, 0.005), decay, 1.0),
                        (vary(rng, f * 2.0, 0.005), decay * 0.5, 0.25),
                    ],
                );
            }
            b.normalised(0.3)
        }
        CueKind::Missed => {
            let mut b = Buffer::new(0.5);
            b.strike(0.0, &[(vary(rng, 392.0, 0.01), 0.16, 1.0)]);
            b.strike(0.12, &[(vary(rng, 330.0, 0.01), 0.22, 0.9)]);
            b.normalised(0.2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_voice_is_short_audible_unclipped_and_its_variants_differ() {
        for kind in CueKind::ALL {
            let a = voice(kind, 0);
            let b = voice(kind, 1);
            assert!(
                !a.is_empty() && a.len() <= SAMPLE_RATE as usize * 6 / 5,
                "{kind:?}"
            );
            let peak = a.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            assert!((0.1..=0.75).contains(&peak), "{kind:?} peaks at {peak}");
            assert!(a.iter().all(|s| s.is_finite()));
            assert_ne!(a, b, "{kind:?}'s variants are the same");
            assert_eq!(a, voice(kind, 0), "{kind:?} is not deterministic");
        }
    }

    #[test]
    fn a_voice_starts_at_once() {
        // The cue's time is the sound's onset: loud within the first 5 ms.
        for kind in CueKind::ALL {
            let v = voice(kind, 0);
            let peak = v.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            let early = v[..240].iter().fold(0.0f32, |m, s| m.max(s.abs()));
            let slow = matches!(
                kind,
                CueKind::Flow | CueKind::MagnetSlide | CueKind::PullFree
            );
            if !slow {
                assert!(
                    early > 0.2 * peak,
                    "{kind:?} starts late ({early} of {peak})"
                );
            }
        }
    }
}
