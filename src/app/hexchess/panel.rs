//! The move list on the right (H6 notation, one row per move number, every entry
//! clickable to edit in place, struck entries dimmed and struck through) and the
//! promotion chooser. The list hangs where the other games' lists hang (the HUD's right
//! column, under the playback line) and wears their look: the theme's panel, a small bold
//! heading, numbers and moves in the monospaced face.

use bevy::prelude::*;
use bevy::text::Strikethrough;

use bevy::picking::events::{Click, Pointer};
use bevy::picking::pointer::PointerButton;

use super::{Control, Hexchess, HexchessPlayed, HexchessScene};
use crate::app::Screen;
use crate::app::TextField;
use crate::app::look::fonts::UiFonts;
use crate::app::table::TableInput;
use crate::app::table::move_list::{RowMark, mark_colour};
use crate::app::ui::MoveListAnchor;
use crate::app::ui::theme::{DIM, INK, PANEL, bold};
use crate::rules::hexchess::Kind;
use crate::rules::review::Mark;

/// The review of the game on the table (its marks go beside the moves).
type Review = crate::app::table::review::TableReview<Hexchess>;

/// An entry of the move list; `index` counts plies from 0 (the list's length is the
/// empty slot that appends).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveEntry {
    pub index: usize,
    pub struck: bool,
}

/// A button of the promotion chooser.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PromotionChoice(pub Kind);

#[derive(Component)]
pub struct MovePanel;

#[derive(Component)]
pub struct Chooser;

/// What the panel shows, to rebuild it only when that changes.
#[derive(Default, PartialEq, Clone)]
pub struct Shown {
    reached: Vec<String>,
    struck: Vec<String>,
    editing: Option<usize>,
    buffer: String,
    promotion: bool,
    /// The review's mark of each move reached, once judged.
    marks: Vec<Option<Mark>>,
}

impl Shown {
    /// Whether this is what the table shows now.
    fn is_of(&self, played: &HexchessPlayed, scene: &HexchessScene, review: &Review) -> bool {
        let history = played.game.game().history();
        self.marks.iter().flatten().count()
            == review.turns.iter().filter(|t| t.mark.is_some()).count()
            && self.editing == scene.editing
            && self.buffer == scene.edit_buffer
            && self.promotion == scene.promotion.is_some()
            && self.struck == played.game.struck()
            && self.reached.len() == history.len()
            && self
                .reached
                .iter()
                .zip(history)
                .all(|(a, r)| *a == r.notation)
    }
}

/// Rows of the list kept on screen (the latest): two moves a row, so as many moves as
/// the other games' lists keep turns and a few more, under the review's corner panel at
/// 960x540.
const ROWS: usize = 12;

/// The entry being typed into.
const EDIT: Color = Color::srgb(1.0, 0.85, 0.35);
/// The lists' text size (`table::move_list`'s).
const SIZE: f32 = 12.0;

pub fn update_panel(
    mut commands: Commands,
    played: Res<HexchessPlayed>,
    scene: Res<HexchessScene>,
    mut focus: ResMut<bevy::input_focus::InputFocus>,
    fields: Query<(), With<TextField>>,
    mut shown: Local<Option<Shown>>,
    panels: Query<Entity, With<MovePanel>>,
    choosers: Query<Entity, With<Chooser>>,
    review: Res<Review>,
    fonts: Option<Res<UiFonts>>,
    anchors: Query<(Entity, &MoveListAnchor)>,
) {
    // Compared in place, every frame; copied only when it changed (a list can hold
    // thousands of entries).
    if !panels.is_empty()
        && shown
            .as_ref()
            .is_some_and(|s| s.is_of(&played, &scene, &review))
    {
        return;
    }
    let (reached, struck) = played.game.entries();
    let marks = (0..reached.len()).map(|ply| review.mark_at(ply)).collect();
    let now = Shown {
        marks,
        reached,
        struck: struck.to_vec(),
        editing: scene.editing,
        buffer: scene.edit_buffer.clone(),
        promotion: scene.promotion.is_some(),
    };
    for e in panels.iter().chain(choosers.iter()) {
        commands.entity(e).despawn();
    }
    // The entry being edited is a text field with the input focus: the keyboard is its.
    let column = anchors
        .iter()
        .find(|(_, a)| **a == MoveListAnchor::Right)
        .map(|(e, _)| e);
    match spawn_list(&mut commands, &now, column, fonts.as_deref()) {
        Some(entry) => focus.set(entry, bevy::input_focus::FocusCause::Navigated),
        None if focus.get().is_some_and(|f| fields.contains(f)) => focus.clear(),
        None => {}
    }
    if now.promotion {
        spawn_chooser(&mut commands);
    }
    *shown = Some(now);
}

