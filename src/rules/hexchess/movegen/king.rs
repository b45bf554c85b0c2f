//! King safety for the move generators: the checkers, the pins and the king's own steps,
//! found once per position so each other piece only masks its destinations.

use super::super::geometry::{Bitboard, Tables, cells};
use super::super::position::Position;
use super::super::types::Kind;

/// What the side to move's king allows.
pub(super) struct KingSafety {
    /// The king's legal destinations.
    pub king_targets: Bitboard,
    /// Two checkers: only the king may move.
    pub double_check: bool,
    /// Where another piece must land: anywhere, or on the checker or the line to it.
    pub check_mask: Bitboard,
    /// Own pieces pinned to the king.
    pub pinned: Bitboard,
    /// Each pinned piece's cell and the line it may still move along (pinner included);
    /// at most one per direction.
    pins: [(usize, Bitboard); 12],
    pin_count: usize,
}

impl KingSafety {
    /// The pinned pieces with their lines.
    pub fn pins(&self) -> &[(usize, Bitboard)] {
        &self.pins[..self.pin_count]
    }

    /// The line the piece on `cell` is held to (everything when it is not pinned).
    pub fn pin_line(&self, cell: usize) -> Bitboard {
        self.pins()
            .iter()
            .find(|&&(c, _)| c == cell)
            .map_or(!0, |&(_, line)| line)
    }
}

/// The safety of the king of the side to move, standing on `king`.
#[inline(always)]
pub(super) fn king_safety(pos: &Position, t: &Tables, king: usize) -> KingSafety {
    let us = pos.turn;
    let own = pos.by_color[us.index()];
    let enemy = pos.by_color[us.other().index()];
    let occ = own | enemy;
    let k = &pos.by_kind;
    let rq = (k[Kind::Rook.index()] | k[Kind::Queen.index()]) & enemy;
    let bq = (k[Kind::Bishop.index()] | k[Kind::Queen.index()]) & enemy;
    // An enemy pawn checks from where one of ours would capture.
    let pawn_from = t.pawn_capture[pos.ruleset.index()][us.index()][king];
    let mut checkers =
        (t.knight[king] & k[Kind::Knight.index()] | pawn_from & k[Kind::Pawn.index()]) & enemy;
    let mut check_mask = checkers;

    // The enemy sliders on a line through the king ("snipers"), each looked at once: with
    // nothing between, it checks; with one own piece between, that piece is pinned to the
    // line (the cells up to the sniper, which it may still take).
    let mut safety = KingSafety {
        king_targets: 0,
        double_check: false,
        check_mask: 0,
        pinned: 0,
        pins: [(0, 0); 12],
        pin_count: 0,
    };
    let snipers = t.orth_lines[king] & rq | t.diag_lines[king] & bq;
    for s in cells(snipers) {
        let line = t.between(king, s.index()) | s.bit();
        let blockers = line & occ ^ s.bit();
        if blockers == 0 {
            checkers |= s.bit();
            check_mask |= line;
        } else if blockers & blockers.wrapping_sub(1) == 0 && blockers & own != 0 {
            safety.pinned |= blockers;
            safety.pins[safety.pin_count] = (blockers.trailing_zeros() as usize, line);
            safety.pin_count += 1;
        }
    }
    safety.double_check = checkers & checkers.wrapping_sub(1) != 0;
    safety.check_mask = if checkers == 0 { !0 } else { check_mask };

    // The king's steps, judged with the king lifted (a slider's line runs through it).
    let occ = occ ^ 1 << king;
    for to in cells(t.king(pos.ruleset, king) & !own) {
        let c = to.index();
        let leapers = t.knight[c] & k[Kind::Knight.index()]
            | t.king(pos.ruleset, c) & k[Kind::King.index()]
            | t.pawn_capture[pos.ruleset.index()][us.index()][c] & k[Kind::Pawn.index()];
        let snipers = t.orth_lines[c] & rq | t.diag_lines[c] & bq;
        let attacked =
            leapers & enemy != 0 || cells(snipers).any(|s| t.between(c, s.index()) & occ == 0);
        if !attacked {
            safety.king_targets |= to.bit();
        }
    }
    safety
}
