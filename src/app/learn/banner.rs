//! The exercise's banner, top centre over the board: what it is, the goal, the last
//! verdict, and buttons for the hint (H), starting over, the next exercise (Enter once it
//! is met; Skip before) and the Learn sheet, so an exercise needs no keyboard.

use bevy::prelude::*;

use super::{Exercise, OpenExercise};
use crate::app::look::fonts::UiFonts;
use crate::app::table::TableCommand;
use crate::app::ui::LayoutChecked;
use crate::app::ui::theme::{
    BUTTON, BUTTON_HOVER, CORNER, DIM, INK, INK_BRIGHT, PANEL, TITLE, bold,
};
use crate::app::ui::widgets::{Activate, ButtonFills, pressable};
use crate::app::{KeyboardSystems, Overlay, Pause, PlayMode, Screen};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Playing),
        spawn_banner.after(crate::app::table::TableEnter::Start),
    )
    .add_systems(
        Update,
        (banner_keys.in_set(KeyboardSystems), show_banner)
            .chain()
            .run_if(in_state(Screen::Playing))
            .run_if(super::exercising),
    )
    .add_observer(press_banner_button);
}

/// A met goal, a miss, a hint.
const MET: Color = Color::srgb(0.55, 0.9, 0.55);
const MISSED: Color = Color::srgb(0.98, 0.7, 0.45);

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum BannerText {
    Title,
    Goal,
    Verdict,
}

/// What a banner button does.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BannerButton {
    Hint,
    StartOver,
    /// The next exercise (Skip until this one is met).
    Next,
    /// Back to the menu's Learn sheet for this game.
    Learn,
}

#[derive(Component)]
struct Banner;

fn spawn_banner(
    mut commands: Commands,
    exercise: Option<Res<Exercise>>,
    seats: Res<crate::app::table::Seats>,
    fonts: Option<Res<UiFonts>>,
) {
    if exercise.is_none() || seats.mode != PlayMode::Exercise {
        return;
    }
    let fonts = fonts.as_deref();
    // The middle of the top edge, between the status (kept to the left 29% in an
    // exercise) and the games' panels on the right; over the board's labels.
    commands
        .spawn((
            Name::new("Learn banner row"),
            DespawnOnExit(Screen::Playing),
            Node {
                position_type: PositionType::Absolute,
                left: percent(31),
                right: percent(31),
                top: px(10),
                justify_content: JustifyContent::Center,
                ..default()
            },
            GlobalZIndex(6),
            Pickable::IGNORE,
        ))
        .with_children(|row| {
            row.spawn((
                Name::new("Learn banner"),
                Banner,
                LayoutChecked("learn banner"),
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    row_gap: px(3),
                    padding: UiRect::axes(px(10), px(6)),
                    border_radius: BorderRadius::all(px(8)),
                    ..default()
                },
                BackgroundColor(PANEL),
            ))
            .with_children(|banner| {
                banner.spawn((
                    BannerText::Title,
                    Text::new(""),
                    bold(fonts, 13.0),
                    TextColor(TITLE),
                ));
                banner.spawn((
                    BannerText::Goal,
                    Text::new(""),
                    bold(fonts, 14.0),
                    TextColor(INK),
                ));
                banner.spawn((
                    BannerText::Verdict,
                    Text::new(""),
                    TextFont::from_font_size(13.0),
                    TextColor(DIM),
                ));
                banner
                    .spawn(Node {
                        column_gap: px(6),
                        margin: UiRect::top(px(2)),
                        ..default()
                    })
                    .with_children(|buttons| {
                        for (which, label, width) in [
                            (BannerButton::Hint, "Hint", 56.0),
                            (BannerButton::StartOver, "Start over", 84.0),
                            (BannerButton::Next, "Skip", 56.0),
                            (BannerButton::Learn, "Learn", 56.0),
                        ] {
                            buttons.spawn((which, small_button(label, width)));
                        }
                    });
            });
        });
}

