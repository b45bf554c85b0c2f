//! Applying the queued commands and the computer's turn.

use super::*;

/// Applies the queued commands: views at once, actions only on a person's turn with
/// nothing playing.
pub(super) fn apply_commands(
    mut commands: Commands,
    mut table: ResMut<WavefieldTable>,
    looks: Res<Looks>,
    mut queue: ResMut<PlaybackQueue>,
) {
    let pending: Vec<Command> = table.commands.drain(..).collect();
    for command in pending {
        match command {
            Command::CycleView => table.view = table.view.next(),
            Command::ToggleChannel(k) => {
                let bits = table.channels ^ (1 << k);
                // Never hide every channel: the last one stays.
                if bits != 0 {
                    table.channels = bits;
                }
            }
            Command::ToggleLevel => {
                table.level = match table.level {
                    Level::Easy => Level::Strong,
                    Level::Strong => Level::Easy,
                }
            }
            Command::ToggleDev => table.dev = !table.dev,
            Command::Undo => {
                let human = table.human_side();
                let mut undone = false;
                while let Some(r) = table.game.undo() {
                    undone = true;
                    // Against the computer, walk back to the person's own last action.
                    if human.is_none_or(|h| r.side == h) {
                        break;
                    }
                }
                if undone {
                    table.message = None;
                    respawn(&mut commands, &looks, &mut table, &mut queue);
                }
            }
            Command::NewGame => {
                table.game.restart();
                respawn(&mut commands, &looks, &mut table, &mut queue);
            }
            Command::Restart => {
                table.game.restart();
                respawn(&mut commands, &looks, &mut table, &mut queue);
            }
            Command::RestartAndReset => {
                table.game.restart_and_reset_definitions();
                respawn(&mut commands, &looks, &mut table, &mut queue);
            }
            Command::Play(action) => {
                if !queue.is_idle() || !table.human_to_move() {
                    table.message = Some("wait for your turn".into());
                    continue;
                }
                let reselect = table
                    .selected
                    .map(|id| table.game.position().piece(id).cell);
                match play_action(&mut commands, &looks, &mut table, &mut queue, action) {
                    Ok(()) => {
                        // After a tuning change the markers follow the new field.
                        if !matches!(action, Action::Move(_) | Action::Hint | Action::Resign)
                            && let Some(cell) = reselect
                        {
                            select(&mut commands, &looks, &mut table, cell);
                        }
                    }
                    Err(e) => table.message = Some(e),
                }
            }
            Command::Tune(kind, coef) => {
                let side = table.game.to_move();
                let profile = table.game.position().profile(side);
                if profile.coef(kind) != coef {
                    table
                        .commands
                        .push(Command::Play(Action::Tune(profile.with(kind, coef))));
                }
            }
        }
    }
    // Commands queued by Tune run next frame.
}

pub(super) fn computer_turn(
    mut commands: Commands,
    mut table: ResMut<WavefieldTable>,
    looks: Res<Looks>,
    mut queue: ResMut<PlaybackQueue>,
    time: Res<Time>,
) {
    if table.game.outcome().is_some() {
        if table.mode == PlayMode::Demo && queue.is_idle() {
            table.demo_restart += time.delta_secs();
            if table.demo_restart > 4.0 {
                table.demo_restart = 0.0;
                table.game.restart();
                respawn(&mut commands, &looks, &mut table, &mut queue);
            }
        }
        return;
    }
    if table.human_to_move() || !queue.is_idle() {
        return;
    }
    if table.computer_wait > 0.0 {
        table.computer_wait -= time.delta_secs();
        return;
    }
    if let Some(action) = table.planned.pop_front() {
        if let Err(e) = play_action(&mut commands, &looks, &mut table, &mut queue, action) {
            table.message = Some(format!("the computer's {action} was refused: {e}"));
            table.planned.clear();
        }
        table.computer_wait = 0.6;
        return;
    }
    let Some(task) = table.thinking.as_mut() else {
        let game = table.game.clone();
        let mut rng = seeded(table.rng.random());
        let config = match (table.mode, table.level) {
            (PlayMode::VsComputer, Level::Easy) => AiConfig::easy(),
            (PlayMode::Demo, _) => AiConfig {
                variety: 20,
                ..AiConfig::strong()
            },
            _ => AiConfig::strong(),
        };
        table.thinking = Some(
            AsyncComputeTaskPool::get().spawn(async move { choose(&game, &config, &mut rng) }),
        );
        return;
    };
    if let Some(actions) = block_on(poll_once(task)) {
        table.thinking = None;
        table.planned = actions.into();
        if table.planned.is_empty() {
            table.planned.push_back(Action::Resign);
        }
    }
}
