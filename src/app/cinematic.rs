//! The cinematic camera (the replay viewer and films): while a stage plays, the camera
//! eases toward the pieces the stage moves and closes in on them, then eases back to where
//! it was. Close enough that the pieces fill a good share of the frame (a film at share
//! size stays readable), never so close that one leaves it. It only moves its aim and distance, never its pitch, so it never dips below the
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
    /// The last stage's aim and distance, held a moment after the playback ends.
    last_shot: Option<(Vec3, f32)>,
    /// Seconds since the last stage ended.
    held: f32,
    /// The stage (its number and the playback's count, its tweens) and the lens
    /// `last_shot` was found for.
    shot_of: Option<((usize, usize), usize, Lens)>,
}

/// Closest the camera comes, in world units.
const NEAREST: f32 = 2.5;
/// How fast it eases (per second): most of the way within one stage at full speed.
const EASE: f32 = 6.0;
/// The share of the frame's height the acting pieces fill, when the view the playback
/// began in shows them smaller (films at share size stay readable).
const FILL: f32 = 0.4;
/// How far from the frame's middle an acting piece may be seen (1 is the edge).
const FIT: f32 = 0.95;
/// How long the camera holds on the result after the last stage, in seconds.
const HOLD: f32 = 0.8;
/// A piece's reach around its centre, in world units (cells are 1 wide): its footprint
/// and height, so the framing holds the whole piece and not only its middle.
const REACH: f32 = 0.45;
const HEIGHT: f32 = 0.6;

fn follow_the_action(
    time: Res<Time>,
    calm: Option<Res<super::playback::ReducedMotion>>,
    queue: Res<PlaybackQueue>,
    on: Option<Res<CinematicCamera>>,
    mut touched: ResMut<OrbitTouched>,
    mut state: Local<Following>,
    mut cameras: Query<(&mut OrbitCamera, Option<&Projection>, Option<&Camera>)>,
    attached: Query<&GlobalTransform, With<ChildOf>>,
) {
    let Ok((mut orbit, projection, camera)) = cameras.single_mut() else {
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
        state.shot_of = None;
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
    let lens = Lens::of(projection, camera);
    let stage = queue.progress().and_then(|(n, _)| queue.stage(n - 1));
    let (aim, distance) = match stage {
        Some(stage) => {
            state.held = 0.0;
            // A stage's shot is found once (it stays while the stage plays), again only if
            // the frame's shape changes.
            let key = (
                queue.progress().unwrap_or_default(),
                stage.tweens.len(),
                lens,
            );
            match state.last_shot {
                Some(shot) if state.shot_of == Some(key) => shot,
                _ => {
                    let points =
                        acting_points(stage, |e| attached.get(e).ok().map(|g| g.translation()));
                    let shot = framing(&points, &orbit, lens, home);
                    state.last_shot = Some(shot);
                    state.shot_of = Some(key);
                    shot
                }
            }
        }
        None => {
            // Holds on the result a moment, then goes back to the view it started from.
            state.held += time.delta_secs();
            match state.last_shot {
                Some(shot) if state.held < HOLD => shot,
                _ => {
                    state.last_shot = None;
                    state.shot_of = None;
                    home
                }
            }
        }
    };
    // Reduced motion cuts to the shot instead of flying there.
    let k = if calm.is_some_and(|c| c.0) {
        1.0
    } else {
        1.0 - (-time.delta_secs() * EASE).exp()
    };
    let target = orbit.target.lerp(aim, k);
    let distance = orbit.distance + (distance - orbit.distance) * k;
    if orbit.target != target || orbit.distance != distance {
        orbit.target = target;
        orbit.distance = distance;
    }
}

/// The camera's lens: its vertical field of view and the frame's width over its height.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lens {
    pub fov: f32,
    pub aspect: f32,
}

impl Lens {
    fn of(projection: Option<&Projection>, camera: Option<&Camera>) -> Lens {
        let fov = match projection {
            Some(Projection::Perspective(p)) => p.fov,
            _ => PerspectiveProjection::default().fov,
        };
        let aspect = camera
            .and_then(Camera::logical_viewport_size)
            .filter(|s| s.y > 0.0)
            .map_or(16.0 / 9.0, |s| s.x / s.y);
        Lens { fov, aspect }
    }
}

/// Where `stage`'s acting pieces are: every tween's start and end, each with the piece's
/// footprint and height; the flashes too (a push's arrow, a pusher's glow), so that the
/// piece that acts is seen beside the one it moves. What is
/// attached to a piece (a bond's bar) has a transform relative to it: `attached` gives
/// its place in the world instead (None for what stands on its own).
pub fn acting_points(stage: &Stage, attached: impl Fn(Entity) -> Option<Vec3>) -> Vec<Vec3> {
    stage
        .tweens
        .iter()
        .flat_map(|t| match attached(t.entity) {
            Some(place) => [place, place],
            None => [t.from.translation, Stage::end_transform(t).translation],
        })
        .flat_map(around)
        .collect()
}

