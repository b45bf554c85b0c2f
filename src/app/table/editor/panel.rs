//! The editor's panel, at the right of the table: the brush (move, remove, bond) and the
//! palette by side, the position's settings as buttons that step them, the last word,
//! and the ways on (undo, clear, start; two players, the computer at its level, analyse,
//! cancel). It is set out anew whenever the editor changes (an edit, not a frame).

use bevy::prelude::*;

use crate::rules::edit::capital;

use super::{Brush, Editor, EditorAsk, Finish};
use crate::app::Screen;
use crate::app::table::TableGame;
use crate::app::ui::theme::{BUTTON, BUTTON_HOVER, CHOSEN, CORNER, DIM, HEADING, INK, SHEET};
use crate::app::ui::widgets::{Activate, ButtonFills, pressable};
use crate::app::ui::{GamePanel, LayoutChecked};
use crate::rules::edit::{self, Edit, Editable};
use crate::rules::{Level, Rules};

/// The panel's root.
#[derive(Component)]
pub struct EditorPanel;

/// What a panel button asks.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct EditorButton(pub EditorAsk);

/// The panel's width (UI pixels), its margin from the window's edge, and its buttons'
/// height.
pub const WIDTH: f32 = 300.0;
pub const MARGIN: f32 = 12.0;
const ROW: f32 = 26.0;
const GAP: f32 = 4.0;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(press_button);
}

pub(super) fn plugin_for<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        show_panel::<G>
            .in_set(crate::app::table::TableSystems::Show)
            .run_if(resource_exists::<crate::app::table::Played<G>>),
    );
}

fn press_button(
    activate: On<Activate>,
    buttons: Query<&EditorButton>,
    mut asks: MessageWriter<EditorAsk>,
) {
    if let Ok(EditorButton(ask)) = buttons.get(activate.entity) {
        asks.write(ask.clone());
    }
}

/// How wide a panel button is.
#[derive(Clone, Copy)]
enum Width {
    /// Exactly this wide (the tools and the ways on), its words at 13 px.
    Fixed(f32),
    /// As wide as its words at 12 px, growing to fill its row (a side's pieces or a
    /// side's tuning share one row).
    Fitted,
}

/// A button: `label`, lit as chosen when `chosen`, asking `ask`.
fn panel_button(label: &str, width: Width, chosen: bool, ask: EditorAsk) -> impl Bundle {
    let rest = if chosen { CHOSEN } else { BUTTON };
    let (node, size) = match width {
        Width::Fixed(w) => (
            Node {
                width: px(w),
                ..default()
            },
            13.0,
        ),
        Width::Fitted => (
            Node {
                padding: UiRect::horizontal(px(6)),
                flex_grow: 1.0,
                ..default()
            },
            12.0,
        ),
    };
    (
        EditorButton(ask),
        pressable(),
        ButtonFills {
            rest,
            hover: if chosen { CHOSEN } else { BUTTON_HOVER },
        },
        Node {
            height: px(ROW),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(CORNER)),
            ..node
        },
        BackgroundColor(rest),
        children![(
            Text::new(label),
            TextFont::from_font_size(size),
            TextColor(INK),
        )],
    )
}

fn small_button(label: &str, width: f32, chosen: bool, ask: EditorAsk) -> impl Bundle {
    panel_button(label, Width::Fixed(width), chosen, ask)
}

fn fitted_button(label: &str, chosen: bool, ask: EditorAsk) -> impl Bundle {
    panel_button(label, Width::Fitted, chosen, ask)
}

fn wrap_row() -> Node {
    Node {
        flex_wrap: FlexWrap::Wrap,
        column_gap: px(GAP),
        row_gap: px(GAP),
        width: percent(100),
        ..default()
    }
}

fn caption(text: impl Into<String>, colour: Color) -> impl Bundle {
    (
        Text::new(text),
        TextFont::from_font_size(13.0),
        TextColor(colour),
    )
}

fn level_name(level: Level) -> &'static str {
    match level {
        Level::Easy => "Easy",
        Level::Normal => "Normal",
        Level::Strong => "Strong",
    }
}

