//! What a screen reader is given of the table, through Bevy's AccessKit nodes (`bevy_a11y`):
//! the board as a grid of cells, each labelled with what stands on it ("E3, White's Core")
//! and relabelled as the position changes; and two keys that read aloud, through the
//! board cursor's line (a polite live region): I the position as a list per side, O the
//! last move's whole resolution, every stage's full caption in order.

use accesskit::{Node as Access, Role};
use bevy::a11y::AccessibilityNode;
use bevy::prelude::*;

use super::cursor::BoardCursor;
use super::{Played, TableGame};
use crate::app::Screen;
use crate::app::boards::BoardCell;
use crate::app::keymap::{self, Keymap};
use crate::app::playback::PlaybackQueue;
use crate::rules::Rules;
use crate::rules::edit::{CellReader, position_words};

pub(super) fn plugin<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        (
            label_cells::<G>.in_set(super::TableSystems::Show),
            read_keys::<G>.in_set(crate::app::KeyboardSystems),
        )
            .run_if(resource_exists::<Played<G>>),
    );
}

/// Labels every cell with what stands on it, and the board as their grid, each time the
/// game changes (or the board is set out anew).
fn label_cells<G: TableGame>(
    mut commands: Commands,
    played: Res<Played<G>>,
    cells: Query<(Entity, &BoardCell, Option<&ChildOf>)>,
    mut labelled: Local<Option<(u64, usize)>>,
) {
    // The position's code is written only when the game or the board changed.
    let key = (played.changes, cells.iter().len());
    if *labelled == Some(key) && !played.is_added() {
        return;
    }
    let code = played.game.rules().code();
    let reader = CellReader::<G::Rules>::new(&code);
    let mut boards = Vec::new();
    let mut loose = Vec::new();
    for (entity, cell, parent) in &cells {
        let Some(name) = G::cell_name(cell) else {
            continue;
        };
        let mut node = Access::new(Role::GridCell);
        node.set_label(reader.words(&name));
        commands.entity(entity).try_insert(AccessibilityNode(node));
        match parent {
            Some(parent) if !boards.contains(&parent.parent()) => boards.push(parent.parent()),
            Some(_) => {}
            None => loose.push(entity),
        }
    }
    // The boards set their cells out on their own: a screen reader hears a list of cells
    // with no grid round them (seen through AT-SPI) unless they have a parent to be it.
    if !loose.is_empty() {
        let grid = commands
            .spawn((
                Name::new("Board grid"),
                DespawnOnExit(Screen::Playing),
                Transform::default(),
                Visibility::default(),
            ))
            .add_children(&loose)
            .id();
        boards.push(grid);
    }
    for board in boards {
        let mut node = Access::new(Role::Grid);
        node.set_label(format!("{} board", <G::Rules as Rules>::GAME.title()));
        commands.entity(board).try_insert(AccessibilityNode(node));
    }
    *labelled = Some(key);
}

/// I reads the position, O the last move's whole resolution, into the cursor's line.
fn read_keys<G: TableGame>(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    keymap: Res<Keymap>,
    played: Res<Played<G>>,
    queue: Res<PlaybackQueue>,
    mut cursor: ResMut<BoardCursor>,
) {
    let Some(keys) = keys else { return };
    if keymap.just_pressed(&keys, keymap::READ_POSITION) {
        let rules = played.game.rules();
        let to_move = crate::rules::edit::capital(
            <G::Rules as Rules>::GAME.side_names()[super::side_index::<G::Rules>(rules.to_move())],
        );
        cursor.said = format!(
            "{} {to_move} to move.",
            position_words::<G::Rules>(&rules.code())
        );
    }
    if keymap.just_pressed(&keys, keymap::READ_MOVE) {
        let captions: Vec<String> = (0..queue.stage_count())
            .filter_map(|i| queue.stage(i).map(|s| s.label.clone()))
            .filter(|l| !l.is_empty())
            .collect();
        cursor.said = if captions.is_empty() {
            "No move has been played yet.".to_string()
        } else {
            captions.join(" ")
        };
    }
}
