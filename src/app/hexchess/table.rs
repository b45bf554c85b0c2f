//! Setting the table out and clearing it, playing moves onto it, the selection markers,
//! and keeping the men in step with the rules.

use super::*;

pub(super) fn start_table(
    mut commands: Commands,
    active: Res<ActiveGame>,
    looks: Res<HexLooks>,
    request: Option<Res<RenderRequest>>,
    save: Option<Res<HexchessSave>>,
    mut queue: ResMut<PlaybackQueue>,
    mut cameras: Query<&mut OrbitCamera>,
) {
    queue.clear();
    for mut orbit in &mut cameras {
        orbit.target = Vec3::new(1.2, 0.0, 0.9);
        orbit.set_home(0.0, 1.02, 17.0);
    }
    let render = request
        .as_ref()
        .filter(|r| r.game == Some(GameId::Hexchess));
    let mut message = None;
    let mut session = match (render, active.mode) {
        (None, PlayMode::HotSeat | PlayMode::VsComputer) => {
            let path = match save {
                Some(save) => save.0.clone(),
                None => default_save_path(),
            };
            match path {
                Some(path) => {
                    let restored = GameSession::restore(&path, Ruleset::V011);
                    message = restored.problem;
                    restored.session
                }
                None => GameSession::new(Ruleset::V011),
            }
        }
        _ => GameSession::new(Ruleset::V011),
    };
    // `lodestone render hexchess --moves ...`: every move but the last is played at once,
    // the last one through playback (frozen where asked).
    let mut last = None;
    if let Some(request) = render {
        for (i, text) in request.moves.iter().enumerate() {
            if i + 1 == request.moves.len() {
                last = Some(text.clone());
                break;
            }
            if let Err(e) = session.play_text(text) {
                warn!("render: move {} ({text}) was refused: {e}", i + 1);
            }
        }
    }
    let mut table = HexchessTable::new(session, active.mode);
    table.message = message;
    respawn(
        &mut commands,
        &looks,
        &mut table,
        &mut queue,
        std::iter::empty(),
    );
    if let Some(text) = last {
        match table.session.game().parse_move(&text) {
            Ok(mv) => {
                if let Err(e) = play_move(&mut commands, &looks, &mut table, &mut queue, mv) {
                    warn!("render: the last move was refused: {e}");
                }
            }
            Err(e) => warn!("render: the last move was refused: {e}"),
        }
        match render.and_then(|r| r.freeze) {
            Some((stage, t)) => queue.freeze_at(stage, t),
            None => queue.skip(),
        }
    }
    commands.insert_resource(table);
}

pub(super) fn leave_table(
    mut commands: Commands,
    table: Option<Res<HexchessTable>>,
    mut cameras: Query<&mut OrbitCamera>,
) {
    if table.is_some() {
        commands.remove_resource::<HexchessTable>();
        for mut orbit in &mut cameras {
            *orbit = OrbitCamera::default();
        }
    }
}

/// Clears the men and sets the session's position out again (undo, new game, edit).
pub(super) fn respawn(
    commands: &mut Commands,
    looks: &HexLooks,
    table: &mut HexchessTable,
    queue: &mut PlaybackQueue,
    stale: impl Iterator<Item = Entity>,
) {
    queue.clear();
    for entity in stale {
        commands.entity(entity).despawn();
    }
    clear_markers(commands, table);
    for effect in table.effects.drain(..) {
        commands.entity(effect).despawn();
    }
    table.pieces.clear();
    table.needs_respawn = false;
    let position = table.session.game().position();
    for (cell, piece) in position.pieces() {
        let entity = spawn_piece(commands, looks, piece.id, piece.color, piece.kind, cell);
        table.pieces.insert(piece.id, entity);
    }
    if let Some(last) = table.session.game().last() {
        for cell in [last.from, last.to] {
            let marker = marker(
                commands,
                looks.move_marker.clone(),
                looks.last_move_material.clone(),
                cell,
                0.005,
            );
            table.markers.push(marker);
        }
    }
}

/// Plays `mv` and queues its playback.
pub(super) fn play_move(
    commands: &mut Commands,
    looks: &HexLooks,
    table: &mut HexchessTable,
    queue: &mut PlaybackQueue,
    mv: Move,
) -> Result<(), String> {
    let resolution = table.session.play(mv).map_err(|e| e.to_string())?;
    after_move(commands, looks, table, queue, &resolution);
    Ok(())
}

