//! Movement (W7), removal rounds (W8) and the Big Hat rule (W9) on the fast path.

use super::super::geometry::{Cell, DIRECTIONS, Kind, Side};
use super::super::patterns::Tables;
use super::{BIG_HAT, EMPTY, Move, MoveCheck, Outcome, PIECES, PieceId, Position, Profile, Reason};

impl Position {
    // ---- movement ------------------------------------------------------------------

    /// The squares piece `i` can reach (W7), as a bitmask over cell indices.
    #[inline]
    pub fn reachable(&self, i: usize) -> u64 {
        let p = &self.pieces[i];
        let mut mask = 0u64;
        let ignores = p.kind == Kind::TriangleHat;
        for dir in DIRECTIONS {
            let mut cell = p.cell;
            while let Some(next) = cell.step(dir) {
                if self.board[next.index()] != EMPTY || (!ignores && self.hostile(p.owner, next)) {
                    break;
                }
                mask |= 1 << next.index();
                cell = next;
            }
        }
        mask
    }

    /// The index of the alive piece on `cell`.
    pub fn index_at(&self, cell: Cell) -> Option<usize> {
        let i = self.board[cell.index()];
        (i != EMPTY).then_some(i as usize)
    }

    /// What moving piece `i` to `to` would do, computed only at the squares that decide
    /// it (the Big Hat's and the flagged pieces'), without touching the position.
    pub fn check_move(&self, t: &Tables, i: usize, to: Cell) -> MoveCheck {
        let side = self.pieces[i].owner;
        let from = self.pieces[i].cell;
        // The squares that matter: slot 0 is the Big Hat, the rest are flagged pieces.
        let mut idx = [0usize; PIECES];
        let mut cells = [to; PIECES];
        let mut n = 1;
        idx[0] = BIG_HAT[side.index()];
        for (j, p) in self.pieces.iter().enumerate() {
            if p.alive && p.owner == side && p.unstable {
                idx[n] = j;
                n += 1;
            }
        }
        let mut vals = [0i32; PIECES];
        for k in 0..n {
            let j = idx[k];
            cells[k] = if j == i { to } else { self.pieces[j].cell };
            let c = cells[k];
            vals[k] = self.field[c.index()] - self.contribution(t, i, from, c)
                + self.contribution(t, i, to, c);
        }
        let mut removed = 0u16;
        let mut losses = 0u8;
        loop {
            let mut round = 0u16;
            for (k, v) in vals.iter().enumerate().take(n).skip(1) {
                if removed >> k & 1 == 0 && Self::hostile_value(side, *v) {
                    round |= 1 << k;
                }
            }
            if round == 0 {
                break;
            }
            removed |= round;
            let mut r = round;
            while r != 0 {
                let k = r.trailing_zeros() as usize;
                r &= r - 1;
                losses += 1;
                let (j, at) = (idx[k], cells[k]);
                for m in 0..n {
                    vals[m] -= self.contribution(t, j, at, cells[m]);
                }
            }
        }
        MoveCheck {
            legal: !Self::hostile_value(side, vals[0]),
            own_losses: losses,
        }
    }

    /// Plays a move without validating it and resolves the turn (W8), calling
    /// `on_removed(round, piece index, cell)` for each removal. The caller guarantees the
    /// move is reachable and legal.
    pub fn play_move_with(
        &mut self,
        t: &Tables,
        i: usize,
        to: Cell,
        mut on_removed: impl FnMut(usize, usize, Cell),
    ) {
        let side = self.pieces[i].owner;
        self.apply_piece(t, i, -1);
        self.board[self.pieces[i].cell.index()] = EMPTY;
        self.pieces[i].cell = to;
        self.board[to.index()] = i as u8;
        self.apply_piece(t, i, 1);
        let mut pending = 0u16;
        for (j, p) in self.pieces.iter().enumerate() {
            if p.alive && p.owner == side && p.unstable {
                pending |= 1 << j;
            }
        }
        let mut round = 0;
        while pending != 0 {
            let mut lost = 0u16;
            let mut bits = pending;
            while bits != 0 {
                let j = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.hostile(side, self.pieces[j].cell) {
                    lost |= 1 << j;
                }
            }
            if lost == 0 {
                break;
            }
            pending &= !lost;
            let mut bits = lost;
            while bits != 0 {
                let j = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.apply_piece(t, j, -1);
                self.pieces[j].alive = false;
                self.pieces[j].unstable = false;
                self.board[self.pieces[j].cell.index()] = EMPTY;
                on_removed(round, j, self.pieces[j].cell);
            }
            round += 1;
        }
        for j in 0..PIECES {
            let p = self.pieces[j];
            self.pieces[j].unstable =
                p.alive && p.kind != Kind::BigHat && self.hostile(p.owner, p.cell);
        }
        self.ply += 1;
        self.to_move = side.opponent();
        self.trapped = self.big_hat_hostile(self.to_move);
    }

