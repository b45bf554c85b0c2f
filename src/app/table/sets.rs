//! The table's system sets and their order in the frame, and what the table sets up once
//! for every game (its resources, messages and shared systems).

use bevy::prelude::*;

use super::{keeping, last_move, launch, pointer_note, saving, score, seat, state, status};
use crate::app::Screen;
use crate::app::playback::{PlaybackQueue, PlaybackSystems};

/// The computer's turn inside [`TableSystems::Turns`] (a game's own turns go before it).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ComputerTurn;

/// Entering a table, in order: the table's start (its game, seats and scene), the game's
/// own setting out ([`super::TableGame::on_enter`], hooks that depend on the
/// presentation), the launch's last move played through its playback (a still's, a
/// film's lead-up), the launch taken. A game's setup that needs that move runs after
/// `LaunchMove` and before `LaunchTaken`.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TableEnter {
    Start,
    SetOut,
    LaunchMove,
    LaunchTaken,
}

/// The table's frame, in order: input (keys, scripts: [`super::TableInput`] messages), the
/// games' own controls, turns (requests, forced moves, the computer), sync of entities to
/// the rules state, then what is shown (visuals, status). Between controls and turns the
/// table routes the input's requests.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TableSystems {
    Input,
    Controls,
    Turns,
    Sync,
    Show,
}

/// Orders the table's sets after playback (added once by the app plugin). While the
/// pause menu is up the table takes no input and plays no turn (requests wait).
pub fn configure(app: &mut App) {
    app.configure_sets(
        Update,
        (
            TableSystems::Input,
            TableSystems::Controls,
            TableSystems::Turns,
            TableSystems::Sync,
            TableSystems::Show,
        )
            .chain()
            .after(PlaybackSystems),
    );
    app.configure_sets(
        Update,
        (
            TableSystems::Input,
            TableSystems::Controls,
            TableSystems::Turns,
        )
            .in_set(crate::app::PausableSystems),
    );
    app.configure_sets(
        OnEnter(Screen::Playing),
        (
            TableEnter::Start,
            TableEnter::SetOut,
            TableEnter::LaunchMove,
            TableEnter::LaunchTaken,
        )
            .chain()
            .after(crate::app::boards::BoardSpawn),
    );
    super::editor::configure(app);
    app.init_resource::<keeping::UnsavedReplays>()
        .init_resource::<saving::SaveSlots>()
        .init_resource::<super::clock::TurnClock>()
        .init_resource::<super::clock::ClockFaces>()
        .init_resource::<super::clock::ClockTime>()
        .add_systems(PreUpdate, super::clock::advance_clock_time)
        .init_resource::<saving::LastSaved>()
        .init_resource::<keeping::Kept>()
        .init_resource::<status::StatusLine>()
        .init_resource::<status::GameKeys>()
        .init_resource::<status::ComputerThinking>()
        .init_resource::<score::Scoreboard>()
        .init_resource::<state::Seats>()
        .init_resource::<state::TableNote>()
        .init_resource::<state::PlaybackEffects>()
        .init_resource::<state::PendingSync>()
        .init_resource::<super::Viewing>()
        .add_message::<super::TableCommand>();
    app.add_systems(
        OnEnter(Screen::Playing),
        launch::consume_launch.in_set(TableEnter::LaunchTaken),
    );
    app.add_systems(
        Update,
        (
            super::viewer::viewer_arrows,
            super::timeline::draw_stage_ticks,
            super::viewer::follow_the_action.in_set(crate::app::PresentationSystems::Interface),
        )
            .run_if(in_state(Screen::Playing)),
    );
    app.add_systems(
        OnExit(Screen::Playing),
        (seat::unseat_camera, stop_playback, score::clear_scoreboard),
    );
    pointer_note::configure(app);
    super::foresight::configure(app);
    super::review::configure(app);
    super::show_why::configure(app);
    super::review_panel::configure(app);
    super::badges::plugin(app);
    last_move::configure(app);
    super::cursor::configure(app);
}

/// Leaving the table stops its playback: the pieces are gone, and a stage left running
/// would keep its animations alive into the menu (one per tween) until it ran out.
fn stop_playback(mut queue: ResMut<PlaybackQueue>) {
    queue.clear();
}
