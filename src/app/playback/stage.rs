//! What a playback is made of: stages of piece tweens that run together, each tween a
//! piece's motion from where it starts; a stage also plays backwards.

use bevy::prelude::*;

use crate::sound::Cue;

/// What one piece does during a stage. Every tween knows where it starts and ends, so a
/// stage can be replayed and the end state never depends on frame timing.
#[derive(Clone, Debug)]
pub struct PieceTween {
    pub entity: Entity,
    pub from: Transform,
    pub motion: Motion,
}

#[derive(Clone, Debug)]
pub enum Motion {
    /// Move to `to` with weight: from rest, arriving with speed, overshooting and
    /// settling; `lift` raises the path into an arc (0 for a flat move).
    Move { to: Transform, lift: f32 },
    /// Slide to `to` as if pushed once and slowed by friction: fastest at the start,
    /// coming to rest exactly there (a stone pushed across the board).
    Slide { to: Transform },
    /// Slide to the board edge at `edge`, tip over it and fall along `direction` with a
    /// gravity-like arc and spin, shrinking out of sight.
    FallOff { edge: Vec3, direction: Vec3 },
    /// Grow from nothing.
    Appear,
    /// Shrink to nothing.
    Disappear,
    /// Spin and dip while the piece's look changes at the midpoint.
    ChangeType { from_look: Look, to_look: Look },
    /// The piece takes its new look when the stage ends, with no motion of its own (a
    /// v011 renaming in live play: the arriving man simply is its new type). `from` and
    /// `to` are where the stage finds and leaves it (it moves by another tween).
    Recast {
        from_look: Look,
        to_look: Look,
        to: Transform,
    },
    /// Swell briefly and return (an actor's glow, a piece that stays put).
    Highlight,
    /// Shake sideways in place (a blocked piece).
    Shudder,
    /// Grow from nothing to `from`'s size and fade back to nothing (a glow, an arrow).
    Flash,
}

/// A piece's mesh and material, swapped by [`Motion::ChangeType`].
#[derive(Clone, Debug, PartialEq)]
pub struct Look {
    pub mesh: Handle<Mesh>,
    pub material: Handle<StandardMaterial>,
}

/// The tweens that run together: one wave of a chain reaction, one removal round.
#[derive(Clone, Debug, Default)]
pub struct Stage {
    /// The stage's caption in full words, and in one short line.
    pub label: String,
    pub short_label: String,
    pub tweens: Vec<PieceTween>,
    /// Decorations that exist only while the stage plays (arrows, flashes); despawned
    /// when it ends.
    pub effects: Vec<Entity>,
    /// What the stage sounds like, each cue at its moment of the stage.
    pub cues: Vec<Cue>,
    /// Signs at the acting pieces while the stage plays (a wave's number and push
    /// direction, a bond), beside the ones every stage shows (`badges`).
    pub badges: Vec<Badge>,
}

/// A small sign that follows a piece while its stage plays: a glyph or two ("2↗": pushed
/// north-east in wave 2; "∞": a bond made).
#[derive(Clone, Debug, PartialEq)]
pub struct Badge {
    pub entity: Entity,
    pub text: String,
    pub tone: BadgeTone,
    /// A direction on the board, drawn after the text as the arrow that points that way
    /// on screen (whichever side the camera sits).
    pub heading: Option<Vec3>,
}

/// What a badge says, by its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadgeTone {
    /// A push, a move: the chain's own colour.
    Push,
    /// A bond made.
    Bond,
    /// A bond broken, a piece lost or taken.
    Loss,
}

impl Stage {
    /// `stages` with their captions, one each in order, in full and short words: the
    /// showcase layer's (`Showcase::captions`, `Showcase::short_captions`), the same
    /// words the films, the miner and the scenario library use. A stage without a caption
    /// keeps an empty one.
    pub fn captioned(mut stages: Vec<Stage>, full: Vec<String>, short: Vec<String>) -> Vec<Stage> {
        for (stage, caption) in stages.iter_mut().zip(full) {
            stage.label = caption;
        }
        for (stage, caption) in stages.iter_mut().zip(short) {
            stage.short_label = caption;
        }
        stages
    }

    /// Where `tween` leaves its piece when the stage ends.
    /// The stage played backwards: every tween runs from its end to its start.
    pub fn reversed(&self) -> Stage {
        let tweens = self
            .tweens
            .iter()
            .map(|tween| {
                let end = Stage::end_transform(tween);
                let (from, motion) = match tween.motion.clone() {
                    Motion::Move { lift, .. } => (
                        end,
                        Motion::Move {
                            to: tween.from,
                            lift,
                        },
                    ),
                    Motion::Slide { .. } => (end, Motion::Slide { to: tween.from }),
                    Motion::Recast {
                        from_look,
                        to_look,
                        to,
                    } => (
                        to,
                        Motion::Recast {
                            from_look: to_look,
                            to_look: from_look,
                            to: tween.from,
                        },
                    ),
                    // What left the board or vanished comes back where it was.
                    Motion::FallOff { .. } | Motion::Disappear => (tween.from, Motion::Appear),
                    Motion::Appear => (tween.from, Motion::Disappear),
                    Motion::ChangeType { from_look, to_look } => (
                        tween.from,
                        Motion::ChangeType {
                            from_look: to_look,
                            to_look: from_look,
                        },
                    ),
                    motion @ (Motion::Highlight | Motion::Shudder | Motion::Flash) => {
                        (tween.from, motion)
                    }
                };
                PieceTween {
                    entity: tween.entity,
                    from,
                    motion,
                }
            })
            .collect();
        // Stepping back is quiet: a chain heard backwards is noise, not physics.
        Stage {
            label: self.label.clone(),
            short_label: self.short_label.clone(),
            tweens,
            effects: self.effects.clone(),
            cues: Vec::new(),
            badges: self.badges.clone(),
        }
    }

    pub fn end_transform(tween: &PieceTween) -> Transform {
        match &tween.motion {
            Motion::Move { to, .. } | Motion::Slide { to } | Motion::Recast { to, .. } => *to,
            Motion::FallOff { .. } | Motion::Disappear | Motion::Flash => {
                tween.from.with_scale(Vec3::ZERO)
            }
            Motion::Appear | Motion::ChangeType { .. } | Motion::Highlight | Motion::Shudder => {
                tween.from
            }
        }
    }
}