    /// The fast path: plays a move the caller knows to be legal.
    #[inline]
    pub fn play_unchecked(&mut self, t: &Tables, mv: Move) {
        if let Some(i) = self.index_at(mv.from) {
            self.play_move_with(t, i, mv.to, |_, _, _| {});
        }
    }

    /// Calls `f(move, check)` for every reachable destination of every piece of the side
    /// to move, pieces and destinations in reading order (W12).
    pub fn for_each_move(&self, t: &Tables, mut f: impl FnMut(Move, MoveCheck)) {
        if self.outcome.is_some() {
            return;
        }
        for from in Cell::all() {
            let Some(i) = self.index_at(from) else {
                continue;
            };
            if self.pieces[i].owner != self.to_move {
                continue;
            }
            let mut mask = self.reachable(i);
            while mask != 0 {
                let c = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                let Some(to) = Cell::from_index(c) else {
                    continue;
                };
                f(Move { from, to }, self.check_move(t, i, to));
            }
        }
    }

    /// The legal moves under the current tuning, in reading order.
    pub fn legal_moves(&self, t: &Tables, out: &mut Vec<Move>) {
        out.clear();
        self.for_each_move(t, |mv, check| {
            if check.legal {
                out.push(mv);
            }
        });
    }

    /// Whether the side to move has any legal move under the current tuning.
    pub fn has_legal_move(&self, t: &Tables) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        for i in 0..PIECES {
            let p = &self.pieces[i];
            if !p.alive || p.owner != self.to_move {
                continue;
            }
            let mut mask = self.reachable(i);
            while mask != 0 {
                let c = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                if let Some(to) = Cell::from_index(c)
                    && self.check_move(t, i, to).legal
                {
                    return true;
                }
            }
        }
        false
    }

    /// Ends the game by resignation of the side to move (W12: nothing else changes).
    pub fn resign(&mut self) {
        self.outcome = Some(Outcome {
            winner: Some(self.to_move.opponent()),
            reason: Reason::Resignation,
        });
    }

    /// Sets a piece's flag (for scenario tests and editors).
    pub fn set_unstable(&mut self, id: PieceId, unstable: bool) {
        let p = &mut self.pieces[id.0 as usize];
        p.unstable = unstable && p.alive && p.kind != Kind::BigHat;
    }

    /// Sets a side's slot-0 profile regardless of whose turn it is (scenario setup).
    pub fn set_side_profile(&mut self, t: &Tables, side: Side, profile: Profile) {
        let keep = self.to_move;
        self.to_move = side;
        self.set_profile(t, profile);
        self.to_move = keep;
        self.trapped = self.big_hat_hostile(self.to_move);
    }

    /// Recomputes `trapped` from the current field (scenario setup only: in play it is
    /// fixed at the start of the turn).
    pub fn refresh_trapped(&mut self) {
        self.trapped = self.big_hat_hostile(self.to_move);
    }

    /// The position with the other side to move, the board and tunings as they are, its
    /// Big Hat's trap read afresh (what the opponent threatens); `None` once it is over.
    pub fn passed(&self) -> Option<Position> {
        if self.outcome.is_some() {
            return None;
        }
        let mut pos = self.clone();
        pos.to_move = self.to_move.opponent();
        pos.refresh_trapped();
        Some(pos)
    }
}
