//! The Vectress rules core: magnets on a 9 x 9 board (`seeds/000_a6cd751102095d0d.txt`,
//! rulings V1..V15). No Bevy here; the presentation reads [`Game`], plays [`Action`]s and
//! animates the [`Resolution`] each one returns.

pub mod ai;
pub mod game;
pub mod geometry;
pub mod moves;
pub mod notation;
pub mod pieces;
pub mod position;
pub mod resolution;
pub mod resolve;

#[cfg(test)]
mod tests;

pub use game::{EndReason, Game, Outcome};
pub use geometry::{Cell, Dir, Side};
pub use moves::{Action, Illegal, IllegalAction};
pub use pieces::{Contact, Face, Frame, Kind, Pole};
pub use position::{Piece, PieceId, Position};
pub use resolution::Resolution;
