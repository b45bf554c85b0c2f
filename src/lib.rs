//! Lodestone: four force-and-field board games.
//!
//! `rules` holds the pure, deterministic rules cores (no Bevy), `engine` serves them to
//! scripts over JSON lines, `replay` keeps games as RON files, `showcase` scores actions,
//! mines the spectacular ones and keeps the scenario library, `lessons` and `puzzles`
//! hold the lessons and the mined puzzles, each turn judged by the rules, `sound` synthesises and
//! mixes the sounds, `time_control` reckons clocks (outside the rules), and `app` (behind the
//! default `app` feature) is the game window.

pub mod colour_vision;
pub mod engine;
pub mod files;
pub mod lessons;
pub mod puzzles;
pub mod replay;
pub mod rules;
pub mod showcase;
#[cfg(feature = "sound")]
pub mod sound;
pub mod time_control;

#[cfg(feature = "app")]
pub mod app;
