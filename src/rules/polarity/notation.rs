//! Actions and their notation (P8): `d4` places a stone; `d4 R+` / `d4 R-` place it and
//! push / pull with a rook; likewise `B+`, `B-`, `Q+`, `Q-`. Input is read strictly.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::geometry::Cell;
use super::hand::{Mode, Piece, Power};

/// One turn: a stone placed on `cell`, optionally with a piece spent.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Action {
    pub cell: Cell,
    pub power: Option<Power>,
}

impl Action {
    pub const fn plain(cell: Cell) -> Action {
        Action { cell, power: None }
    }

    pub const fn with(cell: Cell, piece: Piece, mode: Mode) -> Action {
        Action {
            cell,
            power: Some(Power { piece, mode }),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.power {
            None => write!(f, "{}", self.cell),
            Some(p) => write!(f, "{} {}{}", self.cell, p.piece.letter(), p.mode.sign()),
        }
    }
}

/// Why a text was not read as an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadAction(pub String);

impl fmt::Display for BadAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a polarity action; write a lower-case cell such as d4, \
             optionally followed by one space and R+, R-, B+, B-, Q+ or Q-",
            self.0
        )
    }
}

impl std::error::Error for BadAction {}

impl FromStr for Action {
    type Err = BadAction;

    fn from_str(s: &str) -> Result<Action, BadAction> {
        let bad = || BadAction(s.to_string());
        let (cell_text, power_text) = match s.split_once(' ') {
            None => (s, None),
            Some((c, p)) => (c, Some(p)),
        };
        let cell: Cell = cell_text.parse().map_err(|_| bad())?;
        let power = match power_text.map(str::as_bytes) {
            None => None,
            Some([letter, sign]) => {
                let piece = match letter {
                    b'R' => Piece::Rook,
                    b'B' => Piece::Bishop,
                    b'Q' => Piece::Queen,
                    _ => return Err(bad()),
                };
                let mode = match sign {
                    b'+' => Mode::Push,
                    b'-' => Mode::Pull,
                    _ => return Err(bad()),
                };
                Some(Power { piece, mode })
            }
            Some(_) => return Err(bad()),
        };
        Ok(Action { cell, power })
    }
}

// Actions travel as their notation, so a saved game is a readable list of moves.
impl Serialize for Action {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Action, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_round_trips() {
        // P8
        for cell in Cell::all() {
            let mut actions = vec![Action::plain(cell)];
            for piece in Piece::ALL {
                for mode in Mode::BOTH {
                    actions.push(Action::with(cell, piece, mode));
                }
            }
            for action in actions {
                let text = action.to_string();
                assert_eq!(text.parse::<Action>(), Ok(action), "{text}");
            }
        }
    }

    #[test]
    fn the_written_forms_are_the_documented_ones() {
        // P8: cell, one space, letter, sign (+ push, - pull).
        let d4 = Cell::new(3, 3).unwrap();
        assert_eq!(Action::plain(d4).to_string(), "d4");
        assert_eq!(
            Action::with(d4, Piece::Rook, Mode::Push).to_string(),
            "d4 R+"
        );
        assert_eq!(
            Action::with(d4, Piece::Bishop, Mode::Pull).to_string(),
            "d4 B-"
        );
        assert_eq!(
            Action::with(d4, Piece::Queen, Mode::Push).to_string(),
            "d4 Q+"
        );
    }

    #[test]
    fn input_is_read_strictly() {
        // P8
        for bad in [
            "D4", "d4 r+", "d4  R+", "d4R+", "d4 R", "d4 +R", "d4 K+", "d4 R+ ", " d4", "d4 ",
            "d9", "d4 R*", "", "d4 Q+x",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn serde_uses_the_notation() {
        let action: Action = "h8 Q-".parse().unwrap();
        let json = serde_json::to_string(&action).unwrap();
        assert_eq!(json, "\"h8 Q-\"");
        assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), action);
    }
}
