//! The status line every table shows: the game's headline, whether the computer is
//! thinking, the game's own state and notes, what the pointer explains or the last
//! message (the moves are in the move list). The keys are not in it: the table publishes them in
//! [`GameKeys`] for the help overlay (F1).

use bevy::prelude::*;

use super::look_back::LiveAside;
use super::{Computer, Played, TableGame, TableNote, Viewing};
use crate::app::keymap::{self, Keymap};

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

/// Everything the status line reads of the table.
#[derive(bevy::ecs::system::SystemParam)]
pub struct TableStatus<'w, G: TableGame> {
    pub played: Res<'w, Played<G>>,
    pub scene: Res<'w, <G as TableGame>::Scene>,
    pub computer: Res<'w, Computer<G>>,
    pub note: Res<'w, TableNote>,
    pub viewing: Res<'w, Viewing>,
    pub live: Res<'w, LiveAside<G>>,
    pub hints: Option<Res<'w, super::foresight::HintsUsed>>,
    pub keymap: Res<'w, Keymap>,
}

pub(super) fn update_status<G: TableGame>(
    table: TableStatus<G>,
    mut status: ResMut<StatusLine>,
    mut keys: ResMut<GameKeys>,
    mut thinking: ResMut<ComputerThinking>,
    mut board: ResMut<super::score::Scoreboard>,
) {
    let computing = table.computer.thinking();
    if thinking.0 != computing {
        thinking.0 = computing;
    }
    // The notes once a frame, for the status line and the HUD's words under its pictures.
    let notes = notes(&table);
    let line = joined(&table, &notes);
    if status.0 != line {
        status.0 = line;
    }
    if board.notes != notes {
        board.notes = notes;
    }
    let list = key_list(&table);
    if keys.0 != list {
        keys.0 = list;
    }
}

/// The keys of `table` now, (key, what it does): the replay viewer's while a replay is
/// watched, else the game's own.
pub fn key_list<G: TableGame>(table: &TableStatus<G>) -> Vec<(String, String)> {
    if table.viewing.0.is_some() {
        return [
            ("Left / Right", "a move back / forward"),
            (", / .", "a step back / forward"),
            ("Home / End", "to the start / the end"),
            ("click the timeline", "jump to that move"),
            ("P", "play on from here (two players)"),
            ("C", "play on from here against the computer"),
            (
                "Ctrl+C / Ctrl+E",
                "copy this position's code / set it up in the editor",
            ),
        ]
        .into_iter()
        .map(|(k, what)| (k.to_string(), what.to_string()))
        .collect();
    }
    let keymap = &table.keymap;
    let mut keys = G::keys(&table.played, &table.scene, keymap);
    keys.extend([
        (
            format!("{} / Backspace", keymap.name(keymap::UNDO)),
            "undo (against the computer: your move and its answer)".to_string(),
        ),
        (keymap.name(keymap::NEW_GAME), "new game".to_string()),
        // What the engines know, in every game (#42).
        (
            keymap.name(keymap::THREATS),
            "show or hide what the opponent threatens".to_string(),
        ),
        (
            super::foresight::keys::hint_key_name::<G>(keymap),
            "a hint: the computer's best turn (counted)".to_string(),
        ),
        (
            keymap.name(keymap::EVALUATION),
            "the evaluation bar".to_string(),
        ),
        // Position codes and the editor (#44).
        (
            "Ctrl+C / Ctrl+V".to_string(),
            "copy this position's code / set up the code copied".to_string(),
        ),
        (
            "Ctrl+E".to_string(),
            "set this position up in the editor".to_string(),
        ),
    ]);
    keys
}

/// The whole status text of `table`: the headline, then its notes.
pub fn status_text<G: TableGame>(table: &TableStatus<G>) -> String {
    joined(table, &notes(table))
}

/// The headline, whether the computer thinks, then `notes` on their own lines.
fn joined<G: TableGame>(table: &TableStatus<G>, notes: &str) -> String {
    let mut line = G::headline(&table.played, &table.scene);
    if table.computer.thinking() {
        line += " | the computer is thinking";
    }
    if !notes.is_empty() {
        line += "\n";
        line += notes;
    }
    line
}

/// What the status says under its headline, a line each: the game's own state and notes,
/// the replay watched, and the last message.
pub fn notes<G: TableGame>(table: &TableStatus<G>) -> String {
    let mut line = G::status_tail(&table.played, &table.scene);
    if let (Some(viewer), Some(_)) = (&table.viewing.0, &table.live.0) {
        line += &format!(
            "\nlooking back: move {} of {} (P plays on from here)",
            table.played.game.actions().len(),
            viewer.actions.len()
        );
    } else if let Some(viewer) = &table.viewing.0 {
        let ply = table.played.game.actions().len();
        // The time the move shown took at the table, where the replay kept it.
        let took = ply
            .checked_sub(1)
            .and_then(|last| viewer.seconds.get(last))
            .filter(|s| **s > 0.0)
            .map(|s| format!(", played in {s:.1} s"))
            .unwrap_or_default();
        line += &format!(
            "\nreplay{}: move {ply} of {}{took}",
            viewer
                .title
                .as_ref()
                .map(|t| format!(" \"{t}\""))
                .unwrap_or_default(),
            viewer.actions.len()
        );
    }
    if let Some(note) = &table.note.0 {
        line += &format!("\n{note}");
    }
    // The game's end says how many hints each side asked for.
    let hints = table.hints.as_ref().map(|h| h.said::<G::Rules>());
    let over = crate::rules::Rules::is_over(table.played.game.rules());
    if let Some(hints) = hints.filter(|h| !h.is_empty() && over) {
        line += &format!("\n{hints}");
    }
    line.trim_start_matches('\n').to_string()
}
