//! Vectress on the wire: STATE and RESOLUTION (V15).

use serde::Serialize;

use super::{PerSide, Wire, WireMove, WireOutcome, sorted_pair};
use crate::rules::vectress::{Game, Resolution, Side};

#[derive(Serialize)]
pub struct State {
    game: &'static str,
    to_move: &'static str,
    ply: u16,
    /// Sorted by cell: letter, then row.
    pieces: Vec<PieceState>,
    bonds: Vec<[String; 2]>,
    lost: PerSide<usize>,
    outcome: Option<WireOutcome>,
}

#[derive(Serialize)]
struct PieceState {
    cell: String,
    kind: &'static str,
    owner: &'static str,
}

#[derive(Serialize)]
pub struct Last {
    waves: Vec<Wave>,
}

/// One wave, each list sorted.
#[derive(Serialize)]
struct Wave {
    moved: Vec<WireMove>,
    lost: Vec<String>,
    bonds: Vec<[String; 2]>,
}

impl Wire for Game {
    const NOTHING_TO_UNDO: &'static str = "there is no move to undo";

    fn nothing_to_choose(_: Option<&str>) -> String {
        "the game is over, so the computer has no move to play".into()
    }

    type State = State;
    type Last = Last;

    fn state(&self) -> State {
        let pos = self.position();
        let mut pieces: Vec<_> = pos.pieces().collect();
        pieces.sort_by_key(|p| (p.cell.x(), p.cell.y()));
        let mut bonds: Vec<[String; 2]> = pos
            .bonds()
            .into_iter()
            .filter_map(|(a, b)| {
                Some(sorted_pair(
                    pos.piece(a)?.cell.name(),
                    pos.piece(b)?.cell.name(),
                ))
            })
            .collect();
        bonds.sort();
        State {
            game: "vectress",
            to_move: self.to_move().name(),
            ply: self.ply(),
            pieces: pieces
                .iter()
                .map(|p| PieceState {
                    cell: p.cell.name(),
                    kind: p.kind.name(),
                    owner: p.owner.name(),
                })
                .collect(),
            bonds,
            lost: [Side::White, Side::Black]
                .into_iter()
                .map(|s| (s.name(), pos.lost(s) as usize))
                .collect(),
            outcome: self.outcome().map(|o| WireOutcome {
                winner: o.winner.map(|s| s.name()),
                reason: o.reason.name(),
            }),
        }
    }

    fn wire_resolution(resolution: &Resolution) -> Last {
        let waves = resolution
            .waves
            .iter()
            .map(|wave| {
                let mut moved: Vec<WireMove> = wave
                    .moves
                    .iter()
                    .map(|m| WireMove {
                        from: m.from.name(),
                        to: m.to.name(),
                    })
                    .collect();
                moved.sort();
                let mut lost: Vec<String> = wave.lost.iter().map(|l| l.from.name()).collect();
                lost.sort();
                let mut bonds: Vec<[String; 2]> = wave
                    .bonds_formed
                    .iter()
                    .map(|b| sorted_pair(b.a_cell.name(), b.b_cell.name()))
                    .collect();
                bonds.sort();
                Wave { moved, lost, bonds }
            })
            .collect();
        Last { waves }
    }
}
