//! The widgets every screen uses: a button, its hover styling, and the dimmed layer an
//! overlay's panel sits on.

use bevy::prelude::*;

use super::theme::{BUTTON_HEIGHT, CORNER};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, style_hovered_buttons);
}

/// A button's fill at rest and under the pointer: the kit recolours it as the pointer
/// comes and goes (press handling stays with the screen that owns the button).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct ButtonFills {
    pub rest: Color,
    pub hover: Color,
}

/// A button: `label` in `ink` on `fill`, `width` wide. It lights up under the pointer
/// when it also carries [`ButtonFills`].
pub fn button(label: &str, width: f32, fill: Color, ink: Color) -> impl Bundle {
    (
        Button,
        Node {
            width: px(width),
            height: px(BUTTON_HEIGHT),
            flex_shrink: 0.0,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(CORNER)),
            ..default()
        },
        BackgroundColor(fill),
        children![(
            Text::new(label),
            TextFont::from_font_size(15.0),
            TextColor(ink),
        )],
    )
}

fn style_hovered_buttons(
    mut buttons: Query<(&Interaction, &ButtonFills, &mut BackgroundColor), Changed<Interaction>>,
) {
    for (interaction, fills, mut color) in &mut buttons {
        color.0 = match interaction {
            Interaction::Hovered | Interaction::Pressed => fills.hover,
            Interaction::None => fills.rest,
        };
    }
}

/// A full-screen layer that centres one panel over everything below `z` and dims it
/// (`dim` is the black's alpha); it also keeps the pointer off what is behind.
pub fn overlay_screen(z: i32, dim: f32) -> impl Bundle {
    overlay_layer(z, dim, Display::Flex)
}

/// [`overlay_screen`], shown or not (`display`) as it is spawned.
pub fn overlay_layer(z: i32, dim: f32, display: Display) -> impl Bundle {
    (
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            display,
            ..default()
        },
        GlobalZIndex(z),
        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, dim)),
    )
}
