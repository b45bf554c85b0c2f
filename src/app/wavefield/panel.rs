//! The side panel: tuning (+/- per piece type with the signed contribution, Dice, Reset),
//! Hint, Undo, Resign, the views, Pressure, the History Roll, and developer mode.

use bevy::prelude::*;

use super::{Command, WavefieldTable};
use crate::app::Screen;
use crate::rules::wavefield::patterns::{Pattern, format_units};
use crate::rules::wavefield::views;
use crate::rules::wavefield::{Action, Cell, Kind};

const BUTTON: Color = Color::srgb(0.18, 0.2, 0.26);
const BUTTON_HOVER: Color = Color::srgb(0.27, 0.31, 0.4);
const TEXT: Color = Color::srgb(0.93, 0.92, 0.88);

/// A panel button and the command it sends.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PanelButton(pub Command);

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

fn button(commands: &mut ChildSpawnerCommands, label: &str, command: Command, width: f32) {
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
            Name::new("Wave Field panel"),
            WavePanel,
            DespawnOnExit(Screen::Playing),
            Node {
                position_type: PositionType::Absolute,
                right: px(10),
                top: px(40),
                width: px(320),
                max_height: percent(88),
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
                    button(r, "-", Command::Tune(kind, -1), 22.0);
                    button(r, "+", Command::Tune(kind, 1), 22.0);
                    spawn_thumbnail(r, kind);
                    r.spawn((PanelText::KindLine(kind), text(13.0)));
                });
            }
            panel.spawn(row()).with_children(|r| {
                button(r, "Dice", Command::Play(Action::Dice), 58.0);
                button(r, "Reset", Command::Play(Action::Reset), 58.0);
                button(r, "Hint", Command::Play(Action::Hint), 58.0);
                button(r, "Undo", Command::Undo, 58.0);
            });
            panel.spawn(row()).with_children(|r| {
                button(r, "Resign", Command::Play(Action::Resign), 58.0);
                button(r, "View", Command::CycleView, 58.0);
                button(r, "New", Command::NewGame, 58.0);
                button(r, "Dev", Command::ToggleDev, 58.0);
            });
            panel.spawn(row()).with_children(|r| {
                for (k, label) in ["C", "M", "Y", "K"].iter().enumerate() {
                    button(r, label, Command::ToggleChannel(k), 26.0);
                }
                button(r, "Level", Command::ToggleLevel, 50.0);
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
                                Command::Play(Action::Press {
                                    kind,
                                    slot: 0,
                                    coef: -1,
                                }),
                                28.0,
                            );
                            button(
                                r,
                                &format!("{}1+", kind.letter()),
                                Command::Play(Action::Press {
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
                                Command::EditPreset(kind),
                                70.0,
                            );
                        }
                    });
                    dev.spawn(row()).with_children(|r| {
                        for kind in Kind::ALL {
                            button(
                                r,
                                &format!("{} rings", kind.letter()),
                                Command::EditRings(kind),
                                70.0,
                            );
                        }
                    });
                    dev.spawn(row()).with_children(|r| {
                        button(r, "Restart", Command::Restart, 70.0);
                        button(r, "Restart, reset defs", Command::RestartAndReset, 190.0);
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
                .commands
                .push(Command::EditCell(cell.kind, cell.dx, cell.dy));
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
                table.commands.push(button.0);
            }
            Interaction::Hovered => color.0 = BUTTON_HOVER,
            Interaction::None => color.0 = BUTTON,
        }
    }
}

fn sign(v: i32) -> char {
    if v < 0 { '-' } else { '+' }
}

