//! A slider: Bevy's headless `ui_widgets::Slider` (drag the thumb, click the track, arrow
//! keys when focused) drawn as a rail and a round thumb. The screen that owns a slider
//! observes its `ValueChange<f32>` and sets its [`SliderValue`]; the kit moves the thumb.

use bevy::prelude::*;
use bevy::ui_widgets::{Slider, SliderPlugin, SliderRange, SliderStep, SliderThumb, TrackClick};
pub use bevy::ui_widgets::{SliderValue, ValueChange};

use super::theme::{BUTTON, BUTTON_HEIGHT, TITLE};

pub(super) fn plugin(app: &mut App) {
    // `DefaultPlugins` bring it; headless apps (tests, benches) get it here.
    if !app.is_plugin_added::<SliderPlugin>() {
        app.add_plugins(SliderPlugin);
    }
    app.add_observer(place_thumb);
}

/// A slider drawn by the kit.
#[derive(Component, Clone, Copy, Debug)]
pub struct KitSlider;

const THUMB: f32 = 16.0;

/// A slider from 0 to 1 at `value`, in steps of 0.05, `width` wide (as tall as a button,
/// so it sits in a row of buttons).
pub fn slider(value: f32, width: f32) -> impl Bundle {
    (
        KitSlider,
        Slider {
            track_click: TrackClick::Snap,
            ..default()
        },
        SliderValue(value.clamp(0.0, 1.0)),
        SliderRange::new(0.0, 1.0),
        SliderStep(0.05),
        Node {
            width: px(width),
            height: px(BUTTON_HEIGHT),
            flex_shrink: 0.0,
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            ..default()
        },
        children![
            // The rail.
            (
                Node {
                    height: px(6),
                    border_radius: BorderRadius::all(px(3)),
                    ..default()
                },
                BackgroundColor(BUTTON),
            ),
            // The thumb travels the rail less its own width, placed by percent.
            (
                Node {
                    position_type: PositionType::Absolute,
                    left: px(0),
                    right: px(THUMB),
                    top: px(0),
                    bottom: px(0),
                    align_items: AlignItems::Center,
                    ..default()
                },
                children![(
                    SliderThumb,
                    Node {
                        position_type: PositionType::Absolute,
                        width: px(THUMB),
                        height: px(THUMB),
                        left: percent(value.clamp(0.0, 1.0) * 100.0),
                        border_radius: BorderRadius::MAX,
                        ..default()
                    },
                    BackgroundColor(TITLE),
                )],
            ),
        ],
    )
}

/// The thumb follows the value.
fn place_thumb(
    insert: On<Insert, SliderValue>,
    sliders: Query<(&SliderValue, &SliderRange), With<KitSlider>>,
    children: Query<&Children>,
    mut thumbs: Query<&mut Node, With<SliderThumb>>,
) {
    let Ok((value, range)) = sliders.get(insert.entity) else {
        return;
    };
    for child in children.iter_descendants(insert.entity) {
        if let Ok(mut node) = thumbs.get_mut(child) {
            node.left = percent(range.thumb_position(value.0) * 100.0);
        }
    }
}
