//! The cinematic camera (the replay viewer and films): while a stage plays, the camera
//! eases toward the pieces the stage moves and closes in on them, then eases back to where
//! it was. It only moves its aim and distance, never its pitch, so it never dips below the
//! board; any orbit input by the person takes over at once, until the next move plays.

use bevy::prelude::*;

use super::camera::{OrbitCamera, OrbitTouched};
use super::playback::{PlaybackQueue, PlaybackSystems, Stage};

pub fn plugin(app: &mut App) {
    app.init_resource::<OrbitTouched>().add_systems(
        Update,
        follow_the_action
            .after(PlaybackSystems)
            .before(super::camera::OrbitApply),
    );
}

/// Whether the cinematic camera runs (absent: it does not).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CinematicCamera(pub bool);

/// Where the camera was before the playback (aim, distance), and whether the person has
/// taken the camera over.
#[derive(Default)]
struct Following {
    home: Option<(Vec3, f32)>,
    taken_over: bool,
    was_idle: bool,
}

/// Closest the camera comes, in world units.
const NEAREST: f32 = 8.5;
/// How fast it eases (per second).
const EASE: f32 = 3.0;

fn follow_the_action(
    time: Res<Time>,
    queue: Res<PlaybackQueue>,
    on: Option<Res<CinematicCamera>>,
    mut touched: ResMut<OrbitTouched>,
    mut state: Local<Following>,
    mut cameras: Query<&mut OrbitCamera>,
) {
    let Ok(mut orbit) = cameras.single_mut() else {
        return;
    };
    if !on.is_some_and(|on| on.0) {
        state.home = None;
        return;
    }
    let idle = queue.is_idle();
    if state.was_idle && !idle {
        // A new move: the camera follows again, from wherever the person left it.
        state.taken_over = false;
        state.home = None;
    }
    state.was_idle = idle;
    if touched.0 {
        touched.0 = false;
        state.taken_over = true;
    }
    if state.taken_over {
        return;
    }
    let home = *state.home.get_or_insert((orbit.target, orbit.distance));
    let (aim, distance) = match queue.progress().and_then(|(n, _)| queue.stage(n - 1)) {
        Some(stage) => framing(stage, home),
        None => home,
    };
    let k = 1.0 - (-time.delta_secs() * EASE).exp();
    let target = orbit.target.lerp(aim, k);
    let distance = orbit.distance + (distance - orbit.distance) * k;
    if orbit.target != target || orbit.distance != distance {
        orbit.target = target;
        orbit.distance = distance;
    }
}

/// The aim and distance that frame what `stage` moves: the middle of every tween's start
/// and end, close enough to see them all, never past the view the playback started from.
fn framing(stage: &Stage, home: (Vec3, f32)) -> (Vec3, f32) {
    let points: Vec<Vec3> = stage
        .tweens
        .iter()
        .flat_map(|t| [t.from.translation, Stage::end_transform(t).translation])
        .collect();
    if points.is_empty() {
        return home;
    }
    let centre = points.iter().copied().sum::<Vec3>() / points.len() as f32;
    let spread = points
        .iter()
        .map(|p| p.distance(centre))
        .fold(0.0f32, f32::max);
    let distance = (NEAREST + spread * 2.2).min(home.1);
    // Aim at the board plane, pulled toward the middle of the view the playback began in.
    let aim = Vec3::new(centre.x, 0.0, centre.z).lerp(home.0, 0.25);
    (aim, distance)
}
