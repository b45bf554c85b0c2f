//! The keys sheet (from the settings): every command that has a key of its own, grouped by
//! where it is live. A press on a command's button (a click, or Enter on it) waits for the
//! next key: a free key is given and saved at once; a key taken by a command live at the
//! same time, or one of the keyboard's own, is refused in one line and nothing changes;
//! Escape keeps the key as it was. Defaults gives every command its key back.
//! Here too the keymap takes the settings' keys whenever they change (their file read on
//! start, or a change): a key not taken is said and left at its default.

use bevy::input_focus::{FocusCause, InputFocus};
use bevy::prelude::*;

use crate::app::keymap::{Keymap, key_name};
use crate::app::settings::Settings;
use crate::app::ui::theme::{BUTTON, BUTTON_HOVER, INK_BRIGHT};
use crate::app::ui::widgets::{Activate, ButtonFills, button};
use crate::app::{KeyboardSystems, Overlay};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Listening>()
        .add_systems(OnEnter(Overlay::Keys), super::keys_sheet::spawn_keys_sheet)
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

pub(super) const FILLS: ButtonFills = ButtonFills {
    rest: BUTTON,
    hover: BUTTON_HOVER,
};
pub(super) const KEY_WIDTH: f32 = 72.0;
pub(super) const FIRST: &str =
    "Press a command's button, then its new key (Esc keeps the old one).";

/// The settings' row that opens the sheet.
pub(super) fn spawn_open_button(parent: &mut ChildSpawnerCommands) {
    parent.spawn((
        KeysButton::Open,
        button("Keys...", 120.0, BUTTON, INK_BRIGHT),
        FILLS,
    ));
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

/// Each button shows its command's key ("?" while it waits); the line says
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
            "?".to_string()
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
