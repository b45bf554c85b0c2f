//! The position editor (docs/codes.md): a position set up by hand on the table, from the
//! new-game dialog ("Set up a position") or from any position shown (Ctrl+E). Pieces are
//! put and taken with the palette's brush (click a cell; drag a piece to move it), the
//! side to move and the game's own state are stepped by their buttons. The rules make
//! every edit (`rules::edit`): one they refuse leaves the board as it was and says why in
//! one line. From the position set up: two players, the computer at any level, or the
//! board with the evaluation bar and the threat shown (Analyse).

mod frame;
pub mod panel;
mod pointer;

use bevy::prelude::*;

use super::state::{PlaybackEffects, Played, Seats};
use super::{TableGame, TableLaunch, TablePart, respawn};
use crate::app::PlayMode;
use crate::app::choice::{GameChoice, ModeChoice};
use crate::app::playback::PlaybackQueue;
use crate::app::{Presentation, Screen};
use crate::rules::edit::{self, Edit};
use crate::rules::{GameId, Level, Match, Rules, Setup};

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
    /// The cell under the pointer's press and where the pointer was, until its release.
    pub pressed: Option<(String, Vec2)>,
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
            run_editor::<G>.after(editor_keys::<G>),
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
        pressed: None,
    });
}

use super::Start;

