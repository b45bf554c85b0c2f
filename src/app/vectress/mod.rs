//! Vectress on the shared table: the magnets in 3D, moves by clicking or dragging, and
//! every move's chain reaction played back wave by wave.
//!
//! What is Vectress's own: the magnets and bond links (`pieces`, `stages`), the targets
//! with pull-free mode and the reasons a target is refused (`input`), snapping magnets to
//! their cells (`table`) and the status headline (`status`).

pub mod pieces;
mod sounds;
pub mod stages;

mod effects;
pub mod forces;
mod input;
pub use input::Target;
mod status;
mod table;

use bevy::prelude::*;

use self::stages::TableEntities;
use super::table::{self as shared, Request, Table, TableSystems};
use crate::rules::GameId;
use crate::rules::vectress::{Action, Cell};

/// Vectress's board: nine by nine.
pub const BOARD: crate::app::boards::SquareBoard =
    crate::app::boards::SquareBoard { cols: 9, rows: 9 };

pub use self::status::describe;

/// Vectress, as the shared table plays it.
pub struct Vectress;

/// The Vectress table.
pub type VectressTable = Table<Vectress>;

/// What Vectress keeps on the table.
#[derive(Default)]
pub struct VectressScene {
    pub entities: TableEntities,
    selected: Option<Cell>,
    /// Show pull-free moves instead of body moves for the selected piece.
    pub pull_free: bool,
    markers: Vec<Entity>,
    /// What the pointer explains (why a target is illegal).
    hover: Option<String>,
}

pub fn plugin(app: &mut App) {
    shared::plugin::<Vectress>(app, GameId::Vectress);
    forces::plugin(app);
    app.add_message::<VectressMove>()
        .add_systems(
            Update,
            (
                (apply_requested_moves, input::pull_free_key).in_set(TableSystems::Input),
                table::sync_when_idle.in_set(TableSystems::Sync),
            )
                .run_if(resource_exists::<VectressTable>),
        )
        .add_systems(
            PostUpdate,
            stages::follow_links
                .before(TransformSystems::Propagate)
                .run_if(resource_exists::<VectressTable>),
        );
}

/// Asks the table to play an action as if the side to move had chosen it (scripts,
/// tests). Refused actions are reported in the status line.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct VectressMove(pub Action);

fn apply_requested_moves(
    mut requests: MessageReader<VectressMove>,
    mut table: ResMut<VectressTable>,
) {
    for VectressMove(action) in requests.read() {
        table.requests.push_back(Request::Play(*action));
    }
}
