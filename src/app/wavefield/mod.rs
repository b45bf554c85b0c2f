//! Wave Field on the table: the energy field as a shader-driven surface that flows from
//! field to field, the four piece types in 3D, W10's move markers, removal rounds played
//! back round by round, the tuning panel, the views, History Roll, Pressure and developer
//! mode, on the shared table.
//!
//! What is Wave Field's own: the surface and its flow (`surface`, `motion`), the pieces and
//! markers (`pieces`, `stages`), the tuning panel and developer mode (`panel`), its
//! controls (`controls`, the panel's `readout`), picking (`input`), setting out (`table`) and the status (`status`).

pub mod panel;
pub mod pieces;
pub mod stages;
pub mod surface;

mod controls;
mod input;
mod motion;
mod readout;
mod status;
mod table;

use std::collections::HashMap;

use bevy::picking::events::{Click, DragDrop, DragStart, Out, Over, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use self::controls::*;
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
use super::camera::OrbitCamera;
use super::playback::{PlaybackQueue, Stage};
use super::render::RenderRequest;
use super::table::{
    self as shared, Request, Table, TableGame, TablePart, TableStart, TableSystems,
};
use crate::rules::rng::GameRng;
use crate::rules::wavefield::ai::{AiConfig, choose};
use crate::rules::wavefield::geometry::CELLS;
use crate::rules::wavefield::views::{self, MarkerKind};
use crate::rules::wavefield::{Action, Cell, Event, Game, Kind, Move, PieceId, Resolution};
use crate::rules::{GameId, Match};

pub fn plugin(app: &mut App) {
    shared::plugin::<Wavefield>(app, GameId::Wavefield);
    surface::plugin(app);
    app.add_systems(
        OnEnter(Screen::Playing),
        set_out_surface
            .after(TableStart)
            .run_if(super::playing(GameId::Wavefield)),
    )
    .add_systems(OnExit(Screen::Playing), leave_table)
    .add_systems(
        Update,
        (
            (
                table_keys,
                panel::panel_buttons,
                panel::thumbnail_clicks,
                panel::fit_panel,
                apply_commands,
            )
                .chain()
                .in_set(TableSystems::Input),
            (
                drive_surface,
                follow_surface,
                readout::update_panel,
                pieces::pulse_warnings,
            )
                .chain()
                .in_set(TableSystems::Show),
        )
            .run_if(resource_exists::<WavefieldTable>),
    );
}

/// Wave Field, as the shared table plays it.
pub struct Wavefield;

/// The Wave Field table.
pub type WavefieldTable = Table<Wavefield>;

/// Everything the player can ask for (keys and panel buttons).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    /// Play a rules action (tune, dice, reset, hint, resign, press, move).
    Play(Action),
    /// Set one kind's sign in the side to move's profile.
    Tune(Kind, i32),
    Undo,
    NewGame,
    CycleView,
    ToggleChannel(usize),
    ToggleLevel,
    ToggleDev,
    Restart,
    RestartAndReset,
    /// Developer mode's wave editor, on the draft definitions (Restart applies them):
    /// the kind's first slot becomes the next built-in preset ...
    EditPreset(Kind),
    /// ... or a ring table read off its current pattern ...
    EditRings(Kind),
    /// ... or the value at (|dx|, |dy|) cycles -1, 0, +1 (a grid; a ring table cycles
    /// that ring).
    EditCell(Kind, i32, i32),
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
    /// What the pointer explains.
    pub hover: Option<String>,
    pub anim: FieldAnim,
    /// The fields the current playback passes through (see `stages_for`).
    stage_fields: Vec<[f32; CELLS]>,
    /// Controls from keys, buttons and tests, applied in order.
    pub controls: Vec<Control>,
    /// Wave definitions edited in developer mode, applied by Restart.
    pub draft: Option<crate::rules::wavefield::definitions::Definitions>,
    pub dev: bool,
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
            hover: None,
            anim: FieldAnim::settled([0.0; CELLS]),
            stage_fields: Vec::new(),
            controls: Vec::new(),
            draft: None,
            dev: false,
        }
    }
}

impl WavefieldTable {
    fn field(&self) -> [f32; CELLS] {
        to_f32(self.game.position().field())
    }
}
