//! Sound without Bevy: what a cue is (`cue`), the voices synthesised from parameters
//! (`synth`), the mix (`mixer`, on kira) and its two outputs: the desktop's sound server
//! (`pulse`) and samples rendered offline for films, tests and the bench (`offline`).
//!
//! The window makes cues from each resolution beside its tweens and plays them as the
//! playback reaches them; a film records the same cues on its own clock and renders them.

pub mod analysis;
pub mod cue;
mod dsp;
pub mod mixer;
pub mod offline;
pub mod pulse;
pub mod synth;

pub use cue::{Bus, Cue, CueKind};
pub use mixer::{Kit, Levels, Mixer};
pub use offline::{Offline, TimedCue};
pub use synth::SAMPLE_RATE;
