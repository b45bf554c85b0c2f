//! The Wave Field rules core (see `seeds/003_2124a903acea09fa.txt` and rulings W1..W12).
//!
//! - [`geometry`]: cells, sides, kinds.
//! - [`patterns`]: basis waves and exact units (1/64); [`definitions`]: wave definitions
//!   and their compiled contribution tables.
//! - [`position`]: the position, incremental field, tuning, movement, removals, Big Hat rule.
//! - [`slots`]: whole tunings over every component slot and their W12 search order.
//! - [`rescue`]: the trapped Big Hat's rescue search and hint.
//! - [`notation`]: action text; [`code`]: position codes (docs/codes/wavefield.md).
//! - [`game`]: validated play, resolutions and the undo timeline.
//! - [`views`]: what the interface shows (markers, breakdowns, history roll, pressure).
//! - [`devmode`]: developer-mode definitions as RON.
//! - [`ai`]: the computer player; [`selfplay`]: random player and game loops.
//!
//! What the presentation uses:
//! - `Game::new(seed)` / `Game::with_definitions(defs, seed)`; `Game::play(Action) ->
//!   Result<Resolution, IllegalAction>`; `Game::undo()`; `Game::legal_moves()`;
//!   `Game::outcome()`; `Game::status()` (the status line with the rescue hint);
//!   `Game::rescue()`; `Game::markers(cell)`; `Game::breakdown(cell)`;
//!   `Game::history_roll()`; `Game::pressure()`; `Game::timeline()`; `Game::restart()`,
//!   `Game::restart_and_reset_definitions()`, `Game::restart_with(defs)`.
//! - `Game::position()`: `pieces()` (stable `PieceId`s), `field()` / `value(cell)` in units
//!   of 1/64 (`patterns::format_units` writes them), `territory(cell)`, `profile(side)`,
//!   `controls(side, kind)` (per slot; `press_order()`), `tuning(t, side)`, `trapped()`,
//!   `big_hat_margin(side)`; `Game::tuning(side)` and `Game::multi_slot()`.
//! - Tuning actions: `Action::Tune(Profile)` (slot 1 of each type), `Action::TuneSlots`
//!   (every slot), `Action::Press { kind, slot, coef }`, `Dice`, `Reset`, `Hint`.
//! - `views::channel(t, pos, kind)` (a CMYK channel), `views::piece_wave(t, pos, id)`
//!   (the selected piece's influence), `views::mobility(pos)`.
//! - `ai::choose(&game, &AiConfig, &mut rng) -> Vec<Action>` (tune + move, or resign).
//! - `devmode::{to_ron, from_ron, presets}`.

pub mod ai;
pub mod code;
mod contract;
pub mod definitions;
pub mod devmode;
mod edit;
pub mod game;
pub mod geometry;
pub mod notation;
pub mod patterns;
pub mod position;
pub mod rescue;
pub mod selfplay;
pub mod slots;
pub mod views;

#[cfg(test)]
mod tests;

pub use game::{Event, Field, Game, IllegalAction, Removed, Resolution};
pub use geometry::{Cell, Kind, Side};
pub use notation::{Action, BadAction, parse_action};
pub use position::{Move, Outcome, Piece, PieceId, Position, Profile, Reason};
pub use slots::Tuning;
