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
mod clock;
mod computer;
pub mod foresight;
mod keeping;
mod last_move;
pub mod launch;
pub mod look_back;
pub mod move_list;
mod pages;
pub mod pointer_note;
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
use super::camera::Seat;
use super::playback::Stage;
use crate::lessons::Lessoned;
use crate::rules::rng::GameRng;
use crate::rules::{Level, Match, Rules, Setup, Stop};

pub use clock::TurnClock;
pub use computer::Computer;
pub use computer::ComputerPace;
pub use keeping::{ReplayFolder, Saved, UnsavedReplays};
pub use last_move::LastMoveMark;
pub use launch::{Start, StillShot, TableLaunch};
pub use look_back::LiveAside;
pub use pages::{RulesPage, RulesPages};
pub use saving::{SaveFolder, SaveSlots, SlotKey};
pub use sets::{ComputerTurn, TableEnter, TableSystems, configure};
pub use state::{PendingSync, PlaybackEffects, Played, Requests, Seats, TableNote, side_index};
pub use status::{key_list, status_text};
pub use turns::{Stagehand, Staging, play_action, respawn};
pub use viewer::{StartFrom, Viewing};

/// The rules types of a table's game.
pub type ActionOf<G> = <<G as TableGame>::Rules as Rules>::Action;
pub type SideOf<G> = <<G as TableGame>::Rules as Rules>::Side;
pub type ResolutionOf<G> = <<G as TableGame>::Rules as Rules>::Resolution;

