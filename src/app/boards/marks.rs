//! Flat marks laid on a board's cells, told apart by shape as well as hue (#45: about
//! one player in twelve cannot rely on red against green): a frame, a frame kept only at
//! its corners, and a cross. Each faces up (+y) at y = 0, centred on the origin.

use std::f32::consts::TAU;

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

/// A flat frame: a regular polygon of `sides` corners, the first at `start` radians from
/// +x toward +z, between circumradii `outer` and `inner`.
pub fn frame(sides: u32, start: f32, outer: f32, inner: f32) -> Mesh {
    band(sides, start, outer, inner, &[(0.0, 1.0)])
}

/// The same frame kept only near its corners (each side's first and last `keep`, 0 to
/// 0.5): brackets that read as "was here" beside a whole frame's "is here".
pub fn frame_corners(sides: u32, start: f32, outer: f32, inner: f32, keep: f32) -> Mesh {
    let keep = keep.clamp(0.0, 0.5);
    band(
        sides,
        start,
        outer,
        inner,
        &[(0.0, keep), (1.0 - keep, 1.0)],
    )
}

/// A flat diagonal cross (an X) of arms `reach` from the centre and `width` wide: the
/// mark of a refused target.
pub fn cross(reach: f32, width: f32) -> Mesh {
    let (h, r) = (width / 2.0, reach);
    let mut positions = Vec::new();
    let mut indices = Vec::new();
    for angle in [TAU / 8.0, 3.0 * TAU / 8.0] {
        let (z, x) = angle.sin_cos();
        let along = Vec2::new(x, z) * r;
        let across = Vec2::new(-z, x) * h;
        let base = positions.len() as u32;
        for p in [
            -along - across,
            -along + across,
            along - across,
            along + across,
        ] {
            positions.push([p.x, 0.0, p.y]);
        }
        indices.extend(up_quad(base, base + 1, base + 2, base + 3));
    }
    let n = positions.len();
    flat_mesh(positions, indices, n)
}

/// The band between two polygons, kept on each side for the spans of `keep` (fractions
/// of the side from its first corner).
fn band(sides: u32, start: f32, outer: f32, inner: f32, keep: &[(f32, f32)]) -> Mesh {
    let corner = |k: u32, radius: f32| {
        let angle = start + TAU * k as f32 / sides as f32;
        let (z, x) = angle.sin_cos();
        Vec2::new(x, z) * radius
    };
    let mut positions = Vec::new();
    let mut indices = Vec::new();
    for side in 0..sides {
        let (o0, o1) = (corner(side, outer), corner(side + 1, outer));
        let (i0, i1) = (corner(side, inner), corner(side + 1, inner));
        for &(from, to) in keep {
            let base = positions.len() as u32;
            for p in [
                o0.lerp(o1, from),
                i0.lerp(i1, from),
                o0.lerp(o1, to),
                i0.lerp(i1, to),
            ] {
                positions.push([p.x, 0.0, p.y]);
            }
            indices.extend(up_quad(base, base + 1, base + 2, base + 3));
        }
    }
    let n = positions.len();
    flat_mesh(positions, indices, n)
}

/// Two triangles of the quad (a, b, c, d) (a and c on one edge, b and d on the other)
/// wound to face +y whichever way round the corners were given.
fn up_quad(a: u32, b: u32, c: u32, d: u32) -> [u32; 6] {
    [a, b, c, c, b, d]
}

fn flat_mesh(positions: Vec<[f32; 3]>, indices: Vec<u32>, n: usize) -> Mesh {
    // Seen from above only: both windings drawn, so no quad's order can hide it.
    let mut both = indices.clone();
    for tri in indices.chunks(3) {
        both.extend_from_slice(&[tri[0], tri[2], tri[1]]);
    }
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 1.0, 0.0]; n])
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_indices(Indices::U32(both))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area(mesh: &Mesh) -> f32 {
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(p)) =
            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("positions")
        };
        let Some(Indices::U32(i)) = mesh.indices() else {
            panic!("indices")
        };
        // Each triangle is drawn twice (both windings): half the summed area.
        i.chunks(3)
            .map(|t| {
                let [a, b, c] = [t[0], t[1], t[2]].map(|k| Vec3::from(p[k as usize]));
                (b - a).cross(c - a).length() / 2.0
            })
            .sum::<f32>()
            / 2.0
    }

    #[test]
    fn the_corners_keep_the_share_of_the_frame_asked() {
        let whole = area(&frame(4, TAU / 8.0, 0.65, 0.5));
        let corners = area(&frame_corners(4, TAU / 8.0, 0.65, 0.5, 0.25));
        // The square's band has the same width all round: half of it kept.
        assert!((corners / whole - 0.5).abs() < 1e-4, "{corners} of {whole}");
        assert!((area(&cross(0.3, 0.1)) - 2.0 * 0.6 * 0.1).abs() < 0.02);
    }
}
