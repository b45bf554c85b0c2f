//! Legal move generation with check and pin masks, so perft can count the last ply
//! without playing it (bulk counting). Renaming never changes the mover's own king
//! safety (it only retypes the mover's piece, not the occupancy), so legality is the
//! ordinary chess test on the position after the move (H4).

use super::geometry::{Bitboard, Cell, Tables, cells, tables};
use super::position::Position;
use super::types::{Color, Kind, Move};

/// Receives the legal moves of one piece as a destination set.
pub trait MoveSink {
    /// `promotes` marks destinations where a pawn must choose a promotion (4 moves each).
    fn add(&mut self, from: usize, targets: Bitboard, promotes: Bitboard);
    /// A single move found outside the bitboard path (classic en passant).
    fn add_one(&mut self, mv: Move);
}

/// Counts moves (bulk counting).
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

/// Generates every legal move of the side to move into `sink`. Draw rules are not looked
/// at here (the game layer ends games; perft ignores them, H12).
pub fn generate<S: MoveSink>(pos: &Position, sink: &mut S) {
    let t = tables();
    let us = pos.turn;
    let them = us.other();
    let own = pos.by_color[us.index()];
    let enemy = pos.by_color[them.index()];
    let occ = own | enemy;
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
    let checkers = pos.attackers(k, them, occ);

    // King steps: the destination must not be attacked once the king has left.
    let occ_without_king = occ & !(1u128 << k);
    let mut king_targets = 0;
    for to in cells(t.king(pos.ruleset, k) & !own) {
        if pos.attackers(to.index(), them, occ_without_king) == 0 {
            king_targets |= to.bit();
        }
    }
    sink.add(k, king_targets, 0);
    if checkers.count_ones() > 1 {
        return;
    }
    let check_mask = if checkers == 0 {
        !0u128
    } else {
        let c = checkers.trailing_zeros() as usize;
        checkers | t.between(k, c)
    };

    // Pins: an own piece that is the only blocker between the king and an enemy slider
    // of the matching line may move only along that line.
    let rq = (pos.by_kind[Kind::Rook.index()] | pos.by_kind[Kind::Queen.index()]) & enemy;
    let bq = (pos.by_kind[Kind::Bishop.index()] | pos.by_kind[Kind::Queen.index()]) & enemy;
    let mut pinned: Bitboard = 0;
    let mut pin_lines: [(usize, Bitboard); 12] = [(0, 0); 12];
    let mut pin_count = 0;
    for d in 0..12 {
        let sliders = if d < 6 { rq } else { bq };
        if sliders & t.ray[d][k] == 0 {
            continue;
        }
        let first = t.ray_attacks(d, k, occ) & occ & own;
        if first == 0 {
            continue;
        }
        let b = first.trailing_zeros() as usize;
        let beyond = t.ray_attacks(d, k, occ & !first) & occ;
        let pinner = beyond & !first & sliders;
        if pinner != 0 {
            pinned |= first;
            let p = pinner.trailing_zeros() as usize;
            pin_lines[pin_count] = (b, t.between(k, p) | pinner);
            pin_count += 1;
        }
    }

    for from in cells(own & !kings) {
        let f = from.index();
        let kind = pos.kind[pos.board[f] as usize];
        let mut targets = piece_targets(pos, t, f, kind, us) & check_mask;
        if pinned & from.bit() != 0 {
            for &(cell, line) in &pin_lines[..pin_count] {
                if cell == f {
                    targets &= line;
                }
            }
        }
        if targets != 0 {
            sink.add(f, targets, promote_mask(t, kind, us));
        }
    }

    // Classic en passant: rare, so tested by playing it and looking at the king.
    if let Some(ep) = pos.ep {
        let attackers = t.pawn_capture[pos.ruleset.index()][them.index()][ep.target.index()]
            & own
            & pos.by_kind[0];
        for from in cells(attackers) {
            let mv = Move::new(from, ep.target);
            let mut after = pos.clone();
            after.play_unchecked(mv, false);
            if after.attackers(k, them, after.occupied()) == 0 {
                sink.add_one(mv);
            }
        }
    }
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

/// The number of legal moves.
pub fn count_moves(pos: &Position) -> u64 {
    let mut counter = Counter(0);
    generate(pos, &mut counter);
    counter.0
}
