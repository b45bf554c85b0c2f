//! A Vectress resolution as playback stages: the player's own move, then one stage per
//! wave. In a wave the actors glow, each push shows as a red arrow and each shove as a
//! white one, everything that moves slides together, pieces that leave the board tip over
//! the edge and fall, and bonds snap in or break.

use std::collections::HashMap;

use bevy::prelude::*;

use super::effects::{arrow, contact_spark, core_shake};
use super::pieces::{BODY_HEIGHT, MagnetLooks, rest_transform};
use super::sounds::{BOND_AT, PUSH_AT, SHOVE_AT, fall_cues, heard};
use crate::app::playback::{ARRIVAL, Motion, PieceTween, Stage};
use crate::app::table::TablePart;
use crate::rules::vectress::resolution::{BondChange, PieceMove};
use crate::rules::vectress::{Cell, Dir, Kind, PieceId, Position, Resolution, Side};
use crate::sound::cue::merged;
use crate::sound::{Cue, CueKind};

/// The entities of the pieces and bonds on the table, by rules id.
#[derive(Default, Debug, Clone)]
pub struct TableEntities {
    pub pieces: HashMap<PieceId, PieceEntities>,
    /// Bond links by (smaller id, larger id): (the link, its visible bar).
    pub links: HashMap<(PieceId, PieceId), (Entity, Entity)>,
}

#[derive(Debug, Clone, Copy)]
pub struct PieceEntities {
    pub piece: Entity,
    pub glow: Entity,
    pub owner: Side,
}

/// A bond's visible link, kept between its two pieces by `follow_links`.
#[derive(Component, Clone, Copy, Debug)]
pub struct BondLink {
    pub a: Entity,
    pub b: Entity,
}

pub fn bond_key(a: PieceId, b: PieceId) -> (PieceId, PieceId) {
    (a.min(b), a.max(b))
}

/// Spawns a bond link between two piece entities; `visible` false starts it shrunk, for
/// a bond that will snap in during playback.
pub fn spawn_link(
    commands: &mut Commands,
    looks: &MagnetLooks,
    a: Entity,
    b: Entity,
    visible: bool,
) -> (Entity, Entity) {
    let scale = if visible { Vec3::ONE } else { Vec3::ZERO };
    let mut bar = Entity::PLACEHOLDER;
    let link = commands
        .spawn((
            BondLink { a, b },
            TablePart,
            DespawnOnExit(crate::app::Screen::Playing),
            Transform::default(),
            Visibility::default(),
        ))
        .with_children(|parent| {
            bar = parent
                .spawn((
                    Mesh3d(looks.link.clone()),
                    MeshMaterial3d(looks.link_material.clone()),
                    Transform::from_scale(scale),
                    Pickable::IGNORE,
                ))
                .id();
        })
        .id();
    (link, bar)
}

pub(super) fn cell_point(cell: Cell) -> Vec3 {
    super::BOARD.center(cell.x() as i32, cell.y() as i32)
}

pub(super) fn dir_vector(dir: Dir) -> Vec3 {
    let (dx, dy) = dir.delta();
    // Board y (rows) grows toward -z.
    Vec3::new(dx as f32, 0.0, -(dy as f32)).normalize_or_zero()
}

/// Where a piece leaving `from` in `dir` goes over the edge.
fn edge_point(from: Cell, dir: Dir) -> Vec3 {
    cell_point(from) + dir_vector(dir) * 0.55
}

fn slide(entities: &PieceEntities, m: &PieceMove) -> PieceTween {
    PieceTween {
        entity: entities.piece,
        from: rest_transform(m.from, entities.owner),
        motion: Motion::Move {
            to: rest_transform(m.to, entities.owner),
            lift: 0.0,
        },
    }
}

fn bond_tweens(
    commands: &mut Commands,
    looks: &MagnetLooks,
    table: &mut TableEntities,
    formed: &[BondChange],
    broken: &[BondChange],
    tweens: &mut Vec<PieceTween>,
) {
    for bond in broken {
        if let Some(&(_, bar)) = table.links.get(&bond_key(bond.a, bond.b)) {
            tweens.push(PieceTween {
                entity: bar,
                from: Transform::IDENTITY,
                motion: Motion::Disappear,
            });
        }
    }
    for bond in formed {
        let (Some(a), Some(b)) = (table.pieces.get(&bond.a), table.pieces.get(&bond.b)) else {
            continue;
        };
        let (link, bar) = spawn_link(commands, looks, a.piece, b.piece, false);
        if let Some((old, _)) = table.links.insert(bond_key(bond.a, bond.b), (link, bar)) {
            commands.entity(old).despawn();
        }
        tweens.push(PieceTween {
            entity: bar,
            from: Transform::IDENTITY,
            motion: Motion::Appear,
        });
    }
}

