//! The playback keys, shared by every game.

use bevy::prelude::*;

use super::PlaybackQueue;
use crate::app::keymap::{self, Keymap};

/// The playback keys: `[` `]` speed, Space pause, `.` one stage, R replay, Enter skip
/// (shared keys: they stand aside while a text field has the keyboard).
/// Space and Enter are a focused button's while the keyboard moved the focus to one.
pub fn playback_keys(
    keys: Res<ButtonInput<KeyCode>>,
    keymap: Res<Keymap>,
    mut queue: ResMut<PlaybackQueue>,
    button: Option<Res<crate::app::FocusOnButton>>,
) {
    let button = button.is_some_and(|b| b.0);
    let pressed = |command| keymap.just_pressed(&keys, command);
    if pressed(keymap::SLOWER) {
        queue.slower();
    }
    if pressed(keymap::FASTER) {
        queue.faster();
    }
    // A focused button takes Space, whatever pauses.
    if pressed(keymap::PAUSE_PLAYBACK) && !(button && keys.just_pressed(KeyCode::Space)) {
        queue.toggle_pause();
    }
    if pressed(keymap::STEP) {
        queue.step();
    }
    if pressed(keymap::REPLAY) {
        queue.replay();
    }
    if (keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::NumpadEnter)) && !button {
        queue.skip();
    }
}
