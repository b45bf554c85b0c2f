//! Driving the surface and the pieces riding it.

use super::*;

/// Feeds the field to the surface: during playback the stage's fields, otherwise the
/// game's field, or the field after the move being previewed (a dragged piece over a
/// square it can move to, else a hovered marker), flowing from the field shown before.
pub(super) fn drive_surface(
    played: Res<WavefieldPlayed>,
    mut table: ResMut<WavefieldScene>,
    queue: Res<PlaybackQueue>,
    time: Res<Time>,
    mut materials: ResMut<Assets<FieldMaterial>>,
    pattern: Option<Res<crate::app::look::TerritoryPattern>>,
) {
    let pattern = pattern.is_some_and(|p| p.0);
    let playing = queue.progress().and_then(|(n, _)| {
        let local = n - 1;
        let from = *table.stage_fields.get(local)?;
        let to = *table.stage_fields.get(local + 1)?;
        let f = queue.stage_fraction().unwrap_or(0.0);
        Some(FieldAnim { from, to, t: f })
    });
    let shown = match playing {
        Some(anim) => anim,
        None => {
            let preview = match &table.drag {
                Some(drag) => drag.preview,
                None => table.preview,
            };
            let target = preview.unwrap_or_else(|| field(&played));
            if target != table.anim.to {
                let current = table.anim.current();
                table.anim = FieldAnim {
                    from: current,
                    to: target,
                    t: 0.0,
                };
            }
            if table.anim.t < 1.0 {
                table.anim.t = (table.anim.t + time.delta_secs() / FLOW_SECONDS).min(1.0);
            }
            table.anim
        }
    };
    let pos = played.game.position();
    let tables = played.game.tables();
    let mut channels = [Vec4::ZERO; CELLS];
    for kind in Kind::ALL {
        let channel = views::channel(tables, pos, kind);
        for (c, v) in channels.iter_mut().zip(channel.iter()) {
            c[kind.index()] = *v as f32 / 64.0;
        }
    }
    let (selected, influence) = match table.selected {
        Some(id) if pos.piece(id).alive => {
            let cell = pos.piece(id).cell;
            (
                Vec2::new(cell.x() as f32, cell.y() as f32),
                to_f32(&views::piece_wave(tables, pos, id)),
            )
        }
        _ => (Vec2::splat(-1.0), [0.0; CELLS]),
    };
    // The surface ripples out from the square a piece just moved to.
    let ripple = match played.game.last().map(|r| &r.action) {
        Some(Action::Move(m)) if shown.t < 1.0 => Vec2::new(m.to.x() as f32, m.to.y() as f32),
        _ => Vec2::splat(-1.0),
    };
    let data = FieldUniform {
        before: pack(&shown.from),
        after: pack(&shown.to),
        channels,
        influence: pack(&influence),
        blend: shown.eased(),
        view: table.view.index(),
        channel_mask: table.channels,
        amplitude: surface::AMPLITUDE,
        selected,
        base: surface::BASE,
        softness: surface::SOFTNESS,
        ripple,
        pattern: u32::from(pattern),
    };
    if materials
        .get(&table.surface)
        .is_some_and(|m| m.data != data)
        && let Some(mut material) = materials.get_mut(&table.surface)
    {
        material.data = data;
    }
}

/// When nothing plays, the pieces ride the surface (but the one being dragged, which
/// follows the pointer); unstable pieces show their ring.
pub(super) fn follow_surface(
    played: Res<WavefieldPlayed>,
    table: Res<WavefieldScene>,
    queue: Res<PlaybackQueue>,
    materials: Res<Assets<FieldMaterial>>,
    mut transforms: Query<&mut Transform, (With<PieceView>, Without<WarningRing>)>,
    mut rings: Query<&mut Visibility, With<WarningRing>>,
) {
    let pos = played.game.position();
    for piece in pos.pieces() {
        let Some(&(_, ring)) = table.pieces.get(&piece.id) else {
            continue;
        };
        if let Ok(mut visibility) = rings.get_mut(ring) {
            let want = if piece.alive && piece.unstable && queue.is_idle() {
                Visibility::Inherited
            } else {
                Visibility::Hidden
            };
            if *visibility != want {
                *visibility = want;
            }
        }
    }
    if !queue.is_idle() {
        return;
    }
    let Some(material) = materials.get(&table.surface) else {
        return;
    };
    let (from, to) = (unpack(&material.data.before), unpack(&material.data.after));
    let k = material.data.blend;
    let dragged = table.drag.as_ref().map(|d| d.piece);
    for piece in pos.pieces().iter().filter(|p| Some(p.id) != dragged) {
        let Some(&(entity, _)) = table.pieces.get(&piece.id) else {
            continue;
        };
        let Ok(mut transform) = transforms.get_mut(entity) else {
            continue;
        };
        let want = if piece.alive {
            let i = piece.cell.index();
            let mut field = [0.0; CELLS];
            field[i] = from[i] + (to[i] - from[i]) * k;
            rest_transform(piece.cell, &field)
        } else {
            transform.with_scale(Vec3::ZERO)
        };
        if *transform != want {
            *transform = want;
        }
    }
}
