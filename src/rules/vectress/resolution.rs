//! What an action set off, in order, with piece ids and cells: the record the presentation
//! animates without recomputing any rule.

use serde::{Deserialize, Serialize};

use super::Action;
use super::game::Outcome;
use super::geometry::{Cell, Dir, Side};
use super::pieces::Kind;
use super::position::{PieceId, bits};

/// Everything one action did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolution {
    /// Who acted.
    pub side: Side,
    pub action: Action,
    /// The player's own move (none for a pass).
    pub player: Option<PlayerMove>,
    /// The magnet waves, in order; the last is the one in which nothing moved (V15).
    /// What a player is shown is [`Resolution::shown_waves`].
    pub waves: Vec<Wave>,
    /// True if the safety cap of [`super::resolve::WAVE_CAP`] waves cut resolution short.
    pub capped: bool,
    /// The game's outcome, when this action ended it.
    pub outcome: Option<Outcome>,
}

/// The player's hand: the piece chosen, what it carried, what fell, which bonds broke.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerMove {
    /// The piece the player chose.
    pub piece: PieceId,
    /// `true` for `~` (pull free): the piece moved alone after its bonds broke.
    pub pulled_free: bool,
    pub dir: Dir,
    /// 1 or 2 cells.
    pub distance: u8,
    /// Every piece that moved and stayed on the board (the chosen one and its body).
    pub moved: Vec<PieceMove>,
    /// Body members whose path left the board (V11): lost, in no wave.
    pub dropped: Vec<Dropped>,
    /// Bonds broken by pulling free or by a member falling off.
    pub bonds_broken: Vec<BondChange>,
}

/// A body member that fell off during the player's own move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dropped {
    pub id: PieceId,
    pub kind: Kind,
    pub owner: Side,
    pub from: Cell,
    /// The on-board cells it passed before leaving (possibly none).
    pub path: Vec<Cell>,
    /// The direction it left the board in.
    pub dir: Dir,
}

/// One wave of section 4.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wave {
    /// The pieces whose contacts were read in this wave.
    pub actors: Vec<PieceId>,
    /// Like-pole contacts: each pushes the pushed piece's whole body.
    pub pushes: Vec<Push>,
    /// The net magnet step of every body that was pushed (V5), and whether it moved.
    pub forces: Vec<Force>,
    /// Who shoved whom among the bodies that moved.
    pub shoves: Vec<Shove>,
    /// Pieces that moved one cell and stayed on the board.
    pub moves: Vec<PieceMove>,
    /// Pieces that left the board in this wave.
    pub lost: Vec<LostPiece>,
    /// Bonds formed at the end of the wave (cells after the wave).
    pub bonds_formed: Vec<BondChange>,
    /// Bonds broken because a member left the board (cells before the wave).
    pub bonds_broken: Vec<BondChange>,
}

/// Why a piece moved in a wave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Cause {
    /// The player moved it.
    Player,
    /// Its body was pushed by magnets.
    Magnet,
    /// Its body was shoved by a moving body.
    Shove,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Push {
    pub pusher: PieceId,
    pub pushed: PieceId,
    /// Every member of the pushed piece's body.
    pub body: Vec<PieceId>,
    pub dir: Dir,
}

