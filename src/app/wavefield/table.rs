//! Setting the table out and clearing it, playing actions onto it, and the selection.

use super::*;

#[allow(clippy::too_many_arguments)]
pub(super) fn start_table(
    mut commands: Commands,
    active: Res<ActiveGame>,
    looks: Res<Looks>,
    request: Option<Res<RenderRequest>>,
    mut queue: ResMut<PlaybackQueue>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<FieldMaterial>>,
    mut cameras: Query<&mut OrbitCamera>,
) {
    queue.clear();
    for mut orbit in &mut cameras {
        orbit.target = Vec3::new(1.4, 0.0, 0.6);
        orbit.set_home(0.0, 0.92, 11.5);
        orbit.reset();
    }
    let mut game = Game::new(0x0057_A7E5);
    let mut last = None;
    // `lodestone render wavefield --moves ...`: every action but the last is played at
    // once, the last one through playback (frozen where asked).
    if let Some(request) = request
        .as_ref()
        .filter(|r| r.game == Some(GameId::Wavefield))
    {
        for (i, text) in request.moves.iter().enumerate() {
            let Ok(action) = parse_action(text) else {
                continue;
            };
            if i + 1 == request.moves.len() {
                last = Some(action);
                break;
            }
            if let Err(e) = game.play(action) {
                warn!("render: {text} was refused: {e}");
            }
        }
    }
    let field = to_f32(game.position().field());
    let surface = materials.add(FieldMaterial {
        data: FieldUniform {
            from: pack(&field),
            to: pack(&field),
            ..default()
        },
    });
    commands.spawn((
        Name::new("Wave field surface"),
        DespawnOnExit(Screen::Playing),
        Mesh3d(meshes.add(surface_mesh())),
        MeshMaterial3d(surface.clone()),
        Transform::default(),
        Pickable::IGNORE,
    ));
    commands.spawn((
        Name::new("Wave field sides"),
        DespawnOnExit(Screen::Playing),
        Mesh3d(meshes.add(surface::skirt_mesh())),
        MeshMaterial3d(surface.clone()),
        Transform::default(),
        Pickable::IGNORE,
    ));
    let mut table = WavefieldTable {
        game,
        mode: active.mode,
        level: Level::Strong,
        pieces: HashMap::new(),
        surface,
        view: View::Territory,
        channels: 0b1111,
        selected: None,
        markers: Vec::new(),
        preview: None,
        message: None,
        anim: FieldAnim::settled(field),
        stage_fields: Vec::new(),
        stage_offset: 0,
        effects: Vec::new(),
        thinking: None,
        planned: VecDeque::new(),
        computer_wait: 0.8,
        commands: Vec::new(),
        rng: seeded(0x00AF_17E1),
        demo_restart: 0.0,
        dev: false,
        draft: None,
    };
    spawn_pieces(&mut commands, &looks, &mut table);
    panel::spawn_panel(&mut commands);
    if let Some(action) = last {
        if let Err(e) = play_action(&mut commands, &looks, &mut table, &mut queue, action) {
            warn!("render: the last action was refused: {e}");
        }
        table.anim = FieldAnim::settled(table.field());
        // `--wave K` freezes the K-th stage: 1 is the move, 2.. the removal rounds.
        match request.as_ref().and_then(|r| r.freeze) {
            Some((stage, t)) => queue.freeze_at(table.stage_offset + stage, t),
            None => queue.skip(),
        }
    }
    if let Some(request) = request.as_ref() {
        // Stills show the view asked for in the environment (territory by default).
        if let Ok(view) = std::env::var("LODESTONE_WAVEFIELD_VIEW") {
            table.view = View::ALL
                .into_iter()
                .find(|v| v.title().starts_with(view.as_str()))
                .unwrap_or(View::Territory);
        }
        table.dev = std::env::var("LODESTONE_WAVEFIELD_DEV").is_ok();
        // ... and the selection asked for (markers and influence in a still).
        if let Ok(cell) = std::env::var("LODESTONE_WAVEFIELD_SELECT")
            && let Some(cell) = Cell::parse(&cell)
            && request.freeze.is_none()
        {
            queue.skip();
            select(&mut commands, &looks, &mut table, cell);
        }
    }
    commands.insert_resource(table);
}

