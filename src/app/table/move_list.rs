//! The move list of every game that does not list its own moves (hex chess keeps its
//! editable one): a row per turn, numbered, with a chip of the mover's colour and the
//! turn in the engine's notation, the position on the table lit. A click on a row shows
//! the position after it in the viewer; in a game being played the live game waits
//! aside, and "back to the game" returns to it.

use bevy::prelude::*;

use super::look_back::LiveAside;
use super::look_back::{look_back, may_look_back, return_to_live};
use super::review::TableReview;
use super::review_panel::{PartKey, ReviewFolded, chip, part_key, spawn_part};
use super::viewer::Viewing;
use super::{Played, Seats, TableGame};
use crate::app::Screen;
use crate::app::look::fonts::UiFonts;
use crate::app::ui::theme::{CHOSEN, DIM, INK, PANEL, bold};
use crate::app::ui::widgets::{Activate, ButtonFills, pressable};
use crate::app::ui::{GamePanel, LayoutChecked, MoveListAnchor};
use crate::rules::review::Mark;
use crate::rules::{Match, Rules};

/// The move list's panel.
#[derive(Component)]
pub struct MoveList;

/// A row of the list: the position after its turn is `ply` actions in.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRow {
    pub ply: usize,
}

/// The button back to the game being played, while looking back at it.
#[derive(Component)]
pub struct BackToGame;

/// One turn of the list: its number, the mover (as in `Rules::SIDES`), its notation, the
/// ply after it and, once the game is reviewed, its mark.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    number: usize,
    side: usize,
    text: String,
    ply: usize,
    mark: Option<Mark>,
}

/// A review mark beside a row: its glyph and colour.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowMark(pub Mark);

/// The colour a mark is written in (lichess's: green for an only move, then yellow,
/// orange and red as the fall grows).
pub fn mark_colour(mark: Mark) -> Color {
    match mark {
        Mark::Only => Color::srgb(0.45, 0.85, 0.55),
        Mark::Inaccuracy => Color::srgb(0.95, 0.85, 0.35),
        Mark::Mistake => Color::srgb(0.98, 0.6, 0.25),
        Mark::Blunder => Color::srgb(1.0, 0.35, 0.3),
    }
}

/// The whole game's turns: the live game's while looking back, the replay's while one is
/// watched, else the game's own.
fn rows<G: TableGame>(
    played: &Played<G>,
    viewing: &Viewing,
    live: &LiveAside<G>,
    review: &TableReview<G>,
) -> Vec<Row> {
    let rebuilt;
    let game: &Match<G::Rules> = match (&live.0, &viewing.0) {
        (Some(live), _) => live,
        (None, Some(viewer)) => {
            let mut game = Match::<G::Rules>::new(viewer.setup.clone())
                .unwrap_or_else(|_| played.game.clone());
            for text in &viewer.actions {
                if game.play_text(text).is_err() {
                    break;
                }
            }
            rebuilt = game;
            &rebuilt
        }
        (None, None) => &played.game,
    };
    let sides = <G::Rules as Rules>::SIDES;
    let notation = game.notation();
    let mut ply = 0;
    game.turn_sides()
        .enumerate()
        .map(|(i, (side, actions))| {
            let first = ply;
            ply += actions;
            Row {
                number: i + 1,
                side: sides.iter().position(|s| *s == side).unwrap_or(0),
                text: notation[first..ply.min(notation.len())].join("; "),
                ply,
                mark: review.mark_at(first),
            }
        })
        .collect()
}

/// What the list shows, to draw it again only when that changes (the last: the review's
/// part).
type Shown = (u64, usize, bool, bool, Option<PartKey>);

