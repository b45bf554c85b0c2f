//! The position without stone identities: a small `Copy` value for search, with the
//! validation of actions, the legal-action list and the one state transition every path
//! uses ([`Position::apply_unchecked`]).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::geometry::{Cell, bits};
use super::hand::{Hand, Piece, Side, SpendError};
use super::lines;
use super::notation::Action;
use super::powers;

/// Stones a player must collect to win (P7).
pub const TARGET: u16 = 10;

/// Why the game ended (P7, P9).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The mover reached 10 collected stones.
    Ten,
    /// The next player had no legal placement.
    Blocked,
}

impl EndReason {
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::Ten => "ten",
            EndReason::Blocked => "blocked",
        }
    }
}

/// The result of a finished game; `winner` is `None` for a draw.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub reason: EndReason,
}

/// Why an action was refused; its `Display` is one sentence naming the rule.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum IllegalAction {
    GameOver,
    /// P2: the cell already holds a stone.
    Occupied(Cell),
    /// P2: the cell has a stone orthogonally next to it (the first such neighbour in
    /// cell order is named).
    NextTo {
        cell: Cell,
        stone: Cell,
    },
    /// P6: all five pieces are spent, so this turn is a plain placement.
    MustPlacePlain,
    /// P3: no piece of that kind is left in the hand.
    NoneLeft(Piece),
    /// P5: the next rook (bishop) must use the other mode; carries the required mode.
    Alternation(Piece, super::hand::Mode),
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalAction::GameOver => write!(f, "the game is over; no more actions are taken"),
            IllegalAction::Occupied(cell) => write!(f, "{cell}: the cell already holds a stone"),
            IllegalAction::NextTo { cell, stone } => {
                write!(f, "{cell}: next to the stone on {stone}")
            }
            IllegalAction::MustPlacePlain => write!(
                f,
                "you have spent all five pieces, so this turn must be a plain placement"
            ),
            IllegalAction::NoneLeft(piece) => {
                write!(f, "you have no {} left to spend", piece.name())
            }
            IllegalAction::Alternation(piece, mode) => {
                write!(f, "your next {} must {}", piece.name(), mode.name())
            }
        }
    }
}

impl std::error::Error for IllegalAction {}

/// What one action did, in numbers (the fast path's summary).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Applied {
    /// Stones on the board after the powers acted, before removal.
    pub before_removal: u64,
    /// The stones removed as runs.
    pub removed: u64,
    /// True when this was the forced plain placement and the pieces came back.
    pub regathered: bool,
}

/// A position: the stones, both hands, both collections, whose turn, and the outcome.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Position {
    stones: u64,
    hands: [Hand; 2],
    collected: [u16; 2],
    to_move: Side,
    ply: u32,
    outcome: Option<Outcome>,
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

impl Position {
    /// The empty board, player one to move, full hands.
    pub const fn new() -> Position {
        Position {
            stones: 0,
            hands: [Hand::FULL; 2],
            collected: [0; 2],
            to_move: Side::One,
            ply: 0,
            outcome: None,
        }
    }

    /// A position set up by hand (tests, puzzles). The outcome starts open.
    pub fn from_parts(
        stones: u64,
        hands: [Hand; 2],
        collected: [u16; 2],
        to_move: Side,
    ) -> Position {
        Position {
            stones,
            hands,
            collected,
            to_move,
            ply: 0,
            outcome: None,
        }
    }

    /// The position after `ply` actions, ended as the rules end a game after an action
    /// (P9), as though the side not to move had just played (a position set up from a
    /// code or by hand).
    pub fn at_ply(mut self, ply: u32) -> Position {
        self.ply = ply;
        self.outcome = self.ending(self.to_move.other());
        self
    }

    pub const fn stones(&self) -> u64 {
        self.stones
    }

    pub fn has_stone(&self, cell: Cell) -> bool {
        self.stones & cell.bit() != 0
    }

    pub const fn hand(&self, side: Side) -> &Hand {
        &self.hands[side.index()]
    }

    pub const fn collected(&self, side: Side) -> u16 {
        self.collected[side.index()]
    }

    pub const fn to_move(&self) -> Side {
        self.to_move
    }

