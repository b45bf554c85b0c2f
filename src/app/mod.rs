//! The game window (Bevy). Placeholder while the shell is being built.

pub mod render;

pub fn run_window() {}