/// A button lower than the kit's, so the banner stays short above the board.
fn small_button(label: &str, width: f32) -> impl Bundle {
    (
        pressable(),
        Node {
            width: px(width),
            height: px(26),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(CORNER)),
            ..default()
        },
        BackgroundColor(BUTTON),
        ButtonFills {
            rest: BUTTON,
            hover: BUTTON_HOVER,
        },
        children![(
            Text::new(label),
            TextFont::from_font_size(13.0),
            TextColor(INK_BRIGHT),
        )],
    )
}

/// Keeps the banner's words in step with the exercise.
fn show_banner(
    exercise: Res<Exercise>,
    mut texts: Query<(&BannerText, &mut Text, &mut TextColor)>,
    buttons: Query<(&BannerButton, &Children)>,
    mut labels: Query<&mut Text, Without<BannerText>>,
) {
    if !exercise.is_changed() {
        return;
    }
    for (which, mut text, mut color) in &mut texts {
        let (words, ink) = match which {
            // The status panel names the game.
            BannerText::Title => (exercise.title.clone(), TITLE),
            BannerText::Goal => (exercise.goal.clone(), INK),
            BannerText::Verdict => match &exercise.verdict {
                Some(v) if v.met => (v.text.clone(), MET),
                Some(v) if v.text.starts_with("Hint: ") || v.text == super::exercise::JUDGING => {
                    (v.text.clone(), DIM)
                }
                Some(v) => (v.text.clone(), MISSED),
                None => (String::new(), DIM),
            },
        };
        if text.0 != words {
            text.0 = words;
        }
        color.0 = ink;
    }
    let next = if exercise.solved { "Next" } else { "Skip" };
    for (which, children) in &buttons {
        if *which == BannerButton::Next {
            for child in children.iter() {
                if let Ok(mut label) = labels.get_mut(child)
                    && label.0 != next
                {
                    label.0 = next.to_string();
                }
            }
        }
    }
}

/// H shows the hint; Enter goes on once the goal is met.
fn banner_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    keymap: Res<crate::app::keymap::Keymap>,
    overlay: Res<State<Overlay>>,
    pause: Res<State<Pause>>,
    mut exercise: ResMut<Exercise>,
    mut open: MessageWriter<OpenExercise>,
) {
    let Some(keys) = keys else { return };
    if *overlay.get() != Overlay::None || *pause.get() != Pause::Running {
        return;
    }
    if keymap.just_pressed(&keys, crate::app::keymap::HINT) {
        show_hint(&mut exercise);
    }
    if exercise.solved && keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]) {
        open.write(OpenExercise {
            game: exercise.game,
            item: exercise.next(),
        });
    }
}

fn show_hint(exercise: &mut Exercise) {
    if !exercise.solved {
        let text = exercise.hint();
        exercise.verdict = Some(super::Verdict { text, met: false });
        exercise.hint_asked = true;
    }
}

fn press_banner_button(
    activate: On<Activate>,
    buttons: Query<&BannerButton>,
    exercise: Option<ResMut<Exercise>>,
    mut open: MessageWriter<OpenExercise>,
    mut table: MessageWriter<TableCommand>,
    mut screen: ResMut<NextState<Screen>>,
    mut overlay: ResMut<NextState<Overlay>>,
) {
    let (Ok(which), Some(mut exercise)) = (buttons.get(activate.entity), exercise) else {
        // Banner buttons exist only while an exercise is played.
        return;
    };
    match which {
        BannerButton::Hint => show_hint(&mut exercise),
        BannerButton::StartOver => {
            exercise.verdict = None;
            exercise.solved = false;
            table.write(TableCommand::NewGame);
        }
        BannerButton::Next => {
            open.write(OpenExercise {
                game: exercise.game,
                item: exercise.next(),
            });
        }
        BannerButton::Learn => {
            screen.set(Screen::Menu);
            overlay.set(Overlay::Learn(exercise.game));
        }
    }
}
