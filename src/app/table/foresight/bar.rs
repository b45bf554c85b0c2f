//! The evaluation bar beside the board (off by default; E, or the setting): the first
//! side's chance to win filled from below in its colour, the other's above, the figure
//! under it; and the buttons that ask for the threat, a hint and the bar.

use bevy::prelude::*;

use super::keys::ForesightAsk;
use super::{ForesightShown, Insight};
use crate::app::Screen;
use crate::app::table::{Played, TableGame, TableSystems};
use crate::app::ui::LayoutChecked;
use crate::app::ui::theme::{INK, PANEL};
use crate::app::ui::widgets::{Activate, button};
use crate::rules::Rules;

/// The bar's frame, its first side's fill, and the figure.
#[derive(Component)]
pub struct EvaluationBar;
#[derive(Component)]
struct FirstSideFill;
#[derive(Component)]
struct OtherSideFill;
#[derive(Component)]
struct BarFigure;

/// The column of buttons asking for the threat, a hint and the bar.
#[derive(Component)]
struct AnalysisButtons;

/// A button asking the foresight for something.
#[derive(Component, Clone, Copy)]
struct AskButton(ForesightAsk);

/// The bar's height as a share of the window's, and its width in UI pixels.
const BAR_HEIGHT: f32 = 30.0;
const BAR_WIDTH: f32 = 14.0;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(press_ask);
}

pub(super) fn plugin_for<G: TableGame>(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Playing),
        spawn_bar_and_buttons::<G>
            .after(crate::app::table::TableEnter::Start)
            .run_if(resource_exists::<Played<G>>),
    );
    app.add_systems(
        Update,
        (fill_bar::<G>, light_buttons::<G>)
            .in_set(TableSystems::Show)
            .after(super::drawn::DrawSights)
            .run_if(resource_exists::<Played<G>>),
    );
}

