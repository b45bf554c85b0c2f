//! Player settings (speed, window size, last game, colour scheme), saved as RON in the
//! platform's config folder. An unreadable file is reported, kept aside under a new name
//! (never overwritten) and the defaults are used.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::hud::Notice;
use super::look::Quality;
use super::playback::PlaybackQueue;
use crate::rules::GameId;

pub fn plugin(app: &mut App) {
    app.add_systems(PreStartup, load_settings)
        .add_systems(Startup, apply_color_scheme)
        .add_systems(
            Update,
            (
                remember_window_size,
                toggle_color_scheme.run_if(resource_exists::<ButtonInput<KeyCode>>),
                cycle_quality.run_if(resource_exists::<ButtonInput<KeyCode>>),
            ),
        )
        .add_systems(Last, save_when_changed);
}

#[derive(Resource, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(default)]
pub struct Settings {
    pub speed: f32,
    pub window: (u32, u32),
    pub last_game: Option<GameId>,
    pub color_scheme: ColorScheme,
    /// The replay viewer's camera follows the action.
    pub cinematic_camera: bool,
    /// How much of the look to draw (F3 cycles it).
    pub quality: Quality,
    /// The camera trembles when a Core falls.
    pub camera_shake: bool,
    /// Seconds without input on the menu before the showcase starts by itself; 0 never.
    pub attract_idle_seconds: u32,
    /// The showcase's slow motion for the moment that matters, 0.1 to 0.25.
    pub showcase_speed: f32,
    /// Hex chess: live play shows a renaming (a morph and a ring) for learners; the v011
    /// document announces nothing, so it is off by default.
    pub show_renaming: bool,
}

#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ColorScheme {
    #[default]
    Classic,
    HighContrast,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            speed: 1.0,
            window: (1280, 800),
            last_game: None,
            color_scheme: ColorScheme::Classic,
            cinematic_camera: true,
            quality: Quality::default(),
            camera_shake: true,
            attract_idle_seconds: 60,
            showcase_speed: 0.2,
            show_renaming: false,
        }
    }
}

/// Where the settings live: `$LODESTONE_CONFIG_DIR` if set (tests, portable installs),
/// else the platform's config folder.
pub fn settings_path() -> Option<PathBuf> {
    let dir = match std::env::var_os("LODESTONE_CONFIG_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => dirs::config_dir()?.join("lodestone"),
    };
    Some(dir.join("settings.ron"))
}

/// Reads the settings at `path`. A missing file gives the defaults silently; a file that
/// cannot be read or parsed is moved aside and the sentence returned says where.
pub fn load_from(path: &Path) -> (Settings, Option<String>) {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (Settings::default(), None),
        Err(e) => return (Settings::default(), Some(set_aside(path, &e.to_string()))),
    };
    match ron::from_str::<Settings>(&text) {
        Ok(mut settings) => {
            settings.speed = sanitize_speed(settings.speed);
            (settings, None)
        }
        Err(e) => (Settings::default(), Some(set_aside(path, &e.to_string()))),
    }
}

/// The showcase's slow motion, within its range (a value that is not a number gives the
/// default).
fn slow_motion(speed: f32) -> f32 {
    let range = super::showcase::SLOW_MOTION;
    if speed.is_finite() {
        speed.clamp(*range.start(), *range.end())
    } else {
        super::showcase::AttractSettings::default().slow_motion
    }
}

fn sanitize_speed(speed: f32) -> f32 {
    if speed.is_finite() {
        speed.clamp(0.05, 4.0)
    } else {
        1.0
    }
}

