//! The energy field as a surface: a custom material whose WGSL shader lifts a subdivided
//! plane by the 7 x 7 field and colours it by the chosen view. The field values are fed to
//! the GPU as a uniform (49 values packed into 13 `Vec4`s, plus the four piece-type
//! channels per square and the selected piece's own wave).

use bevy::asset::AssetPath;
use bevy::mesh::MeshVertexBufferLayoutRef;
use bevy::pbr::{MaterialPipeline, MaterialPipelineKey};
use bevy::prelude::*;
use bevy::reflect::TypePath;
use bevy::render::render_resource::{
    AsBindGroup, RenderPipelineDescriptor, ShaderType, SpecializedMeshPipelineError,
};
use bevy::shader::{ShaderDefVal, ShaderRef};

use crate::rules::wavefield::geometry::CELLS;
use crate::rules::wavefield::patterns::UNIT;

/// Where the embedded shader lives.
const SHADER_PATH: &str = "embedded://lodestone/wavefield/wavefield.wgsl";

/// The surface's resting height over the cells.
pub const BASE: f32 = 0.5;
/// How far the strongest field lifts or lowers the surface.
pub const AMPLITUDE: f32 = 0.44;
/// Field value (in whole units) at which the lift reaches tanh(1) of the amplitude.
pub const SOFTNESS: f32 = 8.0;
/// Subdivisions of the plane per square side.
const SUBDIVISIONS_PER_SQUARE: u32 = 12;

/// Registers the shader in the binary and the material with the renderer.
pub fn plugin(app: &mut App) {
    crate::app::look::embedded_material::<FieldMaterial>(
        app,
        "lodestone/wavefield/wavefield.wgsl",
        include_bytes!("../../../assets/shaders/wavefield.wgsl"),
    );
    crate::app::census::count_assets::<FieldMaterial>(app, "field_materials");
}

/// The views of the surface (V cycles them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum View {
    #[default]
    Territory,
    Magnitude,
    Cmyk,
    Contributions,
    Influence,
}

impl View {
    pub const ALL: [View; 5] = [
        View::Territory,
        View::Magnitude,
        View::Cmyk,
        View::Contributions,
        View::Influence,
    ];

    pub fn next(self) -> View {
        let i = View::ALL.iter().position(|v| *v == self).unwrap_or(0);
        View::ALL[(i + 1) % View::ALL.len()]
    }

    pub fn index(self) -> u32 {
        self as u32
    }

    /// The name the shader knows this view by (`VIEW_TERRITORY`, ...).
    pub fn shader_def(self) -> &'static str {
        match self {
            View::Territory => "VIEW_TERRITORY",
            View::Magnitude => "VIEW_MAGNITUDE",
            View::Cmyk => "VIEW_CMYK",
            View::Contributions => "VIEW_CONTRIBUTIONS",
            View::Influence => "VIEW_INFLUENCE",
        }
    }

    /// Every view's id as a shader def, for `#{VIEW_...}` in the WGSL.
    pub fn shader_defs() -> Vec<ShaderDefVal> {
        View::ALL
            .into_iter()
            .map(|v| ShaderDefVal::UInt(v.shader_def().into(), v.index()))
            .collect()
    }

    pub fn title(self) -> &'static str {
        match self {
            View::Territory => "territory",
            View::Magnitude => "magnitude",
            View::Cmyk => "CMYK energy",
            View::Contributions => "piece-type contributions",
            View::Influence => "selected piece's influence",
        }
    }
}

/// What the shader reads: the same fields, in the same order, as `FieldUniform` in
/// `assets/shaders/wavefield.wgsl`.
#[derive(Clone, Copy, Debug, PartialEq, ShaderType)]
pub struct FieldUniform {
    /// The field before and after the change being animated (49 values in 13 `Vec4`s).
    pub before: [Vec4; 13],
    pub after: [Vec4; 13],
    /// Per cell: the four piece-type channels (Round Hat, Tower, Triangle Hat, Big Hat).
    pub channels: [Vec4; CELLS],
    /// The selected piece's own wave.
    pub influence: [Vec4; 13],
    /// How far the surface has flowed from `before` to `after` (0..1).
    pub blend: f32,
    /// The view shown: [`View::index`] (the shader compares it with the `VIEW_*` shader
    /// defs that [`View::shader_defs`] makes from the same enum).
    pub view: u32,
    /// Bit k: CMYK channel k is shown.
    pub channel_mask: u32,
    /// How far the strongest field lifts or lowers the surface.
    pub amplitude: f32,
    /// The selected cell, or (-1, -1).
    pub selected: Vec2,
    /// The surface's resting height.
    pub base: f32,
    /// Field value at which the lift reaches tanh(1) of the amplitude.
    pub softness: f32,
    /// Where a ripple spreads from while the surface flows to a new field (the moved
    /// piece's square), or (-1, -1).
    pub ripple: Vec2,
    /// 1: the territory view hatches positive squares and dots negative ones.
    pub pattern: u32,
}

