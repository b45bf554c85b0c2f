//! Basis wave patterns (W4, W11) and exact field units (W5). The definitions that use
//! them and their compiled tables are in `definitions.rs`.
//!
//! All field values are integers in units of 1/64: ring decay halves once per ring and the
//! board has at most 6 rings, so every value of W3 is a whole number of units (W5).

use serde::{Deserialize, Serialize};

use super::geometry::SIZE;

/// Field units per 1: 2^6, the deepest ring decay on a 7 x 7 board.
pub const UNIT: i32 = 64;
/// At most this many component slots per piece kind (W11).
pub const MAX_SLOTS: usize = 3;

/// A basis wave: the integer pattern value at offset (dx, dy) before ring decay.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pattern {
    /// A named built-in (W4).
    Preset(Preset),
    /// A Chebyshev ring table indexed by ring mod its length.
    Rings(Vec<i32>),
    /// A 7 x 7 integer grid indexed by `[|dy|][|dx|]` (each 0..6), so it covers every
    /// offset on the board and keeps the pattern's mirror symmetry.
    Grid([[i32; SIZE]; SIZE]),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    Checkerboard,
    Cadence,
    CompassRose,
    BlockChecker,
}

impl Preset {
    pub const ALL: [Preset; 4] = [
        Preset::Checkerboard,
        Preset::Cadence,
        Preset::CompassRose,
        Preset::BlockChecker,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Preset::Checkerboard => "checkerboard",
            Preset::Cadence => "cadence",
            Preset::CompassRose => "compass_rose",
            Preset::BlockChecker => "block_checker",
        }
    }
}

/// W4's tower cadence, indexed by ring mod 6.
const CADENCE: [i32; 6] = [1, 1, 1, -1, -1, -1];

impl Pattern {
    /// The pattern value at offset (dx, dy) from the piece (not its own square).
    pub fn basis(&self, dx: i32, dy: i32) -> i32 {
        let (ax, ay) = (dx.abs(), dy.abs());
        let ring = ax.max(ay);
        match self {
            Pattern::Preset(Preset::Checkerboard) => {
                if (ax + ay) % 2 == 0 {
                    1
                } else {
                    -1
                }
            }
            Pattern::Preset(Preset::Cadence) => CADENCE[ring as usize % CADENCE.len()],
            Pattern::Preset(Preset::CompassRose) => {
                if ax == 0 || ay == 0 || ax == ay {
                    1
                } else {
                    -1
                }
            }
            Pattern::Preset(Preset::BlockChecker) => {
                if (ax / 2 + ay / 2) % 2 == 0 {
                    1
                } else {
                    -1
                }
            }
            Pattern::Rings(table) => {
                if table.is_empty() {
                    0
                } else {
                    table[ring as usize % table.len()]
                }
            }
            Pattern::Grid(grid) => grid[ay as usize][ax as usize],
        }
    }
}

/// Parses an exact dyadic fraction ("0", "-3", "1/2", "-3/8") into field units.
pub fn parse_units(text: &str) -> Option<i32> {
    let text = text.trim();
    let (num, den) = match text.split_once('/') {
        Some((n, d)) => (n.trim().parse::<i32>().ok()?, d.trim().parse::<i32>().ok()?),
        None => (text.parse::<i32>().ok()?, 1),
    };
    if den <= 0 || den > UNIT || UNIT % den != 0 || num.abs() > 1 << 16 {
        return None;
    }
    Some(num * (UNIT / den))
}

/// Writes a value in field units as a reduced fraction: `"0"`, `"5"`, `"-3/8"`.
pub fn format_units(units: i32) -> String {
    let mut num = units;
    let mut den = UNIT;
    while den > 1 && num % 2 == 0 {
        num /= 2;
        den /= 2;
    }
    if den == 1 {
        num.to_string()
    } else {
        format!("{num}/{den}")
    }
}

pub use super::definitions::{DefinitionError, Definitions, KindDef, Tables};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_are_reduced() {
        // W5: values are exact reduced fractions.
        assert_eq!(format_units(0), "0");
        assert_eq!(format_units(5 * UNIT), "5");
        assert_eq!(format_units(-24), "-3/8");
        assert_eq!(format_units(32), "1/2");
        assert_eq!(format_units(1), "1/64");
        assert_eq!(parse_units("-3/8"), Some(-24));
        assert_eq!(parse_units("1/3"), None);
        assert_eq!(parse_units("1/128"), None);
        for u in -300..300 {
            assert_eq!(parse_units(&format_units(u)), Some(u));
        }
    }

    #[test]
    fn w4_patterns() {
        // W4: tower cadence: rings 1, 2 are +1, rings 3..5 are -1, ring 6 is +1 again.
        let cadence = Pattern::Preset(Preset::Cadence);
        let rings: Vec<i32> = (1..=6).map(|r| cadence.basis(r, 0)).collect();
        assert_eq!(rings, [1, 1, -1, -1, -1, 1]);
        let rose = Pattern::Preset(Preset::CompassRose);
        assert_eq!(rose.basis(3, 3), 1);
        assert_eq!(rose.basis(0, -5), 1);
        assert_eq!(rose.basis(1, 2), -1);
        let block = Pattern::Preset(Preset::BlockChecker);
        assert_eq!(block.basis(1, 1), 1);
        assert_eq!(block.basis(2, 1), -1);
        assert_eq!(block.basis(2, 2), 1);
        assert_eq!(block.basis(-3, 0), -1);
    }
}
