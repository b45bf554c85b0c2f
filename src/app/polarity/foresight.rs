//! A Polarity placement foreseen: the stone placed and every stone moved as ghosts at
//! their final cells (under a live pointer the table's own preview already draws the
//! placed stone, the rays and the moves as arrows), a cross on every stone a line takes,
//! and the line ("takes 2 lines · 6 stones").

use bevy::prelude::*;

use super::layout::{cell_point, stone_rest};
use super::pieces::PolarityLooks;
use super::{Polarity, PolarityPlayed, PolarityScene};
use crate::app::table::foresight::{Foreseen, Mark, MarkWhat, Sight, joined, spawn_part};
use crate::rules::polarity::{Action, Game};

/// How high a mark floats over a stone.
const MARK_LIFT: f32 = 0.6;

/// The placement under the pointer, with the power a click would spend now.
pub(super) fn hovered(played: &PolarityPlayed, scene: &PolarityScene) -> Option<Vec<Action>> {
    let cell = scene.hover_cell?;
    Some(vec![Action {
        cell,
        power: scene.power_now(played),
    }])
}

pub(super) fn foresee(
    commands: &mut Commands,
    looks: &PolarityLooks,
    seen: &Foreseen<Polarity>,
) -> Sight {
    let mut sight = Sight::default();
    let Some(resolution) = seen.resolutions.first() else {
        return sight;
    };
    {
        // Under the pointer the table's own preview already draws the placed stone.
        let placed = (!seen.live_hover).then_some((resolution.placed.id, resolution.placed.cell));
        let moved = resolution.moved.iter().map(|m| (m.id, m.to));
        for (id, cell) in placed.into_iter().chain(moved) {
            let ghost = spawn_part(
                commands,
                "Ghost stone",
                looks.stone_mesh(id),
                looks.ghost.clone(),
                stone_rest(cell, id),
            );
            sight.entities.push(ghost);
        }
    }
    for stone in &resolution.removed {
        sight.marks.push(Mark {
            at: cell_point(stone.cell) + Vec3::Y * MARK_LIFT,
            text: "×".into(),
            what: MarkWhat::Lost,
        });
    }
    let moved = resolution.moved.len();
    let mut parts = vec![match (resolution.runs.len(), resolution.removed.len()) {
        (0, _) => "no line".to_string(),
        (1, n) => format!("takes 1 line · {n} stones"),
        (lines, n) => format!("takes {lines} lines · {n} stones"),
    }];
    parts.push(match moved {
        0 => String::new(),
        1 => "moves 1 stone".to_string(),
        n => format!("moves {n} stones"),
    });
    if resolution.removed.is_empty() && resolution.runs.is_empty() && moved == 0 {
        parts[0] = "nothing moves".to_string();
    }
    parts.push(seen.ending().unwrap_or_default().to_string());
    sight.line = joined(parts);
    sight
}

/// A short arrow coming down onto the placement's cell.
pub(super) fn turn_arrow(_before: &Game, turn: &[Action]) -> Option<(Vec3, Vec3)> {
    let to = cell_point(turn.first()?.cell);
    Some((to + Vec3::new(-1.1, 0.0, 1.1), to))
}
