//! Legal move generation with check and pin masks (in `king`), so perft can count the
//! last ply without playing it (bulk counting, in `count`). Renaming never changes the
//! mover's own king safety (it only retypes the mover's piece, not the occupancy), so
//! legality is the ordinary chess test on the position after the move (H4).

mod count;
mod king;

pub(crate) use count::count_legal;
pub use count::count_moves;
#[cfg(test)]
pub(crate) use count::count_moves_portable;
#[cfg(target_arch = "x86_64")]
pub(crate) use count::has_bit_instructions;

use super::geometry::{Bitboard, Cell, Tables, cells, tables};
use super::position::Position;
use super::types::{Color, Kind, Move};
use king::king_safety;

/// Receives the legal moves of one piece as a destination set.
pub trait MoveSink {
    /// `promotes` marks destinations where a pawn must choose a promotion (4 moves each).
    fn add(&mut self, from: usize, targets: Bitboard, promotes: Bitboard);
    /// A single move found outside the bitboard path (classic en passant).
    fn add_one(&mut self, mv: Move);
}

/// Counts moves through the sink (bulk counting's fallback for a side without a king).
pub struct Counter(pub u64);

impl MoveSink for Counter {
    #[inline]
    fn add(&mut self, _from: usize, targets: Bitboard, promotes: Bitboard) {
        self.0 += targets.count_ones() as u64 + 3 * (targets & promotes).count_ones() as u64;
    }
    #[inline]
    fn add_one(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

impl MoveSink for Vec<Move> {
    fn add(&mut self, from: usize, targets: Bitboard, promotes: Bitboard) {
        let Some(from) = Cell::from_index(from) else {
            return;
        };
        for to in cells(targets) {
            if promotes & to.bit() != 0 {
                for p in Kind::PROMOTIONS {
                    self.push(Move {
                        from,
                        to,
                        promotion: Some(p),
                    });
                }
            } else {
                self.push(Move::new(from, to));
            }
        }
    }
    fn add_one(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Pseudo-legal destinations of the piece of `kind` and `color` on `from`.
#[inline]
pub fn piece_targets(
    pos: &Position,
    t: &Tables,
    from: usize,
    kind: Kind,
    color: Color,
) -> Bitboard {
    let occ = pos.occupied();
    let own = pos.by_color[color.index()];
    let enemy = pos.by_color[color.other().index()];
    let targets = match kind {
        Kind::Pawn => {
            let mut bb = t.pawn_capture[pos.ruleset.index()][color.index()][from] & enemy;
            let step = t.pawn_push[color.index()][from];
            if step != 255 && occ & (1u128 << step) == 0 {
                bb |= 1u128 << step;
                if pos.ruleset == super::types::Ruleset::Classic
                    && t.pawn_start[color.index()] & (1u128 << from) != 0
                {
                    let two = t.pawn_push[color.index()][step as usize];
                    if two != 255 && occ & (1u128 << two) == 0 {
                        bb |= 1u128 << two;
                    }
                }
            }
            return bb;
        }
        Kind::Knight => t.knight[from],
        Kind::Bishop => t.bishop_attacks(from, occ),
        Kind::Rook => t.rook_attacks(from, occ),
        Kind::Queen => t.rook_attacks(from, occ) | t.bishop_attacks(from, occ),
        Kind::King => t.king(pos.ruleset, from),
    };
    targets & !own
}

/// Generates every legal move of the side to move into `sink`: the king's first, then
/// each piece's in cell order, then en passant. Draw rules are not looked at here (the
/// game layer ends games; perft ignores them, H12).
pub fn generate<S: MoveSink>(pos: &Position, sink: &mut S) {
    let t = tables();
    let us = pos.turn;
    let own = pos.by_color[us.index()];
    let kings = pos.by_kind[Kind::King.index()] & own;
    if kings == 0 {
        // No king (only in hand-made positions): every pseudo-legal move is legal.
        for from in cells(own) {
            let kind = pos.kind[pos.board[from.index()] as usize];
            let targets = piece_targets(pos, t, from.index(), kind, us);
            sink.add(from.index(), targets, promote_mask(t, kind, us));
        }
        return;
    }
    let k = kings.trailing_zeros() as usize;
    let safety = king_safety(pos, t, k);
    sink.add(k, safety.king_targets, 0);
    if safety.double_check {
        return;
    }
    for from in cells(own & !kings) {
        let f = from.index();
        let kind = pos.kind[pos.board[f] as usize];
        let mut targets = piece_targets(pos, t, f, kind, us) & safety.check_mask;
        if safety.pinned & from.bit() != 0 {
            targets &= safety.pin_line(f);
        }
        if targets != 0 {
            sink.add(f, targets, promote_mask(t, kind, us));
        }
    }
    for mv in en_passant(pos, k) {
        sink.add_one(mv);
    }
}

/// Classic en passant captures that keep the king safe: rare, so tested by playing each
/// and looking at the king (the capture empties two cells of one line).
fn en_passant(pos: &Position, king: usize) -> impl Iterator<Item = Move> + '_ {
    let t = tables();
    let us = pos.turn;
    let them = us.other();
    let attackers = pos.ep.map_or(0, |ep| {
        t.pawn_capture[pos.ruleset.index()][them.index()][ep.target.index()]
            & pos.by_color[us.index()]
            & pos.by_kind[Kind::Pawn.index()]
    });
    cells(attackers).filter_map(move |from| {
        let mv = Move::new(from, pos.ep?.target);
        let mut after = pos.clone();
        after.play_unchecked(mv, false);
        (after.attackers(king, them, after.occupied()) == 0).then_some(mv)
    })
}

#[inline]
fn promote_mask(t: &Tables, kind: Kind, color: Color) -> Bitboard {
    if kind == Kind::Pawn {
        t.far_edge[color.index()]
    } else {
        0
    }
}

/// The legal moves of the side to move, in generation order.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut moves = Vec::with_capacity(64);
    generate(pos, &mut moves);
    moves
}
