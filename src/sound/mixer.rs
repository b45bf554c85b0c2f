//! The mix: kira's manager with a track per bus (effects, interface) under the master,
//! the kit of synthesised sounds, and how a cue becomes a playing sound (its variant, its
//! pitch up the run, its loudness and pan).

use std::sync::Arc;
use std::time::Duration;

use kira::backend::Backend;
use kira::effect::compressor::CompressorBuilder;
use kira::sound::static_sound::{StaticSoundData, StaticSoundSettings};
use kira::track::{MainTrackBuilder, TrackBuilder, TrackHandle};
use kira::{AudioManager, AudioManagerSettings, Decibels, Frame, StartTime, Tween};

use super::cue::{Bus, Cue, CueKind};
use super::synth::{SAMPLE_RATE, VARIANTS, voice};

/// The volumes a player sets, each 0..=1 (linear, as the sliders show them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Levels {
    pub master: f32,
    pub effects: f32,
    pub interface: f32,
    pub muted: bool,
}

impl Default for Levels {
    fn default() -> Self {
        Levels {
            master: 0.8,
            effects: 1.0,
            interface: 0.6,
            muted: false,
        }
    }
}

/// A level 0..=1 in decibels (silence at and below -60 dB).
pub fn decibels(level: f32) -> Decibels {
    if !level.is_finite() || level <= 0.001 {
        Decibels::SILENCE
    } else {
        Decibels((20.0 * level.min(1.0).log10()).max(Decibels::SILENCE.0))
    }
}

/// Semitones each step up a chain sounds higher.
const SEMITONES_PER_STEP: f64 = 1.5;
/// The highest step heard as higher (a twelve-wave chain does not squeak).
const TOP_STEP: u8 = 8;

/// Every kind's variants, ready to play.
pub struct Kit {
    sounds: Vec<[StaticSoundData; VARIANTS]>,
}

impl Kit {
    pub fn synthesise() -> Kit {
        let sounds = CueKind::ALL
            .iter()
            .map(|&kind| {
                std::array::from_fn(|variant| {
                    let frames: Arc<[Frame]> = voice(kind, variant)
                        .into_iter()
                        .map(Frame::from_mono)
                        .collect();
                    StaticSoundData {
                        sample_rate: SAMPLE_RATE,
                        frames,
                        settings: StaticSoundSettings::default(),
                        slice: None,
                    }
                })
            })
            .collect();
        Kit { sounds }
    }

    fn sound(&self, kind: CueKind, variant: usize) -> &StaticSoundData {
        &self.sounds[kind.index()][variant % VARIANTS]
    }
}

/// The mixer and its output (`B`: the sound server, or an offline buffer).
pub struct Mixer<B: Backend> {
    manager: AudioManager<B>,
    effects: TrackHandle,
    interface: TrackHandle,
    kit: Arc<Kit>,
    /// Cues played so far: picks each one's variant, so repeats differ and the same
    /// actions always sound the same.
    played: u64,
    levels: Levels,
}

/// A change of volume: short, so a slider does not click.
const LEVEL_TWEEN: Tween = Tween {
    start_time: StartTime::Immediate,
    duration: Duration::from_millis(15),
    easing: kira::Easing::Linear,
};

impl<B: Backend> Mixer<B> {
    /// `block`: frames the mixer renders at a time (the finest a delay can be placed).
    pub fn new(
        backend: B::Settings,
        block: usize,
        kit: Arc<Kit>,
        levels: Levels,
    ) -> Result<Mixer<B>, B::Error> {
        let mut main = MainTrackBuilder::new();
        // Many cues at once (a wide chain) are held under full scale, not clipped.
        main.add_effect(
            CompressorBuilder::new()
                .threshold(-9.0)
                .ratio(6.0)
                .attack_duration(Duration::from_micros(500))
                .release_duration(Duration::from_millis(120)),
        );
        let mut manager = AudioManager::<B>::new(AudioManagerSettings {
            main_track_builder: main,
            internal_buffer_size: block,
            backend_settings: backend,
            capacities: kira::Capacities::default(),
        })?;
        let effects = manager
            .add_sub_track(TrackBuilder::new().sound_capacity(256))
            .expect("a new manager has room for two tracks");
        let interface = manager
            .add_sub_track(TrackBuilder::new())
            .expect("a new manager has room for two tracks");
        let mut mixer = Mixer {
            manager,
            effects,
            interface,
            kit,
            played: 0,
            levels,
        };
        mixer.apply_levels(Tween {
            duration: Duration::ZERO,
            ..LEVEL_TWEEN
        });
        Ok(mixer)
    }

    pub fn levels(&self) -> Levels {
        self.levels
    }

    pub fn set_levels(&mut self, levels: Levels) {
        if levels != self.levels {
            self.levels = levels;
            self.apply_levels(LEVEL_TWEEN);
        }
    }

    fn apply_levels(&mut self, tween: Tween) {
        let l = self.levels;
        let master = if l.muted { 0.0 } else { l.master };
        self.manager
            .main_track()
            .set_volume(decibels(master), tween);
        self.effects.set_volume(decibels(l.effects), tween);
        self.interface.set_volume(decibels(l.interface), tween);
    }

    /// Playback paused: the effects stop where they are (a paused chain is silent), and
    /// go on when it resumes.
    pub fn pause_effects(&mut self, paused: bool) {
        let tween = Tween {
            duration: Duration::from_millis(20),
            ..LEVEL_TWEEN
        };
        if paused {
            self.effects.pause(tween);
        } else {
            self.effects.resume(tween);
        }
    }

    /// Plays `cue` after `delay` seconds (0: at the next block).
    pub fn play(&mut self, cue: &Cue, delay: f64) {
        let sound = self.sound_for(cue, delay);
        let track = match cue.kind.bus() {
            Bus::Effects => &mut self.effects,
            Bus::Interface => &mut self.interface,
        };
        // A full track drops the cue: one sound less, never a stall.
        let _ = track.play(sound);
    }

    fn sound_for(&mut self, cue: &Cue, delay: f64) -> StaticSoundData {
        let n = self.played;
        self.played += 1;
        // A fixed scramble of the count: the variant and a small detune.
        let hash = n.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32;
        let variant = (hash % VARIANTS as u64) as usize;
        let detune = ((hash >> 8) % 41) as f64 / 40.0 - 0.5; // -0.5..=0.5 semitone
        let semitones = cue.step.min(TOP_STEP) as f64 * SEMITONES_PER_STEP + detune * 0.4;
        let rate = 2f64.powf(semitones / 12.0);
        let loudness = 0.35 + 0.65 * cue.strength.clamp(0.0, 1.0);
        let start = if delay > 0.0 {
            StartTime::Delayed(Duration::from_secs_f64(delay))
        } else {
            StartTime::Immediate
        };
        self.kit
            .sound(cue.kind, variant)
            .volume(decibels(loudness))
            .panning(cue.pan.clamp(-1.0, 1.0))
            .playback_rate(rate)
            .start_time(start)
    }

    pub fn backend_mut(&mut self) -> &mut B {
        self.manager.backend_mut()
    }
}
