//! Tests of the hex chess rules core, by ruling (H1..H12).

mod ai;
mod endings;
mod naive;
mod notation;
mod perft;
mod refusals;
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

/// A hand-made position: the pieces as letter and cell, upper case for White and lower
/// case for Black as in FEN (`"Ka1 Pf6 re7 kl6"`), placed in the order written; then the
/// side to move.
pub fn position(ruleset: Ruleset, pieces: &str, turn: Color) -> Position {
    let mut pos = Position::empty(ruleset);
    for piece in pieces.split_whitespace() {
        let mut chars = piece.chars();
        let letter = chars.next().unwrap_or_default();
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let kind = match letter.to_ascii_uppercase() {
            'P' => Kind::Pawn,
            other => Kind::from_letter(other).unwrap_or_else(|| panic!("no piece {piece}")),
        };
        pos.put(c(chars.as_str()), color, kind);
    }
    pos.set_turn(turn);
    pos
}

/// A game from a hand-made position (see [`position`]).
pub fn game(ruleset: Ruleset, pieces: &str, turn: Color) -> Game {
    Game::from_position(position(ruleset, pieces, turn))
}

/// H9: White mates in one only with the queen b2a2, which arrives as a rook.
pub fn mate_in_one() -> Game {
    game(Ruleset::V011, "Ki1 Rb5 Qb2 ka6", Color::White)
}

/// Legal moves in sorted long form.
pub fn legal(game: &Game) -> Vec<String> {
    let mut v: Vec<String> = game.legal_moves().iter().map(|m| m.long()).collect();
    v.sort();
    v
}