pub(super) fn leave_table(
    mut commands: Commands,
    mut cameras: Query<&mut OrbitCamera>,
    table: Option<Res<WavefieldTable>>,
) {
    if table.is_none() {
        return;
    }
    commands.remove_resource::<WavefieldTable>();
    for mut orbit in &mut cameras {
        *orbit = OrbitCamera::default();
    }
}

pub(super) fn spawn_pieces(commands: &mut Commands, looks: &Looks, table: &mut WavefieldTable) {
    let field = table.anim.current();
    let position = table.game.position().clone();
    for piece in position.pieces().iter().filter(|p| p.alive) {
        let view = PieceView {
            id: piece.id,
            kind: piece.kind,
            owner: piece.owner,
        };
        let (entity, ring) = spawn_piece(commands, looks, view, rest_transform(piece.cell, &field));
        table.pieces.insert(piece.id, (entity, ring));
    }
}

/// Clears the table and sets the current position out again (undo, new game).
pub(super) fn respawn(
    commands: &mut Commands,
    looks: &Looks,
    table: &mut WavefieldTable,
    queue: &mut PlaybackQueue,
) {
    queue.clear();
    for (_, (entity, _)) in table.pieces.drain() {
        commands.entity(entity).despawn();
    }
    for effect in table.effects.drain(..) {
        commands.entity(effect).despawn();
    }
    clear_selection(commands, table);
    table.thinking = None;
    table.planned.clear();
    table.stage_fields.clear();
    spawn_pieces(commands, looks, table);
}

/// Plays `action` and queues its playback.
pub(super) fn play_action(
    commands: &mut Commands,
    looks: &Looks,
    table: &mut WavefieldTable,
    queue: &mut PlaybackQueue,
    action: Action,
) -> Result<(), String> {
    let before = table.game.position().clone();
    let resolution = table.game.play(action).map_err(|e| e.to_string())?;
    table.message = None;
    clear_selection(commands, table);
    // What the previous playback left behind goes now (it was kept for replay).
    for effect in table.effects.drain(..) {
        commands.entity(effect).despawn();
    }
    table.pieces.retain(|id, (entity, _)| {
        let alive = before.piece(*id).alive;
        if !alive {
            commands.entity(*entity).despawn();
        }
        alive
    });
    let entities: HashMap<PieceId, Entity> =
        table.pieces.iter().map(|(id, (e, _))| (*id, *e)).collect();
    if let Some((stages, fields)) =
        stages_for(commands, looks, &entities, &before, &resolution.event)
    {
        if queue.is_idle() {
            queue.clear();
        }
        table.stage_offset = queue.stage_count();
        table.effects = stages
            .iter()
            .flat_map(|s| s.effects.iter().copied())
            .collect();
        table.anim = FieldAnim::settled(fields[fields.len() - 1]);
        table.stage_fields = fields;
        queue.play(stages);
    }
    if let Event::Tuned {
        hint: Some(rescue), ..
    } = &resolution.event
    {
        // W9: the hint selects the rescuing piece.
        select(commands, looks, table, rescue.mv.from);
    }
    Ok(())
}

pub(super) fn clear_selection(commands: &mut Commands, table: &mut WavefieldTable) {
    for marker in table.markers.drain(..) {
        commands.entity(marker).despawn();
    }
    table.selected = None;
    table.preview = None;
}

/// Selects the piece on `cell` and lays out its W10 markers.
pub(super) fn select(
    commands: &mut Commands,
    looks: &Looks,
    table: &mut WavefieldTable,
    cell: Cell,
) {
    clear_selection(commands, table);
    let Some(piece) = table.game.position().piece_at(cell).copied() else {
        return;
    };
    table.selected = Some(piece.id);
    let field = table.field();
    let y = surface::lift(field[cell.index()]);
    table
        .markers
        .push(spawn_selection(commands, looks, cell, y));
    for marker in table.game.markers(cell) {
        let target = Target {
            to: marker.to,
            kind: marker.kind,
            own_losses: marker.own_losses,
        };
        let y = surface::lift(field[marker.to.index()]);
        table
            .markers
            .extend(spawn_marker(commands, looks, target, y));
    }
}
