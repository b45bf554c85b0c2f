//! The settings put to work: the keys that change them (F2 colours, F3 quality, F11
//! fullscreen), the window remembered, and each change applied live to the look, the
//! camera and the window.

use bevy::prelude::*;

use super::{ColorScheme, Settings, WINDOW_MIN, WindowModeSetting};
use crate::app::keymap::{self, Keymap};
use crate::app::look::Quality;
use crate::app::ui::Notice;

/// Remembers the window's size and place while windowed (a fullscreen window's are the
/// monitor's).
pub(super) fn remember_window(
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
pub(super) fn toggle_color_scheme(
    keys: Res<ButtonInput<KeyCode>>,
    keymap: Res<Keymap>,
    mut settings: ResMut<Settings>,
    mut notice: ResMut<Notice>,
) {
    if !keymap.just_pressed(&keys, keymap::COLOURS) {
        return;
    }
    settings.color_scheme = settings.color_scheme.next();
    notice.show(
        format!("Colour scheme: {}", settings.color_scheme.label()),
        3.0,
    );
}

/// M turns the sound off and on again.
pub(super) fn toggle_mute(
    keys: Res<ButtonInput<KeyCode>>,
    keymap: Res<Keymap>,
    mut settings: ResMut<Settings>,
    mut notice: ResMut<Notice>,
) {
    if !keymap.just_pressed(&keys, keymap::MUTE) {
        return;
    }
    settings.muted = !settings.muted;
    let said = if settings.muted {
        format!("Sound off ({} turns it on)", keymap.name(keymap::MUTE))
    } else {
        "Sound on".to_string()
    };
    notice.show(said, 3.0);
}

/// F3 steps through the quality presets (low, medium, high), applied at once.
pub(super) fn cycle_quality(
    keys: Res<ButtonInput<KeyCode>>,
    keymap: Res<Keymap>,
    mut settings: ResMut<Settings>,
    mut notice: ResMut<Notice>,
) {
    if !keymap.just_pressed(&keys, keymap::QUALITY) {
        return;
    }
    settings.quality = settings.quality.next();
    notice.show(format!("Quality: {}", settings.quality.name()), 3.0);
}

/// F11 switches between the window and borderless fullscreen.
pub(super) fn toggle_fullscreen(
    keys: Res<ButtonInput<KeyCode>>,
    keymap: Res<Keymap>,
    mut settings: ResMut<Settings>,
) {
    if keymap.just_pressed(&keys, keymap::FULLSCREEN) {
        settings.window_mode = settings.window_mode.next();
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
/// F2, F3, F11): look, camera and the window. The showcase and hex chess read their own
/// settings.
pub(super) fn apply_settings(
    mut commands: Commands,
    settings: Res<Settings>,
    mut quality: ResMut<Quality>,
    mut look: ResMut<crate::app::look::LookOptions>,
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
    commands.insert_resource(crate::app::camera::ShakeEnabled(
        settings.camera_shake && !settings.reduced_motion,
    ));
    commands.insert_resource(crate::app::playback::ReducedMotion(settings.reduced_motion));
    commands.insert_resource(crate::app::look::ColourVision(settings.colour_vision));
    commands.insert_resource(crate::app::look::TerritoryPattern(
        settings.territory_pattern,
    ));
    commands.insert_resource(crate::app::ui::scale::InterfaceSize(
        settings.interface_size,
    ));
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
            ambient.brightness = crate::app::stage::AMBIENT;
        }
        ColorScheme::HighContrast => {
            clear.0 = Color::BLACK;
            ambient.brightness = crate::app::stage::AMBIENT * 2.5;
        }
    }
}
