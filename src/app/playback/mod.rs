//! `PlaybackQueue`: plays a resolution back as animation, one stage (wave) at a time.
//!
//! The queue is game independent. A game's presentation translates its rules' resolution
//! into [`Stage`]s (the tweens that run together) and pushes them; the queue turns each
//! stage into bevy_tweening animations and steps them itself, scaled by the playback speed,
//! so pause, slow motion, single-stage stepping and freezing at a fraction are exact. A
//! stage never starts before the previous one has ended.
//!
//! [`tweens`] turns each [`Motion`] into a tween; [`keys`] are the playback keys.

mod keys;
mod run;
mod stage;
mod tweens;

pub use stage::{Badge, BadgeTone, Look, Motion, PieceTween, Stage};
pub use tweens::{ARRIVAL, squash, travel};

use std::collections::VecDeque;
use std::time::Duration;

use bevy::prelude::*;
use bevy_tweening::{AnimTarget, AnimationSystem, TweenAnim};

use self::keys::playback_keys;
use self::tweens::tween_for;

/// The speeds `[` and `]` step through.
pub const SPEEDS: [f32; 9] = [0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 4.0];

/// Seconds one stage lasts at 1x.
pub const STAGE_SECONDS: f32 = 0.6;

pub fn plugin(app: &mut App) {
    app.add_plugins(bevy_tweening::TweeningPlugin)
        // The queue steps its own animations (speed, pause, freeze); bevy_tweening's
        // real-time stepping would double them.
        .configure_sets(Update, AnimationSystem::AnimationUpdate.run_if(|| false))
        .init_resource::<PlaybackQueue>()
        .add_message::<StageFinished>()
        .add_message::<CueReached>()
        .add_systems(
            Update,
            (
                playback_keys
                    .run_if(resource_exists::<ButtonInput<KeyCode>>)
                    .in_set(crate::app::KeyboardSystems)
                    .before(PlaybackSystems),
                run::advance_playback.in_set(PlaybackSystems),
            ),
        );
}

/// The set that advances playback; game systems that react to it run after.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlaybackSystems;

/// Reduced motion (the setting, `--reduced-motion`): every stage still plays, in order
/// and at its length, but moves glide and arrive early, nothing shakes, pulses or flashes,
/// and the cinematic camera cuts instead of flying.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReducedMotion(pub bool);

/// Sent when a stage has played to its end.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StageFinished {
    /// 0-based index within the current playback.
    pub index: usize,
}

/// A sound cue the playback passed this frame, `offset` seconds of real time after the
/// frame's step began (at 0.2x a stage's cues are five times as far apart). Skipping,
/// freezing and stepping back pass none.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct CueReached {
    pub cue: crate::sound::Cue,
    pub offset: f32,
}

#[derive(Debug)]
struct ActiveStage {
    index: usize,
    elapsed: f32,
    anims: Vec<Entity>,
    looks_swapped: bool,
}

/// The game-independent playback of the last action.
#[derive(Resource, Debug)]
pub struct PlaybackQueue {
    /// Every stage of the current playback, kept for replay.
    stages: Vec<Stage>,
    /// Indices of the stages still to start.
    pending: VecDeque<usize>,
    active: Option<ActiveStage>,
    /// Playback speed, one of [`SPEEDS`].
    pub speed: f32,
    pub paused: bool,
    /// Pause again after the next stage ends (single-wave step).
    stop_after_stage: bool,
    /// Run the next stages to completion within this frame (skip to the end).
    skip_requested: bool,
    /// After skipping, restart the playback from its first stage.
    replay_requested: bool,
    /// The next action's stages, waiting for the current playback to be finished.
    incoming: Option<Vec<Stage>>,
    /// An action's stages to play backwards from their end (stepping back in a replay).
    incoming_backward: Option<Vec<Stage>>,
    /// Freeze the given stage at a fraction of its duration (stills).
    freeze: Option<(usize, f32)>,
    /// A slower speed for this playback only (a demo's big move); it ends with it.
    moment: Option<f32>,
    /// Animations of a playback cleared mid-stage, despawned at the next advance (clearing
    /// has no world to hand; left alone they would pile up, one per tween, all day).
    orphans: Vec<Entity>,
}

