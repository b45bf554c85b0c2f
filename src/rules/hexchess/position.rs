//! One position: bitboards per side and per type, a mailbox of piece ids, and the unchecked
//! move application (with or without the v011 renaming) that search and perft use.

use std::sync::LazyLock;

use super::geometry::{Bitboard, CELL_COUNT, Cell, cells, tables};
use super::types::{Color, Kind, Move, Piece, PieceId, Ruleset};

pub const NO_PIECE: u8 = 255;
pub const PIECE_COUNT: usize = 36;

/// En passant rights (classic only): the skipped cell and the pawn that skipped it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EnPassant {
    pub target: Cell,
    pub pawn: Cell,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub(super) ruleset: Ruleset,
    pub(super) turn: Color,
    pub(super) by_color: [Bitboard; 2],
    pub(super) by_kind: [Bitboard; 6],
    /// Piece id on each cell, or [`NO_PIECE`].
    pub(super) board: [u8; CELL_COUNT],
    /// Current type of each piece id (meaningless for captured pieces).
    pub(super) kind: [Kind; PIECE_COUNT],
    pub(super) halfmove_clock: u32,
    pub(super) ep: Option<EnPassant>,
    /// Zobrist key of the arrangement (cell, colour, type) and the side to move: exactly
    /// what repetition compares (H9, H12), so the clock and en passant stay out.
    pub(super) hash: u64,
    pub(super) ply: u32,
}

/// What an unchecked move did, for the game layer to build its resolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveEffects {
    pub piece: PieceId,
    pub departed_as: Kind,
    pub arrived_as: Kind,
    pub captured: Option<(PieceId, Kind, Cell)>,
}

struct Zobrist {
    piece: [[[u64; CELL_COUNT]; 6]; 2],
    black_to_move: u64,
}

static ZOBRIST: LazyLock<Zobrist> = LazyLock::new(|| {
    // splitmix64: a fixed, portable stream; the keys never leave the process.
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut piece = [[[0; CELL_COUNT]; 6]; 2];
    for side in piece.iter_mut() {
        for kind in side.iter_mut() {
            for key in kind.iter_mut() {
                *key = next();
            }
        }
    }
    Zobrist {
        piece,
        black_to_move: next(),
    }
});

#[inline]
fn zkey(color: Color, kind: Kind, cell: usize) -> u64 {
    ZOBRIST.piece[color.index()][kind.index()][cell]
}

/// White's setup (H2); Black's is its rotation in v011, with king and queen swapped in
/// classic (H11).
const WHITE_SETUP: [(&str, Kind); 18] = [
    ("b1", Kind::Pawn),
    ("c1", Kind::Rook),
    ("c2", Kind::Pawn),
    ("d1", Kind::Knight),
    ("d3", Kind::Pawn),
    ("e1", Kind::Queen),
    ("e4", Kind::Pawn),
    ("f1", Kind::Bishop),
    ("f2", Kind::Bishop),
    ("f3", Kind::Bishop),
    ("f5", Kind::Pawn),
    ("g1", Kind::King),
    ("g4", Kind::Pawn),
    ("h1", Kind::Knight),
    ("h3", Kind::Pawn),
    ("i1", Kind::Rook),
    ("i2", Kind::Pawn),
    ("k1", Kind::Pawn),
];

impl Position {
    /// An empty board, White to move (for hand-made positions).
    pub fn empty(ruleset: Ruleset) -> Position {
        Position {
            ruleset,
            turn: Color::White,
            by_color: [0; 2],
            by_kind: [0; 6],
            board: [NO_PIECE; CELL_COUNT],
            kind: [Kind::Pawn; PIECE_COUNT],
            halfmove_clock: 0,
            ep: None,
            hash: 0,
            ply: 0,
        }
    }

    /// The start position of `ruleset`.
    pub fn start(ruleset: Ruleset) -> Position {
        let mut pos = Position::empty(ruleset);
        let mut black = Vec::new();
        for (name, kind) in WHITE_SETUP {
            let Some(cell) = Cell::parse(name) else {
                continue;
            };
            let mut black_kind = kind;
            if ruleset == Ruleset::Classic {
                black_kind = match kind {
                    Kind::King => Kind::Queen,
                    Kind::Queen => Kind::King,
                    k => k,
                };
            }
            pos.put(cell, Color::White, kind);
            black.push((cell.rotated(), black_kind));
        }
        // Black ids follow Black's own cell order, like White's.
        black.sort();
        for (cell, kind) in black {
            pos.put(cell, Color::Black, kind);
        }
        pos
    }

