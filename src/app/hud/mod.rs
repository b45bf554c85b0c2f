//! The heads-up display: small panels at the screen's edges and a help overlay.
//!
//! Top left: what is being played (bold) and the game's status line. Top right: playback
//! (stage n of m, speed, paused). Bottom centre: the caption of the stage playing. Bottom
//! left: passing notices. Bottom right: one dim line with the essential keys. Every panel
//! hides while it has nothing to say. F1 (or `?`) opens the help overlay with all the keys,
//! the table's and the game's own ([`GameKeys`]); F1 or Escape closes it.

mod help;
mod labels;
pub mod rules;
pub mod score;
mod thinking;

pub use help::{HelpSystems, HelpTab, shared_keys};

use bevy::prelude::*;

use super::PresentationSystems;
use super::look::fonts::UiFonts;
use super::ui::notice::NoticeSystems;
use super::ui::theme::{DIM, INK, PANEL, bold, text_shadow};
use super::ui::{CaptionWords, GamePanel, LayoutChecked, MoveListAnchor};

mod glyphs;
mod lines;
mod texts;
pub mod zen;
pub use lines::{caption_line, hint_line, playback_line};

pub fn plugin(app: &mut App) {
    app.init_resource::<Heading>()
        .init_resource::<CaptionWords>()
        .init_resource::<CaptionStyle>()
        .add_systems(Update, lines::toggle_caption_words)
        .add_systems(PostUpdate, texts::voice_caption)
        // After every Update system, so a panel a game shows in the frame it is filmed (the
        // hex chess move list on the first move) is hidden in that same frame.
        .add_systems(
            PostUpdate,
            hide_game_panels
                .in_set(PresentationSystems::BoardOnly)
                .before(bevy::camera::visibility::VisibilitySystems::VisibilityPropagate),
        )
        .add_plugins((
            glyphs::plugin,
            thinking::plugin,
            help::plugin,
            score::plugin,
            labels::plugin,
            zen::plugin,
        ))
        .add_systems(Startup, spawn_hud)
        .add_systems(
            Update,
            (
                texts::update_hud.in_set(PresentationSystems::Interface),
                texts::film_captions.in_set(PresentationSystems::CaptionsOnly),
            )
                .after(help::HelpSystems)
                .after(NoticeSystems),
        );
}

/// A heading that replaces the HUD's title (the showcase names its scenario there).
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Heading(pub Option<String>);

/// How a film shows the stage captions, the only words it has (the film sets it): at all,
/// and at what size (in step with the frame's height).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct CaptionStyle {
    pub shown: bool,
    pub size: f32,
}

impl Default for CaptionStyle {
    fn default() -> Self {
        CaptionStyle {
            shown: true,
            size: CAPTION_SIZE,
        }
    }
}

/// Films and the showcase show only the board and the captions: the games' own panels
/// hide.
fn hide_game_panels(mut parts: Query<&mut Visibility, With<GamePanel>>) {
    for mut visibility in &mut parts {
        if *visibility != Visibility::Hidden {
            *visibility = Visibility::Hidden;
        }
    }
}

/// The texts of the HUD.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum HudText {
    /// "Vectress - two players" (in the top-left panel).
    Title,
    /// The game's status line (in the top-left panel, below the title).
    Status,
    /// The playback line (its own panel, top right).
    Playback,
    /// The stage playing, in words (bottom centre).
    Caption,
    /// A passing notice (bottom left).
    Notice,
    /// The essential keys (bottom right).
    Hint,
}

/// The top-left panel holding the title and the status line.
#[derive(Component)]
pub(super) struct StatusPanel;

/// The column down the left edge: the status panel, then a game's move list.
#[derive(Component)]
pub(super) struct LeftColumn;

/// Caption size outside films (films size it by the frame's height).
pub(super) const CAPTION_SIZE: f32 = 16.0;

fn panel_node() -> Node {
    Node {
        position_type: PositionType::Absolute,
        padding: UiRect::axes(px(10), px(6)),
        border_radius: BorderRadius::all(px(6)),
        // Hidden until there is something to say.
        display: Display::None,
        ..default()
    }
}

/// Where a game's panels hang in a column: one under the other, against its edge.
fn anchor_node(align: AlignItems) -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        align_items: align,
        row_gap: px(8),
        ..default()
    }
}

