//! The player's own move (section 3, V11): single piece, body move or pull free, checked
//! and applied to a position. Magnets act afterwards (see [`super::resolve`]).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::geometry::{Cell, Dir, Side};
use super::pieces::{Frame, Kind};
use super::position::{EMPTY, PieceId, Position, bits};
use super::resolution::{BondChange, Cause, Dropped, PieceMove, PlayerMove};

/// A player's action (V12 notation: `E3-E5`, `E3~E5`, `pass`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Action {
    /// Move the piece on `from` (its whole body when bonded) so it lands on `to`.
    Move {
        from: Cell,
        to: Cell,
    },
    /// Pull a bonded piece free: its bonds break and it moves alone.
    PullFree {
        from: Cell,
        to: Cell,
    },
    Pass,
}

/// Why an action was refused: the action and the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalAction {
    pub action: Action,
    pub reason: Illegal,
}

/// The rule an action breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    GameOver,
    NoPiece(Cell),
    NotYours {
        cell: Cell,
        owner: Side,
        to_move: Side,
    },
    NotAMove {
        kind: Kind,
    },
    Occupied {
        cell: Cell,
        body: bool,
    },
    NotBonded(Cell),
    Ko {
        opponent: Side,
    },
    PassWithMoves,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver => write!(f, "the game is over, so no more moves can be played"),
            Illegal::NoPiece(cell) => write!(f, "there is no piece on {cell}"),
            Illegal::NotYours {
                cell,
                owner,
                to_move,
            } => write!(
                f,
                "the piece on {cell} is {}'s, and it is {}'s turn",
                owner.title(),
                to_move.title()
            ),
            Illegal::NotAMove { kind } => write!(
                f,
                "a {} moves 1 or 2 cells {} (seen from its owner), and this is not such a step",
                kind.title(),
                pattern_words(*kind)
            ),
            Illegal::Occupied { cell, body: false } => write!(
                f,
                "{cell} is occupied, and every cell a piece passes through and lands on must be empty"
            ),
            Illegal::Occupied { cell, body: true } => write!(
                f,
                "{cell} is occupied, and every member of a moving body needs a clear path"
            ),
            Illegal::NotBonded(cell) => write!(
                f,
                "~ pulls a bonded piece free, and the piece on {cell} has no bonds"
            ),
            Illegal::Ko { opponent } => write!(
                f,
                "ko: this recreates the board before {}'s last move",
                opponent.title()
            ),
            Illegal::PassWithMoves => {
                write!(f, "a player may pass only when they have no legal move")
            }
        }
    }
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.action, self.reason)
    }
}

impl std::error::Error for IllegalAction {}

fn pattern_words(kind: Kind) -> &'static str {
    match kind {
        Kind::Triangle => "front-left, front-right or back",
        Kind::Square => "front, back, left or right",
        Kind::Rhombus => "diagonally (front-left, front-right, back-left or back-right)",
        Kind::Octagon => "in any of the eight directions",
    }
}

/// The result of a player's move: who the wave-1 actors are and which bodies are held.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Applied {
    pub actors: u32,
    pub held: u32,
}

/// Receives the player-move record; `()` skips it on the fast path.
pub(crate) trait MoveSink {
    fn record(&mut self, _record: PlayerMove) {}
    fn wants_record(&self) -> bool {
        false
    }
}

impl MoveSink for () {}

impl MoveSink for Option<PlayerMove> {
    fn record(&mut self, record: PlayerMove) {
        *self = Some(record);
    }
    fn wants_record(&self) -> bool {
        true
    }
}

