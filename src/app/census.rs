//! A count of what the running game holds: entities, assets of every kind the game makes,
//! observers and the computer's running tasks. The leak test compares it cycle by cycle,
//! and `--stats` writes it once a minute for a long exhibition run.
//!
//! Low in the window's layers: a game adds its own asset kinds ([`count_assets`]) and the
//! table its computer's task ([`count_task`]), so the census names no game.

use std::collections::BTreeMap;

use bevy::ecs::observer::Observer;
use bevy::prelude::*;

/// What a world holds at one moment.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct Census {
    pub entities: usize,
    /// Live assets per kind ("meshes", "materials", ...); a kind the app does not register
    /// is left out.
    pub assets: BTreeMap<&'static str, usize>,
    pub observers: usize,
    /// The computer's searches still running.
    pub tasks: usize,
}

/// How many live assets of one kind a world holds (`None`: the kind is not registered).
type LiveCount = fn(&World) -> Option<usize>;

/// What the census counts beyond the engine's own kinds.
#[derive(Resource, Default)]
struct Counted {
    assets: Vec<(&'static str, LiveCount)>,
    tasks: Vec<fn(&World) -> bool>,
}

/// Counts the live assets of kind `A` under `name` (a game's own materials).
pub fn count_assets<A: Asset>(app: &mut App, name: &'static str) {
    let mut counted = app.world_mut().get_resource_or_init::<Counted>();
    if !counted.assets.iter().any(|(n, _)| *n == name) {
        counted.assets.push((name, |world| {
            world.get_resource::<Assets<A>>().map(Assets::len)
        }));
    }
}

/// Counts a running task wherever `running` says one runs (a table's computer thinking).
pub fn count_task(app: &mut App, running: fn(&World) -> bool) {
    app.world_mut()
        .get_resource_or_init::<Counted>()
        .tasks
        .push(running);
}

impl Census {
    pub fn of(world: &mut World) -> Census {
        let mut assets = BTreeMap::new();
        count::<Mesh>(world, "meshes", &mut assets);
        count::<StandardMaterial>(world, "materials", &mut assets);
        count::<Image>(world, "images", &mut assets);
        count::<Font>(world, "fonts", &mut assets);
        let mut tasks = 0;
        if let Some(counted) = world.get_resource::<Counted>() {
            for (name, live) in &counted.assets {
                if let Some(n) = live(world) {
                    assets.insert(*name, n);
                }
            }
            tasks = counted
                .tasks
                .iter()
                .filter(|running| running(world))
                .count();
        }
        let observers = world
            .query_filtered::<(), With<Observer>>()
            .iter(world)
            .count();
        Census {
            entities: world.entities().count_spawned() as usize,
            assets,
            observers,
            tasks,
        }
    }
}

fn count<A: Asset>(world: &World, kind: &'static str, into: &mut BTreeMap<&'static str, usize>) {
    if let Some(assets) = world.get_resource::<Assets<A>>() {
        into.insert(kind, assets.len());
    }
}
