//! Which meshes each cascade of the key light's shadow sees, found with the app's own
//! cached query.
//!
//! Bevy's `check_dir_light_mesh_visibility` marks the meshes a directional light sees as
//! visible through a command it queues every frame, and that command builds a new query
//! over every archetype of the world each time it runs. The table has 600-odd archetypes
//! (every kind of piece, label and panel), and that query cost about 5% of the main
//! world's update in `bench app` (sampled with `perf`), more than the culling itself.
//! This system does the same culling with queries built once, on the calling thread (it
//! sees a few hundred meshes: tasks would cost more than they share). Each cascade's list
//! is sorted by entity, as Bevy's is, so the shadow passes draw the same meshes.

use bevy::camera::primitives::{Aabb, CascadesFrusta};
use bevy::camera::visibility::{
    CascadesVisibleEntities, NoCpuCulling, NoFrustumCulling, RenderLayers, SetViewVisibility,
    VisibilityRange, VisibilitySystems, VisibleEntityRanges,
};
use bevy::light::{NotShadowCaster, SimulationLightSystems, check_dir_light_mesh_visibility};
use bevy::prelude::*;
use bevy::transform::TransformSystems;

use crate::app::schedules::take_out_of_post_update;

pub fn plugin(app: &mut App) {
    // Only where Bevy's own system is there to be replaced (an app with lights).
    if take_out_of_post_update(app, check_dir_light_mesh_visibility) {
        app.add_systems(
            PostUpdate,
            see_shadow_casters
                .in_set(SimulationLightSystems::CheckLightVisibility)
                .after(VisibilitySystems::CalculateBounds)
                .after(TransformSystems::Propagate)
                .after(SimulationLightSystems::UpdateLightFrusta)
                // A mesh only a shadow sees is marked visible after the cameras have
                // looked, and before what no view saw is hidden.
                .after(VisibilitySystems::CheckVisibility)
                .before(VisibilitySystems::MarkNewlyHiddenEntitiesInvisible),
        );
    }
}

/// A mesh that may cast a shadow, as the culling reads it.
type Caster<'a> = (
    Entity,
    &'a InheritedVisibility,
    &'a mut ViewVisibility,
    Option<&'a RenderLayers>,
    Option<&'a Aabb>,
    Option<&'a GlobalTransform>,
    Has<VisibilityRange>,
    Has<NoFrustumCulling>,
);

type CasterFilter = (
    With<Mesh3d>,
    Without<NotShadowCaster>,
    Without<DirectionalLight>,
    Without<NoCpuCulling>,
);

