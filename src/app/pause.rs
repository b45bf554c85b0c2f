//! The pause menu (Escape in a game): resume, new game (same settings), undo, save the
//! replay, settings, rules, back to the menu. While paused, time stands still (playback,
//! the computer's clock) and the table takes no input; resuming goes on exactly where the
//! game was. The showcase has no pause: Escape leaves it. An overlay open over the screen
//! (the help, the settings) takes Escape first: it closes itself.

use bevy::prelude::*;

use super::hud::HelpTab;
use super::table::Seats;
use super::table::TableCommand;
use super::ui::LayoutChecked;
use super::ui::theme::{BUTTON, BUTTON_HOVER, INK_BRIGHT, SHEET, TITLE};
use super::ui::widgets::{Activate, ButtonFills, button, overlay_screen};
use super::{ActiveGame, KeyboardSystems, Overlay, Pause, PlayMode, Screen};

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (escape_key.in_set(KeyboardSystems), cover_pause_menu).chain(),
    )
    .add_observer(press_pause_button)
    .add_systems(OnEnter(Pause::Paused), (spawn_pause_menu, hold_time))
    .add_systems(OnExit(Pause::Paused), release_time)
    .add_systems(OnExit(Screen::Playing), unpause);
}

/// The pause menu's buttons.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PauseButton {
    Resume,
    NewGame,
    Undo,
    /// Judges every turn of the game (#43): marks beside the move list's rows.
    Review,
    SaveReplay,
    Settings,
    Rules,
    Menu,
}

impl PauseButton {
    pub const ALL: [PauseButton; 8] = [
        PauseButton::Resume,
        PauseButton::NewGame,
        PauseButton::Undo,
        PauseButton::Review,
        PauseButton::SaveReplay,
        PauseButton::Settings,
        PauseButton::Rules,
        PauseButton::Menu,
    ];

    fn label(self) -> &'static str {
        match self {
            PauseButton::Resume => "Resume",
            PauseButton::NewGame => "New game (same settings)",
            PauseButton::Undo => "Undo",
            PauseButton::Review => "Review the game",
            PauseButton::SaveReplay => "Save replay",
            PauseButton::Settings => "Settings",
            PauseButton::Rules => "Rules",
            PauseButton::Menu => "Back to the menu",
        }
    }
}

/// Escape with nothing over the screen: in a game it pauses and resumes (or leaves the
/// showcase). A text field with the keyboard keeps it.
fn escape_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    screen: Res<State<Screen>>,
    overlay: Res<State<Overlay>>,
    pause: Res<State<Pause>>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut next_pause: ResMut<NextState<Pause>>,
    seats: Res<Seats>,
) {
    if !keys.is_some_and(|k| k.just_pressed(KeyCode::Escape))
        || *overlay.get() != Overlay::None
        || *screen.get() != Screen::Playing
    {
        return;
    }
    if seats.mode == PlayMode::Showcase {
        next_screen.set(Screen::Menu);
    } else {
        next_pause.set(match pause.get() {
            Pause::Running => Pause::Paused,
            Pause::Paused => Pause::Running,
        });
    }
}

fn press_pause_button(
    activate: On<Activate>,
    buttons: Query<&PauseButton>,
    mut pause: ResMut<NextState<Pause>>,
    mut overlay: ResMut<NextState<Overlay>>,
    mut commands: MessageWriter<TableCommand>,
    mut reviews: MessageWriter<crate::app::table::review::ReviewAsked>,
    mut tab: ResMut<HelpTab>,
    active: Option<Res<ActiveGame>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Ok(button) = buttons.get(activate.entity) else {
        return;
    };
    match button {
        PauseButton::Resume => pause.set(Pause::Running),
        PauseButton::NewGame => {
            commands.write(TableCommand::NewGame);
            pause.set(Pause::Running);
        }
        PauseButton::Undo => {
            commands.write(TableCommand::Undo);
            pause.set(Pause::Running);
        }
        PauseButton::SaveReplay => {
            commands.write(TableCommand::SaveReplay);
        }
        PauseButton::Review => {
            reviews.write(crate::app::table::review::ReviewAsked);
            pause.set(Pause::Running);
        }
        PauseButton::Settings => overlay.set(Overlay::Settings),
        PauseButton::Rules => {
            if let Some(active) = &active {
                *tab = HelpTab::Rules(active.game);
            }
            overlay.set(Overlay::Help);
        }
        PauseButton::Menu => next.set(Screen::Menu),
    }
}

/// The pause menu's full-screen root (it goes when the game resumes).
#[derive(Component)]
struct PauseRoot;

/// The settings and the rules open over the pause menu: it steps aside meanwhile.
fn cover_pause_menu(
    overlay: Res<State<Overlay>>,
    mut roots: Query<&mut Visibility, With<PauseRoot>>,
) {
    let want = if *overlay.get() == Overlay::None {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut visibility in &mut roots {
        if *visibility != want {
            *visibility = want;
        }
    }
}

fn spawn_pause_menu(mut commands: Commands) {
    commands
        .spawn((
            Name::new("Pause menu"),
            PauseRoot,
            DespawnOnExit(Pause::Paused),
            // Leaving the game goes at once: the pause state follows a frame later.
            DespawnOnExit(Screen::Playing),
            overlay_screen(15, 0.45),
        ))
        .with_children(|screen| {
            screen
                .spawn((
                    Name::new("Pause panel"),
                    LayoutChecked("pause menu"),
                    Node {
                        flex_direction: FlexDirection::Column,
                        align_items: AlignItems::Center,
                        row_gap: px(8),
                        padding: UiRect::axes(px(28), px(20)),
                        border_radius: BorderRadius::all(px(10)),
                        ..default()
                    },
                    BackgroundColor(SHEET),
                ))
                .with_children(|panel| {
                    panel.spawn((
                        Text::new("Paused"),
                        TextFont::from_font_size(28.0),
                        TextColor(TITLE),
                        Node {
                            margin: UiRect::bottom(px(6)),
                            ..default()
                        },
                    ));
                    for b in PauseButton::ALL {
                        panel.spawn((
                            b,
                            button(b.label(), 240.0, BUTTON, INK_BRIGHT),
                            ButtonFills {
                                rest: BUTTON,
                                hover: BUTTON_HOVER,
                            },
                        ));
                    }
                });
        });
}

/// Virtual time stands still while paused, so playback and the computer's pauses wait.
fn hold_time(time: Option<ResMut<Time<Virtual>>>) {
    if let Some(mut time) = time {
        time.pause();
    }
}

fn release_time(time: Option<ResMut<Time<Virtual>>>) {
    if let Some(mut time) = time {
        time.unpause();
    }
}

/// Leaving the game leaves the pause too; time runs again at once (the state changes a
/// frame later).
fn unpause(mut pause: ResMut<NextState<Pause>>, time: Option<ResMut<Time<Virtual>>>) {
    pause.set(Pause::Running);
    release_time(time);
}
