//! Polarity in words: the status line and the pile labels; and its
//! keys for the help overlay.

use bevy::prelude::*;

use super::pieces::SideLabel;
use super::stages::side_title;
use super::{PolarityPlayed, PolarityScene};
use crate::app::keymap::Keymap;
use crate::app::table::score::Token;
use crate::rules::polarity::{EndReason, Hand, Next, Outcome, Side, StayReason};

/// The direction a spent rook or bishop must take next, as an arrow around the stone
/// placed: out from it (push) or in to it (pull); nothing while either will do.
fn next_arrow(next: Next) -> Option<&'static str> {
    match next {
        Next::Any => None,
        Next::Push => Some("←●→"),
        Next::Pull => Some("→●←"),
    }
}

/// The hand's alternation in pictures, one line per piece that is bound ("R ←●→"): the
/// hand itself is the pieces beside the board, the spent ones laid down.
pub fn hand_summary(hand: &Hand) -> String {
    if hand.must_place_plain() {
        return "plain turn next".to_string();
    }
    [("R", hand.next_rook), ("B", hand.next_bishop)]
        .into_iter()
        .filter_map(|(piece, next)| next_arrow(next).map(|arrow| format!("{piece} {arrow}")))
        .collect::<Vec<_>>()
        .join("\n")
}

pub(super) fn update_labels(
    played: Res<PolarityPlayed>,
    mut labels: Query<(&SideLabel, &mut Text)>,
) {
    for (label, mut text) in &mut labels {
        let value = hand_summary(played.game.position().hand(label.0));
        if text.0 != value {
            text.0 = value;
        }
    }
}

pub fn describe(outcome: Outcome) -> String {
    let why = match outcome.reason {
        EndReason::Ten => "ten stones collected",
        EndReason::Blocked => "no legal placement left",
    };
    match outcome.winner {
        Some(side) => format!("{} wins: {why}", side_title(side)),
        None => format!("Draw: {why}"),
    }
}

pub(super) fn choice_text(played: &PolarityPlayed, scene: &PolarityScene) -> String {
    let side = played.game.to_move();
    let hand = played.game.position().hand(side);
    if hand.must_place_plain() {
        return "Forced plain turn: all five pieces are spent; they come back after it".to_string();
    }
    let chosen = match scene.choice.piece {
        None => "plain placement".to_string(),
        Some(piece) => {
            let mut s = format!("{} {}", piece.name(), scene.choice.mode.name());
            if hand.count(piece) == 0 {
                s += &format!(" (no {} left)", piece.name());
            }
            s
        }
    };
    // The directions the rook and the bishop must take next are arrows beside them.
    format!("Power: {chosen}")
}

pub(super) fn headline(played: &PolarityPlayed) -> String {
    match played.game.outcome() {
        Some(outcome) => describe(outcome),
        None => format!("{} to move", side_title(played.game.to_move())),
    }
}

/// The stones each side has taken toward ten (the trays).
pub(super) fn trays(played: &PolarityPlayed) -> [Vec<Token>; 2] {
    let pos = played.game.position();
    Side::BOTH.map(|side| {
        (0..pos.collected(side))
            .map(|_| Token {
                glyph: '●',
                side: side.index(),
            })
            .collect()
    })
}

/// The power chosen; while no message is shown, what the hover preview says (the keys
/// are in the help).
pub(super) fn tail(played: &PolarityPlayed, scene: &PolarityScene) -> String {
    let mut line = String::new();
    if played.game.outcome().is_none() {
        line += &format!("\n{}", choice_text(played, scene));
    }
    // A refusal is said at the pointer instead.
    if scene.hover_refusal().is_none()
        && let Some(hover) = &scene.hover_text
    {
        line += &format!("\n{hover}");
        if scene.power_now(played).is_some() {
            line += "\ncyan: moves | amber: locked | red: edge | violet: blocked | gold: taken";
        }
    }
    line
}

/// Polarity's keys for the help overlay.
pub(super) fn keys(keymap: &Keymap) -> Vec<(String, String)> {
    let mut keys = vec![(
        "click".to_string(),
        "place a stone on a green dot (hover to preview)".to_string(),
    )];
    let words = [
        "plain placement",
        "spend a rook",
        "spend a bishop",
        "spend a queen",
        "push / pull",
    ];
    keys.extend(
        super::input::KEYS
            .iter()
            .zip(words)
            .map(|(c, what)| (keymap.name(*c), what.to_string())),
    );
    keys
}

pub(super) fn reason_name(reason: StayReason) -> &'static str {
    match reason {
        StayReason::Locked => "locked",
        StayReason::Edge => "edge",
        StayReason::Occupied => "blocked",
    }
}
