//! The Vectress status: the outcome or who moves, pieces lost and the move count; and
//! its keys for the help overlay.

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

/// What follows the headline: whether pull free is on (the keys are in the help).
pub(super) fn tail(table: &VectressTable) -> &'static str {
    if table.pull_free {
        "\npull free is on: a bonded piece leaves its body"
    } else {
        ""
    }
}

/// Vectress's keys for the help overlay.
pub(super) fn keys(table: &VectressTable) -> Vec<(&'static str, String)> {
    let f = if table.pull_free {
        "back to body moves (bonded pieces move together)"
    } else {
        "pull free: a bonded piece leaves its body (yellow discs)"
    };
    vec![
        (
            "click / drag",
            "pick a magnet, then click a green disc or drop it there".to_string(),
        ),
        ("hover a red disc", "why that target is refused".to_string()),
        ("F", f.to_string()),
        (
            "U / Backspace",
            "undo (against the computer: your move and its answer)".to_string(),
        ),
        ("N", "new game".to_string()),
    ]
}
