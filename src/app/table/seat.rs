//! Where the camera sits: across the board for a person playing the far side against
//! the computer, back home on leaving.

use bevy::prelude::*;

use super::{Table, TableGame};
use crate::app::PlayMode;
use crate::rules::Rules;

/// A person playing the computer from the far side of the home view sits across the
/// board, their pieces in front of them.
pub(super) fn seat_camera<G: TableGame>(
    table: Res<Table<G>>,
    mut cameras: Query<&mut crate::app::camera::OrbitCamera>,
) {
    let far = <G::Rules as Rules>::SIDES[1 - G::NEAR_SIDE.min(1)];
    let across = table.mode == PlayMode::VsComputer && table.human == Some(far);
    let seat = if across { std::f32::consts::PI } else { 0.0 };
    for mut orbit in &mut cameras {
        orbit.sit(seat);
    }
}

/// Leaving a game, the camera comes back to the home side.
pub(super) fn unseat_camera(mut cameras: Query<&mut crate::app::camera::OrbitCamera>) {
    for mut orbit in &mut cameras {
        orbit.sit(0.0);
    }
}