/// Ctrl+E sets up the position shown (a game, a replay, a look back); in the editor U or
/// Backspace takes the last edit back.
fn editor_keys<G: TableGame>(
    mut commands: Commands,
    keys: Option<Res<ButtonInput<KeyCode>>>,
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
        if !ctrl && (keys.just_pressed(KeyCode::KeyU) || keys.just_pressed(KeyCode::Backspace)) {
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

/// Everything an edit changes on the table.
#[derive(bevy::ecs::system::SystemParam)]
struct EditTable<'w, 's, G: TableGame> {
    commands: Commands<'w, 's>,
    played: ResMut<'w, Played<G>>,
    scene: ResMut<'w, <G as TableGame>::Scene>,
    looks: Res<'w, <G as TableGame>::Looks>,
    queue: ResMut<'w, PlaybackQueue>,
    effects: ResMut<'w, PlaybackEffects>,
    parts: Query<'w, 's, Entity, With<TablePart>>,
}

impl<G: TableGame> EditTable<'_, '_, G> {
    /// Sets `code`'s position out on the table.
    fn set_out(&mut self, code: &str, ruleset: Option<&str>) -> Result<(), String> {
        let game = Match::<G::Rules>::new(Setup {
            seed: G::SEED,
            ruleset: ruleset.map(str::to_string),
            position: Some(code.to_string()),
        })?;
        self.played.replace(game);
        respawn(
            &mut self.commands,
            &*self.looks,
            &self.played,
            &mut self.scene,
            &mut self.queue,
            &mut self.effects,
            self.parts.iter(),
        );
        Ok(())
    }
}

/// Answers what the editor is asked.
fn run_editor<G: TableGame>(
    mut asks: MessageReader<EditorAsk>,
    editor: Option<ResMut<Editor>>,
    mut table: EditTable<G>,
    mut shown: ResMut<super::foresight::ForesightShown>,
    settings: Option<ResMut<crate::app::settings::Settings>>,
) {
    let Some(mut editor) = editor.filter(|e| e.game == <G::Rules as Rules>::GAME) else {
        asks.clear();
        return;
    };
    let mut settings = settings;
    for ask in asks.read() {
        let edit = match ask {
            EditorAsk::Brush(brush) => {
                editor.brush = *brush;
                editor.picked = None;
                editor.line = brush_hint(*brush, editor.game);
                None
            }
            EditorAsk::Cell(cell) => click(&mut editor, cell.clone()),
            EditorAsk::Drag(from, to) => {
                editor.picked = None;
                Some(Edit::Move {
                    from: from.clone(),
                    to: to.clone(),
                })
            }
            EditorAsk::Edit(edit) => Some(edit.clone()),
            EditorAsk::Undo => {
                match editor.undo.pop() {
                    Some(code) => {
                        let ruleset = editor.choice.ruleset.clone();
                        if table.set_out(&code, ruleset.as_deref()).is_ok() {
                            editor.code = code;
                            editor.line = "Took the last edit back.".to_string();
                        }
                    }
                    None => editor.line = "There is no edit to take back.".to_string(),
                }
                None
            }
            EditorAsk::Level => {
                editor.choice.level = next_level(editor.choice.level);
                None
            }
            EditorAsk::Finish(finish) => {
                finished::<G>(
                    &mut table,
                    &mut editor,
                    *finish,
                    &mut shown,
                    settings.as_deref_mut(),
                );
                None
            }
        };
        let Some(edit) = edit else { continue };
        let ruleset = editor.choice.ruleset.clone();
        match edit::edited::<G::Rules>(&editor.code, &edit, ruleset.as_deref()) {
            Ok(code) => match table.set_out(&code, ruleset.as_deref()) {
                Ok(()) => {
                    let before = std::mem::replace(&mut editor.code, code);
                    editor.undo.push(before);
                    editor.line = done(&edit);
                }
                Err(why) => editor.line = edit::plain(&why),
            },
            Err(why) => editor.line = why,
        }
    }
}

/// A click on `cell` with the editor's brush: the edit it makes, if any.
fn click(editor: &mut Editor, cell: String) -> Option<Edit> {
    let on = |code: &str, cell: &str| piece_letter(editor.game, code, cell);
    match editor.brush {
        Brush::Piece(letter) => {
            let there = on(&editor.code, &cell) == Some(letter);
            Some(Edit::Put {
                cell,
                piece: (!there).then_some(letter),
            })
        }
        Brush::Remove => Some(Edit::Put { cell, piece: None }),
        Brush::Move | Brush::Bond => match editor.picked.take() {
            Some(from) if from == cell => {
                editor.line = format!("Put the piece on {cell} back.");
                None
            }
            Some(from) if editor.brush == Brush::Move => Some(Edit::Move { from, to: cell }),
            Some(from) => Some(Edit::Bond(from, cell)),
            None if on(&editor.code, &cell).is_none() => {
                editor.line = format!("Nothing stands on {cell}.");
                None
            }
            None => {
                editor.line = if editor.brush == Brush::Move {
                    format!("Picked up the piece on {cell}: click where it goes.")
                } else {
                    format!("Click a piece beside {cell} to bond it, or part a bond.")
                };
                editor.picked = Some(cell);
                None
            }
        },
    }
}

/// The start position's code of `game` for `setup`'s ruleset (the default rules' where
/// the ruleset is refused).
pub fn start_code(game: GameId, setup: &Setup) -> String {
    use crate::rules::{hexchess, polarity, vectress, wavefield};
    fn code_of<R: Rules>(setup: &Setup) -> String {
        R::start(setup)
            .or_else(|_| R::start(&Setup::default()))
            .map(|r| r.code())
            .unwrap_or_default()
    }
    match game {
        GameId::Vectress => code_of::<vectress::Game>(setup),
        GameId::Hexchess => code_of::<hexchess::GameSession>(setup),
        GameId::Wavefield => code_of::<wavefield::Game>(setup),
        GameId::Polarity => code_of::<polarity::Game>(setup),
    }
}

/// The palette letter on `cell`, whichever game.
pub fn piece_letter(game: GameId, code: &str, cell: &str) -> Option<char> {
    use crate::rules::{hexchess, polarity, vectress, wavefield};
    match game {
        GameId::Vectress => edit::piece_on::<vectress::Game>(code, cell),
        GameId::Hexchess => edit::piece_on::<hexchess::GameSession>(code, cell),
        GameId::Wavefield => edit::piece_on::<wavefield::Game>(code, cell),
        GameId::Polarity => edit::piece_on::<polarity::Game>(code, cell),
    }
}

fn brush_hint(brush: Brush, game: GameId) -> String {
    match brush {
        Brush::Piece(_) => {
            "Click a cell to put the piece there; click it again to take it away.".to_string()
        }
        Brush::Move => "Drag a piece, or click it and then where it goes.".to_string(),
        Brush::Remove => "Click a piece to take it away.".to_string(),
        Brush::Bond if game == GameId::Vectress => {
            "Click two neighbouring pieces to bond them (again to part them).".to_string()
        }
        Brush::Bond => "This game has no bonds.".to_string(),
    }
}

/// What an edit accepted did, in a few words.
fn done(edit: &Edit) -> String {
    match edit {
        Edit::Put {
            cell,
            piece: Some(_),
        } => format!("Put the piece on {cell}."),
        Edit::Put { cell, piece: None } => format!("Took the piece on {cell} away."),
        Edit::Move { from, to } => format!("Moved the piece on {from} to {to}."),
        Edit::Step(_) => "Changed.".to_string(),
        Edit::Bond(a, b) => format!("Bonded or parted {a} and {b}."),
        Edit::Clear => "Cleared the board.".to_string(),
        Edit::Start => "Set out the start.".to_string(),
    }
}

fn next_level(level: Level) -> Level {
    match level {
        Level::Easy => Level::Normal,
        Level::Normal => Level::Strong,
        Level::Strong => Level::Easy,
    }
}

/// Leaves the editor: the position played as asked (one the game has ended is not), or
/// back where it was opened from.
fn finished<G: TableGame>(
    table: &mut EditTable<G>,
    editor: &mut Editor,
    finish: Finish,
    shown: &mut super::foresight::ForesightShown,
    settings: Option<&mut crate::app::settings::Settings>,
) {
    let game = editor.game;
    if finish == Finish::Cancel {
        match editor.back.take() {
            Some(back) => crate::app::reopen_table(&mut table.commands, *back),
            None => table.commands.set_state(Screen::Menu),
        }
        return;
    }
    if table.played.game.is_over() {
        editor.line = "The game is over in this position: there is nothing to play.".to_string();
        return;
    }
    let mut choice = editor.choice.clone();
    choice.clock = None;
    choice.mode = match finish {
        Finish::TwoPlayers => ModeChoice::TwoPlayers,
        Finish::VsComputer => {
            choice.side = table.played.to_move();
            ModeChoice::VsComputer
        }
        _ => {
            shown.evaluation_bar = true;
            shown.threat = true;
            if let Some(settings) = settings {
                settings.evaluation_bar = true;
            }
            ModeChoice::Board
        }
    };
    crate::app::reopen_table(
        &mut table.commands,
        TableLaunch {
            game,
            start: Start::Position(choice, editor.code.clone()),
        },
    );
}

/// Whether a position is being set up (the HUD's analysis buttons give way).
pub fn editing(seats: &Seats) -> bool {
    seats.mode == PlayMode::Setup
}

#[cfg(test)]
mod tests {
    use super::*;

    fn editor(code: &str) -> Editor {
        Editor {
            game: GameId::Vectress,
            code: code.to_string(),
            choice: GameChoice::default(),
            brush: Brush::Move,
            picked: None,
            line: String::new(),
            undo: Vec::new(),
            back: None,
            pressed: None,
        }
    }

    #[test]
    fn clicks_make_the_brushs_edit() {
        let start = crate::rules::vectress::code::START;
        let mut e = editor(start);
        // Move: a click on an empty cell picks nothing; on a piece, then elsewhere, moves.
        assert_eq!(click(&mut e, "E5".into()), None);
        assert_eq!(e.line, "Nothing stands on E5.");
        assert_eq!(click(&mut e, "E3".into()), None);
        assert_eq!(e.picked.as_deref(), Some("E3"));
        assert_eq!(
            click(&mut e, "E5".into()),
            Some(Edit::Move {
                from: "E3".into(),
                to: "E5".into()
            })
        );
        // A piece brush puts its piece, and takes it from a cell that has it.
        e.brush = Brush::Piece('T');
        assert_eq!(
            click(&mut e, "D3".into()),
            Some(Edit::Put {
                cell: "D3".into(),
                piece: None
            })
        );
        assert_eq!(
            click(&mut e, "E5".into()),
            Some(Edit::Put {
                cell: "E5".into(),
                piece: Some('T')
            })
        );
        e.brush = Brush::Bond;
        assert_eq!(click(&mut e, "E3".into()), None);
        assert_eq!(
            click(&mut e, "F3".into()),
            Some(Edit::Bond("E3".into(), "F3".into()))
        );
    }
}
