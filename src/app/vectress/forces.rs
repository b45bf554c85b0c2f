//! The forces a move would start, made visible before it is played: while a target is
//! hovered, field lines flow between the facing poles its first wave would bring into
//! play, red for each push and blue for each bond. The rules say what happens (the move
//! is played on a copy of the game); this file only draws it, with a small WGSL material.

use bevy::asset::AssetPath;
use bevy::prelude::*;
use bevy::reflect::TypePath;
use bevy::render::render_resource::{AsBindGroup, ShaderType};
use bevy::shader::ShaderRef;

use super::pieces::BODY_HEIGHT;
use super::stages::cell_point;
use crate::rules::vectress::{Cell, PieceId, Position, Resolution};

const SHADER_PATH: &str = "embedded://lodestone/vectress/force_lines.wgsl";

/// Registers the shader and the material, and makes the ribbon and its two materials.
pub fn plugin(app: &mut App) {
    crate::app::look::embedded_material::<ForceLineMaterial>(
        app,
        "lodestone/vectress/force_lines.wgsl",
        include_bytes!("../../../assets/shaders/force_lines.wgsl"),
    );
    crate::app::census::count_assets::<ForceLineMaterial>(app, "force_line_materials");
    app.add_systems(Startup, make_force_looks);
}

#[derive(Clone, Copy, Debug, PartialEq, ShaderType)]
pub struct ForceLinesUniform {
    pub colour: Vec4,
    pub flow: f32,
}

/// Flowing field lines on a flat ribbon (`assets/shaders/force_lines.wgsl`).
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub struct ForceLineMaterial {
    #[uniform(0)]
    pub lines: ForceLinesUniform,
}

impl Material for ForceLineMaterial {
    fn fragment_shader() -> ShaderRef {
        ShaderRef::Path(AssetPath::parse(SHADER_PATH).into_owned())
    }

    fn alpha_mode(&self) -> AlphaMode {
        AlphaMode::Add
    }

    fn enable_prepass() -> bool {
        false
    }

    fn enable_shadows() -> bool {
        false
    }
}

/// What a hovered move would set off, in the order the rules report it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ForceKind {
    Push,
    Bond,
}

/// One interaction: between the pieces on two cells.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ForceLine {
    pub kind: ForceKind,
    pub from: Cell,
    pub to: Cell,
}

/// The pushes and bonds of the first wave `resolution` sets off, between the cells the
/// pieces stand on when they act.
pub fn first_wave_forces(before: &Position, resolution: &Resolution) -> Vec<ForceLine> {
    let Some(wave) = resolution.waves.first() else {
        return Vec::new();
    };
    // Where a piece stands once the player's own move is made ...
    let after_player = |id: PieceId| -> Option<Cell> {
        resolution
            .player
            .as_ref()
            .and_then(|p| p.moved.iter().find(|m| m.id == id).map(|m| m.to))
            .or_else(|| before.piece(id).map(|p| p.cell))
    };
    // ... and once the wave's own moves are made (where bonds form).
    let after_wave = |id: PieceId| -> Option<Cell> {
        wave.moves
            .iter()
            .find(|m| m.id == id)
            .map(|m| m.to)
            .or_else(|| after_player(id))
    };
    let pushes = wave.pushes.iter().filter_map(|push| {
        Some(ForceLine {
            kind: ForceKind::Push,
            from: after_player(push.pusher)?,
            to: after_player(push.pushed)?,
        })
    });
    let bonds = wave.bonds_formed.iter().filter_map(|bond| {
        Some(ForceLine {
            kind: ForceKind::Bond,
            from: after_wave(bond.a)?,
            to: after_wave(bond.b)?,
        })
    });
    pushes.chain(bonds).collect()
}

/// The ribbon mesh and the two materials.
#[derive(Resource, Clone)]
pub struct ForceLooks {
    ribbon: Handle<Mesh>,
    push: Handle<ForceLineMaterial>,
    bond: Handle<ForceLineMaterial>,
}

fn make_force_looks(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ForceLineMaterial>>,
) {
    let material = |colour: Vec4, flow: f32| ForceLineMaterial {
        lines: ForceLinesUniform { colour, flow },
    };
    commands.insert_resource(ForceLooks {
        ribbon: meshes.add(Plane3d::new(Vec3::Y, Vec2::splat(0.5))),
        push: materials.add(material(Vec4::new(4.0, 0.5, 0.25, 0.9), 1.0)),
        bond: materials.add(material(Vec4::new(0.35, 0.8, 4.0, 0.9), -1.0)),
    });
}

/// Marks a preview's field lines.
#[derive(Component)]
pub struct ForcePreview;

/// Spawns the field lines of `forces` as children of `parent` (a target marker standing
/// at `parent_at`), so they go when the marker goes.
pub fn spawn_previews(
    commands: &mut Commands,
    looks: &ForceLooks,
    parent: Entity,
    parent_at: Vec3,
    forces: &[ForceLine],
) {
    for force in forces {
        let (a, b) = (cell_point(force.from), cell_point(force.to));
        let span = b - a;
        let length = span.length();
        if length < 1e-3 {
            continue;
        }
        // Just over the bodies, where the eye finds it from any seat.
        let mid = (a + b) / 2.0 + Vec3::Y * (BODY_HEIGHT + 0.04);
        let transform = Transform::from_translation(mid - parent_at)
            .with_rotation(Quat::from_rotation_arc(Vec3::X, span / length))
            .with_scale(Vec3::new(length, 1.0, 0.7));
        let material = match force.kind {
            ForceKind::Push => looks.push.clone(),
            ForceKind::Bond => looks.bond.clone(),
        };
        commands.entity(parent).with_child((
            ForcePreview,
            Name::new("Force preview"),
            Mesh3d(looks.ribbon.clone()),
            MeshMaterial3d(material),
            transform,
            Pickable::IGNORE,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::rules::vectress::Game;

    #[test]
    fn the_chain_opener_previews_its_first_wave() {
        // E3-G5, F7-H5, then F5-F7 sets off a five-wave chain (see the README's film).
        let mut game = Game::start(&crate::rules::Setup::default()).unwrap();
        for text in ["E3-G5", "F7-H5"] {
            let action = game.parse_action(text).unwrap();
            game.play(action).unwrap();
        }
        let before = *game.position();
        let action = game.parse_action("F5-F7").unwrap();
        let resolution = game.play(action).unwrap();
        let forces = first_wave_forces(&before, &resolution);
        let wave = &resolution.waves[0];
        assert_eq!(
            forces.len(),
            wave.pushes.len() + wave.bonds_formed.len(),
            "{forces:?}"
        );
        assert!(!forces.is_empty(), "the first wave does something");
        for force in &forces {
            assert_ne!(force.from, force.to);
        }
    }
}
