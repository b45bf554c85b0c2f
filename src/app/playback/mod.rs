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
mod stage;
mod tweens;

pub use stage::{Look, Motion, PieceTween, Stage};
pub use tweens::{squash, travel};

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
        .add_systems(
            Update,
            (
                playback_keys
                    .run_if(resource_exists::<ButtonInput<KeyCode>>)
                    .before(PlaybackSystems),
                advance_playback.in_set(PlaybackSystems),
            ),
        );
}

/// The set that advances playback; game systems that react to it run after.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlaybackSystems;

/// Sent when a stage has played to its end.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StageFinished {
    /// 0-based index within the current playback.
    pub index: usize,
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

/// Runs the queue: starts, steps and finishes stages (exclusive: it spawns and steps
/// animations and snaps transforms).
fn advance_playback(world: &mut World) {
    let dt = world.resource::<Time>().delta_secs();
    world.resource_scope(|world, mut queue: Mut<PlaybackQueue>| {
        queue.advance(world, dt);
    });
}

impl PlaybackQueue {
    fn advance(&mut self, world: &mut World, dt: f32) {
        for anim in self.orphans.drain(..) {
            if let Ok(entity) = world.get_entity_mut(anim) {
                entity.despawn();
            }
        }
        if self.skip_requested {
            self.skip_requested = false;
            self.finish_everything(world);
            if self.replay_requested {
                self.replay_requested = false;
                self.rewind(world);
            }
        }
        if let Some(stages) = self.incoming.take() {
            self.finish_everything(world);
            self.start_new(stages);
        }
        if let Some(stages) = self.incoming_backward.take() {
            self.finish_everything(world);
            // Where the action left everything ...
            self.start_new(stages);
            self.finish_everything(world);
            // ... then back through it, last stage first.
            let backward: Vec<Stage> = self.stages.iter().rev().map(Stage::reversed).collect();
            self.start_new(backward);
        }
        if let Some((stage, fraction)) = self.freeze.take() {
            self.finish_active(world);
            while let Some(&next) = self.pending.front() {
                if next >= stage {
                    break;
                }
                self.pending.pop_front();
                self.finish_stage(world, next, Vec::new());
            }
            if self.pending.front() == Some(&stage) {
                self.pending.pop_front();
                self.start_stage(world, stage);
                self.step_active(world, fraction * STAGE_SECONDS);
            }
            self.paused = true;
            return;
        }
        if self.paused {
            return;
        }
        if self.active.is_none() {
            let Some(next) = self.pending.pop_front() else {
                self.moment = None;
                return;
            };
            self.start_stage(world, next);
        }
        self.step_active(world, dt * self.effective_speed());
        if self
            .active
            .as_ref()
            .is_some_and(|a| a.elapsed >= STAGE_SECONDS - 1e-6)
        {
            self.finish_active(world);
            if self.stop_after_stage {
                self.stop_after_stage = false;
                self.paused = true;
            }
        }
    }

    fn start_stage(&mut self, world: &mut World, index: usize) {
        let mut anims = Vec::new();
        for tween in &self.stages[index].tweens {
            let Ok(mut entity) = world.get_entity_mut(tween.entity) else {
                continue;
            };
            entity.insert(tween.from);
            match &tween.motion {
                Motion::ChangeType { from_look, .. } => {
                    entity.insert(look_components(from_look));
                }
                // Only its look changes, at the end: another tween moves it.
                Motion::Recast { from_look, .. } => {
                    entity.insert(look_components(from_look));
                    continue;
                }
                _ => {}
            }
            let anim = world
                .spawn((
                    TweenAnim::new(tween_for(tween)).with_destroy_on_completed(false),
                    AnimTarget::component::<Transform>(tween.entity),
                ))
                .id();
            anims.push(anim);
        }
        TweenAnim::step_many(world, Duration::ZERO, &anims);
        self.active = Some(ActiveStage {
            index,
            elapsed: 0.0,
            anims,
            looks_swapped: false,
        });
    }

    fn step_active(&mut self, world: &mut World, seconds: f32) {
        let Some(active) = self.active.as_mut() else {
            return;
        };
        let seconds = seconds.min(STAGE_SECONDS - active.elapsed).max(0.0);
        active.elapsed += seconds;
        TweenAnim::step_many(world, Duration::from_secs_f32(seconds), &active.anims);
        if !active.looks_swapped && active.elapsed >= STAGE_SECONDS * 0.5 {
            active.looks_swapped = true;
            for tween in &self.stages[active.index].tweens {
                if let Motion::ChangeType { to_look, .. } = &tween.motion
                    && let Ok(mut entity) = world.get_entity_mut(tween.entity)
                {
                    entity.insert(look_components(to_look));
                }
            }
        }
    }

    fn finish_active(&mut self, world: &mut World) {
        if let Some(active) = self.active.take() {
            self.finish_stage(world, active.index, active.anims);
        }
    }

    /// Puts every piece of the stage at its end state and removes the stage's animations
    /// and decorations.
    fn finish_stage(&mut self, world: &mut World, index: usize, anims: Vec<Entity>) {
        for anim in anims {
            if let Ok(entity) = world.get_entity_mut(anim) {
                entity.despawn();
            }
        }
        let stage = &self.stages[index];
        for tween in &stage.tweens {
            if let Ok(mut entity) = world.get_entity_mut(tween.entity) {
                entity.insert(Stage::end_transform(tween));
                if let Motion::ChangeType { to_look, .. } | Motion::Recast { to_look, .. } =
                    &tween.motion
                {
                    entity.insert(look_components(to_look));
                }
            }
        }
        for &effect in &stage.effects {
            if let Ok(mut entity) = world.get_entity_mut(effect) {
                entity.insert(Visibility::Hidden);
            }
        }
        world.write_message(StageFinished { index });
    }

    fn finish_everything(&mut self, world: &mut World) {
        self.finish_active(world);
        while let Some(next) = self.pending.pop_front() {
            self.finish_stage(world, next, Vec::new());
        }
    }

    /// Puts every piece back where the playback found it and queues all stages again.
    fn rewind(&mut self, world: &mut World) {
        for stage in self.stages.iter().rev() {
            for tween in stage.tweens.iter().rev() {
                if let Ok(mut entity) = world.get_entity_mut(tween.entity) {
                    entity.insert(tween.from);
                    if let Motion::ChangeType { from_look, .. } | Motion::Recast { from_look, .. } =
                        &tween.motion
                    {
                        entity.insert(look_components(from_look));
                    }
                }
            }
            for &effect in &stage.effects {
                if let Ok(mut entity) = world.get_entity_mut(effect) {
                    entity.insert(Visibility::Inherited);
                }
            }
        }
        self.pending = (0..self.stages.len()).collect();
        self.paused = false;
    }
}

fn look_components(look: &Look) -> impl Bundle {
    (
        Mesh3d(look.mesh.clone()),
        MeshMaterial3d(look.material.clone()),
    )
}
