//! The side panel: tuning (+/- per piece type with the signed contribution, Dice, Reset),
//! Hint, Undo, Resign, the views, Pressure, the History Roll, and developer mode.

use bevy::prelude::*;

use super::{Control, WavefieldTable};
use crate::app::Screen;
use crate::rules::wavefield::{Action, Kind};

const BUTTON: Color = Color::srgb(0.18, 0.2, 0.26);
const BUTTON_HOVER: Color = Color::srgb(0.27, 0.31, 0.4);
const TEXT: Color = Color::srgb(0.93, 0.92, 0.88);

/// A panel button and the command it sends.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PanelButton(pub Control);

/// The panel's texts, refreshed each frame.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelText {
    Header,
    KindLine(Kind),
    Level,
    Pressure,
    History,
    Dev,
}

/// One square of a piece type's live wave thumbnail: the pattern's sign at (dx, dy) from
/// the piece, turned by the side to move's tuning and owner sign, faded by ring decay.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThumbCell {
    pub kind: Kind,
    pub dx: i32,
    pub dy: i32,
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

fn spawn_thumbnail(commands: &mut ChildSpawnerCommands, kind: Kind) {
    commands
        .spawn(Node {
            flex_direction: FlexDirection::Column,
            margin: UiRect::left(px(4)),
            ..default()
        })
        .with_children(|grid| {
            // Row dy = -3 on top: the direction the side to move's pieces face.
            for dy in -3..=3 {
                grid.spawn(Node::default()).with_children(|line| {
                    for dx in -3..=3 {
                        line.spawn((
                            ThumbCell { kind, dx, dy },
                            // In developer mode a click edits the wave (see `thumbnail_clicks`).
                            Button,
                            Node {
                                width: px(4),
                                height: px(4),
                                ..default()
                            },
                            BackgroundColor(Color::BLACK),
                        ));
                    }
                });
            }
        });
}

/// The panel's root node (its width follows the window).
#[derive(Component)]
pub struct WavePanel;

/// Below this logical width the panel goes compact: narrower, without the Pressure and
/// History texts, and the board moves further left and back to stay clear of it.
const COMPACT_WIDTH: f32 = 1100.0;

/// Keeps the panel usable in a small window.
pub fn fit_panel(
    cameras: Query<&Camera, With<crate::app::stage::MainCamera>>,
    mut panel: Query<&mut Node, (With<WavePanel>, Without<PanelText>)>,
    mut texts: Query<(&PanelText, &mut Node), Without<WavePanel>>,
    mut orbit: Query<&mut crate::app::camera::OrbitCamera>,
    mut last: Local<Option<bool>>,
) {
    let Some(size) = cameras.iter().find_map(|c| c.logical_viewport_size()) else {
        return;
    };
    let compact = size.x < COMPACT_WIDTH;
    if *last == Some(compact) {
        return;
    }
    *last = Some(compact);
    for mut node in &mut panel {
        node.width = px(if compact { 250 } else { 320 });
    }
    for (which, mut node) in &mut texts {
        if matches!(which, PanelText::Pressure | PanelText::History) {
            node.display = if compact {
                Display::None
            } else {
                Display::Flex
            };
        }
    }
    for mut orbit in &mut orbit {
        if compact {
            orbit.target.x = 2.6;
            orbit.set_home(0.0, 0.95, 13.5);
        } else {
            orbit.target.x = 1.4;
            orbit.set_home(0.0, 0.92, 11.5);
        }
    }
}

/// The developer section, shown only in developer mode.
#[derive(Component)]
pub struct DevSection;

fn text(size: f32) -> impl Bundle {
    (
        Text::new(""),
        TextFont::from_font_size(size),
        TextColor(TEXT),
    )
}

fn button(commands: &mut ChildSpawnerCommands, label: &str, command: Control, width: f32) {
    commands.spawn((
        Button,
        PanelButton(command),
        Node {
            width: px(width),
            height: px(22),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(4)),
            ..default()
        },
        BackgroundColor(BUTTON),
        children![(
            Text::new(label),
            TextFont::from_font_size(13.0),
            TextColor(TEXT),
            Pickable::IGNORE,
        )],
    ));
}

fn row() -> Node {
    Node {
        column_gap: px(4),
        align_items: AlignItems::Center,
        ..default()
    }
}

