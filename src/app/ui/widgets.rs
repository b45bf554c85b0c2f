//! The widgets every screen uses: a button, its hover styling, and the dimmed layer an
//! overlay's panel sits on. A button is Bevy's headless `ui_widgets::Button`: a click (or
//! Enter on a focused button) ends in one [`Activate`] on it, which the screen that owns
//! the button observes; nothing polls `Interaction` for presses.

use bevy::prelude::*;
use bevy::ui::Pressed;
pub use bevy::ui_widgets::Activate;
use bevy::ui_widgets::{ActivateOnPress, Button as Pressable, ButtonPlugin};

use super::theme::{BUTTON_HEIGHT, CORNER};

pub(super) fn plugin(app: &mut App) {
    // `DefaultPlugins` bring it; headless apps (tests, benches) get it here.
    if !app.is_plugin_added::<ButtonPlugin>() {
        app.add_plugins(ButtonPlugin);
    }
    app.add_systems(Update, (style_hovered_buttons, release_stuck_presses));
}

/// A button's fill at rest and under the pointer: the kit recolours it as the pointer
/// comes and goes (press handling stays with the screen that owns the button).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct ButtonFills {
    pub rest: Color,
    pub hover: Color,
}

/// A button: `label` in `ink` on `fill`, `width` wide. It lights up under the pointer
/// when it also carries [`ButtonFills`]; a click on it triggers [`Activate`].
pub fn button(label: &str, width: f32, fill: Color, ink: Color) -> impl Bundle {
    (
        pressable(),
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

/// What makes any node a button: hover tracking (`Interaction`, for the fills) and the
/// headless press that ends in [`Activate`], on the press itself. A press and its release
/// can arrive in one frame (a touchpad's tap, or a slow frame): on the release alone the
/// click would find the button not yet marked pressed and do nothing.
pub fn pressable() -> impl Bundle {
    (Button, Pressable, ActivateOnPress)
}

/// A release in the same frame as its press finds no `Pressed` mark to take away yet, so
/// the mark would stay and the next press be ignored: with no button held, none is
/// pressed.
fn release_stuck_presses(
    mut commands: Commands,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    touches: Option<Res<Touches>>,
    pressed: Query<Entity, (With<Pressable>, With<Pressed>)>,
) {
    let held = mouse.is_some_and(|m| m.get_pressed().next().is_some())
        || touches.is_some_and(|t| t.iter().next().is_some());
    if held {
        return;
    }
    for button in &pressed {
        commands.entity(button).remove::<Pressed>();
    }
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
