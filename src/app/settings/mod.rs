//! Player settings (speed, window, last game and choices, colour scheme, look, sound), saved as
//! RON in the platform's config folder and applied live. An unreadable file is reported,
//! kept aside under a new name (never overwritten) and the defaults are used; a value out
//! of range is reported and replaced by its default, the rest of the file kept.

mod apply;
mod file;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::choice::RememberedChoices;
use super::look::Quality;
use crate::rules::GameId;

pub use apply::present_mode;
pub use file::{SettingsLocation, load_from, move_aside, save_to, set_aside, settings_path};

pub fn plugin(app: &mut App) {
    // Headless apps have no window plugin to add these.
    app.add_message::<bevy::window::WindowResized>()
        .add_message::<bevy::window::WindowMoved>()
        .add_systems(PreStartup, file::load_settings)
        .add_systems(
            Update,
            (
                (
                    apply::remember_window,
                    apply::toggle_color_scheme.run_if(resource_exists::<ButtonInput<KeyCode>>),
                    apply::toggle_mute
                        .run_if(resource_exists::<ButtonInput<KeyCode>>)
                        .in_set(crate::app::KeyboardSystems),
                    apply::cycle_quality.run_if(resource_exists::<ButtonInput<KeyCode>>),
                    apply::toggle_fullscreen.run_if(resource_exists::<ButtonInput<KeyCode>>),
                ),
                apply::apply_settings,
            )
                .chain(),
        )
        .add_systems(Last, file::save_when_changed);
}

/// The slowest and fastest slow motion the showcase plays its moments at.
pub const SLOW_MOTION: std::ops::RangeInclusive<f32> = 0.1..=0.25;

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
    /// Less motion: plain eases, no shake, pulse or flash, camera cuts (every stage still
    /// plays, in order).
    pub reduced_motion: bool,
    /// The colour vision the paired colours (poles, sides) are chosen for.
    pub colour_vision: crate::colour_vision::Vision,
    /// Wave Field's territory hatched (one side) and dotted (the other) besides its colour.
    pub territory_pattern: bool,
    /// Seconds without input on the menu before the showcase starts by itself; 0 never.
    pub attract_idle_seconds: u32,
    /// The showcase's slow motion for the moment that matters, within [`SLOW_MOTION`].
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
    /// Sound: the master volume, then the effects (the pieces) and the interface under
    /// it, each 0 to 1.
    pub volume: f32,
    pub effects_volume: f32,
    pub interface_volume: f32,
    /// The showcase and attract mode play at this share of the master (exhibitions often
    /// run quiet).
    pub showcase_volume: f32,
    /// No sound at all (M).
    pub muted: bool,
    /// The interface's size, a factor on what the window's size gives it (0.5 to 2).
    pub interface_size: f32,
    /// While a move is hovered, its whole outcome is drawn (some players would rather read
    /// the board themselves).
    pub move_previews: bool,
    /// The evaluation bar beside the board (E).
    pub evaluation_bar: bool,
    /// The keys given to commands other than their defaults (command id, key), as
    /// `keymap::Keymap::changed` writes them.
    pub keys: std::collections::BTreeMap<String, String>,
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
            reduced_motion: false,
            colour_vision: crate::colour_vision::Vision::Typical,
            territory_pattern: false,
            attract_idle_seconds: 60,
            showcase_speed: 0.2,
            show_renaming: false,
            window_mode: WindowModeSetting::Windowed,
            window_position: None,
            vsync: true,
            antialiasing: true,
            new_game: RememberedChoices::new(),
            volume: 0.8,
            effects_volume: 1.0,
            interface_volume: 0.6,
            showcase_volume: 0.5,
            muted: false,
            interface_size: 1.0,
            move_previews: true,
            evaluation_bar: false,
            keys: Default::default(),
        }
    }
}

/// The playback speeds a player can choose, slowest first.
pub const SPEED_RANGE: std::ops::RangeInclusive<f32> = 0.05..=4.0;
/// The longest wait for the attract mode, seconds.
pub const ATTRACT_MAX_SECONDS: u32 = 3600;
/// The interface sizes a player can set, smallest and largest.
pub const INTERFACE_SIZE_RANGE: std::ops::RangeInclusive<f32> = 0.5..=2.0;
/// The window's smallest and largest size.
pub(crate) const WINDOW_MIN: (u32, u32) = (640, 480);
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
        let slow = SLOW_MOTION;
        if !(self.showcase_speed.is_finite() && slow.contains(&self.showcase_speed)) {
            bad.push(format!(
                "showcase_speed {} ({} to {})",
                self.showcase_speed,
                slow.start(),
                slow.end()
            ));
            self.showcase_speed = d.showcase_speed;
        }
        let d_volumes = [
            d.volume,
            d.effects_volume,
            d.interface_volume,
            d.showcase_volume,
        ];
        for ((name, value), default) in [
            ("volume", &mut self.volume),
            ("effects_volume", &mut self.effects_volume),
            ("interface_volume", &mut self.interface_volume),
            ("showcase_volume", &mut self.showcase_volume),
        ]
        .into_iter()
        .zip(d_volumes)
        {
            if !(value.is_finite() && (0.0..=1.0).contains(value)) {
                bad.push(format!("{name} {value} (0 to 1)"));
                *value = default;
            }
        }
        if !(self.interface_size.is_finite() && INTERFACE_SIZE_RANGE.contains(&self.interface_size))
        {
            bad.push(format!("interface_size {} (0.5 to 2)", self.interface_size));
            self.interface_size = d.interface_size;
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
