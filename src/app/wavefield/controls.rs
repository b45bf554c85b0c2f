//! Applying the queued commands (views, tuning, developer mode's restarts and wave
//! editor) and the wave editor itself.

use super::*;

/// Applies the queued commands: views at once; actions, undo and new game go to the
/// table's requests (actions only on a person's turn with nothing playing).
pub(super) fn apply_commands(
    mut commands: Commands,
    mut table: ResMut<WavefieldTable>,
    looks: Res<Looks>,
    mut queue: ResMut<PlaybackQueue>,
    parts: Query<Entity, With<TablePart>>,
) {
    let pending: Vec<Control> = table.controls.drain(..).collect();
    for command in pending {
        match command {
            Control::CycleView => table.view = table.view.next(),
            Control::ToggleChannel(k) => {
                let bits = table.channels ^ (1 << k);
                // Never hide every channel: the last one stays.
                if bits != 0 {
                    table.channels = bits;
                }
            }
            Control::ToggleLevel => {
                let levels = crate::rules::Level::ALL;
                let next = levels
                    .iter()
                    .position(|l| *l == table.level)
                    .map_or(0, |i| i + 1);
                table.level = levels[next % levels.len()];
            }
            Control::ToggleDev => table.dev = !table.dev,
            Control::Undo => table.requests.push_back(Request::Undo),
            Control::NewGame => table.requests.push_back(Request::NewGame),
            Control::Restart => {
                let mut game = table.game.rules().clone();
                match table.draft.take() {
                    Some(defs) => {
                        if let Err(e) = game.restart_with(defs) {
                            table.message = Some(format!("definitions refused: {e}"));
                        }
                    }
                    None => game.restart(),
                }
                table.game = Match::from_game(game);
                table.changes += 1;
                shared::respawn(&mut commands, &*looks, &mut table, &mut queue, parts.iter());
            }
            Control::RestartAndReset => {
                table.draft = None;
                let mut game = table.game.rules().clone();
                game.restart_and_reset_definitions();
                table.game = Match::from_game(game);
                table.changes += 1;
                shared::respawn(&mut commands, &*looks, &mut table, &mut queue, parts.iter());
            }
            Control::EditPreset(_) | Control::EditRings(_) | Control::EditCell(..) => {
                let mut defs = table
                    .draft
                    .clone()
                    .unwrap_or_else(|| table.game.definitions().clone());
                edit_definitions(&mut defs, command);
                table.draft = Some(defs);
                table.message = Some("wave definitions edited: Restart applies them".into());
            }
            Control::Play(action) => {
                if !queue.is_idle() || !table.human_to_move() {
                    table.message = Some("wait for your turn".into());
                    continue;
                }
                let reselect = table
                    .selected
                    .map(|id| table.game.position().piece(id).cell);
                if shared::play_action(&mut commands, &*looks, &mut table, &mut queue, action).is_ok()
                    // After a tuning change the markers follow the new field.
                    && !matches!(action, Action::Move(_) | Action::Hint | Action::Resign)
                    && let Some(cell) = reselect
                {
                    select(&mut commands, &looks, &mut table, cell);
                }
            }
            Control::Tune(kind, coef) => {
                let side = table.game.to_move();
                let profile = table.game.position().profile(side);
                if profile.coef(kind) != coef {
                    table
                        .controls
                        .push(Control::Play(Action::Tune(profile.with(kind, coef))));
                }
            }
        }
    }
    // Commands queued by Tune run next frame.
}

/// One wave-editor step on the first slot of a kind (see [`Control::EditPreset`]).
pub fn edit_definitions(
    defs: &mut crate::rules::wavefield::definitions::Definitions,
    command: Control,
) {
    use crate::rules::wavefield::patterns::{Pattern, Preset};
    let kind = match command {
        Control::EditPreset(k) | Control::EditRings(k) | Control::EditCell(k, ..) => k,
        _ => return,
    };
    let slots = &mut defs.kind_mut(kind).slots;
    let Some(pattern) = slots.first_mut() else {
        return;
    };
    let cycle = |v: i32| match v.signum() {
        -1 => 0,
        0 => 1,
        _ => -1,
    };
    match command {
        Control::EditPreset(_) => {
            let next = match pattern {
                Pattern::Preset(p) => {
                    let i = Preset::ALL.iter().position(|q| q == p).unwrap_or(0);
                    Preset::ALL[(i + 1) % Preset::ALL.len()]
                }
                _ => Preset::ALL[0],
            };
            *pattern = Pattern::Preset(next);
        }
        Control::EditRings(_) => {
            let rings: Vec<i32> = (0..6).map(|r| pattern.basis(r.max(1), 0)).collect();
            *pattern = Pattern::Rings(rings);
        }
        Control::EditCell(_, dx, dy) => {
            let (ax, ay) = (dx.unsigned_abs() as usize, dy.unsigned_abs() as usize);
            match pattern {
                Pattern::Rings(rings) if !rings.is_empty() => {
                    let len = rings.len();
                    let ring = ax.max(ay) % len;
                    rings[ring] = cycle(rings[ring]);
                }
                _ => {
                    let mut grid = [[0; 7]; 7];
                    for (y, row) in grid.iter_mut().enumerate() {
                        for (x, v) in row.iter_mut().enumerate() {
                            *v = pattern.basis(x as i32, y as i32);
                        }
                    }
                    grid[ay][ax] = cycle(grid[ay][ax]);
                    *pattern = Pattern::Grid(grid);
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::wavefield::patterns::{Pattern, Preset};

    #[test]
    fn the_wave_editor_changes_the_draft_and_restart_applies_it() {
        let mut game = Game::new(0);
        let start_field = game.position().field().to_vec();
        let mut defs = game.definitions().clone();
        // W4: the Round Hat starts as the checkerboard; the next preset is the cadence.
        edit_definitions(&mut defs, Control::EditPreset(Kind::RoundHat));
        assert_eq!(
            defs.kind(Kind::RoundHat).slots[0],
            Pattern::Preset(Preset::Cadence)
        );
        edit_definitions(&mut defs, Control::EditRings(Kind::Tower));
        assert!(matches!(defs.kind(Kind::Tower).slots[0], Pattern::Rings(_)));
        edit_definitions(&mut defs, Control::EditCell(Kind::BigHat, 1, -2));
        let Pattern::Grid(grid) = &defs.kind(Kind::BigHat).slots[0] else {
            panic!("a cell edit turns a preset into a grid");
        };
        let before = Pattern::Preset(Preset::BlockChecker).basis(1, 2);
        assert_ne!(grid[2][1], before, "the clicked offset changed");
        assert_eq!(
            grid[0][3],
            Pattern::Preset(Preset::BlockChecker).basis(3, 0)
        );
        assert!(defs.validate().is_ok());
        game.restart_with(defs).unwrap();
        assert_ne!(game.position().field().to_vec(), start_field);
    }
}
