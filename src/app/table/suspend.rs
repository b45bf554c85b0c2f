//! A live game left for the menu waits here, whole (rules, turns, level, side, message),
//! until the player resumes it from the new-game dialog or starts another game of its kind.

use bevy::prelude::*;

use super::{Table, TableGame};
use crate::app::choice::{SuspendedGame, SuspendedGames};
use crate::app::{ActiveGame, PlayMode};
use crate::rules::Rules;

/// How a table came to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Resumed {
    /// A new game.
    #[default]
    No,
    /// The game left for the menu in this run, exactly as it was.
    FromMenu,
    /// Resuming was asked for with nothing kept in this run (a game with a save of its
    /// own, hex chess, restores it).
    Asked,
}

/// The live game of `G` left for the menu.
#[derive(Resource)]
pub struct Suspended<G: TableGame>(pub(super) Option<Table<G>>);

/// Whether leaving `table` keeps it to resume: a game people play, under way, not over.
fn worth_keeping<G: TableGame>(table: &Table<G>) -> bool {
    matches!(table.mode, PlayMode::HotSeat | PlayMode::VsComputer)
        && !table.offscreen
        && table.viewer.is_none()
        && !table.game.is_over()
        && table.game.turns() > 0
}

/// Takes the table off the screen: a live game is kept (its entities are being
/// despawned, and the computer will think again on resume), anything else is dropped.
pub(super) fn leave<G: TableGame>(world: &mut World) {
    world.resource_mut::<crate::app::ArrowKeysTaken>().0 = false;
    let Some(mut table) = world.remove_resource::<Table<G>>() else {
        return;
    };
    if !worth_keeping(&table) {
        return;
    }
    table.effects.clear();
    table.thinking = None;
    table.planned.clear();
    table.requests.clear();
    table.computer_wait = 0.0;
    table.needs_sync = false;
    G::forget_entities(&mut table.scene);
    let entry = SuspendedGame {
        mode: table.mode,
        turns: table.game.turns(),
    };
    world
        .resource_mut::<SuspendedGames>()
        .0
        .insert(<G::Rules as Rules>::GAME, entry);
    world.insert_resource(Suspended(Some(table)));
}

/// The kept game of `G`, taken for resuming (`None` when there is none); the resource
/// goes with the commands.
pub(super) fn take<G: TableGame>(
    commands: &mut Commands,
    kept: Option<&mut Suspended<G>>,
    games: &mut SuspendedGames,
) -> Option<Table<G>> {
    forget::<G>(commands, games);
    kept?.0.take()
}

/// A new live game of `G` replaces the kept one (which was saved as a replay on leaving).
pub(super) fn forget<G: TableGame>(commands: &mut Commands, games: &mut SuspendedGames) {
    commands.remove_resource::<Suspended<G>>();
    games.0.remove(&<G::Rules as Rules>::GAME);
}

/// Whether the active game is one people play (a new one of those replaces a kept one).
pub(super) fn is_live(active: &ActiveGame) -> bool {
    matches!(active.mode, PlayMode::HotSeat | PlayMode::VsComputer)
}
