//! The players and the chess pieces they spend: sides, powers, and a player's hand with
//! its push/pull alternation (P3, P5, P6).

use serde::{Deserialize, Serialize};

use super::geometry::Dir;

/// The two players; `One` moves first (P1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    One,
    Two,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::One, Side::Two];

    pub const fn other(self) -> Side {
        match self {
            Side::One => Side::Two,
            Side::Two => Side::One,
        }
    }

    pub const fn index(self) -> usize {
        match self {
            Side::One => 0,
            Side::Two => 1,
        }
    }

    /// The protocol's name (`one`, `two`).
    pub const fn name(self) -> &'static str {
        match self {
            Side::One => "one",
            Side::Two => "two",
        }
    }
}

/// A chess piece a player can spend with a placement.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    Rook,
    Bishop,
    Queen,
}

impl Piece {
    pub const ALL: [Piece; 3] = [Piece::Rook, Piece::Bishop, Piece::Queen];

    /// The rays the piece acts along (P3).
    pub const fn dirs(self) -> &'static [Dir] {
        match self {
            Piece::Rook => &Dir::ORTHOGONAL,
            Piece::Bishop => &Dir::DIAGONAL,
            Piece::Queen => &Dir::ALL,
        }
    }

    /// The notation letter (P8).
    pub const fn letter(self) -> char {
        match self {
            Piece::Rook => 'R',
            Piece::Bishop => 'B',
            Piece::Queen => 'Q',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Piece::Rook => "rook",
            Piece::Bishop => "bishop",
            Piece::Queen => "queen",
        }
    }
}

/// Push (one cell away from the placed stone) or pull (one cell toward it).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    Push,
    Pull,
}

impl Mode {
    pub const BOTH: [Mode; 2] = [Mode::Push, Mode::Pull];

    pub const fn other(self) -> Mode {
        match self {
            Mode::Push => Mode::Pull,
            Mode::Pull => Mode::Push,
        }
    }

    /// The notation sign (P8): `+` push, `-` pull.
    pub const fn sign(self) -> char {
        match self {
            Mode::Push => '+',
            Mode::Pull => '-',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Mode::Push => "push",
            Mode::Pull => "pull",
        }
    }
}

/// A piece spent with a placement, and how it is used.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Power {
    pub piece: Piece,
    pub mode: Mode,
}

/// What the next rook (or bishop) of a player must do (P5).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Next {
    Any,
    Push,
    Pull,
}

impl Next {
    pub const fn allows(self, mode: Mode) -> bool {
        matches!(
            (self, mode),
            (Next::Any, _) | (Next::Push, Mode::Push) | (Next::Pull, Mode::Pull)
        )
    }

    /// The protocol's name (`any`, `push`, `pull`).
    pub const fn name(self) -> &'static str {
        match self {
            Next::Any => "any",
            Next::Push => "push",
            Next::Pull => "pull",
        }
    }

    /// After using `mode`, the next one must be the other (P5).
    const fn after(mode: Mode) -> Next {
        match mode {
            Mode::Push => Next::Pull,
            Mode::Pull => Next::Push,
        }
    }
}

/// The unspent pieces of one player and their alternation state.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Hand {
    pub rooks: u8,
    pub bishops: u8,
    pub queens: u8,
    pub next_rook: Next,
    pub next_bishop: Next,
}

/// Why a hand cannot spend a power.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SpendError {
    /// All five are spent: this turn is the forced plain placement (P6).
    MustPlacePlain,
    NoneLeft(Piece),
    /// The alternation asks for the other mode (P5); carries the mode that is required.
    Alternation(Piece, Mode),
}

impl Hand {
    /// Two rooks, two bishops, a queen, alternation free (P1, P9).
    pub const FULL: Hand = Hand {
        rooks: 2,
        bishops: 2,
        queens: 1,
        next_rook: Next::Any,
        next_bishop: Next::Any,
    };

    pub const fn count(&self, piece: Piece) -> u8 {
        match piece {
            Piece::Rook => self.rooks,
            Piece::Bishop => self.bishops,
            Piece::Queen => self.queens,
        }
    }

    /// True from the moment the fifth piece is spent until the forced plain placement
    /// brings them back (P6, P9).
    pub const fn must_place_plain(&self) -> bool {
        self.rooks == 0 && self.bishops == 0 && self.queens == 0
    }

    /// Whether `power` may be spent now.
    pub fn check(&self, power: Power) -> Result<(), SpendError> {
        if self.must_place_plain() {
            return Err(SpendError::MustPlacePlain);
        }
        if self.count(power.piece) == 0 {
            return Err(SpendError::NoneLeft(power.piece));
        }
        let next = match power.piece {
            Piece::Rook => self.next_rook,
            Piece::Bishop => self.next_bishop,
            Piece::Queen => Next::Any,
        };
        if next.allows(power.mode) {
            Ok(())
        } else {
            Err(SpendError::Alternation(power.piece, power.mode.other()))
        }
    }

    /// Updates the hand for an action already checked; returns true when this was the
    /// forced plain placement and the pieces came back (the regather).
    pub fn apply(&mut self, power: Option<Power>) -> bool {
        match power {
            None if self.must_place_plain() => {
                // Alternation carries across the regather (P5): only the counts reset.
                self.rooks = 2;
                self.bishops = 2;
                self.queens = 1;
                true
            }
            None => false,
            Some(Power { piece, mode }) => {
                match piece {
                    Piece::Rook => {
                        self.rooks = self.rooks.saturating_sub(1);
                        self.next_rook = Next::after(mode);
                    }
                    Piece::Bishop => {
                        self.bishops = self.bishops.saturating_sub(1);
                        self.next_bishop = Next::after(mode);
                    }
                    // The queen never changes the alternation (P9).
                    Piece::Queen => self.queens = self.queens.saturating_sub(1),
                }
                false
            }
        }
    }

    /// The powers this hand may spend now, in notation order (B, Q, R; + before -).
    pub fn powers(&self) -> impl Iterator<Item = Power> + '_ {
        [Piece::Bishop, Piece::Queen, Piece::Rook]
            .into_iter()
            .flat_map(|piece| {
                Mode::BOTH
                    .into_iter()
                    .map(move |mode| Power { piece, mode })
            })
            .filter(|p| self.check(*p).is_ok())
    }
}