    /// Places a new piece (next free id) on an empty cell; for setups and tests.
    pub fn put(&mut self, cell: Cell, color: Color, kind: Kind) -> Option<PieceId> {
        let c = cell.index();
        if self.board[c] != NO_PIECE {
            return None;
        }
        let used: Vec<u8> = self
            .board
            .iter()
            .copied()
            .filter(|&b| b != NO_PIECE)
            .collect();
        let id = (0..PIECE_COUNT as u8).find(|i| !used.contains(i))?;
        self.board[c] = id;
        self.kind[id as usize] = kind;
        self.by_color[color.index()] |= cell.bit();
        self.by_kind[kind.index()] |= cell.bit();
        self.hash ^= zkey(color, kind, c);
        Some(PieceId(id))
    }

    /// Places a piece with a given id (restoring a saved setup).
    pub fn put_with_id(&mut self, id: PieceId, cell: Cell, color: Color, kind: Kind) -> Option<()> {
        let c = cell.index();
        if self.board[c] != NO_PIECE || id.0 as usize >= PIECE_COUNT || self.board.contains(&id.0) {
            return None;
        }
        self.board[c] = id.0;
        self.kind[id.0 as usize] = kind;
        self.by_color[color.index()] |= cell.bit();
        self.by_kind[kind.index()] |= cell.bit();
        self.hash ^= zkey(color, kind, c);
        Some(())
    }

    /// Sets the side to move (for hand-made positions).
    pub fn set_turn(&mut self, color: Color) {
        if self.turn != color {
            self.turn = color;
            self.hash ^= ZOBRIST.black_to_move;
        }
    }

