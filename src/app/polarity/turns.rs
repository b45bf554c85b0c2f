//! Playing the requested actions and the computer's turn.

use super::*;

pub(super) fn play_requests(
    mut commands: Commands,
    mut table: ResMut<PolarityTable>,
    looks: Res<PolarityLooks>,
    mut queue: ResMut<PlaybackQueue>,
) {
    if table.requests.is_empty() || !queue.is_idle() {
        return;
    }
    let action = table.requests.remove(0);
    if let Err(e) = play_action(&mut commands, &looks, &mut table, &mut queue, action) {
        table.message = Some(e);
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn computer_turn(
    mut commands: Commands,
    mut table: ResMut<PolarityTable>,
    looks: Res<PolarityLooks>,
    mut queue: ResMut<PlaybackQueue>,
    stale: Query<Entity, With<TablePart>>,
    time: Res<Time>,
) {
    if table.game.outcome().is_some() {
        // A demo starts over a few seconds after each game.
        if table.mode == PlayMode::Demo && queue.is_idle() {
            table.demo_restart += time.delta_secs();
            if table.demo_restart > 4.0 {
                table.demo_restart = 0.0;
                table.game = Game::new(table.rng.random());
                table.history.clear();
                table.moves.clear();
                respawn(&mut commands, &looks, &mut table, &mut queue, stale.iter());
            }
        }
        return;
    }
    if table.human_to_move() || !queue.is_idle() || !table.requests.is_empty() {
        return;
    }
    let Some(task) = table.thinking.as_mut() else {
        let game = table.game.clone();
        let mut rng = seeded(table.rng.random());
        table.thinking = Some(
            AsyncComputeTaskPool::get()
                .spawn(async move { choose(&game, &AiConfig::default(), &mut rng) }),
        );
        return;
    };
    if let Some(choice) = block_on(poll_once(task)) {
        table.thinking = None;
        let Some(action) = choice else {
            return;
        };
        if let Err(e) = play_action(&mut commands, &looks, &mut table, &mut queue, action) {
            table.message = Some(format!("the computer's action was refused: {e}"));
        }
    }
}
