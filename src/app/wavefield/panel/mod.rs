//! The side panel: tuning (+/- for every component slot of every piece type, with the
//! signed contribution and a live thumbnail), Dice, Reset, Hint, Undo, Resign, the views,
//! Pressure, the History Roll and developer mode's readout; and, in developer mode, the
//! wave editor's own panel (`editor`, `editor_readout`), its state and edits (`edits`)
//! and its file (`definitions_file`).

pub mod definitions_file;
pub mod editor;
pub mod editor_readout;
pub mod edits;
mod thumbnail;

use bevy::ecs::system::EntityCommands;
use bevy::prelude::*;

use super::{Control, Wavefield, WavefieldScene};
use crate::app::Screen;
use crate::app::table::TableInput;
use crate::app::ui::widgets::{Activate, pressable};
use crate::rules::wavefield::patterns::MAX_SLOTS;
use crate::rules::wavefield::{Action, Kind};

use thumbnail::spawn_thumbnail;
pub use thumbnail::{THUMB_SIDE, Thumbnail, thumb_color, thumbnail_click};

pub(super) const BUTTON: Color = Color::srgb(0.18, 0.2, 0.26);
const BUTTON_HOVER: Color = Color::srgb(0.27, 0.31, 0.4);
/// A button showing a state that is on (the active control of a slot, a focused tab).
const BUTTON_LIT: Color = Color::srgb(0.52, 0.42, 0.16);
pub(super) const TEXT: Color = Color::srgb(0.93, 0.92, 0.88);

/// A panel button and the command it sends.
#[derive(Component, Clone, Debug)]
pub struct PanelButton(pub TableInput<Wavefield>);

/// Whether a button shows its state as on; the readouts set it, `paint_buttons` shows it.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lit(pub bool);

/// A tuning button: the control `coef` for slot `slot` (0-based) of `kind`. Slot 1's
/// buttons send [`Control::Tune`]; the others press their slot with [`Action::Press`].
/// Shown only for the slots the kind has.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlotButton {
    pub kind: Kind,
    pub slot: usize,
    pub coef: i32,
}

/// The label of a [`SlotButton`]: `+` / `-` with one slot, `1+`, `2-` ... with several.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlotLabel(pub SlotButton);

/// The panel's texts, written again when what they show changes.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelText {
    Header,
    KindLine(Kind),
    Level,
    Pressure,
    History,
    Dev,
}

/// The panel's root node (its width follows the window).
#[derive(Component)]
pub struct WavePanel;

/// Below this logical width the panel goes compact: narrower, without the Pressure and
/// History texts, and the board moves further left and back to stay clear of it.
const COMPACT_WIDTH: f32 = 1100.0;

/// While a position is set up the editor's panel stands where this one does and the
/// tunings are its settings: this one gives way (a table leaves setting up only by being
/// set out afresh, with a panel of its own).
pub fn hide_while_set_up(
    seats: Res<crate::app::table::Seats>,
    mut panel: Query<&mut Visibility, With<WavePanel>>,
) {
    if seats.mode == crate::app::PlayMode::Setup {
        for mut visibility in &mut panel {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}

/// Keeps the panel usable in a small window (the review's part folded there); in
/// developer mode the board moves to the middle, between the tuning panel and the wave
/// editor.
pub fn fit_panel(
    table: Res<WavefieldScene>,
    cameras: Query<&Camera, With<crate::app::camera::MainCamera>>,
    mut panel: Query<&mut Node, (With<WavePanel>, Without<PanelText>)>,
    mut texts: Query<(&PanelText, &mut Node), Without<WavePanel>>,
    mut orbit: Query<&mut crate::app::camera::OrbitCamera>,
    played: Res<super::WavefieldPlayed>,
    mut review_folded: ResMut<crate::app::table::review_panel::ReviewFolded>,
    mut last: Local<Option<(bool, bool)>>,
) {
    // A table just set out has its camera seated afresh: frame it again.
    if played.is_added() {
        *last = None;
    }
    let Some(size) = cameras.iter().find_map(|c| c.logical_viewport_size()) else {
        return;
    };
    let compact = size.x < COMPACT_WIDTH;
    let dev = table.dev;
    if *last == Some((compact, dev)) {
        return;
    }
    let compact_changed = last.is_none_or(|(c, _)| c != compact);
    *last = Some((compact, dev));
    // The review's part hangs under the status; in a small window it starts folded to
    // its heading, and the board stands between it and the panel.
    if compact_changed {
        review_folded.0 = compact;
    }
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
        let x = match (compact, dev) {
            // Clear of the review's part under the status as well.
            (false, false) => 0.9,
            (false, true) => 0.1,
            // Between the review's folded part (left, under the status) and the panel.
            (true, false) => 0.8,
            (true, true) => 0.9,
        };
        orbit.aim(Vec3::new(x, 0.0, super::table::AIM_Z));
        // Only a new window size moves the camera home; developer mode keeps the orbit.
        if compact_changed {
            if compact {
                orbit.set_home(0.0, 0.95, 13.5);
            } else {
                orbit.set_home(0.0, 0.92, 11.5);
            }
        }
    }
}

/// The developer section, shown only in developer mode.
#[derive(Component)]
pub struct DevSection;

pub(super) fn text(size: f32) -> impl Bundle {
    (
        Text::new(""),
        TextFont::from_font_size(size),
        TextColor(TEXT),
    )
}

pub(super) fn button_node(width: f32) -> Node {
    Node {
        width: px(width),
        height: px(22),
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        border_radius: BorderRadius::all(px(4)),
        ..default()
    }
}

pub(super) fn button<'a>(
    commands: &'a mut ChildSpawnerCommands,
    label: &str,
    command: impl Into<TableInput<Wavefield>>,
    width: f32,
) -> EntityCommands<'a> {
    commands.spawn((
        pressable(),
        PanelButton(command.into()),
        button_node(width),
        BackgroundColor(BUTTON),
        children![(
            Text::new(label),
            TextFont::from_font_size(13.0),
            TextColor(TEXT),
            Pickable::IGNORE,
        )],
    ))
}

