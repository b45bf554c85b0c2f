//! The position: pieces, the exact field kept up to date incrementally, tuning controls,
//! and the turn rules (movement W7, removals W8, the Big Hat rule W9). This is the fast,
//! allocation-free path that the game, the rescue search and the computer player share.
//! Tuning lives in `position/tuning.rs`, movement and turn resolution in `position/turn.rs`,
//! set-ups from a board (position codes, editors) in `position/setup.rs`.

mod setup;
mod tuning;
mod turn;

use serde::{Deserialize, Serialize};

use super::geometry::{CELLS, Cell, Kind, Side, arr49};
use super::patterns::{MAX_SLOTS, Tables};

pub use setup::check_counts;

/// Pieces in the game; ids are indices into the piece list and never change.
pub const PIECES: usize = 12;
const EMPTY: u8 = u8::MAX;

/// W2, in id order: Blue's six, then Red's six.
const SETUP: [(Kind, Side, &str); PIECES] = [
    (Kind::Tower, Side::Blue, "C7"),
    (Kind::BigHat, Side::Blue, "D7"),
    (Kind::Tower, Side::Blue, "E7"),
    (Kind::RoundHat, Side::Blue, "C6"),
    (Kind::TriangleHat, Side::Blue, "D6"),
    (Kind::RoundHat, Side::Blue, "E6"),
    (Kind::RoundHat, Side::Red, "C2"),
    (Kind::TriangleHat, Side::Red, "D2"),
    (Kind::RoundHat, Side::Red, "E2"),
    (Kind::Tower, Side::Red, "C1"),
    (Kind::BigHat, Side::Red, "D1"),
    (Kind::Tower, Side::Red, "E1"),
];

/// The Big Hat's id per side (Red, Blue).
const BIG_HAT: [usize; 2] = [10, 1];

/// A piece's stable id (its index in the piece list).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PieceId(pub u8);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    pub id: PieceId,
    pub kind: Kind,
    pub owner: Side,
    /// Where it stands, or where it stood when it was removed.
    pub cell: Cell,
    pub alive: bool,
    /// W8: set at the end of a turn when the piece stood on hostile territory.
    pub unstable: bool,
}

/// A move: the piece on `from` goes to `to` along one ray.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move {
    pub from: Cell,
    pub to: Cell,
}

/// One side's slot-0 sign per kind (W6): bit k set means kind k's coefficient is -1.
/// The normal ruleset has one slot per kind, so this is the whole profile (16 of them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Profile(pub u8);

impl Profile {
    pub const DEFAULT: Profile = Profile(0);

    pub fn all() -> impl Iterator<Item = Profile> {
        (0..16).map(Profile)
    }

    /// The coefficient (+1 or -1) of `kind`.
    pub fn coef(self, kind: Kind) -> i32 {
        if self.0 >> kind.index() & 1 == 1 {
            -1
        } else {
            1
        }
    }

    pub fn with(self, kind: Kind, coef: i32) -> Profile {
        let bit = 1 << kind.index();
        Profile(if coef < 0 {
            self.0 | bit
        } else {
            self.0 & !bit
        })
    }

    /// How many kinds differ.
    pub fn changes(self, other: Profile) -> u32 {
        (self.0 ^ other.0).count_ones()
    }
}

/// One side's controls for one kind: the sign and activity of each component slot, and
/// the order in which slots were pressed (for W11's least-recently-pressed rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Controls {
    /// Bit s set: slot s has coefficient -1.
    pub minus: u8,
    /// Bit s set: slot s is active.
    pub active: u8,
    /// Slot numbers, most recently pressed first.
    pub recency: [u8; MAX_SLOTS],
}

