//! The replay viewer's two bars: the timeline over the board's near edge (one tick per
//! action; a click jumps there) and the stage ticks of the move playing.

use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;

use super::viewer::jump_to;
use super::{Played, TableGame, Viewing};
use crate::app::Screen;
use crate::app::playback::PlaybackQueue;

/// A tick of the timeline: the ply it jumps to.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimelineTick(pub usize);

#[derive(Component)]
pub(super) struct Timeline;

const TICK: Color = Color::srgba(0.85, 0.82, 0.74, 0.35);
const TICK_PLAYED: Color = Color::srgb(0.96, 0.78, 0.35);

/// The timeline bar over the board's near edge, above the captions: one tick per action
/// (the ones played lit); clicking a tick jumps there.
pub(super) fn draw_timeline<G: TableGame>(
    mut commands: Commands,
    played: Res<Played<G>>,
    viewing: Res<Viewing>,
    bars: Query<Entity, With<Timeline>>,
    mut ticks: Query<(&TimelineTick, &mut BackgroundColor)>,
) {
    let Some(viewer) = viewing.0.as_ref() else {
        for bar in &bars {
            commands.entity(bar).despawn();
        }
        return;
    };
    if bars.is_empty() {
        commands
            .spawn((
                Timeline,
                DespawnOnExit(Screen::Playing),
                Node {
                    position_type: PositionType::Absolute,
                    bottom: px(112),
                    left: percent(10),
                    width: percent(80),
                    height: px(14),
                    column_gap: px(2),
                    ..default()
                },
            ))
            .with_children(|bar| {
                for ply in 0..viewer.actions.len() {
                    bar.spawn((
                        TimelineTick(ply + 1),
                        Button,
                        Node {
                            flex_grow: 1.0,
                            height: percent(100),
                            ..default()
                        },
                        BackgroundColor(TICK),
                    ))
                    .observe(on_tick_click::<G>);
                }
            });
    }
    let played = played.game.actions().len();
    for (tick, mut colour) in &mut ticks {
        let want = if tick.0 <= played { TICK_PLAYED } else { TICK };
        if colour.0 != want {
            colour.0 = want;
        }
    }
}

fn on_tick_click<G: TableGame>(
    click: On<Pointer<Click>>,
    mut commands: Commands,
    ticks: Query<&TimelineTick>,
) {
    if let Ok(tick) = ticks.get(click.entity) {
        commands.run_system_cached_with(jump_to::<G>, tick.0);
    }
}

/// A tick of the current move's stages (the wave ticks inside a move).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StageTick(pub usize);

#[derive(Component)]
pub(super) struct StageBar;

/// Above the timeline, the move playing now: one tick per stage, lit up to the one playing.
pub(super) fn draw_stage_ticks(
    mut commands: Commands,
    viewing: Res<Viewing>,
    queue: Res<PlaybackQueue>,
    bars: Query<(Entity, Option<&Children>), With<StageBar>>,
    mut ticks: Query<(&StageTick, &mut BackgroundColor)>,
) {
    let count = if viewing.0.is_some() {
        queue.stage_count()
    } else {
        0
    };
    let shown = bars
        .iter()
        .next()
        .map(|(e, c)| (e, c.map_or(0, |c| c.len())));
    match shown {
        Some((bar, n)) if n != count || count == 0 => {
            commands.entity(bar).despawn();
        }
        None if count > 0 => {
            commands
                .spawn((
                    StageBar,
                    DespawnOnExit(Screen::Playing),
                    Node {
                        position_type: PositionType::Absolute,
                        bottom: px(130),
                        left: percent(35),
                        width: percent(30),
                        height: px(8),
                        column_gap: px(3),
                        ..default()
                    },
                ))
                .with_children(|bar| {
                    for stage in 0..count {
                        bar.spawn((
                            StageTick(stage + 1),
                            Node {
                                flex_grow: 1.0,
                                height: percent(100),
                                ..default()
                            },
                            BackgroundColor(TICK),
                        ));
                    }
                });
        }
        _ => {}
    }
    let playing = queue.progress().map_or(count, |(n, _)| n);
    for (tick, mut colour) in &mut ticks {
        let want = if tick.0 <= playing { TICK_PLAYED } else { TICK };
        if colour.0 != want {
            colour.0 = want;
        }
    }
}
