//! The Vectress rules core: magnets on a 9 x 9 board (`seeds/000_a6cd751102095d0d.txt`,
//! rulings V1..V15). No Bevy here.
//!
//! How the presentation uses it:
//! - [`Game::new`] starts a game; [`Game::position`] is the board (pieces with stable
//!   [`PieceId`]s, bonds, losses); [`Game::legal_actions`] lists what may be played.
//! - [`Game::play`] checks an [`Action`] and returns a [`Resolution`]: the player's own
//!   move (with pieces dropped off the edge and bonds broken), then every magnet wave
//!   with its actors, pushes, net forces, shoves, moves, losses and bonds, by piece id and
//!   cell, in order. A refused action returns [`IllegalAction`] and changes nothing.
//! - [`ai::choose`] is the computer player; [`notation`] reads and writes `E3-E5`,
//!   `E3~E5`, `pass`.

pub mod ai;
pub mod code;
mod contract;
mod edit;
pub mod game;
pub mod geometry;
pub mod key;
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
