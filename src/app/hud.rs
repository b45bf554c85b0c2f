//! The heads-up display: small panels at the screen's edges and a help overlay.
//!
//! Top left: what is being played (bold) and the game's status line. Top right: playback
//! (stage n of m, speed, paused). Bottom centre: the caption of the stage playing. Bottom
//! left: passing notices. Bottom right: one dim line with the essential keys. Every panel
//! hides while it has nothing to say. F1 (or `?`) opens the help overlay with all the keys,
//! the table's and the game's own ([`GameKeys`]); F1 or Escape closes it.

use bevy::prelude::*;

use super::look::fonts::UiFonts;
use super::playback::PlaybackQueue;
use super::{ActiveGame, KeyboardCaptured, PlayMode, Screen};

pub fn plugin(app: &mut App) {
    app.init_resource::<Notice>()
        .init_resource::<StatusLine>()
        .init_resource::<GameKeys>()
        .init_resource::<ComputerThinking>()
        .add_systems(Startup, spawn_thinking)
        .add_systems(Update, show_thinking)
        .init_resource::<HelpOverlay>()
        .add_systems(Startup, (spawn_hud, spawn_help))
        .add_systems(
            Update,
            (
                toggle_help.after(super::menu::escape_to_menu),
                tick_notice,
                update_hud,
                update_help,
            )
                .chain(),
        );
}

/// A message shown for a while (settings trouble, where a screenshot went).
#[derive(Resource, Default, Debug)]
pub struct Notice {
    pub text: Option<String>,
    remaining: f32,
}

impl Notice {
    pub fn show(&mut self, text: impl Into<String>, seconds: f32) {
        self.text = Some(text.into());
        self.remaining = seconds;
    }
}

/// The game's status line (side to move, check, the end of the game); set by the game.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct StatusLine(pub String);

/// The active table's own keys, (key, what it does), for the help overlay; set by the
/// table with the status line.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct GameKeys(pub Vec<(String, String)>);

/// The computer is choosing its move (the table sets it; the HUD shows a small pulsing
/// indicator, top centre, while it is true).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComputerThinking(pub bool);

#[derive(Component)]
struct ThinkingPill;

#[derive(Component)]
struct ThinkingDot(usize);

fn spawn_thinking(mut commands: Commands) {
    commands
        .spawn((
            Name::new("Thinking"),
            ThinkingPill,
            LayoutChecked("thinking"),
            Node {
                position_type: PositionType::Absolute,
                top: px(12),
                left: percent(50),
                margin: UiRect::left(px(-62)),
                width: px(124),
                padding: UiRect::axes(px(10), px(5)),
                column_gap: px(5),
                align_items: AlignItems::Center,
                border_radius: BorderRadius::all(px(12)),
                display: Display::None,
                ..default()
            },
            BackgroundColor(PANEL),
            Pickable::IGNORE,
        ))
        .with_children(|pill| {
            pill.spawn((
                Text::new("thinking"),
                TextFont::from_font_size(13.0),
                TextColor(DIM),
                Pickable::IGNORE,
            ));
            for i in 0..3 {
                pill.spawn((
                    ThinkingDot(i),
                    Node {
                        width: px(6),
                        height: px(6),
                        border_radius: BorderRadius::all(px(3)),
                        ..default()
                    },
                    BackgroundColor(INK),
                    Pickable::IGNORE,
                ));
            }
        });
}

/// The pill shows while the computer thinks; its dots pulse one after another (the
/// computer thinks off the main thread, so they keep moving).
fn show_thinking(
    thinking: Res<ComputerThinking>,
    time: Res<Time>,
    mut pill: Query<&mut Node, With<ThinkingPill>>,
    mut dots: Query<(&ThinkingDot, &mut BackgroundColor)>,
) {
    let display = if thinking.0 {
        Display::Flex
    } else {
        Display::None
    };
    for mut node in &mut pill {
        if node.display != display {
            node.display = display;
        }
    }
    if !thinking.0 {
        return;
    }
    let t = time.elapsed_secs();
    for (dot, mut color) in &mut dots {
        let phase = (t * 4.0 - dot.0 as f32 * 0.8).sin() * 0.5 + 0.5;
        color.0 = INK.with_alpha(0.25 + 0.75 * phase);
    }
}

/// Whether the help overlay (every key) is open. While it is, Escape only closes it.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HelpOverlay(pub bool);

/// A UI node whose screen rectangle `lodestone render --layout` reports, by this name
/// (the HUD's panels and the menu's panel), so a headless check can see that nothing
/// overlaps.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayoutChecked(pub &'static str);

/// The texts of the HUD.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum HudText {
    /// "Vectress - two players" (in the top-left panel).
    Title,
    /// The game's status line (in the top-left panel, below the title).
    Status,
    /// The playback line (its own panel, top right).
    Playback,
    /// The stage playing, in words (bottom centre).
    Caption,
    /// A passing notice (bottom left).
    Notice,
    /// The essential keys (bottom right).
    Hint,
}

/// The top-left panel holding the title and the status line.
#[derive(Component)]
struct StatusPanel;