    /// Hands the turn to the other side without a move (a threat's question): no en
    /// passant; the fifty-move clock stands (nothing was moved).
    pub fn pass_turn(&mut self) {
        self.set_turn(self.turn.other());
        self.ep = None;
    }

    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }

    pub fn turn(&self) -> Color {
        self.turn
    }

    pub fn ply(&self) -> u32 {
        self.ply
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    pub fn en_passant(&self) -> Option<EnPassant> {
        self.ep
    }

    /// The repetition key: arrangement plus side to move.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    pub fn color_bb(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    pub fn kind_bb(&self, kind: Kind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    pub fn pieces_bb(&self, color: Color, kind: Kind) -> Bitboard {
        self.by_color[color.index()] & self.by_kind[kind.index()]
    }

    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        let id = self.board[cell.index()];
        if id == NO_PIECE {
            return None;
        }
        let color = if self.by_color[0] & cell.bit() != 0 {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece {
            id: PieceId(id),
            color,
            kind: self.kind[id as usize],
        })
    }

    /// Every piece on the board in cell order (file a..l, rank upward).
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        cells(self.occupied()).filter_map(|c| self.piece_at(c).map(|p| (c, p)))
    }

    /// Where the piece with this id stands, if still on the board.
    pub fn cell_of(&self, id: PieceId) -> Option<Cell> {
        self.board
            .iter()
            .position(|&b| b == id.0)
            .and_then(Cell::from_index)
    }

    pub fn king(&self, color: Color) -> Option<Cell> {
        let bb = self.pieces_bb(color, Kind::King);
        (bb != 0).then(|| Cell::from_index(bb.trailing_zeros() as usize))?
    }

    /// Pieces of `by` attacking `cell`, with `occ` as the occupancy.
    #[inline]
    pub fn attackers(&self, cell: usize, by: Color, occ: Bitboard) -> Bitboard {
        let t = tables();
        let them = self.by_color[by.index()];
        let k = &self.by_kind;
        let rq = k[Kind::Rook.index()] | k[Kind::Queen.index()];
        let bq = k[Kind::Bishop.index()] | k[Kind::Queen.index()];
        let r = self.ruleset.index();
        // A pawn of `by` attacks `cell` from where a pawn of the other side would capture.
        let pawn_from = t.pawn_capture[r][by.other().index()][cell];
        let mut att = (t.knight[cell] & k[Kind::Knight.index()])
            | (t.king(self.ruleset, cell) & k[Kind::King.index()])
            | (pawn_from & k[Kind::Pawn.index()]);
        if rq & them != 0 {
            att |= t.rook_attacks(cell, occ) & rq;
        }
        if bq & them != 0 {
            att |= t.bishop_attacks(cell, occ) & bq;
        }
        att & them
    }

    /// The cells the man on `cell` attacks with the board as it stands (where it could
    /// capture, pawns diagonally), in cell order; none for an empty cell.
    pub fn attacked_from(&self, cell: Cell) -> Vec<Cell> {
        let Some(piece) = self.piece_at(cell) else {
            return Vec::new();
        };
        let occ = self.occupied();
        Cell::all()
            .filter(|c| *c != cell && self.attackers(c.index(), piece.color, occ) & cell.bit() != 0)
            .collect()
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.king(self.turn)
            .is_some_and(|k| self.attackers(k.index(), self.turn.other(), self.occupied()) != 0)
    }

    /// Applies a move assumed legal. `rename` applies the v011 rotation to the arriving
    /// piece (H4); it is off in classic and in the un-renamed replay of an edit (H7).
    pub fn play_unchecked(&mut self, mv: Move, rename: bool) -> MoveEffects {
        let from = mv.from.index();
        let to = mv.to.index();
        let us = self.turn;
        let them = us.other();
        let id = self.board[from];
        let departed = self.kind[id as usize];
        let mut captured = None;
        let mut capture_cell = None;
        if self.board[to] != NO_PIECE {
            capture_cell = Some(to);
        } else if departed == Kind::Pawn
            && let Some(ep) = self.ep
            && ep.target == mv.to
        {
            capture_cell = Some(ep.pawn.index());
        }
        if let Some(c) = capture_cell {
            let cid = self.board[c];
            let ckind = self.kind[cid as usize];
            let bit = 1u128 << c;
            self.by_color[them.index()] &= !bit;
            self.by_kind[ckind.index()] &= !bit;
            self.board[c] = NO_PIECE;
            self.hash ^= zkey(them, ckind, c);
            captured = Some((PieceId(cid), ckind, Cell::from_index(c).unwrap_or(mv.to)));
        }
        let mut arrived = mv.promotion.unwrap_or(departed);
        if rename {
            arrived = arrived.renamed();
        }
        let from_bit = 1u128 << from;
        let to_bit = 1u128 << to;
        self.by_color[us.index()] ^= from_bit | to_bit;
        self.by_kind[departed.index()] &= !from_bit;
        self.by_kind[arrived.index()] |= to_bit;
        self.board[from] = NO_PIECE;
        self.board[to] = id;
        self.kind[id as usize] = arrived;
        self.hash ^= zkey(us, departed, from) ^ zkey(us, arrived, to) ^ ZOBRIST.black_to_move;
        self.ep = None;
        if departed == Kind::Pawn && self.ruleset == Ruleset::Classic {
            let t = tables();
            let step = t.pawn_push[us.index()][from];
            if step != 255 && t.pawn_push[us.index()][step as usize] as usize == to {
                self.ep = Cell::from_index(step as usize).map(|target| EnPassant {
                    target,
                    pawn: mv.to,
                });
            }
        }
        if captured.is_some() || departed == Kind::Pawn {
            self.halfmove_clock = 0;
        } else {
            self.halfmove_clock += 1;
        }
        self.turn = them;
        self.ply += 1;
        MoveEffects {
            piece: PieceId(id),
            departed_as: departed,
            arrived_as: arrived,
            captured,
        }
    }

    /// Insufficient material, exactly H9's list: K v K, K+N v K, K+B v K, or kings and
    /// bishops only with every bishop on one tone.
    pub fn insufficient_material(&self) -> bool {
        let t = tables();
        let others = self.occupied() & !self.by_kind[Kind::King.index()];
        if others == 0 {
            return true;
        }
        if others.count_ones() == 1 && others & self.by_kind[Kind::Knight.index()] != 0 {
            return true;
        }
        if others & !self.by_kind[Kind::Bishop.index()] != 0 {
            return false;
        }
        t.tone.iter().any(|&tone| others & !tone == 0)
    }

    /// Rebuilds the hash from scratch (for tests of the incremental update).
    pub fn recomputed_hash(&self) -> u64 {
        let mut h = 0;
        for (cell, piece) in self.pieces() {
            h ^= zkey(piece.color, piece.kind, cell.index());
        }
        if self.turn == Color::Black {
            h ^= ZOBRIST.black_to_move;
        }
        h
    }
}
