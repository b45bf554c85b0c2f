//! The caption's glyphs, laid out before the first caption is shown. A text size first
//! used makes a new font atlas (a 512x512 image filled on the main thread), and the
//! caption's size is first used when a move's first caption appears: in that frame the
//! update took 2 ms more. A hidden text at the caption's size, holding the letters and
//! figures captions use, makes the atlas during the start instead. The text system lays
//! out hidden texts too, so nothing of it is drawn.

use bevy::prelude::*;

use super::CaptionStyle;

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_glyphs)
        .add_systems(Update, size_glyphs);
}

/// The hidden text that holds the caption's glyphs.
#[derive(Component)]
struct CaptionGlyphs;

/// What captions are written with: every letter and figure, and their punctuation.
const GLYPHS: &str =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 ,.:;'-+/()~x";

fn spawn_glyphs(mut commands: Commands, style: Res<CaptionStyle>) {
    commands.spawn((
        Name::new("Caption glyphs"),
        CaptionGlyphs,
        Text::new(GLYPHS),
        // The caption's font (the default) at its size.
        TextFont::from_font_size(style.size),
        Node {
            position_type: PositionType::Absolute,
            ..default()
        },
        Visibility::Hidden,
        Pickable::IGNORE,
    ));
}

/// Keeps the glyphs at the caption's size (a film sets it to its frame's height).
fn size_glyphs(style: Res<CaptionStyle>, mut glyphs: Query<&mut TextFont, With<CaptionGlyphs>>) {
    let size = bevy::text::FontSize::Px(style.size);
    for mut font in &mut glyphs {
        if font.font_size != size {
            font.font_size = size;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_glyphs_follow_the_caption_size_and_stay_hidden() {
        let mut app = App::new();
        app.init_resource::<CaptionStyle>().add_plugins(plugin);
        app.update();
        let glyphs = |app: &mut App| {
            let mut query = app
                .world_mut()
                .query_filtered::<(&TextFont, &Visibility), With<CaptionGlyphs>>();
            let (font, visibility) = query.single(app.world()).unwrap();
            (font.font_size, *visibility)
        };
        let size = CaptionStyle::default().size;
        assert_eq!(
            glyphs(&mut app),
            (bevy::text::FontSize::Px(size), Visibility::Hidden)
        );
        app.world_mut().resource_mut::<CaptionStyle>().size = 9.0;
        app.update();
        assert_eq!(glyphs(&mut app).0, bevy::text::FontSize::Px(9.0));
    }
}
