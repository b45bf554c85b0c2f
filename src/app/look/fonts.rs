//! The UI's type: Inter (OFL, shipped in `assets/fonts/`) for every text by default, and
//! Fira Mono (OFL, inside Bevy) where figures must line up (move lists, readouts).

use bevy::prelude::*;
use bevy::text::{DEFAULT_FONT_DATA, Font};

const INTER_REGULAR: &[u8] = include_bytes!("../../../assets/fonts/Inter-Regular.otf");
const INTER_SEMIBOLD: &[u8] = include_bytes!("../../../assets/fonts/Inter-SemiBold.otf");

pub fn plugin(app: &mut App) {
    // Minimal test apps have no text plugin; the fonts still exist for what reads them.
    if !app.world().contains_resource::<Assets<Font>>() {
        app.init_asset::<Font>();
    }
    let mut fonts = app.world_mut().resource_mut::<Assets<Font>>();
    // Every `TextFont::default()` uses the default handle: put Inter there, so text reads
    // proportionally without each spawn naming a font.
    fonts
        .insert(AssetId::default(), Font::from_bytes(INTER_REGULAR.to_vec()))
        .expect("the default font handle is always insertable");
    let bold = fonts.add(Font::from_bytes(INTER_SEMIBOLD.to_vec()));
    let mono = fonts.add(Font::from_bytes(DEFAULT_FONT_DATA.to_vec()));
    app.insert_resource(UiFonts { bold, mono });
}

/// The fonts beside the default (Inter Regular).
#[derive(Resource, Clone, Debug)]
pub struct UiFonts {
    /// Inter SemiBold: titles and headings.
    pub bold: Handle<Font>,
    /// Fira Mono: move lists and numbers in columns.
    pub mono: Handle<Font>,
}

impl UiFonts {
    pub fn bold(&self, size: f32) -> TextFont {
        TextFont::from_font_size(size).with_font(self.bold.clone())
    }

    pub fn mono(&self, size: f32) -> TextFont {
        TextFont::from_font_size(size).with_font(self.mono.clone())
    }
}