/// The points that hold a piece standing at `p`: its footprint's edges and its top.
fn around(p: Vec3) -> [Vec3; 5] {
    [
        p + Vec3::X * REACH,
        p - Vec3::X * REACH,
        p + Vec3::Z * REACH,
        p - Vec3::Z * REACH,
        p + Vec3::Y * HEIGHT,
    ]
}

/// The box `points` cover on the frame seen from `orbit` (its aim and distance as
/// given): (lowest, highest) corners in normalised device coordinates, -1..=1 across.
pub fn projected_box(points: &[Vec3], orbit: &OrbitCamera, lens: Lens) -> Option<(Vec2, Vec2)> {
    let view = orbit.transform().to_matrix().inverse();
    let half_height = (lens.fov / 2.0).tan();
    let mut lowest = Vec2::splat(f32::INFINITY);
    let mut highest = Vec2::splat(f32::NEG_INFINITY);
    for p in points {
        let v = view.transform_point3(*p);
        if v.z >= -1e-3 {
            // Behind the camera: no box.
            return None;
        }
        let ndc = Vec2::new(
            v.x / -v.z / (half_height * lens.aspect),
            v.y / -v.z / half_height,
        );
        lowest = lowest.min(ndc);
        highest = highest.max(ndc);
    }
    (lowest.x <= highest.x).then_some((lowest, highest))
}

/// The aim and distance that frame `points` (a stage's acting pieces) seen from `orbit`'s
/// direction: aimed at their middle, close enough that they fill `FILL` of the frame's
/// height when the starting view shows them smaller, never so close that one leaves the
/// frame, never farther than the view the playback started from (`home`).
fn framing(points: &[Vec3], orbit: &OrbitCamera, lens: Lens, home: (Vec3, f32)) -> (Vec3, f32) {
    if points.is_empty() {
        return home;
    }
    let (low, high) = points.iter().fold(
        (Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY)),
        |(lo, hi), p| (lo.min(*p), hi.max(*p)),
    );
    let centre = (low + high) / 2.0;
    let aim = Vec3::new(centre.x, 0.0, centre.z);
    let shot = |distance: f32| {
        let mut view = *orbit;
        view.target = aim;
        view.distance = distance;
        projected_box(points, &view, lens)
    };
    let fills = |distance: f32| shot(distance).is_some_and(|(lo, hi)| (hi.y - lo.y) / 2.0 >= FILL);
    let fits = |distance: f32| {
        shot(distance).is_some_and(|(lo, hi)| lo.min_element() >= -FIT && hi.max_element() <= FIT)
    };
    let far = home.1.max(NEAREST);
    if fills(far) {
        return (aim, far);
    }
    // The share falls as the camera backs away: find the farthest distance that still
    // fills (bisection), then back away until every piece is inside the frame.
    let (mut near, mut away) = (NEAREST, far);
    for _ in 0..24 {
        let mid = (near + away) / 2.0;
        if fills(mid) {
            near = mid;
        } else {
            away = mid;
        }
    }
    let mut distance = near;
    while distance < far && !fits(distance) {
        distance = (distance * 1.05).min(far);
    }
    (aim, distance)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lens() -> Lens {
        Lens {
            fov: std::f32::consts::FRAC_PI_4,
            aspect: 16.0 / 9.0,
        }
    }

    fn height(points: &[Vec3], orbit: &OrbitCamera, (aim, distance): (Vec3, f32)) -> f32 {
        let mut view = *orbit;
        view.target = aim;
        view.distance = distance;
        let (lo, hi) = projected_box(points, &view, lens()).unwrap();
        assert!(
            lo.min_element() >= -1.0 && hi.max_element() <= 1.0,
            "{lo} {hi}"
        );
        (hi.y - lo.y) / 2.0
    }

    #[test]
    fn one_short_move_is_closed_in_on_until_it_fills_the_frame() {
        let orbit = OrbitCamera::default();
        let home = (orbit.target, orbit.distance);
        let points: Vec<Vec3> = [Vec3::new(2.0, 0.0, 3.0), Vec3::new(3.0, 0.0, 3.0)]
            .into_iter()
            .flat_map(around)
            .collect();
        let before = height(&points, &orbit, home);
        let shot = framing(&points, &orbit, lens(), home);
        assert!(before < 1.0 / 3.0, "{before}");
        let after = height(&points, &orbit, shot);
        // As close as it may come (or filling FILL), and more than a third of the frame.
        assert!(
            after > 1.0 / 3.0 && ((after - FILL).abs() < 0.01 || shot.1 == NEAREST),
            "{after} at {}",
            shot.1
        );
        assert!(shot.1 < home.1 && shot.1 >= NEAREST);
    }

    #[test]
    fn a_wide_move_stays_whole_in_the_frame() {
        let orbit = OrbitCamera::default();
        let home = (orbit.target, orbit.distance);
        // From one corner of the board to the far one: never cut off, never past home.
        let points = [Vec3::new(-4.0, 0.0, 4.0), Vec3::new(4.0, 0.6, -4.0)];
        let shot = framing(&points, &orbit, lens(), home);
        assert!(shot.1 <= home.1);
        height(&points, &orbit, shot);
    }
}
