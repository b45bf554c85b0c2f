//! The table's system sets and their order in the frame, and what the table sets up once
//! for every game (its resources, messages and shared systems).

use bevy::prelude::*;

use super::{keeping, last_move, pointer_note, score, seat, status};
use crate::app::Screen;
use crate::app::playback::{PlaybackQueue, PlaybackSystems};

/// The computer's turn inside [`TableSystems::Turns`] (a game's own turns go before it).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ComputerTurn;

/// The table's start on entering a game (a game's own setup runs `.after` it).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TableStart;

/// The table's frame, in order: input, turns (requests, forced moves, the computer),
/// sync of entities to the rules state, then what is shown (visuals, status).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TableSystems {
    Input,
    Turns,
    Sync,
    Show,
}

/// Orders the table's sets after playback (added once by the app plugin). While the
/// pause menu is up the table takes no input and plays no turn.
pub fn configure(app: &mut App) {
    app.configure_sets(
        Update,
        (
            TableSystems::Input,
            TableSystems::Turns,
            TableSystems::Sync,
            TableSystems::Show,
        )
            .chain()
            .after(PlaybackSystems),
    );
    app.configure_sets(
        Update,
        (TableSystems::Input, TableSystems::Turns).in_set(crate::app::PausableSystems),
    );
    app.configure_sets(
        OnEnter(Screen::Playing),
        TableStart.after(crate::app::boards::BoardSpawn),
    );
    app.init_resource::<keeping::UnsavedReplays>()
        .init_resource::<status::StatusLine>()
        .init_resource::<status::GameKeys>()
        .init_resource::<status::ComputerThinking>()
        .init_resource::<score::Scoreboard>()
        .add_message::<super::TableCommand>();
    app.add_systems(
        OnExit(Screen::Playing),
        (seat::unseat_camera, stop_playback, score::clear_scoreboard),
    );
    pointer_note::configure(app);
    super::badges::plugin(app);
    last_move::configure(app);
}

/// Leaving the table stops its playback: the pieces are gone, and a stage left running
/// would keep its animations alive into the menu (one per tween) until it ran out.
fn stop_playback(mut queue: ResMut<PlaybackQueue>) {
    queue.clear();
}
