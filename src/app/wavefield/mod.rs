//! Wave Field on the table: the energy field as a shader-driven surface that flows from
//! field to field, the four piece types in 3D, W10's move markers, removal rounds played
//! back round by round, the tuning panel, the views, History Roll, Pressure and developer
//! mode. Hot seat, against the computer (easy or strong, off the main thread) and a demo.

pub mod panel;
pub mod pieces;
pub mod stages;
pub mod surface;

mod input;
mod motion;
mod status;
mod table;
mod turns;

use std::collections::{HashMap, VecDeque};

use bevy::picking::events::{Click, DragDrop, DragStart, Out, Over, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use rand::Rng;

use self::input::*;
use self::motion::*;
use self::pieces::{
    Looks, PieceView, Target, WarningRing, rest_transform, spawn_marker, spawn_piece,
    spawn_selection,
};
use self::stages::stages_for;
use self::status::*;
use self::surface::{FieldMaterial, FieldUniform, View, pack, surface_mesh, to_f32, unpack};
use self::table::*;
use self::turns::*;
use super::boards::BoardCell;
use super::camera::OrbitCamera;
use super::hud::StatusLine;
use super::playback::PlaybackQueue;
use super::render::RenderRequest;
use super::{ActiveGame, PlayMode, Screen};
use crate::rules::GameId;
use crate::rules::rng::{GameRng, seeded};
use crate::rules::wavefield::ai::{AiConfig, choose};
use crate::rules::wavefield::views::{self, MarkerKind};
use crate::rules::wavefield::{Action, Cell, Event, Game, Kind, Move, PieceId, Side, parse_action};

pub fn plugin(app: &mut App) {
    super::offer_play_modes(app, GameId::Wavefield);
    surface::plugin(app);
    app.add_systems(Startup, load_looks)
        .add_systems(
            OnEnter(Screen::Playing),
            start_table.run_if(super::playing(GameId::Wavefield)),
        )
        .add_systems(OnExit(Screen::Playing), leave_table)
        .add_systems(
            Update,
            (
                table_keys,
                panel::panel_buttons,
                panel::thumbnail_clicks,
                panel::fit_panel,
                apply_commands,
                computer_turn,
                drive_surface,
                follow_surface,
                update_status,
                panel::update_panel,
                pieces::pulse_warnings,
            )
                .chain()
                .after(super::playback::PlaybackSystems)
                .run_if(resource_exists::<WavefieldTable>),
        )
        .add_observer(on_click)
        .add_observer(on_drag_start)
        .add_observer(on_drag_drop)
        .add_observer(on_hover)
        .add_observer(on_hover_end);
}

fn load_looks(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(Looks::new(&mut meshes, &mut materials));
}

/// The computer's strength against a person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Easy,
    Strong,
}

/// Everything the player can ask for (keys and panel buttons).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
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
    pub from: [f32; 49],
    pub to: [f32; 49],
    /// 0..1.
    pub t: f32,
}

impl FieldAnim {
    fn settled(field: [f32; 49]) -> Self {
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
    pub fn current(&self) -> [f32; 49] {
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

/// The game on the table and everything the view keeps about it.
#[derive(Resource)]
pub struct WavefieldTable {
    pub game: Game,
    pub mode: PlayMode,
    pub level: Level,
    /// Piece entities by rules id: (piece, warning ring).
    pub pieces: HashMap<PieceId, (Entity, Entity)>,
    pub surface: Handle<FieldMaterial>,
    pub view: View,
    /// Bit k: CMYK channel k is shown.
    pub channels: u32,
    pub selected: Option<PieceId>,
    markers: Vec<Entity>,
    /// The field the surface previews while a destination is under the pointer.
    preview: Option<[f32; 49]>,
    /// What the pointer explains, or the last refusal.
    pub message: Option<String>,
    pub anim: FieldAnim,
    /// The fields the current playback passes through (see `stages_for`).
    stage_fields: Vec<[f32; 49]>,
    /// Index of the current playback's first stage in the queue.
    stage_offset: usize,
    effects: Vec<Entity>,
    thinking: Option<Task<Vec<Action>>>,
    /// The computer's remaining actions this turn (a tune, then a move).
    planned: VecDeque<Action>,
    /// Seconds before the computer's next action.
    computer_wait: f32,
    /// Commands from keys, buttons and tests, applied in order.
    pub commands: Vec<Command>,
    /// Wave definitions edited in developer mode, applied by Restart.
    pub draft: Option<crate::rules::wavefield::definitions::Definitions>,
    rng: GameRng,
    demo_restart: f32,
    pub dev: bool,
}

impl WavefieldTable {
    pub fn human_side(&self) -> Option<Side> {
        match self.mode {
            PlayMode::VsComputer => Some(Side::Red),
            _ => None,
        }
    }

    pub fn human_to_move(&self) -> bool {
        match self.mode {
            PlayMode::HotSeat | PlayMode::Board => true,
            PlayMode::VsComputer => self.game.to_move() == Side::Red,
            PlayMode::Demo => false,
        }
    }

    fn field(&self) -> [f32; 49] {
        to_f32(self.game.position().field())
    }
}
