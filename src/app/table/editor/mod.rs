//! The position editor (docs/codes.md): a position set up by hand on the table, from the
//! new-game dialog ("Set up a position") or from any position shown (Ctrl+E). Pieces are
//! put and taken with the palette's brush (click a cell; drag a piece to move it), the
//! side to move and the game's own state are stepped by their buttons. The rules make
//! every edit (`rules::edit`): one they refuse leaves the board as it was and says why in
//! one line. From the position set up: two players, the computer at any level, or the
//! board with the evaluation bar and the threat shown (Analyse).

mod answers;
mod frame;
pub mod panel;
mod pointer;

use bevy::prelude::*;

use super::state::{Played, Seats};
use super::{TableGame, TableLaunch};
use crate::app::PlayMode;
use crate::app::choice::GameChoice;
use crate::app::{Presentation, Screen};
use crate::rules::edit::Edit;
use crate::rules::{GameId, Rules, Setup};

/// The position being set up: its code, how it will be played, the brush, the last word.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Editor {
    pub game: GameId,
    /// The position now, as the rules write it.
    pub code: String,
    /// How it will be played: the ruleset, the level, the side the person took.
    pub choice: GameChoice,
    pub brush: Brush,
    /// The cell whose piece is picked up to move or bond, waiting for its second click.
    pub picked: Option<String>,
    /// What the last edit did, or why it was refused.
    pub line: String,
    /// The codes before each edit, for undo.
    pub undo: Vec<String>,
    /// Where Cancel goes back to (`None`: the menu).
    pub back: Option<Box<TableLaunch>>,
}

/// What a click on a cell does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// Puts this palette piece (a second click on the same piece takes it away).
    Piece(char),
    /// Picks a piece up, then puts it down where the next click is.
    Move,
    /// Takes the piece away.
    Remove,
    /// Joins two neighbouring pieces, or parts them (Vectress).
    Bond,
}

/// What the editor is asked, by its panel, the pointer on the board, its keys or a test.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum EditorAsk {
    Brush(Brush),
    /// A click on a cell, by the engine's name.
    Cell(String),
    /// A piece dragged from one cell to another.
    Drag(String, String),
    /// An edit of the whole position (a setting stepped, a clear, the start).
    Edit(Edit),
    Undo,
    /// The computer's next level.
    Level,
    Finish(Finish),
}

/// How the editor is left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    TwoPlayers,
    /// Against the computer, the person playing the side to move.
    VsComputer,
    /// The board, both sides moved by hand, with the evaluation bar and the threat.
    Analyse,
    Cancel,
}

pub(super) fn configure(app: &mut App) {
    app.add_message::<EditorAsk>().add_systems(
        OnExit(Screen::Playing),
        |mut commands: Commands| {
            commands.remove_resource::<Editor>();
            // A press the table did not see released is not carried to the next.
            commands.insert_resource(pointer::Pressed::default());
        },
    );
    panel::plugin(app);
}

pub(super) fn plugin<G: TableGame>(app: &mut App, game: GameId) {
    pointer::plugin::<G>(app);
    frame::plugin::<G>(app);
    panel::plugin_for::<G>(app);
    app.add_systems(
        OnEnter(Screen::Playing),
        begin::<G>
            .in_set(super::TableEnter::SetOut)
            .run_if(crate::app::playing(game)),
    )
    .add_systems(
        Update,
        (
            editor_keys::<G>.in_set(crate::app::KeyboardSystems),
            answers::run_editor::<G>.after(editor_keys::<G>),
        )
            .in_set(super::TableSystems::Input)
            .run_if(resource_exists::<Played<G>>),
    );
}

/// Opens the editor on a table launched to set a position up.
fn begin<G: TableGame>(
    mut commands: Commands,
    launch: Option<Res<TableLaunch>>,
    played: Option<Res<Played<G>>>,
) {
    let Some(Start::Edit(choice, _, back)) = launch.map(|l| l.start.clone()) else {
        return;
    };
    let Some(played) = played else { return };
    commands.insert_resource(Editor {
        game: <G::Rules as Rules>::GAME,
        code: played.game.code(),
        choice,
        brush: Brush::Move,
        picked: None,
        line: "Drag a piece to move it, or choose a piece or Remove and click a cell.".to_string(),
        undo: Vec::new(),
        back,
    });
}

use super::Start;

/// Ctrl+E sets up the position shown (a game, a replay, a look back); in the editor U or
/// Backspace takes the last edit back.
fn editor_keys<G: TableGame>(
    mut commands: Commands,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    keymap: Res<crate::app::keymap::Keymap>,
    presentation: Res<State<Presentation>>,
    editor: Option<Res<Editor>>,
    played: Res<Played<G>>,
    seats: Res<Seats>,
    settings: Option<Res<crate::app::settings::Settings>>,
    mut asks: MessageWriter<EditorAsk>,
) {
    let Some(keys) = keys else { return };
    if *presentation.get() != Presentation::Live {
        return;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if editor.is_some() {
        let undo = keymap.just_pressed(&keys, crate::app::keymap::UNDO);
        if !ctrl && (undo || keys.just_pressed(KeyCode::Backspace)) {
            asks.write(EditorAsk::Undo);
        }
        return;
    }
    if ctrl && keys.just_pressed(KeyCode::KeyE) {
        let game = <G::Rules as Rules>::GAME;
        let code = played.game.code();
        let remembered = settings
            .as_ref()
            .and_then(|s| s.new_game.get(&game).cloned())
            .unwrap_or_default();
        let choice = super::codes::choice_for(game, &seats, remembered, &code);
        // A game people play is saved as it leaves: Cancel resumes it.
        let back = seats.people_play().then(|| {
            Box::new(TableLaunch {
                game,
                start: Start::Resume(choice.clone()),
            })
        });
        open(&mut commands, game, choice, code, back);
    }
}

/// Opens the editor on `code`'s position of `game`.
pub fn open(
    commands: &mut Commands,
    game: GameId,
    choice: GameChoice,
    code: String,
    back: Option<Box<TableLaunch>>,
) {
    crate::app::reopen_table(
        commands,
        TableLaunch {
            game,
            start: Start::Edit(choice, code, back),
        },
    );
}

/// The start position's code of `game` for `setup`'s ruleset (the default rules' where
/// the ruleset is refused).
pub fn start_code(game: GameId, setup: &Setup) -> String {
    crate::with_rules!(game, R => R::start(setup)
        .or_else(|_| R::start(&Setup::default()))
        .map(|r| r.code())
        .unwrap_or_default())
}

/// Whether a position is being set up (the HUD's analysis buttons give way).
pub fn editing(seats: &Seats) -> bool {
    seats.mode == PlayMode::Setup
}
