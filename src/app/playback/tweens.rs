//! Each [`Motion`] as a bevy_tweening tween over one stage: the lenses that move, drop,
//! scale, morph, pulse, flash and shake a piece's transform.

use std::f32::consts::{PI, TAU};
use std::time::Duration;

use bevy::prelude::*;
use bevy_tweening::{EaseMethod, Lens, Tween};

use super::{Motion, PieceTween, STAGE_SECONDS};

pub(super) fn tween_for(tween: &PieceTween) -> Tween {
    let duration = Duration::from_secs_f32(STAGE_SECONDS);
    let from = tween.from;
    match tween.motion.clone() {
        Motion::Move { to, lift } => Tween::new(
            EaseMethod::from(EaseFunction::CubicInOut),
            duration,
            MoveLens { from, to, lift },
        ),
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
        Motion::Disappear => linear(duration, ScaleLens { from, grow: false }),
        Motion::ChangeType { .. } => linear(duration, MorphLens { from }),
        Motion::Highlight => linear(duration, PulseLens { from }),
        Motion::Shudder => linear(duration, ShudderLens { from }),
        Motion::Flash => linear(duration, FlashLens { from }),
    }
}

fn linear(duration: Duration, lens: impl Lens<Transform> + Send + Sync + 'static) -> Tween {
    Tween::new(EaseMethod::from(EaseFunction::Linear), duration, lens)
}

/// A slide, optionally arced.
struct MoveLens {
    from: Transform,
    to: Transform,
    lift: f32,
}

impl Lens<Transform> for MoveLens {
    fn lerp(&mut self, mut target: Mut<Transform>, t: f32) {
        let mut translation = self.from.translation.lerp(self.to.translation, t);
        translation.y += self.lift * 4.0 * t * (1.0 - t);
        *target = Transform {
            translation,
            rotation: self.from.rotation.slerp(self.to.rotation, t),
            scale: self.from.scale.lerp(self.to.scale, t),
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
