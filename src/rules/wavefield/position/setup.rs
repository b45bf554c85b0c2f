//! Positions set up piece by piece (position codes and editors, docs/codes/wavefield.md):
//! the board with its ids given kind by kind, and the marks and count a code carries.

use super::super::geometry::{CELLS, Cell, Kind, Side};
use super::super::patterns::Tables;
use super::{EMPTY, PIECES, Piece, Position, SETUP};

/// How many pieces of `kind` a side has at the start (W2).
fn per_side(kind: Kind) -> usize {
    SETUP
        .iter()
        .filter(|s| s.0 == kind && s.1 == Side::Blue)
        .count()
}

/// "one Round Hat", "two Towers", "3 Towers".
fn pieces_of(n: usize, kind: Kind) -> String {
    match n {
        1 => format!("one {}", kind.title()),
        2 => format!("two {}s", kind.title()),
        n => format!("{n} {}s", kind.title()),
    }
}

/// Refuses, in a player's words, a set of pieces where a side has no Big Hat or more
/// pieces of a kind than it starts with (W2): one Big Hat, two Round Hats, two Towers and
/// one Triangle Hat.
pub fn check_counts(pieces: impl Iterator<Item = (Kind, Side)> + Clone) -> Result<(), String> {
    for side in [Side::Blue, Side::Red] {
        for kind in [Kind::BigHat, Kind::RoundHat, Kind::Tower, Kind::TriangleHat] {
            let n = pieces.clone().filter(|p| *p == (kind, side)).count();
            let most = per_side(kind);
            if kind == Kind::BigHat && n == 0 {
                return Err(format!("{} has no Big Hat", side.title()));
            }
            if n > most {
                let limit = if most == 1 { "only one" } else { "at most two" };
                return Err(format!(
                    "{} has {}, and a side has {limit}",
                    side.title(),
                    pieces_of(n, kind)
                ));
            }
        }
    }
    Ok(())
}

impl Position {
    /// The position with `pieces` on the board, `to_move` to move, every control at the
    /// tables' defaults, no piece unstable, `trapped` read from the field and no move made.
    /// Each piece takes the id its kind has in W2's setup (Blue's Towers 0 and 2, ...), the
    /// pieces of one side and kind in the order given; the ids left over are off the board.
    /// Refused, in a player's words, when a side has no Big Hat or more pieces of a kind
    /// than it starts with, or two pieces share a square.
    pub fn from_board(
        t: &Tables,
        pieces: &[(Kind, Side, Cell)],
        to_move: Side,
    ) -> Result<Position, String> {
        check_counts(pieces.iter().map(|p| (p.0, p.1)))?;
        let mut pos = Position::start(t);
        pos.board = [EMPTY; CELLS];
        for p in pos.pieces.iter_mut() {
            p.alive = false;
            p.unstable = false;
        }
        for (kind, owner, cell) in pieces {
            if pos.board[cell.index()] != EMPTY {
                return Err(format!("two pieces stand on {cell}"));
            }
            let Some(i) = (0..PIECES).find(|i| {
                let (k, s, _) = SETUP[*i];
                k == *kind && s == *owner && !pos.pieces[*i].alive
            }) else {
                return Err(format!("{} has too many pieces", owner.title()));
            };
            pos.pieces[i] = Piece {
                cell: *cell,
                alive: true,
                unstable: false,
                ..pos.pieces[i]
            };
            pos.board[cell.index()] = i as u8;
        }
        pos.to_move = to_move;
        pos.recompute_field(t);
        pos.trapped = pos.big_hat_hostile(to_move);
        Ok(pos)
    }

    /// Sets the trap mark (W12: the side to move began its turn with its Big Hat on hostile
    /// territory); in play it is fixed when the turn begins, so only set-ups change it.
    pub fn set_trapped(&mut self, trapped: bool) {
        self.trapped = trapped;
    }

    /// Sets the count of moves made so far (W12's `ply`), for a position set up mid-game.
    pub fn set_ply(&mut self, ply: u32) {
        self.ply = ply;
    }
}
