//! Polarity on the shared table: grey stones on the 8 x 8 board, each player's rooks,
//! bishops and queen beside it (spent ones laid down), the piles of collected stones,
//! placement by clicking with a hover preview of the power's rays.
//!
//! Keys: 1 plain, 2 rook, 3 bishop, 4 queen, X push/pull, U undo, N new game.
//!
//! What is Polarity's own: stones, hands and piles (`pieces`, `layout`, `stages`), the
//! power choice and the hover preview (`input`, `preview`), the pile labels and status
//! (`status`), setting out and snapping to the rules (`table`).

pub mod layout;
mod meshes;
pub mod pieces;
mod preview;
mod rays;
pub mod stages;

mod controls;
mod foresight;
mod input;
mod status;
mod table;

pub use self::status::{describe, hand_summary};

use bevy::prelude::*;

use self::stages::TableEntities;
use super::boards::BoardCell;
use super::table::{self as shared, TableSystems};
use crate::rules::GameId;
use crate::rules::polarity::{Cell, Mode, Next, Piece, Power};

/// Polarity, as the shared table plays it.
pub struct Polarity;

/// The Polarity table's game.
pub type PolarityPlayed = shared::Played<Polarity>;

/// The power the player has chosen for their next placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// `None`: a plain placement.
    pub piece: Option<Piece>,
    pub mode: Mode,
}

impl Default for Choice {
    fn default() -> Self {
        Choice {
            piece: None,
            mode: Mode::Push,
        }
    }
}

impl Choice {
    pub fn power(&self) -> Option<Power> {
        self.piece.map(|piece| Power {
            piece,
            mode: self.mode,
        })
    }
}

/// What only Polarity's input asks for (`TableInput::Game`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    /// 1-4: a plain placement (`None`) or the piece whose power the next stone spends.
    Choose(Option<Piece>),
    /// X: push or pull.
    ToggleMode,
}

/// What Polarity keeps on the table.
#[derive(Resource, Default)]
pub struct PolarityScene {
    pub entities: TableEntities,
    pub choice: Choice,
    hover_cell: Option<Cell>,
    preview_dirty: bool,
    markers: Vec<Entity>,
    hover_text: Option<String>,
    /// The hovered cell takes no stone: the hover text says why, at the pointer.
    hover_refused: bool,
}

pub fn plugin(app: &mut App) {
    shared::plugin::<Polarity>(app, GameId::Polarity);
    super::keymap::register(app, &input::KEYS);
    app.add_systems(
        Update,
        (
            input::choice_keys
                .in_set(TableSystems::Input)
                .in_set(super::KeyboardSystems),
            controls::apply_controls.in_set(TableSystems::Controls),
            table::sync_when_idle.in_set(TableSystems::Sync),
            (input::refresh_preview, status::update_labels)
                .chain()
                .in_set(TableSystems::Show),
        )
            .run_if(resource_exists::<PolarityPlayed>),
    );
}

impl PolarityScene {
    /// Points at `cell` (what hovering a board cell does); `None` when the pointer leaves.
    pub fn hover(&mut self, cell: Option<Cell>) {
        self.hover_cell = cell;
        self.preview_dirty = true;
    }

    /// What the hover preview says about the cell pointed at.
    pub fn hover_text(&self) -> Option<&str> {
        self.hover_text.as_deref()
    }

    /// Why the hovered cell takes no stone, if it does not.
    pub fn hover_refusal(&self) -> Option<&str> {
        self.hover_text.as_deref().filter(|_| self.hover_refused)
    }

    /// The preview's markers now on the table.
    pub fn markers(&self) -> &[Entity] {
        &self.markers
    }

    /// The power a click would use now in `played`: the choice, unless this turn must be
    /// plain.
    pub fn power_now(&self, played: &PolarityPlayed) -> Option<Power> {
        if played
            .game
            .position()
            .hand(played.game.to_move())
            .must_place_plain()
        {
            None
        } else {
            self.choice.power()
        }
    }

    /// Picks `piece` (or plain), taking the mode the alternation asks for in `played`.
    pub fn choose_piece(&mut self, played: &PolarityPlayed, piece: Option<Piece>) {
        let hand = *played.game.position().hand(played.game.to_move());
        self.choice.piece = piece;
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

/// A board cell's rules cell.
pub(super) fn cell_of(board_cell: &BoardCell) -> Option<Cell> {
    let x = u8::try_from(board_cell.x).ok()?;
    let y = u8::try_from(board_cell.y).ok()?;
    Cell::new(x, y)
}
