//! Engine tests through the public protocol, one module per game. These are the checks a
//! script author relies on; they build without Bevy (`cargo test --no-default-features`).

mod commands;
mod golden;
mod hexchess;
mod polarity;
mod protocol;
mod usage;
mod vectress;
mod wavefield;
mod wavefield_slots;
