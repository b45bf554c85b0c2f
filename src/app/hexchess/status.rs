//! The status line, and the keys for the help overlay.

use std::time::Duration;

use super::{HexchessPlayed, HexchessScene};
use crate::rules::hexchess::{Color as Side, GameSession, Reason};

pub(super) fn title(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// The status line: who moves, check, the end of the game and why.
pub fn status_text(session: &GameSession) -> String {
    let game = session.game();
    match game.outcome() {
        Some(outcome) => {
            let result = match outcome.winner {
                Some(side) => format!("{} wins", title(side)),
                None => "draw".to_string(),
            };
            match outcome.reason {
                Reason::Checkmate => format!("Checkmate: {result}"),
                Reason::Stalemate => format!("Stalemate: {result}"),
                Reason::Fifty => format!("Fifty moves without a capture or pawn move: {result}"),
                Reason::Repetition => format!("Threefold repetition: {result}"),
                Reason::Material => format!("Insufficient material: {result}"),
            }
        }
        None if game.position().in_check() => format!("{} to move - check!", title(game.turn())),
        None => format!("{} to move", title(game.turn())),
    }
}

/// The rules' status, then the forced-move countdown, the chooser and the edited state.
pub(super) fn headline(played: &HexchessPlayed, scene: &HexchessScene) -> String {
    let mut line = status_text(played.game.rules());
    if let Some(timer) = &scene.forced {
        line += &format!(" | forced move in {:.1} s", timer.remaining_secs());
    }
    if scene.promotion.is_some() {
        line += " | promote to: Q R B N";
    }
    if played.game.is_edited() {
        line += " | edited (not saved)";
    }
    line
}

/// What follows the headline: a move being typed (the keys are in the help).
pub(super) fn tail(scene: &HexchessScene) -> &'static str {
    match scene.editing {
        Some(_) => "\nediting the move list: Enter applies, Esc cancels",
        None => "",
    }
}

/// Hex chess's keys for the help overlay.
pub(super) fn keys(scene: &HexchessScene) -> Vec<(String, String)> {
    let mut keys = Vec::new();
    if scene.editing.is_some() {
        keys.push(("Enter", "apply the typed move".to_string()));
        keys.push(("Esc", "cancel the edit".to_string()));
    }
    keys.extend([
        (
            "click / drag",
            "pick a man, then click its target or drop it there".to_string(),
        ),
        (
            "Q R B N",
            "the piece a pawn promotes to, when asked".to_string(),
        ),
        (
            "click a move",
            "edit it in the move list (the rest replays)".to_string(),
        ),
    ]);
    keys.into_iter()
        .map(|(k, what)| (k.to_string(), what))
        .collect()
}

/// How long the next forced move waits, if one is due (tests, the status line).
pub fn forced_delay(played: &HexchessPlayed) -> Option<Duration> {
    played.game.forced_move().map(|(_, d)| d)
}

/// The men each side has captured, in the order taken, by the type they had then.
pub(super) fn trays(played: &HexchessPlayed) -> [Vec<crate::app::table::score::Token>; 2] {
    let mut trays = [Vec::new(), Vec::new()];
    for r in played.game.game().history() {
        if let Some((_, kind, _)) = r.captured {
            trays[r.color.index()].push(crate::app::table::score::Token {
                glyph: kind.letter().unwrap_or('P'),
                side: r.color.other().index(),
            });
        }
    }
    trays
}
