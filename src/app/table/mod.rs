//! The one table every game is played on: what all four games do the same way lives
//! here once. A game plugs in through [`TableGame`] and keeps only what is its own:
//! its looks, how it sets its pieces out, how a resolution becomes playback stages, its
//! status headline, its controls and panels.
//!
//! The table starts as its [`TableLaunch`] says (new, resumed, a replay, an exercise, a
//! still, a film, a showcase scenario). Its state is split by what reads it
//! (`state`): the game on the table ([`Played`]), who sits where ([`Seats`]), the game's
//! own scene (`G::Scene`, a resource of its own), the requests waiting. All input reaches
//! it as one message type per game, [`TableInput`], routed by the table: plays, undo and
//! new game to its requests, the rest to the game's own controls. Around that: the
//! computer's turn off the main thread, the demo that starts over, the status line, the
//! camera's seat, every game saved as it is played (`saving`) and kept as a replay
//! (`keeping`).

pub mod badges;
pub mod clock;
pub mod codes;
mod computer;
pub mod cursor;
pub mod editor;
pub mod foresight;
mod game;
mod keeping;
mod last_move;
pub mod launch;
pub mod look_back;
pub mod move_list;
mod pages;
pub mod pointer_note;
pub mod reader;
pub mod review;
pub mod review_panel;
mod saving;
pub mod score;
pub mod script;
mod seat;
mod sets;
pub mod show_why;
pub mod state;
pub mod status;
mod timeline;
mod turns;
pub mod viewer;

use bevy::prelude::*;

use super::Screen;

pub use clock::{ClockFaces, TurnClock};
pub use computer::Computer;
pub use computer::ComputerPace;
pub use game::{ActionOf, ResolutionOf, SideOf, TableGame};
pub use keeping::{ReplayFolder, Saved, UnsavedReplays};
pub use last_move::{LastMoveMark, MoveMarks};
pub use launch::{Start, StillShot, TableLaunch};
pub use look_back::LiveAside;
pub use pages::{RulesPage, RulesPages};
pub use saving::{SaveFolder, SaveSlots, SlotKey};
pub use sets::{ComputerTurn, TableEnter, TableSystems, configure};
pub use state::{PendingSync, PlaybackEffects, Played, Requests, Seats, TableNote, side_index};
pub use status::{key_list, status_text};
pub use turns::{Stagehand, Staging, play_action, respawn};
pub use viewer::{StartFrom, Viewing};

/// Marks everything a table spawns (pieces, markers, links, effects): cleared on undo,
/// new game and when the screen closes.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct TablePart;

/// What a screen asks of whichever table is playing (the pause menu's buttons), as a
/// message every game's table answers.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableCommand {
    NewGame,
    Undo,
    SaveReplay,
}

/// A request waiting on the table; played in order, one per frame while no playback runs.
#[derive(Debug, Clone, PartialEq)]
pub enum Request<A> {
    Play(A),
    Undo,
    NewGame,
}

/// Everything a person, a script or a test asks of the table of `G`, one message type
/// per game: the table routes plays, undo and new game to its requests (kept while the
/// game is paused) and leaves the game's own controls to the game's systems.
#[derive(Message)]
pub enum TableInput<G: TableGame> {
    /// Play this action on a person's turn (a refusal is said in the status).
    Play(ActionOf<G>),
    Undo,
    NewGame,
    /// What only this game asks for (a view, a tuning, a promotion, an edit ...).
    Game(G::Control),
}

impl<G: TableGame> Clone for TableInput<G> {
    fn clone(&self) -> Self {
        match self {
            TableInput::Play(a) => TableInput::Play(*a),
            TableInput::Undo => TableInput::Undo,
            TableInput::NewGame => TableInput::NewGame,
            TableInput::Game(c) => TableInput::Game(c.clone()),
        }
    }
}

