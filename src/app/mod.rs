//! The game window (Bevy, behind the default `app` feature).
//!
//! One `plugin(app)` per file. [`plugin`] is everything the window and the offscreen
//! renderer share; [`run_window`] adds the window, settings and screenshots.
//!
//! The modules stand in layers, and a module uses only its own layer and those below
//! (`tests/engine/layers.rs` checks it, and that no two reach each other), from the bottom:
//! - foundations: `playback` (the queue of stages), `camera` (the orbit and the main
//!   camera), `census`, `choice` (what a game is started with), `paths`, `heap`, `startup`;
//! - the scene: `look`, `stage`, `boards`, `cinematic`;
//! - the UI kit `ui`: palette, widgets, the notice;
//! - the settings model `settings` (and `window`, which opens the window from it), and
//!   `sound`, which plays the playback's cues at the settings' volumes;
//! - the `table` every game is played on, with its commands, status, script feeder and the
//!   offscreen request;
//! - the games: `vectress`, `hexchess`, `wavefield`, `polarity`;
//! - the `hud`, with the help overlay;
//! - the screens: `menu`, `menu_scene`, `new_game`, `pause`, `settings_screen`, `showcase`,
//!   `replay_list`, `learn`;
//! - the commands: `render`, `film`, `bench`, `screenshot`, `long_run`.
//!
//! What they share sits here at the root: the [`Screen`], [`Pause`] and [`Overlay`] states,
//! the pausable set, the active game, and the two registries that turn a [`GameId`] into
//! its rules (`with_rules!`) and its table (`with_table!`).

pub mod bench;
pub mod boards;
pub mod camera;
pub mod census;
pub mod choice;
pub mod cinematic;
pub mod film;
pub mod headless;
pub mod heap;
pub mod hexchess;
pub mod hud;
pub mod learn;
pub mod long_run;
pub mod look;
pub mod menu;
pub mod menu_scene;
pub mod new_game;
pub mod paths;
pub mod pause;
pub mod playback;
pub mod polarity;
pub mod render;
pub mod replay_list;
pub mod screenshot;
pub mod settings;
pub mod settings_screen;
pub mod showcase;
pub mod sound;
pub mod stage;
pub mod startup;
pub mod table;
pub mod ui;
pub mod vectress;
pub mod wavefield;
pub mod window;

use std::collections::HashSet;

use bevy::prelude::*;

use crate::rules::GameId;

/// The one place a [`GameId`] becomes its table's game: `with_table!(game, G => body)`
/// evaluates `body` with `G` the game's [`table::TableGame`] (the window's registry, as
/// `with_rules!` is the rules'). A fifth game adds its arm here and its plugin below.
#[macro_export]
macro_rules! with_table {
    ($game:expr, $G:ident => $body:expr) => {
        match $game {
            $crate::rules::GameId::Vectress => {
                type $G = $crate::app::vectress::Vectress;
                $body
            }
            $crate::rules::GameId::Hexchess => {
                type $G = $crate::app::hexchess::Hexchess;
                $body
            }
            $crate::rules::GameId::Wavefield => {
                type $G = $crate::app::wavefield::Wavefield;
                $body
            }
            $crate::rules::GameId::Polarity => {
                type $G = $crate::app::polarity::Polarity;
                $body
            }
        }
    };
}

/// The screens of the game.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Menu,
    Playing,
    /// A moment between two showcase scenarios: leaving and re-entering `Playing` sets
    /// the next table out afresh.
    Interlude,
}

/// How a game is being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayMode {
    /// Two players on one screen.
    HotSeat,
    VsComputer,
    /// The computer plays itself.
    Demo,
    /// Only the board, to look at.
    Board,
    /// The showcase plays a scenario: no one else moves.
    Showcase,
    /// A lesson or a puzzle: a person plays the side to move, nothing else moves (but a
    /// lone legal reply); the game is not kept as a replay, and a new game sets the
    /// exercise out again.
    Exercise,
}

