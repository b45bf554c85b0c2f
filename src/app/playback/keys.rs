//! The playback keys, shared by every game.

use bevy::prelude::*;

use super::PlaybackQueue;

/// The playback keys: `[` `]` speed, Space pause, `.` one stage, R replay, Enter skip.
pub fn playback_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut queue: ResMut<PlaybackQueue>,
    captured: Option<Res<crate::app::KeyboardCaptured>>,
) {
    if captured.is_some_and(|c| c.0) {
        return;
    }
    if keys.just_pressed(KeyCode::BracketLeft) {
        queue.slower();
    }
    if keys.just_pressed(KeyCode::BracketRight) {
        queue.faster();
    }
    if keys.just_pressed(KeyCode::Space) {
        queue.toggle_pause();
    }
    if keys.just_pressed(KeyCode::Period) {
        queue.step();
    }
    if keys.just_pressed(KeyCode::KeyR) {
        queue.replay();
    }
    if keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::NumpadEnter) {
        queue.skip();
    }
}
