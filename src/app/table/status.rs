//! The status line every table shows: the game's headline, whether the computer is
//! thinking, the game's own state and notes, what the pointer explains or the last
//! message, and the recent moves. The keys are not in it: the table publishes them in
//! [`GameKeys`] for the help overlay (F1).

use bevy::prelude::*;

use super::{Table, TableGame};

/// The game's status line (side to move, check, the end of the game); set by the game.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct StatusLine(pub String);

/// The active table's own keys, (key, what it does), for the help overlay; set by the
/// table with the status line.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct GameKeys(pub Vec<(String, String)>);

/// The computer is choosing its move (the table sets it; the HUD shows a small pulsing
/// indicator, top centre, while it is true).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComputerThinking(pub bool);

/// Moves listed in the status line.
const RECENT_MOVES: usize = 6;

pub(super) fn update_status<G: TableGame>(
    table: Res<Table<G>>,
    mut status: ResMut<StatusLine>,
    mut keys: ResMut<GameKeys>,
    mut thinking: ResMut<ComputerThinking>,
) {
    if thinking.0 != table.thinking() {
        thinking.0 = table.thinking();
    }
    let line = status_text(&table);
    if status.0 != line {
        status.0 = line;
    }
    let list = key_list(&table);
    if keys.0 != list {
        keys.0 = list;
    }
}

/// The keys of `table` now, (key, what it does): the replay viewer's while a replay is
/// watched, else the game's own.
pub fn key_list<G: TableGame>(table: &Table<G>) -> Vec<(String, String)> {
    if table.viewer.is_some() {
        return [
            ("Left / Right", "a move back / forward"),
            (", / .", "a step back / forward"),
            ("Home / End", "to the start / the end"),
            ("click the timeline", "jump to that move"),
            ("P", "play on from here (two players)"),
            ("C", "play on from here against the computer"),
        ]
        .into_iter()
        .map(|(k, what)| (k.to_string(), what.to_string()))
        .collect();
    }
    G::keys(table)
        .into_iter()
        .map(|(k, what)| (k.to_string(), what))
        .collect()
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
            "\nreplay{}: move {} of {}",
            viewer
                .title
                .as_ref()
                .map(|t| format!(" \"{t}\""))
                .unwrap_or_default(),
            table.game.actions().len(),
            viewer.actions.len()
        );
    }
    if let Some(note) = &table.message {
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