/// The game chosen in the menu.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActiveGame {
    pub game: GameId,
    pub mode: PlayMode,
}

/// The play modes each game's presentation provides; the menu greys out the rest.
#[derive(Resource, Default, Debug)]
pub struct AvailableModes(pub HashSet<(GameId, PlayMode)>);

/// Offers two players, against the computer and a demo of `game` in the menu (a game's
/// presentation calls this from its plugin).
pub fn offer_play_modes(app: &mut App, game: GameId) {
    app.init_resource::<AvailableModes>();
    let mut modes = app.world_mut().resource_mut::<AvailableModes>();
    for mode in [PlayMode::HotSeat, PlayMode::VsComputer, PlayMode::Demo] {
        modes.0.insert((game, mode));
    }
}

/// Run condition: `game` is the one being played.
pub fn playing(game: GameId) -> impl Fn(Option<Res<ActiveGame>>) -> bool + Clone {
    move |active: Option<Res<ActiveGame>>| active.is_some_and(|a| a.game == game)
}

/// True while a text field has the keyboard (editing a hex chess move): the shared keys
/// (playback, Escape to the menu) stand aside.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyboardCaptured(pub bool);

/// True while the replay viewer uses the arrow keys and Home/End (the camera then orbits
/// by mouse only).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArrowKeysTaken(pub bool);

/// Whether the game runs or waits under the pause menu. A state at the root, so the
/// table's systems pause ([`PausableSystems`]) without knowing the pause menu.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Pause {
    #[default]
    Running,
    Paused,
}

/// What lies over the screen and takes the keyboard and the pointer: nothing, the help,
/// the settings or the new-game dialog of a game. One at a time; each closes itself on
/// Escape (the state changes only between frames, so one press is taken once), and its
/// entities go with it.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Overlay {
    #[default]
    None,
    Help,
    Settings,
    NewGame(GameId),
    /// The Learn sheet of a game (its lessons and puzzles).
    Learn(GameId),
}

/// The gameplay systems that stand still while paused (the table's input and turns).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PausableSystems;

/// Everything the window and the offscreen renderer share.
pub fn plugin(app: &mut App) {
    run_frame_on_one_thread(app);
    app.init_state::<Screen>()
        .init_resource::<AvailableModes>()
        .init_resource::<KeyboardCaptured>()
        .init_resource::<ArrowKeysTaken>()
        .init_state::<Pause>()
        .init_state::<Overlay>()
        .configure_sets(Update, PausableSystems.run_if(in_state(Pause::Running)))
        .add_plugins(table::configure)
        .add_plugins(ui::plugin)
        .add_plugins((
            look::plugin,
            stage::plugin,
            camera::plugin,
            cinematic::plugin,
            boards::plugin,
            playback::plugin,
            hud::plugin,
            menu::plugin,
            menu_scene::plugin,
            showcase::plugin,
            replay_list::plugin,
            new_game::plugin,
            pause::plugin,
            settings_screen::plugin,
            sound::plugin,
        ))
        .add_plugins(learn::plugin)
        .add_plugins((
            vectress::plugin,
            hexchess::plugin,
            wavefield::plugin,
            polarity::plugin,
        ));
}

/// Runs the main world's frame (PreUpdate, Update, PostUpdate) with the single-threaded
/// executor. The frame is a few hundred small systems: handing each to another thread
/// costs more than it saves. Measured with `lodestone bench app --size 960x540` on two
/// cores, the median update fell from 5.5-6.7 ms to 2.8-3.1 ms, frame times unchanged.
/// Rendering keeps its own thread, the computer thinks on the task pool, and systems
/// still split big queries over the pool themselves.
fn run_frame_on_one_thread(app: &mut App) {
    use bevy::ecs::schedule::SingleThreadedExecutor;
    app.edit_schedule(PreUpdate, |s| {
        s.set_executor(SingleThreadedExecutor::new());
    });
    app.edit_schedule(Update, |s| {
        s.set_executor(SingleThreadedExecutor::new());
    });
    app.edit_schedule(PostUpdate, |s| {
        s.set_executor(SingleThreadedExecutor::new());
    });
}

