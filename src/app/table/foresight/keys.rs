//! Asking the engines: T shows or hides the threat, H asks for a hint (counted once per
//! position; in a lesson or puzzle H is the exercise's own hint), E shows or hides the
//! evaluation bar (a setting, kept). The buttons beside the bar ask the same.

use bevy::prelude::*;

use super::{ForesightShown, HintsUsed, Insight};
use crate::app::PlayMode;
use crate::app::keymap::{self, Keymap};
use crate::app::playback::PlaybackQueue;
use crate::app::table::{Played, Seats, TableGame, TableSystems, Viewing};

/// What a key or a button asks of the table's foresight.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ForesightAsk {
    Threat,
    Hint,
    EvaluationBar,
}

pub(super) fn plugin<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        (
            ask_keys::<G>
                .in_set(TableSystems::Input)
                .in_set(crate::app::KeyboardSystems),
            answer::<G>.in_set(TableSystems::Controls),
        )
            .run_if(resource_exists::<Played<G>>)
            .run_if(in_state(crate::app::Screen::Playing)),
    );
}

pub(super) fn configure(app: &mut App) {
    app.add_message::<ForesightAsk>();
}

/// The key that asks for a hint in `G`: H, or Shift+H where the game's own rules have an
/// H of their own (Wave Field's rescue hint); H or the key given instead.
pub fn hint_key_name<G: TableGame>(keymap: &Keymap) -> String {
    let key = keymap.name(keymap::HINT);
    if G::OWN_H {
        format!("Shift+{key}")
    } else {
        key
    }
}

fn ask_keys<G: TableGame>(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    keymap: Res<Keymap>,
    seats: Res<Seats>,
    mut asks: MessageWriter<ForesightAsk>,
) {
    let Some(keys) = keys else { return };
    if keymap.just_pressed(&keys, keymap::THREATS) {
        asks.write(ForesightAsk::Threat);
    }
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let hint = keymap.just_pressed(&keys, keymap::HINT);
    if hint && seats.mode != PlayMode::Exercise && shift == G::OWN_H {
        asks.write(ForesightAsk::Hint);
    }
    if keymap.just_pressed(&keys, keymap::EVALUATION) {
        asks.write(ForesightAsk::EvaluationBar);
    }
}

/// Answers the asks: the threat and the bar toggle, a hint is asked for the position (and
/// counted for the side to move, once per position), a second H takes it away.
fn answer<G: TableGame>(
    mut asks: MessageReader<ForesightAsk>,
    played: Res<Played<G>>,
    seats: Res<Seats>,
    queue: Res<PlaybackQueue>,
    viewing: Res<Viewing>,
    mut shown: ResMut<ForesightShown>,
    mut insight: ResMut<Insight<G>>,
    mut hints: ResMut<HintsUsed>,
    settings: Option<ResMut<crate::app::settings::Settings>>,
) {
    let mut settings = settings;
    for ask in asks.read() {
        match ask {
            ForesightAsk::Threat => shown.threat = !shown.threat,
            ForesightAsk::EvaluationBar => {
                let on = !shown.evaluation_bar;
                shown.evaluation_bar = on;
                if let Some(settings) = settings.as_mut() {
                    settings.evaluation_bar = on;
                }
            }
            ForesightAsk::Hint => {
                let here = played.changes;
                if insight.hint_asked == Some(here) {
                    insight.hint_asked = None;
                    continue;
                }
                // A person's turn, in play (a lesson's H is its own hint).
                let mine =
                    seats.human_to_move(played.to_move()) && seats.mode != PlayMode::Exercise;
                if played.over() || viewing.0.is_some() || !mine || !queue.is_idle() {
                    continue;
                }
                insight.hint_asked = Some(here);
                if let Some(count) = hints.0.get_mut(played.to_move()) {
                    *count += 1;
                }
            }
        }
    }
}
