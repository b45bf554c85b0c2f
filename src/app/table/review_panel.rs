//! The review's part of the move list (#43): "Review the game" once a game is over or a
//! replay is watched; while the review runs, how far it is; then a graph of the first
//! side's chance to win after every turn (a click opens the viewer there), each side's
//! accuracy and marks, a "why" chip for each marked turn (Show why) and "Learn from your
//! mistakes". Hex chess keeps its own move list, and Wave Field's has no room below it:
//! there the part has a panel of its own (bottom right; under the status).

use bevy::prelude::*;

use super::look_back::{LiveAside, look_back, may_look_back};
use super::move_list::mark_colour;
use super::review::{LearnMistakes, ReviewAsked, TableReview};
use super::score::title;
use super::show_why::ShowWhyAsked;
use super::viewer::Viewing;
use super::{Played, Seats, TableGame, TableSystems};
use crate::app::Screen;
use crate::app::ui::theme::{BUTTON, CHOSEN, DIM, INK, PANEL};
use crate::app::ui::widgets::{Activate, ButtonFills, pressable};
use crate::app::ui::{GamePanel, LayoutChecked, MoveListAnchor};
use crate::rules::Rules;
use crate::rules::review::{Mark, summary};

/// A point of the graph: the position after `ply` actions.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphPoint {
    pub ply: usize,
}

/// A marked turn's chip: Show why for the turn at `first_ply`.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct WhyChip {
    pub first_ply: usize,
}

/// The buttons of the review's part.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewButton {
    Review,
    /// Folds the part to its heading, or unfolds it (where the window has little room).
    Fold,
    LearnMistakes,
}

/// The review's part is folded to its heading.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReviewFolded(pub bool);

/// Where a game's review part stands (`TableGame::REVIEW_PLACE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewPlace {
    /// Inside the table's move list, under its rows.
    UnderMoveList,
    /// A panel of its own in the HUD's column at this anchor.
    Column(MoveListAnchor),
    /// A panel of its own at the bottom right, above the help line.
    Corner,
}

/// The review's own panel (hex chess, Wave Field: see [`ReviewPlace`]).
#[derive(Component)]
struct ReviewPanel;

/// The graph's height in UI pixels.
const GRAPH_HEIGHT: f32 = 34.0;
/// The most marked turns given a chip (the largest falls).
const CHIPS: usize = 6;
/// The marks "Learn from your mistakes" steps through.
pub const LEARNED: [Mark; 2] = [Mark::Mistake, Mark::Blunder];

pub(super) fn plugin<G: TableGame>(app: &mut App) {
    if apart::<G>() {
        app.add_systems(
            Update,
            draw_panel::<G>
                .in_set(TableSystems::Show)
                .run_if(resource_exists::<Played<G>>),
        );
    }
}

/// Whether the review's part has a panel of its own.
pub fn apart<G: TableGame>() -> bool {
    G::REVIEW_PLACE != ReviewPlace::UnderMoveList
}

pub(super) fn configure(app: &mut App) {
    app.init_resource::<ReviewFolded>()
        .add_observer(press_review_button);
}

/// A small pressable chip with `label` in `ink` on `fill`.
pub fn chip(label: impl Into<String>, fill: Color, ink: Color) -> impl Bundle {
    (
        pressable(),
        ButtonFills {
            rest: fill,
            hover: fill.lighter(0.1),
        },
        Node {
            margin: UiRect::top(px(2)),
            padding: UiRect::axes(px(6), px(2)),
            justify_content: JustifyContent::Center,
            border_radius: BorderRadius::all(px(4)),
            ..default()
        },
        BackgroundColor(fill),
        children![(
            Text::new(label),
            TextFont::from_font_size(12.0),
            TextColor(ink),
            Pickable::IGNORE,
        )],
    )
}

/// What the part shows, to draw it again only when that changes.
pub type PartKey = (bool, bool, usize, bool, bool);

/// Whether the part has anything to show, and its key.
pub fn part_key<G: TableGame>(
    played: &Played<G>,
    viewing: &Viewing,
    review: &TableReview<G>,
    seats: &Seats,
    folded: ReviewFolded,
) -> Option<PartKey> {
    let offer = played.over() || viewing.0.is_some();
    (review.asked() || offer).then(|| {
        (
            review.asked(),
            review.done(),
            review.turns.len(),
            may_look_back(seats, viewing),
            folded.0,
        )
    })
}