pub(super) fn row() -> Node {
    Node {
        column_gap: px(4),
        align_items: AlignItems::Center,
        ..default()
    }
}

/// The -/+ pair of every slot of `kind` (slots past the kind's count are hidden).
fn spawn_slot_buttons(r: &mut ChildSpawnerCommands, kind: Kind) {
    for slot in 0..MAX_SLOTS {
        for coef in [-1, 1] {
            let which = SlotButton { kind, slot, coef };
            let command = if slot == 0 {
                Control::Tune(kind, coef)
            } else {
                Control::Play(Action::Press {
                    kind,
                    slot: slot as u8,
                    coef: coef as i8,
                })
            };
            r.spawn((
                pressable(),
                PanelButton(TableInput::Game(command)),
                which,
                Lit(false),
                Node {
                    // A little air between one slot's pair and the next.
                    margin: UiRect::left(px(if slot > 0 && coef < 0 { 4 } else { 0 })),
                    ..button_node(22.0)
                },
                BackgroundColor(BUTTON),
                children![(
                    SlotLabel(which),
                    Text::new(if coef < 0 { "-" } else { "+" }),
                    TextFont::from_font_size(12.0),
                    TextColor(TEXT),
                    Pickable::IGNORE,
                )],
            ));
        }
    }
}

/// The tuning panel, in `column` (the HUD's right column) when there is one.
pub fn spawn_panel(commands: &mut Commands, images: &mut Assets<Image>, column: Option<Entity>) {
    let mut panel = commands.spawn((
        crate::app::ui::GamePanel,
        Name::new("Wave Field panel"),
        crate::app::ui::LayoutChecked("wavefield panel"),
        WavePanel,
        DespawnOnExit(Screen::Playing),
        Node {
            // Below the HUD's playback panel (top right), above its key hint: in
            // its column, else placed there.
            position_type: if column.is_some() {
                PositionType::Relative
            } else {
                PositionType::Absolute
            },
            right: px(if column.is_some() { 0.0 } else { 10.0 }),
            top: px(if column.is_some() { 0.0 } else { 50.0 }),
            width: px(320),
            // In the column its own height, never squeezed by the move list under it (a
            // share of a column as tall as its content cut the last line at 1920x1080).
            max_height: if column.is_some() {
                Val::Auto
            } else {
                percent(82)
            },
            flex_shrink: 0.0,
            flex_direction: FlexDirection::Column,
            row_gap: px(4),
            padding: UiRect::all(px(8)),
            overflow: Overflow::clip(),
            border_radius: BorderRadius::all(px(6)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.04, 0.045, 0.06, 0.78)),
    ));
    if let Some(column) = column {
        panel.insert(ChildOf(column));
    }
    panel.with_children(|panel| {
        panel.spawn((PanelText::Header, text(14.0)));
        for kind in Kind::ALL {
            panel.spawn(row()).with_children(|r| {
                spawn_slot_buttons(r, kind);
                spawn_thumbnail(r, kind, images);
                r.spawn((PanelText::KindLine(kind), text(13.0)));
            });
        }
        panel.spawn(row()).with_children(|r| {
            button(r, "Dice", Control::Play(Action::Dice), 58.0);
            button(r, "Reset", Control::Play(Action::Reset), 58.0);
            button(r, "Hint", Control::Play(Action::Hint), 58.0);
            button(r, "Undo", TableInput::Undo, 58.0);
        });
        panel.spawn(row()).with_children(|r| {
            button(r, "Resign", Control::Play(Action::Resign), 58.0);
            button(r, "View", Control::CycleView, 58.0);
            button(r, "New", TableInput::NewGame, 58.0);
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
        panel.spawn((
            DevSection,
            PanelText::Dev,
            text(11.0),
            Node {
                display: Display::None,
                ..default()
            },
        ));
    });
}

/// Button presses are the table's input (the game's own controls).
pub fn panel_button(
    activate: On<Activate>,
    buttons: Query<&PanelButton>,
    mut input: MessageWriter<TableInput<Wavefield>>,
) {
    if let Ok(button) = buttons.get(activate.entity) {
        input.write(button.0.clone());
    }
}

/// A button's colour: hovered or pressed, lit, or plain.
pub fn paint_buttons(
    mut buttons: Query<
        (&Interaction, Option<&Lit>, &mut BackgroundColor),
        (With<PanelButton>, Or<(Changed<Interaction>, Changed<Lit>)>),
    >,
) {
    for (interaction, lit, mut color) in &mut buttons {
        let want = match interaction {
            Interaction::Pressed | Interaction::Hovered => BUTTON_HOVER,
            Interaction::None if lit.is_some_and(|l| l.0) => BUTTON_LIT,
            Interaction::None => BUTTON,
        };
        if color.0 != want {
            color.0 = want;
        }
    }
}
