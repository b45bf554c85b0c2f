//! Hex chess v011 on the table: the men in 3D on the 91-cell board, moves by clicking or
//! dragging, every move played back through the shared `PlaybackQueue` (slide or hop,
//! the taken man removed, the arriving man turning into its new type), the move list on
//! the right with in-place editing, forced moves that play themselves, autosave.

pub mod panel;
pub mod pieces;
pub mod stages;

mod input;
mod status;
mod table;
mod turns;

pub use self::status::{forced_delay, status_text};

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Duration;

use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::picking::events::{Click, Drag, DragEnd, DragStart, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use rand::Rng;

use self::input::*;
use self::panel::{MoveEntry, PromotionChoice};
use self::pieces::{HexLooks, HexPiece, rest_transform, spawn_piece};
use self::stages::stages_for;
use self::status::*;
use self::table::*;
use self::turns::*;
use super::boards::{BoardCell, HEX_SIZE, hex_center};
use super::camera::OrbitCamera;
use super::hud::StatusLine;
use super::playback::PlaybackQueue;
use super::render::RenderRequest;
use super::stage::MainCamera;
use super::{ActiveGame, PlayMode, Screen};
use crate::rules::GameId;
use crate::rules::hexchess::ai::{AiConfig, choose};
use crate::rules::hexchess::{
    Cell, Color as Side, GameSession, Kind, Move, PieceId, Reason, Resolution, Ruleset,
};
use crate::rules::rng::{GameRng, seeded};

pub fn plugin(app: &mut App) {
    super::offer_play_modes(app, GameId::Hexchess);
    app.add_message::<KeyboardInput>()
        .add_systems(Startup, load_looks)
        .add_systems(
            OnEnter(Screen::Playing),
            start_table.run_if(super::playing(GameId::Hexchess)),
        )
        .add_systems(OnExit(Screen::Playing), leave_table)
        .add_systems(
            Update,
            (
                edit_keys,
                table_keys,
                process_requests,
                forced_moves,
                computer_turn,
                sync_when_idle,
                update_status,
                panel::update_panel,
            )
                .chain()
                .after(super::playback::PlaybackSystems)
                .run_if(resource_exists::<HexchessTable>),
        )
        .add_systems(
            PreUpdate,
            capture_keys_while_editing.run_if(resource_exists::<HexchessTable>),
        )
        .add_systems(
            OnExit(Screen::Playing),
            |mut captured: ResMut<super::KeyboardCaptured>| {
                captured.0 = false;
            },
        )
        .add_observer(on_click)
        .add_observer(on_drag_start)
        .add_observer(on_drag)
        .add_observer(on_drag_end);
}

/// While a move-list entry is being edited, its keys (R, Enter, Escape...) belong to the
/// text, not to playback or the menu.
fn capture_keys_while_editing(
    table: Res<HexchessTable>,
    mut captured: ResMut<super::KeyboardCaptured>,
) {
    let editing = table.editing.is_some();
    if captured.0 != editing {
        captured.0 = editing;
    }
}

fn load_looks(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(HexLooks::new(&mut meshes, &mut materials));
}

/// Where the game is autosaved; `None` turns saving off (tests). When the resource is
/// absent, `dirs::data_dir()/lodestone/hexchess.ron`.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct HexchessSave(pub Option<PathBuf>);

fn default_save_path() -> Option<PathBuf> {
    let dir = dirs::data_dir()?.join("lodestone");
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir.join("hexchess.ron"))
}

/// What the player (or a test) asked for; handled in order by `process_requests`.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// A cell was clicked (or a drag ended there).
    Pick(Cell),
    /// A drag started on a man: select it.
    Grab(Cell),
    /// A drag ended over this cell (None: off the board).
    Drop(Option<Cell>),
    /// Play this move.
    Play(Move),
    /// The promotion chooser's answer.
    Promote(Kind),
    Undo,
    NewGame,
    /// Start editing list entry `index` (the list's length appends).
    BeginEdit(usize),
    /// Replace entry `index` with `text` and replay the list (H7).
    Edit(usize, String),
    CancelEdit,
}

/// The game on the table and everything the view keeps about it.
#[derive(Resource)]
pub struct HexchessTable {
    pub session: GameSession,
    pub mode: PlayMode,
    /// The entity of every man, by rules id.
    pub pieces: HashMap<PieceId, Entity>,
    pub requests: Vec<Request>,
    selected: Option<Cell>,
    markers: Vec<Entity>,
    /// Decorations of the last playback (kept hidden for replay).
    effects: Vec<Entity>,
    /// A promotion waiting for the chooser: (from, to).
    pub promotion: Option<(Cell, Cell)>,
    thinking: Option<Task<Option<Move>>>,
    rng: GameRng,
    /// Counts down to the next forced move.
    pub forced: Option<Timer>,
    needs_sync: bool,
    /// The pieces must be set out again from the rules' position.
    needs_respawn: bool,
    demo_restart: f32,
    /// The list entry being edited and what has been typed.
    pub editing: Option<usize>,
    pub edit_buffer: String,
    /// The last thing worth telling the player (a refused edit, a save problem).
    pub message: Option<String>,
}

impl HexchessTable {
    pub fn new(session: GameSession, mode: PlayMode) -> Self {
        HexchessTable {
            session,
            mode,
            pieces: HashMap::new(),
            requests: Vec::new(),
            selected: None,
            markers: Vec::new(),
            effects: Vec::new(),
            promotion: None,
            thinking: None,
            rng: seeded(0x4E5C_4E55),
            forced: None,
            needs_sync: false,
            needs_respawn: true,
            demo_restart: 0.0,
            editing: None,
            edit_buffer: String::new(),
            message: None,
        }
    }

    /// Puts another session on the table (a test, a loaded game); the men are set out
    /// again on the next frame.
    pub fn replace_session(&mut self, session: GameSession) {
        self.session = session;
        self.reset_view();
    }

    fn reset_view(&mut self) {
        self.needs_respawn = true;
        self.thinking = None;
        self.forced = None;
        self.promotion = None;
        self.selected = None;
    }

    fn human_to_move(&self) -> bool {
        match self.mode {
            PlayMode::HotSeat | PlayMode::Board => true,
            PlayMode::VsComputer => self.session.game().turn() == Side::White,
            PlayMode::Demo => false,
        }
    }

    fn over(&self) -> bool {
        self.session.game().outcome().is_some()
    }
}
