//! The Vectress status: the outcome or who moves, pieces lost and the move count.

use super::VectressTable;
use crate::rules::vectress::game::{MOVE_CAP, PIECES_TO_LOSE};
use crate::rules::vectress::{EndReason, Outcome, Side};

pub fn describe(outcome: Outcome) -> String {
    let why = match outcome.reason {
        EndReason::Core => "a Core left the board".to_string(),
        EndReason::Five => format!("{PIECES_TO_LOSE} pieces lost"),
        EndReason::Repetition => "threefold repetition".to_string(),
        EndReason::Cap => format!("the {MOVE_CAP}-move cap"),
        EndReason::Passes => "two passes in a row".to_string(),
    };
    match outcome.winner {
        Some(side) => format!("{} wins: {why}", side.title()),
        None => format!("Draw: {why}"),
    }
}

pub(super) fn headline(table: &VectressTable) -> String {
    let game = &table.game;
    let pos = game.position();
    let mut line = match game.outcome() {
        Some(outcome) => describe(outcome),
        None => format!("{} to move", game.to_move().title()),
    };
    line += &format!(
        " | lost: White {}/{PIECES_TO_LOSE}, Black {}/{PIECES_TO_LOSE} | move {} of {MOVE_CAP}",
        pos.lost(Side::White),
        pos.lost(Side::Black),
        game.ply()
    );
    line
}

pub(super) fn keys(table: &VectressTable) -> &'static str {
    if table.pull_free {
        "\nF: pull free is on (a bonded piece leaves its body) | U undo | N new game"
    } else {
        "\nF: body moves (bonded pieces move together) | U undo | N new game"
    }
}
