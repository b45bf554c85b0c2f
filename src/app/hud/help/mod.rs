//! The help overlay: the rules page of each game (`rules.rs`) and every key, the table's
//! and the game's own ([`GameKeys`]), one tab each. F1 opens it on the game being played
//! (the keys in the menu), `?` on the keys; F1 or Escape closes it. It is the overlay
//! state's `Overlay::Help`: while it is open, Escape does nothing else.

mod keys;

use bevy::prelude::*;

use crate::app::look::fonts::UiFonts;
use crate::app::table::RulesPages;
use crate::app::ui::theme::{INK, bold};
use crate::app::ui::widgets::{Activate, overlay_layer, pressable};
use crate::app::{ActiveGame, Keyboard, Overlay, PresentationSystems, Screen};
use crate::rules::GameId;

pub use keys::shared_keys;

/// The help's systems (the HUD's own run after them).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct HelpSystems;

pub(super) fn plugin(app: &mut App) {
    // The wheel scrolls the rules (headless apps have no input plugin to add it).
    app.add_message::<bevy::input::mouse::MouseWheel>()
        .init_resource::<HelpTab>()
        .add_systems(Startup, spawn_help)
        .add_systems(
            Update,
            (
                toggle_help.in_set(PresentationSystems::Interface),
                keys::update_help,
                show_tab,
                super::rules::scroll_rules.run_if(in_state(Overlay::Help)),
            )
                .chain()
                .in_set(HelpSystems),
        )
        .add_observer(press_tab);
}

/// The overlay's page: a game's rules, or the keys.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub enum HelpTab {
    #[default]
    Keys,
    Rules(GameId),
}

impl HelpTab {
    /// Every tab, in order: each game's rules (in `GameId::ALL`'s order), then the keys.
    pub fn all() -> impl Iterator<Item = HelpTab> {
        GameId::ALL
            .into_iter()
            .map(HelpTab::Rules)
            .chain([HelpTab::Keys])
    }

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

fn spawn_help(mut commands: Commands, fonts: Option<Res<UiFonts>>) {
    let fonts = fonts.as_deref();
    commands.spawn((
        Name::new("Help"),
        HelpRoot,
        // Dims what is behind, so the keys read on any screen; hidden until opened.
        overlay_layer(20, 0.55, Display::None),
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
                    Children::spawn(SpawnIter(HelpTab::all().map(tab_button))),
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
        pressable(),
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

fn press_tab(activate: On<Activate>, tabs: Query<&TabButton>, mut chosen: ResMut<HelpTab>) {
    if let Ok(TabButton(tab)) = tabs.get(activate.entity)
        && *chosen != *tab
    {
        *chosen = *tab;
    }
}

/// Shows the chosen tab: lights its button, and fills the rules page when a game's is
/// chosen (each time, so it opens at the top).
fn show_tab(
    mut commands: Commands,
    overlay: Res<State<Overlay>>,
    tab: Res<HelpTab>,
    fonts: Option<Res<UiFonts>>,
    mut images: ResMut<Assets<Image>>,
    mut stills: Local<super::rules::RuleStills>,
    pages: Option<Res<RulesPages>>,
    mut buttons: Query<(&TabButton, &mut BackgroundColor)>,
    mut rules: Query<(Entity, &mut Node, &mut ScrollPosition), With<super::rules::RulesBody>>,
    mut keys: Query<&mut Node, (With<KeysPage>, Without<super::rules::RulesBody>)>,
) {
    if !(tab.is_changed() || overlay.is_changed()) || *overlay.get() != Overlay::Help {
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
            let pages = pages.as_deref();
            let text = pages.and_then(|p| p.0.get(&game)).map(|page| page.text);
            super::rules::fill(
                &mut commands,
                entity,
                game,
                text,
                fonts.as_deref(),
                |file| stills.get(file, pages?, &mut images),
            );
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

/// Toggles the help overlay: F1 or `?` (Shift and the slash key) opens it when nothing else is open
/// (the settings and the new-game dialog keep the keyboard: one overlay at a time) and
/// closes it; Escape closes it.
fn toggle_help(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    keyboard: Keyboard,
    screen: Res<State<Screen>>,
    active: Option<Res<ActiveGame>>,
    overlay: Res<State<Overlay>>,
    mut next: ResMut<NextState<Overlay>>,
    mut tab: ResMut<HelpTab>,
) {
    let open = *overlay.get() == Overlay::Help;
    let Some(keys) = keys else { return };
    let captured = !keyboard.free();
    // A text field with the keyboard keeps `?` and Escape; F1 is never typed.
    let f1 = keys.just_pressed(KeyCode::F1);
    let another_open = !open && *overlay.get() != Overlay::None;
    if another_open {
        return;
    }
    // `?` is Shift and the slash key; the slash alone opens the typed move at the table.
    let question = keys.just_pressed(KeyCode::Slash) && crate::app::shift_held(&keys);
    if f1 || (!captured && question) {
        next.set(if open { Overlay::None } else { Overlay::Help });
        if !open {
            // F1 teaches the game being played; `?` lists the keys.
            *tab = match (&active, *screen.get() == Screen::Playing) {
                (Some(active), true) if f1 => HelpTab::Rules(active.game),
                _ => HelpTab::Keys,
            };
        }
    } else if open && !captured && keys.just_pressed(KeyCode::Escape) {
        next.set(Overlay::None);
    }
}