/// Moves an unreadable file to the first free `NAME.unreadable-N` and says so.
pub fn set_aside(path: &Path, why: &str) -> String {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let aside = (1..)
        .map(|n| path.with_file_name(format!("{name}.unreadable-{n}")))
        .find(|p| !p.exists())
        .unwrap_or_else(|| path.with_extension("unreadable"));
    match std::fs::rename(path, &aside) {
        Ok(()) => format!(
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

pub fn save_to(path: &Path, settings: &Settings) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    }
    let text = ron::ser::to_string_pretty(settings, ron::ser::PrettyConfig::default())
        .map_err(|e| e.to_string())?;
    // Write then rename, so a crash never leaves half a file.
    let tmp = path.with_extension("ron.tmp");
    std::fs::write(&tmp, text).map_err(|e| e.to_string())?;
    std::fs::rename(&tmp, path).map_err(|e| e.to_string())
}

/// Whether saving is allowed: not when the file on disk could not be moved aside.
#[derive(Resource, Default)]
struct SettingsFile {
    path: Option<PathBuf>,
    writable: bool,
}

fn load_settings(
    mut commands: Commands,
    mut notice: ResMut<Notice>,
    mut queue: ResMut<PlaybackQueue>,
) {
    let path = settings_path();
    let (settings, problem) = match &path {
        Some(path) => load_from(path),
        None => (Settings::default(), None),
    };
    let writable = !problem
        .as_deref()
        .is_some_and(|p| p.contains("nor moved aside"));
    if let Some(problem) = problem {
        warn!("{problem}");
        notice.show(problem, 12.0);
    }
    queue.speed = settings.speed;
    commands.insert_resource(settings.quality);
    commands.insert_resource(super::camera::ShakeEnabled(settings.camera_shake));
    commands.insert_resource(super::hexchess::ShowRenaming(settings.show_renaming));
    commands.insert_resource(super::showcase::AttractSettings {
        idle_seconds: settings.attract_idle_seconds as f32,
        slow_motion: slow_motion(settings.showcase_speed),
    });
    commands.insert_resource(SettingsFile { path, writable });
    commands.insert_resource(settings);
}

fn remember_window_size(
    mut resized: MessageReader<bevy::window::WindowResized>,
    mut settings: ResMut<Settings>,
) {
    if let Some(last) = resized.read().last() {
        let size = (last.width.round() as u32, last.height.round() as u32);
        if size.0 >= 320 && size.1 >= 240 && settings.window != size {
            settings.window = size;
        }
    }
}

/// F2 switches between the classic look and a high-contrast one (brighter light, black
/// surroundings) and remembers the choice.
fn toggle_color_scheme(
    keys: Res<ButtonInput<KeyCode>>,
    mut settings: ResMut<Settings>,
    clear: ResMut<ClearColor>,
    ambient: ResMut<bevy::light::GlobalAmbientLight>,
    mut notice: ResMut<Notice>,
) {
    if !keys.just_pressed(KeyCode::F2) {
        return;
    }
    settings.color_scheme = match settings.color_scheme {
        ColorScheme::Classic => ColorScheme::HighContrast,
        ColorScheme::HighContrast => ColorScheme::Classic,
    };
    set_scheme(settings.color_scheme, clear, ambient);
    notice.show(format!("Colour scheme: {:?}", settings.color_scheme), 3.0);
}

/// F3 steps through the quality presets (low, medium, high), applied at once.
fn cycle_quality(
    keys: Res<ButtonInput<KeyCode>>,
    mut settings: ResMut<Settings>,
    mut quality: ResMut<Quality>,
    mut notice: ResMut<Notice>,
) {
    if !keys.just_pressed(KeyCode::F3) {
        return;
    }
    settings.quality = settings.quality.next();
    *quality = settings.quality;
    notice.show(format!("Quality: {}", settings.quality.name()), 3.0);
}

fn apply_color_scheme(
    settings: Res<Settings>,
    clear: ResMut<ClearColor>,
    ambient: ResMut<bevy::light::GlobalAmbientLight>,
) {
    set_scheme(settings.color_scheme, clear, ambient);
}

fn set_scheme(
    scheme: ColorScheme,
    mut clear: ResMut<ClearColor>,
    mut ambient: ResMut<bevy::light::GlobalAmbientLight>,
) {
    match scheme {
        ColorScheme::Classic => {
            clear.0 = Color::srgb(0.05, 0.055, 0.07);
            ambient.brightness = super::stage::AMBIENT;
        }
        ColorScheme::HighContrast => {
            clear.0 = Color::BLACK;
            ambient.brightness = super::stage::AMBIENT * 2.5;
        }
    }
}

fn save_when_changed(
    mut settings: ResMut<Settings>,
    file: Res<SettingsFile>,
    queue: Res<PlaybackQueue>,
    active: Option<Res<super::ActiveGame>>,
    showcase: Option<Res<super::showcase::ShowcaseRun>>,
    mut notice: ResMut<Notice>,
) {
    if (settings.speed - queue.speed).abs() > 1e-4 {
        settings.speed = queue.speed;
    }
    // The showcase's games are not the player's choice.
    if let Some(active) = active.filter(|_| showcase.is_none())
        && settings.last_game != Some(active.game)
    {
        settings.last_game = Some(active.game);
    }
    if settings.is_changed()
        && !settings.is_added()
        && file.writable
        && let Some(path) = &file.path
        && let Err(e) = save_to(path, &settings)
    {
        notice.show(
            format!("Could not save settings to {}: {e}", path.display()),
            8.0,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn absurd_speed_is_clamped() {
        let dir = temp_dir("speed");
        let path = dir.join("settings.ron");
        std::fs::write(&path, "(speed: 1000.0)").unwrap();
        assert_eq!(load_from(&path).0.speed, 4.0);
    }
}
