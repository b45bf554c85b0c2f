//! A Wave Field move as playback stages: the move itself (the piece slides in an arc while
//! the surface flows to the field after the move), then one stage per removal round (W8):
//! each removed piece bursts and vanishes while the surface flows to the field after that
//! round. Every stage comes with the field it ends on, so the surface follows playback,
//! pause, stepping and freezing exactly.

use std::collections::HashMap;

use bevy::prelude::*;

use super::pieces::{Looks, cell_point, rest_transform};
use super::surface::{lift, to_f32};
use crate::app::Screen;
use crate::app::playback::{ARRIVAL, Motion, PieceTween, Stage};
use crate::rules::wavefield::geometry::CELLS;
use crate::rules::wavefield::{Cell, Event, PieceId, Position};
use crate::sound::{Cue, CueKind};

/// A decoration that lives only for one playback (loss bursts).
#[derive(Component)]
pub struct PlaybackEffect;

/// Half the board's width, world units (for the pan).
const HALF_WIDTH: f32 = 4.5;
/// A swing of this many cells is the loudest flow.
const FULL_SWING: usize = 20;

fn heard(kind: CueKind, at: f32, cell: Cell) -> Cue {
    Cue::new(kind, at).at_x(cell_point(cell, 0.0).x, HALF_WIDTH)
}

/// The field's flow from one shape to the next: as loud as the territory swing (cells
/// whose sign changed) and placed where it swung; none when no cell changed hands.
fn flow(from: &[f32; CELLS], to: &[f32; CELLS], at: f32) -> Option<Cue> {
    let swung: Vec<Cell> = (0..CELLS)
        .filter(|&i| from[i].signum() != to[i].signum())
        .filter_map(Cell::from_index)
        .collect();
    if swung.is_empty() {
        return None;
    }
    let x = swung.iter().map(|c| cell_point(*c, 0.0).x).sum::<f32>() / swung.len() as f32;
    Some(
        Cue::new(CueKind::Flow, at)
            .strength(swung.len().min(FULL_SWING) as f32 / FULL_SWING as f32)
            .at_x(x, HALF_WIDTH),
    )
}

/// The stages of a move with their sounds (without their captions: the showcase layer writes those) and
/// the fields they pass through: `fields[0]` before the move,
/// `fields[i + 1]` at the end of stage `i`. Returns `None` for events without playback.
pub fn stages_for(
    commands: &mut Commands,
    looks: &Looks,
    pieces: &HashMap<PieceId, Entity>,
    before: &Position,
    event: &Event,
) -> Option<(Vec<Stage>, Vec<[f32; CELLS]>)> {
    let Event::Moved {
        piece,
        from,
        to,
        field_after_move,
        rounds,
        ..
    } = event
    else {
        return None;
    };
    let mut fields = vec![to_f32(before.field()), to_f32(&field_after_move.0)];
    // Where every piece on the board stands as the playback goes.
    let mut standing: Vec<(PieceId, Cell)> = before
        .pieces()
        .iter()
        .filter(|p| p.alive)
        .map(|p| (p.id, if p.id == *piece { *to } else { p.cell }))
        .collect();
    let mut stages = Vec::new();

    let mut tweens = Vec::new();
    if let Some(&entity) = pieces.get(piece) {
        tweens.push(PieceTween {
            entity,
            from: rest_transform(*from, &fields[0]),
            motion: Motion::Move {
                to: rest_transform(*to, &fields[1]),
                lift: 0.55,
            },
        });
    }
    tweens.extend(settle(
        pieces,
        &standing,
        &fields[0],
        &fields[1],
        Some(*piece),
    ));
    // The piece lifts off as the field begins to flow, and rings as it lands.
    let cues = flow(&fields[0], &fields[1], 0.05)
        .into_iter()
        .chain([heard(CueKind::Ring, ARRIVAL, *to)])
        .collect();
    stages.push(Stage {
        tweens,
        cues,
        ..Stage::default()
    });

    for (round, (removed, field_after)) in rounds.iter().enumerate() {
        let previous = fields[fields.len() - 1];
        let next = to_f32(&field_after.0);
        let mut tweens = Vec::new();
        let mut effects = Vec::new();
        for r in removed {
            if let Some(&entity) = pieces.get(&r.id) {
                tweens.push(PieceTween {
                    entity,
                    from: rest_transform(r.cell, &previous),
                    motion: Motion::Disappear,
                });
            }
            let at = cell_point(r.cell, lift(previous[r.cell.index()]) + 0.3);
            let burst = commands
                .spawn((
                    PlaybackEffect,
                    crate::app::table::TablePart,
                    DespawnOnExit(Screen::Playing),
                    Mesh3d(looks.burst.clone()),
                    MeshMaterial3d(looks.burst_material.clone()),
                    Transform::from_translation(at).with_scale(Vec3::ZERO),
                    Pickable::IGNORE,
                ))
                .id();
            effects.push(burst);
            tweens.push(PieceTween {
                entity: burst,
                from: Transform::from_translation(at).with_scale(Vec3::new(0.95, 0.7, 0.95)),
                motion: Motion::Flash,
            });
        }
        standing.retain(|(id, _)| !removed.iter().any(|r| r.id == *id));
        tweens.extend(settle(pieces, &standing, &previous, &next, None));
        // Each round a step higher, as the bursts cascade.
        let x = removed
            .iter()
            .map(|r| cell_point(r.cell, 0.0).x)
            .sum::<f32>()
            / removed.len().max(1) as f32;
        let cues = [Cue::new(CueKind::Removal, 0.1)
            .strength(Cue::count_strength(removed.len(), 3))
            .at_x(x, HALF_WIDTH)
            .step(round + 1)]
        .into_iter()
        .chain(flow(&previous, &next, 0.4))
        .collect();
        stages.push(Stage {
            tweens,
            effects,
            cues,
            ..Stage::default()
        });
        fields.push(next);
    }
    Some((stages, fields))
}

/// The pieces that stay put ride the surface from one field to the next.
fn settle(
    pieces: &HashMap<PieceId, Entity>,
    standing: &[(PieceId, Cell)],
    from: &[f32; CELLS],
    to: &[f32; CELLS],
    except: Option<PieceId>,
) -> Vec<PieceTween> {
    standing
        .iter()
        .filter(|(id, cell)| Some(*id) != except && from[cell.index()] != to[cell.index()])
        .filter_map(|(id, cell)| {
            pieces.get(id).map(|&entity| PieceTween {
                entity,
                from: rest_transform(*cell, from),
                motion: Motion::Move {
                    to: rest_transform(*cell, to),
                    lift: 0.0,
                },
            })
        })
        .collect()
}
