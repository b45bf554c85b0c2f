//! A Polarity resolution as playback stages, and the hover preview built from the
//! resolution of the same action played on a clone of the game.
//!
//! Stages: (1) the stone appears, the spent piece lies down and the power's rays flash;
//! (2) the moved stones slide together while locked and blocked ones shudder; (3) every
//! run of three or more lifts off and flies to the mover's pile; (4) a regather stands the
//! five pieces back up.

use std::collections::HashMap;

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use super::pieces::{
    PolarityLooks, SLOTS, STONE_RADIUS, TablePart, cell_point, hand_rest, pile_rest, spawn_stone,
    spent_slot, stone_rest,
};
use crate::app::Screen;
use crate::app::playback::{Motion, PieceTween, Stage};
use crate::rules::polarity::{
    Action, Cell, Dir, Game, Mode, Power, Resolution, StayReason, StoneId,
};

/// The entities on the table, by what the rules call them.
#[derive(Debug, Clone)]
pub struct TableEntities {
    /// Stones on the board, by id.
    pub stones: HashMap<StoneId, Entity>,
    /// The five hand pieces of each side, by slot (see `pieces::SLOTS`).
    pub hands: [[Entity; 5]; 2],
    /// The collected stones of each side, in the order they were taken.
    pub piles: [Vec<Entity>; 2],
}

impl Default for TableEntities {
    fn default() -> Self {
        TableEntities {
            stones: HashMap::new(),
            hands: [[Entity::PLACEHOLDER; 5]; 2],
            piles: [Vec::new(), Vec::new()],
        }
    }
}

/// A decoration that exists only for one playback or one preview.
#[derive(Component)]
pub struct Decoration;

fn dir_vector(dir: Dir) -> Vec3 {
    let (dx, dy) = dir.delta();
    // Ranks grow toward -z.
    Vec3::new(dx as f32, 0.0, -(dy as f32))
}

/// The far end of the ray from `origin` along `dir`: the nearest stone of `stones`, or
/// the board's edge. Returns (end point, the stone's cell if the ray meets one).
fn ray_end(stones: u64, origin: Cell, dir: Dir) -> (Vec3, Option<Cell>) {
    let mut cell = origin;
    while let Some(next) = cell.step(dir) {
        if stones & next.bit() != 0 {
            return (cell_point(next), Some(next));
        }
        cell = next;
    }
    (cell_point(cell) + dir_vector(dir) * 0.5, None)
}

/// The power's rays from `origin`, each to its nearest stone or the board's edge, as
/// glowing beams spawned shrunk (for `Motion::Flash`), with their full transforms.
fn ray_beams(
    commands: &mut Commands,
    looks: &PolarityLooks,
    board: u64,
    origin: Cell,
    power: Power,
    thickness: f32,
) -> Vec<(Entity, Transform)> {
    let material = match power.mode {
        Mode::Push => &looks.push_beam,
        Mode::Pull => &looks.pull_beam,
    };
    let from = cell_point(origin) + Vec3::Y * 0.12;
    power
        .piece
        .dirs()
        .iter()
        .map(|&dir| {
            let (end, _) = ray_end(board, origin, dir);
            let at = beam_transform(
                from,
                end + Vec3::Y * 0.12,
                0.1 * thickness,
                0.05 * thickness,
            );
            let beam = decoration(commands, &looks.beam, material, at.with_scale(Vec3::ZERO));
            (beam, at)
        })
        .collect()
}

/// A box stretched from `a` to `b` (horizontal), `width` wide and `height` tall.
fn beam_transform(a: Vec3, b: Vec3, width: f32, height: f32) -> Transform {
    let span = b - a;
    Transform::from_translation((a + b) / 2.0)
        .with_rotation(Quat::from_rotation_arc(Vec3::Z, span.normalize_or(Vec3::Z)))
        .with_scale(Vec3::new(width, height, span.length().max(0.01)))
}

fn decoration(
    commands: &mut Commands,
    mesh: &Handle<Mesh>,
    material: &Handle<StandardMaterial>,
    at: Transform,
) -> Entity {
    commands
        .spawn((
            Decoration,
            TablePart,
            DespawnOnExit(Screen::Playing),
            Mesh3d(mesh.clone()),
            MeshMaterial3d(material.clone()),
            at,
            Pickable::IGNORE,
            NotShadowCaster,
        ))
        .id()
}

fn mode_verb(mode: Mode) -> &'static str {
    match mode {
        Mode::Push => "push",
        Mode::Pull => "pull",
    }
}

