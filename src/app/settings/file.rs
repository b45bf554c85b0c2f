//! The settings file: where it lives, reading it (an unreadable one is kept aside under a
//! new name, never overwritten), and saving every change (a failure is told once and
//! retried at the next change).

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use super::Settings;
use crate::app::playback::PlaybackQueue;
use crate::app::ui::Notice;

/// Where the settings live: `$LODESTONE_CONFIG_DIR` if set (tests, portable installs),
/// else the platform's config folder.
pub fn settings_path() -> Option<PathBuf> {
    Some(crate::app::paths::config_dir()?.join("settings.ron"))
}

/// Reads the settings at `path`. A missing file gives the defaults silently; a file that
/// cannot be read or parsed is moved aside and the sentence returned says where.
pub fn load_from(path: &Path) -> (Settings, Option<String>) {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        // No file (or no folder: its place taken by a file) is nothing to keep aside.
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
            ) =>
        {
            return (Settings::default(), None);
        }
        Err(e) => return (Settings::default(), Some(set_aside(path, &e.to_string()))),
    };
    match ron::from_str::<Settings>(&text) {
        Ok(settings) => settings.validated(),
        Err(e) => (Settings::default(), Some(set_aside(path, &e.to_string()))),
    }
}

pub use crate::files::move_aside;

/// Moves an unreadable settings file aside and says so.
pub fn set_aside(path: &Path, why: &str) -> String {
    match move_aside(path) {
        Ok(aside) => format!(
            "Settings file could not be read ({}); kept it as {} and started with defaults.",
            first_line(why),
            aside.display()
        ),
        Err(e) => format!(
            "Settings file could not be read ({}) nor moved aside ({e}); using defaults and not saving over it.",
            first_line(why)
        ),
    }
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or(text)
}

/// Writes the settings whole (a crash never leaves half a file; the folder is made).
pub fn save_to(path: &Path, settings: &Settings) -> Result<(), String> {
    let text = ron::ser::to_string_pretty(settings, ron::ser::PrettyConfig::default())
        .map_err(|e| e.to_string())?;
    crate::files::write_replacing(path, text.as_bytes()).map_err(|e| e.to_string())
}

/// Where the settings are read and saved instead of [`settings_path`] (tests; `None`
/// keeps none).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct SettingsLocation(pub Option<PathBuf>);

/// Whether saving is allowed (not when the file on disk could not be moved aside), and
/// whether the last save failed: the trouble is told once, and every change tries again
/// (the settings themselves stay in memory meanwhile).
#[derive(Resource, Default)]
pub(super) struct SettingsFile {
    path: Option<PathBuf>,
    writable: bool,
    failing: bool,
}

pub(super) fn load_settings(
    mut commands: Commands,
    mut notice: ResMut<Notice>,
    mut queue: ResMut<PlaybackQueue>,
    location: Option<Res<SettingsLocation>>,
) {
    let path = match location {
        Some(location) => location.0.clone(),
        None => settings_path(),
    };
    let (settings, problem) = match &path {
        Some(path) => load_from(path),
        None => (Settings::default(), None),
    };
    let writable = !problem
        .as_deref()
        .is_some_and(|p| p.contains("nor moved aside"));
    // Out-of-range values replaced by defaults are written back at the next change.
    if let Some(problem) = problem {
        warn!("{problem}");
        notice.show(problem, 12.0);
    }
    queue.speed = settings.speed;
    commands.insert_resource(settings.quality);
    commands.insert_resource(SettingsFile {
        path,
        writable,
        failing: false,
    });
    commands.insert_resource(settings);
}

pub(super) fn save_when_changed(
    mut settings: ResMut<Settings>,
    mut file: ResMut<SettingsFile>,
    queue: Res<PlaybackQueue>,
    mut notice: ResMut<Notice>,
) {
    if (settings.speed - queue.speed).abs() > 1e-4 {
        settings.speed = queue.speed;
    }
    if !settings.is_changed() || settings.is_added() || !file.writable {
        return;
    }
    let Some(path) = file.path.clone() else {
        return;
    };
    match save_to(&path, &settings) {
        Ok(()) => file.failing = false,
        Err(e) if !file.failing => {
            file.failing = true;
            let why = format!(
                "Could not save settings to {} ({e}); they stay as set and are saved at the next change.",
                path.display()
            );
            warn!("{why}");
            notice.show(why, 8.0);
        }
        Err(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::look::Quality;
    use crate::rules::GameId;

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("lodestone-settings-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn round_trip_and_missing_file() {
        let dir = temp_dir("round");
        let path = dir.join("settings.ron");
        assert_eq!(load_from(&path), (Settings::default(), None));
        let settings = Settings {
            speed: 0.25,
            last_game: Some(GameId::Hexchess),
            ..Settings::default()
        };
        save_to(&path, &settings).unwrap();
        assert_eq!(load_from(&path), (settings, None));
    }

    #[test]
    fn unreadable_file_is_kept_aside_not_overwritten() {
        let dir = temp_dir("bad");
        let path = dir.join("settings.ron");
        std::fs::write(&path, "(speed: \"fast\"").unwrap();
        std::fs::write(dir.join("settings.ron.unreadable-1"), "older").unwrap();
        let (settings, problem) = load_from(&path);
        assert_eq!(settings, Settings::default());
        let problem = problem.expect("the problem is reported");
        assert!(problem.contains("unreadable-2"), "{problem}");
        assert_eq!(
            std::fs::read_to_string(dir.join("settings.ron.unreadable-2")).unwrap(),
            "(speed: \"fast\""
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("settings.ron.unreadable-1")).unwrap(),
            "older"
        );
        assert!(!path.exists());
    }

    #[test]
    fn a_value_out_of_range_is_reported_and_replaced_the_rest_kept() {
        let dir = temp_dir("range");
        let path = dir.join("settings.ron");
        std::fs::write(
            &path,
            "(speed: 1000.0, quality: Low, camera_shake: false, attract_idle_seconds: 90, \
             new_game: {hexchess: (mode: vs_computer, side: 1, level: easy, ruleset: Some(\"classic\"))})",
        )
        .unwrap();
        let (settings, problem) = load_from(&path);
        let problem = problem.expect("the bad value is reported");
        assert!(problem.contains("speed 1000"), "{problem}");
        assert!(
            !problem.contains("attract"),
            "only the bad value: {problem}"
        );
        assert_eq!(settings.speed, Settings::default().speed);
        assert_eq!(settings.quality, Quality::Low);
        assert!(!settings.camera_shake);
        assert_eq!(settings.attract_idle_seconds, 90);
        let hex = &settings.new_game[&GameId::Hexchess];
        assert_eq!((hex.side, hex.ruleset.as_deref()), (1, Some("classic")));
        assert!(path.exists(), "a readable file is not set aside");
    }

    #[test]
    fn every_kind_of_range_is_checked() {
        let bad = Settings {
            window: (100, 100),
            attract_idle_seconds: 100_000,
            showcase_speed: 3.0,
            speed: f32::NAN,
            ..Settings::default()
        };
        let (fixed, problem) = bad.validated();
        let problem = problem.unwrap();
        for field in ["window", "attract_idle_seconds", "showcase_speed", "speed"] {
            assert!(problem.contains(field), "{field}: {problem}");
        }
        assert_eq!(fixed, Settings::default());
        assert_eq!(Settings::default().validated(), (Settings::default(), None));
    }
}
