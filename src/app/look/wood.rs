//! Wood for the table and the hex chess board: a grain texture generated once at start
//! (rings bent by low-frequency noise, fine pores along the grain), tinted per use by the
//! material's base colour.

use bevy::asset::RenderAssetUsages;
use bevy::image::{Image, ImageAddressMode, ImageSampler, ImageSamplerDescriptor};
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// Texture side, texels.
pub const SIZE: u32 = 256;

fn hash(x: i32, y: i32, seed: u32) -> f32 {
    let mut h = (x as u32).wrapping_mul(0x8da6_b343)
        ^ (y as u32).wrapping_mul(0xd816_3841)
        ^ seed.wrapping_mul(0xcb1a_b31f);
    h ^= h >> 13;
    h = h.wrapping_mul(0x5bd1_e995);
    h ^= h >> 15;
    (h & 0xffff) as f32 / 65535.0
}

/// Smooth value noise that tiles with `period` cells.
fn noise(x: f32, y: f32, period: i32, seed: u32) -> f32 {
    let (xi, yi) = (x.floor() as i32, y.floor() as i32);
    let (fx, fy) = (x - xi as f32, y - yi as f32);
    let s = |t: f32| t * t * (3.0 - 2.0 * t);
    let at = |dx: i32, dy: i32| {
        hash(
            (xi + dx).rem_euclid(period),
            (yi + dy).rem_euclid(period),
            seed,
        )
    };
    let top = at(0, 0) + (at(1, 0) - at(0, 0)) * s(fx);
    let bottom = at(0, 1) + (at(1, 1) - at(0, 1)) * s(fx);
    top + (bottom - top) * s(fy)
}

/// Brightness of the grain at texel (x, y), 0..1: pale wood between darker rings.
pub fn grain(x: u32, y: u32) -> f32 {
    let (u, v) = (x as f32 / SIZE as f32, y as f32 / SIZE as f32);
    // Rings run along x; noise bends them so no two boards look ruled.
    let bend = noise(u * 2.0, v * 4.0, 2, 1) * 1.2 + noise(u * 8.0, v * 8.0, 8, 2) * 0.25;
    let rings = ((v * 6.0 + bend) * std::f32::consts::TAU).sin() * 0.5 + 0.5;
    let ring = rings.powf(3.0);
    // Pores: short streaks along the grain.
    let pores = noise(u * 64.0, v * 4.0, 64, 3).powf(4.0);
    (1.0 - 0.22 * ring - 0.18 * pores).clamp(0.0, 1.0)
}

/// The grain as a repeating sRGB texture (grey: the material's colour tints it).
pub fn texture() -> Image {
    let mut data = Vec::with_capacity((SIZE * SIZE * 4) as usize);
    for y in 0..SIZE {
        for x in 0..SIZE {
            let g = (grain(x, y) * 255.0).round() as u8;
            data.extend_from_slice(&[g, g, g, 255]);
        }
    }
    let mut image = Image::new(
        Extent3d {
            width: SIZE,
            height: SIZE,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: ImageAddressMode::Repeat,
        address_mode_v: ImageAddressMode::Repeat,
        ..ImageSamplerDescriptor::linear()
    });
    image
}

/// A repeating linear-filtered texture of `size` with its whole mip chain in `data`
/// (level 0 first): runtime images get no mips made for them, and fine grain without
/// them shimmers into moiré at a distance.
fn with_mips(size: u32, data: Vec<u8>, format: TextureFormat) -> Image {
    let levels = super::table_maps::mip_levels(size);
    let mut image = Image::new(
        Extent3d {
            width: size,
            height: size,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data[..(size * size * 4) as usize].to_vec(),
        format,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.data = Some(data);
    image.texture_descriptor.mip_level_count = levels;
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: ImageAddressMode::Repeat,
        address_mode_v: ImageAddressMode::Repeat,
        anisotropy_clamp: 8,
        ..ImageSamplerDescriptor::linear()
    });
    image
}

/// The table top's planks: colour (sRGB grey, tinted by the material), normal map and
/// roughness (glTF's green channel), the last two at half the colour's size.
pub struct TableWood {
    pub albedo: Image,
    pub normal: Image,
    pub roughness: Image,
}

/// How many world units one repeat of the table's planks covers.
pub const TABLE_REPEAT: f32 = 32.0;

/// The planks for pictures `rows` high (the window's, if `None`): full size from 540 rows
/// up, half below, where a pixel spans more than a texel of the finest level anyway (a
/// 480x270 still is 47.7 dB from one with full-size planks; a quarter of the texels to
/// make, 0.45 s sooner at the start under two cores).
pub fn table_wood(rows: Option<u32>) -> TableWood {
    table_wood_sized(table_wood_side(rows))
}

/// The colour map's side for pictures `rows` high.
pub fn table_wood_side(rows: Option<u32>) -> u32 {
    match rows {
        Some(rows) if rows < super::fit::SMALL_PICTURE_ROWS => super::table_wood::SIZE / 2,
        _ => super::table_wood::SIZE,
    }
}

/// The planks in small textures (32 texels), made in a moment: their colour and sheen
/// on average, for the first frames while the real ones are made.
pub fn table_wood_preview() -> TableWood {
    table_wood_sized(32)
}

fn table_wood_sized(size: u32) -> TableWood {
    use super::table_maps::{albedo_rgba, normal_and_roughness_rgba};
    let half = size / 2;
    let (normal, roughness) = normal_and_roughness_rgba(half);
    TableWood {
        albedo: with_mips(size, albedo_rgba(size), TextureFormat::Rgba8UnormSrgb),
        normal: with_mips(half, normal, TextureFormat::Rgba8Unorm),
        roughness: with_mips(half, roughness, TextureFormat::Rgba8Unorm),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grain_varies_and_tiles() {
        let values: Vec<f32> = (0..SIZE).map(|y| grain(17, y)).collect();
        let (lo, hi) = values
            .iter()
            .fold((1.0f32, 0.0f32), |(lo, hi), &v| (lo.min(v), hi.max(v)));
        assert!(hi - lo > 0.15, "rings show: {lo}..{hi}");
        // The noise repeats with the texture, so the seams do not show.
        assert!((noise(0.2, 0.3, 4, 1) - noise(4.2, 0.3, 4, 1)).abs() < 1e-6);
    }

    #[test]
    fn small_pictures_get_half_size_planks_and_the_window_full_size() {
        let full = super::super::table_wood::SIZE;
        assert_eq!(table_wood_side(None), full);
        assert_eq!(table_wood_side(Some(1080)), full);
        assert_eq!(table_wood_side(Some(540)), full);
        assert_eq!(table_wood_side(Some(539)), full / 2);
        let planks = table_wood(Some(270));
        let side = |image: &Image| image.texture_descriptor.size.width;
        assert_eq!(
            [&planks.albedo, &planks.normal, &planks.roughness].map(side),
            [full / 2, full / 4, full / 4]
        );
    }
}
