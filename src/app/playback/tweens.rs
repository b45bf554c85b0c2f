//! Each [`Motion`] as a bevy_tweening tween over one stage: the lenses that move, drop,
//! scale, morph, pulse, flash and shake a piece's transform.

use std::f32::consts::{PI, TAU};
use std::time::Duration;

use bevy::prelude::*;
use bevy_tweening::{EaseMethod, Lens, Tween};

use super::{Motion, PieceTween, STAGE_SECONDS};

/// The tween of one piece's motion over a stage; `calm` (reduced motion) trades the
/// flourishes for plain eases: moves and slides glide straight and arrive early, shudders
/// and pulses hold still, flashes stand at full size while the stage plays.
pub(super) fn tween_for(tween: &PieceTween, calm: bool) -> Tween {
    let duration = Duration::from_secs_f32(STAGE_SECONDS);
    let from = tween.from;
    if calm {
        match tween.motion.clone() {
            Motion::Move { to, .. } | Motion::Slide { to } => {
                return linear(duration, GlideLens { from, to });
            }
            Motion::Highlight | Motion::Shudder => return linear(duration, StillLens),
            Motion::Flash => return linear(duration, HoldLens { from }),
            _ => {}
        }
    }
    match tween.motion.clone() {
        // The lens shapes its own time: a start from rest, an arrival with speed, an
        // overshoot and a squash as the piece settles.
        Motion::Move { to, lift } => linear(duration, MoveLens { from, to, lift }),
        Motion::Slide { to } => linear(duration, SlideLens { from, to }),
        Motion::FallOff { edge, direction } => Tween::new(
            EaseMethod::from(EaseFunction::Linear),
            duration,
            FallLens {
                from,
                edge,
                direction: direction.normalize_or(Vec3::X),
            },
        ),
        Motion::Appear => linear(duration, ScaleLens { from, grow: true }),
        Motion::Disappear => linear(duration, ToppleLens { from }),
        Motion::ChangeType { .. } => linear(duration, MorphLens { from }),
        // Never animated (the queue only swaps its look); still, a tween that holds still.
        Motion::Recast { .. } => linear(duration, StillLens),
        Motion::Highlight => linear(duration, PulseLens { from }),
        Motion::Shudder => linear(duration, ShudderLens { from }),
        Motion::Flash => linear(duration, FlashLens { from }),
    }
}

fn linear(duration: Duration, lens: impl Lens<Transform> + Send + Sync + 'static) -> Tween {
    Tween::new(EaseMethod::from(EaseFunction::Linear), duration, lens)
}

/// The share of a move spent travelling; the rest is the settle after contact (where a
/// landing sounds).
pub const ARRIVAL: f32 = 0.72;

/// How far along its path a moving piece is at `t` (0..1 of the stage): it starts from
/// rest, speeds up, arrives still moving, overshoots a little and springs back. Exactly 0
/// at the start and 1 at the end.
pub fn travel(t: f32) -> f32 {
    if t < ARRIVAL {
        let u = t / ARRIVAL;
        // Zero speed at the start, 1.5x the mean speed on arrival.
        u * u * (1.5 - 0.5 * u)
    } else {
        let w = (t - ARRIVAL) / (1.0 - ARRIVAL);
        1.0 + 0.07 * (TAU * w).sin() * (1.0 - w) * (1.0 - w)
    }
}

/// How much a piece is squashed at `t`: nothing while travelling, a flattening on impact
/// that springs back by the end.
pub fn squash(t: f32) -> f32 {
    if t < ARRIVAL {
        0.0
    } else {
        let w = (t - ARRIVAL) / (1.0 - ARRIVAL);
        0.16 * (PI * w).sin() * (1.0 - w)
    }
}

/// A move with weight: see [`travel`] and [`squash`]; `lift` raises the path into an arc.
struct MoveLens {
    from: Transform,
    to: Transform,
    lift: f32,
}

