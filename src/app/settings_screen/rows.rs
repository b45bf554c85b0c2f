//! The settings screen's rows: each setting's label, the key that changes it too, its
//! value as shown and the step a press makes.

use bevy::prelude::*;

use super::super::keymap;
use super::super::look::Quality;
use super::super::settings::{ColorScheme, Settings, WindowModeSetting};

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
    TerritoryPattern,
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
    pub const ALL: [SettingRow; 17] = [
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
        SettingRow::TerritoryPattern,
        SettingRow::Sound,
        SettingRow::InterfaceSize,
        SettingRow::MovePreviews,
        SettingRow::EvaluationBar,
        SettingRow::ReducedMotion,
        SettingRow::ColourVision,
    ];

    pub fn label(self) -> &'static str {
        match self {
            SettingRow::WindowMode => "Window",
            SettingRow::Vsync => "Vsync",
            SettingRow::AntiAliasing => "Anti-aliasing",
            SettingRow::Quality => "Shadows and effects",
            SettingRow::Speed => "Playback speed",
            SettingRow::CinematicCamera => "Cinematic camera in replays",
            SettingRow::CameraShake => "Camera shake",
            SettingRow::ReducedMotion => "Reduced motion",
            SettingRow::ColourVision => "Colour vision",
            SettingRow::Colours => "Colours",
            SettingRow::AttractIdle => "Showcase after idle",
            SettingRow::ShowRenaming => "Hex chess: show renaming",
            SettingRow::TerritoryPattern => "Wave Field: territory pattern",
            SettingRow::Sound => "Sound",
            SettingRow::InterfaceSize => "Interface size",
            SettingRow::MovePreviews => "Move previews",
            SettingRow::EvaluationBar => "Evaluation bar",
        }
    }

    /// The command whose key changes the setting too, named after its label.
    pub fn command(self) -> Option<keymap::Command> {
        match self {
            SettingRow::WindowMode => Some(keymap::FULLSCREEN),
            SettingRow::Quality => Some(keymap::QUALITY),
            SettingRow::Colours => Some(keymap::COLOURS),
            SettingRow::Sound => Some(keymap::MUTE),
            SettingRow::EvaluationBar => Some(keymap::EVALUATION),
            _ => None,
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
            SettingRow::TerritoryPattern => on(s.territory_pattern),
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
                s.speed = next_step(&SPEEDS, s.speed + 1e-4);
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
                s.attract_idle_seconds = next_step(&ATTRACT, s.attract_idle_seconds);
            }
            SettingRow::ShowRenaming => s.show_renaming = !s.show_renaming,
            SettingRow::TerritoryPattern => s.territory_pattern = !s.territory_pattern,
            SettingRow::Sound => s.muted = !s.muted,
            SettingRow::InterfaceSize => {
                s.interface_size = next_step(&INTERFACE_SIZES, s.interface_size + 1e-4);
            }
            SettingRow::MovePreviews => s.move_previews = !s.move_previews,
            SettingRow::EvaluationBar => s.evaluation_bar = !s.evaluation_bar,
        }
    }
}

/// The first of the rising `steps` above `now`, round to the first after the last.
fn next_step<T: Copy + PartialOrd>(steps: &[T], now: T) -> T {
    steps.iter().copied().find(|v| *v > now).unwrap_or(steps[0])
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
