//! The main menu: the four games, each with two players on one screen, against the
//! computer, a demo, a look at the board and its showcase; and the showcase of all four.
//! A mode a game does not provide yet is greyed out. Escape returns here from a game.

use bevy::prelude::*;

use super::hud::{HelpOverlay, LayoutChecked};
use super::look::fonts::UiFonts;
use super::{ActiveGame, AvailableModes, PlayMode, Screen};
use crate::rules::GameId;

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Menu), spawn_menu.in_set(MenuSpawn))
        .add_systems(
            Update,
            (refresh_availability, press_menu_buttons, escape_to_menu).chain(),
        );
}

/// Where the menu is set out (more rows may be added after it).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MenuSpawn;

/// The menu's column of rows (a panel in the middle of the screen).
#[derive(Component)]
pub struct MenuRoot;

/// What a menu button starts.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenuChoice {
    pub game: GameId,
    pub mode: PlayMode,
    pub enabled: bool,
}

const MODES: [(PlayMode, &str); 4] = [
    (PlayMode::HotSeat, "Two players"),
    (PlayMode::VsComputer, "Vs computer"),
    (PlayMode::Demo, "Watch a demo"),
    (PlayMode::Board, "The board"),
];

const BUTTON: Color = Color::srgb(0.18, 0.2, 0.26);
const BUTTON_HOVER: Color = Color::srgb(0.27, 0.31, 0.4);
/// The showcase buttons: warmer, they start an exhibition rather than a game.
const SHOWCASE: Color = Color::srgb(0.36, 0.25, 0.12);
const BUTTON_DISABLED: Color = Color::srgb(0.12, 0.12, 0.13);
/// The buttons' height; the game's name sits in a box as tall.
const BUTTON_HEIGHT: f32 = 34.0;
/// The game names' column, the same for every row so the buttons line up.
const NAME_WIDTH: f32 = 180.0;

fn spawn_menu(mut commands: Commands, available: Res<AvailableModes>, fonts: Option<Res<UiFonts>>) {
    let title_font = fonts
        .as_deref()
        .map_or_else(|| TextFont::from_font_size(46.0), |f| f.bold(46.0));
    let name_font = fonts
        .as_deref()
        .map_or_else(|| TextFont::from_font_size(20.0), |f| f.bold(20.0));
    // The full-screen root only centres the panel and lets the 3D scene show through.
    let screen = commands
        .spawn((
            Name::new("Menu screen"),
            DespawnOnExit(Screen::Menu),
            Node {
                width: percent(100),
                height: percent(100),
                align_items: AlignItems::Center,
                justify_content: JustifyContent::Center,
                ..default()
            },
            BackgroundColor(Color::srgba(0.02, 0.02, 0.04, 0.3)),
        ))
        .id();
    let root = commands
        .spawn((
            Name::new("Menu"),
            MenuRoot,
            LayoutChecked("menu"),
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: px(10),
                padding: UiRect::axes(px(24), px(20)),
                border_radius: BorderRadius::all(px(10)),
                ..default()
            },
            BackgroundColor(Color::srgba(0.06, 0.06, 0.08, 0.82)),
            ChildOf(screen),
        ))
        .id();
    commands.entity(root).with_children(|menu| {
        menu.spawn((
            Text::new("LODESTONE"),
            title_font,
            TextColor(Color::srgb(0.95, 0.78, 0.42)),
        ));
        menu.spawn((
            Text::new("force-and-field board games"),
            TextFont::from_font_size(16.0),
            TextColor(Color::srgb(0.75, 0.75, 0.8)),
            Node {
                margin: UiRect::bottom(px(12)),
                ..default()
            },
        ));
        for game in GameId::ALL {
            menu.spawn(Node {
                column_gap: px(8),
                align_items: AlignItems::Center,
                ..default()
            })
            .with_children(|row| {
                // The name sits in a box as tall as the buttons, centred on the same line,
                // and as wide for every game so the buttons line up in columns.
                row.spawn(Node {
                    width: px(NAME_WIDTH),
                    height: px(BUTTON_HEIGHT),
                    flex_shrink: 0.0,
                    align_items: AlignItems::Center,
                    ..default()
                })
                .with_child((
                    Text::new(game.title()),
                    name_font.clone(),
                    TextColor(Color::srgb(0.93, 0.93, 0.95)),
                ));
                for (mode, label) in MODES {
                    let enabled = mode == PlayMode::Board || available.0.contains(&(game, mode));
                    let (fill, ink) = if enabled {
                        (BUTTON, Color::srgb(0.95, 0.95, 0.97))
                    } else {
                        (BUTTON_DISABLED, Color::srgb(0.4, 0.4, 0.42))
                    };
                    row.spawn((
                        MenuChoice {
                            game,
                            mode,
                            enabled,
                        },
                        button(label, 124.0, fill, ink),
                    ));
                }
                row.spawn(showcase_button(Some(game), "Showcase", 110.0));
            });
        }
        menu.spawn((
            Node {
                margin: UiRect::top(px(8)),
                ..default()
            },
            children![showcase_button(None, "Showcase: all four games", 260.0)],
        ));
    });
}

