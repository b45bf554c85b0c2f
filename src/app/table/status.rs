//! The status line every table shows: the game's headline, whether the computer is
//! thinking, the game's own keys and notes, what the pointer explains or the last
//! message, and the recent moves.

use bevy::prelude::*;

use super::{Table, TableGame};
use crate::app::hud::StatusLine;

/// Moves listed in the status line.
const RECENT_MOVES: usize = 6;

pub(super) fn update_status<G: TableGame>(table: Res<Table<G>>, mut status: ResMut<StatusLine>) {
    let line = status_text(&table);
    if status.0 != line {
        status.0 = line;
    }
}

/// The whole status text of `table`.
pub fn status_text<G: TableGame>(table: &Table<G>) -> String {
    let mut line = G::headline(table);
    if table.thinking() {
        line += " | the computer is thinking";
    }
    line += &G::status_tail(table);
    if let Some(viewer) = &table.viewer {
        line += &format!(
            "\nreplay{}: move {} of {} | Left/Right a move, Home/End, click the timeline | P play from here",
            viewer
                .title
                .as_ref()
                .map(|t| format!(" \"{t}\""))
                .unwrap_or_default(),
            table.game.actions().len(),
            viewer.actions.len()
        );
    }
    if let Some(note) = G::hover_note(table).or(table.message.as_deref()) {
        line += &format!("\n{note}");
    }
    if let Some(label) = G::RECENT {
        let moves = table.game.notation();
        let first = moves.len().saturating_sub(RECENT_MOVES);
        let recent: Vec<String> = moves[first..]
            .iter()
            .enumerate()
            .map(|(i, m)| format!("{}. {m}", first + i + 1))
            .collect();
        if !recent.is_empty() {
            line += &format!("\n{label}: {}", recent.join("  "));
        }
    }
    line
}