/// The sum of the pushes on one body, clamped per axis (V5). `step` is `None` when they
/// cancel; `moved` is false when the body was blocked (V7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Force {
    pub body: Vec<PieceId>,
    pub step: Option<Dir>,
    pub moved: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shove {
    pub shover: PieceId,
    pub shoved: PieceId,
    pub dir: Dir,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceMove {
    pub id: PieceId,
    pub from: Cell,
    pub to: Cell,
    pub cause: Cause,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LostPiece {
    pub id: PieceId,
    pub kind: Kind,
    pub owner: Side,
    /// The cell it left from.
    pub from: Cell,
    pub dir: Dir,
    pub cause: Cause,
}

/// A bond between two pieces, with their cells at the time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BondChange {
    pub a: PieceId,
    pub b: PieceId,
    pub a_cell: Cell,
    pub b_cell: Cell,
}

/// Receives the events of a resolution. `()` ignores them (the fast path for search);
/// [`WaveLog`] keeps them.
pub trait Sink {
    fn wave_start(&mut self, _actors: u32) {}
    fn push(&mut self, _pusher: PieceId, _pushed: PieceId, _body: u32, _dir: Dir) {}
    fn force(&mut self, _body: u32, _step: Option<Dir>, _moved: bool) {}
    fn shove(&mut self, _shover: PieceId, _shoved: PieceId, _dir: Dir) {}
    fn moved(&mut self, _m: PieceMove) {}
    fn lost(&mut self, _l: LostPiece) {}
    fn bond_formed(&mut self, _b: BondChange) {}
    fn bond_broken(&mut self, _b: BondChange) {}
}

impl Sink for () {}

/// Collects the waves of one resolution.
#[derive(Default, Debug)]
pub struct WaveLog {
    pub waves: Vec<Wave>,
}

impl WaveLog {
    fn current(&mut self) -> &mut Wave {
        if self.waves.is_empty() {
            self.waves.push(Wave::default());
        }
        let last = self.waves.len() - 1;
        &mut self.waves[last]
    }
}

impl Sink for WaveLog {
    fn wave_start(&mut self, actors: u32) {
        self.waves.push(Wave {
            actors: bits(actors).collect(),
            ..Wave::default()
        });
    }
    fn push(&mut self, pusher: PieceId, pushed: PieceId, body: u32, dir: Dir) {
        self.current().pushes.push(Push {
            pusher,
            pushed,
            body: bits(body).collect(),
            dir,
        });
    }
    fn force(&mut self, body: u32, step: Option<Dir>, moved: bool) {
        self.current().forces.push(Force {
            body: bits(body).collect(),
            step,
            moved,
        });
    }
    fn shove(&mut self, shover: PieceId, shoved: PieceId, dir: Dir) {
        self.current().shoves.push(Shove {
            shover,
            shoved,
            dir,
        });
    }
    fn moved(&mut self, m: PieceMove) {
        self.current().moves.push(m);
    }
    fn lost(&mut self, l: LostPiece) {
        self.current().lost.push(l);
    }
    fn bond_formed(&mut self, b: BondChange) {
        self.current().bonds_formed.push(b);
    }
    fn bond_broken(&mut self, b: BondChange) {
        self.current().bonds_broken.push(b);
    }
}

impl Wave {
    /// True if anything moved or left the board in this wave.
    pub fn had_movement(&self) -> bool {
        !self.moves.is_empty() || !self.lost.is_empty()
    }

    /// True if nothing at all happened in this wave: no push (so no force and no shove),
    /// nothing moved or fell, no bond formed or broke. Only its actors are recorded.
    /// Resolution stops at the first wave in which nothing moves, so only a last wave can
    /// be empty; a last wave whose pushes cancel or are blocked, or in which bonds snap
    /// shut, is not.
    pub fn is_empty(&self) -> bool {
        self.pushes.is_empty()
            && self.forces.is_empty()
            && self.shoves.is_empty()
            && !self.had_movement()
            && self.bonds_formed.is_empty()
            && self.bonds_broken.is_empty()
    }
}

impl Resolution {
    /// The waves a player is shown: all of [`Resolution::waves`] but a last wave that
    /// [`Wave::is_empty`] (the chain's stop, with nothing to show). Captions and playback
    /// stages count these ("wave k of N"); `waves` itself stays whole, as the engine
    /// prints it and the miner scores it.
    pub fn shown_waves(&self) -> &[Wave] {
        match self.waves.split_last() {
            Some((last, shown)) if last.is_empty() => shown,
            _ => &self.waves,
        }
    }
}
