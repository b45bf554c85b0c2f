//! Polarity's own controls: the power the next stone spends (plain, rook, bishop, queen)
//! and whether it pushes or pulls.

use bevy::prelude::*;

use super::{Control, Polarity, PolarityPlayed, PolarityScene};
use crate::app::table::{TableInput, controls};

/// Applies the controls asked for this frame.
pub(super) fn apply_controls(
    mut input: MessageReader<TableInput<Polarity>>,
    played: Res<PolarityPlayed>,
    mut scene: ResMut<PolarityScene>,
) {
    for control in controls(&mut input) {
        match control {
            Control::Choose(piece) => scene.choose_piece(&played, piece),
            Control::ToggleMode => {
                scene.choice.mode = scene.choice.mode.other();
                scene.preview_dirty = true;
            }
        }
    }
}