/// The monospaced face of the lists (the default font where the fonts are not loaded).
fn mono(fonts: Option<&UiFonts>) -> TextFont {
    fonts.map_or_else(|| TextFont::from_font_size(SIZE), |f| f.mono(SIZE))
}

fn entry_bundle(
    index: usize,
    text: String,
    color: Color,
    struck: bool,
    editing: bool,
    fonts: Option<&UiFonts>,
) -> impl Bundle {
    (
        MoveEntry { index, struck },
        Text::new(text),
        TextLayout::no_wrap(),
        mono(fonts),
        TextColor(color),
        Node {
            width: px(76),
            padding: UiRect::axes(px(4), px(1)),
            border_radius: BorderRadius::all(px(3)),
            ..default()
        },
        BackgroundColor(if editing {
            Color::srgba(0.35, 0.28, 0.08, 0.9)
        } else {
            Color::NONE
        }),
    )
}

/// Sets the list out, in the HUD's right `column` (else placed where it would be); the
/// entry being edited, if one is.
fn spawn_list(
    commands: &mut Commands,
    shown: &Shown,
    column: Option<Entity>,
    fonts: Option<&UiFonts>,
) -> Option<Entity> {
    let mut edited = None;
    let all: Vec<(String, bool)> = shown
        .reached
        .iter()
        .map(|e| (e.clone(), false))
        .chain(shown.struck.iter().map(|e| (e.clone(), true)))
        .collect();
    let total = all.len();
    // Rows of two plies; one more slot after the last entry appends a move.
    let slots = total + 1;
    let rows = slots.div_ceil(2);
    let first_row = rows.saturating_sub(ROWS);
    let mut node = Node {
        flex_direction: FlexDirection::Column,
        min_width: px(150),
        padding: UiRect::axes(px(8), px(6)),
        row_gap: px(1),
        border_radius: BorderRadius::all(px(6)),
        ..default()
    };
    if column.is_none() {
        (node.position_type, node.right, node.top) = (PositionType::Absolute, px(12), px(52));
    }
    let mut panel = commands.spawn((
        MovePanel,
        crate::app::ui::GamePanel,
        DespawnOnExit(Screen::Playing),
        Name::new("Move list"),
        crate::app::ui::LayoutChecked("hexchess move list"),
        node,
        BackgroundColor(PANEL),
    ));
    if let Some(column) = column {
        panel.insert(ChildOf(column));
    }
    panel.with_children(|panel| {
        panel.spawn((
            Text::new("Moves"),
            bold(fonts, SIZE),
            TextColor(DIM),
            Pickable::IGNORE,
        ));
        for row in first_row..rows {
            panel
                .spawn((
                    Node {
                        flex_direction: FlexDirection::Row,
                        ..default()
                    },
                    Pickable::IGNORE,
                ))
                .with_children(|line| {
                    line.spawn((
                        Text::new(format!("{:>3}", row + 1)),
                        // Unwrapped: measured without a width, the padding spaces
                        // would break it into a line per character.
                        TextLayout::no_wrap(),
                        mono(fonts),
                        TextColor(DIM),
                        Node {
                            width: px(30),
                            padding: UiRect::vertical(px(1)),
                            ..default()
                        },
                        Pickable::IGNORE,
                    ));
                    for index in [2 * row, 2 * row + 1] {
                        let editing = shown.editing == Some(index);
                        if editing {
                            let entry = line
                                .spawn((
                                    entry_bundle(
                                        index,
                                        format!("{}_", shown.buffer),
                                        EDIT,
                                        false,
                                        true,
                                        fonts,
                                    ),
                                    TextField,
                                ))
                                .observe(on_entry_click)
                                .id();
                            edited = Some(entry);
                        } else if let Some((text, struck)) = all.get(index) {
                            let mark = shown.marks.get(index).copied().flatten();
                            let mut entry = line.spawn(entry_bundle(
                                index,
                                if *struck {
                                    format!("~{text}")
                                } else {
                                    text.clone()
                                },
                                if *struck { DIM } else { INK },
                                *struck,
                                false,
                                fonts,
                            ));
                            entry.observe(on_entry_click);
                            if *struck {
                                entry.insert(Strikethrough);
                            }
                            if let Some(mark) = mark.filter(|_| !*struck) {
                                entry.with_child((
                                    RowMark(mark),
                                    TextSpan::new(format!(" {}", mark.glyph())),
                                    mono(fonts),
                                    TextColor(mark_colour(mark)),
                                ));
                            }
                        } else if index == total {
                            line.spawn(entry_bundle(
                                index,
                                "...".to_string(),
                                DIM,
                                false,
                                false,
                                fonts,
                            ))
                            .observe(on_entry_click);
                        }
                    }
                });
        }
    });
    edited
}

