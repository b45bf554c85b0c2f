//! Marking the transform trees that changed, on the calling thread.
//!
//! Bevy's `mark_dirty_trees` walks up from every changed transform to its root and marks
//! the way, so that propagation skips the trees nothing moved in. With the
//! `multi_threaded` feature it does that walk as three kinds of tasks on the compute pool
//! joined by channels, started and joined again every frame. The table changes a few
//! dozen transforms a frame (hundreds on a move's first), and on two cores starting and
//! joining those tasks cost more than the walk: 7% of Wave Field's update in `bench app`
//! and 13% of a move's first frame (sampled with `perf`). So the app puts this walk, one
//! thread, in its place; propagation reads the same marks.

use bevy::prelude::*;
use bevy::transform::TransformSystems;
use bevy::transform::components::TransformTreeChanged;
use bevy::transform::systems::{
    StaticTransformOptimizations, mark_dirty_trees, propagate_parent_transforms,
};

use crate::app::schedules::take_out_of_post_update;

pub fn plugin(app: &mut App) {
    // Only where Bevy's own walk is there to be replaced (every app of the game has it).
    if take_out_of_post_update(app, mark_dirty_trees) {
        app.add_systems(
            PostUpdate,
            mark_changed_trees
                .in_set(TransformSystems::Propagate)
                .before(propagate_parent_transforms),
        );
    }
}

/// Marks every changed transform's tree, from the transform up to its root or to a part
/// of the way this frame already marked.
fn mark_changed_trees(
    changed: Query<Entity, Or<(Changed<Transform>, Changed<ChildOf>, Added<GlobalTransform>)>>,
    mut orphaned: RemovedComponents<ChildOf>,
    mut trees: Query<&mut TransformTreeChanged>,
    parents: Query<&ChildOf>,
    optimizations: Res<StaticTransformOptimizations>,
) {
    if !optimizations.is_enabled() {
        return;
    }
    for start in changed.iter().chain(orphaned.read()) {
        let mut at = start;
        while let Ok(mut tree) = trees.get_mut(at) {
            // Marked already this frame (not merely added): the rest of the way is too.
            if tree.is_changed() && !tree.is_added() {
                break;
            }
            tree.set_changed();
            let Ok(parent) = parents.get(at) else { break };
            at = parent.parent();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A grandchild follows when its grandparent moves, and a tree nothing moved in is
    /// left alone (its transforms not even marked changed).
    #[test]
    fn a_moved_root_carries_its_grandchild_and_a_still_tree_is_left_alone() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, TransformPlugin, plugin));
        let world = app.world_mut();
        let root = world.spawn(Transform::from_xyz(1.0, 0.0, 0.0)).id();
        let child = world
            .spawn((Transform::from_xyz(0.0, 2.0, 0.0), ChildOf(root)))
            .id();
        let grandchild = world
            .spawn((Transform::from_xyz(0.0, 0.0, 3.0), ChildOf(child)))
            .id();
        let still = world.spawn(Transform::from_xyz(5.0, 0.0, 0.0)).id();
        let still_child = world
            .spawn((Transform::from_xyz(0.0, 1.0, 0.0), ChildOf(still)))
            .id();
        app.update();
        app.update();
        let at =
            |app: &App, e: Entity| app.world().get::<GlobalTransform>(e).unwrap().translation();
        assert_eq!(at(&app, grandchild), Vec3::new(1.0, 2.0, 3.0));
        assert_eq!(at(&app, still_child), Vec3::new(5.0, 1.0, 0.0));
        app.world_mut()
            .get_mut::<Transform>(root)
            .unwrap()
            .translation
            .x = 10.0;
        let before = app.world_mut().change_tick();
        app.update();
        assert_eq!(at(&app, grandchild), Vec3::new(10.0, 2.0, 3.0));
        let now = app.world().read_change_tick();
        let trees = app
            .world_mut()
            .query::<(Entity, Ref<TransformTreeChanged>)>()
            .iter(app.world())
            .filter(|(_, tree)| tree.last_changed().is_newer_than(before, now))
            .map(|(e, _)| e)
            .collect::<Vec<_>>();
        assert!(
            trees.contains(&root) && !trees.contains(&still),
            "{trees:?}"
        );
        // A child moved alone marks its way up too.
        app.world_mut()
            .get_mut::<Transform>(grandchild)
            .unwrap()
            .translation
            .z = 4.0;
        app.update();
        assert_eq!(at(&app, grandchild), Vec3::new(10.0, 2.0, 4.0));
    }
}
