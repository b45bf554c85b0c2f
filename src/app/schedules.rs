//! How the main world's schedules run: on one thread, built before the first frame.

use bevy::ecs::schedule::ScheduleCleanupPolicy;
use bevy::prelude::*;

/// Takes one of Bevy's own systems out of `PostUpdate`, for one of the app's to stand in
/// its place (`transform_marks`, `shadow_casters`); whether it was there to take.
pub fn take_out_of_post_update<M>(app: &mut App, system: impl IntoSystemSet<M>) -> bool {
    app.remove_systems_in_set(PostUpdate, system, ScheduleCleanupPolicy::RemoveSystemsOnly)
        .is_ok_and(|removed| removed > 0)
}

/// Every schedule of the main world runs with the single-threaded executor and is built
/// before the first frame (both when the app is finished, so every plugin's schedules are
/// there).
///
/// The frame is a few hundred small systems: handing each to another thread costs more
/// than it saves, and each schedule that wakes the pool pays for it again. Measured with
/// `lodestone bench app --size 960x540` on two cores: the median update fell from 5.5-6.7
/// ms to 2.8-3.1 ms with PreUpdate, Update and PostUpdate on one thread, and from 3.4-6.3
/// ms to 1.4-2.5 ms with every schedule (First, Last, the state transitions and the
/// fixed-step ones too), frame times unchanged. Rendering keeps its own thread, the
/// computer thinks on the task pool, and systems still split big queries over the pool.
///
/// A schedule is otherwise built the first time it runs: the fixed-step ones on the first
/// frame that advances the clock, a state's `OnEnter` the first time it is entered, in
/// the middle of whatever that frame shows (a move's first frame, in `bench app`). Built
/// here, they cost the start about 60 ms.
pub struct MainSchedules;

impl Plugin for MainSchedules {
    fn build(&self, _app: &mut App) {}

    fn finish(&self, app: &mut App) {
        use bevy::ecs::intern::Interned;
        use bevy::ecs::schedule::{ScheduleLabel, SingleThreadedExecutor};
        let world = app.world_mut();
        let labels: Vec<Interned<dyn ScheduleLabel>> = world
            .resource_mut::<Schedules>()
            .iter_mut()
            .map(|(_, schedule)| {
                schedule.set_executor(SingleThreadedExecutor::new());
                schedule.label()
            })
            .collect();
        for label in labels {
            let built =
                world.try_schedule_scope(label, |world, schedule| schedule.initialize(world));
            if let Ok(Err(why)) = built {
                // The schedule is built again when it first runs, and fails there as before.
                warn!("the schedule {label:?} could not be built ahead: {why}");
            }
        }
    }
}
