//! The playback keys, shared by every game.

use bevy::prelude::*;

use super::PlaybackQueue;

/// The playback keys: `[` `]` speed, Space pause, `.` one stage, R replay, Enter skip
/// (shared keys: they stand aside while a text field has the keyboard).
/// Space and Enter are a focused button's while the keyboard moved the focus to one.
pub fn playback_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut queue: ResMut<PlaybackQueue>,
    button: Option<Res<crate::app::FocusOnButton>>,
) {
    let button = button.is_some_and(|b| b.0);
    if keys.just_pressed(KeyCode::BracketLeft) {
        queue.slower();
    }
    if keys.just_pressed(KeyCode::BracketRight) {
        queue.faster();
    }
    if keys.just_pressed(KeyCode::Space) && !button {
        queue.toggle_pause();
    }
    if keys.just_pressed(KeyCode::Period) {
        queue.step();
    }
    if keys.just_pressed(KeyCode::KeyR) {
        queue.replay();
    }
    if (keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::NumpadEnter)) && !button {
        queue.skip();
    }
}