/// What a game brings to the shared table.
///
/// Adding a game's input: its [`TableGame::Control`] type, written as
/// [`TableInput::Game`] by its observers and keys and read back by its own systems in
/// [`TableSystems::Controls`]; plays go as [`TableInput::Play`]. Its save: nothing (the
/// table saves every game as a replay of its actions; [`TableGame::savable`] says when
/// not). Its camera: [`TableGame::SEAT`].
pub trait TableGame: Sized + Send + Sync + 'static {
    /// The rules state the table plays.
    type Rules: Rules;
    /// The rules core the lessons and puzzles are written for (hex chess's table plays a
    /// session around its game).
    type Core: Lessoned<Action = ActionOf<Self>>;
    /// Meshes and materials, made once at startup by [`TableGame::make_looks`].
    type Looks: Resource;
    /// What the game keeps of its own on the table (piece entities by rules id, the
    /// selection, markers, panels): a resource of its own, reset with each table.
    type Scene: Resource<Mutability = bevy::ecs::component::Mutable> + Default;
    /// What only this game's input asks for, beyond playing, undo and new game.
    type Control: Clone + std::fmt::Debug + Send + Sync + 'static;

    /// The seed of a new table's game.
    const SEED: u64;
    /// The game's board: its shape and finish.
    const BOARD: crate::app::boards::BoardLook;
    /// Where the camera sits: its aim and home view, and which side is nearest it.
    const SEAT: Seat = Seat::DEFAULT;
    /// The game's rules page and its stills (F1), compiled in.
    const RULES_PAGE: RulesPage;
    /// The game's heaviest playback, for `lodestone bench app`: the actions before it,
    /// then the action measured.
    const HEAVIEST: (&'static [&'static str], &'static str);
    /// Seconds the computer waits before each of its actions (Wave Field lets a tuning
    /// show before the move).
    const COMPUTER_PAUSE: f32 = 0.0;
    /// The game's own keys use H (Wave Field's rescue hint, a rules action): the table's
    /// hint is then Shift+H.
    const OWN_H: bool = false;
    /// The game's own panel fills the window's left column now (Wave Field's wave
    /// editor): the evaluation bar and the analysis buttons give way.
    fn left_column_taken(_scene: &Self::Scene) -> bool {
        false
    }
    /// Where the HUD hangs the table's move list; `None` when the game lists its moves
    /// itself (hex chess's editable list).
    const MOVE_LIST: Option<crate::app::ui::MoveListAnchor>;
    /// Where the review's part goes when not under the move list (`None`: under it, or
    /// at the bottom right for a game without one): Wave Field's list sits under its
    /// tuning panel, with no room below.
    const REVIEW_APART: Option<crate::app::ui::MoveListAnchor> = None;
    /// The move list's rows on screen (Wave Field's list, under its tall tuning panel,
    /// keeps one fewer so it ends above the help line).
    const MOVE_ROWS: usize = 8;
    /// The move cap the list's heading counts toward, where the game has one.
    const MOVE_CAP: Option<usize> = None;
    /// The HUD's colours of the two sides (as in `Rules::SIDES`).
    const SIDE_LOOKS: [score::SideLook; 2] = [score::IVORY, score::EBONY];
    /// What the sides' trays hold.
    const TRAY: score::TrayKind;

    fn make_looks(
        meshes: &mut Assets<Mesh>,
        materials: &mut Assets<StandardMaterial>,
    ) -> Self::Looks;
    /// Sets the rules state out on the table (start, undo, new game). Every entity it
    /// spawns carries [`TablePart`], so the table can clear them all.
    fn spawn(
        commands: &mut Commands,
        looks: &Self::Looks,
        played: &Played<Self>,
        scene: &mut Self::Scene,
    );
    /// Puts the game's observers on a cell of its board (set out just before the table).
    fn observe_cell(_cell: &mut EntityCommands) {}
    /// Forgets the entities `spawn` made (they are being despawned) and any selection.
    fn forget_entities(scene: &mut Self::Scene);
    /// Translates what one action set off into playback stages; `before` is the rules
    /// state before the action, `played` the game after it, `viewing` whether a replay is
    /// watched. The game may tidy its scene here too.
    fn stages(
        commands: &mut Commands,
        looks: &Self::Looks,
        scene: &mut Self::Scene,
        played: &Played<Self>,
        before: &Self::Rules,
        resolution: &ResolutionOf<Self>,
        viewing: bool,
    ) -> Vec<Stage>;
    /// The status line's first part, which the turn chip shows: the outcome or who moves
    /// (the counts are the trays').
    fn headline(played: &Played<Self>, scene: &Self::Scene) -> String;
    /// Each side's tray (as in `Rules::SIDES`): the pieces it lost, captured, had removed
    /// or took, each on its owner's colour.
    fn trays(played: &Played<Self>) -> [Vec<score::Token>; 2];
    /// What follows the headline: the game's own state and notes, never a key legend
    /// (lines start with '\n').
    fn status_tail(_played: &Played<Self>, _scene: &Self::Scene) -> String {
        String::new()
    }
    /// The game's own keys for the help overlay (F1), as (key, what it does): the table's
    /// undo and new game included, in the game's words.
    fn keys(played: &Played<Self>, scene: &Self::Scene) -> Vec<(&'static str, String)>;
    /// Shows `action` as a player sees a move before playing it (a lesson's hint): its
    /// piece selected with its targets lit, or the placement previewed. By default
    /// nothing is shown.
    fn show_hint(
        _commands: &mut Commands,
        _looks: &Self::Looks,
        _played: &Played<Self>,
        _scene: &mut Self::Scene,
        _action: ActionOf<Self>,
    ) {
    }
    /// Why what the pointer is over is refused, in one short line (about 50 characters):
    /// said beside the pointer (`pointer_note`), not in the status panel.
    fn hover_note(_scene: &Self::Scene) -> Option<&str> {
        None
    }
    /// The board-surface points (cell centres) of the last move's cells, marked until the
    /// next move (`last_move`): its origin and destination, or where it placed.
    fn last_move_marks(_played: &Played<Self>, _scene: &Self::Scene) -> Vec<Vec3> {
        Vec::new()
    }
    /// Whether the game has the keyboard now, so the table's U and N stand aside (hex
    /// chess while the promotion chooser waits for Q R B N).
    fn keys_taken(_scene: &Self::Scene) -> bool {
        false
    }
    /// Whether the computer may think now (hex chess lets a forced move play first).
    fn computer_may_think(_played: &Played<Self>, _scene: &Self::Scene) -> bool {
        true
    }
    /// The computer's turn, computed on a worker thread; the search ends at the level's
    /// budget, or sooner once `stop` is raised (the window's time cap).
    fn think(
        game: &Self::Rules,
        level: Level,
        _demo: bool,
        rng: &mut GameRng,
        stop: &Stop,
    ) -> Vec<ActionOf<Self>> {
        game.choose(level, rng, stop)
    }
    /// The game a new-game request starts (by default the same setup, a new seed).
    fn new_match(played: &Played<Self>, seed: u64) -> Match<Self::Rules> {
        let setup = Setup {
            seed,
            ..played.game.setup().clone()
        };
        Match::new(setup).unwrap_or_else(|_| played.game.clone())
    }
    /// Whether the game can be kept as a replay of its actions from its setup (an edited
    /// hex chess list cannot, H7; nor a Wave Field game on edited definitions).
    fn savable(_played: &Played<Self>) -> bool {
        true
    }
    /// The lessons' and puzzles' core of the table's rules, and the rules around a core.
    fn core(rules: &Self::Rules) -> &Self::Core;
    fn from_core(core: Self::Core) -> Self::Rules;
    /// What only this game sets out when its table opens, after the table's own start (the
    /// launch is still there to read); and what it takes away when the table closes.
    fn on_enter(_world: &mut World) {}
    fn on_exit(_world: &mut World) {}
    /// The turn under the pointer now (hovered or dragged over its target), which the
    /// table previews; `None` when nothing is, or the pointer is on a refused one.
    fn hovered(_played: &Played<Self>, _scene: &Self::Scene) -> Option<Vec<ActionOf<Self>>> {
        None
    }
    /// Draws what `seen` leaves: ghosts of the pieces that end somewhere else or changed,
    /// translucent at their final places (no tween), and marks on the pieces lost, with
    /// its one short line ("3 waves · your Triangle goes over"). Every entity spawned is
    /// `Pickable::IGNORE` and a [`TablePart`]; the table takes them away.
    fn foresee(
        commands: &mut Commands,
        looks: &Self::Looks,
        seen: &foresight::Foreseen<Self>,
    ) -> foresight::Sight;
    /// Where an arrow for `turn` in `before` runs: from its piece to where it goes (a
    /// placement comes down onto its cell).
    fn turn_arrow(before: &Self::Rules, turn: &[ActionOf<Self>]) -> Option<(Vec3, Vec3)>;
}

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
