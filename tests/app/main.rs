//! Tests of the game window's systems: headless apps built from `MinimalPlugins` plus
//! what each test needs, and the offscreen renderer as a separate process.

mod access;
mod clock;
mod codes;
mod determinism;
mod editor;
mod exhibition;
mod film;
mod foresight;
mod headless;
mod hexchess;
mod keyboard;
mod keys_only;
mod last_move;
mod learn;
mod pictures;
mod polarity;
mod readme;
mod remap;
mod render;
mod resume;
mod review;
mod saving;
mod session;
mod showcase;
mod table;
mod vectress;
mod viewer;
mod wavefield;
mod written;
