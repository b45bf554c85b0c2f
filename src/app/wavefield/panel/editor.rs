//! Developer mode's wave editor (W11), a panel of its own on the left: per piece type the
//! slot count and active limit, each slot's pattern (presets, ring tables, 7 x 7 grids of
//! raw integers: click +1, right click or Shift+click -1), default controls, friendly and
//! hostile scales, energy and home energy; Restart, "Restart, reset definitions", Save and
//! Load; and one sentence on what the last edit or file operation did. Here: its layout
//! and the grid's clicks; what it shows is in `editor_readout`, the edits in `edits`.

use bevy::prelude::*;

use super::edits::Edit;
use super::{BUTTON, Lit, TEXT, button, row, text};
use crate::app::Screen;
use crate::app::table::TableInput;
use crate::app::table::TableSystems;
use crate::app::wavefield::{Control, Wavefield, WavefieldPlayed, WavefieldScene};
use crate::rules::wavefield::Kind;
use crate::rules::wavefield::patterns::MAX_SLOTS;

/// The kind tabs' labels, in `Kind::ALL` order.
const KIND_TABS: [&str; 4] = ["Round", "Tower", "Triangle", "Big Hat"];

const GRID_HELP: &str =
    "Click +1, right click or Shift+click -1; columns |dx|, rows |dy|, H the piece's own square.";

pub(in crate::app::wavefield) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            editor_cells.in_set(TableSystems::Input),
            panel_with_developer_mode
                .in_set(TableSystems::Show)
                .before(super::editor_readout::update_editor),
        )
            .run_if(resource_exists::<WavefieldPlayed>),
    );
}

/// The developer panel is there only in developer mode: set out when the mode comes on
/// (filled by the readout in the same frame) and taken away when it goes off,
/// its state kept in the scene. Kept hidden instead, its 182 nodes were nearly half the
/// table's UI, and the UI's layout passes walk every node on every frame.
fn panel_with_developer_mode(
    mut commands: Commands,
    table: Res<WavefieldScene>,
    panels: Query<Entity, With<DeveloperPanel>>,
) {
    if table.dev && panels.is_empty() {
        spawn_developer_panel(&mut commands);
    } else if !table.dev {
        for panel in &panels {
            commands.entity(panel).despawn();
        }
    }
}

/// The developer panel's root.
#[derive(Component)]
pub struct DeveloperPanel;

/// The developer panel's texts.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditorText {
    /// Whether the definitions shown are in force or edited.
    State,
    Slots,
    Limit,
    Pattern,
    Default,
    Friendly,
    Hostile,
    Strength,
    Home,
    /// The last [`Note`].
    Note,
}

/// A tab choosing what the editor works on.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FocusTab {
    Kind(Kind),
    Slot(usize),
}

/// One square of the focused slot's grid, at (|dx|, |dy|) from the piece.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct EditorCell {
    pub ax: u8,
    pub ay: u8,
}

/// The value shown on an [`EditorCell`].
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct EditorCellLabel(pub EditorCell);

fn labelled(r: &mut ChildSpawnerCommands, which: EditorText, width: f32) {
    r.spawn((
        which,
        text(12.0),
        Node {
            width: px(width),
            ..default()
        },
    ));
}

fn stepper(r: &mut ChildSpawnerCommands, which: EditorText, width: f32, edit: fn(i32) -> Edit) {
    labelled(r, which, width);
    button(r, "-", Control::Edit(edit(-1)), 22.0);
    button(r, "+", Control::Edit(edit(1)), 22.0);
}

fn spawn_grid(panel: &mut ChildSpawnerCommands) {
    panel
        .spawn(Node {
            flex_direction: FlexDirection::Column,
            row_gap: px(2),
            ..default()
        })
        .with_children(|grid| {
            for ay in 0..7u8 {
                grid.spawn(Node {
                    column_gap: px(2),
                    ..default()
                })
                .with_children(|line| {
                    for ax in 0..7u8 {
                        let cell = EditorCell { ax, ay };
                        line.spawn((
                            cell,
                            Button,
                            Node {
                                width: px(30),
                                height: px(17),
                                justify_content: JustifyContent::Center,
                                align_items: AlignItems::Center,
                                border_radius: BorderRadius::all(px(3)),
                                ..default()
                            },
                            BackgroundColor(BUTTON),
                            children![(
                                EditorCellLabel(cell),
                                Text::new(""),
                                TextFont::from_font_size(11.0),
                                TextColor(TEXT),
                                Pickable::IGNORE,
                            )],
                        ));
                    }
                });
            }
        });
}

