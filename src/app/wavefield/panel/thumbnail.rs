//! The tuning panel's thumbnails: each piece type's wave around a piece, as one small
//! picture the readout paints, and what a click on one does.

use bevy::prelude::*;

use super::edits;
use crate::app::table::TableInput;
use crate::app::ui::widgets::{Activate, pressable};
use crate::app::wavefield::{Control, Wavefield, WavefieldScene};
use crate::rules::wavefield::Kind;

/// A piece type's live wave thumbnail: the active patterns' signed sum at each square
/// within three of the piece, turned by the side to move's tuning and owner sign, faded by
/// ring decay. One 7 x 7 picture, its texels written by the readout: as a node per square
/// it was 228 of the table's 620 UI nodes, and the UI's layout passes walk every node on
/// every frame.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thumbnail(pub Kind);

/// Squares on a thumbnail's side: offsets -3..=3 from the piece.
pub const THUMB_SIDE: u32 = 7;
/// A thumbnail square's size in UI pixels.
const THUMB_SQUARE: f32 = 4.0;

/// A thumbnail's picture before its first readout: black, one texel a square, drawn
/// with nearest sampling so the squares keep their hard edges.
fn thumbnail_image() -> Image {
    use bevy::asset::RenderAssetUsages;
    use bevy::image::ImageSampler;
    use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
    let mut image = Image::new_fill(
        Extent3d {
            width: THUMB_SIDE,
            height: THUMB_SIDE,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        &[0, 0, 0, 255],
        TextureFormat::Rgba8UnormSrgb,
        // The readout writes its texels again when the tuning changes.
        RenderAssetUsages::default(),
    );
    image.sampler = ImageSampler::nearest();
    image
}

/// The colour a thumbnail square shows for a signed field contribution at ring `ring`.
pub fn thumb_color(value: i32, ring: i32) -> Color {
    if ring == 0 {
        return Color::srgb(0.95, 0.95, 0.95);
    }
    let k = 0.35 + 0.65 * 0.5f32.powi(ring - 1);
    match value.signum() {
        1 => Color::srgb(0.95 * k, 0.38 * k, 0.2 * k),
        -1 => Color::srgb(0.2 * k, 0.45 * k, 0.95 * k),
        _ => Color::srgb(0.35, 0.35, 0.35),
    }
}

pub(super) fn spawn_thumbnail(
    commands: &mut ChildSpawnerCommands,
    kind: Kind,
    images: &mut Assets<Image>,
) {
    commands.spawn((
        Thumbnail(kind),
        // In developer mode a click opens the kind in the wave editor (the keyboard has
        // the level and the editor's own keys).
        pressable(),
        crate::app::ui::focus::PointerOnly,
        Node {
            width: px(THUMB_SIDE as f32 * THUMB_SQUARE),
            height: px(THUMB_SIDE as f32 * THUMB_SQUARE),
            margin: UiRect::left(px(4)),
            ..default()
        },
        ImageNode::new(images.add(thumbnail_image())),
    ));
}

/// In developer mode, clicking a thumbnail opens that kind in the wave editor.
pub fn thumbnail_click(
    activate: On<Activate>,
    table: Option<Res<WavefieldScene>>,
    thumbnails: Query<&Thumbnail>,
    mut input: MessageWriter<TableInput<Wavefield>>,
) {
    if let (Some(table), Ok(thumbnail)) = (table, thumbnails.get(activate.entity))
        && table.dev
    {
        input.write(TableInput::Game(Control::Edit(edits::Edit::Kind(
            thumbnail.0,
        ))));
    }
}
