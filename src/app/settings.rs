//! Player settings (speed, window, last game and choices, colour scheme, look), saved as
//! RON in the platform's config folder and applied live. An unreadable file is reported,
//! kept aside under a new name (never overwritten) and the defaults are used; a value out
//! of range is reported and replaced by its default, the rest of the file kept.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::hud::Notice;
use super::look::Quality;
use super::new_game::RememberedChoices;
use super::playback::PlaybackQueue;
use crate::rules::GameId;

pub fn plugin(app: &mut App) {
    // Headless apps have no window plugin to add these.
    app.add_message::<bevy::window::WindowResized>()
        .add_message::<bevy::window::WindowMoved>()
        .add_systems(PreStartup, load_settings)
        .add_systems(
            Update,
            (
                (
                    remember_window,
                    toggle_color_scheme.run_if(resource_exists::<ButtonInput<KeyCode>>),
                    cycle_quality.run_if(resource_exists::<ButtonInput<KeyCode>>),
                    toggle_fullscreen.run_if(resource_exists::<ButtonInput<KeyCode>>),
                ),
                apply_settings,
            )
                .chain(),
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
    /// Windowed or borderless fullscreen (F11).
    pub window_mode: WindowModeSetting,
    /// The window's last position on the desktop (windowed).
    pub window_position: Option<(i32, i32)>,
    pub vsync: bool,
    /// FXAA (on every quality but low).
    pub antialiasing: bool,
    /// The last new-game choice per game.
    pub new_game: RememberedChoices,
}

#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum WindowModeSetting {
    #[default]
    Windowed,
    BorderlessFullscreen,
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
            window_mode: WindowModeSetting::Windowed,
            window_position: None,
            vsync: true,
            antialiasing: true,
            new_game: RememberedChoices::new(),
        }
    }
}

/// The playback speeds a player can choose, slowest first.
pub const SPEED_RANGE: std::ops::RangeInclusive<f32> = 0.05..=4.0;
/// The longest wait for the attract mode, seconds.
pub const ATTRACT_MAX_SECONDS: u32 = 3600;
/// The window's smallest and largest size.
const WINDOW_MIN: (u32, u32) = (640, 480);
const WINDOW_MAX: u32 = 16384;

impl Settings {
    /// Puts every value out of its range back to its default; says which, one sentence.
    pub fn validated(mut self) -> (Settings, Option<String>) {
        let d = Settings::default();
        let mut bad = Vec::new();
        if !(self.speed.is_finite() && SPEED_RANGE.contains(&self.speed)) {
            bad.push(format!("speed {} (0.05 to 4)", self.speed));
            self.speed = d.speed;
        }
        let (w, h) = self.window;
        if w < WINDOW_MIN.0 || h < WINDOW_MIN.1 || w > WINDOW_MAX || h > WINDOW_MAX {
            bad.push(format!("window ({w}, {h}) (640x480 to 16384x16384)"));
            self.window = d.window;
        }
        if self.attract_idle_seconds > ATTRACT_MAX_SECONDS {
            bad.push(format!(
                "attract_idle_seconds {} (0 to {ATTRACT_MAX_SECONDS})",
                self.attract_idle_seconds
            ));
            self.attract_idle_seconds = d.attract_idle_seconds;
        }
        let slow = super::showcase::SLOW_MOTION;
        if !(self.showcase_speed.is_finite() && slow.contains(&self.showcase_speed)) {
            bad.push(format!(
                "showcase_speed {} ({} to {})",
                self.showcase_speed,
                slow.start(),
                slow.end()
            ));
            self.showcase_speed = d.showcase_speed;
        }
        if let Some((x, y)) = self.window_position
            && (x.abs() > 100_000 || y.abs() > 100_000)
        {
            bad.push(format!("window_position ({x}, {y})"));
            self.window_position = None;
        }
        for (game, choice) in std::mem::take(&mut self.new_game) {
            let (choice, problem) = choice.checked(game);
            if problem.is_some() {
                bad.push(format!("new_game for {}", game.id()));
            }
            self.new_game.insert(game, choice);
        }
        let problem = (!bad.is_empty()).then(|| {
            format!(
                "Settings out of range, replaced by their defaults: {}.",
                bad.join("; ")
            )
        });
        (self, problem)
    }
}

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

/// Moves an unusable file to the first free `NAME.unreadable-N` (never over another):
/// where it went, or why it could not be moved.
pub fn move_aside(path: &Path) -> Result<PathBuf, String> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let aside = (1..)
        .map(|n| path.with_file_name(format!("{name}.unreadable-{n}")))
        .find(|p| !p.exists())
        .unwrap_or_else(|| path.with_extension("unreadable"));
    std::fs::rename(path, &aside)
        .map(|()| aside)
        .map_err(|e| e.to_string())
}

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
struct SettingsFile {
    path: Option<PathBuf>,
    writable: bool,
    failing: bool,
}