/// The developer panel (developer mode: G, or the panel's Dev).
fn spawn_developer_panel(commands: &mut Commands) {
    commands
        .spawn((
            crate::app::ui::GamePanel,
            Name::new("Wave Field developer panel"),
            crate::app::ui::LayoutChecked("wavefield editor"),
            DeveloperPanel,
            DespawnOnExit(Screen::Playing),
            // Over the HUD's status where a short window brings them together, as when it
            // was spawned after the HUD (set out later, it may take a lower entity index,
            // which would put it under), and under every overlay.
            GlobalZIndex(1),
            Node {
                position_type: PositionType::Absolute,
                left: px(12),
                // Above the HUD's notices (bottom left), below its status (top left).
                bottom: px(56),
                width: px(300),
                max_height: percent(78),
                flex_direction: FlexDirection::Column,
                row_gap: px(4),
                padding: UiRect::all(px(8)),
                overflow: Overflow::clip(),
                border_radius: BorderRadius::all(px(6)),
                ..default()
            },
            BackgroundColor(Color::srgba(0.04, 0.045, 0.06, 0.84)),
        ))
        .with_children(|panel| {
            panel.spawn((
                Text::new("Wave editor"),
                TextFont::from_font_size(14.0),
                TextColor(TEXT),
            ));
            panel.spawn((EditorText::State, text(11.0)));
            panel.spawn(row()).with_children(|r| {
                for (kind, label) in Kind::ALL.into_iter().zip(KIND_TABS) {
                    button(r, label, Control::Edit(Edit::Kind(kind)), 66.0)
                        .insert((FocusTab::Kind(kind), Lit(false)));
                }
            });
            panel.spawn(row()).with_children(|r| {
                stepper(r, EditorText::Slots, 62.0, Edit::SlotCount);
                stepper(r, EditorText::Limit, 62.0, Edit::ActiveLimit);
            });
            panel.spawn(row()).with_children(|r| {
                for slot in 0..MAX_SLOTS {
                    let label = format!("Slot {}", slot + 1);
                    button(r, &label, Control::Edit(Edit::Slot(slot)), 60.0)
                        .insert((FocusTab::Slot(slot), Lit(false)));
                }
            });
            panel.spawn((EditorText::Pattern, text(12.0)));
            panel.spawn(row()).with_children(|r| {
                button(r, "Preset", Control::Edit(Edit::NextPreset), 64.0);
                button(r, "Rings", Control::Edit(Edit::Rings), 64.0);
                button(r, "Grid", Control::Edit(Edit::Grid), 64.0);
            });
            spawn_grid(panel);
            panel.spawn((
                Text::new(GRID_HELP),
                TextFont::from_font_size(10.0),
                TextColor(TEXT),
            ));
            panel.spawn(row()).with_children(|r| {
                labelled(r, EditorText::Default, 84.0);
                button(r, "Cycle", Control::Edit(Edit::DefaultControl), 56.0);
            });
            panel.spawn(row()).with_children(|r| {
                stepper(r, EditorText::Friendly, 84.0, Edit::FriendlyScale);
                stepper(r, EditorText::Hostile, 72.0, Edit::HostileScale);
            });
            panel.spawn(row()).with_children(|r| {
                stepper(r, EditorText::Strength, 84.0, Edit::Strength);
                stepper(r, EditorText::Home, 72.0, Edit::HomeEnergy);
            });
            panel.spawn(row()).with_children(|r| {
                button(r, "Restart", Control::Restart, 80.0);
                button(
                    r,
                    "Restart, reset definitions",
                    Control::RestartAndReset,
                    196.0,
                );
            });
            panel.spawn(row()).with_children(|r| {
                button(r, "Save", Control::SaveDefinitions, 80.0);
                button(r, "Load", Control::LoadDefinitions, 80.0);
            });
            panel.spawn((EditorText::Note, text(11.0)));
        });
}

/// Grid squares: a click steps the value up, a right click (or Shift+click) down.
pub(in crate::app::wavefield) fn editor_cells(
    table: Res<WavefieldScene>,
    mut input: MessageWriter<TableInput<Wavefield>>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    cells: Query<(Ref<Interaction>, &EditorCell)>,
) {
    if !table.dev {
        return;
    }
    let shift = keys.is_some_and(|k| k.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]));
    // Interaction follows the left button only; the right one is read while hovering.
    let right = mouse.is_some_and(|m| m.just_pressed(MouseButton::Right));
    for (interaction, cell) in &cells {
        let step = match *interaction {
            Interaction::Pressed if interaction.is_changed() => {
                if shift {
                    -1
                } else {
                    1
                }
            }
            Interaction::Hovered if right => -1,
            _ => continue,
        };
        input.write(TableInput::Game(Control::Edit(Edit::Cell {
            ax: cell.ax,
            ay: cell.ay,
            step,
        })));
    }
}
