//! A Vectress turn foreseen: every magnet that ends elsewhere as a ghost on its final
//! cell, every bond of the final board that the turn made or moved as a ghost clasp, a
//! cross on each magnet that goes over the edge, and the line: how many waves, whose
//! magnets go over, how the game ends.

use bevy::prelude::*;

use super::Vectress;
use super::pieces::{BODY_HEIGHT, MagnetLooks, rest_transform};
use super::stages::cell_point;
use crate::app::table::foresight::{Foreseen, Mark, MarkWhat, Sight, joined, spawn_part};
use crate::rules::vectress::{Action, Game, Kind, Piece};

/// How high a mark floats over a magnet.
const MARK_LIFT: f32 = 0.75;

pub(super) fn foresee(
    commands: &mut Commands,
    looks: &MagnetLooks,
    seen: &Foreseen<Vectress>,
) -> Sight {
    let (before, after) = (seen.before.position(), seen.after.position());
    let mut sight = Sight::default();
    let moved = |p: &Piece| before.piece(p.id).is_none_or(|b| b.cell != p.cell);
    for piece in after.pieces().filter(moved) {
        let ghost = spawn_part(
            commands,
            "Ghost magnet",
            looks.bodies[piece.kind.index()].clone(),
            looks.ghost[piece.owner.index()].clone(),
            rest_transform(piece.cell, piece.owner),
        );
        let ring = spawn_part(
            commands,
            "Ghost floor",
            looks.glow.clone(),
            looks.ghost_floor.clone(),
            Transform::from_translation(cell_point(piece.cell) + Vec3::Y * 0.03),
        );
        sight.entities.extend([ghost, ring]);
    }
    let before_bonds = before.bonds();
    for (a, b) in after.bonds() {
        let (Some(pa), Some(pb)) = (after.piece(a), after.piece(b)) else {
            continue;
        };
        if before_bonds.contains(&(a, b)) && !moved(&pa) && !moved(&pb) {
            continue;
        }
        sight.entities.push(ghost_clasp(
            commands,
            looks,
            cell_point(pa.cell),
            cell_point(pb.cell),
        ));
    }
    let lost: Vec<Piece> = before
        .pieces()
        .filter(|p| after.piece(p.id).is_none())
        .collect();
    for piece in &lost {
        sight.marks.push(Mark {
            at: cell_point(piece.cell) + Vec3::Y * MARK_LIFT,
            text: "× over".into(),
            what: MarkWhat::Lost,
        });
    }
    sight.line = line(seen, &lost);
    sight
}

/// A see-through clasp between two magnets' final places, as a bond is drawn.
fn ghost_clasp(commands: &mut Commands, looks: &MagnetLooks, a: Vec3, b: Vec3) -> Entity {
    let lift = Vec3::Y * (BODY_HEIGHT * 0.6);
    let (pa, pb) = (a + lift, b + lift);
    let span = pb - pa;
    let length = (span.length() * 0.3).max(0.18);
    spawn_part(
        commands,
        "Ghost bond",
        looks.link.clone(),
        looks.ghost_link.clone(),
        Transform {
            translation: (pa + pb) / 2.0,
            rotation: Quat::from_rotation_arc(Vec3::Y, span.normalize_or(Vec3::X)),
            scale: Vec3::new(1.0, length, 1.0),
        },
    )
}

/// "3 waves · your Triangle goes over · you win".
fn line(seen: &Foreseen<Vectress>, lost: &[Piece]) -> String {
    let waves: usize = seen.resolutions.iter().map(|r| r.shown_waves().len()).sum();
    let mut parts = vec![match waves {
        0 => String::new(),
        1 => "1 wave".to_string(),
        n => format!("{n} waves"),
    }];
    let viewer = seen.viewer();
    for (mine, whose) in [(true, "your"), (false, "their")] {
        let kinds: Vec<Kind> = lost
            .iter()
            .filter(|p| (p.owner.index() == viewer) == mine)
            .map(|p| p.kind)
            .collect();
        parts.push(gone(whose, &kinds));
    }
    parts.push(seen.ending().unwrap_or_default().to_string());
    if parts.iter().all(String::is_empty) {
        return "nothing else moves".to_string();
    }
    joined(parts)
}

/// "your Triangle goes over", "their Square and Rhombus go over", "3 of yours go over".
fn gone(whose: &str, kinds: &[Kind]) -> String {
    match kinds {
        [] => String::new(),
        [one] => format!("{whose} {} goes over", one.title()),
        [a, b] => format!("{whose} {} and {} go over", a.title(), b.title()),
        many => {
            let owned = if whose == "your" { "yours" } else { "theirs" };
            format!("{} of {owned} go over", many.len())
        }
    }
}

/// From the moved magnet's cell to where it goes; a pass has no arrow.
pub(super) fn turn_arrow(_before: &Game, turn: &[Action]) -> Option<(Vec3, Vec3)> {
    match turn.first()? {
        Action::Move { from, to } | Action::PullFree { from, to } => {
            Some((cell_point(*from), cell_point(*to)))
        }
        Action::Pass => None,
    }
}
