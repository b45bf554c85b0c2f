//! Wave Field on the table: the energy field as a shader-driven surface that flows from
//! field to field, the four piece types in 3D, W10's move markers, removal rounds played
//! back round by round, the tuning panel, the views, History Roll, Pressure and developer
//! mode, on the shared table.
//!
//! What is Wave Field's own: the surface and its flow (`surface`, `motion`), the pieces and
//! markers (`pieces`, `stages`), the tuning panel and developer mode's wave editor
//! (`panel`), its controls (`controls`, the panel's `readout`), picking (`input`),
//! dragging with the field previewed (`drag`), setting out (`table`) and the status
//! (`status`).

pub mod panel;
pub mod pieces;
pub mod stages;
pub mod surface;

mod controls;
pub mod drag;
mod foresight;
mod input;
mod motion;
mod readout;
mod set_out;
mod status;
mod table;

use std::collections::HashMap;

use bevy::picking::events::{Click, Out, Over, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use self::controls::*;
use self::drag::{
    Dragging, on_piece_cancel, on_piece_drag, on_piece_drag_end, on_piece_drag_start,
};
use self::input::*;
use self::motion::*;
use self::pieces::{
    Looks, PieceView, Target, WarningRing, rest_transform, spawn_marker, spawn_piece,
    spawn_selection,
};
use self::stages::stages_for;
use self::surface::{FieldMaterial, FieldUniform, View, pack, surface_mesh, to_f32, unpack};
use self::table::*;
use super::Screen;
use super::boards::BoardCell;
use super::playback::{PlaybackQueue, Stage};
use super::table::{self as shared, TableGame, TablePart, TableSystems};
use crate::rules::rng::GameRng;
use crate::rules::wavefield::ai::{AiConfig, choose};
use crate::rules::wavefield::geometry::CELLS;
use crate::rules::wavefield::views::{self, MarkerKind};
use crate::rules::wavefield::{Action, Cell, Event, Game, Kind, Move, PieceId, Resolution};
use crate::rules::{GameId, Match};

pub use self::panel::definitions_file::DefinitionsFile;
pub use self::panel::edits::{Edit, Editor, Focus, Note};

pub fn plugin(app: &mut App) {
    shared::plugin::<Wavefield>(app, GameId::Wavefield);
    super::keymap::register(app, &input::KEYS);
    surface::plugin(app);
    panel::editor::plugin(app);
    panel::editor_readout::plugin(app);
    app.add_systems(
        OnEnter(Screen::Playing),
        set_out::still_options
            .after(shared::TableEnter::LaunchMove)
            .before(shared::TableEnter::LaunchTaken)
            .run_if(resource_exists::<WavefieldPlayed>),
    )
    .add_systems(
        Update,
        (
            (
                table_keys.in_set(super::KeyboardSystems),
                panel::fit_panel,
                panel::hide_while_set_up,
            )
                .chain()
                .in_set(TableSystems::Input),
            apply_controls.in_set(TableSystems::Controls),
            (
                drive_surface,
                follow_surface,
                readout::update_panel,
                panel::paint_buttons,
                pieces::pulse_warnings,
                pieces::recolour_sides,
            )
                .chain()
                .in_set(TableSystems::Show),
        )
            .run_if(resource_exists::<WavefieldPlayed>),
    )
    .add_observer(panel::panel_button)
    .add_observer(panel::thumbnail_click);
}

/// Wave Field, as the shared table plays it.
pub struct Wavefield;

/// The Wave Field table's game.
pub type WavefieldPlayed = shared::Played<Wavefield>;

/// What only Wave Field's input asks for (keys and panel buttons), beyond the table's
/// plays, undo and new game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    /// Play a rules action on a person's turn (tune, dice, reset, hint, resign, press,
    /// move); a tuning keeps the selection's markers in step.
    Play(Action),
    /// Set one kind's slot-1 sign for the side to move: its profile in a game of one slot
    /// per type, a press of slot 1 in a multi-slot game.
    Tune(Kind, i32),
    CycleView,
    ToggleChannel(usize),
    ToggleLevel,
    ToggleDev,
    /// A new game with the definitions being edited (W11), else those in force.
    Restart,
    /// A new game with the built-in definitions (W11).
    RestartAndReset,
    /// Developer mode's wave editor, on the draft definitions (Restart applies them).
    Edit(Edit),
    /// Writes the definitions being edited to the definitions file ([`DefinitionsFile`]).
    SaveDefinitions,
    /// Reads the definitions file into the draft.
    LoadDefinitions,
}

