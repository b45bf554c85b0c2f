//! The Vectress status: the outcome or who moves, the pieces lost (the trays); and its
//! keys for the help overlay.

use super::{VectressPlayed, VectressScene};
use crate::app::keymap::Keymap;
use crate::app::table::score::Token;
use crate::rules::Match;
use crate::rules::vectress::game::{MOVE_CAP, PIECES_TO_LOSE};
use crate::rules::vectress::{EndReason, Game, Kind, Outcome, Side};

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

pub(super) fn headline(played: &VectressPlayed) -> String {
    let game = &played.game;
    match game.outcome() {
        Some(outcome) => describe(outcome),
        None => format!("{} to move", game.to_move().title()),
    }
}

/// A piece in a tray: its shape (the Core is the disc).
fn glyph(kind: Kind) -> char {
    match kind {
        Kind::Square => '■',
        Kind::Rhombus => '◆',
        Kind::Triangle => '▲',
        Kind::Octagon => '●',
    }
}

/// The pieces each side has lost: as many as the rules count, by shape, found by what
/// is missing since the position the game was set out at (a lesson's or a puzzle's too).
pub(super) fn trays(played: &VectressPlayed) -> [Vec<Token>; 2] {
    let now = played.game.position();
    let origin = played
        .start_over
        .clone()
        .or_else(|| Match::<Game>::new(played.game.setup().clone()).ok());
    Side::BOTH.map(|side| {
        let mut missing: Vec<Kind> = origin
            .as_ref()
            .map(|m| {
                m.position()
                    .pieces()
                    .filter(|p| p.owner == side)
                    .map(|p| p.kind)
                    .collect()
            })
            .unwrap_or_default();
        for piece in now.pieces().filter(|p| p.owner == side) {
            if let Some(i) = missing.iter().position(|k| *k == piece.kind) {
                missing.remove(i);
            }
        }
        let lost = usize::from(now.lost(side));
        (0..lost)
            .map(|i| Token {
                glyph: missing.get(i).map_or('■', |k| glyph(*k)),
                side: side.index(),
            })
            .collect()
    })
}

/// What follows the headline: whether pull free is on (the keys are in the help).
pub(super) fn tail(scene: &VectressScene) -> &'static str {
    if scene.pull_free {
        "\npull free is on: a bonded piece leaves its body"
    } else {
        ""
    }
}

/// Vectress's keys for the help overlay.
pub(super) fn keys(scene: &VectressScene, keymap: &Keymap) -> Vec<(String, String)> {
    let f = if scene.pull_free {
        "back to body moves (bonded pieces move together)"
    } else {
        "pull free: a bonded piece leaves its body (yellow discs)"
    };
    vec![
        (
            "click / drag".to_string(),
            "pick a magnet, then click a green disc or drop it there".to_string(),
        ),
        (
            "hover a red disc".to_string(),
            "why that target is refused".to_string(),
        ),
        (keymap.name(super::input::PULL_FREE), f.to_string()),
    ]
}
