//! The interface keeps its size relative to the window. Up to 1280x720 (and down to the
//! smallest window) a UI pixel is a window pixel, as every panel was laid out; above it
//! the whole UI (HUD, menus, dialogs, board labels) grows with the window: 1.5x at
//! 1920x1080, 3x at 3840x2160, so a 4K monitor at scale factor 1 shows what 1280x720
//! shows. The player's interface size multiplies that. Films size their captions to the
//! frame themselves, so they keep a scale of 1 (the root runs this only for the
//! interface a person reads).

use bevy::prelude::*;

/// The window size (logical pixels) the panels are laid out for.
pub const REFERENCE: Vec2 = Vec2::new(1280.0, 720.0);

/// The player's interface size, a factor on top of the window's (the settings set it;
/// 1 elsewhere).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct InterfaceSize(pub f32);

impl Default for InterfaceSize {
    fn default() -> Self {
        InterfaceSize(1.0)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<InterfaceSize>().add_systems(
        PreUpdate,
        fit_ui_scale.in_set(crate::app::PresentationSystems::Interface),
    );
}

/// The UI scale for a window of `logical` size and the interface size `size`: the
/// window's share of [`REFERENCE`] (its narrower side decides), never below 1.
pub fn ui_scale_for(logical: Vec2, size: f32) -> f32 {
    (logical / REFERENCE).min_element().max(1.0) * size
}

/// Keeps [`UiScale`] in step with the UI camera's target (a window or a rendered image)
/// and the interface size.
fn fit_ui_scale(
    cameras: Query<&Camera, With<IsDefaultUiCamera>>,
    size: Res<InterfaceSize>,
    // A headless app has no UI plugin and so no scale to keep.
    scale: Option<ResMut<UiScale>>,
) {
    let Some(mut scale) = scale else {
        return;
    };
    let Some(logical) = cameras.iter().find_map(Camera::logical_target_size) else {
        return;
    };
    let want = ui_scale_for(logical, size.0);
    if (scale.0 - want).abs() > 1e-4 {
        scale.0 = want;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interface_grows_with_the_window_above_720p() {
        for (w, h, scale) in [
            (960.0, 540.0, 1.0),
            (1280.0, 720.0, 1.0),
            (1920.0, 1080.0, 1.5),
            (2560.0, 1440.0, 2.0),
            (3840.0, 2160.0, 3.0),
            // A tall narrow window: its width decides.
            (1280.0, 1440.0, 1.0),
        ] {
            assert_eq!(ui_scale_for(Vec2::new(w, h), 1.0), scale, "{w}x{h}");
        }
        assert_eq!(ui_scale_for(Vec2::new(1920.0, 1080.0), 1.2), 1.5 * 1.2);
        assert_eq!(ui_scale_for(Vec2::new(960.0, 540.0), 0.8), 0.8);
    }
}
