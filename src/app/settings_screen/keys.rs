//! The keys sheet (from the settings): every command that has a key of its own, grouped by
//! where it is live. A press on a command's button (a click, or Enter on it) waits for the
//! next key: a free key is given and saved at once; a key taken by a command live at the
//! same time, or one of the keyboard's own, is refused in one line and nothing changes;
//! Escape keeps the key as it was. Defaults gives every command its key back.
//! Here too the keymap takes the settings' keys whenever they change (their file read on
//! start, or a change): a key not taken is said and left at its default.

use bevy::input_focus::{FocusCause, InputFocus};
use bevy::prelude::*;

use crate::app::keymap::{Command, Keymap, Scope, key_name};
use crate::app::settings::Settings;
use crate::app::ui::LayoutChecked;
use crate::app::ui::theme::{BUTTON, BUTTON_HOVER, HEADING, INK_BRIGHT, LABEL, SHEET, TITLE};
use crate::app::ui::widgets::{Activate, ButtonFills, button, overlay_screen};
use crate::app::{KeyboardSystems, Overlay};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Listening>()
        .add_systems(OnEnter(Overlay::Keys), spawn_keys_sheet)
        .add_systems(OnExit(Overlay::Keys), stop_listening)
        .add_systems(PreUpdate, take_keys)
        // Before everything that reads keys: the key pressed is the sheet's alone.
        .add_systems(
            PreUpdate,
            listen
                .after(bevy::input::InputSystems)
                .run_if(in_state(Overlay::Keys)),
        )
        .add_systems(
            Update,
            (close_on_escape.in_set(KeyboardSystems), show_keys)
                .chain()
                .run_if(in_state(Overlay::Keys)),
        )
        .add_observer(press_keys_button);
}

/// A command's button on the sheet: it shows the command's key.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyButton(pub &'static str);

/// The sheet's other buttons, and the settings' button that opens it.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeysButton {
    Open,
    Defaults,
    Done,
}

/// The sheet's line of words: what to do, what was given or why not.
#[derive(Component)]
pub struct KeysSaid;

/// The command waiting for its new key, and the button to give the focus back to.
#[derive(Resource, Default, Debug)]
pub struct Listening {
    pub command: Option<&'static str>,
    button: Option<Entity>,
    /// The press that started listening is not the new key: listening starts a frame
    /// later.
    armed: bool,
    said: Option<String>,
}

const FILLS: ButtonFills = ButtonFills {
    rest: BUTTON,
    hover: BUTTON_HOVER,
};
const KEY_WIDTH: f32 = 92.0;
const FIRST: &str = "Press a command's button, then its new key (Esc keeps the old one).";

/// The settings' row that opens the sheet.
pub(super) fn spawn_open_button(parent: &mut ChildSpawnerCommands) {
    parent.spawn((
        KeysButton::Open,
        button("Keys...", 120.0, BUTTON, INK_BRIGHT),
        FILLS,
    ));
}

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

