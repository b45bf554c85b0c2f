//! Hex chess on the wire: STATE and RESOLUTION.

use serde::Serialize;

use super::{Wire, WireOutcome, WirePiece};
use crate::rules::hexchess::{Game, Resolution};

#[derive(Serialize)]
pub struct State {
    game: &'static str,
    ruleset: &'static str,
    to_move: &'static str,
    ply: u32,
    /// Sorted by file (a..l), then rank as a number.
    pieces: Vec<WirePiece<ByColor>>,
    halfmove_clock: u32,
    in_check: bool,
    outcome: Option<WireOutcome>,
}

#[derive(Serialize)]
struct ByColor {
    color: &'static str,
}

#[derive(Serialize)]
pub struct Last {
    from: String,
    to: String,
    captured: Option<&'static str>,
    departed_as: &'static str,
    arrived_as: &'static str,
    notation: String,
}

impl Wire for Game {
    const NOTHING_TO_UNDO: &'static str = "there is no move to undo";

    fn nothing_to_choose(reason: Option<&str>) -> String {
        match reason {
            Some(reason) => format!("the game is over ({reason}); no more moves may be played"),
            None => "there is no legal move to choose".into(),
        }
    }

    type State = State;
    type Last = Last;

    fn state(&self) -> State {
        let pos = self.position();
        State {
            game: "hexchess",
            ruleset: self.ruleset().name(),
            to_move: pos.turn().name(),
            ply: pos.ply(),
            pieces: pos
                .pieces()
                .map(|(cell, piece)| WirePiece {
                    cell: cell.to_string(),
                    kind: piece.kind.name(),
                    side: ByColor {
                        color: piece.color.name(),
                    },
                })
                .collect(),
            halfmove_clock: pos.halfmove_clock(),
            in_check: pos.in_check(),
            outcome: self.outcome().map(|o| WireOutcome {
                winner: o.winner.map(|w| w.name()),
                reason: o.reason.name(),
            }),
        }
    }

    fn wire_resolution(r: &Resolution) -> Last {
        Last {
            from: r.from.to_string(),
            to: r.to.to_string(),
            captured: r.captured.map(|(_, kind, _)| kind.name()),
            departed_as: r.departed_as.name(),
            arrived_as: r.arrived_as.name(),
            notation: r.notation.clone(),
        }
    }
}
