//! The settings screen (from the menu and the pause menu): one row per setting, a click on
//! its value steps to the next; the sound's volumes are sliders in a column of their own.
//! Every change is applied at once and saved (`settings::apply_settings`,
//! `save_when_changed`).

use bevy::prelude::*;

use super::look::Quality;
use super::playback::PlaybackQueue;
use super::settings::{ColorScheme, Settings, WindowModeSetting};
use super::ui::LayoutChecked;
use super::ui::theme::{BUTTON, BUTTON_HOVER, HEADING, INK_BRIGHT, LABEL, SHEET, TITLE};
use super::ui::widgets::{Activate, ButtonFills, button, overlay_screen};
use super::{KeyboardSystems, Overlay};

mod keys;
mod sound;
pub use keys::{KeyButton, KeysButton, KeysSaid, Listening};
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

/// One setting's row; its button shows the value and steps it.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingRow {
    WindowMode,
    Vsync,
    AntiAliasing,
    Quality,
    Speed,
    CinematicCamera,
    CameraShake,
    ReducedMotion,
    ColourVision,
    Colours,
    AttractIdle,
    ShowRenaming,
    Sound,
    InterfaceSize,
    MovePreviews,
    EvaluationBar,
}

/// The playback speeds offered, slowest first.
const SPEEDS: [f32; 6] = [0.1, 0.25, 0.5, 1.0, 1.5, 2.0];
/// The interface sizes offered (a factor on the window's own).
const INTERFACE_SIZES: [f32; 6] = [0.8, 0.9, 1.0, 1.15, 1.3, 1.5];
/// The attract mode's waits offered, seconds (0: never).
const ATTRACT: [u32; 5] = [0, 30, 60, 120, 300];

impl SettingRow {
    /// Every row: the first column's, then the sound's (under its sliders) and the
    /// interface size's in the second.
    pub const ALL: [SettingRow; 16] = [
        SettingRow::WindowMode,
        SettingRow::Vsync,
        SettingRow::AntiAliasing,
        SettingRow::Quality,
        SettingRow::Speed,
        SettingRow::CinematicCamera,
        SettingRow::CameraShake,
        SettingRow::Colours,
        SettingRow::AttractIdle,
        SettingRow::ShowRenaming,
        SettingRow::Sound,
        SettingRow::InterfaceSize,
        SettingRow::MovePreviews,
        SettingRow::EvaluationBar,
        SettingRow::ReducedMotion,
        SettingRow::ColourVision,
    ];

