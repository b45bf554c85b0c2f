//! The room around the table: a procedural photo studio held in one small HDR cubemap. It
//! is drawn behind the scene as the skybox and, filtered on the GPU, lights the scene as
//! its environment map, so lacquer and metal reflect the same softboxes the eye sees.

use bevy::asset::RenderAssetUsages;
use bevy::image::Image;
use bevy::math::Vec3;
use bevy::render::render_resource::{
    Extent3d, TextureDimension, TextureFormat, TextureViewDescriptor, TextureViewDimension,
};

/// Cubemap face size: a power of two (the environment filter needs one), small because
/// the studio has no sharp detail.
pub const FACE: u32 = 64;

/// The backdrop's colour near the horizon: the fog fades the far table into it.
pub const HORIZON: [f32; 3] = [0.055, 0.047, 0.043];

/// A softbox: a bright rectangle on the studio's sphere.
struct Softbox {
    toward: Vec3,
    half_width: f32,
    half_height: f32,
    radiance: [f32; 3],
}

fn softboxes() -> [Softbox; 3] {
    [
        // The key: a large warm box above and to the left of White's seat.
        Softbox {
            toward: Vec3::new(-0.55, 0.75, 0.35),
            half_width: 0.55,
            half_height: 0.3,
            radiance: [5.5, 5.0, 4.4],
        },
        // A tall cool strip on the right, for long highlights along piece edges.
        Softbox {
            toward: Vec3::new(0.95, 0.25, -0.2),
            half_width: 0.12,
            half_height: 0.6,
            radiance: [1.6, 1.9, 2.4],
        },
        // A dim rim from behind the far side.
        Softbox {
            toward: Vec3::new(0.1, 0.35, -1.0),
            half_width: 0.5,
            half_height: 0.15,
            radiance: [1.2, 1.1, 1.0],
        },
    ]
}

/// The studio's radiance seen along `dir` (linear, 1.0 = paper white at the reference
/// exposure).
pub fn radiance(dir: Vec3) -> [f32; 3] {
    let dir = dir.normalize_or(Vec3::Y);
    let up = dir.y;
    // Walls: warm grey at eye height, darker toward the ceiling; a dark floor below.
    let wall = if up >= 0.0 {
        let t = up.powf(0.6);
        lerp3(HORIZON, [0.012, 0.012, 0.016], t)
    } else {
        lerp3(HORIZON, [0.02, 0.016, 0.014], (-up).powf(0.5))
    };
    let mut out = wall;
    for light in softboxes() {
        let centre = light.toward.normalize();
        let facing = dir.dot(centre);
        if facing <= 0.0 {
            continue;
        }
        let right = Vec3::Y.cross(centre).normalize_or(Vec3::X);
        let top = centre.cross(right);
        // Where the direction meets the box's plane, in the box's own units.
        let (x, y) = (dir.dot(right) / facing, dir.dot(top) / facing);
        let edge = |v: f32, half: f32| smoothstep(half * 1.15, half * 0.85, v.abs());
        let inside = edge(x, light.half_width) * edge(y, light.half_height);
        for (o, r) in out.iter_mut().zip(light.radiance) {
            *o += r * inside;
        }
    }
    out
}

fn lerp3(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    [0, 1, 2].map(|i| a[i] + (b[i] - a[i]) * t)
}

fn smoothstep(edge0: f32, edge1: f32, x: f32) -> f32 {
    let t = ((x - edge0) / (edge1 - edge0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// The direction through texel (u, v) in [-1, 1] of cubemap face `face` (+x, -x, +y, -y,
/// +z, -z, as wgpu orders them).
fn face_direction(face: usize, u: f32, v: f32) -> Vec3 {
    match face {
        0 => Vec3::new(1.0, -v, -u),
        1 => Vec3::new(-1.0, -v, u),
        2 => Vec3::new(u, 1.0, v),
        3 => Vec3::new(u, -1.0, -v),
        4 => Vec3::new(u, -v, 1.0),
        _ => Vec3::new(-u, -v, -1.0),
    }
}

/// The studio as an `Rgba16Float` cubemap image.
pub fn cubemap() -> Image {
    let mut data = Vec::with_capacity((6 * FACE * FACE * 8) as usize);
    for face in 0..6 {
        for row in 0..FACE {
            for col in 0..FACE {
                let u = (col as f32 + 0.5) / FACE as f32 * 2.0 - 1.0;
                let v = (row as f32 + 0.5) / FACE as f32 * 2.0 - 1.0;
                let [r, g, b] = radiance(face_direction(face, u, v));
                for c in [r, g, b, 1.0] {
                    data.extend_from_slice(&half::f16::from_f32(c).to_le_bytes());
                }
            }
        }
    }
    let mut image = Image::new(
        Extent3d {
            width: FACE,
            height: FACE,
            depth_or_array_layers: 6,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba16Float,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.texture_view_descriptor = Some(TextureViewDescriptor {
        dimension: Some(TextureViewDimension::Cube),
        ..Default::default()
    });
    image
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_softbox_is_the_brightest_thing_and_the_floor_is_dark() {
        let key = radiance(Vec3::new(-0.55, 0.75, 0.35));
        let wall = radiance(Vec3::new(0.0, 0.05, -1.0));
        let floor = radiance(Vec3::NEG_Y);
        assert!(key[0] > 4.0, "{key:?}");
        assert!(wall[0] < 0.2 && floor[0] < 0.05, "{wall:?} {floor:?}");
    }

    #[test]
    fn neighbouring_faces_meet_along_their_shared_edges() {
        // If a face were flipped or turned, its edge would not meet its neighbour's and
        // the softboxes would show seams.
        let seams = [
            // (+x right edge, -z left edge), (+z right edge, +x left edge), ...
            ((0, 1.0), (5, -1.0)),
            ((4, 1.0), (0, -1.0)),
            ((5, 1.0), (1, -1.0)),
            ((1, 1.0), (4, -1.0)),
        ];
        for ((a, ua), (b, ub)) in seams {
            for v in [-0.8, 0.0, 0.6] {
                let (da, db) = (face_direction(a, ua, v), face_direction(b, ub, v));
                assert!(
                    da.distance(db) < 1e-6,
                    "faces {a} and {b} at v={v}: {da} {db}"
                );
            }
        }
        // +y's bottom row meets +z's top row; -y's top row meets +z's bottom row.
        for u in [-0.7, 0.0, 0.9] {
            assert!(face_direction(2, u, 1.0).distance(face_direction(4, u, -1.0)) < 1e-6);
            assert!(face_direction(3, u, -1.0).distance(face_direction(4, u, 1.0)) < 1e-6);
        }
        assert_eq!(
            cubemap().data.as_ref().map(|d| d.len()),
            Some((6 * FACE * FACE * 8) as usize)
        );
    }
}
