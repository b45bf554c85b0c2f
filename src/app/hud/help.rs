//! The help overlay: the rules page of each game (`rules.rs`) and every key, the table's
//! and the game's own ([`GameKeys`]), one tab each. F1 opens it on the game being played
//! (the keys in the menu), `?` on the keys; F1 or Escape closes it, and while it is open
//! Escape does nothing else.

use bevy::prelude::*;

use super::{GameKeys, INK, bold};
use crate::app::look::fonts::UiFonts;
use crate::app::{ActiveGame, KeyboardCaptured, Screen};
use crate::rules::GameId;

/// The help's systems (the HUD's own run after them).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct HelpSystems;

pub(super) fn plugin(app: &mut App) {
    // The wheel scrolls the rules (headless apps have no input plugin to add it).
    app.add_message::<bevy::input::mouse::MouseWheel>()
        .init_resource::<HelpOverlay>()
        .init_resource::<HelpTab>()
        .add_systems(Startup, spawn_help)
        .add_systems(
            Update,
            (
                toggle_help.after(crate::app::pause::escape_key),
                press_tabs,
                update_help,
                show_tab,
                super::rules::scroll_rules.run_if(|h: Res<HelpOverlay>| h.0),
            )
                .chain()
                .in_set(HelpSystems),
        );
}

/// Whether the help overlay (every key) is open. While it is, Escape only closes it.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HelpOverlay(pub bool);

/// The overlay's page: a game's rules, or the keys.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub enum HelpTab {
    #[default]
    Keys,
    Rules(GameId),
}

impl HelpTab {
    pub const ALL: [HelpTab; 5] = [
        HelpTab::Rules(GameId::Vectress),
        HelpTab::Rules(GameId::Hexchess),
        HelpTab::Rules(GameId::Wavefield),
        HelpTab::Rules(GameId::Polarity),
        HelpTab::Keys,
    ];

    fn label(self) -> &'static str {
        match self {
            HelpTab::Keys => "Keys",
            HelpTab::Rules(game) => game.title(),
        }
    }
}

/// A tab's button.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
struct TabButton(HelpTab);

/// The keys page (shown on the Keys tab).
#[derive(Component)]
struct KeysPage;

/// The overlay's full-screen root (centres the panel; hidden while closed).
#[derive(Component)]
struct HelpRoot;

/// One of the overlay's two lists of keys.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum HelpList {
    /// The keys every table (or the menu) shares.
    Shared,
    /// The game's own keys.
    Game,
}

/// The keys every table shares, (key, what it does).
pub fn shared_keys(playing: bool) -> Vec<(&'static str, &'static str)> {
    let mut keys = Vec::new();
    if playing {
        keys.extend([
            ("[  ]", "playback slower / faster"),
            ("Space", "pause / resume playback"),
            (".", "play one step, then pause"),
            ("R", "replay the last move"),
            ("Enter", "skip to the end of the playback"),
            ("right-drag, arrows", "orbit the camera"),
            ("wheel", "zoom"),
            ("Home", "reset the view"),
        ]);
    } else {
        keys.push(("click", "start a game or open a replay"));
    }
    keys.extend([
        ("F2", "colours (classic / high contrast)"),
        ("F3", "quality (low / medium / high)"),
        ("F11", "fullscreen / window"),
        ("F12", "screenshot"),
    ]);
    if playing {
        keys.extend([
            ("Ctrl+S", "save the replay now"),
            ("Esc", "pause menu (resume, undo, settings, rules, menu)"),
        ]);
    }
    keys.push(("F1, ?", "the rules (F1) and these keys (?); Esc closes"));
    keys
}

