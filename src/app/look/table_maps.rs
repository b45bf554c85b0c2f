//! The table's planks as maps for the GPU: the wood of [`super::table_wood`] worked out at
//! every texel centre (rows split across the cores), with full mip chains, level 0 first.

use super::table_wood::{SIZE, wood};

/// Mip levels of a `size` texture, down to 1x1 (`size` a power of two).
pub fn mip_levels(size: u32) -> u32 {
    size.max(1).ilog2() + 1
}

/// `f` at every texel centre of a `size` square, rows split across the cores.
fn render<T: Copy + Default + Send>(size: u32, f: impl Fn(f32, f32) -> T + Sync) -> Vec<T> {
    let n = size as usize;
    let mut out = vec![T::default(); n * n];
    let rows = n.div_ceil(std::thread::available_parallelism().map_or(1, |t| t.get()));
    let centre = |i: usize| (i as f32 + 0.5) / size as f32;
    std::thread::scope(|scope| {
        for (chunk_index, chunk) in out.chunks_mut(rows * n).enumerate() {
            let f = &f;
            scope.spawn(move || {
                for (i, texel) in chunk.iter_mut().enumerate() {
                    *texel = f(centre(i % n), centre(chunk_index * rows + i / n));
                }
            });
        }
    });
    out
}

/// Level 0 (`size` square, a power of two) and every 2x2 box-filtered level below it
/// down to 1x1, each texel's values (1 or more channels) written as 4 bytes by `encode`.
fn mip_chain(size: u32, level0: Vec<f32>, encode: impl Fn(&[f32]) -> [u8; 4]) -> Vec<u8> {
    let channels = level0.len() / (size * size) as usize;
    let mut bytes = Vec::with_capacity(level0.len() / channels * 16 / 3 + 4);
    let (mut level, mut side) = (level0, size as usize);
    loop {
        bytes.extend(level.chunks(channels).flat_map(&encode));
        if side == 1 {
            return bytes;
        }
        let half = side / 2;
        let at = |x: usize, y: usize, c: usize| level[(y * side + x) * channels + c];
        let box_filtered = |i: usize| {
            let (texel, c) = (i / channels, i % channels);
            let (x, y) = (texel % half * 2, texel / half * 2);
            (at(x, y, c) + at(x + 1, y, c) + at(x, y + 1, c) + at(x + 1, y + 1, c)) * 0.25
        };
        level = (0..half * half * channels).map(box_filtered).collect();
        side = half;
    }
}

/// 0..1 as a byte, rounded (`f32::round` is a libm call on baseline x86-64).
fn byte(x: f32) -> u8 {
    (x.clamp(0.0, 1.0) * 255.0 + 0.5) as u8
}

/// The grey colour map, RGBA8 sRGB, mips averaged in linear light, level 0 first.
pub fn albedo_rgba(size: u32) -> Vec<u8> {
    let to_linear = |c: f32| match c <= 0.04045 {
        true => c / 12.92,
        false => ((c + 0.055) / 1.055).powf(2.4),
    };
    let to_srgb = |c: f32| match c <= 0.003_130_8 {
        true => c * 12.92,
        false => 1.055 * c.powf(1.0 / 2.4) - 0.055,
    };
    let decode: [f32; 256] = std::array::from_fn(|b| to_linear(b as f32 / 255.0));
    let linear = render(size, |u, v| decode[usize::from(byte(wood(u, v).albedo))]);
    mip_chain(size, linear, |texel| {
        let grey = byte(to_srgb(texel[0]));
        [grey, grey, grey, 255]
    })
}

