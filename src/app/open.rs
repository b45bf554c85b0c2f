//! Opening the game window from the command line: on the menu, on the attract showcase, on
//! a replay, on a game (resumed from its slot unless asked for a new one) or on an
//! exercise; the window, the settings, the data folders and the speakers set up once.

use bevy::prelude::*;

use super::{
    choice, learn, long_run, no_sprites, open_table, plugin, screenshot, settings, showcase, sound,
    start_trace, startup, table, window,
};
use crate::rules::GameId;

/// Opens the game window and runs until it closes (or `long_run`'s time is up).
pub fn run_window(long_run: long_run::LongRun) {
    open_window(WindowStart::Menu, long_run);
}

/// Opens the game window straight into the attract showcase (`lodestone --attract`):
/// any key or click returns to the menu.
pub fn run_attract(long_run: long_run::LongRun) {
    open_window(WindowStart::Attract, long_run);
}

/// Opens the game window on a replay from the command line (watched, or played on), and
/// runs until it closes.
pub fn run_window_from(start: Option<(GameId, table::StartFrom)>) {
    open_window(
        start.map_or(WindowStart::Menu, |(game, from)| {
            WindowStart::Table(table::TableLaunch {
                game,
                start: table::Start::Replay(from),
            })
        }),
        long_run::LongRun::default(),
    );
}

/// How `lodestone --game` starts its table: `--new`, `--position CODE`, `--set-up`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameStart {
    pub fresh: bool,
    pub position: Option<String>,
    pub set_up: bool,
}

/// Opens the game window straight into a game of `game` as `choice` says (`lodestone
/// --game ...`, checked by [`new_game::launch_choice`]): the game of that mode left
/// under way is resumed (as the dialog's Resume does) unless `fresh` asks for a new one,
/// or a `position` code starts a new game there; `set_up` opens the position editor.
pub fn run_game(
    game: GameId,
    choice: choice::GameChoice,
    start: GameStart,
    long_run: long_run::LongRun,
) {
    let start = match start {
        GameStart {
            set_up: true,
            position,
            ..
        } => {
            let setup = crate::rules::Setup {
                ruleset: choice.ruleset.clone(),
                ..Default::default()
            };
            let code = position.unwrap_or_else(|| table::editor::start_code(game, &setup));
            table::Start::Edit(choice, code, None)
        }
        GameStart {
            position: Some(code),
            ..
        } => table::Start::Position(choice, code),
        GameStart { fresh: true, .. } => table::Start::New(choice),
        GameStart { .. } => table::Start::Resume(choice),
    };
    open_window(
        WindowStart::Table(table::TableLaunch { game, start }),
        long_run,
    );
}

/// Opens the game window straight into an exercise (`lodestone --game GAME --lesson N`
/// or `--puzzle N`, checked by [`learn::Exercise::new`]).
pub fn run_exercise(exercise: learn::Exercise, long_run: long_run::LongRun) {
    open_window(WindowStart::Exercise(Box::new(exercise)), long_run);
}

/// Where the window opens.
#[derive(Clone)]
enum WindowStart {
    Menu,
    Attract,
    Table(table::TableLaunch),
    Exercise(Box<learn::Exercise>),
}

fn open_window(start: WindowStart, long_run: long_run::LongRun) {
    startup::install_failure_hook(None);
    let settings = settings::settings_path()
        .map(|p| settings::load_from(&p).0)
        .unwrap_or_default();
    let building = start_trace::span("app built");
    let mut app = App::new();
    app.add_plugins(
        no_sprites::leave_out(DefaultPlugins.build())
            .set(WindowPlugin {
                primary_window: Some(window::primary_window(&settings)),
                ..default()
            })
            .set(startup::log_plugin(bevy::log::Level::WARN)),
    )
    .add_plugins(MeshPickingPlugin)
    .insert_resource(table::ReplayFolder::standard())
    .insert_resource(table::SaveFolder::standard())
    .insert_resource(learn::LearnFile::standard())
    .insert_resource(sound::OpenSpeakers)
    .insert_resource(super::look::PlanksLater::AfterFirstFrame)
    .add_plugins((plugin, settings::plugin, screenshot::plugin, window::plugin))
    .add_plugins(long_run::plugin)
    .insert_resource(long_run)
    .add_plugins(move |app: &mut App| match start.clone() {
        WindowStart::Menu => {}
        WindowStart::Attract => {
            app.insert_resource(showcase::AttractAtStart);
        }
        WindowStart::Table(launch) => {
            app.add_systems(Startup, move |mut commands: Commands| {
                open_table(&mut commands, launch.clone());
            });
        }
        WindowStart::Exercise(exercise) => {
            let game = exercise.game;
            app.insert_resource(*exercise)
                .add_systems(Startup, move |mut commands: Commands| {
                    open_table(
                        &mut commands,
                        table::TableLaunch {
                            game,
                            start: table::Start::Exercise,
                        },
                    );
                });
        }
    });
    drop(building);
    app.run();
}