fn spawn_keys_sheet(mut commands: Commands, keymap: Res<Keymap>, mut listening: ResMut<Listening>) {
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
                    Node {
                        flex_direction: FlexDirection::Column,
                        row_gap: px(8),
                        padding: UiRect::axes(px(22), px(16)),
                        border_radius: BorderRadius::all(px(10)),
                        max_height: percent(96),
                        ..default()
                    },
                    BackgroundColor(SHEET),
                ))
                .with_children(|panel| {
                    panel.spawn((
                        Text::new("Keys"),
                        TextFont::from_font_size(24.0),
                        TextColor(TITLE),
                    ));
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

fn press_keys_button(
    activate: On<Activate>,
    key_buttons: Query<&KeyButton>,
    other: Query<&KeysButton>,
    mut listening: ResMut<Listening>,
    mut focus: ResMut<InputFocus>,
    mut keymap: ResMut<Keymap>,
    settings: Option<ResMut<Settings>>,
    mut overlay: ResMut<NextState<Overlay>>,
) {
    if let Ok(KeyButton(id)) = key_buttons.get(activate.entity) {
        listening.command = Some(id);
        listening.button = Some(activate.entity);
        listening.armed = false;
        listening.said = None;
        // The focus lets go, so Enter or Space pressed as the new key presses nothing.
        focus.clear();
        return;
    }
    match other.get(activate.entity) {
        Ok(KeysButton::Open) => overlay.set(Overlay::Keys),
        Ok(KeysButton::Done) => overlay.set(Overlay::Settings),
        Ok(KeysButton::Defaults) => {
            keymap.reset();
            if let Some(mut settings) = settings {
                settings.keys.clear();
            }
            listening.command = None;
            listening.said = Some("Every command has its own key back.".to_string());
        }
        Err(_) => {}
    }
}

/// The next key pressed after a command's button: given, or refused in one line. The key
/// is taken from the input, so nothing else reads it.
fn listen(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut listening: ResMut<Listening>,
    mut keymap: ResMut<Keymap>,
    settings: Option<ResMut<Settings>>,
    mut focus: ResMut<InputFocus>,
) {
    let Some(id) = listening.command else { return };
    if !listening.armed {
        listening.armed = true;
        return;
    }
    let modifiers = [
        KeyCode::ShiftLeft,
        KeyCode::ShiftRight,
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::AltLeft,
        KeyCode::AltRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ];
    let Some(key) = keys
        .get_just_pressed()
        .find(|k| !modifiers.contains(k))
        .copied()
    else {
        return;
    };
    keys.clear_just_pressed(key);
    let Some(command) = keymap.commands().iter().find(|c| c.id == id).copied() else {
        return;
    };
    let said = if key == KeyCode::Escape {
        format!(
            "{} keeps {}.",
            crate::rules::edit::capital(command.what),
            keymap.name(command)
        )
    } else {
        match keymap.give(command, key) {
            Ok(()) => {
                if let Some(mut settings) = settings {
                    settings.keys = keymap.changed();
                }
                format!(
                    "{} is now {}.",
                    crate::rules::edit::capital(command.what),
                    key_name(key)
                )
            }
            Err(why) => why,
        }
    };
    listening.said = Some(said);
    listening.command = None;
    if let Some(button) = listening.button {
        focus.set(button, FocusCause::Navigated);
    }
}

/// The keys the settings give, taken into the keymap when they change (on start, and
/// from the keys sheet); a key not taken is said and dropped from the settings.
fn take_keys(
    settings: Option<ResMut<Settings>>,
    mut keymap: ResMut<Keymap>,
    mut notice: ResMut<crate::app::ui::Notice>,
) {
    let Some(mut settings) = settings.filter(|s| s.is_changed()) else {
        return;
    };
    if settings.keys == keymap.changed() {
        return;
    }
    if let Some(problem) = keymap.take_changed(&settings.keys) {
        warn!("{problem}");
        notice.show(problem, 12.0);
        settings.keys = keymap.changed();
    }
}

fn stop_listening(mut listening: ResMut<Listening>) {
    *listening = Listening::default();
}

/// Escape (while no command waits for its key) goes back to the settings.
fn close_on_escape(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    listening: Res<Listening>,
    mut overlay: ResMut<NextState<Overlay>>,
) {
    if listening.command.is_none() && keys.is_some_and(|k| k.just_pressed(KeyCode::Escape)) {
        overlay.set(Overlay::Settings);
    }
}

/// Each button shows its command's key ("press a key" while it waits); the line says
/// what was done.
fn show_keys(
    keymap: Res<Keymap>,
    listening: Res<Listening>,
    buttons: Query<(&KeyButton, &Children)>,
    mut texts: Query<&mut Text, Without<KeysSaid>>,
    mut said: Query<&mut Text, With<KeysSaid>>,
) {
    if !keymap.is_changed() && !listening.is_changed() {
        return;
    }
    for (KeyButton(id), children) in &buttons {
        let Some(command) = keymap.commands().iter().find(|c| c.id == *id) else {
            continue;
        };
        let shown = if listening.command == Some(*id) {
            "press a key".to_string()
        } else {
            keymap.name(*command)
        };
        for child in children.iter() {
            if let Ok(mut text) = texts.get_mut(child)
                && text.0 != shown
            {
                text.0 = shown.clone();
            }
        }
    }
    let line = match (&listening.command, &listening.said) {
        (Some(_), _) => "Press the new key (Esc keeps the old one).".to_string(),
        (None, Some(said)) => said.clone(),
        (None, None) => FIRST.to_string(),
    };
    for mut text in &mut said {
        if text.0 != line {
            text.0 = line.clone();
        }
    }
}
