//! A count of what the running game holds: entities, assets of every kind the game makes,
//! observers and the computer's running tasks. The leak test compares it cycle by cycle,
//! and `--stats` writes it once a minute for a long exhibition run.

use std::collections::BTreeMap;

use bevy::ecs::observer::Observer;
use bevy::prelude::*;

use super::hexchess::HexchessTable;
use super::polarity::PolarityTable;
use super::vectress::VectressTable;
use super::vectress::forces::ForceLineMaterial;
use super::wavefield::WavefieldTable;
use super::wavefield::surface::FieldMaterial;

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

impl Census {
    pub fn of(world: &mut World) -> Census {
        let mut assets = BTreeMap::new();
        count::<Mesh>(world, "meshes", &mut assets);
        count::<StandardMaterial>(world, "materials", &mut assets);
        count::<Image>(world, "images", &mut assets);
        count::<Font>(world, "fonts", &mut assets);
        count::<FieldMaterial>(world, "field_materials", &mut assets);
        count::<ForceLineMaterial>(world, "force_line_materials", &mut assets);
        let observers = world
            .query_filtered::<(), With<Observer>>()
            .iter(world)
            .count();
        let tasks = [
            world
                .get_resource::<VectressTable>()
                .is_some_and(|t| t.thinking()),
            world
                .get_resource::<HexchessTable>()
                .is_some_and(|t| t.thinking()),
            world
                .get_resource::<WavefieldTable>()
                .is_some_and(|t| t.thinking()),
            world
                .get_resource::<PolarityTable>()
                .is_some_and(|t| t.thinking()),
        ]
        .into_iter()
        .filter(|&t| t)
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
