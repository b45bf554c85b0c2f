//! Hex chess v011 (`seeds/001_0d5e874559cde741.txt`): Glinski's 91-cell hexagonal chess
//! where every arriving piece is renamed along Q->R->B->N->P->Q, plus classic Glinski as a
//! second ruleset for cross-checking the geometry (rulings H1..H12).
//!
//! Pure rules, no Bevy. The presentation uses [`Game`] (or [`GameSession`] for the move
//! list, undo, editing, forced moves and autosave) and animates each [`Resolution`].

pub mod ai;
mod explain;
pub mod game;
pub mod geometry;
pub mod movegen;
pub mod notation;
pub mod perft;
pub mod position;
pub mod session;
pub mod simulate;
pub mod types;

#[cfg(test)]
mod tests;

pub use game::{Event, Game, Resolution};
pub use geometry::Cell;
pub use position::Position;
pub use session::GameSession;

pub use types::{Color, IllegalAction, Kind, Move, Outcome, Piece, PieceId, Reason, Ruleset};
