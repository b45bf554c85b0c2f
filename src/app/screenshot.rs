//! F12 writes a PNG of the window into the platform's pictures (or data) folder and says
//! where.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use super::ui::Notice;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, take_screenshot);
}

fn screenshot_dir() -> Option<PathBuf> {
    dirs::picture_dir()
        .map(|d| d.join("Lodestone"))
        .or_else(|| super::paths::data_file("screenshots"))
}

fn take_screenshot(
    mut commands: Commands,
    keys: Res<ButtonInput<KeyCode>>,
    keymap: Res<super::keymap::Keymap>,
    mut notice: ResMut<Notice>,
) {
    if !keymap.just_pressed(&keys, super::keymap::SCREENSHOT) {
        return;
    }
    let Some(dir) = screenshot_dir() else {
        notice.show("No pictures or data folder to save the screenshot in.", 6.0);
        return;
    };
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or(0);
    let path = dir.join(format!("lodestone-{stamp}.png"));
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut notice: ResMut<Notice>| {
            let result = std::fs::create_dir_all(&dir)
                .map_err(|e| e.to_string())
                .and_then(|()| super::render::save_png(&captured.image, &path));
            match result {
                Ok(()) => notice.show(format!("Screenshot saved to {}", path.display()), 6.0),
                Err(e) => notice.show(format!("Screenshot not saved: {e}"), 8.0),
            }
        },
    );
}
