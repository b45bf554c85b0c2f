//! Handling requests, forced moves and the computer's turn.

use super::*;

#[allow(clippy::too_many_arguments)]
pub(super) fn process_requests(
    mut commands: Commands,
    mut table: ResMut<HexchessTable>,
    looks: Res<HexLooks>,
    mut queue: ResMut<PlaybackQueue>,
    stale: Query<Entity, With<HexPiece>>,
) {
    let table = &mut *table;
    if table.needs_respawn {
        respawn(&mut commands, &looks, table, &mut queue, stale.iter());
    }
    let requests = std::mem::take(&mut table.requests);
    // Releasing a dragged man also clicks it; the drop decides.
    let dropping = requests.iter().any(|r| matches!(r, Request::Drop(_)));
    for request in requests {
        match request {
            Request::Pick(_) if dropping => {}
            Request::Pick(cell) => pick(&mut commands, &looks, table, &mut queue, cell, false),
            Request::Drop(cell) => {
                // The man goes back to its cell unless the drop plays a move.
                table.needs_sync = true;
                if let Some(cell) = cell
                    && table.selected.is_some()
                    && table.selected != Some(cell)
                {
                    pick(&mut commands, &looks, table, &mut queue, cell, false);
                }
            }
            Request::Grab(cell) => pick(&mut commands, &looks, table, &mut queue, cell, true),
            Request::Play(mv) => {
                if let Err(e) = play_move(&mut commands, &looks, table, &mut queue, mv) {
                    table.message = Some(e);
                }
            }
            Request::Promote(kind) => {
                if let Some((from, to)) = table.promotion.take() {
                    let mv = Move {
                        from,
                        to,
                        promotion: Some(kind),
                    };
                    if let Err(e) = play_move(&mut commands, &looks, table, &mut queue, mv) {
                        table.message = Some(e);
                    }
                }
            }
            Request::Undo => {
                // Against the computer, take back its answer too.
                let plies = if table.mode == PlayMode::VsComputer
                    && table.session.game().turn() == Side::White
                {
                    2
                } else {
                    1
                };
                let mut undone = false;
                for _ in 0..plies.min(table.session.game().history().len()) {
                    undone |= table.session.undo().is_some();
                }
                if undone {
                    table.message = table.session.save_error().map(str::to_string);
                    table.reset_view();
                    respawn(&mut commands, &looks, table, &mut queue, stale.iter());
                }
            }
            Request::NewGame => {
                table.session.new_game();
                table.message = table.session.save_error().map(str::to_string);
                table.editing = None;
                table.reset_view();
                respawn(&mut commands, &looks, table, &mut queue, stale.iter());
            }
            Request::BeginEdit(index) => {
                let (reached, struck) = table.session.entries();
                let all: Vec<String> = reached.into_iter().chain(struck.iter().cloned()).collect();
                if index <= all.len() {
                    table.editing = Some(index);
                    table.edit_buffer = all.get(index).cloned().unwrap_or_default();
                }
            }
            Request::CancelEdit => {
                table.editing = None;
                table.edit_buffer.clear();
            }
            Request::Edit(index, text) => {
                table.editing = None;
                table.edit_buffer.clear();
                if text.is_empty() {
                    continue;
                }
                let report = table.session.edit(index, &text);
                table.message = match (report.first_unreachable, report.error) {
                    (Some(i), Some(why)) => {
                        Some(format!("entry {} cannot be replayed: {why}", i + 1))
                    }
                    (Some(i), None) => Some(format!("entry {} cannot be replayed", i + 1)),
                    _ => Some(format!("the list replays to entry {}", report.reached)),
                };
                table.reset_view();
                respawn(&mut commands, &looks, table, &mut queue, stale.iter());
            }
        }
    }
}

/// A side with exactly one legal move plays it after the session's delay (H8).
pub(super) fn forced_moves(
    mut commands: Commands,
    mut table: ResMut<HexchessTable>,
    looks: Res<HexLooks>,
    mut queue: ResMut<PlaybackQueue>,
    time: Res<Time>,
) {
    let table = &mut *table;
    if table.mode == PlayMode::Board || table.over() || !queue.is_idle() || table.editing.is_some()
    {
        table.forced = None;
        return;
    }
    let Some((_, delay)) = table.session.forced_move() else {
        table.forced = None;
        return;
    };
    let timer = table
        .forced
        .get_or_insert_with(|| Timer::new(delay, TimerMode::Once));
    timer.tick(time.delta());
    if !timer.is_finished() {
        return;
    }
    table.forced = None;
    match table.session.play_forced() {
        Ok(resolution) => after_move(&mut commands, &looks, table, &mut queue, &resolution),
        Err(e) => table.message = Some(e.to_string()),
    }
}

pub(super) fn computer_turn(
    mut commands: Commands,
    mut table: ResMut<HexchessTable>,
    looks: Res<HexLooks>,
    mut queue: ResMut<PlaybackQueue>,
    stale: Query<Entity, With<HexPiece>>,
    time: Res<Time>,
) {
    let table = &mut *table;
    if table.over() {
        // A demo starts over a few seconds after each game.
        if table.mode == PlayMode::Demo && queue.is_idle() {
            table.demo_restart += time.delta_secs();
            if table.demo_restart > 4.0 {
                table.demo_restart = 0.0;
                table.session.new_game();
                table.reset_view();
                respawn(&mut commands, &looks, table, &mut queue, stale.iter());
            }
        }
        return;
    }
    if table.human_to_move()
        || !queue.is_idle()
        || table.forced.is_some()
        || table.session.forced_move().is_some()
    {
        return;
    }
    let Some(task) = table.thinking.as_mut() else {
        let game = table.session.game().clone();
        let mut rng = seeded(table.rng.random());
        table.thinking = Some(
            AsyncComputeTaskPool::get()
                .spawn(async move { choose(&game, &AiConfig::default(), &mut rng) }),
        );
        return;
    };
    if let Some(choice) = block_on(poll_once(task)) {
        table.thinking = None;
        match choice {
            Some(mv) => {
                if let Err(e) = play_move(&mut commands, &looks, table, &mut queue, mv) {
                    table.message = Some(format!("the computer's move was refused: {e}"));
                }
            }
            None => table.message = Some("the computer found no move".to_string()),
        }
    }
}
