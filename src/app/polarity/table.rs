//! Setting the table out, playing actions onto it, and keeping the pieces in step with the rules.

use super::*;

pub(super) fn start_table(
    mut commands: Commands,
    active: Res<ActiveGame>,
    looks: Res<PolarityLooks>,
    request: Option<Res<RenderRequest>>,
    mut queue: ResMut<PlaybackQueue>,
) {
    queue.clear();
    let mut game = Game::new(0x9014_A217);
    let mut history = Vec::new();
    let mut moves = Vec::new();
    let mut last = None;
    // `lodestone render polarity --moves ...`: every action but the last is played at
    // once, the last one through playback (frozen where asked).
    if let Some(request) = request
        .as_ref()
        .filter(|r| r.game == Some(GameId::Polarity))
    {
        for (i, text) in request.moves.iter().enumerate() {
            let Ok(action) = text.trim().parse::<Action>() else {
                warn!("render: \"{text}\" is not a polarity action");
                continue;
            };
            if i + 1 == request.moves.len() {
                last = Some(action);
                break;
            }
            let before = game.clone();
            if game.play(action).is_ok() {
                history.push(before);
                moves.push(action.to_string());
            }
        }
    }
    let mut table = PolarityTable {
        game,
        mode: active.mode,
        history,
        moves,
        entities: TableEntities::default(),
        choice: Choice {
            piece: None,
            mode: Mode::Push,
        },
        requests: Vec::new(),
        hover_cell: None,
        preview_dirty: false,
        markers: Vec::new(),
        hover_text: None,
        effects: Vec::new(),
        thinking: None,
        rng: seeded(0x9014_5EED),
        needs_sync: false,
        demo_restart: 0.0,
        message: None,
        counts_before: None,
    };
    spawn_table(&mut commands, &looks, &mut table);
    for side in Side::BOTH {
        spawn_side_label(
            &mut commands,
            SideLabel(side),
            pile_point(side) + Vec3::new(looks::side_sign(side) * 0.3, 1.4, 0.0),
            15.0,
        );
    }
    if let Some(action) = last {
        if let Err(e) = play_action(&mut commands, &looks, &mut table, &mut queue, action) {
            warn!("render: the last action was refused: {e}");
        }
        match request.as_ref().and_then(|r| r.freeze) {
            Some((stage, t)) => queue.freeze_at(stage, t),
            None => queue.skip(),
        }
    }
    commands.insert_resource(table);
}

/// Spawns the stones, hands and piles of the current game.
pub(super) fn spawn_table(
    commands: &mut Commands,
    looks: &PolarityLooks,
    table: &mut PolarityTable,
) {
    let mut entities = TableEntities::default();
    for stone in table.game.stones() {
        let e = spawn_stone(commands, looks, stone.id, stone_rest(stone.cell, stone.id));
        entities.stones.insert(stone.id, e);
    }
    let position = *table.game.position();
    for side in Side::BOTH {
        let hand = position.hand(side);
        for slot in 0..SLOTS.len() {
            entities.hands[side.index()][slot] =
                spawn_hand_piece(commands, looks, side, slot, slot_standing(hand, slot));
        }
        // Collected stones are gone from the rules; the pile shows as many, with fresh ids.
        for k in 0..position.collected(side) as usize {
            let id = crate::rules::polarity::StoneId(1000 + k as u32 * 7 + side.index() as u32);
            let e = spawn_stone(commands, looks, id, pile_rest(side, k));
            entities.piles[side.index()].push(e);
        }
    }
    table.entities = entities;
}

/// Clears the pieces and sets the current game out again (undo, new game, demo restart).
pub(super) fn respawn(
    commands: &mut Commands,
    looks: &PolarityLooks,
    table: &mut PolarityTable,
    queue: &mut PlaybackQueue,
    stale: impl Iterator<Item = Entity>,
) {
    queue.clear();
    for e in stale {
        commands.entity(e).despawn();
    }
    table.markers.clear();
    table.effects.clear();
    table.thinking = None;
    table.hover_text = None;
    table.preview_dirty = true;
    spawn_table(commands, looks, table);
}

/// Plays `action` and queues its playback.
pub(super) fn play_action(
    commands: &mut Commands,
    looks: &PolarityLooks,
    table: &mut PolarityTable,
    queue: &mut PlaybackQueue,
    action: Action,
) -> Result<(), String> {
    let before = table.game.clone();
    let resolution = table
        .game
        .play(action)
        .map_err(|e| format!("{action}: {e}"))?;
    table.history.push(before.clone());
    table.moves.push(action.to_string());
    table.message = None;
    for e in table.effects.drain(..) {
        commands.entity(e).despawn();
    }
    let stages = stages_for(commands, looks, &mut table.entities, &before, &resolution);
    let removal_stage = stages.iter().position(|s| s.label.contains(" takes "));
    table.counts_before = removal_stage.map(|stage| {
        let p = before.position();
        ([p.collected(Side::One), p.collected(Side::Two)], stage)
    });
    table.effects = stages
        .iter()
        .flat_map(|s| s.effects.iter().copied())
        .collect();
    queue.play(stages);
    table.needs_sync = true;
    table.preview_dirty = true;
    // The next player starts from a plain placement.
    table.choice.piece = None;
    Ok(())
}

/// Once playback has ended, every stone, hand piece and piled stone stands exactly where
/// the rules' state says.
pub(super) fn sync_when_idle(
    mut commands: Commands,
    mut table: ResMut<PolarityTable>,
    queue: Res<PlaybackQueue>,
    mut transforms: Query<&mut Transform, Or<(With<Stone>, With<HandPiece>)>>,
) {
    if !table.needs_sync || !queue.is_idle() {
        return;
    }
    table.needs_sync = false;
    let mut snap = |e: Entity, rest: Transform| {
        if let Ok(mut t) = transforms.get_mut(e)
            && *t != rest
        {
            *t = rest;
        }
    };
    // Stones the rules no longer have on the board (there should be none) go.
    let on_board: Vec<_> = table.game.stones();
    let stray: Vec<_> = table
        .entities
        .stones
        .keys()
        .filter(|id| !on_board.iter().any(|s| s.id == **id))
        .copied()
        .collect();
    for id in stray {
        if let Some(e) = table.entities.stones.remove(&id) {
            commands.entity(e).despawn();
        }
    }
    for stone in &on_board {
        if let Some(&e) = table.entities.stones.get(&stone.id) {
            snap(e, stone_rest(stone.cell, stone.id));
        }
    }
    let position = *table.game.position();
    for side in Side::BOTH {
        let hand = position.hand(side);
        for slot in 0..SLOTS.len() {
            snap(
                table.entities.hands[side.index()][slot],
                hand_rest(side, slot, slot_standing(hand, slot)),
            );
        }
        for (k, &e) in table.entities.piles[side.index()].iter().enumerate() {
            snap(e, pile_rest(side, k));
        }
    }
}