impl Controls {
    fn from_defaults(defaults: &[i8; MAX_SLOTS]) -> Controls {
        let mut c = Controls {
            minus: 0,
            active: 0,
            recency: [0, 1, 2],
        };
        for (s, d) in defaults.iter().enumerate() {
            if *d != 0 {
                c.active |= 1 << s;
            }
            if *d < 0 {
                c.minus |= 1 << s;
            }
        }
        c
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Reason {
    Resignation,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub reason: Reason,
}

/// What a move would do, found without playing it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveCheck {
    /// W9: the mover's Big Hat is safe after the removals.
    pub legal: bool,
    /// How many of the mover's own pieces the removals take.
    pub own_losses: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Position {
    pieces: [Piece; PIECES],
    #[serde(with = "arr49")]
    board: [u8; CELLS],
    #[serde(with = "arr49")]
    field: [i32; CELLS],
    controls: [[Controls; 4]; 2],
    to_move: Side,
    ply: u32,
    trapped: bool,
    outcome: Option<Outcome>,
}

impl Position {
    /// The start position (W2) with every side's controls at the tables' defaults.
    pub fn start(t: &Tables) -> Position {
        let mut pieces = [Piece {
            id: PieceId(0),
            kind: Kind::RoundHat,
            owner: Side::Red,
            cell: Cell::from_index(0).unwrap_or_else(|| unreachable!()),
            alive: true,
            unstable: false,
        }; PIECES];
        let mut board = [EMPTY; CELLS];
        for (i, (kind, owner, name)) in SETUP.iter().enumerate() {
            let cell = Cell::parse(name).unwrap_or_else(|| unreachable!("setup cells are valid"));
            pieces[i] = Piece {
                id: PieceId(i as u8),
                kind: *kind,
                owner: *owner,
                cell,
                alive: true,
                unstable: false,
            };
            board[cell.index()] = i as u8;
        }
        let controls =
            [0, 1].map(|_| [0, 1, 2, 3].map(|k| Controls::from_defaults(&t.defaults[k])));
        let mut pos = Position {
            pieces,
            board,
            field: [0; CELLS],
            controls,
            to_move: Side::Blue,
            ply: 0,
            trapped: false,
            outcome: None,
        };
        pos.recompute_field(t);
        pos.trapped = pos.big_hat_hostile(Side::Blue);
        pos
    }

    /// Builds a position from a list of pieces (scenarios, tests, editors): each side
    /// needs exactly one Big Hat and at most six pieces. Big Hats keep their usual ids;
    /// the other pieces take the free ids in list order; unused ids are off the board.
    pub fn custom(
        t: &Tables,
        pieces: &[(Kind, Side, Cell)],
        to_move: Side,
    ) -> Result<Position, String> {
        let mut pos = Position::start(t);
        pos.board = [EMPTY; CELLS];
        for p in pos.pieces.iter_mut() {
            p.alive = false;
            p.unstable = false;
        }
        for side in Side::ALL {
            let count = pieces
                .iter()
                .filter(|p| p.0 == Kind::BigHat && p.1 == side)
                .count();
            if count != 1 {
                return Err(format!("{} needs exactly one Big Hat", side.title()));
            }
            if pieces.iter().filter(|p| p.1 == side).count() > PIECES / 2 {
                return Err(format!("{} has more than six pieces", side.title()));
            }
        }
        let mut free = (0..PIECES).filter(|i| !BIG_HAT.contains(i));
        for (kind, owner, cell) in pieces {
            if pos.board[cell.index()] != EMPTY {
                return Err(format!("two pieces on {cell}"));
            }
            let i = if *kind == Kind::BigHat {
                BIG_HAT[owner.index()]
            } else {
                free.next().ok_or("too many pieces")?
            };
            pos.pieces[i] = Piece {
                id: PieceId(i as u8),
                kind: *kind,
                owner: *owner,
                cell: *cell,
                alive: true,
                unstable: false,
            };
            pos.board[cell.index()] = i as u8;
        }
        pos.to_move = to_move;
        pos.recompute_field(t);
        pos.trapped = pos.big_hat_hostile(to_move);
        Ok(pos)
    }

    // ---- reading -------------------------------------------------------------------

    pub fn pieces(&self) -> &[Piece; PIECES] {
        &self.pieces
    }

    pub fn piece(&self, id: PieceId) -> &Piece {
        &self.pieces[id.0 as usize]
    }

    pub fn piece_at(&self, cell: Cell) -> Option<&Piece> {
        let i = self.board[cell.index()];
        (i != EMPTY).then(|| &self.pieces[i as usize])
    }

    /// The field in units of 1/64, indexed by cell.
    pub fn field(&self) -> &[i32; CELLS] {
        &self.field
    }

    pub fn value(&self, cell: Cell) -> i32 {
        self.field[cell.index()]
    }

    /// The territory of a square (W5): `None` is Neutral.
    pub fn territory(&self, cell: Cell) -> Option<Side> {
        match self.field[cell.index()] {
            v if v > 0 => Some(Side::Red),
            v if v < 0 => Some(Side::Blue),
            _ => None,
        }
    }

    #[inline]
    fn hostile_value(side: Side, v: i32) -> bool {
        side.sign() * v < 0
    }

    /// Whether `cell` is hostile territory for `side`.
    #[inline]
    pub fn hostile(&self, side: Side, cell: Cell) -> bool {
        Self::hostile_value(side, self.field[cell.index()])
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// W12: the side to move began this turn with a hostile Big Hat.
    pub fn trapped(&self) -> bool {
        self.trapped
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn big_hat(&self, side: Side) -> &Piece {
        &self.pieces[BIG_HAT[side.index()]]
    }

    pub fn big_hat_hostile(&self, side: Side) -> bool {
        self.hostile(side, self.big_hat(side).cell)
    }

    /// The Big Hat's safety margin for its owner: the field at its square, signed so that
    /// positive is friendly (units of 1/64).
    pub fn big_hat_margin(&self, side: Side) -> i32 {
        side.sign() * self.value(self.big_hat(side).cell)
    }

    pub fn controls(&self, side: Side, kind: Kind) -> Controls {
        self.controls[side.index()][kind.index()]
    }

    /// The slot-0 profile of `side`.
    pub fn profile(&self, side: Side) -> Profile {
        let mut bits = 0;
        for kind in Kind::ALL {
            bits |= (self.controls[side.index()][kind.index()].minus & 1) << kind.index();
        }
        Profile(bits)
    }

    // ---- the field -----------------------------------------------------------------

    /// The contribution of piece `i` standing at `origin` to `cell` (W3).
    #[inline]
    pub fn contribution(&self, t: &Tables, i: usize, origin: Cell, cell: Cell) -> i32 {
        let p = &self.pieces[i];
        let c = self.controls[p.owner.index()][p.kind.index()];
        let mut v = if cell == origin {
            t.home[p.kind.index()]
        } else {
            0
        };
        let mut active = c.active;
        while active != 0 {
            let s = active.trailing_zeros() as usize;
            active &= active - 1;
            v += t.row(p.kind, s, c.minus >> s & 1 == 1, origin)[cell.index()];
        }
        v * p.owner.sign()
    }

    /// Adds (`sign` = 1) or takes away (-1) piece `i`'s whole wave at its cell.
    fn apply_piece(&mut self, t: &Tables, i: usize, sign: i32) {
        let p = self.pieces[i];
        let c = self.controls[p.owner.index()][p.kind.index()];
        let s_owner = sign * p.owner.sign();
        let mut active = c.active;
        while active != 0 {
            let s = active.trailing_zeros() as usize;
            active &= active - 1;
            let row = t.row(p.kind, s, c.minus >> s & 1 == 1, p.cell);
            for (f, r) in self.field.iter_mut().zip(row.iter()) {
                *f += s_owner * r;
            }
        }
        self.field[p.cell.index()] += s_owner * t.home[p.kind.index()];
    }

    /// Recomputes the whole field from scratch (the incremental updates must agree).
    pub fn recompute_field(&mut self, t: &Tables) {
        self.field = [0; CELLS];
        for i in 0..PIECES {
            if self.pieces[i].alive {
                self.apply_piece(t, i, 1);
            }
        }
    }
}
