//! The board: pieces with stable ids, bonds, and what has left the board. Everything the
//! rules read; nothing about whose turn it is (that is [`super::Game`]).

use serde::{Deserialize, Serialize};

pub use super::key::BoardKey;

use super::geometry::{CELLS, Cell, Dir, Side};
use super::pieces::{Kind, code};

/// A piece's stable id: an index that survives every move, so the presentation can map
/// id -> entity.
pub type PieceId = u8;

/// Room for every piece of a position (the start has 18; hand-made positions may use more).
pub const MAX_PIECES: usize = 32;
pub(crate) const EMPTY: u8 = u8::MAX;

/// One piece on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Piece {
    pub id: PieceId,
    pub kind: Kind,
    pub owner: Side,
    pub cell: Cell,
}

impl Piece {
    #[inline]
    pub(crate) const fn code(&self) -> usize {
        code(self.kind, self.owner)
    }
}

/// What went wrong building a hand-made position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError(pub String);

/// The board as the rules see it. `Copy`, so search and the legal-move list work on
/// copies without allocating.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(into = "PositionData", try_from = "PositionData")]
pub struct Position {
    pieces: [Option<Piece>; MAX_PIECES],
    board: [u8; CELLS],
    /// `bonds[i]` has bit j set when pieces i and j are bonded (always both ways).
    bonds: [u32; MAX_PIECES],
    lost: [u8; 2],
    core_lost: [bool; 2],
}

/// The White start (section 1); Black's is the same turned 180 degrees. Ids: White 0..9 in
/// this order, Black 9..18 in the same order.
const WHITE_START: [(Kind, &str); 9] = [
    (Kind::Octagon, "E3"),
    (Kind::Square, "B1"),
    (Kind::Square, "H1"),
    (Kind::Rhombus, "C1"),
    (Kind::Rhombus, "G1"),
    (Kind::Triangle, "B2"),
    (Kind::Triangle, "H2"),
    (Kind::Triangle, "D3"),
    (Kind::Triangle, "F3"),
];

impl Default for Position {
    fn default() -> Self {
        Position::empty()
    }
}

impl Position {
    /// A board with no pieces.
    pub const fn empty() -> Position {
        Position {
            pieces: [None; MAX_PIECES],
            board: [EMPTY; CELLS],
            bonds: [0; MAX_PIECES],
            lost: [0; 2],
            core_lost: [false; 2],
        }
    }

    /// The start position of section 1 (V15: no bonds).
    pub fn start() -> Position {
        let mut pos = Position::empty();
        let mut id = 0;
        for side in Side::BOTH {
            for (kind, name) in WHITE_START {
                let mut cell = Cell::parse(name).unwrap_or_else(|| unreachable!("{name}"));
                if side == Side::Black {
                    cell = cell.rotated();
                }
                let _ = pos.place(id, kind, side, cell);
                id += 1;
            }
        }
        pos
    }

    /// Puts a piece with id `id` on an empty cell (hand-made positions, tests).
    pub fn place(
        &mut self,
        id: PieceId,
        kind: Kind,
        owner: Side,
        cell: Cell,
    ) -> Result<(), SetupError> {
        let slot = id as usize;
        if slot >= MAX_PIECES {
            return Err(SetupError(format!("piece id {id} is out of range")));
        }
        if self.pieces[slot].is_some() {
            return Err(SetupError(format!("piece id {id} is taken")));
        }
        if self.board[cell.index()] != EMPTY {
            return Err(SetupError(format!("{cell} is occupied")));
        }
        self.pieces[slot] = Some(Piece {
            id,
            kind,
            owner,
            cell,
        });
        self.board[cell.index()] = id;
        Ok(())
    }