/// The tangent-space normal map (RGBA8, OpenGL convention: green is up the image, so
/// rising height down the rows tilts +y; averaged normals renormalised per level) and the
/// metallic-roughness map (RGBA8, glTF: G roughness, B metallic 0, R unused), both `size`
/// square with every mip, level 0 first. One pass over the wood gives both: a sixth of
/// the planks' time went to working the same texels out twice.
pub fn normal_and_roughness_rgba(size: u32) -> (Vec<u8>, Vec<u8>) {
    let n = size as usize;
    let wood = render(size, |u, v| {
        let wood = wood(u, v);
        (wood.height, wood.roughness)
    });
    let h = |x: usize, y: usize| wood[(y % n) * n + x % n].0;
    // Height is in texels at SIZE; a texel here spans SIZE / size of those.
    let per_texel = size as f32 / (2 * SIZE) as f32;
    let normal = |i: usize| {
        let (x, y) = (i % n, i / n);
        let dh_dx = (h(x + 1, y) - h(x + n - 1, y)) * per_texel;
        let dh_dy = (h(x, y + 1) - h(x, y + n - 1)) * per_texel;
        [-dh_dx, dh_dy, 1.0]
    };
    let normals = mip_chain(size, (0..n * n).flat_map(normal).collect(), |texel| {
        let length = texel.iter().map(|c| c * c).sum::<f32>().sqrt().max(1e-6);
        let [x, y, z] = [0, 1, 2].map(|c| byte(texel[c] / length * 0.5 + 0.5));
        [x, y, z, 255]
    });
    let roughness = wood.iter().map(|&(_, roughness)| roughness).collect();
    let roughness = mip_chain(size, roughness, |texel| [255, byte(texel[0]), 0, 255]);
    (normals, roughness)
}

#[cfg(test)]
mod tests {
    use super::super::table_wood::PLANKS;
    use super::*;

    #[test]
    fn mip_chains_hold_every_level_and_normals_lean_only_at_the_seams() {
        assert_eq!((mip_levels(64), mip_levels(1)), (7, 1));
        let expected: usize = (0..7).map(|l| (64usize >> l).pow(2) * 4).sum();
        let (normals, roughness) = normal_and_roughness_rgba(64);
        // The roughness map's level 0 is the wood's roughness at each texel's centre.
        let centre = |i: u32| (i as f32 + 0.5) / 64.0;
        for (x, y) in [(0, 0), (5, 40), (63, 17), (31, 63)] {
            let green = roughness[((y * 64 + x) * 4 + 1) as usize];
            assert_eq!(
                green,
                byte(wood(centre(x), centre(y)).roughness),
                "({x}, {y})"
            );
        }
        let lengths = [albedo_rgba(64), normals, roughness].map(|b| b.len());
        assert_eq!(lengths, [expected; 3]);
        let (size, plank) = (1024, 1024 / PLANKS as u32);
        let (normals, _) = normal_and_roughness_rgba(size);
        let channel = |x, y, c| f32::from(normals[((y * size + x) * 4 + c) as usize]);
        // Mid-plank rows, away from the seams, on a spread of columns.
        let flat = (0..64).map(|i| channel(i * 16 + 3, plank / 2 + plank * (i % 8), 2));
        let mean = flat.sum::<f32>() / 64.0;
        assert!(mean > 245.0, "flat boards face up: mean blue {mean}");
        // Either side of the first seam they lean apart (< 128: down the image) over 10°.
        let (above, below) = (channel(500, plank - 1, 1), channel(500, plank, 1));
        assert!(above < 106.0 && below > 150.0, "green {above}, {below}");
        assert!(
            channel(500, plank, 2) < mean,
            "the seam faces up as much as a board"
        );
    }

    #[test]
    fn albedo_varies_without_broad_stripes() {
        let side = 1024;
        let grey = render(side as u32, |u, v| wood(u, v).albedo);
        let lo = grey.iter().fold(1.0f32, |lo, &g| lo.min(g));
        let hi = grey.iter().fold(0.0f32, |hi, &g| hi.max(g));
        let mean = grey.iter().sum::<f32>() / grey.len() as f32;
        assert!(hi - lo > 0.2, "range {lo}..{hi}");
        assert!((0.75..0.88).contains(&mean), "mean {mean}");
        // Means of 64x64-texel blocks (at SIZE) barely differ: no broad bands or patches.
        let blocks = side / 32;
        let block_mean = |b: usize| {
            let (x, y) = (b % blocks * 32, b / blocks * 32);
            let texel = |i: usize| grey[(y + i / 32) * side + x + i % 32];
            (0..1024).map(texel).sum::<f32>() / 1024.0
        };
        let squares = (0..blocks * blocks).map(|b| (block_mean(b) - mean).powi(2));
        let spread = (squares.sum::<f32>() / (blocks * blocks) as f32).sqrt();
        assert!(spread < 0.05, "block means spread {spread}");
    }
}