impl<G: TableGame> std::fmt::Debug for TableInput<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableInput::Play(a) => f.debug_tuple("Play").field(a).finish(),
            TableInput::Undo => f.write_str("Undo"),
            TableInput::NewGame => f.write_str("NewGame"),
            TableInput::Game(c) => f.debug_tuple("Game").field(c).finish(),
        }
    }
}

/// The game's own controls this frame, from the table's input (a game's control system
/// reads them in [`TableSystems::Controls`]).
pub fn controls<'a, G: TableGame>(
    input: &'a mut MessageReader<TableInput<G>>,
) -> impl Iterator<Item = G::Control> + 'a {
    input.read().filter_map(|i| match i {
        TableInput::Game(c) => Some(c.clone()),
        _ => None,
    })
}

/// Runs the shared table for `G` while its game is played: add it from the game's plugin.
pub fn plugin<G: TableGame>(app: &mut App, game: crate::rules::GameId) {
    super::offer_play_modes(app, game);
    super::boards::register(app, game, G::BOARD);
    app.world_mut()
        .get_resource_or_init::<RulesPages>()
        .0
        .insert(game, G::RULES_PAGE);
    super::census::count_task(app, |world| {
        world
            .get_resource::<Computer<G>>()
            .is_some_and(|c| c.thinking())
    });
    let on_table = resource_exists::<Played<G>>;
    foresight::plugin::<G>(app);
    review::plugin::<G>(app);
    show_why::plugin::<G>(app);
    review_panel::plugin::<G>(app);
    codes::plugin::<G>(app);
    editor::plugin::<G>(app, game);
    cursor::plugin::<G>(app);
    reader::plugin::<G>(app);
    app.add_message::<TableInput<G>>()
        .add_systems(Startup, load_looks::<G>)
        .add_systems(
            OnEnter(Screen::Playing),
            (
                launch::start::<G>.in_set(TableEnter::Start),
                G::on_enter.in_set(TableEnter::SetOut),
                launch::play_launch_move::<G>.in_set(TableEnter::LaunchMove),
            )
                .run_if(super::playing(game)),
        )
        .add_systems(
            OnExit(Screen::Playing),
            (
                (keeping::keep_on_leave::<G>, saving::save_on_leave::<G>),
                G::on_exit,
                launch::leave::<G>,
            )
                .chain()
                .run_if(on_table),
        )
        .add_systems(
            Update,
            (
                (
                    turns::table_keys::<G>.in_set(super::KeyboardSystems),
                    keeping::save_key::<G>.in_set(super::KeyboardSystems),
                    script::feed_script::<G>,
                    viewer::viewer_keys::<G>.in_set(super::KeyboardSystems),
                )
                    .in_set(TableSystems::Input),
                turns::route_input::<G>
                    .after(TableSystems::Controls)
                    .before(TableSystems::Turns),
                keeping::pause_commands::<G>.before(TableSystems::Input),
                viewer::finish_stepping_back::<G>
                    .after(ComputerTurn)
                    .in_set(TableSystems::Turns),
                (
                    turns::apply_requests::<G>,
                    computer::computer_turn::<G>.in_set(ComputerTurn),
                )
                    .chain()
                    .in_set(TableSystems::Turns),
                (
                    timeline::draw_timeline::<G>,
                    keeping::keep_finished::<G>,
                    saving::save_changes::<G>,
                    clock::run_clocks::<G>.after(saving::save_changes::<G>),
                    (status::update_status::<G>, score::update_scoreboard::<G>).chain(),
                    move_list::draw_move_list::<G>,
                    pointer_note::show_pointer_note::<G>.after(foresight::preview::ShowPreview),
                    last_move::mark_last_move::<G>,
                )
                    .in_set(TableSystems::Show),
                // Before input, so a game's own framing (Wave Field's panel) comes after the seat.
                seat::seat_camera::<G>
                    .run_if(resource_added::<Played<G>>)
                    .before(TableSystems::Input),
            )
                .run_if(on_table),
        );
}

fn load_looks<G: TableGame>(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(G::make_looks(&mut meshes, &mut materials));
}
