//! The UI kit every screen and the HUD build from: the palette and sizes (`theme`), the
//! widgets (`widgets`, `slider`), the passing notice (`notice`), the UI's scale with the
//! window (`scale`), and the markers the layout check and films read. It knows no screen
//! and no game.

pub mod focus;
pub mod notice;
pub mod scale;
pub mod slider;
pub mod theme;
pub mod widgets;

use bevy::prelude::*;

pub use notice::Notice;

pub fn plugin(app: &mut App) {
    app.add_plugins((
        focus::plugin,
        notice::plugin,
        scale::plugin,
        slider::plugin,
        widgets::plugin,
    ));
}

/// A UI node whose screen rectangle `lodestone render --layout` reports, by this name
/// (the HUD's panels and the menu's panel), so a headless check can see that nothing
/// overlaps.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayoutChecked(pub &'static str);

/// A game's own panel or label (a move list, a tuning panel, the hands beside the
/// board): films and the showcase show only the board and the captions, so they hide
/// them.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct GamePanel;

/// A screen reader's polite live region saying `words` (AccessKit, through `bevy_a11y`):
/// read out whenever its words change.
pub fn spoken(words: &str) -> accesskit::Node {
    let mut node = accesskit::Node::new(accesskit::Role::Status);
    node.set_live(accesskit::Live::Polite);
    node.set_label(words);
    node
}

/// Where a game's move list hangs in the HUD: under the status panel (left) or under the
/// playback line (right). The HUD sets both out; the table fills the one its game names.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveListAnchor {
    Left,
    Right,
}

/// Which words a stage's caption shows: one short line (the default), or the full
/// sentence (W toggles it; a film's `--captions full`).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CaptionWords {
    #[default]
    Short,
    Full,
}
