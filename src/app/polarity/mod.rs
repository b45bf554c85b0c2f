//! Polarity on the table: grey stones on the 8 x 8 board, each player's rooks, bishops
//! and queen beside it (spent ones laid down), the piles of collected stones, placement by
//! clicking with a hover preview of the power's rays, and every action played back
//! through the shared `PlaybackQueue`.
//!
//! Keys: 1 plain, 2 rook, 3 bishop, 4 queen, Tab push/pull, U undo, N new game.

pub mod looks;
pub mod stages;

mod input;
mod status;
mod table;
mod turns;

pub use self::status::{describe, hand_summary};

use bevy::picking::events::{Click, Out, Over, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use rand::Rng;

use self::input::*;
use self::looks::{
    HandPiece, PolarityLooks, SLOTS, SideLabel, Stone, TablePart, hand_rest, pile_point, pile_rest,
    slot_standing, spawn_hand_piece, spawn_side_label, spawn_stone, stone_rest,
};
use self::stages::{TableEntities, legal_dots, preview, side_title, stages_for};
use self::status::*;
use self::table::*;
use self::turns::*;
use super::boards::BoardCell;
use super::hud::StatusLine;
use super::playback::PlaybackQueue;
use super::render::RenderRequest;
use super::{ActiveGame, PlayMode, Screen};
use crate::rules::GameId;
use crate::rules::polarity::ai::{AiConfig, choose};
use crate::rules::polarity::{
    Action, Cell, EndReason, Game, Hand, Mode, Next, Outcome, Piece, Power, Side, TARGET,
};
use crate::rules::rng::{GameRng, seeded};

pub fn plugin(app: &mut App) {
    super::offer_play_modes(app, GameId::Polarity);
    app.add_systems(Startup, load_looks)
        .add_systems(
            OnEnter(Screen::Playing),
            start_table.run_if(super::playing(GameId::Polarity)),
        )
        .add_systems(OnExit(Screen::Playing), |mut commands: Commands| {
            commands.remove_resource::<PolarityTable>()
        })
        .add_systems(
            Update,
            (
                table_keys,
                play_requests,
                computer_turn,
                sync_when_idle,
                refresh_preview,
                update_labels,
                update_status,
            )
                .chain()
                .after(super::playback::PlaybackSystems)
                .run_if(resource_exists::<PolarityTable>),
        )
        .add_observer(on_click)
        .add_observer(on_hover)
        .add_observer(on_hover_end);
}

fn load_looks(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(PolarityLooks::new(&mut meshes, &mut materials));
}

/// The power the player has chosen for their next placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// `None`: a plain placement.
    pub piece: Option<Piece>,
    pub mode: Mode,
}

impl Choice {
    pub fn power(&self) -> Option<Power> {
        self.piece.map(|piece| Power {
            piece,
            mode: self.mode,
        })
    }
}

/// The game on the table and everything the view keeps about it.
#[derive(Resource)]
pub struct PolarityTable {
    pub game: Game,
    pub mode: PlayMode,
    /// The games before each action, for undo.
    history: Vec<Game>,
    /// The actions played, in notation.
    pub moves: Vec<String>,
    pub entities: TableEntities,
    pub choice: Choice,
    /// Actions to play as soon as the playback is idle (tests, scripts).
    pub requests: Vec<Action>,
    hover_cell: Option<Cell>,
    preview_dirty: bool,
    markers: Vec<Entity>,
    hover_text: Option<String>,
    /// The last playback's flashes, despawned when the next action starts.
    effects: Vec<Entity>,
    thinking: Option<Task<Option<Action>>>,
    rng: GameRng,
    needs_sync: bool,
    demo_restart: f32,
    /// A refused action or other message for the status line.
    pub message: Option<String>,
    /// While the last action plays: the piles' counts before it, shown until its
    /// removal stage (this 0-based stage) has played.
    counts_before: Option<([u16; 2], usize)>,
}

impl PolarityTable {
    fn human_to_move(&self) -> bool {
        match self.mode {
            PlayMode::HotSeat | PlayMode::Board => true,
            PlayMode::VsComputer => self.game.to_move() == Side::One,
            PlayMode::Demo => false,
        }
    }

    /// The power a click would use now: the choice, unless this turn must be plain.
    pub fn power_now(&self) -> Option<Power> {
        if self
            .game
            .position()
            .hand(self.game.to_move())
            .must_place_plain()
        {
            None
        } else {
            self.choice.power()
        }
    }

    /// Points at `cell` (what hovering a board cell does); `None` when the pointer leaves.
    pub fn hover(&mut self, cell: Option<Cell>) {
        self.hover_cell = cell;
        self.preview_dirty = true;
    }

    /// What the hover preview says about the cell pointed at.
    pub fn hover_text(&self) -> Option<&str> {
        self.hover_text.as_deref()
    }

    /// The preview's markers now on the table.
    pub fn markers(&self) -> &[Entity] {
        &self.markers
    }

    /// Picks `piece` (or plain), taking the mode the alternation asks for.
    pub fn choose_piece(&mut self, piece: Option<Piece>) {
        self.choice.piece = piece;
        let hand = self.game.position().hand(self.game.to_move());
        let next = match piece {
            Some(Piece::Rook) => hand.next_rook,
            Some(Piece::Bishop) => hand.next_bishop,
            _ => Next::Any,
        };
        match next {
            Next::Push => self.choice.mode = Mode::Push,
            Next::Pull => self.choice.mode = Mode::Pull,
            Next::Any => {}
        }
        self.preview_dirty = true;
    }
}
