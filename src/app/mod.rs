//! The game window (Bevy, behind the default `app` feature).
//!
//! One `plugin(app)` per file. [`plugin`] is everything the window and the offscreen
//! renderer share; [`open::run_window`] adds the window, settings and screenshots.
//!
//! The modules stand in layers, and a module uses only its own layer and those below
//! (`tests/engine/layers.rs` checks it, and that no two reach each other), from the bottom:
//! - foundations: `playback` (the queue of stages), `camera` (the orbit and the main
//!   camera), `census`, `choice` (what a game is started with), `paths`, `heap`, `startup`;
//! - the scene: `look`, `stage`, `boards`, `cinematic`;
//! - the UI kit `ui`: palette, widgets, the notice;
//! - the settings model `settings` (and `window`, which opens the window from it), and
//!   `sound`, which plays the playback's cues at the settings' volumes;
//! - the `table` every game is played on: its launch, input, turns, saving, status and
//!   script feeder;
//! - the games: `vectress`, `hexchess`, `wavefield`, `polarity`;
//! - the `hud`, with the help overlay;
//! - the screens: `menu`, `menu_scene`, `new_game`, `pause`, `settings_screen`, `showcase`,
//!   `replay_list`, `learn`;
//! - the commands: `open` (the window from the command line), `render`, `film`, `bench`,
//!   `screenshot`, `long_run`.
//!
//! What they share sits here at the root: the [`Screen`], [`Pause`], [`Overlay`] and
//! [`Presentation`] states with the sets whose run conditions follow them (the pausable
//! set, [`PresentationSystems`], [`KeyboardSystems`]), opening a table ([`open_table`]), the
//! active game, and the two registries that turn a [`GameId`] into its rules
//! (`with_rules!`) and its table (`with_table!`).

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
pub mod keymap;
pub mod learn;
pub mod long_run;
pub mod look;
pub mod menu;
pub mod menu_scene;
pub mod new_game;
pub mod no_sprites;
pub mod open;
pub mod paths;
pub mod pause;
pub mod playback;
pub mod polarity;
pub mod render;
pub mod replay_list;
pub mod schedules;
pub mod screenshot;
pub mod settings;
pub mod settings_screen;
pub mod shadow_casters;
pub mod showcase;
pub mod sound;
pub mod stage;
pub mod start_trace;
pub mod startup;
pub mod table;
pub mod transform_marks;
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
    /// A position being set up in the editor: no one moves, nothing is kept.
    Setup,
}

/// The game whose table is up (or about to be): what the games' systems run for.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActiveGame {
    pub game: GameId,
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

/// How the table is presented: to a person at the window, as the exhibition's showcase,
/// or offscreen as a film or a still. It comes with the table's launch
/// ([`open_table`], the offscreen commands), and the root runs [`PresentationSystems`]
/// from it, so no system below asks what is running.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Presentation {
    #[default]
    Live,
    Showcase,
    Film,
    Still,
}

/// Systems that belong to some presentations only; their run conditions are set here.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PresentationSystems {
    /// A person plays at the window.
    Live,
    /// Shown to watchers, not played (the showcase, films, stills): everything a move
    /// does is shown (hex chess's renamings).
    Shown,
    /// The interface a person reads (everything but films): the HUD's panels, the help,
    /// the interface's scale following the window.
    Interface,
    /// Only the board and the captions (films, the showcase): the games' own panels hide.
    BoardOnly,
    /// Films: the HUD shows the stage captions alone, sized to the frame.
    CaptionsOnly,
}

/// Opens the table as `launch` says: the launch waits for the table to take it, its game
/// becomes the active one, and the screen and the presentation change together.
pub fn open_table(commands: &mut Commands, launch: table::TableLaunch) {
    open_on(commands, launch, Screen::Playing);
}

/// [`open_table`] through the interlude, so a table already up is set out afresh (the
/// showcase's next scenario).
pub fn reopen_table(commands: &mut Commands, launch: table::TableLaunch) {
    open_on(commands, launch, Screen::Interlude);
}

fn open_on(commands: &mut Commands, launch: table::TableLaunch, screen: Screen) {
    commands.insert_resource(ActiveGame { game: launch.game });
    commands.set_state(launch.presentation());
    commands.insert_resource(launch);
    commands.set_state(screen);
}