impl Default for FieldUniform {
    fn default() -> Self {
        FieldUniform {
            before: [Vec4::ZERO; 13],
            after: [Vec4::ZERO; 13],
            channels: [Vec4::ZERO; CELLS],
            influence: [Vec4::ZERO; 13],
            blend: 1.0,
            view: View::Territory.index(),
            channel_mask: 0b1111,
            amplitude: AMPLITUDE,
            selected: Vec2::splat(-1.0),
            base: BASE,
            softness: SOFTNESS,
            ripple: Vec2::splat(-1.0),
            pattern: 0,
        }
    }
}

/// The field surface's material.
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone, Default)]
pub struct FieldMaterial {
    #[uniform(0)]
    pub data: FieldUniform,
}

impl Material for FieldMaterial {
    fn vertex_shader() -> ShaderRef {
        ShaderRef::Path(AssetPath::parse(SHADER_PATH).into_owned())
    }

    fn fragment_shader() -> ShaderRef {
        ShaderRef::Path(AssetPath::parse(SHADER_PATH).into_owned())
    }

    /// The view ids reach the shader from [`View`] itself, never as matching literals.
    fn specialize(
        _pipeline: &MaterialPipeline,
        descriptor: &mut RenderPipelineDescriptor,
        _layout: &MeshVertexBufferLayoutRef,
        _key: MaterialPipelineKey<Self>,
    ) -> Result<(), SpecializedMeshPipelineError> {
        let defs = View::shader_defs();
        descriptor.vertex.shader_defs.extend(defs.iter().cloned());
        if let Some(fragment) = descriptor.fragment.as_mut() {
            fragment.shader_defs.extend(defs);
        }
        Ok(())
    }

    fn enable_prepass() -> bool {
        false
    }

    fn enable_shadows() -> bool {
        false
    }
}

/// Exact field units (1/64) as drawing values (whole units), only for the GPU.
pub fn to_f32(field: &[i32; 49]) -> [f32; CELLS] {
    field.map(|v| v as f32 / UNIT as f32)
}

/// Packs 49 values into the uniform's 13 `Vec4`s (the last three lanes stay 0).
pub fn pack(values: &[f32; CELLS]) -> [Vec4; 13] {
    let mut out = [Vec4::ZERO; 13];
    for (i, v) in values.iter().enumerate() {
        out[i / 4][i % 4] = *v;
    }
    out
}

/// The inverse of [`pack`].
pub fn unpack(packed: &[Vec4; 13]) -> [f32; CELLS] {
    let mut out = [0.0; CELLS];
    for (i, v) in out.iter_mut().enumerate() {
        *v = packed[i / 4][i % 4];
    }
    out
}

/// The surface's height above the table for a field value in whole units (the shader's
/// formula, so pieces stand on it).
pub fn lift(value: f32) -> f32 {
    BASE + AMPLITUDE * (value / SOFTNESS).tanh()
}

/// The subdivided plane over the 7 x 7 board, at the base height.
pub fn surface_mesh() -> Mesh {
    Plane3d::default()
        .mesh()
        .size(7.0, 7.0)
        .subdivisions(7 * SUBDIVISIONS_PER_SQUARE - 1)
        .build()
        .translated_by(Vec3::Y * BASE)
}

/// The surface's sides: strips from the cells up to its (displaced) edge, so the surface
/// reads as a solid slab. Bottom vertices sit at y = 0 and are not displaced; both windings
/// are kept so the sides show from inside and outside.
pub fn skirt_mesh() -> Mesh {
    let n = 7 * SUBDIVISIONS_PER_SQUARE;
    let corners = [
        Vec2::new(-3.5, -3.5),
        Vec2::new(3.5, -3.5),
        Vec2::new(3.5, 3.5),
        Vec2::new(-3.5, 3.5),
    ];
    let mut positions: Vec<[f32; 3]> = Vec::new();
    let mut normals: Vec<[f32; 3]> = Vec::new();
    let mut uvs: Vec<[f32; 2]> = Vec::new();
    let mut indices: Vec<u32> = Vec::new();
    for side in 0..4 {
        let (a, b) = (corners[side], corners[(side + 1) % 4]);
        let outward = {
            let mid = (a + b) / 2.0;
            Vec3::new(mid.x, 0.0, mid.y).normalize_or_zero()
        };
        let first = positions.len() as u32;
        for i in 0..=n {
            let p = a.lerp(b, i as f32 / n as f32);
            positions.push([p.x, BASE, p.y]);
            positions.push([p.x, 0.0, p.y]);
            for _ in 0..2 {
                normals.push(outward.to_array());
                uvs.push([i as f32 / n as f32, 0.0]);
            }
        }
        for i in 0..n {
            let (t0, b0, t1, b1) = (
                first + 2 * i,
                first + 2 * i + 1,
                first + 2 * i + 2,
                first + 2 * i + 3,
            );
            indices.extend_from_slice(&[t0, b0, t1, t1, b0, b1, t0, t1, b0, t1, b1, b0]);
        }
    }
    Mesh::new(
        bevy::mesh::PrimitiveTopology::TriangleList,
        bevy::asset::RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(bevy::mesh::Indices::U32(indices))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips_and_keeps_exact_zero() {
        let mut field = [0i32; 49];
        field[0] = 64;
        field[48] = -96;
        field[13] = 1;
        let values = to_f32(&field);
        assert_eq!(unpack(&pack(&values)), values);
        assert_eq!(values[1], 0.0);
        assert_eq!(values[48], -1.5);
    }
}