const PANEL: Color = Color::srgba(0.06, 0.06, 0.08, 0.72);
const INK: Color = Color::srgb(0.94, 0.92, 0.86);
const DIM: Color = Color::srgb(0.68, 0.68, 0.72);
/// Caption size outside films (films size it by the frame's height).
const CAPTION_SIZE: f32 = 16.0;

fn panel_node() -> Node {
    Node {
        position_type: PositionType::Absolute,
        padding: UiRect::axes(px(10), px(6)),
        border_radius: BorderRadius::all(px(6)),
        // Hidden until there is something to say.
        display: Display::None,
        ..default()
    }
}

fn hud_text(which: HudText, font: TextFont, color: Color) -> impl Bundle {
    (
        which,
        Text::new(""),
        Pickable::IGNORE,
        font,
        TextColor(color),
        TextShadow::default(),
        Visibility::Hidden,
    )
}

fn bold(fonts: Option<&UiFonts>, size: f32) -> TextFont {
    fonts.map_or_else(|| TextFont::from_font_size(size), |f| f.bold(size))
}

fn spawn_hud(mut commands: Commands, fonts: Option<Res<UiFonts>>) {
    let fonts = fonts.as_deref();
    commands.spawn((
        Name::new("HUD"),
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            ..default()
        },
        Pickable::IGNORE,
        children![
            // Top left: what is played and its status, never wider than 40% of the screen
            // so it stays clear of the playback panel.
            (
                Name::new("HUD status"),
                StatusPanel,
                LayoutChecked("status"),
                Node {
                    left: px(12),
                    top: px(12),
                    max_width: percent(40),
                    flex_direction: FlexDirection::Column,
                    row_gap: px(3),
                    padding: UiRect::axes(px(10), px(8)),
                    ..panel_node()
                },
                BackgroundColor(PANEL),
                Pickable::IGNORE,
                Visibility::Hidden,
                children![
                    (
                        hud_text(HudText::Title, bold(fonts, 15.0), INK),
                        Node::default()
                    ),
                    (
                        hud_text(HudText::Status, TextFont::from_font_size(13.0), INK),
                        Node::default()
                    ),
                ],
            ),
            // Top right: playback.
            (
                Name::new("HUD playback"),
                LayoutChecked("playback"),
                hud_text(HudText::Playback, TextFont::from_font_size(14.0), INK),
                Node {
                    right: px(12),
                    top: px(12),
                    ..panel_node()
                },
                BackgroundColor(PANEL),
            ),
            // Bottom centre: the caption, over a band as wide as the screen.
            (
                Node {
                    position_type: PositionType::Absolute,
                    left: px(0),
                    right: px(0),
                    bottom: px(12),
                    // A column, so the caption keeps its text's own height.
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    ..default()
                },
                Pickable::IGNORE,
                children![(
                    Name::new("HUD caption"),
                    LayoutChecked("caption"),
                    hud_text(
                        HudText::Caption,
                        TextFont::from_font_size(CAPTION_SIZE),
                        INK
                    ),
                    Node {
                        max_width: percent(64),
                        padding: UiRect::axes(px(8), px(3)),
                        border_radius: BorderRadius::all(px(6)),
                        display: Display::None,
                        ..default()
                    },
                    BackgroundColor(PANEL),
                )],
            ),
            // Bottom left: notices.
            (
                Name::new("HUD notice"),
                LayoutChecked("notice"),
                hud_text(HudText::Notice, TextFont::from_font_size(14.0), INK),
                Node {
                    left: px(12),
                    bottom: px(12),
                    max_width: percent(30),
                    ..panel_node()
                },
                BackgroundColor(PANEL),
            ),
            // Bottom right: the essential keys, one dim line.
            (
                Name::new("HUD hint"),
                LayoutChecked("hint"),
                hud_text(HudText::Hint, TextFont::from_font_size(12.0), DIM),
                Node {
                    right: px(12),
                    bottom: px(12),
                    padding: UiRect::axes(px(6), px(3)),
                    ..panel_node()
                },
            ),
        ],
    ));
}

fn tick_notice(mut notice: ResMut<Notice>, time: Res<Time>) {
    if notice.text.is_some() {
        notice.remaining -= time.delta_secs();
        if notice.remaining <= 0.0 {
            notice.text = None;
        }
    }
}

/// The playback line: "stage 3 of 5 | 0.25x | paused".
pub fn playback_line(queue: &PlaybackQueue) -> String {
    let mut parts = Vec::new();
    if let Some((n, total)) = queue.progress() {
        parts.push(format!("stage {n} of {total}"));
    }
    parts.push(format!("{}x", trim_speed(queue.speed)));
    if queue.paused {
        parts.push("paused".to_string());
    }
    parts.join(" | ")
}

/// The caption of the stage playing: what it shows, in plain words (empty between
/// playbacks, and for a stage the game leaves unannounced).
pub fn caption_line(queue: &PlaybackQueue) -> String {
    queue
        .progress()
        .and_then(|(n, _)| queue.stage(n - 1))
        .map(|stage| stage.label.clone())
        .unwrap_or_default()
}

