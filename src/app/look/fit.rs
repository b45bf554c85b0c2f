//! Effects fitted to the size of the picture: detail a small picture cannot show is not
//! paid for. Under software rendering (two cores, lavapipe) a 480x270 film frame cost
//! 55 ms of bloom whose first mip was taller than the frame, and a Gaussian shadow filter
//! that softens edges by less than one of its pixels.

use bevy::camera::{CameraUpdateSystems, RenderTarget};
use bevy::light::ShadowFilteringMethod;
use bevy::post_process::bloom::Bloom;
use bevy::prelude::*;

use crate::app::camera::MainCamera;

pub fn plugin(app: &mut App) {
    // After the cameras learn their target's size, so the first frame drawn has it.
    app.add_systems(
        PostUpdate,
        (fit_bloom, fit_shadow_filter).after(CameraUpdateSystems),
    );
}

/// Bloom's largest mip for a view `height` pixels high: Bevy's default (512 rows) where
/// the view has them, else the power of two below its height. A chain that starts taller
/// than the view spreads the glow no wider.
fn bloom_mip_dimension(height: u32) -> u32 {
    (1u32 << height.max(1).ilog2()).clamp(64, Bloom::NATURAL.max_mip_dimension)
}

/// Rows below which a picture is small: its shadows are filtered with one hardware 2x2
/// comparison instead of Bevy's Gaussian (nine), since the key light's one cascade
/// spreads 2048 texels over 34 units and a pixel there covers more texels than the
/// Gaussian blurs; and the table's planks are made at half size (`wood::table_wood`).
pub const SMALL_PICTURE_ROWS: u32 = 540;

fn shadow_filter(height: u32) -> ShadowFilteringMethod {
    if height < SMALL_PICTURE_ROWS {
        ShadowFilteringMethod::Hardware2x2
    } else {
        ShadowFilteringMethod::Gaussian
    }
}

/// By the view, not the picture: Bevy sizes the chain from the viewport, and an offscreen
/// run's warm-up draws into a small one.
fn fit_bloom(mut cameras: Query<(&Camera, &mut Bloom), With<MainCamera>>) {
    for (camera, mut bloom) in &mut cameras {
        let Some(size) = camera.physical_viewport_size() else {
            continue;
        };
        let fitted = bloom_mip_dimension(size.y);
        if bloom.max_mip_dimension != fitted {
            bloom.max_mip_dimension = fitted;
        }
    }
}

/// Only for pictures (films, stills, benchmarks): the filter is part of every lit
/// pipeline's key, and a window resized across the threshold would compile them all again
/// while the game is played.
fn fit_shadow_filter(
    mut commands: Commands,
    cameras: Query<
        (
            Entity,
            &Camera,
            &RenderTarget,
            Option<&ShadowFilteringMethod>,
        ),
        With<MainCamera>,
    >,
) {
    for (entity, camera, target, filter) in &cameras {
        let (RenderTarget::Image(_), Some(size)) = (target, camera.physical_target_size()) else {
            continue;
        };
        let fitted = shadow_filter(size.y);
        if filter != Some(&fitted) {
            commands.entity(entity).insert(fitted);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bloom_starts_no_taller_than_the_picture() {
        assert_eq!(bloom_mip_dimension(270), 256, "a small film");
        assert_eq!(bloom_mip_dimension(540), 512, "Bevy's own from 512 rows up");
        assert_eq!(bloom_mip_dimension(512), 512);
        assert_eq!(bloom_mip_dimension(2160), 512);
        assert_eq!(
            bloom_mip_dimension(90),
            64,
            "never a chain too short to glow"
        );
        assert_eq!(bloom_mip_dimension(0), 64);
    }

    #[test]
    fn small_pictures_filter_shadows_with_one_comparison() {
        assert_eq!(shadow_filter(270), ShadowFilteringMethod::Hardware2x2);
        assert_eq!(shadow_filter(539), ShadowFilteringMethod::Hardware2x2);
        assert_eq!(shadow_filter(540), ShadowFilteringMethod::Gaussian);
        assert_eq!(shadow_filter(1080), ShadowFilteringMethod::Gaussian);
    }
}
