//! A hex chess move foreseen: the man as a ghost on its destination in the type it
//! arrives as (v011 renames it on arrival), a faint hex on every cell it then attacks, a
//! mark on the man it takes and on each enemy man it then attacks, and the line: "arrives
//! as a bishop · takes a rook · attacks 2: queen, knight · check".

use bevy::prelude::*;

use super::pieces::{HexLooks, rest_transform};
use super::{Hexchess, HexchessPlayed, HexchessScene};
use crate::app::table::foresight::{Foreseen, Mark, MarkWhat, Sight, joined, spawn_part};
use crate::rules::hexchess::{Cell, GameSession, Kind, Move};

/// How high a mark floats over a man.
const MARK_LIFT: f32 = 0.9;

/// The selected man's move to the cell under the pointer (a promotion previews the
/// queen), when it is legal.
pub(super) fn hovered(played: &HexchessPlayed, scene: &HexchessScene) -> Option<Vec<Move>> {
    let (from, to) = (scene.selected?, scene.hover_cell?);
    if scene.editing.is_some() || from == to {
        return None;
    }
    let moves: Vec<Move> = played
        .game
        .rules()
        .game()
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == from && m.to == to)
        .collect();
    let chosen = moves
        .iter()
        .find(|m| m.promotion == Some(Kind::Queen))
        .or(moves.first())?;
    Some(vec![*chosen])
}

fn point(cell: Cell) -> Vec3 {
    rest_transform(cell).translation
}

pub(super) fn foresee(
    commands: &mut Commands,
    looks: &HexLooks,
    seen: &Foreseen<Hexchess>,
) -> Sight {
    let mut sight = Sight::default();
    let Some(resolution) = seen.resolutions.first() else {
        return sight;
    };
    let side = resolution.color;
    let arrived = resolution.arrived_as;
    let ghost = spawn_part(
        commands,
        "Ghost man",
        looks.meshes[side.index()][arrived.index()].clone(),
        looks.ghost[side.index()].clone(),
        rest_transform(resolution.to),
    );
    let ring = spawn_part(
        commands,
        "Ghost floor",
        looks.ring.clone(),
        looks.ghost_floor.clone(),
        Transform::from_translation(point(resolution.to) + Vec3::Y * 0.03),
    );
    sight.entities.extend([ghost, ring]);
    sight.marks.push(Mark {
        at: point(resolution.to) + Vec3::Y * (MARK_LIFT + 0.55),
        text: format!("as {}", arrived.name()),
        what: MarkWhat::Arrives,
    });
    if let Some((_, kind, cell)) = resolution.captured {
        sight.marks.push(Mark {
            at: point(cell) + Vec3::Y * MARK_LIFT,
            text: format!("takes {}", kind.name()),
            what: MarkWhat::Lost,
        });
    }
    let after = seen.after.position();
    let attacked = after.attacked_from(resolution.to);
    let mut men = Vec::new();
    for &cell in &attacked {
        let lift = Transform::from_translation(point(cell) + Vec3::Y * 0.012);
        sight.entities.push(spawn_part(
            commands,
            "Attacked cell",
            looks.move_marker.clone(),
            looks.attack_material.clone(),
            lift,
        ));
        if let Some(man) = after.piece_at(cell).filter(|p| p.color != side) {
            men.push(man.kind);
            sight.marks.push(Mark {
                at: point(cell) + Vec3::Y * MARK_LIFT,
                text: "!".to_string(),
                what: MarkWhat::Attacks,
            });
        }
    }
    sight.line = line(seen, resolution, arrived, &attacked, &men);
    sight
}

/// "arrives as a bishop · takes a rook · attacks 2: queen, knight · check".
fn line(
    seen: &Foreseen<Hexchess>,
    resolution: &crate::rules::hexchess::Resolution,
    arrived: Kind,
    attacked: &[Cell],
    men: &[Kind],
) -> String {
    let mut parts = vec![if resolution.departed_as == arrived {
        format!("stays a {}", arrived.name())
    } else {
        format!("arrives as a {}", arrived.name())
    }];
    if let Some((_, kind, _)) = resolution.captured {
        parts.push(format!("takes a {}", kind.name()));
    }
    parts.push(match men {
        [] => format!("attacks {} cells", attacked.len()),
        _ => {
            let names: Vec<&str> = men.iter().map(|k| k.name()).collect();
            format!("attacks {}: {}", men.len(), names.join(", "))
        }
    });
    if resolution.gives_check && resolution.outcome.is_none() {
        parts.push("check".to_string());
    }
    parts.push(seen.ending().unwrap_or_default().to_string());
    joined(parts)
}

/// From the man's cell to its destination.
pub(super) fn turn_arrow(_before: &GameSession, turn: &[Move]) -> Option<(Vec3, Vec3)> {
    let mv = turn.first()?;
    Some((point(mv.from), point(mv.to)))
}
