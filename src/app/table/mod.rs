//! The one table every game is played on: what all four games do the same way lives
//! here once. A game plugs in through [`TableGame`] and keeps only what is its own:
//! its looks, how it sets its pieces out, how a resolution becomes playback stages, its
//! status headline, and its special input and panels.
//!
//! The table owns the [`Match`] (the rules state with its turns, so undo is exact), the
//! play mode and the side a person plays, the computer's turn off the main thread, the
//! demo that starts over, undo (back to the person's own last action against the
//! computer) and new game, the requests scripts and tests send, the last playback's
//! effects, the status line with recent moves, the keys the help overlay lists, and
//! keeping every game as a replay.

pub mod badges;
mod keeping;
mod last_move;
pub mod move_list;
pub mod offscreen;
mod pages;
pub mod pointer_note;
pub mod score;
pub mod script;
mod seat;
mod sets;
pub mod status;
mod suspend;
mod timeline;
mod turns;
pub mod viewer;

use std::collections::VecDeque;

use bevy::prelude::*;
use bevy::tasks::Task;

use super::playback::{PlaybackQueue, Stage};
use super::{PlayMode, Screen};
use crate::rules::rng::GameRng;
use crate::rules::{Level, Match, Rules, Setup};

pub use keeping::{ReplayFolder, Saved, UnsavedReplays};
pub use last_move::LastMoveMark;
pub use pages::{RulesPage, RulesPages};
pub use sets::{ComputerTurn, TableStart, TableSystems, configure};
pub use status::{key_list, status_text};
pub use suspend::{Resumed, Suspended};
pub use turns::{play_action, respawn};
pub use viewer::StartFrom;

/// The rules types of a table's game.
pub type ActionOf<G> = <<G as TableGame>::Rules as Rules>::Action;
pub type SideOf<G> = <<G as TableGame>::Rules as Rules>::Side;
pub type ResolutionOf<G> = <<G as TableGame>::Rules as Rules>::Resolution;

