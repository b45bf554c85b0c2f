//! The position: pieces, the exact field kept up to date incrementally, tuning controls,
//! and the turn rules (movement W7, removals W8, the Big Hat rule W9). This is the fast,
//! allocation-free path that the game, the rescue search and the computer player share.

use serde::{Deserialize, Serialize};

use super::geometry::{CELLS, Cell, DIRECTIONS, Kind, Side, arr49};
use super::patterns::{MAX_SLOTS, Tables};

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

    /// Replaces one side's controls for one kind, updating the field.
    fn set_controls(&mut self, t: &Tables, side: Side, kind: Kind, new: Controls) {
        let old = self.controls[side.index()][kind.index()];
        if old.minus == new.minus && old.active == new.active {
            self.controls[side.index()][kind.index()] = new;
            return;
        }
        for i in 0..PIECES {
            let p = self.pieces[i];
            if p.alive && p.owner == side && p.kind == kind {
                self.apply_piece(t, i, -1);
            }
        }
        self.controls[side.index()][kind.index()] = new;
        for i in 0..PIECES {
            let p = self.pieces[i];
            if p.alive && p.owner == side && p.kind == kind {
                self.apply_piece(t, i, 1);
            }
        }
    }

    /// Sets the slot-0 signs of the side to move (W6). Tuning never ends the turn.
    pub fn set_profile(&mut self, t: &Tables, profile: Profile) {
        let side = self.to_move;
        for kind in Kind::ALL {
            let mut c = self.controls[side.index()][kind.index()];
            c.minus = (c.minus & !1) | (profile.0 >> kind.index() & 1);
            self.set_controls(t, side, kind, c);
        }
    }

    /// Restores the side to move's controls to the defaults (W6 Reset).
    pub fn reset_controls(&mut self, t: &Tables) {
        let side = self.to_move;
        for kind in Kind::ALL {
            self.set_controls(
                t,
                side,
                kind,
                Controls::from_defaults(&t.defaults[kind.index()]),
            );
        }
    }

    /// Randomizes the sign of every active slot of the side to move (W6 Dice): one draw
    /// per kind and active slot, in kind order then slot order.
    pub fn dice(&mut self, t: &Tables, rng: &mut impl rand::Rng) {
        let side = self.to_move;
        for kind in Kind::ALL {
            let mut c = self.controls[side.index()][kind.index()];
            for s in 0..t.slots[kind.index()] as usize {
                if c.active >> s & 1 == 1 {
                    if rng.random_bool(0.5) {
                        c.minus |= 1 << s;
                    } else {
                        c.minus &= !(1 << s);
                    }
                }
            }
            self.set_controls(t, side, kind, c);
        }
    }

    /// A developer-mode control press (W11): slot `slot` of `kind` becomes active with
    /// `coef`; activating past the active limit turns off the least recently pressed
    /// active slot.
    pub fn press(&mut self, t: &Tables, kind: Kind, slot: usize, coef: i32) -> Result<(), String> {
        let k = kind.index();
        if slot >= t.slots[k] as usize {
            return Err(format!(
                "{} has {} component slots; there is no slot {}",
                kind.title(),
                t.slots[k],
                slot + 1
            ));
        }
        let side = self.to_move;
        let mut c = self.controls[side.index()][k];
        if coef < 0 {
            c.minus |= 1 << slot;
        } else {
            c.minus &= !(1 << slot);
        }
        let was_active = c.active >> slot & 1 == 1;
        c.active |= 1 << slot;
        let pos = c
            .recency
            .iter()
            .position(|s| *s as usize == slot)
            .unwrap_or(MAX_SLOTS - 1);
        c.recency[..=pos].rotate_right(1);
        c.recency[0] = slot as u8;
        if !was_active
            && c.active.count_ones() > t.limits[k] as u32
            && let Some(lru) = c
                .recency
                .iter()
                .rev()
                .find(|s| c.active >> **s & 1 == 1 && **s as usize != slot)
        {
            c.active &= !(1 << lru);
        }
        self.set_controls(t, side, kind, c);
        Ok(())
    }

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
}