/// Sets the panel out anew when the editor changes; takes it away when there is none.
fn show_panel<G: TableGame>(
    mut commands: Commands,
    editor: Option<Res<Editor>>,
    roots: Query<Entity, With<EditorPanel>>,
) {
    let changed = editor.as_ref().is_some_and(|e| e.is_changed());
    if !changed && (editor.is_some() || roots.is_empty()) {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    let Some(editor) = editor.filter(|e| e.game == <G::Rules as Rules>::GAME) else {
        return;
    };
    let palette = <G::Rules as Editable>::palette();
    let sides = editor.game.side_names();
    let settings = edit::settings::<G::Rules>(&editor.code);
    let half = (WIDTH - 20.0 - GAP) / 2.0;
    let third = (WIDTH - 20.0 - 2.0 * GAP) / 3.0;
    commands
        .spawn((
            Name::new("Position editor"),
            EditorPanel,
            GamePanel,
            LayoutChecked("position editor"),
            DespawnOnExit(Screen::Playing),
            Node {
                position_type: PositionType::Absolute,
                right: px(MARGIN),
                top: px(52),
                width: px(WIDTH),
                flex_direction: FlexDirection::Column,
                row_gap: px(GAP),
                padding: UiRect::all(px(10)),
                border_radius: BorderRadius::all(px(CORNER)),
                ..default()
            },
            // Over the move list, which has nothing to say while a position is set up.
            GlobalZIndex(5),
            BackgroundColor(SHEET),
        ))
        .with_children(|panel| {
            panel.spawn((
                Text::new("Set up a position"),
                TextFont::from_font_size(16.0),
                TextColor(HEADING),
            ));
            panel.spawn(wrap_row()).with_children(|row| {
                let mut tools = vec![("Move", Brush::Move), ("Remove", Brush::Remove)];
                if <G::Rules as Editable>::has_bonds() {
                    tools.push(("Bond", Brush::Bond));
                }
                // Pieces of no side (Polarity's stones) stand beside the tools.
                for paint in palette.iter().filter(|p| p.side.is_none()) {
                    tools.push((paint.name, Brush::Piece(paint.letter)));
                }
                for (label, brush) in tools {
                    row.spawn(small_button(
                        label,
                        third,
                        editor.brush == brush,
                        EditorAsk::Brush(brush),
                    ));
                }
            });
            let groups: Vec<(Option<usize>, Vec<_>)> = [Some(0), Some(1)]
                .into_iter()
                .map(|side| (side, palette.iter().filter(|p| p.side == side).collect()))
                .filter(|(_, paints): &(Option<usize>, Vec<_>)| !paints.is_empty())
                .collect();
            for (side, paints) in groups {
                if let Some(side) = side {
                    panel.spawn(caption(capital(sides[side]), DIM));
                }
                panel.spawn(wrap_row()).with_children(|row| {
                    for paint in paints {
                        row.spawn(fitted_button(
                            paint.name,
                            editor.brush == Brush::Piece(paint.letter),
                            EditorAsk::Brush(Brush::Piece(paint.letter)),
                        ));
                    }
                });
            }
            // The settings without a group first, then each group under its heading.
            let mut groups: Vec<&str> = Vec::new();
            for setting in &settings {
                if !groups.contains(&setting.group.as_str()) {
                    groups.push(&setting.group);
                }
            }
            for group in groups {
                if !group.is_empty() {
                    panel.spawn(caption(group, DIM));
                }
                panel.spawn(wrap_row()).with_children(|row| {
                    for (n, setting) in settings.iter().enumerate() {
                        if setting.group != group {
                            continue;
                        }
                        // Under a heading the name and value read alone ("Rooks 2").
                        let label = if group.is_empty() {
                            format!("{}: {}", setting.name, setting.value)
                        } else {
                            format!("{} {}", setting.name, setting.value)
                        };
                        row.spawn(fitted_button(&label, false, EditorAsk::Edit(Edit::Step(n))));
                    }
                });
            }
            panel
                .spawn(Node {
                    width: percent(100),
                    min_height: px(34),
                    ..default()
                })
                .with_child(caption(editor.line.clone(), INK));
            panel.spawn(wrap_row()).with_children(|row| {
                row.spawn(small_button("Undo U", third, false, EditorAsk::Undo));
                if <G::Rules as Editable>::clear_keeps().is_some() {
                    row.spawn(small_button(
                        "Clear",
                        third,
                        false,
                        EditorAsk::Edit(Edit::Clear),
                    ));
                }
                row.spawn(small_button(
                    "Start position",
                    third,
                    false,
                    EditorAsk::Edit(Edit::Start),
                ));
            });
            panel.spawn(wrap_row()).with_children(|row| {
                for (label, finish) in [
                    ("Two players", Finish::TwoPlayers),
                    ("Vs computer", Finish::VsComputer),
                    ("Analyse", Finish::Analyse),
                ] {
                    row.spawn(small_button(label, third, false, EditorAsk::Finish(finish)));
                }
                row.spawn(small_button(
                    &format!("Level: {}", level_name(editor.choice.level)),
                    half,
                    false,
                    EditorAsk::Level,
                ));
                row.spawn(small_button(
                    "Cancel",
                    third,
                    false,
                    EditorAsk::Finish(Finish::Cancel),
                ));
            });
        });
}
