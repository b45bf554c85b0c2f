//! The UI draws pictures changed in place with Bevy's sprite plugins left out
//! (`no_sprites`): a render test, so it sits with the offscreen renderer.

use std::sync::{Arc, Mutex};

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::gpu_readback::{Readback, ReadbackComplete};
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::sprite_render::SpriteRenderPlugin;

use super::offscreen_app;

fn solid(side: u32, rgba: [u8; 4]) -> Image {
    Image::new_fill(
        Extent3d {
            width: side,
            height: side,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        &rgba,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

/// Updates until the frame read back has `rgba` near its top left corner (inside the
/// small view the warm-up starts with, which nothing here moves on); false after `tries`.
fn draws(app: &mut App, last: &Arc<Mutex<Vec<u8>>>, rgba: [u8; 4], tries: usize) -> bool {
    let corner = (2 * 32 + 2) * 4;
    (0..tries).any(|_| {
        app.update();
        let frame = last.lock().unwrap();
        frame.get(corner..corner + 4) == Some(&rgba[..])
    })
}

/// The sprite plugins are left out and the UI still draws a picture changed after it was
/// first drawn (the Wave Field thumbnails are repainted in place). A new size is a new
/// texture: only the frame's image events (`no_sprites`) make the UI renderer drop the
/// bind group that still points at the old one.
#[test]
fn a_ui_picture_changed_after_it_is_drawn_is_drawn_anew() {
    let (mut app, target) = offscreen_app(None, 32, 32, false, false, "test").unwrap();
    assert!(!app.is_plugin_added::<SpriteRenderPlugin>());
    // What `App::run` does before its first update.
    app.finish();
    app.cleanup();
    let picture = app
        .world_mut()
        .resource_mut::<Assets<Image>>()
        .add(solid(2, [255, 0, 0, 255]));
    app.world_mut().spawn((
        Node {
            position_type: PositionType::Absolute,
            width: Val::Percent(100.0),
            height: Val::Percent(100.0),
            ..default()
        },
        ImageNode::new(picture.clone()),
        GlobalZIndex(i32::MAX),
    ));
    let last = Arc::new(Mutex::new(Vec::new()));
    let into = last.clone();
    app.world_mut()
        .spawn(Readback::texture(target))
        .observe(move |read: On<ReadbackComplete>| *into.lock().unwrap() = read.data.clone());
    assert!(draws(&mut app, &last, [255, 0, 0, 255], 600), "red drawn");
    // Redrawn in place at the same size, then at another (a new texture on the device).
    let mut images = app.world_mut().resource_mut::<Assets<Image>>();
    images.get_mut(&picture).unwrap().data = Some([0, 0, 255, 255].repeat(4));
    assert!(draws(&mut app, &last, [0, 0, 255, 255], 60), "blue drawn");
    let mut images = app.world_mut().resource_mut::<Assets<Image>>();
    *images.get_mut(&picture).unwrap() = solid(3, [0, 255, 0, 255]);
    assert!(draws(&mut app, &last, [0, 255, 0, 255], 60), "green drawn");
}