    /// Bonds the pieces on two neighbouring cells (hand-made positions, tests).
    pub fn bond_cells(&mut self, a: Cell, b: Cell) -> Result<(), SetupError> {
        let (Some(pa), Some(pb)) = (self.at(a), self.at(b)) else {
            return Err(SetupError(format!("a bond needs pieces on {a} and {b}")));
        };
        if a.dir_to(b).is_none() {
            return Err(SetupError(format!("{a} and {b} are not neighbours")));
        }
        self.link(pa.id, pb.id);
        Ok(())
    }

    /// Sets how many pieces `side` has already lost (hand-made positions, tests).
    pub fn set_lost(&mut self, side: Side, lost: u8, core_lost: bool) {
        self.lost[side.index()] = lost;
        self.core_lost[side.index()] = core_lost;
    }

    pub fn piece(&self, id: PieceId) -> Option<Piece> {
        self.pieces.get(id as usize).copied().flatten()
    }

    /// The piece on `cell`, if any.
    #[inline]
    pub fn at(&self, cell: Cell) -> Option<Piece> {
        let id = self.board[cell.index()];
        if id == EMPTY {
            None
        } else {
            self.pieces[id as usize]
        }
    }

    /// Every piece on the board, by id.
    pub fn pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        self.pieces.iter().flatten().copied()
    }

    /// Pieces that have left the board, per side.
    pub fn lost(&self, side: Side) -> u8 {
        self.lost[side.index()]
    }

    /// Whether `side`'s Core has left the board.
    pub fn core_lost(&self, side: Side) -> bool {
        self.core_lost[side.index()]
    }

    /// Pieces of `side` on the board.
    pub fn count(&self, side: Side) -> usize {
        self.pieces().filter(|p| p.owner == side).count()
    }

    /// Every bond as a pair of ids, lower id first, sorted.
    pub fn bonds(&self) -> Vec<(PieceId, PieceId)> {
        let mut out = Vec::new();
        for (i, mask) in self.bonds.iter().enumerate() {
            for j in bits(*mask) {
                if (i as u8) < j {
                    out.push((i as u8, j));
                }
            }
        }
        out
    }

    /// The ids bonded directly to `id`, as a bit mask.
    #[inline]
    pub fn bond_mask(&self, id: PieceId) -> u32 {
        self.bonds[id as usize]
    }

    /// The ids of every piece in `id`'s body (itself included), lowest first.
    pub fn body(&self, id: PieceId) -> Vec<PieceId> {
        if self.piece(id).is_none() {
            return Vec::new();
        }
        bits(self.body_mask(id)).collect()
    }

    pub fn is_bonded(&self, id: PieceId) -> bool {
        self.bonds[id as usize] != 0
    }

    /// The body holding `id` (the connected component of the bond graph), as a bit mask.
    #[inline]
    pub fn body_mask(&self, id: PieceId) -> u32 {
        let mut body = 1u32 << id;
        loop {
            let mut next = body;
            for i in bits(body) {
                next |= self.bonds[i as usize];
            }
            if next == body {
                return body;
            }
            body = next;
        }
    }

    /// Bit mask of every piece on the board.
    pub(crate) fn live_mask(&self) -> u32 {
        let mut mask = 0;
        for (i, p) in self.pieces.iter().enumerate() {
            if p.is_some() {
                mask |= 1 << i;
            }
        }
        mask
    }

    #[inline]
    pub(crate) fn id_at(&self, cell: Cell) -> u8 {
        self.board[cell.index()]
    }

    #[inline]
    pub(crate) fn get(&self, id: u8) -> Piece {
        // Callers only pass ids read from the board or from live masks.
        self.pieces[id as usize].unwrap_or(Piece {
            id,
            kind: Kind::Triangle,
            owner: Side::White,
            cell: Cell::new(0, 0).unwrap_or_else(|| unreachable!()),
        })
    }

    pub(crate) fn link(&mut self, a: PieceId, b: PieceId) {
        self.bonds[a as usize] |= 1 << b;
        self.bonds[b as usize] |= 1 << a;
    }

    pub(crate) fn unlink(&mut self, a: PieceId, b: PieceId) {
        self.bonds[a as usize] &= !(1 << b);
        self.bonds[b as usize] &= !(1 << a);
    }

    /// Lifts a piece off its cell (the first half of a simultaneous move).
    #[inline]
    pub(crate) fn lift(&mut self, id: PieceId) {
        if let Some(p) = self.pieces[id as usize] {
            self.board[p.cell.index()] = EMPTY;
        }
    }

    /// Sets a lifted piece down on `cell`.
    #[inline]
    pub(crate) fn set_down(&mut self, id: PieceId, cell: Cell) {
        if let Some(p) = self.pieces[id as usize].as_mut() {
            p.cell = cell;
            self.board[cell.index()] = id;
        }
    }

    /// Removes a lifted piece for good (V8): its bonds break, its owner's loss counts.
    /// Returns the ids it was bonded to.
    pub(crate) fn drop_off(&mut self, id: PieceId) -> u32 {
        let partners = self.bonds[id as usize];
        for j in bits(partners) {
            self.unlink(id, j);
        }
        if let Some(p) = self.pieces[id as usize].take() {
            self.lost[p.owner.index()] += 1;
            if p.kind == Kind::Octagon {
                self.core_lost[p.owner.index()] = true;
            }
        }
        partners
    }

    /// The board as ko and repetition compare it: pieces (kind and owner per cell) and
    /// bonds, not ids, not lost counts.
    pub fn key(&self) -> BoardKey {
        let mut key = [0u8; CELLS];
        for p in self.pieces() {
            key[p.cell.index()] |= p.code() as u8 + 1;
            for j in bits(self.bonds[p.id as usize]) {
                let q = self.get(j).cell;
                // Each bond is stored once, on its lower cell, as one of four upward steps.
                if q.index() > p.cell.index()
                    && let Some(d) = p.cell.dir_to(q)
                {
                    let bit = match d {
                        Dir::E => 0,
                        Dir::NW => 1,
                        Dir::N => 2,
                        _ => 3,
                    };
                    key[p.cell.index()] |= 16 << bit;
                }
            }
        }
        BoardKey(key)
    }

    /// The same position turned 180 degrees with the colours swapped (for symmetry checks).
    pub fn mirrored(&self) -> Position {
        let mut out = Position::empty();
        for p in self.pieces() {
            let _ = out.place(p.id, p.kind, p.owner.opponent(), p.cell.rotated());
        }
        out.bonds = self.bonds;
        out.lost = [self.lost[1], self.lost[0]];
        out.core_lost = [self.core_lost[1], self.core_lost[0]];
        out
    }
}