/// The stages of `resolution`, played from the game `before` it. Spawns the placed stone
/// and the rays' flashes (returned as the stages' effects) and moves removed stones'
/// entities from the board to the mover's pile in `table`.
pub fn stages_for(
    commands: &mut Commands,
    looks: &PolarityLooks,
    table: &mut TableEntities,
    before: &Game,
    resolution: &Resolution,
) -> Vec<Stage> {
    let mover = resolution.mover;
    let side = mover.index();
    let mut stages = Vec::new();

    // 1: the stone, the spent piece, the rays.
    let placed = resolution.placed;
    let rest = stone_rest(placed.cell, placed.id);
    let stone = spawn_stone(commands, looks, placed.id, rest.with_scale(Vec3::ZERO));
    if let Some(old) = table.stones.insert(placed.id, stone) {
        commands.entity(old).despawn();
    }
    let mut tweens = vec![PieceTween {
        entity: stone,
        from: rest,
        motion: Motion::Appear,
    }];
    let mut effects = Vec::new();
    let hand = *before.position().hand(mover);
    if let Some(power) = resolution.power {
        if let Some(slot) = spent_slot(&hand, power.piece) {
            tweens.push(PieceTween {
                entity: table.hands[side][slot],
                from: hand_rest(mover, slot, true),
                motion: Motion::Move {
                    to: hand_rest(mover, slot, false),
                    lift: 0.35,
                },
            });
        }
        let board = before.position().stones() | placed.cell.bit();
        for (beam, at) in ray_beams(commands, looks, board, placed.cell, power, 1.0) {
            effects.push(beam);
            tweens.push(PieceTween {
                entity: beam,
                from: at,
                motion: Motion::Flash,
            });
        }
    }
    let label = match resolution.power {
        Some(power) => format!(
            "{} places {} and spends a {} to {}",
            side_title(mover),
            placed.cell,
            power.piece.name(),
            mode_verb(power.mode)
        ),
        None if resolution.regathered => format!(
            "{} places {}: the forced plain turn",
            side_title(mover),
            placed.cell
        ),
        None => format!("{} places {}", side_title(mover), placed.cell),
    };
    stages.push(Stage {
        label,
        tweens,
        effects,
    });

    // 2: the power moves its stones; the ones it cannot move shudder.
    if let Some(power) = resolution.power
        && (!resolution.moved.is_empty() || !resolution.stayed.is_empty())
    {
        let mut tweens = Vec::new();
        let mut effects = Vec::new();
        // The rays again, thinner, while the power acts; each held stone's ring says why.
        let board = before.position().stones() | placed.cell.bit();
        for (beam, at) in ray_beams(commands, looks, board, placed.cell, power, 0.6) {
            effects.push(beam);
            tweens.push(PieceTween {
                entity: beam,
                from: at,
                motion: Motion::Flash,
            });
        }
        for s in &resolution.stayed {
            let material = match s.reason {
                StayReason::Locked => &looks.locked,
                StayReason::Edge => &looks.edge,
                StayReason::Occupied => &looks.occupied,
            };
            let at =
                Transform::from_translation(cell_point(s.cell) + Vec3::Y * (STONE_RADIUS * 0.55));
            let ring = decoration(commands, &looks.ring, material, at.with_scale(Vec3::ZERO));
            effects.push(ring);
            tweens.push(PieceTween {
                entity: ring,
                from: at,
                motion: Motion::Flash,
            });
        }
        for m in &resolution.moved {
            if let Some(&e) = table.stones.get(&m.id) {
                tweens.push(PieceTween {
                    entity: e,
                    from: stone_rest(m.from, m.id),
                    // Pushed or pulled once, then friction brings the stone to rest.
                    motion: Motion::Slide {
                        to: stone_rest(m.to, m.id),
                    },
                });
            }
        }
        for s in &resolution.stayed {
            if let Some(&e) = table.stones.get(&s.id) {
                tweens.push(PieceTween {
                    entity: e,
                    from: stone_rest(s.cell, s.id),
                    motion: Motion::Shudder,
                });
            }
        }
        stages.push(Stage {
            label: super::status::power_caption(power, resolution),
            tweens,
            effects,
        });
    }

    // 3: the runs lift off and fly to the mover's pile.
    if !resolution.removed.is_empty() {
        let mut tweens = Vec::new();
        for s in &resolution.removed {
            let Some(e) = table.stones.remove(&s.id) else {
                continue;
            };
            let k = table.piles[side].len();
            table.piles[side].push(e);
            tweens.push(PieceTween {
                entity: e,
                from: stone_rest(s.cell, s.id),
                motion: Motion::Move {
                    to: pile_rest(mover, k),
                    lift: 2.4,
                },
            });
        }
        let longest = resolution.runs.iter().map(Vec::len).max().unwrap_or(0);
        stages.push(Stage {
            label: format!(
                "{} of {longest}: {} takes {} ({}/10)",
                if resolution.runs.len() > 1 {
                    "lines"
                } else {
                    "a line"
                },
                side_title(mover),
                resolution.removed.len(),
                resolution.collected
            ),
            tweens,
            effects: Vec::new(),
        });
    }

    // 4: the regather.
    if resolution.regathered {
        let tweens = (0..SLOTS.len())
            .map(|slot| PieceTween {
                entity: table.hands[side][slot],
                from: hand_rest(mover, slot, false),
                motion: Motion::Move {
                    to: hand_rest(mover, slot, true),
                    lift: 0.3,
                },
            })
            .collect();
        stages.push(Stage {
            label: format!("{}'s five pieces come back", side_title(mover)),
            tweens,
            effects: Vec::new(),
        });
    }
    stages
}

