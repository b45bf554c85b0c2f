//! A message shown for a while at the bottom left (settings trouble, where a screenshot
//! went, a sound device missing); the HUD draws it.

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Notice>()
        .add_systems(Update, tick_notice.in_set(NoticeSystems));
}

/// Where the notice's clock runs (the HUD draws after it).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NoticeSystems;

/// The notice showing, if any.
#[derive(Resource, Default, Debug)]
pub struct Notice {
    pub text: Option<String>,
    remaining: f32,
    /// Notices shown so far (the same words twice are two).
    pub shown: u64,
}

impl Notice {
    pub fn show(&mut self, text: impl Into<String>, seconds: f32) {
        self.text = Some(text.into());
        self.remaining = seconds;
        self.shown += 1;
    }
}

fn tick_notice(mut notice: ResMut<Notice>, time: Res<Time>) {
    if notice.text.is_some() {
        notice.remaining -= time.delta_secs();
        if notice.remaining <= 0.0 {
            notice.text = None;
        }
    }
}
