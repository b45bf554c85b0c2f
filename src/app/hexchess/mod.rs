//! Hex chess v011 on the shared table: the men in 3D on the 91-cell board, moves by
//! clicking or dragging, every move played back (slide or hop, the taken man removed,
//! the arriving man turning into its new type), the move list on the right with in-place
//! editing, forced moves that play themselves. The table saves it as it is played (H10);
//! an edited game is not saved (H7).
//!
//! What is hex chess's own: the men (`pieces`, `stages`), the session around the game
//! (struck entries, forced moves, edits: `GameSession`), picking and typing (`input`),
//! the promotion chooser, selection and edits (`controls`), the move list (`panel`),
//! forced moves and setting out (`table`) and the status headline (`status`).

pub mod panel;
pub mod pieces;
pub mod stages;

mod controls;
mod foresight;
mod input;
mod status;
mod table;

pub use self::status::{forced_delay, status_text};
pub use self::table::{replace_session, type_entries};

use std::collections::HashMap;

use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

use super::settings::Settings;
use super::table::{self as shared, TableSystems};
use super::{PresentationSystems, Screen};
use crate::rules::GameId;
use crate::rules::hexchess::{Cell, Kind, PieceId};

/// Hex chess, as the shared table plays it.
pub struct Hexchess;

/// The hex chess table's game.
pub type HexchessPlayed = shared::Played<Hexchess>;

/// What only hex chess's input asks for (`TableInput::Game`): the pointer's picks and
/// drags, the promotion chooser's answer and the move list's edits.
#[derive(Clone, Debug, PartialEq)]
pub enum Control {
    /// A cell was clicked (or a drag ended there).
    Pick(Cell),
    /// A drag started on a man: select it.
    Grab(Cell),
    /// A drag ended over this cell (None: off the board).
    Drop(Option<Cell>),
    /// The promotion chooser's answer.
    Promote(Kind),
    /// Start editing list entry `index` (the list's length appends).
    BeginEdit(usize),
    /// Replace entry `index` with `text` and replay the list (H7).
    Edit(usize, String),
    CancelEdit,
}

/// What hex chess keeps on the table.
#[derive(Resource, Default)]
pub struct HexchessScene {
    /// The entity of every man, by rules id.
    pub pieces: HashMap<PieceId, Entity>,
    selected: Option<Cell>,
    markers: Vec<Entity>,
    /// The cell under the pointer (or under the man carried), for the move preview.
    hover_cell: Option<Cell>,
    /// A promotion waiting for the chooser: (from, to).
    pub promotion: Option<(Cell, Cell)>,
    /// Counts down to the next forced move.
    pub forced: Option<Timer>,
    /// The men must be set out again from the rules' position.
    needs_respawn: bool,
    /// The list entry being edited and what has been typed.
    pub editing: Option<usize>,
    pub edit_buffer: String,
    /// Learners' setting: live play shows a renaming (morph and ring), which the v011
    /// document does not (kept in step with the settings); whatever is shown to watchers
    /// shows every renaming.
    pub show_renaming: bool,
}

/// Keeps the scene's copy of the "show renaming" setting in step (off without settings:
/// the v011 document announces nothing).
fn follow_show_renaming(settings: Option<Res<Settings>>, mut scene: ResMut<HexchessScene>) {
    let show = settings.is_some_and(|s| s.show_renaming);
    if scene.show_renaming != show {
        scene.show_renaming = show;
    }
}

/// The showcase, films and stills show every renaming (as the replay viewer does).
fn show_every_renaming(mut scene: ResMut<HexchessScene>) {
    if !scene.show_renaming {
        scene.show_renaming = true;
    }
}

pub fn plugin(app: &mut App) {
    shared::plugin::<Hexchess>(app, GameId::Hexchess);
    app.add_message::<KeyboardInput>().add_systems(
        Update,
        (
            (
                follow_show_renaming.in_set(PresentationSystems::Live),
                show_every_renaming.in_set(PresentationSystems::Shown),
            )
                .before(TableSystems::Turns),
            (
                input::edit_keys,
                input::table_keys.in_set(super::KeyboardSystems),
            )
                .chain()
                .in_set(TableSystems::Input),
            controls::apply_controls.in_set(TableSystems::Controls),
            table::forced_moves
                .in_set(TableSystems::Turns)
                .before(shared::ComputerTurn),
            pieces::sync_when_idle.in_set(TableSystems::Sync),
            panel::update_panel.in_set(TableSystems::Show),
        )
            .run_if(resource_exists::<HexchessPlayed>),
    );
    // A still's move and a film's first show their renamings too.
    app.add_systems(
        OnEnter(Screen::Playing),
        show_every_renaming
            .in_set(PresentationSystems::Shown)
            .in_set(shared::TableEnter::SetOut)
            .run_if(resource_exists::<HexchessPlayed>),
    );
}
