//! Board geometry and the small vocabulary types: cells, sides, piece kinds (W1).

use std::fmt;

use serde::{Deserialize, Serialize};

/// Squares per side of the board.
pub const SIZE: usize = 7;
/// Squares on the board.
pub const CELLS: usize = SIZE * SIZE;

/// A square. Index `y * 7 + x` with x = column A..G and y = 0 on Blue's back row (row 7),
/// so index order is reading order (row 7 first, A to G) as W12 requires for searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cell(u8);

impl Cell {
    pub fn new(x: i32, y: i32) -> Option<Cell> {
        if (0..SIZE as i32).contains(&x) && (0..SIZE as i32).contains(&y) {
            Some(Cell((y * SIZE as i32 + x) as u8))
        } else {
            None
        }
    }

    /// The cell with this index; `None` past the board.
    pub fn from_index(index: usize) -> Option<Cell> {
        (index < CELLS).then_some(Cell(index as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn x(self) -> i32 {
        self.0 as i32 % SIZE as i32
    }

    pub fn y(self) -> i32 {
        self.0 as i32 / SIZE as i32
    }

    /// The row number players read (7 = Blue's back row).
    pub fn row(self) -> i32 {
        SIZE as i32 - self.y()
    }

    /// The neighbour one step along `dir`, if on the board.
    pub fn step(self, dir: (i32, i32)) -> Option<Cell> {
        Cell::new(self.x() + dir.0, self.y() + dir.1)
    }

    /// All cells in reading order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }

    /// Parses `A1`..`G7` (lower-case column letters are accepted too).
    pub fn parse(text: &str) -> Option<Cell> {
        let mut chars = text.chars();
        let col = chars.next()?.to_ascii_uppercase();
        let row = chars.next()?;
        if chars.next().is_some() || !('A'..='G').contains(&col) || !('1'..='7').contains(&row) {
            return None;
        }
        let x = col as i32 - 'A' as i32;
        let y = SIZE as i32 - (row as i32 - '0' as i32);
        Cell::new(x, y)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.x() as u8) as char, self.row())
    }
}

/// The eight rays (W7): orthogonal and diagonal steps.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Red,
    Blue,
}

impl Side {
    pub const ALL: [Side; 2] = [Side::Red, Side::Blue];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The owner sign of W3: Red +1, Blue -1.
    pub fn sign(self) -> i32 {
        match self {
            Side::Red => 1,
            Side::Blue => -1,
        }
    }

    pub fn opponent(self) -> Side {
        match self {
            Side::Red => Side::Blue,
            Side::Blue => Side::Red,
        }
    }

    /// The protocol name (`red`, `blue`).
    pub fn name(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Blue => "blue",
        }
    }

    /// The name shown to players.
    pub fn title(self) -> &'static str {
        match self {
            Side::Red => "Red",
            Side::Blue => "Blue",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    RoundHat,
    Tower,
    TriangleHat,
    BigHat,
}

impl Kind {
    /// In the order of the tuning notation and of W12's tie-breaks.
    pub const ALL: [Kind; 4] = [Kind::RoundHat, Kind::Tower, Kind::TriangleHat, Kind::BigHat];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The protocol name (`round_hat`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Kind::RoundHat => "round_hat",
            Kind::Tower => "tower",
            Kind::TriangleHat => "triangle_hat",
            Kind::BigHat => "big_hat",
        }
    }

    /// The name shown to players.
    pub fn title(self) -> &'static str {
        match self {
            Kind::RoundHat => "Round Hat",
            Kind::Tower => "Tower",
            Kind::TriangleHat => "Triangle Hat",
            Kind::BigHat => "Big Hat",
        }
    }

    /// The letter of the tuning notation (`R`, `T`, `A`, `B`).
    pub fn letter(self) -> char {
        match self {
            Kind::RoundHat => 'R',
            Kind::Tower => 'T',
            Kind::TriangleHat => 'A',
            Kind::BigHat => 'B',
        }
    }
}

/// Serde for `[T; 49]` (serde itself stops at 32 elements): a plain sequence.
pub mod arr49 {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer, T: Serialize>(a: &[T; 49], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(a.iter())
    }

    pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
    ) -> Result<[T; 49], D::Error> {
        let v: Vec<T> = Vec::deserialize(d)?;
        <[T; 49]>::try_from(v)
            .map_err(|v| D::Error::custom(format!("expected 49 values, got {}", v.len())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_rows_count_from_red() {
        // W1: row 7 is Blue's back row (y = 0), columns A..G are x = 0..6.
        let c7 = Cell::parse("C7").unwrap();
        assert_eq!((c7.x(), c7.y()), (2, 0));
        let d1 = Cell::parse("D1").unwrap();
        assert_eq!((d1.x(), d1.y()), (3, 6));
        for cell in Cell::all() {
            assert_eq!(Cell::parse(&cell.to_string()), Some(cell));
        }
        assert_eq!(Cell::parse("H1"), None);
        assert_eq!(Cell::parse("A8"), None);
        assert_eq!(Cell::parse("A0"), None);
        assert_eq!(Cell::parse("A11"), None);
        assert_eq!(Cell::parse(""), None);
    }

    #[test]
    fn reading_order_is_index_order() {
        // W12: row 7 first, A to G in a row.
        let names: Vec<String> = Cell::all().take(8).map(|c| c.to_string()).collect();
        assert_eq!(names, ["A7", "B7", "C7", "D7", "E7", "F7", "G7", "A6"]);
    }
}
