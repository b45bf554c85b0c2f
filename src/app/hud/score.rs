//! The status panel's pictures: the turn chip (who moves, or how it ended, on the side's
//! colour) and a tray per side of small pieces, with empty places where a count is the
//! point. Drawn from the table's [`Scoreboard`], rebuilt only when it changes.

use bevy::prelude::*;

use crate::app::look::fonts::UiFonts;
use crate::app::table::ClockFaces;
use crate::app::table::clock::ClockFace;
use crate::app::table::score::{Scoreboard, SideLook, Token};
use crate::app::ui::theme::{BUTTON, DIM, INK, LOW_TIME, TITLE, bold};

pub fn plugin(app: &mut App) {
    app.init_resource::<Scoreboard>()
        .init_resource::<ClockFaces>()
        .add_systems(
            Update,
            (
                draw_pictures.run_if(resource_changed::<Scoreboard>),
                show_clocks
                    .run_if(resource_changed::<ClockFaces>.or_else(resource_changed::<Scoreboard>)),
            )
                .chain(),
        );
}

/// A side's clock beside its name in the tray (empty when the game has no clock); its
/// words change in place as the clock runs, never redrawing the pictures.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockText {
    pub side: usize,
}

fn show_clocks(
    faces: Res<ClockFaces>,
    fonts: Option<Res<UiFonts>>,
    mut texts: Query<(&ClockText, &mut Text, &mut TextColor, &mut TextFont)>,
) {
    for (clock, mut text, mut ink, mut font) in &mut texts {
        let (words, colour, strong) = match faces.0.get(clock.side) {
            None => (String::new(), DIM, false),
            Some(ClockFace { text, low, running }) => {
                let colour = match (low, running) {
                    (true, _) => LOW_TIME,
                    (false, true) => INK,
                    (false, false) => DIM,
                };
                (text.clone(), colour, *running)
            }
        };
        if text.0 != words {
            text.0 = words;
        }
        ink.set_if_neq(TextColor(colour));
        let wanted = if strong {
            bold(fonts.as_deref(), 13.0)
        } else {
            TextFont::from_font_size(13.0)
        };
        if font.font_size != wanted.font_size || font.font != wanted.font {
            *font = wanted;
        }
    }
}

/// The node the pictures are drawn into (inside the status panel).
#[derive(Component)]
pub(super) struct ScorePictures;

/// The turn chip.
#[derive(Component)]
pub struct TurnChip;

/// A side's tray; `side` indexes the rules' sides.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tray {
    pub side: usize,
}

/// A piece in a tray (a filled place).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrayToken(pub Token);

/// Side of a tray's piece, logical pixels.
const TOKEN: f32 = 17.0;

/// The empty node the pictures fill, for the status panel's children.
pub(super) fn pictures_node() -> impl Bundle {
    (
        ScorePictures,
        Node {
            flex_direction: FlexDirection::Column,
            row_gap: px(4),
            margin: UiRect::vertical(px(2)),
            ..default()
        },
        Pickable::IGNORE,
    )
}

/// An outline that keeps a dark chip apart from the dark panel behind it.
const EDGE: Color = Color::srgba(1.0, 1.0, 1.0, 0.35);

fn chip(board: &Scoreboard) -> (SideLook, bool) {
    let to_move = board.chip.and_then(|i| board.sides.get(i));
    match to_move {
        Some(side) => (side.look, true),
        None => (
            SideLook {
                chip: BUTTON,
                ink: INK,
            },
            false,
        ),
    }
}

fn token_node(look: SideLook, glyph: Option<char>, fonts: Option<&UiFonts>) -> impl Bundle {
    (
        Node {
            width: px(TOKEN),
            height: px(TOKEN),
            flex_shrink: 0.0,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border: UiRect::all(px(1)),
            border_radius: BorderRadius::all(px(4)),
            ..default()
        },
        BackgroundColor(if glyph.is_some() {
            look.chip
        } else {
            Color::NONE
        }),
        BorderColor::all(if glyph.is_some() { EDGE } else { DIM }),
        Pickable::IGNORE,
        children![(
            Text::new(glyph.map(String::from).unwrap_or_default()),
            bold(fonts, 11.0),
            TextColor(look.ink),
            Pickable::IGNORE,
        )],
    )
}

fn draw_pictures(
    mut commands: Commands,
    board: Res<Scoreboard>,
    fonts: Option<Res<UiFonts>>,
    holders: Query<Entity, With<ScorePictures>>,
) {
    let fonts = fonts.as_deref();
    for holder in &holders {
        commands.entity(holder).despawn_children();
        if board.sides.is_empty() {
            continue;
        }
        let (look, lit) = chip(&board);
        commands.entity(holder).with_children(|column| {
            column.spawn((
                TurnChip,
                Node {
                    align_self: AlignSelf::FlexStart,
                    padding: UiRect::axes(px(9), px(3)),
                    border: UiRect::all(px(if lit { 1.5 } else { 1.0 })),
                    border_radius: BorderRadius::all(px(10)),
                    ..default()
                },
                BackgroundColor(look.chip),
                BorderColor::all(if lit { TITLE } else { EDGE }),
                Pickable::IGNORE,
                children![(
                    Text::new(board.headline.clone()),
                    bold(fonts, 13.0),
                    TextColor(look.ink),
                    Pickable::IGNORE,
                )],
            ));
            let Some(kind) = board.tray else { return };
            for (i, side) in board.sides.iter().enumerate() {
                let places = kind.slots.unwrap_or(0).max(side.tokens.len());
                column
                    .spawn((
                        Tray { side: i },
                        Node {
                            column_gap: px(3),
                            align_items: AlignItems::Center,
                            ..default()
                        },
                        Pickable::IGNORE,
                    ))
                    .with_children(|row| {
                        row.spawn((
                            Text::new(side.name.clone()),
                            TextFont::from_font_size(12.0),
                            TextColor(DIM),
                            Node {
                                min_width: px(42),
                                ..default()
                            },
                            Pickable::IGNORE,
                        ));
                        row.spawn((
                            ClockText { side: i },
                            Text::default(),
                            TextFont::from_font_size(13.0),
                            TextColor(DIM),
                            Node {
                                margin: UiRect::right(px(3)),
                                ..default()
                            },
                            Pickable::IGNORE,
                        ));
                        for place in 0..places {
                            match side.tokens.get(place) {
                                Some(token) => {
                                    let look =
                                        board.sides.get(token.side).map_or(side.look, |s| s.look);
                                    row.spawn((
                                        TrayToken(*token),
                                        token_node(look, Some(token.glyph), fonts),
                                    ));
                                }
                                None => {
                                    row.spawn(token_node(side.look, None, fonts));
                                }
                            }
                        }
                        let word = if places > 0 {
                            kind.word.to_string()
                        } else {
                            format!("none {}", kind.word)
                        };
                        {
                            row.spawn((
                                Text::new(word),
                                TextFont::from_font_size(11.0),
                                TextColor(DIM),
                                Node {
                                    margin: UiRect::left(px(3)),
                                    ..default()
                                },
                                Pickable::IGNORE,
                            ));
                        }
                    });
            }
        });
    }
}
