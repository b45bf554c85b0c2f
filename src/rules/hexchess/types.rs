//! The small vocabulary: sides, piece kinds, rulesets, moves, outcomes, and (in `refusal`)
//! refused moves.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::geometry::Cell;

mod refusal;

pub use refusal::{Illegal, IllegalAction, MovementRule};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// +1 for White (up the board), -1 for Black (H3).
    pub fn forward_sign(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// Piece types; the order is the index into the position's bitboards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
    ];
    /// The promotion choices (H5), in the order the protocol's sorted list shows them.
    pub const PROMOTIONS: [Kind; 4] = [Kind::Bishop, Kind::Knight, Kind::Queen, Kind::Rook];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Kind {
        Kind::ALL[i.min(5)]
    }

    /// The renaming rotation of v011 (H4): Q->R->B->N->P->Q; kings never change.
    pub fn renamed(self) -> Kind {
        match self {
            Kind::Queen => Kind::Rook,
            Kind::Rook => Kind::Bishop,
            Kind::Bishop => Kind::Knight,
            Kind::Knight => Kind::Pawn,
            Kind::Pawn => Kind::Queen,
            Kind::King => Kind::King,
        }
    }

    /// The notation letter (H6); none for a pawn.
    pub fn letter(self) -> Option<char> {
        match self {
            Kind::Pawn => None,
            Kind::Knight => Some('N'),
            Kind::Bishop => Some('B'),
            Kind::Rook => Some('R'),
            Kind::Queen => Some('Q'),
            Kind::King => Some('K'),
        }
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        match c {
            'N' => Some(Kind::Knight),
            'B' => Some(Kind::Bishop),
            'R' => Some(Kind::Rook),
            'Q' => Some(Kind::Queen),
            'K' => Some(Kind::King),
            _ => None,
        }
    }

    /// The protocol's type name.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Pawn => "pawn",
            Kind::Knight => "knight",
            Kind::Bishop => "bishop",
            Kind::Rook => "rook",
            Kind::Queen => "queen",
            Kind::King => "king",
        }
    }
}

/// Which rules apply: the document's v011, or classic Glinski (H11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ruleset {
    #[default]
    V011,
    Classic,
}

impl Ruleset {
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Ruleset::V011 => "v011",
            Ruleset::Classic => "classic",
        }
    }

    pub fn parse(text: &str) -> Option<Ruleset> {
        match text {
            "v011" => Some(Ruleset::V011),
            "classic" => Some(Ruleset::Classic),
            _ => None,
        }
    }
}

/// A stable piece identity: the index given at setup, kept through moves, promotion and
/// renaming, so the presentation maps id -> entity once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PieceId(pub u8);

/// A piece as it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    pub id: PieceId,
    pub color: Color,
    pub kind: Kind,
}

/// A move: origin, destination and the promotion choice (H5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Cell,
    pub to: Cell,
    pub promotion: Option<Kind>,
}

impl Move {
    pub fn new(from: Cell, to: Cell) -> Move {
        Move {
            from,
            to,
            promotion: None,
        }
    }

    /// The protocol's long form: `f5f6`, `e9e10=Q`.
    pub fn long(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(letter) = self.promotion.and_then(Kind::letter) {
            write!(f, "={letter}")?;
        }
        Ok(())
    }
}

impl Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        super::notation::parse_long(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("no move {text:?}")))
    }
}

/// Why a game ended (H9, H12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Reason {
    Checkmate,
    Stalemate,
    Fifty,
    Repetition,
    Material,
}

impl Reason {
    pub fn name(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Fifty => "fifty",
            Reason::Repetition => "repetition",
            Reason::Material => "material",
        }
    }
}

/// How a game ended: the winner (None for a draw) and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Color>,
    pub reason: Reason,
}
