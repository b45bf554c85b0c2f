//! A Polarity resolution as playback stages, and the hover preview built from the
//! resolution of the same action played on a clone of the game.
//!
//! Stages: (1) the stone appears, the spent piece lies down and the power's rays flash;
//! (2) the moved stones slide together while locked and blocked ones shudder; (3) every
//! run of three or more lifts off and flies to the mover's pile; (4) a regather stands the
//! five pieces back up.

use std::collections::HashMap;

use bevy::prelude::*;

use super::pieces::{
    PolarityLooks, SLOTS, STONE_RADIUS, cell_point, hand_rest, pile_rest, spawn_stone, spent_slot,
    stone_rest,
};
use super::rays::{decoration, ray_beams};
use crate::app::playback::{ARRIVAL, Motion, PieceTween, Stage};
use crate::rules::polarity::{Cell, Game, Resolution, StayReason, StoneId};
use crate::sound::cue::merged;
use crate::sound::{Cue, CueKind};

/// Half the board's width, world units (for the pan).
const HALF_WIDTH: f32 = 4.0;
/// When the slid stones come to rest: friction has all but stopped them.
const REST_AT: f32 = 0.8;

fn heard(kind: CueKind, at: f32, cell: Cell) -> Cue {
    Cue::new(kind, at).at_x(cell_point(cell).x, HALF_WIDTH)
}

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

/// Each of `decorations` flashes while the stage plays and goes when it ends.
fn flash(
    decorations: impl IntoIterator<Item = (Entity, Transform)>,
    tweens: &mut Vec<PieceTween>,
    effects: &mut Vec<Entity>,
) {
    for (entity, at) in decorations {
        effects.push(entity);
        tweens.push(PieceTween {
            entity,
            from: at,
            motion: Motion::Flash,
        });
    }
}

/// The stages of `resolution` with their sounds, played from the game `before` it, without their captions
/// (the showcase layer writes those). Spawns the placed stone and the rays' flashes
/// (returned as the stages' effects) and moves removed stones' entities from the board
/// to the mover's pile in `table`.
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
    let mut cues = vec![heard(CueKind::Place, 0.05, placed.cell)];
    let hand = *before.position().hand(mover);
    if let Some(power) = resolution.power {
        if let Some(slot) = spent_slot(&hand, power.piece) {
            cues.push(Cue::new(CueKind::PieceDown, ARRIVAL).strength(0.5));
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
        let beams = ray_beams(commands, looks, board, placed.cell, power, 1.0);
        flash(beams, &mut tweens, &mut effects);
    }
    stages.push(Stage {
        tweens,
        effects,
        cues,
        ..Stage::default()
    });

    // 2: the power moves its stones; the ones it cannot move shudder.
    if let Some(power) = resolution.power
        && (!resolution.moved.is_empty() || !resolution.stayed.is_empty())
    {
        let mut tweens = Vec::new();
        let mut effects = Vec::new();
        // The rays again, thinner, while the power acts; each held stone's ring says why.
        let board = before.position().stones() | placed.cell.bit();
        let beams = ray_beams(commands, looks, board, placed.cell, power, 0.6);
        flash(beams, &mut tweens, &mut effects);
        for s in &resolution.stayed {
            let material = match s.reason {
                StayReason::Locked => &looks.locked,
                StayReason::Edge => &looks.edge,
                StayReason::Occupied => &looks.occupied,
            };
            let at =
                Transform::from_translation(cell_point(s.cell) + Vec3::Y * (STONE_RADIUS * 0.55));
            let ring = decoration(commands, &looks.ring, material, at.with_scale(Vec3::ZERO));
            flash([(ring, at)], &mut tweens, &mut effects);
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
        // The stones scrape off together and knock to rest; held ones thud, locked ones
        // clunk.
        let mut cues = Vec::new();
        for m in &resolution.moved {
            cues.push(heard(CueKind::Scrape, 0.0, m.from));
            cues.push(heard(CueKind::Knock, REST_AT, m.to));
        }
        for s in &resolution.stayed {
            let (kind, at) = match s.reason {
                StayReason::Locked => (CueKind::Locked, 0.25),
                StayReason::Edge | StayReason::Occupied => (CueKind::Held, 0.12),
            };
            cues.push(heard(kind, at, s.cell));
        }
        stages.push(Stage {
            tweens,
            effects,
            cues: merged(cues, 5),
            ..Stage::default()
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
        let x = resolution
            .removed
            .iter()
            .map(|s| cell_point(s.cell).x)
            .sum::<f32>()
            / resolution.removed.len() as f32;
        let cue = Cue::new(CueKind::Line, 0.0)
            .strength(Cue::count_strength(resolution.removed.len(), 6))
            .at_x(x, HALF_WIDTH);
        stages.push(Stage {
            tweens,
            cues: vec![cue],
            ..Stage::default()
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
            tweens,
            cues: vec![Cue::new(CueKind::Regather, 0.55)],
            ..Stage::default()
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
