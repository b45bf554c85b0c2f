//! A script of actions fed to the table one by one, as the playback allows.

use std::collections::VecDeque;

use bevy::prelude::*;

use super::{Played, Requests, TableGame, TableInput};
use crate::app::playback::PlaybackQueue;
use crate::rules::Rules;

/// Actions the table plays one after another, each as soon as the last has played back
/// (films, the showcase and the bench script the table this way).
#[derive(Resource, Debug, Default)]
pub struct ActionScript {
    pub actions: VecDeque<String>,
    pub running: bool,
    /// Whether the table had no request waiting this frame.
    pub table_idle: bool,
}

impl ActionScript {
    /// Every action handed to the table and played back.
    pub fn finished(&self, queue: &PlaybackQueue) -> bool {
        self.actions.is_empty() && self.table_idle && queue.is_idle()
    }
}

/// Feeds the script to the table (added by every table; idle unless a script runs).
pub(super) fn feed_script<G: TableGame>(
    script: Option<ResMut<ActionScript>>,
    played: Res<Played<G>>,
    requests: Res<Requests<G>>,
    queue: Res<PlaybackQueue>,
    mut input: MessageWriter<TableInput<G>>,
) {
    let Some(mut script) = script else { return };
    script.table_idle = requests.is_empty();
    if !script.running || !queue.is_idle() || !requests.is_empty() {
        return;
    }
    if let Some(text) = script.actions.pop_front() {
        match played.game.parse_action(&text) {
            Ok(action) => {
                input.write(TableInput::Play(action));
            }
            Err(e) => warn!("script: {text} is refused: {e}"),
        }
        script.table_idle = false;
    }
}
