//! A Wave Field turn foreseen (the surface keeps previewing the hovered move's field):
//! the moved piece as a ghost on its square, a mark on every piece the removal rounds
//! take and on every piece left unstable, and the line: "flips 11 squares · removes your
//! Tower · 2 left unstable · the Blue Big Hat is trapped".

use bevy::prelude::*;

use super::pieces::{Looks, cell_point};
use super::surface::{self, to_f32};
use super::{Wavefield, WavefieldPlayed, WavefieldScene};
use crate::app::table::foresight::{Foreseen, Mark, MarkWhat, Sight, joined, spawn_part};
use crate::rules::wavefield::{Action, Cell, Event, Game, Move};

/// How high a mark floats over a piece.
const MARK_LIFT: f32 = 0.95;

/// The move under the pointer: the dragged piece over a square it may move to, or the
/// selected piece's marker hovered.
pub(super) fn hovered(_played: &WavefieldPlayed, scene: &WavefieldScene) -> Option<Vec<Action>> {
    if let Some(drag) = &scene.drag {
        let to = drag.over.filter(|_| drag.preview.is_some())?;
        return Some(vec![Action::Move(Move {
            from: drag.from,
            to,
        })]);
    }
    scene.hovered.map(|mv| vec![Action::Move(mv)])
}

pub(super) fn foresee(commands: &mut Commands, looks: &Looks, seen: &Foreseen<Wavefield>) -> Sight {
    let mut sight = Sight::default();
    let field = to_f32(seen.after.position().field());
    let at = |cell: Cell| cell_point(cell, surface::lift(field[cell.index()]));
    let moved = seen.resolutions.iter().find_map(|r| match &r.event {
        Event::Moved {
            piece,
            kind,
            to,
            rounds,
            unstable,
            opponent_trapped,
            ..
        } => Some((
            *piece,
            *kind,
            *to,
            rounds,
            unstable,
            *opponent_trapped,
            r.side,
        )),
        _ => None,
    });
    let Some((piece, kind, to, rounds, unstable, trapped, side)) = moved else {
        sight.line = joined(vec![seen.ending().unwrap_or_default().to_string()]);
        return sight;
    };
    let survives = seen.after.position().piece(piece).alive;
    if survives {
        let ghost = spawn_part(
            commands,
            "Ghost piece",
            looks.bodies[kind.index()].clone(),
            looks.ghost[side.index()].clone(),
            Transform::from_translation(at(to)),
        );
        let ring = spawn_part(
            commands,
            "Ghost floor",
            looks.warning_ring.clone(),
            looks.ghost_floor.clone(),
            Transform::from_translation(at(to) + Vec3::Y * 0.03),
        );
        sight.entities.extend([ghost, ring]);
    }
    let viewer = seen.viewer();
    let mut removed = [Vec::new(), Vec::new()];
    for (gone, _) in rounds.iter() {
        for r in gone {
            sight.marks.push(Mark {
                at: at(r.cell) + Vec3::Y * MARK_LIFT,
                text: format!("× {}", r.kind.title()),
                what: MarkWhat::Lost,
            });
            let mine = usize::from(r.owner.index() != viewer);
            removed[mine].push(r.kind.title());
        }
    }
    for &id in unstable.iter() {
        let p = seen.after.position().piece(id);
        if p.alive {
            sight.marks.push(Mark {
                at: at(p.cell) + Vec3::Y * MARK_LIFT,
                text: "unstable".into(),
                what: MarkWhat::Unstable,
            });
        }
    }
    let (before, after) = (seen.before.position(), seen.after.position());
    let flips = Cell::all()
        .filter(|&c| before.territory(c) != after.territory(c))
        .count();
    let mut parts = vec![match flips {
        0 => "flips no square".to_string(),
        1 => "flips 1 square".to_string(),
        n => format!("flips {n} squares"),
    }];
    for (i, whose) in ["your", "their"].into_iter().enumerate() {
        parts.push(match removed[i].as_slice() {
            [] => String::new(),
            [one] => format!("removes {whose} {one}"),
            many => format!("removes {} of {whose}s", many.len()),
        });
    }
    let shaky = unstable.iter().filter(|&&id| after.piece(id).alive).count();
    if shaky > 0 {
        parts.push(format!("{shaky} left unstable"));
    }
    if trapped {
        parts.push(format!(
            "the {} Big Hat is trapped",
            side.opponent().title()
        ));
    }
    parts.push(seen.ending().unwrap_or_default().to_string());
    sight.line = joined(parts);
    sight
}

/// From the moved piece's square to where it goes; a turn of tunings alone has no arrow.
pub(super) fn turn_arrow(before: &Game, turn: &[Action]) -> Option<(Vec3, Vec3)> {
    let field = to_f32(before.position().field());
    turn.iter().find_map(|a| match a {
        Action::Move(mv) => Some((
            cell_point(mv.from, surface::lift(field[mv.from.index()])),
            cell_point(mv.to, surface::lift(field[mv.to.index()])),
        )),
        _ => None,
    })
}
