//! The Learn sheet over the menu (`Overlay::Learn(game)`): the game's lessons in order,
//! each marked when done, then its puzzles with how many are solved and the streak, the
//! player's own puzzles (blunders kept from games played here) when there are any, and
//! Back. A click starts a lesson or the next unsolved puzzle; Escape closes the sheet.

use bevy::prelude::*;

use super::{Item, LearnProgress, OpenExercise, OwnBook, puzzle_names};
use crate::app::ui::LayoutChecked;
use crate::app::ui::theme::{BUTTON, BUTTON_HOVER, CHOSEN, DIM, INK_BRIGHT, SHEET, TITLE};
use crate::app::ui::widgets::{Activate, ButtonFills, button};
use crate::app::{Overlay, Screen};
use crate::lessons::library as lesson_library;
use crate::lessons::progress::Progress;
use crate::rules::GameId;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (close_on_escape, show_sheet)
            .chain()
            .run_if(in_state(Screen::Menu)),
    )
    .add_observer(press_sheet_button);
}

/// What a sheet button does.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SheetButton {
    Open(GameId, Item),
    Back,
}

#[derive(Component)]
struct SheetRoot;

/// A lesson done, on its button.
const DONE: Color = Color::srgb(0.22, 0.36, 0.24);
const DONE_HOVER: Color = Color::srgb(0.3, 0.46, 0.32);

fn open_for(overlay: &State<Overlay>) -> Option<GameId> {
    match overlay.get() {
        Overlay::Learn(game) => Some(*game),
        _ => None,
    }
}

fn close_on_escape(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    overlay: Res<State<Overlay>>,
    mut next: ResMut<NextState<Overlay>>,
) {
    if open_for(&overlay).is_some() && keys.is_some_and(|k| k.just_pressed(KeyCode::Escape)) {
        next.set(Overlay::None);
    }
}

/// The lessons of `game` as (file name, title).
fn lesson_titles(game: GameId) -> Vec<(&'static str, String)> {
    fn titles<R: crate::lessons::Lessoned>() -> Vec<(&'static str, String)> {
        lesson_library::lessons::<R>()
            .map(|l| l.into_iter().map(|(n, l)| (n, l.title)).collect())
            .unwrap_or_default()
    }
    crate::with_rules!(game, R => titles::<R>())
}