/// For each directional light and each view it shadows: the meshes inside each cascade's
/// frustum, and every one of them marked visible.
fn see_shadow_casters(
    mut lights: Query<(
        &DirectionalLight,
        &CascadesFrusta,
        &mut CascadesVisibleEntities,
        Option<&RenderLayers>,
        &ViewVisibility,
    )>,
    mut casters: Query<Caster, CasterFilter>,
    ranges: Option<Res<VisibleEntityRanges>>,
) {
    for (light, frusta, mut seen, light_layers, light_visible) in &mut lights {
        // One list per cascade for each view the light has cascades for, and none else.
        seen.entities
            .retain(|view, _| frusta.frusta.contains_key(view));
        for (view, cascades) in &frusta.frusta {
            seen.entities
                .entry(*view)
                .or_default()
                .resize(cascades.len(), default());
        }
        // A light that casts no shadow, or that nothing sees, shadows nothing.
        if !light.shadow_maps_enabled || !light_visible.get() {
            seen.entities.clear();
            continue;
        }
        // An entity without layers is on the first.
        let first_layer = RenderLayers::default();
        let light_layers = light_layers.unwrap_or(&first_layer);
        for (view, cascades) in &frusta.frusta {
            let Some(lists) = seen.entities.get_mut(view) else {
                continue;
            };
            for list in lists.iter_mut() {
                list.entities.clear();
            }
            for (entity, inherited, mut visible, layers, aabb, transform, ranged, unculled) in
                &mut casters
            {
                if !inherited.get() || !light_layers.intersects(layers.unwrap_or(&first_layer)) {
                    continue;
                }
                if ranged
                    && ranges
                        .as_deref()
                        .is_some_and(|r| !r.entity_is_in_range_of_view(entity, *view))
                {
                    continue;
                }
                // Without bounds a mesh is in every cascade, and seen even if there is none.
                let bounds = aabb.zip(transform.map(GlobalTransform::affine));
                let mut in_any = bounds.is_none();
                for (frustum, list) in cascades.iter().zip(lists.iter_mut()) {
                    // The near plane never culls: a caster in front of the cascade still
                    // throws its shadow into it.
                    let inside = bounds.is_none_or(|(aabb, world_from_local)| {
                        unculled || frustum.intersects_obb(aabb, &world_from_local, false, true)
                    });
                    if inside {
                        list.entities.push(entity);
                        in_any = true;
                    }
                }
                if in_any {
                    visible.set_visible();
                }
            }
            for list in lists.iter_mut() {
                list.entities.sort_unstable();
                list.shrink();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use bevy::camera::primitives::Frustum;
    use bevy::ecs::system::RunSystemOnce;
    use bevy::math::primitives::ViewFrustum;

    use super::*;

    /// A light whose one cascade, for one view, is the box -1..1 on every axis.
    fn light(world: &mut World, shadows: bool) -> (Entity, Entity) {
        let view = world.spawn_empty().id();
        let cascade = Frustum(ViewFrustum::from_clip_from_world(&Mat4::IDENTITY));
        let mut frusta = CascadesFrusta::default();
        frusta.frusta.insert(view, vec![cascade]);
        let light = world
            .spawn((
                DirectionalLight {
                    shadow_maps_enabled: shadows,
                    ..default()
                },
                frusta,
                CascadesVisibleEntities::default(),
            ))
            .id();
        world
            .get_mut::<ViewVisibility>(light)
            .expect("a light has a view visibility")
            .set_visible();
        (light, view)
    }

    fn mesh(world: &mut World, at: Vec3) -> Entity {
        world
            .spawn((
                Mesh3d::default(),
                Aabb::from_min_max(Vec3::splat(-0.1), Vec3::splat(0.1)),
                GlobalTransform::from_translation(at),
                InheritedVisibility::VISIBLE,
                ViewVisibility::default(),
            ))
            .id()
    }

    fn seen(world: &World, light: Entity, view: Entity) -> Vec<Entity> {
        world
            .get::<CascadesVisibleEntities>(light)
            .unwrap()
            .entities[&view][0]
            .entities
            .clone()
    }

    #[test]
    fn a_cascade_lists_and_shows_the_casters_inside_it_and_no_other() {
        let mut world = World::new();
        let (light, view) = light(&mut world, true);
        let inside = mesh(&mut world, Vec3::new(0.2, 0.3, 0.5));
        let far_away = mesh(&mut world, Vec3::new(5.0, 0.0, 0.5));
        let no_shadow = mesh(&mut world, Vec3::ZERO);
        world.entity_mut(no_shadow).insert(NotShadowCaster);
        let hidden = mesh(&mut world, Vec3::ZERO);
        world.entity_mut(hidden).insert(InheritedVisibility::HIDDEN);
        let unbounded = mesh(&mut world, Vec3::new(9.0, 9.0, 9.0));
        world.entity_mut(unbounded).remove::<Aabb>();
        let also_inside = mesh(&mut world, Vec3::new(-0.5, 0.0, 0.2));

        world.run_system_once(see_shadow_casters).unwrap();

        let mut expected = vec![inside, unbounded, also_inside];
        expected.sort_unstable();
        assert_eq!(seen(&world, light, view), expected);
        for e in [inside, unbounded, also_inside] {
            assert!(
                world.get::<ViewVisibility>(e).unwrap().get(),
                "{e} is shown"
            );
        }
        for e in [far_away, no_shadow, hidden] {
            assert!(!world.get::<ViewVisibility>(e).unwrap().get(), "{e} is not");
        }
    }

    #[test]
    fn a_light_without_shadows_lists_nothing() {
        let mut world = World::new();
        let (light, _) = light(&mut world, false);
        let inside = mesh(&mut world, Vec3::ZERO);
        world.run_system_once(see_shadow_casters).unwrap();
        assert!(
            world
                .get::<CascadesVisibleEntities>(light)
                .unwrap()
                .entities
                .is_empty()
        );
        assert!(!world.get::<ViewVisibility>(inside).unwrap().get());
    }
}