impl Lens<Transform> for MoveLens {
    fn lerp(&mut self, mut target: Mut<Transform>, t: f32) {
        let p = travel(t);
        let mut translation = self.from.translation.lerp(self.to.translation, p);
        let arc = p.clamp(0.0, 1.0);
        translation.y += self.lift * 4.0 * arc * (1.0 - arc);
        // A piece that does not travel (a turn in place) does not land.
        let moved = self.from.translation.distance(self.to.translation) > 0.05;
        let s = if moved { squash(t) } else { 0.0 };
        let base = self.from.scale.lerp(self.to.scale, arc);
        *target = Transform {
            translation,
            rotation: self.from.rotation.slerp(self.to.rotation, arc),
            scale: base * Vec3::new(1.0 + s * 0.5, 1.0 - s, 1.0 + s * 0.5),
        };
    }
}

/// How far a slide has gone at `t`: constant deceleration, so the speed falls linearly
/// to zero at the end.
pub fn friction(t: f32) -> f32 {
    t * (2.0 - t)
}

/// A stone pushed once and slowed by friction (see [`friction`]).
struct SlideLens {
    from: Transform,
    to: Transform,
}

impl Lens<Transform> for SlideLens {
    fn lerp(&mut self, mut target: Mut<Transform>, t: f32) {
        let p = friction(t);
        *target = Transform {
            translation: self.from.translation.lerp(self.to.translation, p),
            rotation: self.from.rotation.slerp(self.to.rotation, p),
            scale: self.from.scale.lerp(self.to.scale, p),
        };
    }
}

/// A piece taken off the board: it tips over on its base, faster and faster as gravity
/// wins, then sinks away.
struct ToppleLens {
    from: Transform,
}

impl Lens<Transform> for ToppleLens {
    fn lerp(&mut self, mut target: Mut<Transform>, t: f32) {
        const FALL: f32 = 0.6;
        let fall = (t / FALL).min(1.0);
        let angle = fall * fall * 1.45;
        let gone = ((t - FALL) / (1.0 - FALL)).clamp(0.0, 1.0);
        // Topple away from the viewer's usual seat (toward -z), on the base's edge.
        let tip = Quat::from_rotation_x(-angle);
        *target = Transform {
            translation: self.from.translation + Vec3::new(0.0, -0.25 * gone, -0.2 * fall),
            rotation: tip * self.from.rotation,
            scale: self.from.scale * (1.0 - gone),
        };
    }
}

/// Slide to the edge for the first third, then tip and fall under gravity, spinning and
/// shrinking away.
struct FallLens {
    from: Transform,
    edge: Vec3,
    direction: Vec3,
}

impl Lens<Transform> for FallLens {
    fn lerp(&mut self, mut target: Mut<Transform>, t: f32) {
        const SLIDE: f32 = 0.3;
        if t < SLIDE {
            let u = t / SLIDE;
            let ease = u * u * (3.0 - 2.0 * u);
            *target = self
                .from
                .with_translation(self.from.translation.lerp(self.edge, ease));
            return;
        }
        let u = (t - SLIDE) / (1.0 - SLIDE);
        let axis = self.direction.cross(Vec3::Y).normalize_or(Vec3::X);
        let translation =
            self.edge + self.direction * (1.1 * u) + Vec3::Y * (0.4 * u - 3.2 * u * u);
        let tip = Quat::from_axis_angle(axis, -(u * 1.6 * PI));
        let spin = Quat::from_rotation_y(u * TAU);
        let shrink = (1.0 - u.powi(3)).max(0.0);
        *target = Transform {
            translation,
            rotation: tip * spin * self.from.rotation,
            scale: self.from.scale * shrink,
        };
    }
}

/// Reduced motion's move: a plain ease that arrives within [`GLIDE`] of the stage and
/// stays, no arc, no overshoot, no squash.
struct GlideLens {
    from: Transform,
    to: Transform,
}

/// The share of a stage a calm move takes.
pub const GLIDE: f32 = 0.5;