/// The stages of `resolution`, played from the position `before`, without their
/// captions (the showcase layer writes those), each with its sounds.
pub fn stages_for(
    commands: &mut Commands,
    looks: &MagnetLooks,
    table: &mut TableEntities,
    before: &Position,
    resolution: &Resolution,
) -> Vec<Stage> {
    let mut stages = Vec::new();
    if let Some(player) = &resolution.player {
        let mut tweens = Vec::new();
        for m in &player.moved {
            if let Some(e) = table.pieces.get(&m.id) {
                tweens.push(slide(e, m));
            }
        }
        for d in &player.dropped {
            if let Some(e) = table.pieces.get(&d.id) {
                let last = d.path.last().copied().unwrap_or(d.from);
                tweens.push(PieceTween {
                    entity: e.piece,
                    from: rest_transform(d.from, e.owner),
                    motion: Motion::FallOff {
                        edge: edge_point(last, d.dir),
                        direction: dir_vector(d.dir),
                    },
                });
            }
        }
        bond_tweens(
            commands,
            looks,
            table,
            &[],
            &player.bonds_broken,
            &mut tweens,
        );
        let mut cues = Vec::new();
        if let Some(first) = player.moved.first() {
            let start = if player.pulled_free {
                CueKind::PullFree
            } else {
                CueKind::MagnetSlide
            };
            let far = Cue::count_strength(player.distance as usize, 4);
            cues.push(heard(start, 0.0, first.from).strength(far));
            for m in &player.moved {
                cues.push(heard(CueKind::MagnetSettle, ARRIVAL, m.to));
            }
        }
        for bond in &player.bonds_broken {
            if let Some(p) = before.piece(bond.a) {
                cues.push(heard(CueKind::BondBroken, 0.0, p.cell));
            }
        }
        cues.extend(fall_cues(
            before,
            player.dropped.iter().map(|d| (d.id, d.from)),
        ));
        stages.push(Stage {
            tweens,
            cues: merged(cues, 4),
            ..Stage::default()
        });
    }
    // The chain's empty stop is no step of its own (as in the captions).
    for (i, wave) in resolution.shown_waves().iter().enumerate() {
        let mut tweens = Vec::new();
        let mut effects = Vec::new();
        for actor in &wave.actors {
            if let Some(e) = table.pieces.get(actor) {
                tweens.push(PieceTween {
                    entity: e.glow,
                    from: Transform::from_xyz(0.0, 0.02, 0.0),
                    motion: Motion::Flash,
                });
            }
        }
        // Arrows start where the pusher stood at the start of the wave.
        let start_cell = |id: PieceId| -> Option<Cell> {
            wave.moves
                .iter()
                .find(|m| m.id == id)
                .map(|m| m.from)
                .or_else(|| wave.lost.iter().find(|l| l.id == id).map(|l| l.from))
        };
        for push in &wave.pushes {
            if let Some(cell) =
                start_cell(push.pusher).or_else(|| resting_cell(before, resolution, i, push.pusher))
            {
                let (entity, tween) =
                    arrow(commands, looks, looks.push_material.clone(), cell, push.dir);
                effects.push(entity);
                tweens.push(tween);
                let (entity, tween) = contact_spark(commands, looks, cell, push.dir);
                effects.push(entity);
                tweens.push(tween);
            }
        }
        for shove in &wave.shoves {
            if let Some(cell) = start_cell(shove.shover) {
                let (entity, tween) = arrow(
                    commands,
                    looks,
                    looks.shove_material.clone(),
                    cell,
                    shove.dir,
                );
                effects.push(entity);
                tweens.push(tween);
            }
        }
        for m in &wave.moves {
            if let Some(e) = table.pieces.get(&m.id) {
                tweens.push(slide(e, m));
            }
        }
        for lost in &wave.lost {
            // The table shakes when a Core goes over the edge: the game is decided.
            if before
                .piece(lost.id)
                .is_some_and(|p| p.kind == Kind::Octagon)
            {
                let (entity, tween) = core_shake(commands);
                effects.push(entity);
                tweens.push(tween);
            }
            if let Some(e) = table.pieces.get(&lost.id) {
                tweens.push(PieceTween {
                    entity: e.piece,
                    from: rest_transform(lost.from, e.owner),
                    motion: Motion::FallOff {
                        edge: edge_point(lost.from, lost.dir),
                        direction: dir_vector(lost.dir),
                    },
                });
            }
        }
        bond_tweens(
            commands,
            looks,
            table,
            &wave.bonds_formed,
            &wave.bonds_broken,
            &mut tweens,
        );
        // Each wave sounds a step higher than the last: a chain is a rising run.
        let step = i + 1;
        let at_start =
            |id: PieceId| start_cell(id).or_else(|| resting_cell(before, resolution, i, id));
        let mut cues = Vec::new();
        for push in &wave.pushes {
            if let Some(cell) = at_start(push.pushed) {
                let mass = Cue::count_strength(push.body.len().max(1), 4);
                cues.push(heard(CueKind::Push, PUSH_AT, cell).strength(mass));
            }
        }
        for shove in &wave.shoves {
            if let Some(cell) = at_start(shove.shoved) {
                cues.push(heard(CueKind::Shove, SHOVE_AT, cell));
            }
        }
        for m in &wave.moves {
            cues.push(heard(CueKind::MagnetSettle, ARRIVAL, m.to).strength(0.4));
        }
        for bond in &wave.bonds_broken {
            if let Some(cell) = at_start(bond.a) {
                cues.push(heard(CueKind::BondBroken, PUSH_AT, cell));
            }
        }
        for bond in &wave.bonds_formed {
            let cell = wave.moves.iter().find(|m| m.id == bond.a).map(|m| m.to);
            if let Some(cell) = cell.or_else(|| at_start(bond.a)) {
                cues.push(heard(CueKind::BondMade, BOND_AT, cell));
            }
        }
        cues.extend(fall_cues(before, wave.lost.iter().map(|l| (l.id, l.from))));
        let cues = merged(cues, 4)
            .into_iter()
            .map(|cue| cue.step(step))
            .collect();
        stages.push(Stage {
            badges: super::effects::wave_badges(&table.pieces, wave, i + 1),
            tweens,
            effects,
            cues,
            ..Stage::default()
        });
    }
    stages
}