/// Whether the side at `side` (an index) was a person's: every side of a replay watched,
/// the people's of a game played here.
pub fn persons_side(seats: &Seats, replay: bool, side: usize) -> bool {
    replay || seats.human_to_move(side)
}

/// Adds the review's part to `parent` (the move list, or hex chess's panel).
pub fn spawn_part<G: TableGame>(
    parent: &mut ChildSpawnerCommands,
    review: &TableReview<G>,
    seats: &Seats,
    replay: bool,
    clickable: bool,
    folded: ReviewFolded,
) {
    if !review.asked() {
        parent.spawn((ReviewButton::Review, chip("Review the game", BUTTON, INK)));
        return;
    }
    let (judged, all) = review.progress();
    let heading = if review.done() {
        "Review".to_string()
    } else {
        format!("Reviewing: {judged} of {all} turns")
    };
    let fold = if folded.0 { "show" } else { "hide" };
    parent.spawn((
        ReviewButton::Fold,
        chip(format!("{heading} ({fold})"), Color::NONE, DIM),
    ));
    if review.turns.is_empty() || folded.0 {
        return;
    }
    spawn_graph::<G>(parent, review, clickable);
    if !review.done() {
        return;
    }
    let names = <G::Rules as Rules>::GAME.side_names();
    for (side, (counts, accuracy)) in summary(&review.turns).iter().enumerate() {
        let mut line = format!("{} accuracy {accuracy:.0}", title(names[side]));
        for (mark, n) in counts.iter().rev() {
            if *n > 0 && *mark != Mark::Only {
                line += &format!(", {n} {}", mark.glyph());
            }
        }
        parent.spawn((
            Text::new(line),
            TextFont::from_font_size(12.0),
            TextColor(INK),
            Pickable::IGNORE,
        ));
    }
    let mut marked: Vec<(usize, &crate::rules::review::Reviewed<_>)> = review
        .turns
        .iter()
        .enumerate()
        .filter(|(_, t)| t.mark.is_some_and(|m| m != Mark::Only))
        .collect();
    marked.sort_by(|a, b| b.1.fall().total_cmp(&a.1.fall()));
    marked.truncate(CHIPS);
    marked.sort_by_key(|(i, _)| *i);
    if !marked.is_empty() && clickable {
        parent
            .spawn((
                Node {
                    flex_wrap: FlexWrap::Wrap,
                    column_gap: px(3),
                    row_gap: px(3),
                    align_items: AlignItems::Center,
                    ..default()
                },
                Pickable::IGNORE,
            ))
            .with_children(|row| {
                row.spawn((
                    Text::new("Show why:"),
                    TextFont::from_font_size(12.0),
                    TextColor(DIM),
                    Pickable::IGNORE,
                ));
                for (i, turn) in marked {
                    let mark = turn.mark.unwrap_or(Mark::Inaccuracy);
                    row.spawn((
                        WhyChip {
                            first_ply: turn.first_ply,
                        },
                        chip(
                            format!("{} {}", i + 1, mark.glyph()),
                            BUTTON,
                            mark_colour(mark),
                        ),
                    ));
                }
            });
    }
    let learnable = review.turns.iter().any(|t| {
        t.mark.is_some_and(|m| LEARNED.contains(&m)) && persons_side(seats, replay, t.side)
    });
    if learnable {
        parent.spawn((
            ReviewButton::LearnMistakes,
            chip("Learn from your mistakes", CHOSEN, INK),
        ));
    }
}

