//! Bulk counting: the number of legal moves without listing them, for perft's last ply
//! and the game's end test. Order does not matter here, so pieces are taken kind by kind
//! (no per-piece dispatch) and free pawns step all at once by shifting.

use super::super::geometry::{Bitboard, Tables, cells, tables};
use super::super::position::Position;
use super::super::types::{Color, Kind, Ruleset};
use super::king::king_safety;
use super::{Counter, en_passant, generate, piece_targets, promote_mask};

/// The number of legal moves (a promotion counts as four).
pub fn count_moves(pos: &Position) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if has_bit_instructions() {
        // SAFETY: the three features the function is compiled for were just detected.
        return unsafe { count_moves_bit_instructions(pos) };
    }
    count_legal(pos)
}

/// Whether this CPU has population counts and first-blocker searches as instructions
/// (nearly every x86-64 since 2013). They are most of the work of counting: code compiled
/// for them (`#[target_feature(enable = "popcnt,lzcnt,bmi1")]`) may run when this holds;
/// the portable build spells them out in many operations.
#[cfg(target_arch = "x86_64")]
#[inline]
pub fn has_bit_instructions() -> bool {
    std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1")]
fn count_moves_bit_instructions(pos: &Position) -> u64 {
    count_legal(pos)
}

/// [`count_moves`] as compiled for any CPU, for the tests to check that copy too.
#[cfg(test)]
pub(crate) fn count_moves_portable(pos: &Position) -> u64 {
    count_legal(pos)
}

/// [`count_moves`]'s body, to be inlined where the caller is compiled for the CPU's bit
/// instructions (perft's last ply).
#[inline(always)]
pub(crate) fn count_legal(pos: &Position) -> u64 {
    let t = tables();
    let us = pos.turn;
    let own = pos.by_color[us.index()];
    let enemy = pos.by_color[us.other().index()];
    let occ = own | enemy;
    let k = &pos.by_kind;
    let kings = k[Kind::King.index()] & own;
    if kings == 0 {
        let mut counter = Counter(0);
        generate(pos, &mut counter);
        return counter.0;
    }
    let king = kings.trailing_zeros() as usize;
    let safety = king_safety(pos, t, king);
    let mut n = count(safety.king_targets);
    if safety.double_check {
        return n;
    }
    let allowed = safety.check_mask & !own;
    let free = own & !kings & !safety.pinned;
    for f in indices(free & k[Kind::Knight.index()]) {
        n += count(t.knight[f] & allowed);
    }
    // A queen's rook and bishop destinations never overlap, so they count apart.
    for f in indices(free & (k[Kind::Bishop.index()] | k[Kind::Queen.index()])) {
        n += count(t.bishop_attacks(f, occ) & allowed);
    }
    for f in indices(free & (k[Kind::Rook.index()] | k[Kind::Queen.index()])) {
        n += count(t.rook_attacks(f, occ) & allowed);
    }
    n += free_pawns(pos, t, free & k[Kind::Pawn.index()], allowed);
    for &(f, line) in safety.pins() {
        let kind = pos.kind[pos.board[f] as usize];
        let targets = piece_targets(pos, t, f, kind, us) & allowed & line;
        n += count(targets) + 3 * count(targets & promote_mask(t, kind, us));
    }
    if pos.ep.is_some() {
        n += en_passant(pos, king).count() as u64;
    }
    n
}

/// Moves of unpinned pawns landing in `allowed`. Cells run rank upward within a file, so a
/// step forward is the next index for White and the previous one for Black, except from
/// the far edge (which has no step).
#[inline(always)]
fn free_pawns(pos: &Position, t: &Tables, pawns: Bitboard, allowed: Bitboard) -> u64 {
    let us = pos.turn;
    let far = t.far_edge[us.index()];
    let empty = !pos.occupied();
    let forward = |bb: Bitboard| match us {
        Color::White => (bb & !far) << 1,
        Color::Black => (bb & !far) >> 1,
    };
    let single = forward(pawns) & empty;
    let double = if pos.ruleset == Ruleset::Classic {
        forward(single & forward(t.pawn_start[us.index()])) & empty
    } else {
        0
    };
    let steps = single & allowed;
    let mut n = count(steps) + 3 * count(steps & far) + count(double & allowed);
    let enemy = pos.by_color[us.other().index()] & allowed;
    let captures = &t.pawn_capture[pos.ruleset.index()][us.index()];
    for f in indices(pawns) {
        let hits = captures[f] & enemy;
        if hits != 0 {
            n += count(hits) + 3 * count(hits & far);
        }
    }
    n
}

#[inline(always)]
fn count(bb: Bitboard) -> u64 {
    bb.count_ones() as u64
}

/// The set cells' indices, lowest first.
#[inline(always)]
fn indices(bb: Bitboard) -> impl Iterator<Item = usize> {
    cells(bb).map(|c| c.index())
}