/// What a game brings to the shared table.
pub trait TableGame: Sized + Send + Sync + 'static {
    /// The rules state the table plays.
    type Rules: Rules;
    /// Meshes and materials, made once at startup by [`TableGame::make_looks`].
    type Looks: Resource;
    /// What the game keeps of its own on the table: piece entities by rules id,
    /// selection, markers, panels. The table derefs to it.
    type Scene: Default + Send + Sync + 'static;

    /// The seed of a new table's game.
    const SEED: u64;
    /// The game's board: its shape and finish.
    const BOARD: crate::app::boards::BoardLook;
    /// The game's rules page and its stills (F1), compiled in.
    const RULES_PAGE: RulesPage;
    /// The game's heaviest playback, for `lodestone bench app`: the actions before it,
    /// then the action measured.
    const HEAVIEST: (&'static [&'static str], &'static str);
    /// Seconds the computer waits before each of its actions (Wave Field lets a tuning
    /// show before the move).
    const COMPUTER_PAUSE: f32 = 0.0;
    /// Where the HUD hangs the table's move list; `None` when the game lists its moves
    /// itself (hex chess's editable list).
    const MOVE_LIST: Option<crate::app::ui::MoveListAnchor>;
    /// The move cap the list's heading counts toward, where the game has one.
    const MOVE_CAP: Option<usize> = None;
    /// The HUD's colours of the two sides (as in `Rules::SIDES`).
    const SIDE_LOOKS: [score::SideLook; 2] = [score::IVORY, score::EBONY];
    /// What the sides' trays hold.
    const TRAY: score::TrayKind;
    /// The side (0 or 1, as in `Rules::SIDES`) whose pieces are nearest the camera's home
    /// view.
    const NEAR_SIDE: usize = 0;

    fn make_looks(
        meshes: &mut Assets<Mesh>,
        materials: &mut Assets<StandardMaterial>,
    ) -> Self::Looks;
    /// Sets the rules state out on the table (start, undo, new game). Every entity it
    /// spawns carries [`TablePart`], so the table can clear them all.
    fn spawn(commands: &mut Commands, looks: &Self::Looks, table: &mut Table<Self>);
    /// Puts the game's observers on a cell of its board (set out just before the table).
    fn observe_cell(_cell: &mut EntityCommands) {}
    /// Forgets the entities `spawn` made (they are being despawned) and any selection.
    fn forget_entities(scene: &mut Self::Scene);
    /// Translates what one action set off into playback stages; `before` is the rules
    /// state before the action. The game may tidy its scene here too.
    fn stages(
        commands: &mut Commands,
        looks: &Self::Looks,
        table: &mut Table<Self>,
        before: &Self::Rules,
        resolution: &ResolutionOf<Self>,
    ) -> Vec<Stage>;
    /// The status line's first part, which the turn chip shows: the outcome or who moves
    /// (the counts are the trays').
    fn headline(table: &Table<Self>) -> String;
    /// Each side's tray (as in `Rules::SIDES`): the pieces it lost, captured, had removed
    /// or took, each on its owner's colour.
    fn trays(table: &Table<Self>) -> [Vec<score::Token>; 2];
    /// What follows the headline: the game's own state and notes, never a key legend
    /// (lines start with '\n').
    fn status_tail(_table: &Table<Self>) -> String {
        String::new()
    }
    /// The game's own keys for the help overlay (F1), as (key, what it does): the table's
    /// undo and new game included, in the game's words.
    fn keys(table: &Table<Self>) -> Vec<(&'static str, String)>;
    /// Shows `action` as a player sees a move before playing it (a lesson's hint): its
    /// piece selected with its targets lit, or the placement previewed. By default
    /// nothing is shown.
    fn show_hint(
        _commands: &mut Commands,
        _looks: &Self::Looks,
        _table: &mut Table<Self>,
        _action: ActionOf<Self>,
    ) {
    }
    /// Why what the pointer is over is refused, in one short line (about 50 characters):
    /// said beside the pointer (`pointer_note`), not in the status panel.
    fn hover_note(_table: &Table<Self>) -> Option<&str> {
        None
    }
    /// The board-surface points (cell centres) of the last move's cells, marked until the
    /// next move (`last_move`): its origin and destination, or where it placed.
    fn last_move_marks(_table: &Table<Self>) -> Vec<Vec3> {
        Vec::new()
    }
    /// Whether the game has the keyboard now, so the table's U and N stand aside (hex
    /// chess while a move is typed or the promotion chooser waits for Q R B N).
    fn keys_taken(_table: &Table<Self>) -> bool {
        false
    }
    /// Whether the computer may think now (hex chess lets a forced move play first).
    fn computer_may_think(_table: &Table<Self>) -> bool {
        true
    }
    /// The computer's turn, computed on a worker thread.
    fn think(
        game: &Self::Rules,
        level: Level,
        _demo: bool,
        rng: &mut GameRng,
    ) -> Vec<ActionOf<Self>> {
        game.choose(level, rng)
    }
    /// The game a new-game request starts (by default the same setup, a new seed).
    fn new_match(table: &Table<Self>, seed: u64) -> Match<Self::Rules> {
        let setup = Setup {
            seed,
            ..table.game.setup().clone()
        };
        Match::new(setup).unwrap_or_else(|_| table.game.clone())
    }
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

/// What a person, a script or a test asks the table for; played in order, one per frame
/// while no playback runs.
#[derive(Debug, Clone, PartialEq)]
pub enum Request<A> {
    Play(A),
    Undo,
    NewGame,
}

/// A game on the table.
#[derive(Resource)]
pub struct Table<G: TableGame> {
    /// The rules state and the turns that built it.
    pub game: Match<G::Rules>,
    pub mode: PlayMode,
    /// The side a person plays against the computer (`None` in the other modes).
    pub human: Option<SideOf<G>>,
    /// How strongly the computer plays.
    pub level: Level,
    /// What the game keeps of its own.
    pub scene: G::Scene,
    pub requests: VecDeque<Request<ActionOf<G>>>,
    /// The last refusal or anything else worth telling the player.
    pub message: Option<String>,
    /// The last playback's decorations (kept hidden so it can be replayed).
    pub effects: Vec<Entity>,
    /// Changes to the rules state so far (plays, undos, new games): a game saving its
    /// session compares this with what it saved.
    pub changes: u64,
    /// Drawn for a still or a film, not played live.
    pub offscreen: bool,
    /// A replay being watched (no one plays while it is).
    pub viewer: Option<viewer::Viewer>,
    /// The game being played, kept aside while the viewer looks back at its own moves.
    pub live: Option<Match<G::Rules>>,
    /// Whether this table resumes a game rather than starting one.
    pub resumed: Resumed,
    /// Where a new game starts instead of the game's start: the position a lesson or a
    /// puzzle was set out at (taking back a wrong try is starting over there).
    pub start_over: Option<Match<G::Rules>>,
    /// The change count at which the game was last kept as a replay.
    kept_changes: Option<u64>,
    thinking: Option<Task<(Vec<ActionOf<G>>, GameRng)>>,
    planned: VecDeque<ActionOf<G>>,
    computer_wait: f32,
    needs_sync: bool,
    demo_restart: f32,
}

impl<G: TableGame> std::ops::Deref for Table<G> {
    type Target = G::Scene;
    fn deref(&self) -> &G::Scene {
        &self.scene
    }
}

impl<G: TableGame> std::ops::DerefMut for Table<G> {
    fn deref_mut(&mut self) -> &mut G::Scene {
        &mut self.scene
    }
}

impl<G: TableGame> Table<G> {
    pub fn new(game: Match<G::Rules>, mode: PlayMode) -> Self {
        let human = (mode == PlayMode::VsComputer).then(|| game.to_move());
        Table {
            game,
            mode,
            human,
            level: Level::Strong,
            scene: G::Scene::default(),
            requests: VecDeque::new(),
            message: None,
            effects: Vec::new(),
            changes: 0,
            offscreen: false,
            viewer: None,
            live: None,
            resumed: Resumed::No,
            start_over: None,
            kept_changes: None,
            thinking: None,
            planned: VecDeque::new(),
            computer_wait: 0.0,
            needs_sync: false,
            demo_restart: 0.0,
        }
    }

    /// Whether the side to move is played by a person here.
    pub fn human_to_move(&self) -> bool {
        match self.mode {
            PlayMode::HotSeat | PlayMode::Board | PlayMode::Exercise => true,
            PlayMode::VsComputer => self.human == Some(self.game.to_move()),
            PlayMode::Demo | PlayMode::Showcase => false,
        }
    }

    /// Whether a person may act now: their turn, nothing playing, the game running.
    pub fn may_act(&self, queue: &PlaybackQueue) -> bool {
        queue.is_idle() && self.human_to_move() && !self.game.is_over() && self.viewer.is_none()
    }

    /// Whether the computer is thinking about its turn.
    pub fn thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// True once after a playback ended: the game snaps its entities to the rules state.
    pub fn take_sync(&mut self, queue: &PlaybackQueue) -> bool {
        if self.needs_sync && queue.is_idle() {
            self.needs_sync = false;
            true
        } else {
            false
        }
    }

    /// Asks for the entities to be snapped to the rules state once playback is idle.
    pub fn request_sync(&mut self) {
        self.needs_sync = true;
    }
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
            .get_resource::<Table<G>>()
            .is_some_and(|table| table.thinking())
    });
    app.add_systems(Startup, load_looks::<G>)
        .add_systems(
            OnEnter(Screen::Playing),
            turns::start::<G>
                .in_set(TableStart)
                .run_if(super::playing(game)),
        )
        .add_systems(
            OnExit(Screen::Playing),
            (keeping::keep_on_leave::<G>, suspend::leave::<G>).chain(),
        )
        .add_systems(
            Update,
            (
                (
                    turns::table_keys::<G>,
                    keeping::save_key::<G>,
                    script::feed_script::<G>,
                    viewer::viewer_keys::<G>,
                )
                    .in_set(TableSystems::Input),
                viewer::finish_stepping_back::<G>
                    .after(ComputerTurn)
                    .in_set(TableSystems::Turns),
                (
                    viewer::viewer_controls::<G>,
                    timeline::draw_timeline::<G>,
                    timeline::draw_stage_ticks::<G>,
                )
                    .in_set(TableSystems::Show),
                keeping::keep_finished::<G>.in_set(TableSystems::Show),
                keeping::pause_commands::<G>.before(TableSystems::Input),
                (
                    turns::apply_requests::<G>,
                    turns::computer_turn::<G>.in_set(ComputerTurn),
                )
                    .chain()
                    .in_set(TableSystems::Turns),
                (
                    (status::update_status::<G>, score::update_scoreboard::<G>).chain(),
                    move_list::draw_move_list::<G>,
                    pointer_note::show_pointer_note::<G>,
                    last_move::mark_last_move::<G>,
                )
                    .in_set(TableSystems::Show),
                seat::seat_camera::<G>.run_if(resource_added::<Table<G>>),
            )
                .run_if(resource_exists::<Table<G>>),
        );
}

fn load_looks<G: TableGame>(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(G::make_looks(&mut meshes, &mut materials));
}
