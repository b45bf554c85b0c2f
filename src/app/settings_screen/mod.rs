//! The settings screen (from the menu and the pause menu): one row per setting, a click on
//! its value steps to the next; the sound's volumes are sliders in a column of their own.
//! Every change is applied at once and saved (`settings::apply_settings`,
//! `save_when_changed`).

use bevy::prelude::*;

use super::keymap::Keymap;
use super::playback::PlaybackQueue;
use super::settings::Settings;
use super::ui::LayoutChecked;
use super::ui::theme::{BUTTON, BUTTON_HOVER, HEADING, INK_BRIGHT, LABEL, SHEET, TITLE};
use super::ui::widgets::{Activate, ButtonFills, button, overlay_screen};
use super::{KeyboardSystems, Overlay};

mod keys;
mod keys_sheet;
mod rows;
mod sound;
pub use keys::{KeyButton, KeysButton, KeysSaid, Listening};
pub use rows::SettingRow;
pub use sound::Volume;
use sound::{VolumeShown, percent_of, slide_volume, spawn_volume};

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Settings), spawn_settings_screen)
        .add_systems(
            Update,
            (close_on_escape.in_set(KeyboardSystems), refresh_values)
                .chain()
                .run_if(in_state(Overlay::Settings)),
        )
        .add_plugins(keys::plugin)
        .add_observer(press_setting_button)
        .add_observer(slide_volume);
}

/// The screen's Done button.
#[derive(Component)]
struct SettingsDone;

/// The screen's full-screen root.
#[derive(Component)]
struct SettingsRoot;

const INK: Color = INK_BRIGHT;
const FILLS: ButtonFills = ButtonFills {
    rest: BUTTON,
    hover: BUTTON_HOVER,
};

/// Escape closes the settings (and only them: the pause menu under them stays).
fn close_on_escape(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut overlay: ResMut<NextState<Overlay>>,
) {
    if keys.is_some_and(|k| k.just_pressed(KeyCode::Escape)) {
        overlay.set(Overlay::None);
    }
}

fn spawn_settings_screen(
    mut commands: Commands,
    settings: Option<Res<Settings>>,
    keymap: Res<Keymap>,
) {
    let Some(settings) = settings else {
        return;
    };
    commands
        .spawn((
            Name::new("Settings screen"),
            SettingsRoot,
            DespawnOnExit(Overlay::Settings),
            overlay_screen(18, 0.5),
        ))
        .with_children(|screen| {
            screen
                .spawn((
                    Name::new("Settings panel"),
                    LayoutChecked("settings"),
                    sheet_panel(),
                ))
                .with_children(|panel| {
                    panel.spawn(sheet_title("Settings"));
                    panel
                        .spawn(Node {
                            column_gap: px(28),
                            ..default()
                        })
                        .with_children(|columns| {
                            columns.spawn(column()).with_children(|left| {
                                for row in SettingRow::ALL {
                                    if !RIGHT_COLUMN.contains(&row) {
                                        spawn_row(left, row, &settings, &keymap);
                                    }
                                }
                            });
                            columns.spawn(column()).with_children(|right| {
                                right.spawn((
                                    Text::new("Sound"),
                                    TextFont::from_font_size(18.0),
                                    TextColor(HEADING),
                                ));
                                for volume in Volume::ALL {
                                    spawn_volume(right, volume, &settings);
                                }
                                for row in RIGHT_COLUMN {
                                    spawn_row(right, row, &settings, &keymap);
                                }
                            });
                        });
                    panel
                        .spawn(Node {
                            justify_content: JustifyContent::End,
                            column_gap: px(10),
                            margin: UiRect::top(px(8)),
                            ..default()
                        })
                        .with_children(|row| {
                            keys::spawn_open_button(row);
                            row.spawn((SettingsDone, button("Done", 120.0, BUTTON, INK), FILLS));
                        });
                });
        });
}

/// The rows under the sound's sliders.
const RIGHT_COLUMN: [SettingRow; 6] = [
    SettingRow::Sound,
    SettingRow::InterfaceSize,
    SettingRow::MovePreviews,
    SettingRow::EvaluationBar,
    SettingRow::ReducedMotion,
    SettingRow::ColourVision,
];

/// The panel of a settings sheet (the settings, the keys): a column on the sheet's fill.
fn sheet_panel() -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            row_gap: px(6),
            padding: UiRect::axes(px(24), px(18)),
            border_radius: BorderRadius::all(px(10)),
            max_height: percent(96),
            ..default()
        },
        BackgroundColor(SHEET),
    )
}

/// A settings sheet's title.
fn sheet_title(title: &str) -> impl Bundle + use<> {
    (
        Text::new(title),
        TextFont::from_font_size(26.0),
        TextColor(TITLE),
    )
}

fn column() -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        row_gap: px(6),
        ..default()
    }
}

fn spawn_row(
    column: &mut ChildSpawnerCommands,
    row: SettingRow,
    settings: &Settings,
    keymap: &Keymap,
) {
    let width = if RIGHT_COLUMN.contains(&row) {
        120.0
    } else {
        210.0
    };
    let label = match row.command() {
        Some(command) => format!("{} ({})", row.label(), keymap.name(command)),
        None => row.label().to_string(),
    };
    labelled_line(column, &label, |line| {
        line.spawn((row, button(&row.value(settings), width, BUTTON, INK), FILLS));
    });
}

/// One line of a column: its label on the left, what `control` spawns on the right.
fn labelled_line(
    column: &mut ChildSpawnerCommands,
    label: &str,
    control: impl FnOnce(&mut ChildSpawnerCommands),
) {
    column
        .spawn(Node {
            column_gap: px(12),
            align_items: AlignItems::Center,
            justify_content: JustifyContent::SpaceBetween,
            ..default()
        })
        .with_children(|line| {
            line.spawn((
                Text::new(label),
                TextFont::from_font_size(16.0),
                TextColor(LABEL),
            ));
            control(line);
        });
}

/// A row's button steps its setting; Done closes the screen.
fn press_setting_button(
    activate: On<Activate>,
    rows: Query<&SettingRow>,
    done: Query<(), With<SettingsDone>>,
    settings: Option<ResMut<Settings>>,
    mut queue: ResMut<PlaybackQueue>,
    mut overlay: ResMut<NextState<Overlay>>,
) {
    if done.contains(activate.entity) {
        overlay.set(Overlay::None);
    }
    if let (Ok(row), Some(mut settings)) = (rows.get(activate.entity), settings) {
        row.step(&mut settings);
        // The speed playing now is the setting (the keys change both).
        queue.speed = settings.speed;
    }
}

/// Rewrites the values shown when the settings change (a click, a slider, or F2, F3, F11,
/// M).
fn refresh_values(
    settings: Option<Res<Settings>>,
    rows: Query<(&SettingRow, &Children)>,
    mut shown: Query<(&VolumeShown, &mut Text), Without<SettingRow>>,
    mut texts: Query<&mut Text, Without<VolumeShown>>,
) {
    let Some(settings) = settings.filter(|s| s.is_changed()) else {
        return;
    };
    for (VolumeShown(volume), mut text) in &mut shown {
        let value = percent_of(volume.get(&settings));
        if text.0 != value {
            text.0 = value;
        }
    }
    for (row, children) in &rows {
        for child in children.iter() {
            if let Ok(mut text) = texts.get_mut(child) {
                let value = row.value(&settings);
                if text.0 != value {
                    text.0 = value;
                }
            }
        }
    }
}
