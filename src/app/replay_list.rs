//! The menu's Replays: the newest replays in the replays folder (game, when, how many
//! moves, title), newest first; choosing one opens it in the replay viewer, and its
//! Review button opens it there reviewed (#43).

use std::path::PathBuf;

use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;

use super::Screen;
use super::menu::MenuRoot;
use super::table::{ReplayFolder, Start, StartFrom, TableLaunch};
use crate::replay::{self, Replay};
use crate::rules::GameId;

/// Replays listed in the menu.
const SHOWN: usize = 6;

pub fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Menu),
        list_replays.after(super::menu::MenuSpawn),
    );
}

/// A replay the menu offers.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct ReplayEntry {
    pub path: PathBuf,
    pub game: GameId,
}

/// A replay's Review button: the replay opened in the viewer and reviewed.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct ReviewEntry(pub ReplayEntry);

/// One line for a replay: "Vectress | 2026-12-01 05:30 | 12 moves | title".
pub fn describe(replay: &Replay) -> String {
    let game = replay.game_id().map_or("?", |g| g.title());
    let when = replay
        .created
        .as_deref()
        .map(|c| {
            c.replace('T', " ")
                .trim_end_matches('Z')
                .chars()
                .take(16)
                .collect()
        })
        .unwrap_or_else(|| "undated".to_string());
    let mut line = format!("{game} | {when} | {} moves", replay.actions.len());
    if let Some(title) = &replay.title {
        line += &format!(" | {title}");
    }
    line
}

fn list_replays(
    mut commands: Commands,
    folder: Option<Res<ReplayFolder>>,
    roots: Query<Entity, With<MenuRoot>>,
) {
    let Some(dir) = folder.as_ref().and_then(|f| f.0.clone()) else {
        return;
    };
    let files = replay::list(&dir);
    if files.is_empty() {
        return;
    }
    let Ok(root) = roots.single() else { return };
    let mut entries = Vec::new();
    let mut unreadable = 0;
    for path in files.iter().take(SHOWN) {
        match Replay::load(path).and_then(|r| r.game_id().map(|g| (r, g))) {
            Ok((replay, game)) => entries.push((
                describe(&replay),
                ReplayEntry {
                    path: path.clone(),
                    game,
                },
            )),
            Err(_) => unreadable += 1,
        }
    }
    commands.entity(root).with_children(|menu| {
        let mut heading = format!("Replays ({} kept, newest first)", files.len());
        if unreadable > 0 {
            heading += &format!("; {unreadable} could not be read");
        }
        menu.spawn((
            Text::new(heading),
            TextFont::from_font_size(18.0),
            TextColor(Color::srgb(0.75, 0.75, 0.8)),
            Node {
                margin: UiRect::top(px(16)),
                ..default()
            },
        ));
        for (line, entry) in entries {
            menu.spawn(Node {
                column_gap: px(6),
                ..default()
            })
            .with_children(|row| {
                row.spawn((
                    Button,
                    entry.clone(),
                    Node {
                        padding: UiRect::axes(px(12), px(4)),
                        border_radius: BorderRadius::all(px(4)),
                        ..default()
                    },
                    BackgroundColor(Color::srgb(0.16, 0.17, 0.21)),
                    children![(
                        Text::new(line),
                        TextFont::from_font_size(15.0),
                        TextColor(Color::srgb(0.9, 0.9, 0.93)),
                        Pickable::IGNORE,
                    )],
                ))
                .observe(open_entry);
                row.spawn((
                    Button,
                    ReviewEntry(entry),
                    Node {
                        padding: UiRect::axes(px(10), px(4)),
                        border_radius: BorderRadius::all(px(4)),
                        ..default()
                    },
                    BackgroundColor(Color::srgb(0.22, 0.24, 0.3)),
                    children![(
                        Text::new("Review"),
                        TextFont::from_font_size(15.0),
                        TextColor(Color::srgb(0.9, 0.9, 0.93)),
                        Pickable::IGNORE,
                    )],
                ))
                .observe(review_entry);
            });
        }
    });
}

fn open_entry(
    click: On<Pointer<Click>>,
    entries: Query<&ReplayEntry>,
    mut commands: Commands,
    mut notice: ResMut<crate::app::ui::Notice>,
) {
    if let Ok(entry) = entries.get(click.entity)
        && let Err(e) = open(&mut commands, entry)
    {
        notice.show(e, 6.0);
    }
}

fn review_entry(
    click: On<Pointer<Click>>,
    entries: Query<&ReviewEntry>,
    mut commands: Commands,
    mut notice: ResMut<crate::app::ui::Notice>,
) {
    if let Ok(ReviewEntry(entry)) = entries.get(click.entity)
        && let Err(e) = open_reviewed(&mut commands, entry, true)
    {
        notice.show(e, 6.0);
    }
}

/// Opens `entry` in the replay viewer; a file that no longer loads is not opened, and the
/// sentence says why (the menu shows it as a notice).
pub fn open(commands: &mut Commands, entry: &ReplayEntry) -> Result<(), String> {
    open_reviewed(commands, entry, false)
}

/// [`open`], and reviewed at once when `review`.
pub fn open_reviewed(
    commands: &mut Commands,
    entry: &ReplayEntry,
    review: bool,
) -> Result<(), String> {
    let replay = Replay::load(&entry.path)?;
    super::open_table(
        commands,
        TableLaunch {
            game: entry.game,
            start: Start::Replay(StartFrom {
                review,
                ..StartFrom::replay(&replay)
            }),
        },
    );
    Ok(())
}
