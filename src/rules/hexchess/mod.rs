//! Hex chess v011 (`seeds/001_0d5e874559cde741.txt`): Glinski's 91-cell hexagonal chess
//! where every arriving piece is renamed along Q->R->B->N->P->Q, plus classic Glinski as a
//! second ruleset for cross-checking the geometry (rulings H1..H12).
//!
//! Pure rules, no Bevy. The presentation uses [`GameSession`] (move list, undo, new game,
//! editing, forced moves, autosave) around a [`Game`], and animates each [`Resolution`]:
//!
//! - `GameSession::restore(path, ruleset)` at start-up (H10), then `play(Move)`,
//!   `undo()`, `new_game()`, `edit(index, text)` (H7), `entries()` for the list,
//!   `forced_move() -> Option<(Move, Duration)>` and `play_forced()` (H8);
//! - `session.game()`: `legal_moves()`, `position()` (`pieces()`, `piece_at(cell)`,
//!   `in_check()`), `outcome()`, `history()`, `notation(mv)`, `parse_move(text)`;
//! - [`Resolution::events`]: what a move set off, in order, by piece id and cell;
//! - `ai::choose(&game, &AiConfig, &mut GameRng) -> Option<Move>`: the computer player.

pub mod ai;
pub mod code;
mod contract;
mod edit;
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

pub use types::{
    Color, Illegal, IllegalAction, Kind, Move, MovementRule, Outcome, Piece, PieceId, Reason,
    Ruleset,
};
