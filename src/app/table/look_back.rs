//! Looking back at the game's own moves (a move clicked in the move list): the viewer
//! opens on the game with the live one kept aside, to go back to ("back to the game") or
//! to play on from where it is shown.

use bevy::prelude::*;

use super::TableGame;
use super::state::{Played, Seats};
use super::turns::respawn;
use super::viewer::{Viewer, ViewerTable, Viewing};
use crate::app::PlayMode;
use crate::rules::Match;

/// The game being played, kept aside while the viewer looks back at its own moves.
#[derive(Resource)]
pub struct LiveAside<G: TableGame>(pub Option<Match<G::Rules>>);

impl<G: TableGame> Default for LiveAside<G> {
    fn default() -> Self {
        LiveAside(None)
    }
}

/// Whether a person may look back at the game's own moves now (a click in the move
/// list): in the games people play, and in a replay watched.
pub fn may_look_back(seats: &Seats, viewing: &Viewing) -> bool {
    viewing.0.is_some()
        || matches!(
            seats.mode,
            PlayMode::HotSeat | PlayMode::VsComputer | PlayMode::Board
        )
}

/// Shows the position after `ply` actions (a move clicked in the move list): in a replay
/// watched, a jump; in a game being played, the viewer opens on its own moves with the
/// live game kept aside, to go back to or play on from.
pub(super) fn look_back<G: TableGame>(
    In(ply): In<usize>,
    mut table: ViewerTable<G>,
    seats: Res<Seats>,
    mut live: ResMut<LiveAside<G>>,
) {
    if !may_look_back(&seats, &table.viewing) {
        return;
    }
    if table.viewing.0.is_none() {
        let game = table.played.game.clone();
        table.viewing.0 = Some(Viewer::new(
            game.setup().clone(),
            game.notation().to_vec(),
            None,
        ));
        // The computer's turn waits for the game to come back (its search is dropped as
        // the table changes).
        live.0 = Some(game);
        table.note.0 = None;
    }
    table.jump(ply);
}

/// The game being played, back as it was before looking back; false if none was aside.
pub fn back_to_live<G: TableGame>(
    played: &mut Played<G>,
    live: &mut LiveAside<G>,
    viewing: &mut Viewing,
) -> bool {
    let Some(game) = live.0.take() else {
        return false;
    };
    played.replace(game);
    viewing.0 = None;
    true
}

/// Back to the game being played, set out on the table (the move list's button).
pub(super) fn return_to_live<G: TableGame>(
    mut table: ViewerTable<G>,
    mut live: ResMut<LiveAside<G>>,
) {
    let table = &mut table;
    if back_to_live(&mut table.played, &mut live, &mut table.viewing) {
        table.requests.0.clear();
        respawn(
            &mut table.commands,
            &*table.looks,
            &table.played,
            &mut table.scene,
            &mut table.queue,
            &mut table.effects,
            table.parts.iter(),
        );
    }
}

/// Looks back at the position after `ply` in `app` now (tests): what clicking a move in
/// the move list does.
pub fn look_back_now<G: TableGame>(app: &mut App, ply: usize) {
    app.world_mut()
        .run_system_cached_with(look_back::<G>, ply)
        .expect("the table is set");
}
