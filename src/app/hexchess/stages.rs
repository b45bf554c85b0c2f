//! A hex chess resolution as playback stages: the move (a slide, a knight's hop, the
//! taken man toppling as the mover arrives), then the promotion and, where a renaming is
//! shown (replays, films, the showcase, the "show renaming" setting), the renaming each
//! as their own stage (spin, dip, new shape at the bottom of the dip); in live play the
//! renamed man just lands as its new type. Then a pulse of the king in check. Nothing is
//! recomputed: every stage comes from the events.

use std::collections::HashMap;

use bevy::prelude::*;

use super::pieces::{HexLooks, rest_transform};
use crate::app::playback::{ARRIVAL, Motion, PieceTween, Stage};
use crate::rules::hexchess::{Cell, Event, Kind, PieceId, Resolution};
use crate::sound::{Cue, CueKind};

/// Height of a knight's hop.
const KNIGHT_LIFT: f32 = 0.9;

/// Half the board's width, world units (for the pan).
const HALF_WIDTH: f32 = 5.0;

fn heard(kind: CueKind, at: f32, cell: Cell) -> Cue {
    Cue::new(kind, at).at_x(rest_transform(cell).translation.x, HALF_WIDTH)
}

/// The stages of `resolution` with their sounds (wood on wood), without their captions (the showcase layer writes those:
/// `showcase::hexchess::stage_captions`); `pieces` maps rules ids to entities.
///
/// In live v011 play nothing announces a renaming (the document is explicit): with
/// `announce_renaming` false the arriving man simply takes its new look as it arrives,
/// with no ring, caption or stage of its own (`Motion::Recast`); replays, films, stills
/// and the "show renaming" setting keep the morph and the ring.
pub fn stages_for(
    commands: &mut Commands,
    resolution: &Resolution,
    pieces: &HashMap<PieceId, Entity>,
    looks: &HexLooks,
    announce_renaming: bool,
) -> Vec<Stage> {
    let mut stages = Vec::new();
    let side = resolution.color;
    let mut current = resolution.departed_as;
    for event in &resolution.events {
        match event {
            Event::Moved { piece, from, to } => {
                let Some(&entity) = pieces.get(piece) else {
                    continue;
                };
                let mut tweens = vec![PieceTween {
                    entity,
                    from: rest_transform(*from),
                    motion: Motion::Move {
                        to: rest_transform(*to),
                        lift: if current == Kind::Knight {
                            KNIGHT_LIFT
                        } else {
                            0.0
                        },
                    },
                }];
                let captures = resolution
                    .events
                    .iter()
                    .any(|e| matches!(e, Event::Captured { .. }));
                let sound = if captures {
                    CueKind::Capture
                } else {
                    CueKind::WoodMove
                };
                let cues = vec![heard(sound, ARRIVAL, *to)];
                // The man taken is removed while the mover arrives.
                for other in &resolution.events {
                    if let Event::Captured { piece, cell, .. } = other
                        && let Some(&taken) = pieces.get(piece)
                    {
                        tweens.push(PieceTween {
                            entity: taken,
                            from: rest_transform(*cell),
                            motion: Motion::Disappear,
                        });
                    }
                }
                stages.push(Stage {
                    tweens,
                    cues,
                    ..Stage::default()
                });
            }
            Event::Promoted { piece, to } => {
                if let Some(&entity) = pieces.get(piece) {
                    let mut stage = change_stage(
                        commands,
                        looks,
                        entity,
                        resolution,
                        looks.look(side, current),
                        looks.look(side, *to),
                    );
                    stage.cues = vec![heard(CueKind::Promotion, 0.5, resolution.to)];
                    stages.push(stage);
                }
                current = *to;
            }
            Event::Renamed { piece, from, to } => {
                if let Some(&entity) = pieces.get(piece)
                    && !announce_renaming
                {
                    // Live v011 play: the man arrives as its new type, at once, with no
                    // ring, flash, caption, sound or stage of its own.
                    // It starts where the stage it joins finds it (the arrival, or a
                    // promotion on the arrival cell).
                    let joined = stages
                        .last()
                        .and_then(|st| st.tweens.iter().find(|t| t.entity == entity));
                    let start = joined.map_or(rest_transform(resolution.to), |t| t.from);
                    // Its look at the start of that stage: before a promotion, the pawn.
                    let first_look = match joined.map(|t| &t.motion) {
                        Some(Motion::ChangeType { from_look, .. }) => from_look.clone(),
                        _ => looks.look(side, *from),
                    };
                    let recast = PieceTween {
                        entity,
                        from: start,
                        motion: Motion::Recast {
                            from_look: first_look,
                            to_look: looks.look(side, *to),
                            to: rest_transform(resolution.to),
                        },
                    };
                    match stages.last_mut() {
                        Some(arrival) => arrival.tweens.push(recast),
                        None => stages.push(Stage {
                            tweens: vec![recast],
                            ..Stage::default()
                        }),
                    }
                } else if let Some(&entity) = pieces.get(piece) {
                    // A renaming shown (replays, films, "show renaming") turns with a
                    // soft knock of its own, quieter than the move.
                    let mut stage = change_stage(
                        commands,
                        looks,
                        entity,
                        resolution,
                        looks.look(side, *from),
                        looks.look(side, *to),
                    );
                    stage.cues = vec![heard(CueKind::Renaming, 0.5, resolution.to).strength(0.4)];
                    stages.push(stage);
                }
                current = *to;
            }
            Event::Check { king, cell } => {
                if let Some(&entity) = pieces.get(king) {
                    let mate = resolution.outcome.is_some_and(|o| o.winner.is_some());
                    let sound = if mate { CueKind::Mate } else { CueKind::Check };
                    stages.push(Stage {
                        tweens: vec![PieceTween {
                            entity,
                            from: rest_transform(*cell),
                            motion: Motion::Highlight,
                        }],
                        cues: vec![heard(sound, 0.1, *cell).strength(0.8)],
                        ..Stage::default()
                    });
                }
            }
            Event::Captured { .. } | Event::Ended(_) => {}
        }
    }
    stages
}

/// A glowing ring that flashes on a cell while a stage plays (kept hidden for replay).
#[derive(Component)]
pub struct ChangeGlow;

/// A man changing type on its arrival cell, a ring flashing under it.
fn change_stage(
    commands: &mut Commands,
    looks: &HexLooks,
    entity: Entity,
    resolution: &Resolution,
    from_look: crate::app::playback::Look,
    to_look: crate::app::playback::Look,
) -> Stage {
    let at = rest_transform(resolution.to);
    let change = PieceTween {
        entity,
        from: at,
        motion: Motion::ChangeType { from_look, to_look },
    };
    let glow_at = at.with_translation(at.translation + Vec3::Y * 0.03);
    let glow = commands
        .spawn((
            ChangeGlow,
            crate::app::table::TablePart,
            DespawnOnExit(crate::app::Screen::Playing),
            Mesh3d(looks.glow.clone()),
            MeshMaterial3d(looks.glow_material.clone()),
            Pickable::IGNORE,
            glow_at.with_scale(Vec3::ZERO),
        ))
        .id();
    Stage {
        tweens: vec![
            change,
            PieceTween {
                entity: glow,
                from: glow_at.with_scale(Vec3::new(1.0, 1.5, 1.0)),
                motion: Motion::Flash,
            },
        ],
        effects: vec![glow],
        ..Stage::default()
    }
}