/// A button whose sight is on wears a ring in its sight's colour.
/// The buttons give way to a game's own panel in the left column.
fn light_buttons<G: TableGame>(
    played: Res<Played<G>>,
    seats: Res<crate::app::table::Seats>,
    scene: Res<G::Scene>,
    insight: Res<Insight<G>>,
    shown: Res<ForesightShown>,
    mut buttons: Query<(&AskButton, &mut Outline)>,
    mut columns: Query<&mut Visibility, With<AnalysisButtons>>,
) {
    let room = !G::left_column_taken(&scene) && !crate::app::table::editor::editing(&seats);
    for mut visibility in &mut columns {
        visibility.set_if_neq(if room {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
    for (ask, mut outline) in &mut buttons {
        let (on, colour) = match ask.0 {
            ForesightAsk::Threat => (shown.threat, super::kind_colour(super::SightKind::Threat)),
            ForesightAsk::Hint => (
                insight.hint_asked == Some(played.changes),
                super::kind_colour(super::SightKind::Hint),
            ),
            ForesightAsk::EvaluationBar => (shown.evaluation_bar, G::SIDE_LOOKS[0].chip),
        };
        let colour = if on { colour } else { Color::NONE };
        if outline.color != colour {
            outline.color = colour;
        }
    }
}

fn spawn_bar_and_buttons<G: TableGame>(
    mut commands: Commands,
    keymap: Res<crate::app::keymap::Keymap>,
) {
    commands.spawn((
        Name::new("Evaluation bar"),
        EvaluationBar,
        LayoutChecked("evaluation bar"),
        DespawnOnExit(Screen::Playing),
        Node {
            position_type: PositionType::Absolute,
            left: px(16),
            top: percent(36),
            width: px(BAR_WIDTH + 70.0),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: px(4),
            ..default()
        },
        Pickable::IGNORE,
        Visibility::Hidden,
        children![
            (
                Node {
                    width: px(BAR_WIDTH),
                    height: vh(BAR_HEIGHT),
                    flex_direction: FlexDirection::Column,
                    border: UiRect::all(px(1)),
                    border_radius: BorderRadius::all(px(3)),
                    ..default()
                },
                BorderColor::all(Color::srgba(0.0, 0.0, 0.0, 0.6)),
                Pickable::IGNORE,
                children![
                    (
                        OtherSideFill,
                        Node {
                            width: percent(100),
                            height: percent(50),
                            ..default()
                        },
                        BackgroundColor(Color::srgb(0.16, 0.16, 0.19)),
                        Pickable::IGNORE,
                    ),
                    (
                        FirstSideFill,
                        Node {
                            width: percent(100),
                            height: percent(50),
                            ..default()
                        },
                        BackgroundColor(Color::srgb(0.92, 0.9, 0.84)),
                        Pickable::IGNORE,
                    ),
                ],
            ),
            (
                BarFigure,
                Text::new(""),
                TextFont::from_font_size(12.0),
                TextColor(INK),
                Node {
                    padding: UiRect::axes(px(3), px(1)),
                    border_radius: BorderRadius::all(px(4)),
                    ..default()
                },
                BackgroundColor(PANEL),
                Pickable::IGNORE,
            ),
        ],
    ));
    use crate::app::keymap;
    fn ask(label: &str, what: ForesightAsk) -> impl Bundle + use<'_> {
        (
            AskButton(what),
            Outline::new(px(2), px(1), Color::NONE),
            button(label, 112.0, PANEL, INK),
        )
    }
    let threat = format!("Threat {}", keymap.name(keymap::THREATS));
    let hint = format!("Hint {}", super::keys::hint_key_name::<G>(&keymap));
    let bar = format!("Bar {}", keymap.name(keymap::EVALUATION));
    commands.spawn((
        Name::new("Analysis buttons"),
        AnalysisButtons,
        LayoutChecked("analysis buttons"),
        DespawnOnExit(Screen::Playing),
        crate::app::ui::GamePanel,
        Node {
            position_type: PositionType::Absolute,
            left: px(12),
            bottom: percent(18),
            flex_direction: FlexDirection::Column,
            row_gap: px(4),
            ..default()
        },
        children![
            ask(&threat, ForesightAsk::Threat),
            ask(&hint, ForesightAsk::Hint),
            ask(&bar, ForesightAsk::EvaluationBar),
        ],
    ));
}

fn press_ask(
    activate: On<Activate>,
    buttons: Query<&AskButton>,
    mut asks: MessageWriter<ForesightAsk>,
) {
    if let Ok(AskButton(what)) = buttons.get(activate.entity) {
        asks.write(*what);
    }
}

/// Fills the bar from what is known of the position, in the sides' colours.
fn fill_bar<G: TableGame>(
    played: Res<Played<G>>,
    scene: Res<G::Scene>,
    insight: Res<Insight<G>>,
    shown: Res<ForesightShown>,
    mut bars: Query<&mut Visibility, With<EvaluationBar>>,
    mut first: Query<
        (&mut Node, &mut BackgroundColor),
        (With<FirstSideFill>, Without<OtherSideFill>),
    >,
    mut other: Query<
        (&mut Node, &mut BackgroundColor),
        (With<OtherSideFill>, Without<FirstSideFill>),
    >,
    mut figures: Query<&mut Text, With<BarFigure>>,
) {
    let chance = if played.game.is_over() {
        let winner = played
            .game
            .winner()
            .map(crate::app::table::side_index::<G::Rules>);
        Some(match winner {
            Some(0) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        })
    } else {
        insight
            .known(played.changes)
            .and_then(|k| k.first_side_chance(played.to_move()))
    };
    let on = shown.evaluation_bar && chance.is_some() && !G::left_column_taken(&scene);
    for mut visibility in &mut bars {
        visibility.set_if_neq(if on {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
    let Some(chance) = chance.filter(|_| on) else {
        return;
    };
    let share = (chance * 100.0).clamp(0.0, 100.0) as f32;
    for (mut node, mut fill) in &mut first {
        if node.height != percent(share) {
            node.height = percent(share);
        }
        fill.set_if_neq(BackgroundColor(G::SIDE_LOOKS[0].chip));
    }
    for (mut node, mut fill) in &mut other {
        if node.height != percent(100.0 - share) {
            node.height = percent(100.0 - share);
        }
        fill.set_if_neq(BackgroundColor(G::SIDE_LOOKS[1].chip));
    }
    let first_name = <G::Rules as crate::rules::Rules>::GAME.side_names()[0];
    let mut name = first_name.to_string();
    if let Some(c) = name.get_mut(..1) {
        c.make_ascii_uppercase();
    }
    let figure = format!("{name} {share:.0}%");
    for mut text in &mut figures {
        if text.0 != figure {
            text.0 = figure.clone();
        }
    }
}
