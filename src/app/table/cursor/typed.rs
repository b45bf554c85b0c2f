//! The typed move: `/` opens a one-line field that takes an action in the engine's
//! notation (`E3-G5`, `f5f6`, `d4 Q+`, `tune +-+-`, `pass`) and plays it on Enter, or
//! says in one line why not and keeps the text to mend; Escape closes it. While it is
//! open it has the input focus, so the shared keys stand aside.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input_focus::{FocusCause, InputFocus};
use bevy::prelude::*;

use super::BoardCursor;
use crate::app::keymap::{self, Keymap};
use crate::app::table::{Played, Seats, TableGame, TableInput, Viewing};
use crate::app::ui::theme::{CORNER, INK_BRIGHT, glass};
use crate::app::{Overlay, PlayMode, Screen, TextField};
use crate::rules::Rules;

/// The longest action typed (Wave Field's whole tunings are the longest written).
const LONGEST: usize = 32;

/// The typed move's text while its field is open.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct TypedMove(pub Option<String>);

/// The field's box (a text field: it has the focus while open).
#[derive(Component)]
pub struct TypedField;

/// The field's words.
#[derive(Component)]
pub struct TypedText;

pub(super) fn configure(app: &mut App) {
    app.init_resource::<TypedMove>()
        .add_systems(OnExit(Screen::Playing), close_on_leave)
        .add_systems(
            Update,
            show_field
                .in_set(crate::app::table::TableSystems::Show)
                .run_if(resource_changed::<TypedMove>),
        );
}

pub(super) fn plugin<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        type_keys::<G>
            .in_set(crate::app::table::TableSystems::Input)
            .in_set(crate::app::PausableSystems)
            .run_if(resource_exists::<Played<G>>),
    );
}

fn close_on_leave(mut typed: ResMut<TypedMove>) {
    typed.0 = None;
}

#[allow(clippy::too_many_arguments)]
fn type_keys<G: TableGame>(
    mut commands: Commands,
    mut events: MessageReader<KeyboardInput>,
    mut typed: ResMut<TypedMove>,
    mut focus: ResMut<InputFocus>,
    played: Res<Played<G>>,
    seats: Res<Seats>,
    viewing: Res<Viewing>,
    overlay: Res<State<Overlay>>,
    fields: Query<Entity, With<TypedField>>,
    other_fields: Query<(), With<TextField>>,
    mut cursor: ResMut<BoardCursor>,
    mut input: MessageWriter<TableInput<G>>,
    keymap: Res<Keymap>,
) {
    // The slash as typed (whatever the layout puts it on), or the key given instead.
    let opens = |event: &KeyboardInput| {
        if keymap.is_default(keymap::TYPE_MOVE) {
            event.logical_key == Key::Character("/".into())
        } else {
            event.key_code == keymap.key(keymap::TYPE_MOVE)
        }
    };
    let may_type = seats.mode != PlayMode::Setup
        && viewing.0.is_none()
        && !played.over()
        && *overlay.get() == Overlay::None;
    for event in events.read() {
        if event.state != ButtonState::Pressed {
            continue;
        }
        let Some(text) = typed.0.as_mut() else {
            // Another text field (a move list entry) keeps its own slash.
            let elsewhere = focus.get().is_some_and(|f| other_fields.contains(f));
            if may_type && !elsewhere && opens(event) {
                typed.0 = Some(String::new());
                let field = commands.spawn(field_bundle()).id();
                focus.set(field, FocusCause::Navigated);
                cursor.said =
                    "Type a move as the engine writes it; Enter plays, Esc closes.".to_string();
            }
            continue;
        };
        match &event.logical_key {
            Key::Character(c) => {
                let clean: String = c.chars().filter(|c| c.is_ascii_graphic()).collect();
                if text.len() + clean.len() <= LONGEST {
                    text.push_str(&clean);
                }
            }
            Key::Space if !text.is_empty() && text.len() < LONGEST => text.push(' '),
            Key::Backspace => {
                text.pop();
            }
            Key::Escape => close(&mut commands, &mut typed, &mut focus, &fields),
            Key::Enter => {
                let written = text.trim().to_string();
                if written.is_empty() {
                    close(&mut commands, &mut typed, &mut focus, &fields);
                    return;
                }
                if !seats.human_to_move(played.to_move()) {
                    cursor.said = "It is not your turn.".to_string();
                    return;
                }
                match played.game.rules().parse_action(&written) {
                    Ok(action) => {
                        input.write(TableInput::Play(action));
                        cursor.said = format!("Played {written}.");
                        cursor.pick = None;
                        close(&mut commands, &mut typed, &mut focus, &fields);
                    }
                    Err(e) => cursor.said = e.to_string(),
                }
                return;
            }
            _ => {}
        }
    }
}

fn close(
    commands: &mut Commands,
    typed: &mut TypedMove,
    focus: &mut InputFocus,
    fields: &Query<Entity, With<TypedField>>,
) {
    typed.0 = None;
    for field in fields {
        commands.entity(field).despawn();
    }
    focus.clear();
}

fn field_bundle() -> impl Bundle {
    (
        Name::new("Typed move"),
        TypedField,
        TextField,
        DespawnOnExit(Screen::Playing),
        Node {
            position_type: PositionType::Absolute,
            bottom: px(84),
            width: percent(100),
            justify_content: JustifyContent::Center,
            ..default()
        },
        GlobalZIndex(8),
        Pickable::IGNORE,
        children![(
            Node {
                padding: UiRect::axes(px(12), px(6)),
                border_radius: BorderRadius::all(px(CORNER)),
                min_width: px(260),
                ..default()
            },
            BackgroundColor(glass(0.92)),
            Outline::new(px(2), px(0), Color::srgb(1.0, 0.82, 0.25)),
            children![(
                TypedText,
                Text::new("Move: _"),
                TextFont::from_font_size(18.0),
                TextColor(INK_BRIGHT),
            )],
        )],
    )
}

fn show_field(typed: Res<TypedMove>, mut texts: Query<&mut Text, With<TypedText>>) {
    let Some(text) = &typed.0 else { return };
    for mut shown in &mut texts {
        shown.0 = format!("Move: {text}_");
    }
}
