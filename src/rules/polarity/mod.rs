//! The Polarity rules core (rule document `seeds/004_ae9f0dd525f801a5.txt`, rulings P1..P9).
//!
//! Players take turns placing neutral stones on an 8 x 8 board, never orthogonally next to
//! another stone; with a placement they may spend a rook, bishop or queen to push or pull
//! the nearest stones on its rays. Runs of three or more are collected; ten wins.
//!
//! - [`geometry`]: cells, directions, bitboards.
//! - [`hand`]: sides, pieces, push/pull and the alternation.
//! - [`powers`]: what a spent piece does to the stones (locks, edges, blocks).
//! - [`lines`]: runs of three and their removal.
//! - [`position`]: the copyable position, legality and the one state transition.
//! - [`game`]: stone ids and the [`Resolution`] each action returns.
//! - [`notation`]: `d4`, `d4 R+`, ... parse and write.
//! - [`ai`]: the computer player (`ai::choose(&game, &AiConfig::default(), &mut rng)`).
//! - [`selfplay`]: whole games between players, for `simulate` and the tests.

pub mod ai;
pub mod code;
mod contract;
mod edit;
pub mod game;
pub mod geometry;
pub mod hand;
pub mod lines;
pub mod notation;
pub mod position;
pub mod powers;
pub mod selfplay;

#[cfg(test)]
mod tests;

pub use game::{Game, Resolution, StoneAt, StoneId, StoneMove, StoneStay};
pub use geometry::{Cell, Dir};
pub use hand::{Hand, Mode, Next, Piece, Power, Side};
pub use notation::{Action, BadAction};
pub use position::{EndReason, IllegalAction, Outcome, Position, TARGET};
pub use powers::StayReason;
