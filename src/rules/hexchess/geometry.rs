//! The 91-cell board (H1): cells, names, axial coordinates and the precomputed tables the
//! move generator reads (rays, knight leaps, king steps, pawn steps and captures).
//!
//! Cells are numbered file by file (a..l), rank upward within a file. That order is the
//! protocol's sort order for pieces, and it makes every ray direction either strictly
//! increasing or strictly decreasing in index, which lets a `u128` find the first blocker
//! on a ray with one subtraction (upward) or one `leading_zeros` (downward).

use std::fmt;
use std::sync::LazyLock;

use super::types::{Color, Ruleset};

/// A set of cells, one bit per cell index.
pub type Bitboard = u128;

/// The file letters; Glinski skips `j`.
pub const FILE_LETTERS: [char; 11] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'k', 'l'];
const FILE_HEIGHT: [u8; 11] = [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6];
const FILE_START: [u8; 11] = [0, 6, 13, 21, 30, 40, 51, 61, 70, 78, 85];
pub const CELL_COUNT: usize = 91;

/// Rook steps (H1); 0..3 raise the cell index, 3..6 are their opposites in the same order.
pub const ORTHOGONAL: [(i32, i32); 6] = [(0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)];
/// Bishop steps (H1), ordered like [`ORTHOGONAL`].
pub const DIAGONAL: [(i32, i32); 6] = [(1, 1), (2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2)];
/// Knight leaps (H1).
pub const KNIGHT: [(i32, i32); 12] = [
    (1, 2),
    (2, 1),
    (3, -1),
    (3, -2),
    (2, -3),
    (1, -3),
    (-1, -2),
    (-2, -1),
    (-3, 1),
    (-3, 2),
    (-2, 3),
    (-1, 3),
];

/// One of the 91 cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The cell with this index (0..91), file-major.
    pub fn from_index(index: usize) -> Option<Cell> {
        (index < CELL_COUNT).then_some(Cell(index as u8))
    }

    /// The cell at axial coordinates (q, r), if on the board.
    pub fn from_axial(q: i32, r: i32) -> Option<Cell> {
        if q.abs() > 5 || r.abs() > 5 || (q + r).abs() > 5 {
            return None;
        }
        let file = (q + 5) as usize;
        let rank = r + 6 + q.min(0);
        Some(Cell(FILE_START[file] + (rank - 1) as u8))
    }

    /// The cell on `file` (0 = a .. 10 = l) with `rank` (1-based).
    pub fn from_file_rank(file: usize, rank: u32) -> Option<Cell> {
        if file >= 11 || rank == 0 || rank > FILE_HEIGHT[file] as u32 {
            return None;
        }
        Some(Cell(FILE_START[file] + (rank - 1) as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn bit(self) -> Bitboard {
        1u128 << self.0
    }

    /// File index, 0 = a .. 10 = l.
    pub fn file(self) -> usize {
        tables().file[self.index()] as usize
    }

    /// Rank, counted from 1 at White's end of the file.
    pub fn rank(self) -> u32 {
        (self.0 - FILE_START[self.file()]) as u32 + 1
    }

    pub fn file_char(self) -> char {
        FILE_LETTERS[self.file()]
    }

    /// Axial (q, r) of H1.
    pub fn axial(self) -> (i32, i32) {
        let q = self.file() as i32 - 5;
        let r = self.rank() as i32 - 6 - q.min(0);
        (q, r)
    }

    /// The neighbour `(dq, dr)` away, if on the board.
    pub fn offset(self, (dq, dr): (i32, i32)) -> Option<Cell> {
        let (q, r) = self.axial();
        Cell::from_axial(q + dq, r + dr)
    }

    /// The cell's tone, (r - q) mod 3: a bishop never leaves its tone.
    pub fn tone(self) -> u8 {
        let (q, r) = self.axial();
        (r - q).rem_euclid(3) as u8
    }

    /// Parses `a1` .. `l6` (lowercase file, no `j`).
    pub fn parse(text: &str) -> Option<Cell> {
        let mut chars = text.chars();
        let letter = chars.next()?;
        let file = FILE_LETTERS.iter().position(|&c| c == letter)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if digits.starts_with('0') {
            return None;
        }
        Cell::from_file_rank(file, digits.parse().ok()?)
    }

    /// All cells in index order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELL_COUNT as u8).map(Cell)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank())
    }
}

impl serde::Serialize for Cell {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Cell {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Cell::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("no cell {text:?}")))
    }
}