/// Opens the game window and runs until it closes (or `long_run`'s time is up).
pub fn run_window(long_run: long_run::LongRun) {
    open_window(Launch::Menu, long_run);
}

/// Opens the game window straight into the attract showcase (`lodestone --attract`):
/// any key or click returns to the menu.
pub fn run_attract(long_run: long_run::LongRun) {
    open_window(Launch::Attract, long_run);
}

/// Opens the game window on a replay from the command line (watched, or played on), and
/// runs until it closes.
pub fn run_window_from(start: Option<table::StartFrom>) {
    open_window(
        start.map_or(Launch::Menu, Launch::Replay),
        long_run::LongRun::default(),
    );
}

/// Opens the game window straight into a new game of `game` as `choice` says
/// (`lodestone --game ...`, checked by [`new_game::launch_choice`]).
pub fn run_game(game: GameId, choice: choice::GameChoice, long_run: long_run::LongRun) {
    open_window(Launch::Game(game, choice), long_run);
}

/// Opens the game window straight into an exercise (`lodestone --game GAME --lesson N`
/// or `--puzzle N`, checked by [`learn::Exercise::new`]).
pub fn run_exercise(exercise: learn::Exercise, long_run: long_run::LongRun) {
    open_window(Launch::Exercise(Box::new(exercise)), long_run);
}

/// Where the window opens.
#[derive(Clone)]
enum Launch {
    Menu,
    Attract,
    Replay(table::StartFrom),
    Game(GameId, choice::GameChoice),
    Exercise(Box<learn::Exercise>),
}

fn open_window(launch: Launch, long_run: long_run::LongRun) {
    startup::install_failure_hook(None);
    let settings = settings::settings_path()
        .map(|p| settings::load_from(&p).0)
        .unwrap_or_default();
    App::new()
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(window::primary_window(&settings)),
                    ..default()
                })
                .set(startup::log_plugin(bevy::log::Level::WARN)),
        )
        .add_plugins(MeshPickingPlugin)
        .insert_resource(table::ReplayFolder::standard())
        .insert_resource(learn::LearnFile::standard())
        .insert_resource(sound::OpenSpeakers)
        .add_plugins((plugin, settings::plugin, screenshot::plugin, window::plugin))
        .add_plugins(long_run::plugin)
        .insert_resource(long_run)
        .add_plugins(move |app: &mut App| match launch.clone() {
            Launch::Menu => {}
            Launch::Attract => {
                app.insert_resource(showcase::AttractAtStart);
            }
            Launch::Replay(start) => {
                let mode = if start.view {
                    PlayMode::Board
                } else {
                    PlayMode::HotSeat
                };
                app.insert_resource(ActiveGame {
                    game: start.game,
                    mode,
                })
                .insert_resource(start)
                .add_systems(Startup, start_playing);
            }
            Launch::Game(game, choice) => {
                // Hex chess restores its saved game on start (H10).
                if game == GameId::Hexchess
                    && matches!(
                        choice.mode,
                        choice::ModeChoice::TwoPlayers | choice::ModeChoice::VsComputer
                    )
                {
                    app.insert_resource(choice::ResumeGame);
                }
                app.insert_resource(ActiveGame {
                    game,
                    mode: choice.mode.play_mode(),
                })
                .insert_resource(choice)
                .add_systems(Startup, start_playing);
            }
            Launch::Exercise(exercise) => {
                app.insert_resource(ActiveGame {
                    game: exercise.game,
                    mode: PlayMode::Exercise,
                })
                .insert_resource(*exercise)
                .add_systems(Startup, start_playing);
            }
        })
        .run();
}

fn start_playing(mut next: ResMut<NextState<Screen>>) {
    next.set(Screen::Playing);
}