pub fn spawn_panel(commands: &mut Commands) {
    commands
        .spawn((
            crate::app::hud::GamePanel,
            Name::new("Wave Field panel"),
            WavePanel,
            DespawnOnExit(Screen::Playing),
            Node {
                position_type: PositionType::Absolute,
                right: px(10),
                // Below the HUD's playback panel (top right), above its key hint.
                top: px(50),
                width: px(320),
                max_height: percent(82),
                flex_direction: FlexDirection::Column,
                row_gap: px(4),
                padding: UiRect::all(px(8)),
                overflow: Overflow::clip(),
                border_radius: BorderRadius::all(px(6)),
                ..default()
            },
            BackgroundColor(Color::srgba(0.04, 0.045, 0.06, 0.78)),
        ))
        .with_children(|panel| {
            panel.spawn((PanelText::Header, text(14.0)));
            for kind in Kind::ALL {
                panel.spawn(row()).with_children(|r| {
                    button(r, "-", Control::Tune(kind, -1), 22.0);
                    button(r, "+", Control::Tune(kind, 1), 22.0);
                    spawn_thumbnail(r, kind);
                    r.spawn((PanelText::KindLine(kind), text(13.0)));
                });
            }
            panel.spawn(row()).with_children(|r| {
                button(r, "Dice", Control::Play(Action::Dice), 58.0);
                button(r, "Reset", Control::Play(Action::Reset), 58.0);
                button(r, "Hint", Control::Play(Action::Hint), 58.0);
                button(r, "Undo", Control::Undo, 58.0);
            });
            panel.spawn(row()).with_children(|r| {
                button(r, "Resign", Control::Play(Action::Resign), 58.0);
                button(r, "View", Control::CycleView, 58.0);
                button(r, "New", Control::NewGame, 58.0);
                button(r, "Dev", Control::ToggleDev, 58.0);
            });
            panel.spawn(row()).with_children(|r| {
                for (k, label) in ["C", "M", "Y", "K"].iter().enumerate() {
                    button(r, label, Control::ToggleChannel(k), 26.0);
                }
                button(r, "Level", Control::ToggleLevel, 50.0);
                r.spawn((PanelText::Level, text(12.0)));
            });
            panel.spawn((PanelText::Pressure, text(12.0)));
            panel.spawn((PanelText::History, text(12.0)));
            panel
                .spawn((
                    DevSection,
                    Node {
                        flex_direction: FlexDirection::Column,
                        row_gap: px(3),
                        display: Display::None,
                        ..default()
                    },
                ))
                .with_children(|dev| {
                    dev.spawn(row()).with_children(|r| {
                        for kind in Kind::ALL {
                            button(
                                r,
                                &format!("{}1-", kind.letter()),
                                Control::Play(Action::Press {
                                    kind,
                                    slot: 0,
                                    coef: -1,
                                }),
                                28.0,
                            );
                            button(
                                r,
                                &format!("{}1+", kind.letter()),
                                Control::Play(Action::Press {
                                    kind,
                                    slot: 0,
                                    coef: 1,
                                }),
                                28.0,
                            );
                        }
                    });
                    dev.spawn((
                        Text::new("Wave editor: click a thumbnail square to cycle -/0/+"),
                        TextFont::from_font_size(11.0),
                        TextColor(TEXT),
                    ));
                    dev.spawn(row()).with_children(|r| {
                        for kind in Kind::ALL {
                            button(
                                r,
                                &format!("{} preset", kind.letter()),
                                Control::EditPreset(kind),
                                70.0,
                            );
                        }
                    });
                    dev.spawn(row()).with_children(|r| {
                        for kind in Kind::ALL {
                            button(
                                r,
                                &format!("{} rings", kind.letter()),
                                Control::EditRings(kind),
                                70.0,
                            );
                        }
                    });
                    dev.spawn(row()).with_children(|r| {
                        button(r, "Restart", Control::Restart, 70.0);
                        button(r, "Restart, reset defs", Control::RestartAndReset, 190.0);
                    });
                    dev.spawn((PanelText::Dev, text(11.0)));
                });
        });
}

/// In developer mode, clicking a thumbnail square edits that offset of the kind's wave.
pub fn thumbnail_clicks(
    mut table: ResMut<WavefieldTable>,
    cells: Query<(&Interaction, &ThumbCell), Changed<Interaction>>,
) {
    if !table.dev {
        return;
    }
    for (interaction, cell) in &cells {
        if *interaction == Interaction::Pressed && (cell.dx, cell.dy) != (0, 0) {
            table
                .controls
                .push(Control::EditCell(cell.kind, cell.dx, cell.dy));
        }
    }
}

/// Button presses become commands for `apply_commands`.
#[allow(clippy::type_complexity)]
pub fn panel_buttons(
    mut table: ResMut<WavefieldTable>,
    mut buttons: Query<(&Interaction, &PanelButton, &mut BackgroundColor), Changed<Interaction>>,
) {
    for (interaction, button, mut color) in &mut buttons {
        match interaction {
            Interaction::Pressed => {
                color.0 = BUTTON_HOVER;
                table.controls.push(button.0);
            }
            Interaction::Hovered => color.0 = BUTTON_HOVER,
            Interaction::None => color.0 = BUTTON,
        }
    }
}
