//! The palette and sizes of the interface, in one place: every screen, the HUD and the
//! games' panels take their colours from here.

use bevy::prelude::*;

use crate::app::look::fonts::UiFonts;

/// Titles and headings: the warm gold of the menu's name.
pub const TITLE: Color = Color::srgb(0.95, 0.78, 0.42);
/// A heading inside a panel (the rules page's sections, the help's groups).
pub const HEADING: Color = Color::srgb(0.95, 0.85, 0.6);
/// Body text on the HUD's panels.
pub const INK: Color = Color::srgb(0.94, 0.92, 0.86);
/// Text on buttons and dialogs.
pub const INK_BRIGHT: Color = Color::srgb(0.95, 0.95, 0.97);
/// Quieter text (the HUD's hint line).
pub const DIM: Color = Color::srgb(0.68, 0.68, 0.72);
/// A clock under ten seconds.
pub const LOW_TIME: Color = Color::srgb(1.0, 0.45, 0.3);
/// A line under a title.
pub const SUBTITLE: Color = Color::srgb(0.75, 0.75, 0.8);
/// Labels beside a control.
pub const LABEL: Color = Color::srgb(0.82, 0.82, 0.86);

/// A button at rest, under the pointer, and when it cannot be pressed.
pub const BUTTON: Color = Color::srgb(0.18, 0.2, 0.26);
pub const BUTTON_HOVER: Color = Color::srgb(0.27, 0.31, 0.4);
pub const BUTTON_DISABLED: Color = Color::srgb(0.12, 0.12, 0.13);
/// The chosen one of several (a dialog's option, the help's tab).
pub const CHOSEN: Color = Color::srgb(0.62, 0.45, 0.16);

/// The dark glass behind every panel; `alpha` says how much of the scene shows through
/// (the HUD's panels let most through, a dialog almost none).
pub const fn glass(alpha: f32) -> Color {
    Color::srgba(0.06, 0.06, 0.08, alpha)
}

/// The HUD's panels.
pub const PANEL: Color = glass(0.72);

/// A panel over other text (settings, the new-game dialog, the pause menu): opaque. The
/// UI blends in linear light, where even 5% of bright text behind shows as a ghost.
pub const SHEET: Color = glass(1.0);

/// Button height and corner radius, in logical pixels.
pub const BUTTON_HEIGHT: f32 = 34.0;
pub const CORNER: f32 = 6.0;

/// The shadow under text drawn over the table: tight and soft, so it lifts the letters off
/// the wood. (Bevy's default, 4 px down and right at 75% black, reads as a second, blurred
/// copy of the line, and grows with the UI scale.)
pub fn text_shadow() -> TextShadow {
    TextShadow {
        offset: Vec2::new(1.0, 1.5),
        color: Color::BLACK.with_alpha(0.6),
    }
}

/// The interface's bold face at `size` (the default font where the fonts are not loaded,
/// as in tests).
pub fn bold(fonts: Option<&UiFonts>, size: f32) -> TextFont {
    fonts.map_or_else(|| TextFont::from_font_size(size), |f| f.bold(size))
}