fn spawn_help(mut commands: Commands, fonts: Option<Res<UiFonts>>) {
    let fonts = fonts.as_deref();
    commands.spawn((
        Name::new("Help"),
        HelpRoot,
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            display: Display::None,
            ..default()
        },
        GlobalZIndex(20),
        // Dims what is behind, so the keys read on any screen.
        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.55)),
        Pickable::IGNORE,
        children![(
            Name::new("Help panel"),
            Node {
                flex_direction: FlexDirection::Column,
                row_gap: px(10),
                padding: UiRect::all(px(16)),
                max_width: percent(96),
                max_height: percent(96),
                border_radius: BorderRadius::all(px(8)),
                ..default()
            },
            BackgroundColor(Color::srgba(0.05, 0.05, 0.07, 0.97)),
            children![
                (
                    Name::new("Help tabs"),
                    Node {
                        column_gap: px(6),
                        flex_wrap: FlexWrap::Wrap,
                        row_gap: px(6),
                        ..default()
                    },
                    Children::spawn(SpawnIter(HelpTab::ALL.into_iter().map(tab_button))),
                ),
                (
                    Name::new("Rules page"),
                    super::rules::RulesBody,
                    Node {
                        flex_direction: FlexDirection::Column,
                        row_gap: px(6),
                        width: px(720),
                        max_width: percent(100),
                        overflow: Overflow::scroll_y(),
                        display: Display::None,
                        padding: UiRect::right(px(8)),
                        ..default()
                    },
                    ScrollPosition::default(),
                ),
                (
                    KeysPage,
                    Node {
                        flex_direction: FlexDirection::Column,
                        row_gap: px(10),
                        ..default()
                    },
                    children![
                        (
                            Text::new("Keys"),
                            bold(fonts, 18.0),
                            TextColor(Color::srgb(0.95, 0.78, 0.42)),
                        ),
                        (
                            Node {
                                column_gap: px(28),
                                align_items: AlignItems::Start,
                                ..default()
                            },
                            children![
                                (
                                    HelpList::Shared,
                                    Node {
                                        flex_direction: FlexDirection::Column,
                                        row_gap: px(3),
                                        ..default()
                                    },
                                ),
                                (
                                    HelpList::Game,
                                    Node {
                                        flex_direction: FlexDirection::Column,
                                        row_gap: px(3),
                                        ..default()
                                    },
                                ),
                            ],
                        ),
                    ],
                ),
            ],
        )],
    ));
}

fn tab_button(tab: HelpTab) -> impl Bundle {
    (
        TabButton(tab),
        Button,
        Node {
            padding: UiRect::axes(px(12), px(6)),
            border_radius: BorderRadius::all(px(6)),
            ..default()
        },
        BackgroundColor(TAB),
        children![(
            Text::new(tab.label()),
            TextFont::from_font_size(14.0),
            TextColor(INK),
        )],
    )
}

const TAB: Color = Color::srgb(0.16, 0.17, 0.22);
const TAB_CHOSEN: Color = Color::srgb(0.62, 0.45, 0.16);

fn press_tabs(
    tabs: Query<(&Interaction, &TabButton), Changed<Interaction>>,
    mut chosen: ResMut<HelpTab>,
) {
    for (interaction, TabButton(tab)) in &tabs {
        if *interaction == Interaction::Pressed && *chosen != *tab {
            *chosen = *tab;
        }
    }
}

/// Shows the chosen tab: lights its button, and fills the rules page when a game's is
/// chosen (each time, so it opens at the top).
#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn show_tab(
    mut commands: Commands,
    help: Res<HelpOverlay>,
    tab: Res<HelpTab>,
    fonts: Option<Res<UiFonts>>,
    mut images: ResMut<Assets<Image>>,
    mut stills: Local<super::rules::RuleStills>,
    mut buttons: Query<(&TabButton, &mut BackgroundColor)>,
    mut rules: Query<(Entity, &mut Node, &mut ScrollPosition), With<super::rules::RulesBody>>,
    mut keys: Query<&mut Node, (With<KeysPage>, Without<super::rules::RulesBody>)>,
) {
    if !(tab.is_changed() || help.is_changed()) || !help.0 {
        return;
    }
    for (TabButton(button), mut fill) in &mut buttons {
        fill.0 = if *button == *tab { TAB_CHOSEN } else { TAB };
    }
    let game = match *tab {
        HelpTab::Rules(game) => Some(game),
        HelpTab::Keys => None,
    };
    for (entity, mut node, mut scroll) in &mut rules {
        node.display = if game.is_some() {
            Display::Flex
        } else {
            Display::None
        };
        if let Some(game) = game {
            *scroll = ScrollPosition::default();
            super::rules::fill(&mut commands, entity, game, fonts.as_deref(), |file| {
                stills.get(file, &mut images)
            });
        }
    }
    for mut node in &mut keys {
        node.display = if game.is_some() {
            Display::None
        } else {
            Display::Flex
        };
    }
}

