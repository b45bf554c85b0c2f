//! Escape, everywhere: it closes what is open (the help, the settings, the new-game
//! dialog), and in a game it opens the pause menu: resume, new game (same settings), undo,
//! save the replay, settings, rules, back to the menu. While paused, time stands still
//! (playback, the computer's clock) and the table takes no input; resuming goes on exactly
//! where the game was. The showcase has no pause: Escape leaves it.

use bevy::prelude::*;

use super::hud::{HelpOverlay, HelpTab, LayoutChecked};
use super::menu::{BUTTON, BUTTON_HOVER, button};
use super::new_game::NewGameDialog;
use super::settings_screen::SettingsScreen;
use super::{ActiveGame, KeyboardCaptured, PlayMode, Screen};

pub fn plugin(app: &mut App) {
    app.init_resource::<Paused>()
        .add_message::<PauseCommand>()
        .add_systems(
            Update,
            (escape_key, press_pause_buttons, show_pause_menu, hold_time).chain(),
        )
        .add_systems(OnExit(Screen::Playing), unpause);
}

/// Whether the pause menu is up (the game waits under it).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paused(pub bool);

/// What the pause menu asks of the table (each game's table answers it).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PauseCommand {
    NewGame,
    Undo,
    SaveReplay,
}

/// The pause menu's buttons.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PauseButton {
    Resume,
    NewGame,
    Undo,
    SaveReplay,
    Settings,
    Rules,
    Menu,
}

impl PauseButton {
    pub const ALL: [PauseButton; 7] = [
        PauseButton::Resume,
        PauseButton::NewGame,
        PauseButton::Undo,
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
            PauseButton::SaveReplay => "Save replay",
            PauseButton::Settings => "Settings",
            PauseButton::Rules => "Rules",
            PauseButton::Menu => "Back to the menu",
        }
    }
}

/// Run condition: the game is not paused.
pub fn not_paused(paused: Res<Paused>) -> bool {
    !paused.0
}

/// Escape closes the topmost thing open; with nothing open it pauses a game (or leaves
/// the showcase), and in the pause menu it resumes. A text field with the keyboard keeps
/// it; the help overlay closes itself.
#[allow(clippy::too_many_arguments)]
pub(crate) fn escape_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    captured: Res<KeyboardCaptured>,
    help: Res<HelpOverlay>,
    mut settings: ResMut<SettingsScreen>,
    mut dialog: ResMut<NewGameDialog>,
    mut paused: ResMut<Paused>,
    active: Option<Res<ActiveGame>>,
) {
    if !keys.is_some_and(|k| k.just_pressed(KeyCode::Escape)) || captured.0 || help.0 {
        return;
    }
    if settings.0 {
        settings.0 = false;
    } else if dialog.open.is_some() {
        dialog.open = None;
    } else if *screen.get() == Screen::Playing {
        if active.is_some_and(|a| a.mode == PlayMode::Showcase) {
            next.set(Screen::Menu);
        } else {
            paused.0 = !paused.0;
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn press_pause_buttons(
    mut buttons: Query<(&Interaction, &PauseButton, &mut BackgroundColor), Changed<Interaction>>,
    mut paused: ResMut<Paused>,
    mut commands: MessageWriter<PauseCommand>,
    mut settings: ResMut<SettingsScreen>,
    mut help: ResMut<HelpOverlay>,
    mut tab: ResMut<HelpTab>,
    active: Option<Res<ActiveGame>>,
    mut next: ResMut<NextState<Screen>>,
) {
    for (interaction, button, mut color) in &mut buttons {
        match interaction {
            Interaction::Pressed => match button {
                PauseButton::Resume => paused.0 = false,
                PauseButton::NewGame => {
                    commands.write(PauseCommand::NewGame);
                    paused.0 = false;
                }
                PauseButton::Undo => {
                    commands.write(PauseCommand::Undo);
                    paused.0 = false;
                }
                PauseButton::SaveReplay => {
                    commands.write(PauseCommand::SaveReplay);
                }
                PauseButton::Settings => settings.0 = true,
                PauseButton::Rules => {
                    if let Some(active) = &active {
                        *tab = HelpTab::Rules(active.game);
                    }
                    help.0 = true;
                }
                PauseButton::Menu => next.set(Screen::Menu),
            },
            Interaction::Hovered => color.0 = BUTTON_HOVER,
            Interaction::None => color.0 = BUTTON,
        }
    }
}

/// The pause menu's full-screen root.
#[derive(Component)]
struct PauseRoot;

fn show_pause_menu(
    mut commands: Commands,
    paused: Res<Paused>,
    settings: Res<SettingsScreen>,
    help: Res<HelpOverlay>,
    mut roots: Query<(Entity, &mut Visibility), With<PauseRoot>>,
) {
    // The settings and the rules open over it: the menu steps aside meanwhile.
    let covered = settings.0 || help.0;
    for (_, mut visibility) in &mut roots {
        let want = if covered {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        if *visibility != want {
            *visibility = want;
        }
    }
    if paused.0 != roots.is_empty() {
        return;
    }
    for (root, _) in &roots {
        commands.entity(root).despawn();
    }
    if !paused.0 {
        return;
    }
    commands
        .spawn((
            Name::new("Pause menu"),
            PauseRoot,
            super::hud::overlay_screen(15, 0.45),
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
                    BackgroundColor(Color::srgba(0.06, 0.06, 0.08, 0.94)),
                ))
                .with_children(|panel| {
                    panel.spawn((
                        Text::new("Paused"),
                        TextFont::from_font_size(28.0),
                        TextColor(Color::srgb(0.95, 0.78, 0.42)),
                        Node {
                            margin: UiRect::bottom(px(6)),
                            ..default()
                        },
                    ));
                    for b in PauseButton::ALL {
                        panel.spawn((
                            b,
                            button(b.label(), 240.0, BUTTON, Color::srgb(0.95, 0.95, 0.97)),
                        ));
                    }
                });
        });
}

/// Virtual time stands still while paused, so playback and the computer's pauses wait.
fn hold_time(paused: Res<Paused>, time: Option<ResMut<Time<Virtual>>>) {
    if !paused.is_changed() {
        return;
    }
    let Some(mut time) = time else { return };
    if paused.0 {
        time.pause();
    } else {
        time.unpause();
    }
}

fn unpause(mut paused: ResMut<Paused>) {
    paused.0 = false;
}
