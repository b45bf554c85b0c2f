//! Vectress on the shared table: the magnets in 3D, moves by clicking or dragging, and
//! every move's chain reaction played back wave by wave.
//!
//! What is Vectress's own: the magnets and bond links (`pieces`, `stages`), picking and
//! the targets' hover (`input`), selection with pull-free mode and the reasons a target is
//! refused (`controls`), setting out and snapping magnets to their cells (`table`) and the
//! status headline (`status`).

pub mod pieces;
mod sounds;
pub mod stages;

mod controls;
mod effects;
pub mod forces;
mod foresight;
mod input;
pub use input::Target;
mod status;
mod table;

use bevy::prelude::*;

use self::stages::TableEntities;
use super::table::{self as shared, TableSystems};
use crate::rules::GameId;
use crate::rules::vectress::Cell;

/// Vectress's board: nine by nine.
pub const BOARD: crate::app::boards::SquareBoard =
    crate::app::boards::SquareBoard { cols: 9, rows: 9 };

pub use self::status::describe;

/// Vectress, as the shared table plays it.
pub struct Vectress;

/// The Vectress table's game.
pub type VectressPlayed = shared::Played<Vectress>;

/// What Vectress keeps on the table.
#[derive(Resource, Default)]
pub struct VectressScene {
    pub entities: TableEntities,
    selected: Option<Cell>,
    /// Show pull-free moves instead of body moves for the selected piece.
    pub pull_free: bool,
    markers: Vec<Entity>,
    /// What the pointer explains (why a target is illegal).
    hover: Option<String>,
    /// The legal move under the pointer, which the table previews.
    hovered: Option<crate::rules::vectress::Action>,
}

impl VectressScene {
    /// The magnet selected, if one is.
    pub fn selected(&self) -> Option<Cell> {
        self.selected
    }
}

/// What only Vectress's input asks for (`TableInput::Game`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    /// Select the magnet on this cell (its targets lit); the selected one again, or an
    /// empty cell, drops the selection.
    Select(Cell),
    /// F: the selected magnet's targets switch between body moves and pull-frees.
    TogglePullFree,
}

pub fn plugin(app: &mut App) {
    shared::plugin::<Vectress>(app, GameId::Vectress);
    super::keymap::register(app, &[input::PULL_FREE]);
    forces::plugin(app);
    app.add_systems(
        Update,
        (
            input::pull_free_key
                .in_set(TableSystems::Input)
                .in_set(super::KeyboardSystems),
            controls::apply_controls.in_set(TableSystems::Controls),
            table::sync_when_idle.in_set(TableSystems::Sync),
            pieces::recolour_poles,
        )
            .run_if(resource_exists::<VectressPlayed>),
    )
    .add_systems(
        PostUpdate,
        stages::follow_links
            .before(TransformSystems::Propagate)
            .run_if(resource_exists::<VectressPlayed>),
    );
}
