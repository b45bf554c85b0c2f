//! What the wave editor's panel shows, every frame in developer mode: the definitions
//! being edited (the draft, else those in force) at the editor's focus, and its last
//! sentence.

use bevy::prelude::*;

use super::editor::{EditorCell, EditorCellLabel, EditorText, FocusTab};
use super::edits::{Editor, Focus, describe};
use super::{BUTTON, Lit, TEXT, thumb_color};
use crate::app::table::TableSystems;
use crate::app::wavefield::{WavefieldPlayed, WavefieldScene};
use crate::rules::wavefield::definitions::Definitions;

const ERROR_TEXT: Color = Color::srgb(1.0, 0.55, 0.45);

pub(in crate::app::wavefield) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        update_editor
            .in_set(TableSystems::Show)
            .run_if(resource_exists::<WavefieldPlayed>),
    );
}

fn sign(control: i8) -> &'static str {
    match control {
        1 => "+",
        -1 => "-",
        _ => "off",
    }
}

fn editor_text(
    which: EditorText,
    defs: &Definitions,
    edited: bool,
    focus: Focus,
    editor: &Editor,
) -> String {
    let def = defs.kind(focus.kind);
    let slot = focus.slot.min(def.slots.len().saturating_sub(1));
    match which {
        EditorText::State => format!(
            "{} | {}",
            focus.kind.title(),
            if edited {
                "definitions edited: Restart applies them"
            } else {
                "definitions in force"
            }
        ),
        EditorText::Slots => format!("Slots {}", def.slots.len()),
        EditorText::Limit => format!("Limit {}", def.active_limit),
        EditorText::Pattern => format!(
            "Slot {}: {}",
            slot + 1,
            def.slots.get(slot).map(describe).unwrap_or_default()
        ),
        EditorText::Default => format!(
            "Default {}",
            sign(def.default_controls.get(slot).copied().unwrap_or(0))
        ),
        EditorText::Friendly => format!("Friendly {}", def.friendly_scale),
        EditorText::Hostile => format!("Hostile {}", def.hostile_scale),
        EditorText::Strength => format!("Energy {}", def.strength),
        EditorText::Home => format!("Home {}", def.home_energy),
        EditorText::Note => editor
            .note
            .as_ref()
            .map(|n| n.text.clone())
            .unwrap_or_default(),
    }
}

/// Shows the definitions being edited (the draft, else those in force).
pub(in crate::app::wavefield) fn update_editor(
    played: Res<WavefieldPlayed>,
    table: Res<WavefieldScene>,
    mut texts: Query<(&EditorText, &mut Text, &mut TextColor), Without<EditorCellLabel>>,
    mut tabs: Query<(&FocusTab, &mut Lit, &mut Node)>,
    mut cells: Query<(&EditorCell, &mut BackgroundColor)>,
    mut labels: Query<(&EditorCellLabel, &mut Text), Without<EditorText>>,
) {
    // The panel itself comes and goes with the mode (`editor::panel_with_developer_mode`).
    if !table.dev {
        return;
    }
    let in_force = played.game.definitions();
    let defs = table.draft.as_ref().unwrap_or(in_force);
    let edited = defs != in_force;
    let focus = table.editor.focus;
    let def = defs.kind(focus.kind);
    let slot = focus.slot.min(def.slots.len().saturating_sub(1));
    for (which, mut t, mut color) in &mut texts {
        let value = editor_text(*which, defs, edited, focus, &table.editor);
        if t.0 != value {
            t.0 = value;
        }
        let want = match (which, &table.editor.note) {
            (EditorText::Note, Some(note)) if note.error => ERROR_TEXT,
            _ => TEXT,
        };
        if color.0 != want {
            color.0 = want;
        }
    }
    for (tab, mut lit, mut node) in &mut tabs {
        let (on, shown) = match *tab {
            FocusTab::Kind(kind) => (kind == focus.kind, true),
            FocusTab::Slot(s) => (s == slot, s < def.slots.len()),
        };
        if lit.0 != on {
            lit.0 = on;
        }
        let want = if shown { Display::Flex } else { Display::None };
        if node.display != want {
            node.display = want;
        }
    }
    let pattern = def.slots.get(slot);
    let value_at =
        |cell: &EditorCell| pattern.map_or(0, |p| p.basis(i32::from(cell.ax), i32::from(cell.ay)));
    for (cell, mut color) in &mut cells {
        let ring = i32::from(cell.ax.max(cell.ay));
        // The own square is no pattern value: it shows H on a plain square.
        let want = if ring == 0 {
            BUTTON
        } else {
            thumb_color(value_at(cell), ring)
        };
        if color.0 != want {
            color.0 = want;
        }
    }
    for (label, mut t) in &mut labels {
        let value = if (label.0.ax, label.0.ay) == (0, 0) {
            "H".to_string()
        } else {
            value_at(&label.0).to_string()
        };
        if t.0 != value {
            t.0 = value;
        }
    }
}