impl Lens<Transform> for GlideLens {
    fn lerp(&mut self, mut target: Mut<Transform>, t: f32) {
        let u = (t / GLIDE).min(1.0);
        let p = u * u * (3.0 - 2.0 * u);
        *target = Transform {
            translation: self.from.translation.lerp(self.to.translation, p),
            rotation: self.from.rotation.slerp(self.to.rotation, p),
            scale: self.from.scale.lerp(self.to.scale, p),
        };
    }
}

/// Reduced motion's flash: the mark stands at full size while the stage plays and goes
/// at its end, with no swell.
struct HoldLens {
    from: Transform,
}

impl Lens<Transform> for HoldLens {
    fn lerp(&mut self, mut target: Mut<Transform>, t: f32) {
        let scale = if t >= 1.0 {
            Vec3::ZERO
        } else {
            self.from.scale
        };
        *target = self.from.with_scale(scale);
    }
}

/// Leaves the transform alone (a look that changes with no motion).
struct StillLens;

impl Lens<Transform> for StillLens {
    fn lerp(&mut self, _target: Mut<Transform>, _t: f32) {}
}

struct ScaleLens {
    from: Transform,
    grow: bool,
}

impl Lens<Transform> for ScaleLens {
    fn lerp(&mut self, mut target: Mut<Transform>, t: f32) {
        let k = if self.grow { t } else { 1.0 - t };
        *target = self.from.with_scale(self.from.scale * k);
    }
}

/// A full turn with a dip in size and a small hop: the look changes at the bottom of the
/// dip, halfway.
struct MorphLens {
    from: Transform,
}

impl Lens<Transform> for MorphLens {
    fn lerp(&mut self, mut target: Mut<Transform>, t: f32) {
        let dip = (PI * t).sin();
        *target = Transform {
            translation: self.from.translation + Vec3::Y * (0.35 * dip),
            rotation: Quat::from_rotation_y(TAU * t) * self.from.rotation,
            scale: self.from.scale * (1.0 - 0.75 * dip),
        };
    }
}

struct PulseLens {
    from: Transform,
}

impl Lens<Transform> for PulseLens {
    fn lerp(&mut self, mut target: Mut<Transform>, t: f32) {
        let swell = (PI * t).sin();
        *target = Transform {
            translation: self.from.translation + Vec3::Y * (0.08 * swell),
            rotation: self.from.rotation,
            scale: self.from.scale * (1.0 + 0.18 * swell),
        };
    }
}

struct FlashLens {
    from: Transform,
}

impl Lens<Transform> for FlashLens {
    fn lerp(&mut self, mut target: Mut<Transform>, t: f32) {
        *target = self.from.with_scale(self.from.scale * (PI * t).sin());
    }
}

struct ShudderLens {
    from: Transform,
}

impl Lens<Transform> for ShudderLens {
    fn lerp(&mut self, mut target: Mut<Transform>, t: f32) {
        let shake = (6.0 * PI * t).sin() * (1.0 - t) * 0.07;
        *target = self
            .from
            .with_translation(self.from.translation + Vec3::X * shake);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_starts_at_rest_overshoots_and_ends_exactly() {
        assert_eq!(travel(0.0), 0.0);
        assert!((travel(1.0) - 1.0).abs() < 1e-6);
        // Slow at first, still moving on arrival.
        assert!(travel(0.1) < 0.1);
        let arrival_speed = (travel(ARRIVAL) - travel(ARRIVAL - 0.01)) / 0.01;
        assert!(arrival_speed > 1.5, "{arrival_speed}");
        // It passes the target, then comes back.
        let peak = (0..100)
            .map(|i| travel(ARRIVAL + (1.0 - ARRIVAL) * i as f32 / 100.0))
            .fold(0.0f32, f32::max);
        assert!(peak > 1.02 && peak < 1.1, "{peak}");
        assert_eq!(squash(0.3), 0.0);
        // A slide is fastest at the start and stops dead at the end.
        assert_eq!((friction(0.0), friction(1.0)), (0.0, 1.0));
        assert!(friction(0.1) > 0.15 && (friction(1.0) - friction(0.99)) < 0.001);
        assert!(squash(0.8) > 0.05);
        assert!(squash(1.0).abs() < 1e-6);
    }
}
