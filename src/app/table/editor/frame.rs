//! While a position is set up the board is centred in the room the editor's panel leaves
//! (the panel takes the window's right side): the camera's aim moves right by half the
//! panel's width, measured at the board's distance, and a little away, so the board sits
//! lower, clear of the status panel. Whatever seats the camera anew (the
//! table set out, Wave Field's own framing) is taken as the new aim to move from.

use bevy::prelude::*;

use super::Editor;
use super::panel::{MARGIN, WIDTH};
use crate::app::camera::{MainCamera, OrbitCamera};
use crate::app::table::{Played, TableGame};

pub(super) fn plugin<G: TableGame>(app: &mut App) {
    if G::FRAMED_FOR_RIGHT_PANEL {
        return;
    }
    app.add_systems(
        Update,
        frame_beside_panel
            .before(crate::app::camera::OrbitApply)
            .run_if(resource_exists::<Editor>)
            .run_if(resource_exists::<Played<G>>),
    );
}

/// How far (UI pixels) the board moves down.
const LOWER: f32 = 36.0;

/// How far (world units) the aim moves for a panel `panel_px` wide (window pixels) in a
/// viewport `height` pixels high, seen from `distance` with a vertical field of view `fov`.
pub fn aim_shift(panel_px: f32, height: f32, distance: f32, fov: f32) -> f32 {
    let world_per_px = 2.0 * distance * (fov / 2.0).tan() / height.max(1.0);
    panel_px / 2.0 * world_per_px
}

/// What the framing last did: the aim it moved from, the aim it set, the window size.
#[derive(Default)]
struct Framed {
    base: Vec3,
    set: Option<Vec3>,
    size: Vec2,
}

fn frame_beside_panel(
    cameras: Query<(&Camera, Option<&Projection>), With<MainCamera>>,
    ui_scale: Option<Res<UiScale>>,
    mut orbits: Query<&mut OrbitCamera>,
    mut framed: Local<Framed>,
) {
    let Some((size, fov)) = cameras.iter().find_map(|(camera, projection)| {
        let fov = match projection {
            Some(Projection::Perspective(p)) => p.fov,
            _ => PerspectiveProjection::default().fov,
        };
        camera.logical_viewport_size().map(|size| (size, fov))
    }) else {
        return;
    };
    let scale = ui_scale.map_or(1.0, |s| s.0);
    for mut orbit in &mut orbits {
        let moved_by_others = framed.set != Some(orbit.target);
        if !moved_by_others && framed.size == size {
            continue;
        }
        if moved_by_others {
            framed.base = orbit.target;
        }
        let shift = aim_shift((WIDTH + MARGIN) * scale, size.y, orbit.distance, fov);
        // And a little lower, clear of the status panel in the top left: the aim moves
        // away across the board (a tilted board shows that shortened by its pitch).
        let lower = aim_shift(2.0 * LOWER * scale, size.y, orbit.distance, fov)
            / orbit.pitch.sin().max(0.3);
        let right = Vec3::new(orbit.yaw.cos(), 0.0, -orbit.yaw.sin());
        let away = Vec3::new(-orbit.yaw.sin(), 0.0, -orbit.yaw.cos());
        orbit.target = framed.base + right * shift + away * lower;
        framed.set = Some(orbit.target);
        framed.size = size;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shift_is_half_the_panel_at_the_boards_distance() {
        // 12.8 world units seen high over 540 pixels: 296 pixels are 7 units, half of it 3.5.
        let fov = std::f32::consts::FRAC_PI_4;
        let shift = aim_shift(296.0, 540.0, 15.5, fov);
        assert!((shift - 3.51).abs() < 0.02, "{shift}");
        // The same panel in a taller window is a smaller share of it.
        assert!(aim_shift(296.0, 720.0, 15.5, fov) < shift);
    }
}