pub(super) fn draw_move_list<G: TableGame>(
    mut commands: Commands,
    played: Res<Played<G>>,
    viewing: Res<Viewing>,
    live: Res<LiveAside<G>>,
    review: Res<TableReview<G>>,
    folded: Res<ReviewFolded>,
    seats: Res<Seats>,
    fonts: Option<Res<UiFonts>>,
    anchors: Query<(Entity, &MoveListAnchor)>,
    lists: Query<Entity, With<MoveList>>,
    mut shown: Local<Option<Shown>>,
) {
    let Some(place) = G::MOVE_LIST else { return };
    let key = (
        played.changes,
        played.game.actions().len(),
        viewing.0.is_some(),
        live.0.is_some(),
        part_key(&played, &viewing, &review, &seats, *folded),
    );
    if !lists.is_empty() && *shown == Some(key) && !played.is_added() {
        return;
    }
    *shown = Some(key);
    for list in &lists {
        commands.entity(list).despawn();
    }
    let Some((anchor, _)) = anchors.iter().find(|(_, a)| **a == place) else {
        return;
    };
    let all = rows(&played, &viewing, &live, &review);
    if all.is_empty() {
        return;
    }
    let at = played.game.actions().len();
    // The row of the position on the table: the last turn it has reached.
    let current = all.iter().rposition(|r| r.ply <= at);
    let aside = live.0.is_some();
    let clickable = may_look_back(&seats, &viewing);
    let part = key.4.is_some() && !super::review_panel::apart::<G>();
    let viewing = viewing.0.is_some();
    let last = match current {
        Some(c) if viewing => (c + 4).min(all.len()),
        _ => all.len(),
    };
    // Rows kept on screen: the latest, or those around the position looked at.
    let first = last.saturating_sub(G::MOVE_ROWS);
    let fonts = fonts.as_deref();
    let heading = match G::MOVE_CAP {
        Some(cap) => format!("Moves  {at} / {cap}"),
        None => "Moves".to_string(),
    };
    commands.entity(anchor).with_children(|parent| {
        parent
            .spawn((
                MoveList,
                GamePanel,
                LayoutChecked("move list"),
                DespawnOnExit(Screen::Playing),
                Node {
                    flex_direction: FlexDirection::Column,
                    min_width: px(150),
                    max_width: px(230),
                    padding: UiRect::axes(px(8), px(6)),
                    row_gap: px(1),
                    border_radius: BorderRadius::all(px(6)),
                    ..default()
                },
                BackgroundColor(PANEL),
            ))
            .with_children(|list| {
                list.spawn((
                    Text::new(heading),
                    bold(fonts, 12.0),
                    TextColor(DIM),
                    Pickable::IGNORE,
                ));
                for (i, row) in all.iter().enumerate().take(last).skip(first) {
                    let lit = Some(i) == current && viewing;
                    let ahead = row.ply > at;
                    spawn_row::<G>(list, row, lit, ahead, clickable, fonts);
                }
                if aside {
                    list.spawn((BackToGame, chip("back to the game", CHOSEN, INK)))
                        .observe(|_: On<Activate>, mut commands: Commands| {
                            commands.run_system_cached(return_to_live::<G>);
                        });
                }
                if part {
                    let replay = viewing && !aside;
                    spawn_part::<G>(list, &review, &seats, replay, clickable, *folded);
                }
            });
    });
}

fn spawn_row<G: TableGame>(
    list: &mut ChildSpawnerCommands,
    row: &Row,
    lit: bool,
    ahead: bool,
    clickable: bool,
    fonts: Option<&UiFonts>,
) {
    let rest = if lit { CHOSEN } else { Color::NONE };
    let look = G::SIDE_LOOKS[row.side];
    let mono = |size: f32| fonts.map_or_else(|| TextFont::from_font_size(size), |f| f.mono(size));
    let ink = if ahead { DIM } else { INK };
    let mut entity = list.spawn((
        MoveRow { ply: row.ply },
        Node {
            column_gap: px(6),
            align_items: AlignItems::Center,
            padding: UiRect::axes(px(4), px(1)),
            border_radius: BorderRadius::all(px(3)),
            ..default()
        },
        BackgroundColor(rest),
        children![
            (
                Text::new(format!("{:>3}", row.number)),
                mono(12.0),
                TextColor(DIM),
                Pickable::IGNORE,
            ),
            (
                Node {
                    width: px(9),
                    height: px(9),
                    border: UiRect::all(px(1)),
                    border_radius: BorderRadius::all(px(5)),
                    ..default()
                },
                BackgroundColor(look.chip),
                BorderColor::all(Color::srgba(1.0, 1.0, 1.0, 0.4)),
                Pickable::IGNORE,
            ),
            (
                Text::new(row.text.clone()),
                mono(12.0),
                TextColor(ink),
                Pickable::IGNORE,
            ),
        ],
    ));
    if let Some(mark) = row.mark {
        entity.with_child((
            RowMark(mark),
            Text::new(mark.glyph()),
            mono(12.0),
            TextColor(mark_colour(mark)),
            Pickable::IGNORE,
        ));
    }
    if clickable {
        let ply = row.ply;
        entity
            .insert((
                pressable(),
                ButtonFills {
                    rest,
                    hover: Color::srgba(1.0, 1.0, 1.0, 0.12),
                },
            ))
            .observe(move |_: On<Activate>, mut commands: Commands| {
                commands.run_system_cached_with(look_back::<G>, ply);
            });
    }
}
