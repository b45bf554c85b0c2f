//! The main menu: the four games, each with its new-game dialog (two players, against the
//! computer, a demo, the board), its rules, its Learn sheet and its showcase; the showcase of all four and
//! the settings.

use bevy::prelude::*;

use super::hud::HelpTab;
use super::look::fonts::UiFonts;
use super::new_game::NewGameDialog;
use super::settings::Settings;
use super::ui::LayoutChecked;
use super::ui::theme::{BUTTON, BUTTON_HEIGHT, BUTTON_HOVER, INK_BRIGHT, SUBTITLE, TITLE, glass};
use super::ui::widgets::{Activate, ButtonFills, button};
use super::{Overlay, Screen};
use crate::rules::GameId;

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Menu), spawn_menu.in_set(MenuSpawn))
        .add_systems(
            Update,
            step_aside_for_the_dialog.run_if(in_state(Screen::Menu)),
        )
        .add_observer(press_menu_button);
}

/// Where the menu is set out (more rows may be added after it).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MenuSpawn;

/// The menu's column of rows (a panel in the middle of the screen).
#[derive(Component)]
pub struct MenuRoot;

/// What a menu button opens.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuButton {
    /// The new-game dialog of a game.
    NewGame(GameId),
    /// A game's rules page.
    Rules(GameId),
    /// A game's Learn sheet: its lessons and puzzles.
    Learn(GameId),
    Settings,
}

/// The showcase buttons: warmer, they start an exhibition rather than a game.
const SHOWCASE: Color = Color::srgb(0.36, 0.25, 0.12);
/// The game names' column, the same for every row so the buttons line up.
const NAME_WIDTH: f32 = 180.0;

fn spawn_menu(mut commands: Commands, fonts: Option<Res<UiFonts>>) {
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
            BackgroundColor(glass(0.82)),
            ChildOf(screen),
        ))
        .id();
    commands.entity(root).with_children(|menu| {
        menu.spawn((Text::new("LODESTONE"), title_font, TextColor(TITLE)));
        menu.spawn((
            Text::new("force-and-field board games"),
            TextFont::from_font_size(16.0),
            TextColor(SUBTITLE),
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
                row.spawn((MenuButton::NewGame(game), menu_button("Play", 124.0)));
                row.spawn((MenuButton::Rules(game), menu_button("Rules", 90.0)));
                row.spawn((MenuButton::Learn(game), menu_button("Learn", 90.0)));
                row.spawn(showcase_button(Some(game), "Showcase", 110.0));
            });
        }
        menu.spawn((
            Node {
                margin: UiRect::top(px(8)),
                column_gap: px(8),
                ..default()
            },
            children![
                showcase_button(None, "Showcase: all four games", 260.0),
                (MenuButton::Settings, menu_button("Settings", 124.0)),
            ],
        ));
    });
}

/// A menu button: `label`, `width` wide, lit under the pointer.
fn menu_button(label: &str, width: f32) -> impl Bundle {
    (
        button(label, width, BUTTON, INK_BRIGHT),
        ButtonFills {
            rest: BUTTON,
            hover: BUTTON_HOVER,
        },
    )
}

/// A button that starts the showcase of `game` (all games when `None`).
fn showcase_button(game: Option<GameId>, label: &str, width: f32) -> impl Bundle {
    (
        super::showcase::ShowcaseButton(game),
        button(label, width, SHOWCASE, Color::srgb(0.98, 0.93, 0.8)),
    )
}

/// The menu's panel steps aside while the new-game dialog is up.
fn step_aside_for_the_dialog(
    overlay: Res<State<Overlay>>,
    mut menu: Query<&mut Node, With<MenuRoot>>,
) {
    let display = if matches!(overlay.get(), Overlay::NewGame(_) | Overlay::Learn(_)) {
        Display::None
    } else {
        Display::Flex
    };
    for mut node in &mut menu {
        if node.display != display {
            node.display = display;
        }
    }
}

fn press_menu_button(
    activate: On<Activate>,
    buttons: Query<&MenuButton>,
    mut dialog: ResMut<NewGameDialog>,
    settings: Option<Res<Settings>>,
    mut tab: ResMut<HelpTab>,
    mut overlay: ResMut<NextState<Overlay>>,
) {
    let Ok(button) = buttons.get(activate.entity) else {
        return;
    };
    match *button {
        MenuButton::NewGame(game) => {
            dialog.load_remembered(game, settings.as_deref());
            overlay.set(Overlay::NewGame(game));
        }
        MenuButton::Rules(game) => {
            *tab = HelpTab::Rules(game);
            overlay.set(Overlay::Help);
        }
        MenuButton::Learn(game) => overlay.set(Overlay::Learn(game)),
        MenuButton::Settings => overlay.set(Overlay::Settings),
    }
}
