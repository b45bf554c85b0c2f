//! The window's own things: its icon (drawn here, a lodestone: a dark disc with a gold
//! ring and the two poles) and the window as the settings left it (size, place, mode,
//! vsync).

use bevy::prelude::*;
use bevy::window::{WindowPosition, WindowResolution};

use super::settings::{Settings, present_mode};

pub fn plugin(app: &mut App) {
    app.add_systems(Update, set_icon);
}

/// The window the settings describe.
pub fn primary_window(settings: &Settings) -> Window {
    let (w, h) = settings.window;
    Window {
        title: "Lodestone".into(),
        resolution: WindowResolution::new(w.max(640), h.max(480)),
        position: settings
            .window_position
            .map_or(WindowPosition::Automatic, |(x, y)| {
                WindowPosition::At(IVec2::new(x, y))
            }),
        mode: settings.window_mode.window_mode(),
        present_mode: present_mode(settings.vsync),
        ..default()
    }
}

/// The icon's side, pixels.
pub const ICON_SIZE: u32 = 64;

/// The icon's RGBA pixels: a dark stone disc, a gold ring, a red pole above and a blue
/// one below, transparent outside.
pub fn icon_rgba() -> Vec<u8> {
    let n = ICON_SIZE as f32;
    let mut pixels = Vec::with_capacity((ICON_SIZE * ICON_SIZE * 4) as usize);
    for y in 0..ICON_SIZE {
        for x in 0..ICON_SIZE {
            let (dx, dy) = (x as f32 + 0.5 - n / 2.0, y as f32 + 0.5 - n / 2.0);
            let r = (dx * dx + dy * dy).sqrt() / (n / 2.0);
            let rgba: [u8; 4] = if r > 1.0 {
                [0, 0, 0, 0]
            } else if r > 0.8 {
                [232, 178, 84, 255]
            } else if r < 0.42 {
                if dy < 0.0 {
                    [214, 64, 52, 255]
                } else {
                    [58, 104, 214, 255]
                }
            } else {
                [34, 34, 42, 255]
            };
            pixels.extend_from_slice(&rgba);
        }
    }
    pixels
}

/// Gives the window its icon once winit has made it (winit's windows live on the main
/// thread, hence the marker).
fn set_icon(
    windows: Query<Entity, With<bevy::window::PrimaryWindow>>,
    mut done: Local<bool>,
    _main_thread: bevy::ecs::system::NonSendMarker,
) {
    if *done {
        return;
    }
    let Ok(entity) = windows.single() else { return };
    bevy::winit::WINIT_WINDOWS.with_borrow(|winit| {
        let Some(window) = winit.get_window(entity) else {
            return;
        };
        match winit::window::Icon::from_rgba(icon_rgba(), ICON_SIZE, ICON_SIZE) {
            Ok(icon) => window.set_window_icon(Some(icon)),
            Err(e) => warn!("the window icon was refused: {e}"),
        }
        *done = true;
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_icon_is_a_disc_with_both_poles() {
        let px = icon_rgba();
        assert_eq!(px.len(), (ICON_SIZE * ICON_SIZE * 4) as usize);
        let at = |x: u32, y: u32| {
            let i = ((y * ICON_SIZE + x) * 4) as usize;
            [px[i], px[i + 1], px[i + 2], px[i + 3]]
        };
        assert_eq!(at(0, 0)[3], 0, "the corner is transparent");
        let mid = ICON_SIZE / 2;
        assert!(at(mid, mid - 8)[0] > 200, "red above");
        assert!(at(mid, mid + 8)[2] > 200, "blue below");
        assert_eq!(at(mid, 2), [232, 178, 84, 255], "the gold ring");
    }

    #[test]
    fn the_window_takes_the_remembered_place_and_mode() {
        let settings = Settings {
            window: (1000, 700),
            window_position: Some((40, 30)),
            window_mode: super::super::settings::WindowModeSetting::BorderlessFullscreen,
            vsync: false,
            ..Settings::default()
        };
        let w = primary_window(&settings);
        assert_eq!(w.position, WindowPosition::At(IVec2::new(40, 30)));
        assert_eq!(w.resolution.physical_width(), 1000);
        assert!(matches!(
            w.mode,
            bevy::window::WindowMode::BorderlessFullscreen(_)
        ));
        assert_eq!(w.present_mode, bevy::window::PresentMode::AutoNoVsync);
    }
}
