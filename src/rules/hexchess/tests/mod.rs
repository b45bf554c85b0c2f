//! Tests of the hex chess rules core, by ruling (H1..H12).

mod ai;
mod endings;
mod naive;
mod notation;
mod perft;
mod rules;
mod session;

use super::{Cell, Color, Game, Kind, Move, Position, Ruleset};

/// The cell named `name` (test helper; panics on a typo, which is a test bug).
pub fn c(name: &str) -> Cell {
    Cell::parse(name).unwrap_or_else(|| panic!("no cell {name}"))
}

pub fn mv(text: &str) -> Move {
    super::notation::parse_long(text).unwrap_or_else(|| panic!("bad move {text}"))
}

/// A hand-made position: `(cell, color, kind)` list, side to move.
pub fn position(ruleset: Ruleset, pieces: &[(&str, Color, Kind)], turn: Color) -> Position {
    let mut pos = Position::empty(ruleset);
    for &(name, color, kind) in pieces {
        pos.put(c(name), color, kind);
    }
    pos.set_turn(turn);
    pos
}

pub fn game(ruleset: Ruleset, pieces: &[(&str, Color, Kind)], turn: Color) -> Game {
    Game::from_position(position(ruleset, pieces, turn))
}

/// Legal moves in sorted long form.
pub fn legal(game: &Game) -> Vec<String> {
    let mut v: Vec<String> = game.legal_moves().iter().map(|m| m.long()).collect();
    v.sort();
    v
}