    pub fn label(self) -> &'static str {
        match self {
            SettingRow::WindowMode => "Window (F11)",
            SettingRow::Vsync => "Vsync",
            SettingRow::AntiAliasing => "Anti-aliasing",
            SettingRow::Quality => "Shadows and effects (F3)",
            SettingRow::Speed => "Playback speed",
            SettingRow::CinematicCamera => "Cinematic camera in replays",
            SettingRow::CameraShake => "Camera shake",
            SettingRow::ReducedMotion => "Reduced motion",
            SettingRow::ColourVision => "Colour vision",
            SettingRow::Colours => "Colours (F2)",
            SettingRow::AttractIdle => "Showcase after idle",
            SettingRow::ShowRenaming => "Hex chess: show renaming",
            SettingRow::Sound => "Sound (M)",
            SettingRow::InterfaceSize => "Interface size",
            SettingRow::MovePreviews => "Move previews",
            SettingRow::EvaluationBar => "Evaluation bar (E)",
        }
    }

    pub fn value(self, s: &Settings) -> String {
        let on = |b: bool| if b { "On" } else { "Off" }.to_string();
        match self {
            SettingRow::WindowMode => match s.window_mode {
                WindowModeSetting::Windowed => "Windowed".into(),
                WindowModeSetting::BorderlessFullscreen => "Borderless fullscreen".into(),
            },
            SettingRow::Vsync => on(s.vsync),
            SettingRow::AntiAliasing => if s.antialiasing { "FXAA" } else { "Off" }.into(),
            SettingRow::Quality => match s.quality {
                Quality::Low => "Low (no shadows)".into(),
                Quality::Medium => "Medium".into(),
                Quality::High => "High".into(),
            },
            SettingRow::Speed => format!("{}x", s.speed),
            SettingRow::CinematicCamera => on(s.cinematic_camera),
            SettingRow::CameraShake => on(s.camera_shake),
            SettingRow::ReducedMotion => on(s.reduced_motion),
            SettingRow::ColourVision => crate::rules::edit::capital(s.colour_vision.name()),
            SettingRow::Colours => match s.color_scheme {
                ColorScheme::Classic => "Classic".into(),
                ColorScheme::HighContrast => "High contrast".into(),
            },
            SettingRow::AttractIdle => match s.attract_idle_seconds {
                0 => "Never".into(),
                n if n % 60 == 0 => format!("{} min", n / 60),
                n => format!("{n} s"),
            },
            SettingRow::ShowRenaming => on(s.show_renaming),
            SettingRow::Sound => on(!s.muted),
            SettingRow::InterfaceSize => format!("{:.0}%", s.interface_size * 100.0),
            SettingRow::MovePreviews => on(s.move_previews),
            SettingRow::EvaluationBar => on(s.evaluation_bar),
        }
    }

    /// Steps the setting to its next value (wrapping round).
    pub fn step(self, s: &mut Settings) {
        match self {
            SettingRow::WindowMode => s.window_mode = s.window_mode.next(),
            SettingRow::Vsync => s.vsync = !s.vsync,
            SettingRow::AntiAliasing => s.antialiasing = !s.antialiasing,
            SettingRow::Quality => s.quality = s.quality.next(),
            SettingRow::Speed => {
                s.speed = SPEEDS
                    .into_iter()
                    .find(|v| *v > s.speed + 1e-4)
                    .unwrap_or(SPEEDS[0]);
            }
            SettingRow::CinematicCamera => s.cinematic_camera = !s.cinematic_camera,
            SettingRow::CameraShake => s.camera_shake = !s.camera_shake,
            SettingRow::ReducedMotion => s.reduced_motion = !s.reduced_motion,
            SettingRow::ColourVision => {
                use crate::colour_vision::Vision;
                let at = Vision::ALL
                    .iter()
                    .position(|v| *v == s.colour_vision)
                    .unwrap_or(0);
                s.colour_vision = Vision::ALL[(at + 1) % Vision::ALL.len()];
            }
            SettingRow::Colours => s.color_scheme = s.color_scheme.next(),
            SettingRow::AttractIdle => {
                s.attract_idle_seconds = ATTRACT
                    .into_iter()
                    .find(|v| *v > s.attract_idle_seconds)
                    .unwrap_or(ATTRACT[0]);
            }
            SettingRow::ShowRenaming => s.show_renaming = !s.show_renaming,
            SettingRow::Sound => s.muted = !s.muted,
            SettingRow::InterfaceSize => {
                s.interface_size = INTERFACE_SIZES
                    .into_iter()
                    .find(|v| *v > s.interface_size + 1e-4)
                    .unwrap_or(INTERFACE_SIZES[0]);
            }
            SettingRow::MovePreviews => s.move_previews = !s.move_previews,
            SettingRow::EvaluationBar => s.evaluation_bar = !s.evaluation_bar,
        }
    }
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

fn spawn_settings_screen(mut commands: Commands, settings: Option<Res<Settings>>) {
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
                    Node {
                        flex_direction: FlexDirection::Column,
                        row_gap: px(6),
                        padding: UiRect::axes(px(24), px(18)),
                        border_radius: BorderRadius::all(px(10)),
                        max_height: percent(96),
                        ..default()
                    },
                    BackgroundColor(SHEET),
                ))
                .with_children(|panel| {
                    panel.spawn((
                        Text::new("Settings"),
                        TextFont::from_font_size(26.0),
                        TextColor(TITLE),
                    ));
                    panel
                        .spawn(Node {
                            column_gap: px(28),
                            ..default()
                        })
                        .with_children(|columns| {
                            columns.spawn(column()).with_children(|left| {
                                for row in SettingRow::ALL {
                                    if !RIGHT_COLUMN.contains(&row) {
                                        spawn_row(left, row, &settings);
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
                                    spawn_row(right, row, &settings);
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

fn column() -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        row_gap: px(6),
        ..default()
    }
}

fn spawn_row(column: &mut ChildSpawnerCommands, row: SettingRow, settings: &Settings) {
    let width = if RIGHT_COLUMN.contains(&row) {
        120.0
    } else {
        210.0
    };
    labelled_line(column, row.label(), |line| {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_steps_round_to_where_it_started() {
        for row in SettingRow::ALL {
            let mut s = Settings::default();
            let start = row.value(&s);
            let mut seen = vec![start.clone()];
            for _ in 0..12 {
                row.step(&mut s);
                let v = row.value(&s);
                if v == start {
                    break;
                }
                assert!(!seen.contains(&v), "{row:?} repeats {v} before wrapping");
                seen.push(v);
            }
            assert_eq!(row.value(&s), start, "{row:?} wraps round");
            assert!(seen.len() >= 2, "{row:?} has a choice");
            assert_eq!(s.clone().validated().1, None, "{row:?} stays in range");
        }
    }
}
