//! Wave Field on the wire: STATE and RESOLUTION.

use serde::Serialize;

use super::{PerSide, Wire, WireOutcome, WirePiece};
use crate::rules::wavefield::patterns::format_units;
use crate::rules::wavefield::{Cell, Event, Game, Kind, Resolution, Side};

#[derive(Serialize)]
pub struct State {
    game: &'static str,
    to_move: &'static str,
    ply: u32,
    /// Sorted by cell: letter, then row.
    pieces: Vec<WirePiece<Owned>>,
    /// Per side, per type: the W6 coefficient.
    tuning: PerSide<PerSide<i32>>,
    /// Row 7 first, columns A..G, exact reduced fractions.
    field: Vec<Vec<String>>,
    trapped: bool,
    outcome: Option<WireOutcome>,
    /// Only with multi-slot definitions (W11): per side and type the control of each slot,
    /// +1, -1 or 0 (off), in slot order.
    #[serde(skip_serializing_if = "Option::is_none")]
    controls: Option<PerSide<PerSide<Vec<i8>>>>,
    /// Only with multi-slot definitions: per side and type the slots (1-based), most
    /// recently pressed first (W11's least-recently-pressed rule).
    #[serde(skip_serializing_if = "Option::is_none")]
    press_order: Option<PerSide<PerSide<Vec<u8>>>>,
}

/// Per side, per type: `f(side, kind)`.
fn per_kind<T>(f: impl Fn(Side, Kind) -> T) -> PerSide<PerSide<T>> {
    [Side::Red, Side::Blue]
        .into_iter()
        .map(|side| {
            let per = Kind::ALL.into_iter().map(|k| (k.name(), f(side, k)));
            (side.name(), per.collect())
        })
        .collect()
}

#[derive(Serialize)]
struct Owned {
    owner: &'static str,
    unstable: bool,
}

/// Actions that move nothing (tune, dice, reset, hint, resign) keep the same shape with
/// null cells and no removals.
#[derive(Serialize)]
pub struct Last {
    from: Option<String>,
    to: Option<String>,
    /// One list per removal round, each sorted.
    removed: Vec<Vec<String>>,
}

impl Wire for Game {
    const NOTHING_TO_UNDO: &'static str = "there is nothing to undo";

    fn nothing_to_choose(_: Option<&str>) -> String {
        "the game is over; there is nothing for the computer to play".into()
    }

    type State = State;
    type Last = Last;

    fn state(&self) -> State {
        let pos = self.position();
        let mut pieces: Vec<_> = pos.pieces().iter().filter(|p| p.alive).collect();
        pieces.sort_by_key(|p| (p.cell.x(), p.cell.row()));
        State {
            game: "wavefield",
            to_move: pos.to_move().name(),
            ply: pos.ply(),
            pieces: pieces
                .iter()
                .map(|p| WirePiece {
                    cell: p.cell.to_string(),
                    kind: p.kind.name(),
                    side: Owned {
                        owner: p.owner.name(),
                        unstable: p.unstable,
                    },
                })
                .collect(),
            tuning: [Side::Red, Side::Blue]
                .into_iter()
                .map(|side| {
                    let profile = pos.profile(side);
                    let per_kind = Kind::ALL
                        .into_iter()
                        .map(|kind| (kind.name(), profile.coef(kind)))
                        .collect();
                    (side.name(), per_kind)
                })
                .collect(),
            field: (0..7)
                .map(|y| {
                    (0..7)
                        .filter_map(|x| Cell::new(x, y))
                        .map(|c| format_units(pos.value(c)))
                        .collect()
                })
                .collect(),
            trapped: pos.trapped(),
            outcome: pos.outcome().map(|o| WireOutcome {
                winner: o.winner.map(|w| w.name()),
                reason: "resignation",
            }),
            controls: self
                .multi_slot()
                .then(|| per_kind(|side, kind| self.tuning(side).kind(kind).to_vec())),
            press_order: self.multi_slot().then(|| {
                per_kind(|side, kind| {
                    let slots = self.tables().slots[kind.index()];
                    let order = pos.controls(side, kind).press_order();
                    order
                        .iter()
                        .filter(|s| **s < slots)
                        .map(|s| s + 1)
                        .collect()
                })
            }),
        }
    }

    fn wire_resolution(resolution: &Resolution) -> Last {
        match &resolution.event {
            Event::Moved {
                from, to, rounds, ..
            } => Last {
                from: Some(from.to_string()),
                to: Some(to.to_string()),
                removed: rounds
                    .iter()
                    .map(|(round, _)| {
                        let mut cells: Vec<String> =
                            round.iter().map(|r| r.cell.to_string()).collect();
                        cells.sort();
                        cells
                    })
                    .collect(),
            },
            _ => Last {
                from: None,
                to: None,
                removed: Vec::new(),
            },
        }
    }

    /// Moves under the current tuning only: `tune` and `resign` are always allowed and
    /// not listed.
    fn legal_notation(&self) -> Vec<String> {
        let mut legal: Vec<String> = self.legal_moves().iter().map(|m| m.to_string()).collect();
        legal.sort();
        legal
    }
}