/// Checks a move or pull-free by `side` and applies it to `pos` (V11). On refusal `pos`
/// is untouched.
pub(crate) fn apply_move<M: MoveSink>(
    pos: &mut Position,
    side: Side,
    from: Cell,
    to: Cell,
    pull: bool,
    sink: &mut M,
) -> Result<Applied, Illegal> {
    let id = pos.id_at(from);
    if id == EMPTY {
        return Err(Illegal::NoPiece(from));
    }
    let piece = pos.get(id);
    if piece.owner != side {
        return Err(Illegal::NotYours {
            cell: from,
            owner: piece.owner,
            to_move: side,
        });
    }
    let (dir, distance) = step_between(from, to).ok_or(Illegal::NotAMove { kind: piece.kind })?;
    if !piece.kind.moves().contains(&Frame::from_board(dir, side)) {
        return Err(Illegal::NotAMove { kind: piece.kind });
    }
    let body = pos.body_mask(id);
    if pull && body == 1 << id {
        return Err(Illegal::NotBonded(from));
    }
    let members = if pull { 1u32 << id } else { body };
    // Check every member's path first; other members are no obstacle to a body move, but
    // a pulled piece's former partners are.
    let mut dropping = 0u32;
    for m in bits(members) {
        let start = pos.get(m).cell;
        for k in 1..=distance {
            match start.step(dir, k as i8) {
                None => {
                    dropping |= 1 << m;
                    break;
                }
                Some(c) => {
                    let o = pos.id_at(c);
                    if o != EMPTY && members & (1 << o) == 0 {
                        return Err(Illegal::Occupied {
                            cell: c,
                            body: members != 1 << id,
                        });
                    }
                }
            }
        }
    }
    let mut bonds_broken = Vec::new();
    let record = sink.wants_record();
    if pull {
        for j in bits(pos.bond_mask(id)) {
            if record {
                bonds_broken.push(BondChange {
                    a: id,
                    b: j,
                    a_cell: from,
                    b_cell: pos.get(j).cell,
                });
            }
            pos.unlink(id, j);
        }
    }
    let before = *pos;
    for m in bits(members) {
        pos.lift(m);
    }
    let mut moved_list = Vec::new();
    let mut dropped = Vec::new();
    let mut actors = 0u32;
    for m in bits(members) {
        let p = before.get(m);
        if dropping & (1 << m) != 0 {
            let partners = pos.drop_off(m);
            if record {
                let path = (1..=distance)
                    .map_while(|k| p.cell.step(dir, k as i8))
                    .collect();
                dropped.push(Dropped {
                    id: m,
                    kind: p.kind,
                    owner: p.owner,
                    from: p.cell,
                    path,
                    dir,
                });
                for j in bits(partners) {
                    // A partner that also falls is reported once, by the lower id.
                    if dropping & (1 << j) == 0 || m < j {
                        bonds_broken.push(BondChange {
                            a: m,
                            b: j,
                            a_cell: p.cell,
                            b_cell: before.get(j).cell,
                        });
                    }
                }
            }
        } else if let Some(dest) = p.cell.step(dir, distance as i8) {
            pos.set_down(m, dest);
            actors |= 1 << m;
            if record {
                moved_list.push(PieceMove {
                    id: m,
                    from: p.cell,
                    to: dest,
                    cause: Cause::Player,
                });
            }
        }
    }
    // Wave 1 holds every body that now contains a moved piece (V15).
    let mut held = 0u32;
    for a in bits(actors) {
        if held & (1 << a) == 0 {
            held |= pos.body_mask(a);
        }
    }
    if record {
        sink.record(PlayerMove {
            piece: id as PieceId,
            pulled_free: pull,
            dir,
            distance,
            moved: moved_list,
            dropped,
            bonds_broken,
        });
    }
    Ok(Applied { actors, held })
}

/// The king direction and distance (1 or 2) from `from` to `to`, if `to` lies so.
pub fn step_between(from: Cell, to: Cell) -> Option<(Dir, u8)> {
    let dx = to.x() - from.x();
    let dy = to.y() - from.y();
    for n in 1..=2i8 {
        if dx % n == 0
            && dy % n == 0
            && let Some(d) = Dir::from_delta(dx / n, dy / n)
        {
            return Some((d, n as u8));
        }
    }
    None
}

/// Every move and pull-free `side` could try from `pos` (not yet checked for paths or
/// ko), in id order, then direction order, 1 cell before 2.
pub(crate) fn candidates(pos: &Position, side: Side, out: &mut Vec<Action>) {
    for p in pos.pieces() {
        if p.owner != side {
            continue;
        }
        let bonded = pos.is_bonded(p.id);
        for frame in p.kind.moves() {
            let dir = frame.to_board(side);
            for n in 1..=2 {
                let Some(to) = p.cell.step(dir, n) else { break };
                out.push(Action::Move { from: p.cell, to });
                if bonded {
                    out.push(Action::PullFree { from: p.cell, to });
                }
            }
        }
    }
}