pub fn side_title(side: crate::rules::polarity::Side) -> &'static str {
    match side {
        crate::rules::polarity::Side::One => "One",
        crate::rules::polarity::Side::Two => "Two",
    }
}

/// Small dots on every cell where a stone may be placed now.
pub fn legal_dots(commands: &mut Commands, looks: &PolarityLooks, game: &Game) -> Vec<Entity> {
    if game.outcome().is_some() {
        return Vec::new();
    }
    let free = game.position().placements();
    Cell::all()
        .filter(|c| free & c.bit() != 0)
        .map(|c| {
            let at = Transform::from_translation(cell_point(c) + Vec3::Y * 0.008);
            decoration(commands, &looks.dot, &looks.legal, at)
        })
        .collect()
}

/// Markers for hovering `cell` with `power` chosen: whether the placement is legal, the
/// rays, which stones would move (cyan arrows), which stay locked (amber), at the edge
/// (red) or blocked by a stone (violet), and which would be taken (gold). Returns the
/// markers and one line describing them.
pub fn preview(
    commands: &mut Commands,
    looks: &PolarityLooks,
    game: &Game,
    cell: Cell,
    power: Option<Power>,
) -> (Vec<Entity>, String) {
    let action = Action { cell, power };
    let tile_at = Transform::from_translation(cell_point(cell) + Vec3::Y * 0.012);
    let mut probe = game.clone();
    let resolution = match probe.play(action) {
        Ok(r) => r,
        Err(e) => {
            let tile = decoration(commands, &looks.tile, &looks.illegal, tile_at);
            return (vec![tile], format!("{action}: no, {e}"));
        }
    };
    let mut markers = vec![
        decoration(commands, &looks.tile, &looks.legal, tile_at),
        decoration(
            commands,
            &looks.stones[0],
            &looks.ghost,
            stone_rest(cell, resolution.placed.id),
        ),
    ];
    let mut text = format!("{action}");
    if let Some(power) = power {
        let board = game.position().stones() | cell.bit();
        let origin = cell_point(cell) + Vec3::Y * 0.03;
        for &dir in power.piece.dirs() {
            let (end, _) = ray_end(board, cell, dir);
            let at = beam_transform(origin, end + Vec3::Y * 0.03, 0.07, 0.02);
            markers.push(decoration(commands, &looks.beam, &looks.preview_ray, at));
        }
        let ring_height = Vec3::Y * (STONE_RADIUS * 0.55);
        for m in &resolution.moved {
            let (a, b) = (cell_point(m.from), cell_point(m.to));
            let ring = Transform::from_translation(a + ring_height);
            markers.push(decoration(commands, &looks.ring, &looks.moves, ring));
            let lift = Vec3::Y * 0.55;
            let d = (b - a).normalize_or(Vec3::Z);
            let shaft = beam_transform(a + lift, b + lift - d * 0.2, 0.06, 0.06);
            markers.push(decoration(commands, &looks.beam, &looks.moves, shaft));
            let tip = Transform::from_translation(b + lift - d * 0.12)
                .with_rotation(Quat::from_rotation_arc(Vec3::Y, d));
            markers.push(decoration(commands, &looks.cone, &looks.moves, tip));
        }
        let mut counts = [0usize; 3];
        for s in &resolution.stayed {
            let (material, i) = match s.reason {
                StayReason::Locked => (&looks.locked, 0),
                StayReason::Edge => (&looks.edge, 1),
                StayReason::Occupied => (&looks.occupied, 2),
            };
            counts[i] += 1;
            let ring = Transform::from_translation(cell_point(s.cell) + ring_height);
            markers.push(decoration(commands, &looks.ring, material, ring));
        }
        text += &format!(": {} move", resolution.moved.len());
        for (i, reason) in [StayReason::Locked, StayReason::Edge, StayReason::Occupied]
            .into_iter()
            .enumerate()
        {
            if counts[i] > 0 {
                text += &format!(", {} {}", counts[i], super::status::reason_name(reason));
            }
        }
        if resolution.moved.is_empty() && resolution.stayed.is_empty() {
            text += " (no stone on its rays)";
        }
    }
    for s in &resolution.removed {
        let ring = Transform::from_translation(cell_point(s.cell) + Vec3::Y * 0.42)
            .with_scale(Vec3::new(1.15, 1.0, 1.15));
        markers.push(decoration(commands, &looks.ring, &looks.taken, ring));
    }
    if !resolution.removed.is_empty() {
        text += &format!("; takes {}", resolution.removed.len());
    }
    if resolution.outcome.is_some() {
        text += "; ends the game";
    }
    (markers, text)
}
