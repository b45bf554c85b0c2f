//! The keys page: every key the table shares and the game's own, in two lists, rebuilt
//! when what is playing changes.

use bevy::prelude::*;

use super::{HelpList, HelpRoot};
use crate::app::keymap::{self, Keymap};
use crate::app::look::fonts::UiFonts;
use crate::app::table::status::GameKeys;
use crate::app::ui::theme::{INK, bold};
use crate::app::{ActiveGame, Overlay, Screen};

/// The keys every table shares, (key, what it does), as `keymap` names them.
pub fn shared_keys(playing: bool, keymap: &Keymap) -> Vec<(String, &'static str)> {
    let name = |command| keymap.name(command);
    let mut keys = Vec::new();
    if playing {
        keys.extend([
            (
                format!("{}  {}", name(keymap::SLOWER), name(keymap::FASTER)),
                "playback slower / faster",
            ),
            (name(keymap::PAUSE_PLAYBACK), "pause / resume playback"),
            (name(keymap::STEP), "play one step, then pause"),
            (name(keymap::REPLAY), "replay the last move"),
        ]);
        keys.extend(
            [
                ("Enter", "skip to the end of the playback (while one plays)"),
                (
                    "arrows",
                    "board cursor (hex chess: Left/Right the file below, Ctrl+ above)",
                ),
                (
                    "Enter",
                    "pick the piece under the cursor, then play where it stands",
                ),
                ("Tab, Shift+Tab", "the pick's choices; else the buttons"),
            ]
            .map(|(k, what)| (k.to_string(), what)),
        );
        keys.extend([
            (name(keymap::WORDS), "captions in full words / one line"),
            (
                name(keymap::TYPE_MOVE),
                "type a move (E3-G5, f5f6, d4 Q+); Enter plays it",
            ),
            (
                format!(
                    "{}, {}",
                    name(keymap::READ_POSITION),
                    name(keymap::READ_MOVE)
                ),
                "read out the position / the last move in full",
            ),
            (name(keymap::ZEN), "zen: hide all but the turn chip"),
            ("right-drag, Shift+arrows".to_string(), "orbit the camera"),
            ("wheel".to_string(), "zoom"),
            ("Home".to_string(), "reset the view"),
        ]);
    } else {
        keys.push((
            "click, Tab + Enter".to_string(),
            "start a game or open a replay",
        ));
    }
    keys.extend([
        (
            "Tab, arrows, Enter".to_string(),
            "go through the buttons and press one",
        ),
        (name(keymap::MUTE), "sound off / on"),
        (name(keymap::COLOURS), "colours (classic / high contrast)"),
        (name(keymap::QUALITY), "quality (low / medium / high)"),
        (name(keymap::FULLSCREEN), "fullscreen / window"),
        (name(keymap::SCREENSHOT), "screenshot"),
    ]);
    if playing {
        keys.extend([
            ("Ctrl+S".to_string(), "save the replay now"),
            (
                "Esc".to_string(),
                "pause menu (resume, undo, settings, rules, menu)",
            ),
        ]);
    }
    keys.push((
        "F1, ?".to_string(),
        "the rules (F1) and these keys (?); Esc closes",
    ));
    keys.push((
        "Settings, Keys".to_string(),
        "give the letters and signs above other keys",
    ));
    keys
}

/// What the overlay lists: the two headings and their rows.
type HelpContent = (String, Vec<(String, String)>, String, Vec<(String, String)>);

pub(super) fn update_help(
    mut commands: Commands,
    overlay: Res<State<Overlay>>,
    screen: Res<State<Screen>>,
    active: Option<Res<ActiveGame>>,
    game_keys: Res<GameKeys>,
    keymap: Res<Keymap>,
    fonts: Option<Res<UiFonts>>,
    mut roots: Query<&mut Node, (With<HelpRoot>, Without<HelpList>)>,
    mut lists: Query<(Entity, &HelpList, &mut Node), Without<HelpRoot>>,
    mut shown: Local<Option<HelpContent>>,
) {
    let open = *overlay.get() == Overlay::Help;
    let display = if open { Display::Flex } else { Display::None };
    for mut node in &mut roots {
        if node.display != display {
            node.display = display;
        }
    }
    if !open {
        return;
    }
    let playing = *screen.get() == Screen::Playing;
    let shared: Vec<(String, String)> = shared_keys(playing, &keymap)
        .into_iter()
        .map(|(k, d)| (k, d.to_string()))
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
        let keymap = Keymap::default();
        let playing = shared_keys(true, &keymap);
        for key in [
            "Space", "Enter", "W", "M", "F2", "F12", "Ctrl+S", "Esc", "Home",
        ] {
            assert!(playing.iter().any(|(k, _)| *k == key), "{key}: {playing:?}");
        }
        let menu = shared_keys(false, &keymap);
        assert!(menu.iter().all(|(k, _)| *k != "Esc"), "{menu:?}");
        assert!(hint_line(true, false).len() < 24);
        assert!(hint_line(false, false).contains("F1"));
    }
}