/// The cell a piece stood on at the start of wave `wave` (it did not move in it).
fn resting_cell(
    before: &Position,
    resolution: &Resolution,
    wave: usize,
    id: PieceId,
) -> Option<Cell> {
    let mut cell = before.piece(id).map(|p| p.cell)?;
    if let Some(player) = &resolution.player
        && let Some(m) = player.moved.iter().find(|m| m.id == id)
    {
        cell = m.to;
    }
    for w in &resolution.waves[..wave] {
        if let Some(m) = w.moves.iter().find(|m| m.id == id) {
            cell = m.to;
        }
    }
    Some(cell)
}

/// How far into each piece, from its centre, a bond's clasp stops, as a share of the
/// distance between the two centres (diagonal neighbours touch only at their corners).
const LINK_INSET: f32 = 0.35;

/// Keeps every bond link between its two pieces, also while they move.
pub fn follow_links(
    mut links: Query<(&BondLink, &mut Transform)>,
    pieces: Query<&Transform, Without<BondLink>>,
) {
    for (link, mut transform) in &mut links {
        let (Ok(a), Ok(b)) = (pieces.get(link.a), pieces.get(link.b)) else {
            continue;
        };
        // A short clasp across the gap between the two facing sides, at body height:
        // the bond is where the magnets touch, not a bar through them.
        let lift = Vec3::Y * (BODY_HEIGHT * 0.6);
        let (pa, pb) = (a.translation + lift, b.translation + lift);
        let span = pb - pa;
        let length = (span.length() * (1.0 - 2.0 * LINK_INSET)).max(0.18);
        let shrink = a
            .scale
            .min_element()
            .min(b.scale.min_element())
            .clamp(0.0, 1.0);
        *transform = Transform {
            translation: (pa + pb) / 2.0,
            rotation: Quat::from_rotation_arc(Vec3::Y, span.normalize_or(Vec3::X)),
            scale: Vec3::new(shrink, length, shrink),
        };
    }
}
