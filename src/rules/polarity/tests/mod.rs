//! Hand-made positions for every rule, named after the ruling they pin (P1..P9), plus
//! random games checked against a naive model of the rules.

mod hands;
mod lines_and_endings;
mod placement;
mod powers;
mod random_games;
mod resolution;
mod strength;
mod vocabulary;

use super::*;

pub(super) fn cell(name: &str) -> Cell {
    name.parse().unwrap_or_else(|e| panic!("{e}"))
}

pub(super) fn act(text: &str) -> Action {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

pub(super) fn board(names: &[&str]) -> u64 {
    names.iter().fold(0, |b, n| b | cell(n).bit())
}

/// A game from a hand-made board: full hands, nothing collected, player one to move.
pub(super) fn game_with(stones: &[&str]) -> Game {
    Game::from_position(
        Position::from_parts(board(stones), [Hand::FULL; 2], [0, 0], Side::One),
        0,
    )
}

/// The cells of a list of stones, as names.
pub(super) fn names(cells: impl IntoIterator<Item = Cell>) -> Vec<String> {
    cells.into_iter().map(|c| c.to_string()).collect()
}

/// The board of a game as sorted cell names.
pub(super) fn stones_of(game: &Game) -> Vec<String> {
    names(game.stones().iter().map(|s| s.cell))
}

pub(super) fn moves_of(resolution: &Resolution) -> Vec<(String, String)> {
    resolution
        .moved
        .iter()
        .map(|m| (m.from.to_string(), m.to.to_string()))
        .collect()
}

pub(super) fn stays_of(resolution: &Resolution) -> Vec<(String, StayReason)> {
    resolution
        .stayed
        .iter()
        .map(|s| (s.cell.to_string(), s.reason))
        .collect()
}