/// Iterates the cells of a bitboard in index order.
pub fn cells(mut bb: Bitboard) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        if bb == 0 {
            return None;
        }
        let i = bb.trailing_zeros();
        bb &= bb - 1;
        Some(Cell(i as u8))
    })
}

/// The precomputed tables.
pub struct Tables {
    pub file: [u8; CELL_COUNT],
    /// `ray[d][c]`: cells strictly beyond `c` in direction `d` (0..6 orthogonal as
    /// [`ORTHOGONAL`], 6..12 diagonal as [`DIAGONAL`]), to the board's edge.
    pub ray: [[Bitboard; CELL_COUNT]; 12],
    /// Union of the six orthogonal rays from each cell (a rook's reach on an empty board).
    pub orth_lines: [Bitboard; CELL_COUNT],
    /// Union of the six diagonal rays from each cell.
    pub diag_lines: [Bitboard; CELL_COUNT],
    pub knight: [Bitboard; CELL_COUNT],
    pub orth_step: [Bitboard; CELL_COUNT],
    pub diag_step: [Bitboard; CELL_COUNT],
    /// `direction[a][b]`: the ray direction leading from `a` to `b`, or 255.
    pub direction: [[u8; CELL_COUNT]; CELL_COUNT],
    /// `pawn_push[ruleset][color][c]`: one step forward, or 255.
    pub pawn_push: [[u8; CELL_COUNT]; 2],
    /// `pawn_capture[ruleset][color][c]`: the cells a pawn there captures on.
    pub pawn_capture: [[[Bitboard; CELL_COUNT]; 2]; 2],
    /// Far edge per color: where pawns promote.
    pub far_edge: [Bitboard; 2],
    /// The three tones.
    pub tone: [Bitboard; 3],
    /// Classic start cells of each side's pawns (double steps).
    pub pawn_start: [Bitboard; 2],
}

impl Tables {
    /// Cells a king of `ruleset` steps to: 6 orthogonal in v011, 12 in classic (H3, H11).
    #[inline]
    pub fn king(&self, ruleset: Ruleset, c: usize) -> Bitboard {
        match ruleset {
            Ruleset::V011 => self.orth_step[c],
            Ruleset::Classic => self.orth_step[c] | self.diag_step[c],
        }
    }

    /// Slider attacks from `c` along direction `d` given occupancy `occ` (first blocker
    /// included). Branch-free. Upward, `o ^ (o - 1)` keeps the bits up to the lowest
    /// blocker (all of them when there is none); downward, the highest blocker's own ray
    /// is taken off (cell 0, a1, whose downward rays are empty, when there is none).
    #[inline(always)]
    pub fn ray_attacks(&self, d: usize, c: usize, occ: Bitboard) -> Bitboard {
        let ray = self.ray[d][c];
        let blockers = ray & occ;
        if d % 6 < 3 {
            ray & (blockers ^ blockers.wrapping_sub(1))
        } else {
            ray ^ self.ray[d][127 - (blockers | 1).leading_zeros() as usize]
        }
    }

    #[inline(always)]
    pub fn rook_attacks(&self, c: usize, occ: Bitboard) -> Bitboard {
        self.ray_attacks(0, c, occ)
            | self.ray_attacks(1, c, occ)
            | self.ray_attacks(2, c, occ)
            | self.ray_attacks(3, c, occ)
            | self.ray_attacks(4, c, occ)
            | self.ray_attacks(5, c, occ)
    }

    #[inline(always)]
    pub fn bishop_attacks(&self, c: usize, occ: Bitboard) -> Bitboard {
        self.ray_attacks(6, c, occ)
            | self.ray_attacks(7, c, occ)
            | self.ray_attacks(8, c, occ)
            | self.ray_attacks(9, c, occ)
            | self.ray_attacks(10, c, occ)
            | self.ray_attacks(11, c, occ)
    }

    /// Cells strictly between `a` and `b` when they share a ray, else empty.
    #[inline]
    pub fn between(&self, a: usize, b: usize) -> Bitboard {
        let d = self.direction[a][b];
        if d == 255 {
            return 0;
        }
        let d = d as usize;
        self.ray[d][a] & !self.ray[d][b] & !(1u128 << b)
    }
}