impl Default for PlaybackQueue {
    fn default() -> Self {
        PlaybackQueue {
            stages: Vec::new(),
            pending: VecDeque::new(),
            active: None,
            speed: 1.0,
            paused: false,
            stop_after_stage: false,
            skip_requested: false,
            replay_requested: false,
            incoming: None,
            incoming_backward: None,
            freeze: None,
            moment: None,
            orphans: Vec::new(),
        }
    }
}

impl PlaybackQueue {
    /// Starts playing `stages` (a new action's resolution); they replace the previous
    /// playback. Anything still playing is finished first, so entities never lag behind
    /// the rules.
    pub fn play(&mut self, stages: Vec<Stage>) {
        if self.active.is_none() && self.pending.is_empty() {
            self.start_new(stages);
        } else {
            self.skip_requested = true;
            self.incoming = Some(stages);
        }
    }

    fn start_new(&mut self, stages: Vec<Stage>) {
        self.pending = (0..stages.len()).collect();
        self.stages = stages;
    }

    /// True when nothing is playing or waiting: a new move may start.
    pub fn is_idle(&self) -> bool {
        self.active.is_none()
            && self.pending.is_empty()
            && self.incoming.is_none()
            && self.incoming_backward.is_none()
    }

    /// (current stage number from 1, number of stages) while playing.
    pub fn progress(&self) -> Option<(usize, usize)> {
        let total = self.stages.len();
        match (&self.active, self.pending.front()) {
            (Some(active), _) => Some((active.index + 1, total)),
            (None, Some(&next)) => Some((next + 1, total)),
            (None, None) => None,
        }
    }

    /// Fraction of the active stage played, 0..=1.
    pub fn stage_fraction(&self) -> Option<f32> {
        self.active
            .as_ref()
            .map(|a| (a.elapsed / STAGE_SECONDS).clamp(0.0, 1.0))
    }

    pub fn stage_count(&self) -> usize {
        self.stages.len()
    }

    pub fn stage(&self, index: usize) -> Option<&Stage> {
        self.stages.get(index)
    }

    /// Forgets the last playback (a new game, a different board).
    pub fn clear(&mut self) {
        let mut orphans = std::mem::take(&mut self.orphans);
        orphans.extend(self.active.take().into_iter().flat_map(|a| a.anims));
        *self = PlaybackQueue {
            speed: self.speed,
            orphans,
            ..PlaybackQueue::default()
        };
    }

    /// Plays the current playback (already queued) at `speed` if that is slower than the
    /// chosen speed, then returns to the chosen speed when it ends.
    pub fn slow_this_playback(&mut self, speed: f32) {
        self.moment = Some(speed);
    }

    /// The speed the playback runs at now: the chosen one, or a slower moment's.
    pub fn effective_speed(&self) -> f32 {
        self.moment.map_or(self.speed, |m| m.min(self.speed))
    }

    pub fn faster(&mut self) {
        self.speed = SPEEDS
            .iter()
            .copied()
            .find(|&s| s > self.speed + 1e-4)
            .unwrap_or(SPEEDS[SPEEDS.len() - 1]);
    }

    pub fn slower(&mut self) {
        self.speed = SPEEDS
            .iter()
            .rev()
            .copied()
            .find(|&s| s < self.speed - 1e-4)
            .unwrap_or(SPEEDS[0]);
    }

    pub fn toggle_pause(&mut self) {
        self.paused = !self.paused;
        self.stop_after_stage = false;
    }

    /// Plays exactly one more stage, then pauses.
    pub fn step(&mut self) {
        self.paused = false;
        self.stop_after_stage = true;
    }

    /// Jumps to the end state of everything queued.
    pub fn skip(&mut self) {
        self.skip_requested = true;
    }

    /// Plays the last action again from its first stage.
    pub fn replay(&mut self) {
        if self.stages.is_empty() {
            return;
        }
        self.skip_requested = true;
        self.replay_requested = true;
    }

    /// Plays an action's `stages` backwards: every piece is first put where the stages
    /// end, then the stages run in reverse order, each undoing its motions visibly (a
    /// slide slides back, a fall rises again, a renaming turns back).
    pub fn play_backward(&mut self, stages: Vec<Stage>) {
        self.incoming_backward = Some(stages);
    }

    /// Plays every stage before `stage` instantly, then `stage` to `fraction` of its
    /// duration, and holds there (used by `lodestone render --step K --t F`).
    pub fn freeze_at(&mut self, stage: usize, fraction: f32) {
        self.freeze = Some((stage, fraction.clamp(0.0, 1.0)));
    }
}