/// Sets the sheet out when it opens, and afresh when progress changes.
fn show_sheet(
    mut commands: Commands,
    overlay: Res<State<Overlay>>,
    learn: Res<LearnProgress>,
    book: Res<OwnBook>,
    roots: Query<Entity, With<SheetRoot>>,
    mut shown: Local<Option<GameId>>,
) {
    let want = open_for(&overlay);
    let changed = learn.is_changed() || book.is_changed();
    if *shown == want && !changed && (want.is_none() || !roots.is_empty()) {
        return;
    }
    *shown = want;
    for root in &roots {
        commands.entity(root).despawn();
    }
    let Some(game) = want else {
        return;
    };
    let progress = &learn.progress;
    let lessons = lesson_titles(game);
    let puzzles = puzzle_names(game);
    commands
        .spawn((
            Name::new("Learn sheet"),
            SheetRoot,
            DespawnOnExit(Screen::Menu),
            DespawnOnExit(Overlay::Learn(game)),
            LayoutChecked("learn sheet"),
            Node {
                position_type: PositionType::Absolute,
                align_self: AlignSelf::Center,
                justify_self: JustifySelf::Center,
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: px(6),
                padding: UiRect::axes(px(24), px(16)),
                border_radius: BorderRadius::all(px(10)),
                ..default()
            },
            GlobalZIndex(10),
            BackgroundColor(SHEET),
        ))
        .with_children(|sheet| {
            sheet.spawn((
                Text::new(format!("Learn {}", game.title())),
                TextFont::from_font_size(24.0),
                TextColor(TITLE),
            ));
            sheet.spawn((
                Text::new(format!(
                    "Lessons: {} of {} done",
                    progress.lessons_done(game),
                    lessons.len()
                )),
                TextFont::from_font_size(14.0),
                TextColor(DIM),
            ));
            // Two columns of lessons keep the sheet inside 540 rows.
            sheet
                .spawn(Node {
                    display: Display::Grid,
                    grid_template_columns: RepeatedGridTrack::px(2, 260.0),
                    column_gap: px(8),
                    row_gap: px(6),
                    ..default()
                })
                .with_children(|grid| {
                    for (i, (name, title)) in lessons.iter().enumerate() {
                        let done = progress.lesson_done(game, name);
                        let (rest, hover) = if done {
                            (DONE, DONE_HOVER)
                        } else {
                            (BUTTON, BUTTON_HOVER)
                        };
                        let label = if done {
                            format!("{}. {title} (done)", i + 1)
                        } else {
                            format!("{}. {title}", i + 1)
                        };
                        grid.spawn((
                            SheetButton::Open(game, Item::Lesson(i)),
                            button(&label, 260.0, rest, INK_BRIGHT),
                            ButtonFills { rest, hover },
                        ));
                    }
                });
            // The mined puzzles' count (the player's own are counted below).
            let solved = puzzles
                .iter()
                .filter(|n| progress.puzzle_solved(game, n))
                .count();
            sheet.spawn((
                Text::new(format!(
                    "Puzzles: {solved} of {} solved · streak {} (best {})",
                    puzzles.len(),
                    progress.streak(game),
                    progress.best_streak(game)
                )),
                TextFont::from_font_size(14.0),
                TextColor(DIM),
                Node {
                    margin: UiRect::top(px(6)),
                    ..default()
                },
            ));
            let names: Vec<&str> = puzzles.iter().map(String::as_str).collect();
            let next = Progress::next_of(|n| progress.puzzle_solved(game, n), &names);
            let own: Vec<&str> = book.of_game(game).iter().map(|p| p.name.as_str()).collect();
            let own_next = Progress::next_of(|n| progress.puzzle_solved(game, n), &own);
            if !own.is_empty() {
                let solved = own
                    .iter()
                    .filter(|n| progress.puzzle_solved(game, n))
                    .count();
                sheet.spawn((
                    Text::new(format!(
                        "Your puzzles (your blunders): {solved} of {} solved",
                        own.len()
                    )),
                    TextFont::from_font_size(14.0),
                    TextColor(DIM),
                ));
            }
            sheet
                .spawn(Node {
                    column_gap: px(8),
                    ..default()
                })
                .with_children(|row| {
                    if let Some(i) = next {
                        row.spawn((
                            SheetButton::Open(game, Item::Puzzle(i)),
                            button(
                                &format!("Puzzle {} (easy to hard)", i + 1),
                                220.0,
                                CHOSEN,
                                INK_BRIGHT,
                            ),
                        ));
                    }
                    if let Some(i) = own_next {
                        row.spawn((
                            SheetButton::Open(game, Item::Own(i)),
                            button(&format!("Your puzzle {}", i + 1), 160.0, CHOSEN, INK_BRIGHT),
                        ));
                    }
                    row.spawn((
                        SheetButton::Back,
                        button("Back", 100.0, BUTTON, INK_BRIGHT),
                        ButtonFills {
                            rest: BUTTON,
                            hover: BUTTON_HOVER,
                        },
                    ));
                });
        });
}

fn press_sheet_button(
    activate: On<Activate>,
    buttons: Query<&SheetButton>,
    mut open: MessageWriter<OpenExercise>,
    mut overlay: ResMut<NextState<Overlay>>,
) {
    match buttons.get(activate.entity) {
        Ok(SheetButton::Open(game, item)) => {
            open.write(OpenExercise {
                game: *game,
                item: *item,
            });
        }
        Ok(SheetButton::Back) => overlay.set(Overlay::None),
        Err(_) => {}
    }
}