/// The first side's chance after every reviewed turn, a column each, filled from below in
/// its colour over the other side's; a marked turn's column is edged in its mark's colour.
fn spawn_graph<G: TableGame>(
    parent: &mut ChildSpawnerCommands,
    review: &TableReview<G>,
    clickable: bool,
) {
    let [first, other] = [G::SIDE_LOOKS[0].chip, G::SIDE_LOOKS[1].chip];
    parent
        .spawn((
            Node {
                width: percent(100),
                min_width: px(140),
                height: px(GRAPH_HEIGHT),
                align_items: AlignItems::FlexEnd,
                border: UiRect::all(px(1)),
                ..default()
            },
            BorderColor::all(Color::srgba(0.0, 0.0, 0.0, 0.5)),
            BackgroundColor(other),
            Pickable::IGNORE,
        ))
        .with_children(|graph| {
            for turn in &review.turns {
                let after = if turn.side == 0 {
                    turn.win_after
                } else {
                    1.0 - turn.win_after
                };
                let ply = turn.first_ply + turn.actions.len();
                let edge = turn
                    .mark
                    .filter(|m| *m != Mark::Only)
                    .map_or(Color::NONE, mark_colour);
                let mut column = graph.spawn((
                    GraphPoint { ply },
                    Node {
                        flex_grow: 1.0,
                        flex_basis: px(0),
                        height: percent(100),
                        flex_direction: FlexDirection::Column,
                        justify_content: JustifyContent::FlexEnd,
                        border: UiRect::top(px(2)),
                        ..default()
                    },
                    BorderColor::all(edge),
                    children![(
                        Node {
                            width: percent(100),
                            height: percent((after * 100.0).clamp(0.0, 100.0) as f32),
                            ..default()
                        },
                        BackgroundColor(first),
                        Pickable::IGNORE,
                    )],
                ));
                if clickable {
                    column.insert(pressable()).observe(
                        move |_: On<Activate>, mut commands: Commands| {
                            commands.run_system_cached_with(look_back::<G>, ply);
                        },
                    );
                } else {
                    column.insert(Pickable::IGNORE);
                }
            }
        });
}

fn press_review_button(
    activate: On<Activate>,
    buttons: Query<&ReviewButton>,
    chips: Query<&WhyChip>,
    mut reviews: MessageWriter<ReviewAsked>,
    mut learn: MessageWriter<LearnMistakes>,
    mut why: MessageWriter<ShowWhyAsked>,
    mut folded: ResMut<ReviewFolded>,
) {
    if let Ok(chip) = chips.get(activate.entity) {
        why.write(ShowWhyAsked {
            first_ply: chip.first_ply,
        });
    }
    match buttons.get(activate.entity) {
        Ok(ReviewButton::Review) => {
            reviews.write(ReviewAsked);
        }
        Ok(ReviewButton::LearnMistakes) => {
            learn.write(LearnMistakes);
        }
        Ok(ReviewButton::Fold) => folded.0 = !folded.0,
        Err(_) => {}
    }
}

/// The review's own panel, in its anchor or at the bottom right, drawn again when it
/// changes.
fn draw_panel<G: TableGame>(
    mut commands: Commands,
    anchors: Query<(Entity, &MoveListAnchor)>,
    played: Res<Played<G>>,
    viewing: Res<Viewing>,
    live: Res<LiveAside<G>>,
    review: Res<TableReview<G>>,
    seats: Res<Seats>,
    folded: Res<ReviewFolded>,
    panels: Query<Entity, With<ReviewPanel>>,
    mut shown: Local<Option<PartKey>>,
) {
    let key = part_key(&played, &viewing, &review, &seats, *folded);
    if *shown == key && (key.is_none() || !panels.is_empty()) {
        return;
    }
    *shown = key;
    for panel in &panels {
        commands.entity(panel).despawn();
    }
    if key.is_none() {
        return;
    }
    let replay = viewing.0.is_some() && live.0.is_none();
    let clickable = may_look_back(&seats, &viewing);
    let mut node = Node {
        width: px(220),
        flex_direction: FlexDirection::Column,
        row_gap: px(2),
        padding: UiRect::axes(px(8), px(6)),
        border_radius: BorderRadius::all(px(6)),
        ..default()
    };
    let anchor = match G::REVIEW_PLACE {
        ReviewPlace::Column(want) => anchors.iter().find(|(_, a)| **a == want).map(|(e, _)| e),
        ReviewPlace::Corner | ReviewPlace::UnderMoveList => None,
    };
    if anchor.is_none() {
        // Above the help line at the bottom.
        (node.position_type, node.right, node.bottom) = (PositionType::Absolute, px(12), px(40));
    }
    let panel = commands
        .spawn((
            ReviewPanel,
            GamePanel,
            LayoutChecked("review panel"),
            DespawnOnExit(Screen::Playing),
            node,
            BackgroundColor(PANEL),
        ))
        .with_children(|panel| {
            spawn_part::<G>(panel, &review, &seats, replay, clickable, *folded);
        })
        .id();
    if let Some(anchor) = anchor {
        commands.entity(anchor).add_child(panel);
    }
}
