//! Where the camera sits: the game's seat ([`TableGame::SEAT`]), across the board for a
//! person playing the far side against the computer, back home on leaving.

use bevy::prelude::*;

use super::{Seats, TableGame};
use crate::app::PlayMode;
use crate::app::camera::OrbitCamera;

/// Seats the camera for the table just set out: the game's aim and home view, turned
/// half round when a person plays the computer from the far side.
pub(super) fn seat_camera<G: TableGame>(seats: Res<Seats>, mut cameras: Query<&mut OrbitCamera>) {
    let far = 1 - G::SEAT.near_side.min(1);
    let across = seats.mode == PlayMode::VsComputer && seats.human == Some(far);
    for mut orbit in &mut cameras {
        *orbit = G::SEAT.orbit(across);
    }
}

/// Leaving a game, the camera comes back to the default seat.
pub(super) fn unseat_camera(mut cameras: Query<&mut OrbitCamera>) {
    for mut orbit in &mut cameras {
        *orbit = OrbitCamera::default();
    }
}