fn spawn_chooser(commands: &mut Commands) {
    commands
        .spawn((
            Chooser,
            DespawnOnExit(Screen::Playing),
            Name::new("Promotion chooser"),
            Node {
                position_type: PositionType::Absolute,
                bottom: px(64),
                width: percent(100),
                justify_content: JustifyContent::Center,
                ..default()
            },
            Pickable::IGNORE,
        ))
        .with_children(|root| {
            root.spawn((
                Node {
                    column_gap: px(8),
                    padding: UiRect::all(px(10)),
                    align_items: AlignItems::Center,
                    ..default()
                },
                BackgroundColor(Color::srgba(0.04, 0.04, 0.06, 0.85)),
            ))
            .with_children(|bar| {
                bar.spawn((
                    Text::new("Promote to"),
                    TextFont::from_font_size(18.0),
                    TextColor(INK),
                    Pickable::IGNORE,
                ));
                for (kind, label) in [
                    (Kind::Queen, "Q queen"),
                    (Kind::Rook, "R rook"),
                    (Kind::Bishop, "B bishop"),
                    (Kind::Knight, "N knight"),
                ] {
                    bar.spawn((
                        PromotionChoice(kind),
                        Button,
                        Text::new(label),
                        TextFont::from_font_size(18.0),
                        TextColor(INK),
                        Node {
                            padding: UiRect::axes(px(10), px(6)),
                            ..default()
                        },
                        BackgroundColor(Color::srgb(0.22, 0.2, 0.18)),
                    ))
                    .observe(on_choice_click);
                }
            });
        });
}

/// Clicking an entry of the list starts editing it (H7).
fn on_entry_click(
    click: On<Pointer<Click>>,
    entries: Query<&MoveEntry>,
    mut input: MessageWriter<TableInput<Hexchess>>,
) {
    if click.button == PointerButton::Primary
        && let Ok(entry) = entries.get(click.entity)
    {
        input.write(TableInput::Game(Control::BeginEdit(entry.index)));
    }
}

/// The promotion chooser's buttons answer it.
fn on_choice_click(
    click: On<Pointer<Click>>,
    choices: Query<&PromotionChoice>,
    mut input: MessageWriter<TableInput<Hexchess>>,
) {
    if click.button == PointerButton::Primary
        && let Ok(choice) = choices.get(click.entity)
    {
        input.write(TableInput::Game(Control::Promote(choice.0)));
    }
}
