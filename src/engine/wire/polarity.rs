//! Polarity on the wire: STATE and RESOLUTION.

use serde::Serialize;

use super::{PerSide, Wire, WireMove, WireOutcome};
use crate::rules::polarity::{Game, Hand, Resolution, Side};

#[derive(Serialize)]
pub struct State {
    game: &'static str,
    to_move: &'static str,
    ply: u32,
    /// Cells order like their names, so this list is sorted as strings.
    stones: Vec<String>,
    collected: PerSide<u16>,
    hands: PerSide<HandState>,
    outcome: Option<WireOutcome>,
}

#[derive(Serialize)]
struct HandState {
    rooks: u8,
    bishops: u8,
    queens: u8,
    next_rook: &'static str,
    next_bishop: &'static str,
    must_place_plain: bool,
}

impl From<&Hand> for HandState {
    fn from(hand: &Hand) -> Self {
        HandState {
            rooks: hand.rooks,
            bishops: hand.bishops,
            queens: hand.queens,
            next_rook: hand.next_rook.name(),
            next_bishop: hand.next_bishop.name(),
            must_place_plain: hand.must_place_plain(),
        }
    }
}

/// `moved` sorted by `from`, `removed` sorted.
#[derive(Serialize)]
pub struct Last {
    placed: String,
    moved: Vec<WireMove>,
    removed: Vec<String>,
}

const SIDES: [Side; 2] = [Side::One, Side::Two];

impl Wire for Game {
    const NOTHING_TO_UNDO: &'static str = "there is nothing to undo; no action has been played";

    fn nothing_to_choose(_: Option<&str>) -> String {
        "the game is over; no more actions are taken".into()
    }

    type State = State;
    type Last = Last;

    fn state(&self) -> State {
        let position = self.position();
        State {
            game: "polarity",
            to_move: position.to_move().name(),
            ply: position.ply(),
            stones: self.stones().iter().map(|s| s.cell.to_string()).collect(),
            collected: SIDES
                .into_iter()
                .map(|s| (s.name(), position.collected(s)))
                .collect(),
            hands: SIDES
                .into_iter()
                .map(|s| (s.name(), HandState::from(position.hand(s))))
                .collect(),
            outcome: position.outcome().map(|o| WireOutcome {
                winner: o.winner.map(Side::name),
                reason: o.reason.name(),
            }),
        }
    }

    fn wire_resolution(resolution: &Resolution) -> Last {
        let mut moved: Vec<WireMove> = resolution
            .moved
            .iter()
            .map(|m| WireMove {
                from: m.from.to_string(),
                to: m.to.to_string(),
            })
            .collect();
        moved.sort();
        let mut removed: Vec<String> = resolution
            .removed
            .iter()
            .map(|s| s.cell.to_string())
            .collect();
        removed.sort();
        Last {
            placed: resolution.placed.cell.to_string(),
            moved,
            removed,
        }
    }
}
