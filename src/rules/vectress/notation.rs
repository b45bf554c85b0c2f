//! Move notation (V12): `E3-E5` moves the piece on E3 (its body when bonded), `E3~E5`
//! pulls a bonded piece free, `pass`.

use std::fmt;
use std::str::FromStr;

use super::geometry::Cell;
use super::moves::Action;

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move { from, to } => write!(f, "{from}-{to}"),
            Action::PullFree { from, to } => write!(f, "{from}~{to}"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

/// Text that is not a move in V12 notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError(pub String);

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a move; write E3-E5 to move, E3~E5 to pull free, or pass",
            self.0
        )
    }
}

impl std::error::Error for NotationError {}

/// Parses V12 notation (cells upper case).
pub fn parse(text: &str) -> Result<Action, NotationError> {
    let fail = || NotationError(text.to_string());
    if text == "pass" {
        return Ok(Action::Pass);
    }
    let (from, to, pull) = if let Some((a, b)) = text.split_once('-') {
        (a, b, false)
    } else if let Some((a, b)) = text.split_once('~') {
        (a, b, true)
    } else {
        return Err(fail());
    };
    let from = Cell::parse(from).ok_or_else(fail)?;
    let to = Cell::parse(to).ok_or_else(fail)?;
    Ok(if pull {
        Action::PullFree { from, to }
    } else {
        Action::Move { from, to }
    })
}

impl FromStr for Action {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        // V12
        for text in ["E3-E5", "E3~E5", "pass", "A1-B2", "I9~H8"] {
            let action = parse(text).unwrap();
            assert_eq!(action.to_string(), text);
        }
        for cell in Cell::all() {
            for to in [Cell::parse("E5").unwrap(), Cell::parse("A9").unwrap()] {
                let a = Action::Move { from: cell, to };
                assert_eq!(parse(&a.to_string()), Ok(a));
                let p = Action::PullFree { from: cell, to };
                assert_eq!(parse(&p.to_string()), Ok(p));
            }
        }
    }

    #[test]
    fn bad_notation_is_refused() {
        for text in [
            "", "E3", "E3-", "e3-e5", "E3 - E5", "E3-E10", "J1-A1", "PASS", "E3xE5",
        ] {
            assert!(parse(text).is_err(), "{text}");
        }
        assert!(
            parse("E3E5")
                .unwrap_err()
                .to_string()
                .contains("not a move")
        );
    }
}