pub fn update_panel(
    table: Res<WavefieldTable>,
    mut texts: Query<(&PanelText, &mut Text)>,
    mut dev: Query<&mut Node, With<DevSection>>,
    mut thumbs: Query<(&ThumbCell, &mut BackgroundColor), Without<PanelButton>>,
) {
    let game = &table.game;
    let pos = game.position();
    let side = pos.to_move();
    let profile = pos.profile(side);
    // In developer mode the thumbnails show the draft being edited.
    let defs = match (&table.draft, table.dev) {
        (Some(draft), true) => draft,
        _ => game.definitions(),
    };
    for (cell, mut color) in &mut thumbs {
        let value: i32 = defs
            .kind(cell.kind)
            .slots
            .first()
            .map(|p| p.basis(cell.dx, cell.dy))
            .unwrap_or(0)
            * profile.coef(cell.kind)
            * side.sign();
        let wanted = thumb_color(value, cell.dx.abs().max(cell.dy.abs()));
        if color.0 != wanted {
            color.0 = wanted;
        }
    }
    for (which, mut t) in &mut texts {
        let value = match which {
            PanelText::Header => format!("Tuning: {} ({profile})", side.title()),
            PanelText::KindLine(kind) => {
                let coef = profile.coef(*kind);
                format!(
                    "{}: {} (field {})",
                    kind.title(),
                    sign(coef),
                    sign(coef * side.sign()),
                )
            }
            PanelText::Level => table.level.name().to_string(),
            PanelText::Pressure => {
                let p = game.pressure();
                let trend: Vec<String> = p.trend.iter().map(|v| format_units(*v)).collect();
                format!(
                    "Pressure ({})\nlegal moves {} | unstable: own {}, theirs {}\nBig Hat margin {}{}\ntrend {}",
                    p.side.title(),
                    p.legal_moves,
                    p.unstable_own,
                    p.unstable_opponent,
                    p.big_hat_margin_text,
                    if p.trapped { " (trapped)" } else { "" },
                    trend.join(" ")
                )
            }
            PanelText::History if table.dev => String::new(),
            PanelText::History => {
                let lines = game.history_roll();
                let recent: Vec<String> = lines
                    .iter()
                    .rev()
                    .take(9)
                    .rev()
                    .map(|l| format!("{:>3} {}", l.entry + 1, l.text))
                    .collect();
                format!("History Roll\n{}", recent.join("\n"))
            }
            PanelText::Dev => {
                if table.dev {
                    dev_text(&table)
                } else {
                    String::new()
                }
            }
        };
        if t.0 != value {
            t.0 = value;
        }
    }
    let display = if table.dev {
        Display::Flex
    } else {
        Display::None
    };
    for mut node in &mut dev {
        if node.display != display {
            node.display = display;
        }
    }
}

/// Developer mode: the raw field, the selected square's contributions, mobility and the
/// wave definitions.
fn dev_text(table: &WavefieldTable) -> String {
    let game = &table.game;
    let pos = game.position();
    let mut out = String::from("Raw field (1/64 units), row 7 first\n");
    for y in 0..7 {
        let row: Vec<String> = (0..7)
            .filter_map(|x| Cell::new(x, y))
            .map(|c| format!("{:>6}", pos.value(c)))
            .collect();
        out += &row.join("");
        out.push('\n');
    }
    if let Some(id) = table.selected {
        let cell = pos.piece(id).cell;
        let b = game.breakdown(cell);
        out += &format!(
            "{cell}: total {} | R {} T {} A {} B {}\n",
            format_units(b.total),
            format_units(b.per_kind[0]),
            format_units(b.per_kind[1]),
            format_units(b.per_kind[2]),
            format_units(b.per_kind[3])
        );
    }
    let mobility: Vec<String> = views::mobility(pos)
        .iter()
        .map(|(id, n)| {
            let p = pos.piece(*id);
            format!("{}{}:{n}", p.kind.letter(), p.cell)
        })
        .collect();
    out += &format!("mobility {}\n", mobility.join(" "));
    let defs = game.definitions();
    for kind in Kind::ALL {
        let d = defs.kind(kind);
        let slots: Vec<String> = d
            .slots
            .iter()
            .map(|s| match s {
                Pattern::Preset(p) => p.name().to_string(),
                Pattern::Rings(r) => format!("rings {r:?}"),
                Pattern::Grid(_) => "grid".to_string(),
            })
            .collect();
        out += &format!(
            "{}: {} | slots {} (limit {}) | defaults {:?} | scales {}/{} | energy {} | home {}\n",
            kind.letter(),
            slots.join(","),
            d.slots.len(),
            d.active_limit,
            d.default_controls,
            d.friendly_scale,
            d.hostile_scale,
            d.strength,
            d.home_energy
        );
    }
    out
}
