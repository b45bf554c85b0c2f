//! Polarity in words: the status line and the pile labels; and its
//! keys for the help overlay.

use bevy::prelude::*;

use super::PolarityTable;
use super::pieces::SideLabel;
use super::stages::side_title;
use crate::app::playback::PlaybackQueue;
use crate::rules::polarity::{EndReason, Hand, Next, Outcome, Side, StayReason, TARGET};

pub(super) fn next_text(next: Next) -> &'static str {
    match next {
        Next::Any => "any",
        Next::Push => "push",
        Next::Pull => "pull",
    }
}

/// The hand's state in a few words: "hand R2 B1 Q1", "next R pull, B any".
pub fn hand_summary(hand: &Hand) -> String {
    if hand.must_place_plain() {
        return "all five spent:\nplain turn next".to_string();
    }
    format!(
        "hand R{} B{} Q{}\nnext R {}, B {}",
        hand.rooks,
        hand.bishops,
        hand.queens,
        next_text(hand.next_rook),
        next_text(hand.next_bishop)
    )
}

pub(super) fn update_labels(
    table: Res<PolarityTable>,
    queue: Res<PlaybackQueue>,
    mut labels: Query<(&SideLabel, &mut Text)>,
) {
    // While a playback runs, the pile counts change once the stones have landed.
    let landed = match (table.counts_before, queue.progress()) {
        (Some((_, removal)), Some((n, _))) => n > removal + 1,
        _ => true,
    };
    for (label, mut text) in &mut labels {
        let side = label.0;
        let n = match table.counts_before {
            Some((counts, _)) if !landed => counts[side.index()],
            _ => table.game.position().collected(side),
        };
        let value = format!(
            "{}: {n}/{TARGET} taken\n{}",
            side_title(side),
            hand_summary(table.game.position().hand(side))
        );
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

pub(super) fn choice_text(table: &PolarityTable) -> String {
    let side = table.game.to_move();
    let hand = table.game.position().hand(side);
    if hand.must_place_plain() {
        return "Forced plain turn: all five pieces are spent; they come back after it".to_string();
    }
    let chosen = match table.choice.piece {
        None => "plain placement".to_string(),
        Some(piece) => {
            let mut s = format!("{} {}", piece.name(), table.choice.mode.name());
            if hand.count(piece) == 0 {
                s += &format!(" (no {} left)", piece.name());
            }
            s
        }
    };
    let must = |next: Next| match next {
        Next::Any => "push or pull",
        Next::Push => "must push",
        Next::Pull => "must pull",
    };
    format!(
        "Power: {chosen} | next rook {}, next bishop {}",
        must(hand.next_rook),
        must(hand.next_bishop)
    )
}

pub(super) fn headline(table: &PolarityTable) -> String {
    let pos = table.game.position();
    let line = match table.game.outcome() {
        Some(outcome) => describe(outcome),
        None => format!("{} to move", side_title(table.game.to_move())),
    };
    line + &format!(
        " | taken: One {}/{TARGET}, Two {}/{TARGET}",
        pos.collected(Side::One),
        pos.collected(Side::Two)
    )
}

/// The power chosen; while no message is shown, what the hover preview says (the keys
/// are in the help).
pub(super) fn tail(table: &PolarityTable) -> String {
    let mut line = String::new();
    if table.game.outcome().is_none() {
        line += &format!("\n{}", choice_text(table));
    }
    // A refusal is said at the pointer instead.
    if table.message.is_none()
        && table.hover_refusal().is_none()
        && let Some(hover) = &table.hover_text
    {
        line += &format!("\n{hover}");
        if table.power_now().is_some() {
            line += "\ncyan: moves | amber: locked | red: edge | violet: blocked | gold: taken";
        }
    }
    line
}

/// Polarity's keys for the help overlay.
pub(super) fn keys(_table: &PolarityTable) -> Vec<(&'static str, String)> {
    vec![
        (
            "click",
            "place a stone on a green dot (hover to preview)".to_string(),
        ),
        ("1", "plain placement".to_string()),
        ("2", "spend a rook".to_string()),
        ("3", "spend a bishop".to_string()),
        ("4", "spend a queen".to_string()),
        ("Tab", "push / pull".to_string()),
        (
            "U / Backspace",
            "undo (against the computer: your move and its answer)".to_string(),
        ),
        ("N", "new game".to_string()),
    ]
}

pub(super) fn reason_name(reason: StayReason) -> &'static str {
    match reason {
        StayReason::Locked => "locked",
        StayReason::Edge => "edge",
        StayReason::Occupied => "blocked",
    }
}
