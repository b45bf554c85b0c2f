//! What a game brings to the shared table: the [`TableGame`] contract (its looks, set-out,
//! stages, status, controls, camera seat, previews) and the rules types it names.

use bevy::prelude::*;

use super::{MoveMarks, Played, RulesPage, foresight, review_panel, score};
use crate::app::camera::Seat;
use crate::app::playback::Stage;
use crate::lessons::Lessoned;
use crate::rules::rng::GameRng;
use crate::rules::{Level, Match, Rules, Setup, Stop};

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
    type Rules: Rules + crate::rules::edit::Editable + crate::rules::reach::Reaching;
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
    /// The game's own framing already keeps the window's right side for a panel (Wave
    /// Field's tuning panel): the position editor's panel takes that room and the board
    /// stays where it is.
    const FRAMED_FOR_RIGHT_PANEL: bool = false;
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
    /// Where the review's part stands: under the move list where the table hangs one,
    /// else in a corner panel (hex chess lists its moves itself).
    const REVIEW_PLACE: review_panel::ReviewPlace = if Self::MOVE_LIST.is_some() {
        review_panel::ReviewPlace::UnderMoveList
    } else {
        review_panel::ReviewPlace::Corner
    };
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
    /// The engine's name of a cell of the board (`E3`, `f5`): what the position editor
    /// edits.
    fn cell_name(cell: &crate::app::boards::BoardCell) -> Option<String>;
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
    /// The game's own keys for the help overlay (F1), as (key, what it does), named as
    /// `keymap` gives them (the table adds its shared ones).
    fn keys(
        played: &Played<Self>,
        scene: &Self::Scene,
        keymap: &crate::app::keymap::Keymap,
    ) -> Vec<(String, String)>;
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
    fn last_move_marks(_played: &Played<Self>, _scene: &Self::Scene) -> Option<MoveMarks> {
        None
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