/// Iterates the set bits of a mask, lowest first.
#[inline]
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let i = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            Some(i)
        }
    })
}

/// The serialized shape of a [`Position`]: its pieces, bonds and losses.
#[derive(Serialize, Deserialize)]
struct PositionData {
    pieces: Vec<Piece>,
    bonds: Vec<(PieceId, PieceId)>,
    lost: [u8; 2],
    core_lost: [bool; 2],
}

impl From<Position> for PositionData {
    fn from(pos: Position) -> Self {
        PositionData {
            pieces: pos.pieces().collect(),
            bonds: pos.bonds(),
            lost: pos.lost,
            core_lost: pos.core_lost,
        }
    }
}

impl TryFrom<PositionData> for Position {
    type Error = String;

    fn try_from(data: PositionData) -> Result<Self, Self::Error> {
        let mut pos = Position::empty();
        for p in data.pieces {
            pos.place(p.id, p.kind, p.owner, p.cell).map_err(|e| e.0)?;
        }
        for (a, b) in data.bonds {
            let (Some(pa), Some(pb)) = (pos.piece(a), pos.piece(b)) else {
                return Err(format!("bond {a}-{b} names a missing piece"));
            };
            pos.bond_cells(pa.cell, pb.cell).map_err(|e| e.0)?;
        }
        pos.lost = data.lost;
        pos.core_lost = data.core_lost;
        Ok(pos)
    }
}
