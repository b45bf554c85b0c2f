//! The queue run in the world, once a frame: stages started (their tweens spawned), stepped
//! at the playback's speed, finished (their end snapped), skipped and rewound.

use bevy::prelude::*;

use super::*;

/// Runs the queue: starts, steps and finishes stages (exclusive: it spawns and steps
/// animations and snaps transforms).
pub(super) fn advance_playback(world: &mut World) {
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
                self.step_active(world, fraction * STAGE_SECONDS, None);
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
        let speed = self.effective_speed();
        self.step_active(world, dt * speed, Some(speed));
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
        let calm = world.get_resource::<ReducedMotion>().is_some_and(|r| r.0);
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
                    TweenAnim::new(tween_for(tween, calm)).with_destroy_on_completed(false),
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

    /// Steps the active stage by `seconds` of playback time; played at `speed` (None: a
    /// freeze, which passes no cue), the cues passed are sent as [`CueReached`].
    fn step_active(&mut self, world: &mut World, seconds: f32, speed: Option<f32>) {
        let Some(active) = self.active.as_mut() else {
            return;
        };
        let seconds = seconds.min(STAGE_SECONDS - active.elapsed).max(0.0);
        let before = active.elapsed;
        active.elapsed += seconds;
        if let Some(speed) = speed.filter(|_| seconds > 0.0) {
            let ends = active.elapsed >= STAGE_SECONDS - 1e-6;
            for cue in &self.stages[active.index].cues {
                let at = cue.at * STAGE_SECONDS;
                if at >= before && (at < active.elapsed || ends) {
                    world.write_message(CueReached {
                        cue: *cue,
                        offset: (at - before) / speed.max(1e-3),
                    });
                }
            }
        }
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
