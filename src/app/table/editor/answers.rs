//! What the editor answers: an edit made by the rules and set out on the table (or its
//! refusal said), a click turned into the brush's edit, undo, the level, and leaving.

use bevy::prelude::*;

use super::{Brush, Editor, EditorAsk, Finish, Start};
use crate::app::Screen;
use crate::app::choice::ModeChoice;
use crate::app::playback::PlaybackQueue;
use crate::app::table::state::{PlaybackEffects, Played};
use crate::app::table::{TableGame, TableLaunch, TablePart, respawn};
use crate::rules::edit::{self, Edit};
use crate::rules::{Level, Match, Rules, Setup};

/// Everything an edit changes on the table.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct EditTable<'w, 's, G: TableGame> {
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
pub(super) fn run_editor<G: TableGame>(
    mut asks: MessageReader<EditorAsk>,
    editor: Option<ResMut<Editor>>,
    mut table: EditTable<G>,
    mut shown: ResMut<crate::app::table::foresight::ForesightShown>,
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
                editor.line = brush_hint(*brush);
                None
            }
            EditorAsk::Cell(cell) => click::<G::Rules>(&mut editor, cell.clone()),
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
                    editor.line = done::<G::Rules>(&edit, &code);
                    let before = std::mem::replace(&mut editor.code, code);
                    editor.undo.push(before);
                }
                Err(why) => editor.line = edit::plain(&why),
            },
            Err(why) => editor.line = why,
        }
    }
}

/// A click on `cell` with the editor's brush: the edit it makes, if any.
fn click<R: edit::Editable>(editor: &mut Editor, cell: String) -> Option<Edit> {
    let on = |code: &str, cell: &str| edit::piece_on::<R>(code, cell);
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

fn brush_hint(brush: Brush) -> String {
    match brush {
        Brush::Piece(_) => {
            "Click a cell to put the piece there; click it again to take it away.".to_string()
        }
        Brush::Move => "Drag a piece, or click it and then where it goes.".to_string(),
        Brush::Remove => "Click a piece to take it away.".to_string(),
        Brush::Bond => {
            "Click two neighbouring pieces to bond them (again to part them).".to_string()
        }
    }
}

/// What an edit accepted did, in a few words (`after`: the code it made).
fn done<R: edit::Editable>(edit: &Edit, after: &str) -> String {
    match edit {
        Edit::Put {
            cell,
            piece: Some(_),
        } => format!("Put the piece on {cell}."),
        Edit::Put { cell, piece: None } => format!("Took the piece on {cell} away."),
        Edit::Move { from, to } => format!("Moved the piece on {from} to {to}."),
        Edit::Step(n) => match edit::settings::<R>(after).get(*n) {
            Some(s) if s.group.is_empty() => format!("{}: {}.", s.name, s.value),
            Some(s) => format!("{}: {} {}.", s.group, s.name, s.value),
            None => "Changed.".to_string(),
        },
        // The code writes every bond by its two cells (Vectress's bonds field).
        Edit::Bond(a, b)
            if [format!("{a}{b}"), format!("{b}{a}")]
                .iter()
                .any(|pair| after.split([' ', ',']).any(|field| field == pair)) =>
        {
            format!("Bonded {a} and {b}.")
        }
        Edit::Bond(a, b) => format!("Parted {a} and {b}."),
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
    shown: &mut crate::app::table::foresight::ForesightShown,
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
        }
    }

    use crate::app::choice::GameChoice;
    use crate::rules::GameId;

    type Vectress = crate::rules::vectress::Game;

    #[test]
    fn clicks_make_the_brushs_edit() {
        let start = crate::rules::vectress::code::START;
        let mut e = editor(start);
        // Move: a click on an empty cell picks nothing; on a piece, then elsewhere, moves.
        assert_eq!(click::<Vectress>(&mut e, "E5".into()), None);
        assert_eq!(e.line, "Nothing stands on E5.");
        assert_eq!(click::<Vectress>(&mut e, "E3".into()), None);
        assert_eq!(e.picked.as_deref(), Some("E3"));
        assert_eq!(
            click::<Vectress>(&mut e, "E5".into()),
            Some(Edit::Move {
                from: "E3".into(),
                to: "E5".into()
            })
        );
        // A piece brush puts its piece, and takes it from a cell that has it.
        e.brush = Brush::Piece('T');
        assert_eq!(
            click::<Vectress>(&mut e, "D3".into()),
            Some(Edit::Put {
                cell: "D3".into(),
                piece: None
            })
        );
        assert_eq!(
            click::<Vectress>(&mut e, "E5".into()),
            Some(Edit::Put {
                cell: "E5".into(),
                piece: Some('T')
            })
        );
        e.brush = Brush::Bond;
        assert_eq!(click::<Vectress>(&mut e, "E3".into()), None);
        assert_eq!(
            click::<Vectress>(&mut e, "F3".into()),
            Some(Edit::Bond("E3".into(), "F3".into()))
        );
    }
}
