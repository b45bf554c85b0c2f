//! The orbit camera: drag with the right (or middle) mouse button to orbit, wheel to zoom,
//! arrow keys to orbit, Home to reset the view.

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;

/// Marks the main 3D camera.
#[derive(Component)]
pub struct MainCamera;

/// The point of the horizontal plane at `height` under a viewport position, seen from the
/// main camera (where the pointer is over a board).
pub fn point_under(
    cameras: &Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    height: f32,
    at: Vec2,
) -> Option<Vec3> {
    let (camera, transform) = cameras.single().ok()?;
    let ray = camera.viewport_to_world(transform, at).ok()?;
    let distance = ray.intersect_plane(Vec3::Y * height, InfinitePlane3d::new(Vec3::Y))?;
    Some(ray.get_point(distance))
}

pub fn plugin(app: &mut App) {
    app.init_resource::<ShakeEnabled>()
        .add_systems(
            Update,
            (orbit_input, apply_orbit.in_set(OrbitApply)).chain(),
        )
        .add_systems(PostUpdate, shake_camera.before(TransformSystems::Propagate));
}

/// Where the orbit is turned into the camera's transform: whatever moves the orbit (the
/// cinematic camera, the menu's circling) runs before it, so every frame shows the orbit
/// of that same frame and a film's frames never depend on system order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OrbitApply;

/// A source of camera shake (a Core falling): while its scale, driven by the playback's
/// flash, is above zero, the camera trembles by up to `strength` world units.
#[derive(Component, Clone, Copy, Debug)]
pub struct CameraShake {
    pub strength: f32,
}

/// Whether the camera shakes at all (a setting).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShakeEnabled(pub bool);

impl Default for ShakeEnabled {
    fn default() -> Self {
        ShakeEnabled(true)
    }
}

/// The camera's offset for a shake of `amount` at time `t`: a few incommensurate
/// wobbles, so it never looks like a loop.
pub fn shake_offset(amount: f32, t: f32) -> Vec3 {
    Vec3::new(
        (t * 53.0).sin() + 0.5 * (t * 97.0).sin(),
        0.6 * (t * 71.0).sin(),
        (t * 61.0).cos() + 0.5 * (t * 89.0).cos(),
    ) * (amount / 2.2)
}

/// Trembles the camera around its orbit position while a shake source is live, and puts
/// it back exactly when the last one ends.
fn shake_camera(
    sources: Query<(&CameraShake, &Transform), Without<OrbitCamera>>,
    mut cameras: Query<(&OrbitCamera, &mut Transform)>,
    enabled: Res<ShakeEnabled>,
    time: Res<Time>,
    mut shaking: Local<bool>,
) {
    let amount: f32 = sources
        .iter()
        .map(|(shake, t)| shake.strength * t.scale.x.clamp(0.0, 1.0))
        .sum();
    let live = enabled.0 && amount > 1e-4;
    if !live && !*shaking {
        return;
    }
    *shaking = live;
    for (orbit, mut transform) in &mut cameras {
        let rest = orbit.transform();
        *transform = if live {
            rest.with_translation(rest.translation + shake_offset(amount, time.elapsed_secs()))
        } else {
            rest
        };
    }
}

#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct OrbitCamera {
    pub target: Vec3,
    /// Around the vertical axis; 0 looks from White's seat (+z) toward the board.
    pub yaw: f32,
    /// Above the table, radians.
    pub pitch: f32,
    pub distance: f32,
    pub home: (f32, f32, f32),
    /// Added to the home's yaw: half a turn when a person plays the second side against
    /// the computer, so their pieces are in front of them.
    pub seat: f32,
}

/// Where the camera sits for a game: what it aims at and its home view (yaw, pitch,
/// distance), seen from the side nearest it (`near_side`, as in `Rules::SIDES`). A person
/// playing the other side against the computer is seated across the board.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Seat {
    pub aim: Vec3,
    pub home: (f32, f32, f32),
    pub near_side: usize,
}

impl Seat {
    /// The default view: a little in front of the board's centre, so the board sits above
    /// the caption line at the bottom of the screen.
    pub const DEFAULT: Seat = Seat {
        aim: Vec3::new(0.0, 0.0, 0.6),
        home: (0.0, 0.95, 15.5),
        near_side: 0,
    };

    /// The orbit for this seat; `across` seats a person on the far side.
    pub fn orbit(&self, across: bool) -> OrbitCamera {
        let mut orbit = OrbitCamera::default();
        orbit.sit(if across { std::f32::consts::PI } else { 0.0 });
        orbit.aim(self.aim);
        let (yaw, pitch, distance) = self.home;
        orbit.set_home(yaw, pitch, distance);
        orbit
    }
}

impl Default for OrbitCamera {
    fn default() -> Self {
        let home = Seat::DEFAULT.home;
        OrbitCamera {
            target: Seat::DEFAULT.aim,
            yaw: home.0,
            pitch: home.1,
            distance: home.2,
            home,
            seat: 0.0,
        }
    }
}

impl OrbitCamera {
    pub fn transform(&self) -> Transform {
        let offset = Vec3::new(
            self.pitch.cos() * self.yaw.sin(),
            self.pitch.sin(),
            self.pitch.cos() * self.yaw.cos(),
        ) * self.distance;
        Transform::from_translation(self.target + offset).looking_at(self.target, Vec3::Y)
    }

    pub fn reset(&mut self) {
        (self.yaw, self.pitch, self.distance) = self.home;
        self.yaw += self.seat;
    }

    /// Aims at `target` as seen from the home side (a game framing its board beside its
    /// panels); seated across, the aim is mirrored as [`OrbitCamera::sit`] mirrors it.
    pub fn aim(&mut self, target: Vec3) {
        self.target = if self.across() {
            Vec3::new(-target.x, target.y, -target.z)
        } else {
            target
        };
    }