/// A text field: while it has the input focus (Bevy's `InputFocus`), the keyboard is its
/// own and the shared keys ([`KeyboardSystems`]) stand aside.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct TextField;

/// The systems of the shared keys (playback, undo, Escape, the help's `?`...): they run
/// while no text field has the keyboard.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeyboardSystems;

/// Who has the keyboard: a focused [`TextField`], or the shared keys.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Keyboard<'w, 's> {
    focus: Option<Res<'w, bevy::input_focus::InputFocus>>,
    fields: Query<'w, 's, (), With<TextField>>,
}

impl Keyboard<'_, '_> {
    /// Whether no text field has the input focus.
    pub fn free(&self) -> bool {
        self.focus
            .as_ref()
            .and_then(|f| f.get())
            .is_none_or(|focused| !self.fields.contains(focused))
    }
}

/// Run condition: no [`TextField`] has the input focus.
pub fn keyboard_free(keyboard: Keyboard) -> bool {
    keyboard.free()
}

/// Shift is held this frame, even if a quick chord (Shift+Tab) let it go within it: a slow
/// frame can see the whole chord at once.
pub fn shift_held(keys: &ButtonInput<KeyCode>) -> bool {
    let shift = [KeyCode::ShiftLeft, KeyCode::ShiftRight];
    keys.any_pressed(shift) || keys.any_just_released(shift)
}

/// Ctrl is held this frame (as [`shift_held`]).
pub fn ctrl_held(keys: &ButtonInput<KeyCode>) -> bool {
    let ctrl = [KeyCode::ControlLeft, KeyCode::ControlRight];
    keys.any_pressed(ctrl) || keys.any_just_released(ctrl)
}

/// A button has the focus the keyboard moved there: Enter and Space are its (the ui kit's
/// focus keeps it; the shared keys read it).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct FocusOnButton(pub bool);

/// Who has the arrow keys besides the camera: the replay viewer (the arrows and Home/End)
/// or the board cursor (the arrows). The camera then orbits on Shift and the arrows.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArrowKeysTaken {
    pub viewer: bool,
    pub cursor: bool,
}

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
    /// The keys sheet, from the settings (Escape goes back to them).
    Keys,
    NewGame(GameId),
    /// The Learn sheet of a game (its lessons and puzzles).
    Learn(GameId),
}

/// The gameplay systems that stand still while paused (the table's input and turns).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PausableSystems;

/// Everything the window and the offscreen renderer share.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        schedules::MainSchedules,
        transform_marks::plugin,
        shadow_casters::plugin,
        no_sprites::plugin,
    ));
    app.init_state::<Screen>()
        .init_state::<Presentation>()
        .init_resource::<AvailableModes>()
        .init_resource::<ArrowKeysTaken>()
        .init_resource::<FocusOnButton>()
        .init_resource::<bevy::input_focus::InputFocus>()
        .init_state::<Pause>()
        .init_state::<Overlay>()
        .configure_sets(Update, PausableSystems.run_if(in_state(Pause::Running)))
        .add_plugins(configure_presentation)
        .add_plugins(table::configure)
        .add_plugins(keymap::plugin)
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
        .add_plugins((learn::plugin, start_trace::plugin))
        .add_plugins((
            vectress::plugin,
            hexchess::plugin,
            wavefield::plugin,
            polarity::plugin,
        ));
}

/// The presentation's sets, in every schedule that has such systems, and the keyboard's.
fn configure_presentation(app: &mut App) {
    use PresentationSystems as P;
    use bevy::ecs::schedule::ScheduleLabel;
    let film = || in_state(Presentation::Film);
    let board_only = |p: Res<State<Presentation>>| {
        matches!(p.get(), Presentation::Film | Presentation::Showcase)
    };
    let entering = OnEnter(Screen::Playing).intern();
    for schedule in [
        PreUpdate.intern(),
        Update.intern(),
        PostUpdate.intern(),
        entering,
    ] {
        app.configure_sets(
            schedule,
            (
                P::Live.run_if(in_state(Presentation::Live)),
                P::Shown.run_if(not(in_state(Presentation::Live))),
                P::Interface.run_if(not(film())),
                P::BoardOnly.run_if(board_only),
                P::CaptionsOnly.run_if(film()),
                KeyboardSystems.run_if(keyboard_free),
            ),
        );
    }
}
