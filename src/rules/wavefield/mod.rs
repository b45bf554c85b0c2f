//! The Wave Field rules core (see `seeds/003_2124a903acea09fa.txt` and rulings W1..W12).
//!
//! - [`geometry`]: cells, sides, kinds.
//! - [`patterns`]: wave definitions and exact contribution tables (units of 1/64).
//! - [`position`]: the position, incremental field, movement, removals, Big Hat rule.
//! - [`rescue`]: the trapped Big Hat's rescue search and hint.
//! - [`notation`]: action text.
//! - [`game`]: validated play, resolutions and the undo timeline.
//! - [`views`]: what the interface shows (markers, breakdowns, history roll, pressure).
//! - [`devmode`]: developer-mode definitions as RON.
//! - [`ai`]: the computer player.

pub mod ai;
pub mod devmode;
pub mod game;
pub mod geometry;
pub mod notation;
pub mod patterns;
pub mod position;
pub mod rescue;
pub mod selfplay;
pub mod views;

#[cfg(test)]
mod tests;

pub use game::{Event, Field, Game, IllegalAction, Removed, Resolution};
pub use geometry::{Cell, Kind, Side};
pub use notation::{Action, parse_action};
pub use position::{Move, Outcome, Piece, PieceId, Position, Profile, Reason};