    /// The position with the other side to move, stones and hands as they are (what the
    /// opponent threatens); `None` once it is over.
    pub fn passed(&self) -> Option<Position> {
        if self.outcome.is_some() {
            return None;
        }
        Some(Position {
            to_move: self.to_move.other(),
            ..*self
        })
    }

    pub const fn ply(&self) -> u32 {
        self.ply
    }

    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The empty cells with no stone orthogonally next to them (P2).
    pub const fn placements(&self) -> u64 {
        placements(self.stones)
    }

    /// Checks `action` for the side to move without changing anything.
    pub fn check(&self, action: Action) -> Result<(), IllegalAction> {
        if self.outcome.is_some() {
            return Err(IllegalAction::GameOver);
        }
        let cell = action.cell;
        if self.has_stone(cell) {
            return Err(IllegalAction::Occupied(cell));
        }
        let neighbours = bits::orthogonal_neighbours(cell.bit()) & self.stones;
        if let Some(stone) = bits::cells(neighbours).next() {
            return Err(IllegalAction::NextTo { cell, stone });
        }
        if let Some(power) = action.power {
            self.hand(self.to_move).check(power).map_err(|e| match e {
                SpendError::MustPlacePlain => IllegalAction::MustPlacePlain,
                SpendError::NoneLeft(piece) => IllegalAction::NoneLeft(piece),
                SpendError::Alternation(piece, mode) => IllegalAction::Alternation(piece, mode),
            })?;
        }
        Ok(())
    }

    /// Every legal action, in notation byte order (`d4` < `d4 B+` < `d4 B-` < `d4 Q+` ...
    /// and cells in name order). Empty when the game is over.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.for_each_legal(|a| out.push(a));
        out
    }

    /// Calls `f` with every legal action in the order of [`Position::legal_actions`],
    /// without allocating.
    pub fn for_each_legal(&self, mut f: impl FnMut(Action)) {
        if self.outcome.is_some() {
            return;
        }
        let hand = *self.hand(self.to_move);
        for cell in bits::cells(self.placements()) {
            f(Action::plain(cell));
            for power in hand.powers() {
                f(Action {
                    cell,
                    power: Some(power),
                });
            }
        }
    }

    /// Validates and plays `action`.
    pub fn play(&mut self, action: Action) -> Result<Applied, IllegalAction> {
        self.check(action)?;
        Ok(self.apply_unchecked(action))
    }

    /// Plays an action already known to be legal (the search's fast path). Every way of
    /// playing goes through here, so the rules of the transition live in one place.
    pub fn apply_unchecked(&mut self, action: Action) -> Applied {
        let mover = self.to_move;
        let mut stones = self.stones | action.cell.bit();
        if let Some(power) = action.power {
            stones = powers::apply_power(stones, action.cell, power);
        }
        let removed = lines::removed_mask(stones);
        self.stones = stones & !removed;
        let collected = &mut self.collected[mover.index()];
        *collected = collected.saturating_add(removed.count_ones() as u16);
        let regathered = self.hands[mover.index()].apply(action.power);
        self.to_move = mover.other();
        self.ply += 1;
        self.outcome = self.ending(mover);
        Applied {
            before_removal: stones,
            removed,
            regathered,
        }
    }

    /// P9: ten first, then the blocked ending (more collected wins, equal draws).
    fn ending(&self, mover: Side) -> Option<Outcome> {
        if self.collected(mover) >= TARGET {
            return Some(Outcome {
                winner: Some(mover),
                reason: EndReason::Ten,
            });
        }
        if self.placements() != 0 {
            return None;
        }
        let (one, two) = (self.collected(Side::One), self.collected(Side::Two));
        let winner = match one.cmp(&two) {
            std::cmp::Ordering::Greater => Some(Side::One),
            std::cmp::Ordering::Less => Some(Side::Two),
            std::cmp::Ordering::Equal => None,
        };
        Some(Outcome {
            winner,
            reason: EndReason::Blocked,
        })
    }
}

/// The legal placement cells on a board (P2).
pub const fn placements(stones: u64) -> u64 {
    !stones & !bits::orthogonal_neighbours(stones)
}