    /// Whether the camera sits across the board from the home view.
    pub fn across(&self) -> bool {
        self.seat != 0.0
    }

    /// Sits the camera at `seat` (0, or half a turn across the board) and goes home. The
    /// aim mirrors through the board's centre, so the board keeps its place on screen
    /// beside the panels.
    pub fn sit(&mut self, seat: f32) {
        if self.seat != seat {
            self.target.x = -self.target.x;
            self.target.z = -self.target.z;
            self.seat = seat;
            self.reset();
        }
    }

    /// Sets the home view (a board of a different size) and goes there.
    pub fn set_home(&mut self, yaw: f32, pitch: f32, distance: f32) {
        self.home = (yaw, pitch, distance);
        self.reset();
    }

    pub fn orbit(&mut self, dyaw: f32, dpitch: f32) {
        self.yaw += dyaw;
        self.pitch = (self.pitch + dpitch).clamp(0.15, 1.5);
    }

    pub fn zoom(&mut self, factor: f32) {
        self.distance = (self.distance * factor).clamp(5.0, 40.0);
    }
}

/// Set by the orbit camera when a person moves it (the cinematic camera then gives way).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct OrbitTouched(pub bool);

fn orbit_input(
    mut cameras: Query<&mut OrbitCamera>,
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    motion: Option<Res<AccumulatedMouseMotion>>,
    scroll: Option<Res<AccumulatedMouseScroll>>,
    time: Res<Time>,
    taken: Option<Res<super::ArrowKeysTaken>>,
    mut touched: Option<ResMut<OrbitTouched>>,
) {
    let dt = time.delta_secs();
    // The replay viewer steps with Left/Right and Home/End, and the board cursor moves on
    // the arrows: the camera orbits on Shift and the arrows then.
    let taken = taken.map(|t| *t).unwrap_or_default();
    // Home is the viewer's own; elsewhere it resets the view, arrows taken or not.
    let home = keys.as_ref().is_some_and(|k| k.just_pressed(KeyCode::Home));
    let keys = keys.filter(|k| {
        !(taken.viewer || taken.cursor) || k.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight])
    });
    for mut orbit in &mut cameras {
        if let (Some(buttons), Some(motion)) = (&buttons, &motion)
            && (buttons.pressed(MouseButton::Right) || buttons.pressed(MouseButton::Middle))
        {
            orbit.orbit(-motion.delta.x * 0.006, motion.delta.y * 0.006);
            if motion.delta != Vec2::ZERO
                && let Some(touched) = touched.as_mut()
            {
                touched.0 = true;
            }
        }
        if let Some(scroll) = &scroll {
            let lines = match scroll.unit {
                MouseScrollUnit::Line => scroll.delta.y,
                MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
            };
            if lines != 0.0 {
                orbit.zoom(0.9f32.powf(lines));
                if let Some(touched) = touched.as_mut() {
                    touched.0 = true;
                }
            }
        }
        if let Some(keys) = &keys {
            let mut d = Vec2::ZERO;
            if keys.pressed(KeyCode::ArrowLeft) {
                d.x -= 1.0;
            }
            if keys.pressed(KeyCode::ArrowRight) {
                d.x += 1.0;
            }
            if keys.pressed(KeyCode::ArrowUp) {
                d.y += 1.0;
            }
            if keys.pressed(KeyCode::ArrowDown) {
                d.y -= 1.0;
            }
            if d != Vec2::ZERO {
                orbit.orbit(d.x * 1.4 * dt, d.y * 0.9 * dt);
                if let Some(touched) = touched.as_mut() {
                    touched.0 = true;
                }
            }
            if keys.just_pressed(KeyCode::Home) || (!taken.viewer && home) {
                orbit.reset();
            }
        }
    }
}

fn apply_orbit(mut cameras: Query<(&OrbitCamera, &mut Transform), Changed<OrbitCamera>>) {
    for (orbit, mut transform) in &mut cameras {
        *transform = orbit.transform();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sitting_across_turns_the_view_and_mirrors_the_aim_and_back() {
        let mut orbit = OrbitCamera {
            target: Vec3::new(1.2, 0.0, 0.9),
            ..OrbitCamera::default()
        };
        let home = orbit.transform();
        orbit.sit(std::f32::consts::PI);
        assert!(orbit.across());
        assert_eq!(orbit.target, Vec3::new(-1.2, 0.0, -0.9));
        let across = orbit.transform();
        // The eye is on the other side of the board, at the same height.
        assert!(home.translation.z > 0.0 && across.translation.z < 0.0);
        assert!((home.translation.y - across.translation.y).abs() < 1e-4);
        orbit.sit(0.0);
        assert!(!orbit.across());
        assert!(orbit.transform().translation.distance(home.translation) < 1e-4);
    }

    #[test]
    fn a_shake_stays_within_its_strength_and_none_is_still() {
        assert_eq!(shake_offset(0.0, 1.3), Vec3::ZERO);
        for i in 0..200 {
            let o = shake_offset(0.1, i as f32 * 0.013);
            assert!(o.length() <= 0.1 + 1e-6, "{o}");
        }
    }

    #[test]
    fn reset_returns_home_and_pitch_is_clamped() {
        let mut orbit = OrbitCamera::default();
        orbit.orbit(1.0, 5.0);
        assert!(orbit.pitch <= 1.5);
        orbit.zoom(100.0);
        assert_eq!(orbit.distance, 40.0);
        orbit.reset();
        assert_eq!(orbit, OrbitCamera::default());
        let t = orbit.transform();
        assert!(
            t.translation.z > 0.0 && t.translation.y > 0.0,
            "home is White's seat, above"
        );
    }
}