impl From<Control> for shared::TableInput<Wavefield> {
    fn from(control: Control) -> Self {
        shared::TableInput::Game(control)
    }
}

/// The field shown while it flows from one field to the next.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FieldAnim {
    pub from: [f32; CELLS],
    pub to: [f32; CELLS],
    /// 0..1.
    pub t: f32,
}

impl FieldAnim {
    fn settled(field: [f32; CELLS]) -> Self {
        FieldAnim {
            from: field,
            to: field,
            t: 1.0,
        }
    }

    fn eased(&self) -> f32 {
        let t = self.t.clamp(0.0, 1.0);
        t * t * (3.0 - 2.0 * t)
    }

    /// The field shown now.
    pub fn current(&self) -> [f32; CELLS] {
        let k = self.eased();
        let mut out = self.from;
        for (o, to) in out.iter_mut().zip(self.to.iter()) {
            *o += (to - *o) * k;
        }
        out
    }
}

/// Seconds a tuning change takes to flow over the surface.
const FLOW_SECONDS: f32 = 0.45;

/// What Wave Field keeps on the table.
#[derive(Resource)]
pub struct WavefieldScene {
    /// Piece entities by rules id: (piece, warning ring).
    pub pieces: HashMap<PieceId, (Entity, Entity)>,
    pub surface: Handle<FieldMaterial>,
    pub view: View,
    /// Bit k: CMYK channel k is shown.
    pub channels: u32,
    pub selected: Option<PieceId>,
    markers: Vec<Entity>,
    /// The field the surface previews while a destination is under the pointer.
    preview: Option<[f32; CELLS]>,
    /// The selected piece's move under the pointer, which the table previews.
    hovered: Option<Move>,
    /// What the pointer explains.
    pub hover: Option<String>,
    pub anim: FieldAnim,
    /// The fields the current playback passes through (see `stages_for`).
    stage_fields: Vec<[f32; CELLS]>,
    /// Controls a control asked for, applied next frame (a tuning from a `Tune`).
    queued: Vec<Control>,
    /// Wave definitions edited in developer mode, applied by Restart.
    pub draft: Option<crate::rules::wavefield::definitions::Definitions>,
    pub dev: bool,
    /// The wave editor's focus and its last sentence.
    pub editor: Editor,
    /// The piece being dragged.
    pub drag: Option<Dragging>,
    /// Where the last dragged piece was let go, so its move starts from there.
    dropped: Option<(PieceId, Transform)>,
    /// The status headline for (changes, ply): a trapped Big Hat's rescue search over
    /// three-slot definitions can take a tenth of a second, so it runs once per state,
    /// not once per frame.
    headline: std::sync::Mutex<Option<((u64, usize), String)>>,
}

impl Default for WavefieldScene {
    fn default() -> Self {
        WavefieldScene {
            pieces: HashMap::new(),
            surface: Handle::default(),
            view: View::Territory,
            channels: 0b1111,
            selected: None,
            markers: Vec::new(),
            preview: None,
            hovered: None,
            hover: None,
            anim: FieldAnim::settled([0.0; CELLS]),
            stage_fields: Vec::new(),
            queued: Vec::new(),
            draft: None,
            dev: false,
            editor: Editor::default(),
            drag: None,
            dropped: None,
            headline: std::sync::Mutex::new(None),
        }
    }
}

/// The field of the position on the table.
fn field(played: &WavefieldPlayed) -> [f32; CELLS] {
    to_f32(played.game.position().field())
}
