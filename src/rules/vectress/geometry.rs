//! The board's vocabulary: cells, the eight king steps and the two sides (V1).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Board width and height.
pub const SIZE: i8 = 9;
/// Number of cells.
pub const CELLS: usize = 81;

/// A cell of the 9 x 9 board: x = column A..I (0..8), y = row 1..9 (0..8), stored as
/// `y * 9 + x`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cell(u8);

impl Cell {
    /// The cell at (x, y), if it is on the board.
    pub const fn new(x: i8, y: i8) -> Option<Cell> {
        if x >= 0 && x < SIZE && y >= 0 && y < SIZE {
            Some(Cell((y * SIZE + x) as u8))
        } else {
            None
        }
    }

    /// The cell with this index (0..81).
    pub const fn from_index(index: usize) -> Option<Cell> {
        if index < CELLS {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn x(self) -> i8 {
        (self.0 % 9) as i8
    }

    pub const fn y(self) -> i8 {
        (self.0 / 9) as i8
    }

    /// The cell `n` steps away in `dir`, if it is on the board.
    #[inline]
    pub const fn step(self, dir: Dir, n: i8) -> Option<Cell> {
        let (dx, dy) = dir.delta();
        Cell::new(self.x() + dx * n, self.y() + dy * n)
    }

    /// The cell turned 180 degrees about the centre (White's view of Black's side).
    pub const fn rotated(self) -> Cell {
        Cell(80 - self.0)
    }

    /// The king step from `self` to `other`, when they are neighbours.
    pub fn dir_to(self, other: Cell) -> Option<Dir> {
        Dir::from_delta(other.x() - self.x(), other.y() - self.y())
    }

    /// `A1` .. `I9`.
    pub fn name(self) -> String {
        let mut s = String::with_capacity(2);
        s.push((b'A' + self.x() as u8) as char);
        s.push((b'1' + self.y() as u8) as char);
        s
    }

    /// Parses `A1` .. `I9` (upper case, as V12 writes cells).
    pub fn parse(text: &str) -> Option<Cell> {
        match text.as_bytes() {
            [c @ b'A'..=b'I', r @ b'1'..=b'9'] => Cell::new((c - b'A') as i8, (r - b'1') as i8),
            _ => None,
        }
    }

    /// Every cell, A1, B1, ..., I9.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.name())
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Cell::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("not a cell: {text}")))
    }
}

crate::rules::grid::compass! {
    /// The eight king steps in the board frame, clockwise from North (+y, toward Black).
    #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
    pub enum Dir
}

impl Dir {
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Dir {
        Dir::ALL[i % 8]
    }

    pub fn from_delta(dx: i8, dy: i8) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.delta() == (dx, dy))
    }

    pub const fn opposite(self) -> Dir {
        Dir::from_index(self.index() + 4)
    }

    /// Turned clockwise by `eighths` eighths of a turn.
    pub const fn turned(self, eighths: usize) -> Dir {
        Dir::from_index(self.index() + eighths)
    }
}

/// The two players. White (side 0) sits behind row 1 and moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// `white` / `black`, as the protocol writes sides.
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }

    /// `White` / `Black`, for sentences.
    pub const fn title(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }

    /// How far the side's frame is turned from the board frame, in eighths: White's front
    /// is North, Black's is South (V1).
    pub const fn frame_turn(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 4,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_names_round_trip() {
        // V1: A..I are x 0..8, rows 1..9 are y 0..8.
        for cell in Cell::all() {
            assert_eq!(Cell::parse(&cell.name()), Some(cell));
        }
        let e3 = Cell::parse("E3").unwrap();
        assert_eq!((e3.x(), e3.y()), (4, 2));
        assert_eq!(Cell::parse("J1"), None);
        assert_eq!(Cell::parse("A0"), None);
        assert_eq!(Cell::parse("e3"), None);
        assert_eq!(Cell::parse("A10"), None);
    }

    #[test]
    fn steps_and_rotation() {
        let e5 = Cell::parse("E5").unwrap();
        assert_eq!(e5.step(Dir::N, 1), Cell::parse("E6"));
        assert_eq!(e5.step(Dir::NE, 2), Cell::parse("G7"));
        assert_eq!(Cell::parse("A1").unwrap().step(Dir::W, 1), None);
        assert_eq!(
            Cell::parse("B1").unwrap().rotated(),
            Cell::parse("H9").unwrap()
        );
        for d in Dir::ALL {
            assert_eq!(d.opposite().opposite(), d);
            let (dx, dy) = d.delta();
            assert_eq!(d.opposite().delta(), (-dx, -dy));
            assert_eq!(e5.dir_to(e5.step(d, 1).unwrap()), Some(d));
        }
    }
}