/// A menu button: `label` on `fill`, `width` wide.
fn button(label: &str, width: f32, fill: Color, ink: Color) -> impl Bundle {
    (
        Button,
        Node {
            width: px(width),
            height: px(BUTTON_HEIGHT),
            flex_shrink: 0.0,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(6)),
            ..default()
        },
        BackgroundColor(fill),
        children![(
            Text::new(label),
            TextFont::from_font_size(15.0),
            TextColor(ink),
        )],
    )
}

/// A button that starts the showcase of `game` (all games when `None`).
fn showcase_button(game: Option<GameId>, label: &str, width: f32) -> impl Bundle {
    (
        super::showcase::ShowcaseButton(game),
        button(label, width, SHOWCASE, Color::srgb(0.98, 0.93, 0.8)),
    )
}

/// Games register their modes at startup, possibly after the menu first appears: keep
/// every button's state in step with [`AvailableModes`].
fn refresh_availability(
    available: Res<AvailableModes>,
    mut buttons: Query<(&mut MenuChoice, &mut BackgroundColor, &Children)>,
    mut labels: Query<&mut TextColor>,
) {
    for (mut choice, mut color, children) in &mut buttons {
        let enabled =
            choice.mode == PlayMode::Board || available.0.contains(&(choice.game, choice.mode));
        if choice.enabled == enabled {
            continue;
        }
        choice.enabled = enabled;
        color.0 = if enabled { BUTTON } else { BUTTON_DISABLED };
        for child in children.iter() {
            if let Ok(mut text) = labels.get_mut(child) {
                text.0 = if enabled {
                    Color::srgb(0.95, 0.95, 0.97)
                } else {
                    Color::srgb(0.4, 0.4, 0.42)
                };
            }
        }
    }
}

fn press_menu_buttons(
    mut commands: Commands,
    mut buttons: Query<(&Interaction, &MenuChoice, &mut BackgroundColor), Changed<Interaction>>,
    mut next: ResMut<NextState<Screen>>,
) {
    for (interaction, choice, mut color) in &mut buttons {
        if !choice.enabled {
            continue;
        }
        match interaction {
            Interaction::Pressed => {
                commands.insert_resource(ActiveGame {
                    game: choice.game,
                    mode: choice.mode,
                });
                next.set(Screen::Playing);
            }
            Interaction::Hovered => color.0 = BUTTON_HOVER,
            Interaction::None => color.0 = BUTTON,
        }
    }
}

/// Escape leaves a game for the menu, unless a text field has the keyboard or the help
/// overlay is open (then Escape closes the overlay, nothing else).
pub(crate) fn escape_to_menu(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    captured: Res<super::KeyboardCaptured>,
    help: Option<Res<HelpOverlay>>,
) {
    if captured.0 || help.is_some_and(|h| h.0) {
        return;
    }
    if keys.is_some_and(|k| k.just_pressed(KeyCode::Escape)) && *screen.get() == Screen::Playing {
        next.set(Screen::Menu);
    }
}
