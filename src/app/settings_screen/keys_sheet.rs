//! The keys sheet as set out: a title, its line of words, the commands grouped by where
//! they are live in columns of at most [`ROWS`] lines, and Defaults and Done.

use bevy::prelude::*;

use super::keys::{FILLS, FIRST, KEY_WIDTH, KeyButton, KeysButton, KeysSaid, Listening};
use crate::app::Overlay;
use crate::app::keymap::{Command, Keymap, Scope};
use crate::app::ui::LayoutChecked;
use crate::app::ui::theme::{BUTTON, HEADING, INK_BRIGHT, LABEL};
use crate::app::ui::widgets::{button, overlay_screen};

/// The sheet's groups, in order: the table's, everywhere's, then each game's.
fn groups(keymap: &Keymap) -> Vec<(String, Vec<Command>)> {
    let mut groups: Vec<(Scope, Vec<Command>)> = Vec::new();
    for command in keymap.commands() {
        match groups.iter_mut().find(|(scope, _)| *scope == command.scope) {
            Some((_, list)) => list.push(*command),
            None => groups.push((command.scope, vec![*command])),
        }
    }
    groups.sort_by_key(|(scope, _)| match scope {
        Scope::Table => 0,
        Scope::Everywhere => 1,
        Scope::Game(_) => 2,
    });
    groups
        .into_iter()
        .map(|(scope, list)| {
            let title = match scope {
                Scope::Table => "At the table".to_string(),
                Scope::Everywhere => "Everywhere".to_string(),
                Scope::Game(game) => game.title().to_string(),
            };
            (title, list)
        })
        .collect()
}

/// The longest column, in rows (a heading counts as one).
const ROWS: usize = 11;

pub(super) fn spawn_keys_sheet(
    mut commands: Commands,
    keymap: Res<Keymap>,
    mut listening: ResMut<Listening>,
) {
    *listening = Listening::default();
    // The groups laid out in columns of at most ROWS lines; a group longer than a
    // column goes on in the next one.
    let mut columns: Vec<Vec<Line>> = vec![Vec::new()];
    for (title, list) in groups(&keymap) {
        let mut heading = Some(title);
        for command in list {
            let column = columns.last_mut().expect("a column");
            if column.len() + usize::from(heading.is_some()) + 1 > ROWS {
                columns.push(Vec::new());
            }
            let column = columns.last_mut().expect("a column");
            if let Some(title) = heading.take() {
                column.push(Line::Heading(title));
            }
            column.push(Line::Command(command));
        }
    }
    commands
        .spawn((
            Name::new("Keys sheet"),
            DespawnOnExit(Overlay::Keys),
            overlay_screen(19, 0.5),
        ))
        .with_children(|screen| {
            screen
                .spawn((
                    Name::new("Keys panel"),
                    LayoutChecked("keys"),
                    super::sheet_panel(),
                ))
                .with_children(|panel| {
                    panel.spawn(super::sheet_title("Keys"));
                    panel.spawn((
                        KeysSaid,
                        Text::new(FIRST),
                        TextFont::from_font_size(15.0),
                        TextColor(LABEL),
                    ));
                    panel
                        .spawn(Node {
                            column_gap: px(22),
                            ..default()
                        })
                        .with_children(|row| {
                            for lines in &columns {
                                row.spawn(Node {
                                    flex_direction: FlexDirection::Column,
                                    row_gap: px(4),
                                    ..default()
                                })
                                .with_children(|column| {
                                    for line in lines {
                                        spawn_line(column, line, &keymap);
                                    }
                                });
                            }
                        });
                    panel
                        .spawn(Node {
                            justify_content: JustifyContent::End,
                            column_gap: px(10),
                            ..default()
                        })
                        .with_children(|row| {
                            row.spawn((
                                KeysButton::Defaults,
                                button("Defaults", 110.0, BUTTON, INK_BRIGHT),
                                FILLS,
                            ));
                            row.spawn((
                                KeysButton::Done,
                                button("Done", 110.0, BUTTON, INK_BRIGHT),
                                FILLS,
                            ));
                        });
                });
        });
}

enum Line {
    Heading(String),
    Command(Command),
}

fn spawn_line(column: &mut ChildSpawnerCommands, line: &Line, keymap: &Keymap) {
    match line {
        Line::Heading(title) => {
            column.spawn((
                Text::new(title.clone()),
                TextFont::from_font_size(16.0),
                TextColor(HEADING),
            ));
        }
        Line::Command(command) => {
            column
                .spawn(Node {
                    column_gap: px(10),
                    align_items: AlignItems::Center,
                    justify_content: JustifyContent::SpaceBetween,
                    ..default()
                })
                .with_children(|line| {
                    line.spawn((
                        Text::new(crate::rules::edit::capital(command.what)),
                        TextFont::from_font_size(14.0),
                        TextColor(LABEL),
                    ));
                    line.spawn((
                        KeyButton(command.id),
                        button(&keymap.name(*command), KEY_WIDTH, BUTTON, INK_BRIGHT),
                        FILLS,
                    ));
                });
        }
    }
}
