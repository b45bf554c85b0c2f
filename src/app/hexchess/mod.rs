//! Hex chess v011 on the shared table: the men in 3D on the 91-cell board, moves by
//! clicking or dragging, every move played back (slide or hop, the taken man removed,
//! the arriving man turning into its new type), the move list on the right with in-place
//! editing, forced moves that play themselves, autosave.
//!
//! What is hex chess's own: the men (`pieces`, `stages`), the session around the game
//! (struck entries, forced moves, edits: `GameSession`), picking with the promotion
//! chooser (`input`), the move list (`panel`), saving (`autosave`), forced moves and
//! edits (`table`) and the status headline (`status`).

pub mod autosave;
pub mod panel;
pub mod pieces;
pub mod stages;

mod input;
mod status;
mod table;

pub use self::autosave::save_path;
pub use self::status::{forced_delay, status_text};
pub use self::table::type_entries;

use std::collections::HashMap;
use std::path::PathBuf;

use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

use self::autosave::Autosave;
use super::settings::Settings;
use super::table::{self as shared, Table, TableStart, TableSystems};
use super::{PlayMode, Screen};
use crate::rules::GameId;
use crate::rules::hexchess::{Cell, GameSession, Kind, PieceId};

/// Hex chess, as the shared table plays it.
pub struct Hexchess;

/// The hex chess table.
pub type HexchessTable = Table<Hexchess>;

/// Where the game is autosaved; `None` turns saving off (tests). When the resource is
/// absent, `hexchess.ron` in the data folder (`app::paths`).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct HexchessSave(pub Option<PathBuf>);

/// What the pointer and the move list asked for; handled in order by `table::process_input`.
/// Moves themselves go to the table's requests.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
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
#[derive(Default)]
pub struct HexchessScene {
    /// The entity of every man, by rules id.
    pub pieces: HashMap<PieceId, Entity>,
    /// Pointer and move-list requests, handled before the table's turns.
    pub input: Vec<Request>,
    selected: Option<Cell>,
    markers: Vec<Entity>,
    /// A promotion waiting for the chooser: (from, to).
    pub promotion: Option<(Cell, Cell)>,
    /// Counts down to the next forced move.
    pub forced: Option<Timer>,
    /// The men must be set out again from the rules' position.
    needs_respawn: bool,
    /// The list entry being edited and what has been typed.
    pub editing: Option<usize>,
    pub edit_buffer: String,
    /// Where the session is saved, and the table's change count it was saved at.
    autosave: Option<Autosave>,
    saved_changes: u64,
    /// Learners' setting: live play shows a renaming (morph and ring), which the v011
    /// document does not (kept in step with the settings).
    pub show_renaming: bool,
}

/// Keeps the table's copy of the "show renaming" setting in step (off without settings:
/// the v011 document announces nothing); the showcase, like the replay viewer, shows every
/// renaming.
fn follow_show_renaming(settings: Option<Res<Settings>>, table: Option<ResMut<HexchessTable>>) {
    let Some(mut table) = table else { return };
    let show = settings.is_some_and(|s| s.show_renaming) || table.mode == PlayMode::Showcase;
    if table.show_renaming != show {
        table.show_renaming = show;
    }
}

impl HexchessTable {
    /// Puts another session on the table (a test, a loaded game); the men are set out
    /// again on the next frame.
    pub fn replace_session(&mut self, session: GameSession) {
        table::adopt(self, session);
        self.needs_respawn = true;
    }
}

pub fn plugin(app: &mut App) {
    shared::plugin::<Hexchess>(app, GameId::Hexchess);
    app.add_systems(Update, follow_show_renaming.before(TableSystems::Turns))
        .add_message::<KeyboardInput>()
        .add_systems(
            OnEnter(Screen::Playing),
            table::restore_and_aim
                .after(TableStart)
                .run_if(super::playing(GameId::Hexchess)),
        )
        .add_systems(OnExit(Screen::Playing), table::leave)
        .add_systems(
            Update,
            (
                (input::edit_keys, input::table_keys, table::process_input)
                    .chain()
                    .in_set(TableSystems::Input),
                table::forced_moves
                    .in_set(TableSystems::Turns)
                    .before(shared::ComputerTurn),
                pieces::sync_when_idle.in_set(TableSystems::Sync),
                (table::save_changes, panel::update_panel).in_set(TableSystems::Show),
            )
                .run_if(resource_exists::<HexchessTable>),
        )
        .add_systems(
            PreUpdate,
            capture_keys_while_editing.run_if(resource_exists::<HexchessTable>),
        );
}

/// While a move-list entry is being edited, its keys (R, Enter, Escape...) belong to the
/// text, not to playback, the table or the menu.
fn capture_keys_while_editing(
    table: Res<HexchessTable>,
    mut captured: ResMut<super::KeyboardCaptured>,
) {
    let editing = table.editing.is_some();
    if captured.0 != editing {
        captured.0 = editing;
    }
}