/// Queues a played move's playback and tidies the table around it.
pub(super) fn after_move(
    commands: &mut Commands,
    looks: &HexLooks,
    table: &mut HexchessTable,
    queue: &mut PlaybackQueue,
    resolution: &Resolution,
) {
    // Men taken before this move were kept for replay; they go now.
    let on_board: Vec<PieceId> = table
        .session
        .game()
        .position()
        .pieces()
        .map(|(_, p)| p.id)
        .collect();
    let taken_now = resolution.captured.map(|(id, _, _)| id);
    table.pieces.retain(|id, entity| {
        let keep = on_board.contains(id) || Some(*id) == taken_now;
        if !keep {
            commands.entity(*entity).despawn();
        }
        keep
    });
    clear_markers(commands, table);
    for cell in [resolution.from, resolution.to] {
        let m = marker(
            commands,
            looks.move_marker.clone(),
            looks.last_move_material.clone(),
            cell,
            0.005,
        );
        table.markers.push(m);
    }
    table.selected = None;
    table.promotion = None;
    table.forced = None;
    table.message = table.session.save_error().map(str::to_string);
    for effect in table.effects.drain(..) {
        commands.entity(effect).despawn();
    }
    let stages = stages_for(commands, resolution, &table.pieces, looks);
    table.effects = stages
        .iter()
        .flat_map(|s| s.effects.iter().copied())
        .collect();
    queue.play(stages);
    table.needs_sync = true;
}

pub(super) fn marker(
    commands: &mut Commands,
    mesh: Handle<Mesh>,
    material: Handle<StandardMaterial>,
    cell: Cell,
    lift: f32,
) -> Entity {
    commands
        .spawn((
            DespawnOnExit(Screen::Playing),
            Mesh3d(mesh),
            MeshMaterial3d(material),
            Pickable::IGNORE,
            Transform::from_translation(rest_transform(cell).translation + Vec3::Y * (0.01 + lift)),
        ))
        .id()
}

pub(super) fn clear_markers(commands: &mut Commands, table: &mut HexchessTable) {
    for m in table.markers.drain(..) {
        commands.entity(m).despawn();
    }
}

/// Shows the destinations of the man on `cell`: empty ones shaded, captures ringed.
pub(super) fn select(
    commands: &mut Commands,
    looks: &HexLooks,
    table: &mut HexchessTable,
    cell: Cell,
) {
    clear_markers(commands, table);
    let game = table.session.game();
    if let Some(last) = game.last() {
        for c in [last.from, last.to] {
            let m = marker(
                commands,
                looks.move_marker.clone(),
                looks.last_move_material.clone(),
                c,
                0.005,
            );
            table.markers.push(m);
        }
    }
    table.selected = Some(cell);
    let ring = marker(
        commands,
        looks.ring.clone(),
        looks.selected_material.clone(),
        cell,
        0.02,
    );
    table.markers.push(ring);
    let mut seen = Vec::new();
    for mv in game.legal_moves().into_iter().filter(|m| m.from == cell) {
        if seen.contains(&mv.to) {
            continue;
        }
        seen.push(mv.to);
        let m = if game.position().piece_at(mv.to).is_some() {
            marker(
                commands,
                looks.ring.clone(),
                looks.capture_material.clone(),
                mv.to,
                0.02,
            )
        } else {
            marker(
                commands,
                looks.move_marker.clone(),
                looks.move_material.clone(),
                mv.to,
                0.01,
            )
        };
        table.markers.push(m);
    }
}

pub(super) fn deselect(commands: &mut Commands, looks: &HexLooks, table: &mut HexchessTable) {
    table.selected = None;
    table.promotion = None;
    clear_markers(commands, table);
    if let Some(last) = table.session.game().last() {
        for c in [last.from, last.to] {
            let m = marker(
                commands,
                looks.move_marker.clone(),
                looks.last_move_material.clone(),
                c,
                0.005,
            );
            table.markers.push(m);
        }
    }
}

/// Once playback has ended, every man stands where the rules say, as the type they say.
#[allow(clippy::type_complexity)]
pub(super) fn sync_when_idle(
    mut table: ResMut<HexchessTable>,
    looks: Res<HexLooks>,
    queue: Res<PlaybackQueue>,
    mut men: Query<
        (
            &mut Transform,
            &mut Mesh3d,
            &mut MeshMaterial3d<StandardMaterial>,
        ),
        With<HexPiece>,
    >,
) {
    if !table.needs_sync || !queue.is_idle() {
        return;
    }
    table.needs_sync = false;
    for (cell, piece) in table.session.game().position().pieces() {
        let Some(&entity) = table.pieces.get(&piece.id) else {
            continue;
        };
        let Ok((mut transform, mut mesh, mut material)) = men.get_mut(entity) else {
            continue;
        };
        let rest = rest_transform(cell);
        if *transform != rest {
            *transform = rest;
        }
        let look = looks.look(piece.color, piece.kind);
        if mesh.0 != look.mesh {
            mesh.0 = look.mesh;
        }
        if material.0 != look.material {
            material.0 = look.material;
        }
    }
}
