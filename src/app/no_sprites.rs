//! Bevy's 2D sprite plugins, left out of the app.
//!
//! The game draws no sprite, 2D mesh or 2D text, but Bevy's UI renderer links the sprite
//! crates and `DefaultPlugins` adds their plugins: a dozen systems each frame over queries
//! that are always empty, and 2D pipelines and materials made at start. Both crates build
//! with little optimisation (see `Cargo.toml`), so those systems would cost the main world's
//! update about a tenth (`bench app`). What the UI renderer takes from them is given here:
//! the texture atlas assets its image nodes read, and each frame's image asset events
//! (`SpriteAssetEvents`), by which it drops the bind groups of images that changed: a
//! picture given a new size gets a new texture, and without them the old one stays drawn.

use bevy::app::PluginGroupBuilder;
use bevy::image::TextureAtlasPlugin;
use bevy::prelude::*;
use bevy::render::{Extract, ExtractSchedule, RenderApp};
use bevy::sprite::SpritePlugin;
use bevy::sprite_render::{SpriteAssetEvents, SpriteRenderPlugin};

/// `DefaultPlugins` (or any group holding them) without the sprite plugins.
pub fn leave_out(plugins: PluginGroupBuilder) -> PluginGroupBuilder {
    plugins
        .disable::<SpritePlugin>()
        .disable::<SpriteRenderPlugin>()
}

/// What the UI renderer needs of the plugins left out; nothing where they are there, or
/// where nothing is rendered.
pub fn plugin(app: &mut App) {
    if app.is_plugin_added::<SpriteRenderPlugin>() {
        return;
    }
    // The UI's image nodes read texture atlases; the sprite plugins were what added them.
    if app.is_plugin_added::<ImagePlugin>() && !app.is_plugin_added::<TextureAtlasPlugin>() {
        app.add_plugins(TextureAtlasPlugin);
    }
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app
            .init_resource::<SpriteAssetEvents>()
            .add_systems(ExtractSchedule, extract_image_events);
    }
}

fn extract_image_events(
    mut events: ResMut<SpriteAssetEvents>,
    mut image_events: Extract<MessageReader<AssetEvent<Image>>>,
) {
    events.images.clear();
    events.images.extend(image_events.read().copied());
}