fn hud_text(which: HudText, font: TextFont, color: Color) -> impl Bundle {
    (
        which,
        Text::new(""),
        Pickable::IGNORE,
        font,
        TextColor(color),
        text_shadow(),
        Visibility::Hidden,
    )
}

fn spawn_hud(mut commands: Commands, fonts: Option<Res<UiFonts>>) {
    let fonts = fonts.as_deref();
    commands.spawn((
        Name::new("HUD"),
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            ..default()
        },
        Pickable::IGNORE,
        children![
            // Top left: what is played and its status, never wider than 40% of the screen
            // so it stays clear of the playback panel; a game's move list may hang below.
            (
                Name::new("HUD left column"),
                LeftColumn,
                Node {
                    position_type: PositionType::Absolute,
                    left: px(12),
                    top: px(12),
                    max_width: percent(40),
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::FlexStart,
                    row_gap: px(8),
                    ..default()
                },
                Pickable::IGNORE,
                children![
                    (
                        Name::new("HUD status"),
                        StatusPanel,
                        LayoutChecked("status"),
                        Node {
                            position_type: PositionType::Relative,
                            flex_direction: FlexDirection::Column,
                            row_gap: px(3),
                            padding: UiRect::axes(px(10), px(8)),
                            ..panel_node()
                        },
                        BackgroundColor(PANEL),
                        Pickable::IGNORE,
                        Visibility::Hidden,
                        children![
                            (
                                hud_text(HudText::Title, bold(fonts, 15.0), INK),
                                Node::default()
                            ),
                            score::pictures_node(),
                            (
                                hud_text(HudText::Status, TextFont::from_font_size(13.0), INK),
                                Node::default()
                            ),
                        ],
                    ),
                    (
                        MoveListAnchor::Left,
                        anchor_node(AlignItems::FlexStart),
                        Pickable::IGNORE
                    ),
                ],
            ),
            // Top right: playback, and a game's move list below it.
            (
                Name::new("HUD right column"),
                Node {
                    position_type: PositionType::Absolute,
                    right: px(12),
                    top: px(12),
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::FlexEnd,
                    row_gap: px(8),
                    ..default()
                },
                Pickable::IGNORE,
                children![
                    (
                        Name::new("HUD playback"),
                        LayoutChecked("playback"),
                        hud_text(HudText::Playback, TextFont::from_font_size(14.0), INK),
                        Node {
                            position_type: PositionType::Relative,
                            ..panel_node()
                        },
                        BackgroundColor(PANEL),
                    ),
                    (
                        MoveListAnchor::Right,
                        anchor_node(AlignItems::FlexEnd),
                        Pickable::IGNORE
                    ),
                ],
            ),
            // Bottom centre: the caption, over a band as wide as the screen.
            (
                Node {
                    position_type: PositionType::Absolute,
                    left: px(0),
                    right: px(0),
                    bottom: px(12),
                    // A column, so the caption keeps its text's own height.
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    ..default()
                },
                Pickable::IGNORE,
                children![(
                    Name::new("HUD caption"),
                    LayoutChecked("caption"),
                    hud_text(
                        HudText::Caption,
                        TextFont::from_font_size(CAPTION_SIZE),
                        INK
                    ),
                    Node {
                        max_width: percent(64),
                        padding: UiRect::axes(px(8), px(3)),
                        border_radius: BorderRadius::all(px(6)),
                        display: Display::None,
                        ..default()
                    },
                    BackgroundColor(PANEL),
                )],
            ),
            // Bottom left: notices.
            (
                Name::new("HUD notice"),
                LayoutChecked("notice"),
                hud_text(HudText::Notice, TextFont::from_font_size(14.0), INK),
                Node {
                    left: px(12),
                    bottom: px(12),
                    // An absolute text node shrinks to its longest word unless held
                    // open: a sentence keeps lines of a few words.
                    min_width: px(220),
                    max_width: percent(30),
                    ..panel_node()
                },
                BackgroundColor(PANEL),
            ),
            // Bottom right: the essential keys, one dim line.
            (
                Name::new("HUD hint"),
                LayoutChecked("hint"),
                hud_text(HudText::Hint, TextFont::from_font_size(12.0), DIM),
                Node {
                    right: px(12),
                    bottom: px(12),
                    padding: UiRect::axes(px(6), px(3)),
                    ..panel_node()
                },
            ),
        ],
    ));
}
