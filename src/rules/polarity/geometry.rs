//! The 8 x 8 board: cells, the eight directions and bitboard helpers.
//!
//! A cell's index is `file * 8 + rank` (a1 = 0, a2 = 1, ..., h8 = 63). Ordering cells by
//! index is then the same as ordering their names as strings (file letter, then rank
//! digit), which is the sort order the protocol asks for.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One square of the board.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell(u8);

impl Cell {
    /// The cell on `file` (0 = a .. 7 = h) and `rank` (0 = row 1 .. 7 = row 8).
    pub const fn new(file: u8, rank: u8) -> Option<Cell> {
        if file < 8 && rank < 8 {
            Some(Cell(file * 8 + rank))
        } else {
            None
        }
    }

    /// The cell with index `index` (0..64).
    pub const fn from_index(index: u8) -> Option<Cell> {
        if index < 64 { Some(Cell(index)) } else { None }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn file(self) -> u8 {
        self.0 / 8
    }

    pub const fn rank(self) -> u8 {
        self.0 % 8
    }

    /// The bitboard with only this cell set.
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// The next cell in direction `dir`, or `None` past the edge.
    pub fn step(self, dir: Dir) -> Option<Cell> {
        let (df, dr) = dir.delta();
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        if (0..8).contains(&file) && (0..8).contains(&rank) {
            Cell::new(file as u8, rank as u8)
        } else {
            None
        }
    }

    /// All 64 cells in index order (a1, a2, ..., h8).
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..64).map(Cell)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// Why a cell name was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadCell(pub String);

impl fmt::Display for BadCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a cell; cells are a1 to h8, lower case",
            self.0
        )
    }
}

impl FromStr for Cell {
    type Err = BadCell;

    /// Strict: one lower-case file letter a..h, then one digit 1..8.
    fn from_str(s: &str) -> Result<Cell, BadCell> {
        match s.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Cell::new(f - b'a', r - b'1'),
            _ => None,
        }
        .ok_or_else(|| BadCell(s.to_string()))
    }
}

// Cells travel as their names ("d4") so saved games and resolutions read like the rules.
impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Cell, D::Error> {
        let name = String::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

crate::rules::grid::compass! {
    /// The eight directions; N is toward row 8, E toward file h. `delta` is (file step,
    /// rank step).
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Dir
}

impl Dir {
    pub const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];
    pub const DIAGONAL: [Dir; 4] = [Dir::NE, Dir::SE, Dir::SW, Dir::NW];

    pub const fn opposite(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::NE => Dir::SW,
            Dir::E => Dir::W,
            Dir::SE => Dir::NW,
            Dir::S => Dir::N,
            Dir::SW => Dir::NE,
            Dir::W => Dir::E,
            Dir::NW => Dir::SE,
        }
    }
}

/// Bitboard masks and shifts. With index = file * 8 + rank, a step north is `<< 1`
/// within a file (masking the wrap into the next file), a step east is `<< 8`.
pub mod bits {
    const RANK_1: u64 = 0x0101_0101_0101_0101;
    const RANK_8: u64 = RANK_1 << 7;

    pub const fn north(b: u64) -> u64 {
        (b << 1) & !RANK_1
    }

    pub const fn south(b: u64) -> u64 {
        (b >> 1) & !RANK_8
    }

    pub const fn east(b: u64) -> u64 {
        b << 8
    }

    pub const fn west(b: u64) -> u64 {
        b >> 8
    }

    /// Every cell orthogonally next to a cell of `b`.
    pub const fn orthogonal_neighbours(b: u64) -> u64 {
        north(b) | south(b) | east(b) | west(b)
    }

    /// The cells of `b`, lowest index first.
    pub fn cells(mut b: u64) -> impl Iterator<Item = super::Cell> {
        std::iter::from_fn(move || {
            if b == 0 {
                return None;
            }
            let index = b.trailing_zeros() as u8;
            b &= b - 1;
            super::Cell::from_index(index)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_order_like_strings() {
        let mut names: Vec<String> = Cell::all().map(|c| c.to_string()).collect();
        for (cell, name) in Cell::all().zip(&names) {
            assert_eq!(name.parse::<Cell>(), Ok(cell));
        }
        let by_index = names.clone();
        names.sort();
        assert_eq!(names, by_index, "index order is string order");
        assert_eq!(
            Cell::new(3, 3).map(|c| c.to_string()).as_deref(),
            Some("d4")
        );
    }

    #[test]
    fn names_are_read_strictly() {
        for bad in ["D4", "d9", "i1", "d0", "d", "d44", " d4", ""] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
    }

    #[test]
    fn shifts_agree_with_steps() {
        for cell in Cell::all() {
            let b = cell.bit();
            let expect = |d: Dir| cell.step(d).map_or(0, Cell::bit);
            assert_eq!(bits::north(b), expect(Dir::N), "{cell}");
            assert_eq!(bits::south(b), expect(Dir::S), "{cell}");
            assert_eq!(bits::east(b), expect(Dir::E), "{cell}");
            assert_eq!(bits::west(b), expect(Dir::W), "{cell}");
        }
    }

    #[test]
    fn opposite_reverses_the_step() {
        for d in Dir::ALL {
            let (f, r) = d.delta();
            assert_eq!(d.opposite().delta(), (-f, -r));
        }
    }
}