fn build() -> Tables {
    let mut t = Tables {
        file: [0; CELL_COUNT],
        ray: [[0; CELL_COUNT]; 12],
        orth_lines: [0; CELL_COUNT],
        diag_lines: [0; CELL_COUNT],
        knight: [0; CELL_COUNT],
        orth_step: [0; CELL_COUNT],
        diag_step: [0; CELL_COUNT],
        direction: [[255; CELL_COUNT]; CELL_COUNT],
        pawn_push: [[255; CELL_COUNT]; 2],
        pawn_capture: [[[0; CELL_COUNT]; 2]; 2],
        far_edge: [0; 2],
        tone: [0; 3],
        pawn_start: [0; 2],
    };
    for file in 0..11 {
        for rank in 0..FILE_HEIGHT[file] {
            t.file[(FILE_START[file] + rank) as usize] = file as u8;
        }
    }
    // From here on Cell methods may not call tables(); use local axial arithmetic.
    let axial = |i: usize| -> (i32, i32) {
        let file = t.file[i] as usize;
        let q = file as i32 - 5;
        let rank = (i as u8 - FILE_START[file]) as i32 + 1;
        (q, rank - 6 - q.min(0))
    };
    let dirs: Vec<(i32, i32)> = ORTHOGONAL.iter().chain(DIAGONAL.iter()).copied().collect();
    for i in 0..CELL_COUNT {
        let (q, r) = axial(i);
        for (d, &(dq, dr)) in dirs.iter().enumerate() {
            let mut k = 1;
            while let Some(c) = Cell::from_axial(q + k * dq, r + k * dr) {
                t.ray[d][i] |= c.bit();
                if d < 6 {
                    t.orth_lines[i] |= c.bit();
                } else {
                    t.diag_lines[i] |= c.bit();
                }
                t.direction[i][c.index()] = d as u8;
                k += 1;
            }
            if let Some(c) = Cell::from_axial(q + dq, r + dr) {
                if d < 6 {
                    t.orth_step[i] |= c.bit();
                } else {
                    t.diag_step[i] |= c.bit();
                }
            }
        }
        for &(dq, dr) in &KNIGHT {
            if let Some(c) = Cell::from_axial(q + dq, r + dr) {
                t.knight[i] |= c.bit();
            }
        }
        t.tone[(r - q).rem_euclid(3) as usize] |= 1u128 << i;
        // Far edges: no forward step left (H5).
        if Cell::from_axial(q, r + 1).is_none() {
            t.far_edge[Color::White.index()] |= 1u128 << i;
        }
        if Cell::from_axial(q, r - 1).is_none() {
            t.far_edge[Color::Black.index()] |= 1u128 << i;
        }
        for color in [Color::White, Color::Black] {
            let s = color.forward_sign();
            if let Some(c) = Cell::from_axial(q, r + s) {
                t.pawn_push[color.index()][i] = c.index() as u8;
            }
            // H3 (v011): the forward diagonals; H11 (classic): the forward orthogonals.
            let v011 = [(-s, 2 * s), (s, s)];
            let classic = [(-s, s), (s, 0)];
            for (ruleset, offsets) in [(Ruleset::V011, v011), (Ruleset::Classic, classic)] {
                for (dq, dr) in offsets {
                    if let Some(c) = Cell::from_axial(q + dq, r + dr) {
                        t.pawn_capture[ruleset.index()][color.index()][i] |= c.bit();
                    }
                }
            }
        }
    }
    for name in ["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"] {
        if let Some(c) = Cell::parse_with(name, &t.file) {
            t.pawn_start[0] |= c.bit();
            t.pawn_start[1] |= Cell::rotate_index(c.index(), &axial).bit();
        }
    }
    // The downward sentinel of `ray_attacks`.
    assert!((0..12).all(|d| d % 6 < 3 || t.ray[d][0] == 0));
    t
}

impl Cell {
    /// Parse used while the tables are being built (no table access).
    fn parse_with(text: &str, _files: &[u8; CELL_COUNT]) -> Option<Cell> {
        let letter = text.chars().next()?;
        let file = FILE_LETTERS.iter().position(|&c| c == letter)?;
        Cell::from_file_rank(file, text[1..].parse().ok()?)
    }

    fn rotate_index(i: usize, axial: &dyn Fn(usize) -> (i32, i32)) -> Cell {
        let (q, r) = axial(i);
        Cell::from_axial(-q, -r).unwrap_or(Cell(0))
    }

    /// The cell rotated 180 degrees through f6 (H2).
    pub fn rotated(self) -> Cell {
        let (q, r) = self.axial();
        Cell::from_axial(-q, -r).unwrap_or(self)
    }
}

static TABLES: LazyLock<Tables> = LazyLock::new(build);

/// The shared tables (built once, on first use).
#[inline]
pub fn tables() -> &'static Tables {
    &TABLES
}