/// Toggles the help overlay: F1 or `?` (the slash key) opens and closes it, Escape closes
/// it. Runs after the menu's Escape, which stands aside while the overlay is open.
#[allow(clippy::too_many_arguments)]
fn toggle_help(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    captured: Res<KeyboardCaptured>,
    film: Option<Res<crate::app::film::FilmOverlay>>,
    screen: Res<State<Screen>>,
    active: Option<Res<ActiveGame>>,
    mut help: ResMut<HelpOverlay>,
    mut tab: ResMut<HelpTab>,
) {
    let Some(keys) = keys else { return };
    if film.is_some() {
        return;
    }
    // A text field with the keyboard keeps `?` and Escape; F1 is never typed.
    let f1 = keys.just_pressed(KeyCode::F1);
    if f1 || (!captured.0 && keys.just_pressed(KeyCode::Slash)) {
        help.0 = !help.0;
        if help.0 {
            // F1 teaches the game being played; `?` lists the keys.
            *tab = match (&active, *screen.get() == Screen::Playing) {
                (Some(active), true) if f1 => HelpTab::Rules(active.game),
                _ => HelpTab::Keys,
            };
        }
    } else if help.0 && !captured.0 && keys.just_pressed(KeyCode::Escape) {
        help.0 = false;
    }
}

/// What the overlay lists: the two headings and their rows.
type HelpContent = (String, Vec<(String, String)>, String, Vec<(String, String)>);

#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn update_help(
    mut commands: Commands,
    help: Res<HelpOverlay>,
    screen: Res<State<Screen>>,
    active: Option<Res<ActiveGame>>,
    game_keys: Res<GameKeys>,
    fonts: Option<Res<UiFonts>>,
    mut roots: Query<&mut Node, (With<HelpRoot>, Without<HelpList>)>,
    mut lists: Query<(Entity, &HelpList, &mut Node), Without<HelpRoot>>,
    mut shown: Local<Option<HelpContent>>,
) {
    let display = if help.0 { Display::Flex } else { Display::None };
    for mut node in &mut roots {
        if node.display != display {
            node.display = display;
        }
    }
    if !help.0 {
        return;
    }
    let playing = *screen.get() == Screen::Playing;
    let shared: Vec<(String, String)> = shared_keys(playing)
        .into_iter()
        .map(|(k, d)| (k.to_string(), d.to_string()))
        .collect();
    let (game_title, own) = match &active {
        Some(active) if playing => (active.game.title().to_string(), game_keys.0.clone()),
        _ => (String::new(), Vec::new()),
    };
    let content: HelpContent = (
        if playing { "Table" } else { "Menu" }.to_string(),
        shared,
        game_title,
        own,
    );
    if shown.as_ref() == Some(&content) {
        return;
    }
    let fonts = fonts.as_deref();
    for (entity, list, mut node) in &mut lists {
        let (heading, rows) = match list {
            HelpList::Shared => (&content.0, &content.1),
            HelpList::Game => (&content.2, &content.3),
        };
        let display = if rows.is_empty() {
            Display::None
        } else {
            Display::Flex
        };
        if node.display != display {
            node.display = display;
        }
        let mut entity = commands.entity(entity);
        entity.despawn_children();
        if rows.is_empty() {
            continue;
        }
        let heading = heading.clone();
        let rows = rows.clone();
        entity.with_children(|list| {
            list.spawn((
                Text::new(heading),
                bold(fonts, 15.0),
                TextColor(INK),
                Node {
                    margin: UiRect::bottom(px(4)),
                    ..default()
                },
            ));
            for (key, what) in rows {
                list.spawn(Node {
                    column_gap: px(10),
                    ..default()
                })
                .with_children(|row| {
                    row.spawn((
                        Text::new(key),
                        bold(fonts, 13.0),
                        TextColor(Color::srgb(0.95, 0.85, 0.6)),
                        Node {
                            width: px(128),
                            flex_shrink: 0.0,
                            ..default()
                        },
                    ));
                    row.spawn((
                        Text::new(what),
                        TextFont::from_font_size(13.0),
                        TextColor(INK),
                        Node {
                            max_width: px(260),
                            ..default()
                        },
                    ));
                });
            }
        });
    }
    *shown = Some(content);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::hud::hint_line;

    #[test]
    fn the_help_lists_the_shared_keys_and_the_hint_stays_short() {
        let playing = shared_keys(true);
        for key in ["Space", "Enter", "F2", "F12", "Ctrl+S", "Esc", "Home"] {
            assert!(playing.iter().any(|(k, _)| *k == key), "{key}: {playing:?}");
        }
        let menu = shared_keys(false);
        assert!(menu.iter().all(|(k, _)| *k != "Esc"), "{menu:?}");
        assert!(hint_line(true, false).len() < 24);
        assert!(hint_line(false, false).contains("F1"));
    }
}