fn load_settings(
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

/// Remembers the window's size and place while windowed (a fullscreen window's are the
/// monitor's).
fn remember_window(
    mut resized: MessageReader<bevy::window::WindowResized>,
    mut moved: MessageReader<bevy::window::WindowMoved>,
    mut settings: ResMut<Settings>,
) {
    let windowed = settings.window_mode == WindowModeSetting::Windowed;
    if let Some(last) = resized.read().last() {
        let size = (last.width.round() as u32, last.height.round() as u32);
        if windowed && size.0 >= WINDOW_MIN.0 && size.1 >= WINDOW_MIN.1 && settings.window != size {
            settings.window = size;
        }
    }
    if let Some(last) = moved.read().last() {
        let at = Some((last.position.x, last.position.y));
        if windowed && settings.window_position != at {
            settings.window_position = at;
        }
    }
}

/// F2 switches between the classic look and a high-contrast one (brighter light, black
/// surroundings) and remembers the choice.
fn toggle_color_scheme(
    keys: Res<ButtonInput<KeyCode>>,
    mut settings: ResMut<Settings>,
    mut notice: ResMut<Notice>,
) {
    if !keys.just_pressed(KeyCode::F2) {
        return;
    }
    settings.color_scheme = settings.color_scheme.next();
    notice.show(
        format!("Colour scheme: {}", settings.color_scheme.label()),
        3.0,
    );
}

/// F3 steps through the quality presets (low, medium, high), applied at once.
fn cycle_quality(
    keys: Res<ButtonInput<KeyCode>>,
    mut settings: ResMut<Settings>,
    mut notice: ResMut<Notice>,
) {
    if !keys.just_pressed(KeyCode::F3) {
        return;
    }
    settings.quality = settings.quality.next();
    notice.show(format!("Quality: {}", settings.quality.name()), 3.0);
}

/// F11 switches between the window and borderless fullscreen.
fn toggle_fullscreen(keys: Res<ButtonInput<KeyCode>>, mut settings: ResMut<Settings>) {
    if keys.just_pressed(KeyCode::F11) {
        settings.window_mode = settings.window_mode.next();
    }
}

impl ColorScheme {
    pub fn next(self) -> ColorScheme {
        match self {
            ColorScheme::Classic => ColorScheme::HighContrast,
            ColorScheme::HighContrast => ColorScheme::Classic,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            ColorScheme::Classic => "classic",
            ColorScheme::HighContrast => "high contrast",
        }
    }
}

impl WindowModeSetting {
    pub fn next(self) -> WindowModeSetting {
        match self {
            WindowModeSetting::Windowed => WindowModeSetting::BorderlessFullscreen,
            WindowModeSetting::BorderlessFullscreen => WindowModeSetting::Windowed,
        }
    }

    pub fn window_mode(self) -> bevy::window::WindowMode {
        match self {
            WindowModeSetting::Windowed => bevy::window::WindowMode::Windowed,
            WindowModeSetting::BorderlessFullscreen => {
                bevy::window::WindowMode::BorderlessFullscreen(
                    bevy::window::MonitorSelection::Current,
                )
            }
        }
    }
}

/// The present mode for the vsync setting.
pub fn present_mode(vsync: bool) -> bevy::window::PresentMode {
    if vsync {
        bevy::window::PresentMode::AutoVsync
    } else {
        bevy::window::PresentMode::AutoNoVsync
    }
}

/// Puts the settings to work, on start and whenever they change (the settings screen,
/// F2, F3, F11): look, camera, showcase, hex chess's renaming and the window.
#[allow(clippy::too_many_arguments)]
fn apply_settings(
    mut commands: Commands,
    settings: Res<Settings>,
    mut quality: ResMut<Quality>,
    mut look: ResMut<super::look::LookOptions>,
    clear: Option<ResMut<ClearColor>>,
    ambient: Option<ResMut<bevy::light::GlobalAmbientLight>>,
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
) {
    if !settings.is_changed() {
        return;
    }
    if *quality != settings.quality {
        *quality = settings.quality;
    }
    if look.antialiasing != settings.antialiasing {
        look.antialiasing = settings.antialiasing;
    }
    commands.insert_resource(super::camera::ShakeEnabled(settings.camera_shake));
    commands.insert_resource(super::hexchess::ShowRenaming(settings.show_renaming));
    commands.insert_resource(super::showcase::AttractSettings {
        idle_seconds: settings.attract_idle_seconds as f32,
        slow_motion: settings.showcase_speed,
    });
    if let (Some(clear), Some(ambient)) = (clear, ambient) {
        set_scheme(settings.color_scheme, clear, ambient);
    }
    for mut window in &mut windows {
        let mode = settings.window_mode.window_mode();
        if window.mode != mode {
            window.mode = mode;
        }
        let present = present_mode(settings.vsync);
        if window.present_mode != present {
            window.present_mode = present;
        }
    }
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
    mut file: ResMut<SettingsFile>,
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