/// The HUD's bottom-right line: only the essential keys.
pub fn hint_line(playing: bool, help_open: bool) -> &'static str {
    match (help_open, playing) {
        (true, _) => "F1 / Esc close help",
        (false, true) => "F1 help · Esc menu",
        (false, false) => "F1 help",
    }
}

fn trim_speed(speed: f32) -> String {
    let s = format!("{speed:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn mode_name(mode: PlayMode) -> &'static str {
    match mode {
        PlayMode::HotSeat => "two players",
        PlayMode::VsComputer => "against the computer",
        PlayMode::Demo => "demo",
        PlayMode::Board => "the board",
    }
}

/// Shows or hides a HUD node: hidden nodes take no room and are not drawn.
fn show(visibility: &mut Mut<Visibility>, node: &mut Mut<Node>, on: bool) {
    let want = if on {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    visibility.set_if_neq(want);
    let display = if on { Display::Flex } else { Display::None };
    if node.display != display {
        node.display = display;
    }
}

#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn update_hud(
    screen: Res<State<Screen>>,
    active: Option<Res<ActiveGame>>,
    status: Res<StatusLine>,
    queue: Res<PlaybackQueue>,
    notice: Res<Notice>,
    help: Res<HelpOverlay>,
    film: Option<Res<super::film::FilmOverlay>>,
    showcase: Option<Res<super::showcase::ShowcaseRun>>,
    mut texts: Query<
        (
            &HudText,
            &mut Text,
            &mut Node,
            &mut Visibility,
            &mut TextFont,
        ),
        Without<StatusPanel>,
    >,
    mut panels: Query<(&mut Node, &mut Visibility), (With<StatusPanel>, Without<HudText>)>,
) {
    let playing = *screen.get() == Screen::Playing;
    let value = |which: HudText| -> String {
        // A film shows the board and, if asked, the captions: nothing else of the HUD.
        if let Some(film) = &film {
            return match which {
                HudText::Caption if playing && film.captions => caption_line(&queue),
                _ => String::new(),
            };
        }
        match which {
            HudText::Title => match &active {
                Some(_) if playing && showcase.is_some() => {
                    showcase.as_ref().map(|r| r.heading()).unwrap_or_default()
                }
                Some(active) if playing => {
                    format!("{} - {}", active.game.title(), mode_name(active.mode))
                }
                _ => String::new(),
            },
            HudText::Status if playing => status.0.clone(),
            HudText::Playback if playing => playback_line(&queue),
            HudText::Caption if playing => caption_line(&queue),
            HudText::Notice => notice.text.clone().unwrap_or_default(),
            HudText::Hint => hint_line(playing, help.0).to_string(),
            _ => String::new(),
        }
    };
    let caption_size = film.as_ref().map_or(CAPTION_SIZE, |f| f.caption_size);
    // In a film the caption is all there is: it may use most of the width.
    let caption_width = if film.is_some() {
        percent(92)
    } else {
        percent(64)
    };
    let mut panel_shown = false;
    for (which, mut text, mut node, mut visibility, mut font) in &mut texts {
        let line = value(*which);
        let on = !line.is_empty();
        if matches!(which, HudText::Title | HudText::Status) {
            panel_shown |= on;
        }
        if text.0 != line {
            text.0 = line;
        }
        if *which == HudText::Caption {
            if font.font_size != FontSize::Px(caption_size) {
                font.font_size = FontSize::Px(caption_size);
            }
            if node.max_width != caption_width {
                node.max_width = caption_width;
            }
        }
        show(&mut visibility, &mut node, on);
    }
    for (mut node, mut visibility) in &mut panels {
        show(&mut visibility, &mut node, panel_shown);
    }
}

// ---------------------------------------------------------------------------------------
// The help overlay.

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
            (".", "play one wave, then pause"),
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
        ("F12", "screenshot"),
    ]);
    if playing {
        keys.extend([
            ("Ctrl+S", "save the replay now"),
            ("Esc", "back to the menu"),
        ]);
    }
    keys.push(("F1, ?", "this help (F1 or Esc closes it)"));
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
        )],
    ));
}

/// Toggles the help overlay: F1 or `?` (the slash key) opens and closes it, Escape closes
/// it. Runs after the menu's Escape, which stands aside while the overlay is open.
fn toggle_help(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    captured: Res<KeyboardCaptured>,
    film: Option<Res<super::film::FilmOverlay>>,
    mut help: ResMut<HelpOverlay>,
) {
    let Some(keys) = keys else { return };
    if film.is_some() {
        return;
    }
    // A text field with the keyboard keeps `?` and Escape; F1 is never typed.
    if keys.just_pressed(KeyCode::F1) || (!captured.0 && keys.just_pressed(KeyCode::Slash)) {
        help.0 = !help.0;
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

    #[test]
    fn playback_line_reads_naturally() {
        let mut queue = PlaybackQueue::default();
        assert_eq!(playback_line(&queue), "1x");
        queue.slower();
        queue.paused = true;
        assert_eq!(playback_line(&queue), "0.75x | paused");
        for _ in 0..10 {
            queue.slower();
        }
        assert_eq!(playback_line(&queue), "0.05x | paused");
    }

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
