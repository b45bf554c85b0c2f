//! Applying the queued commands: views, tuning (slot 1 or any slot), developer mode's
//! restarts, wave editor edits and the definitions file.

use super::panel::{definitions_file, edits};
use super::*;

/// Applies the queued commands: views at once; actions, undo and new game go to the
/// table's requests (actions only on a person's turn with nothing playing).
pub(super) fn apply_commands(
    mut commands: Commands,
    mut table: ResMut<WavefieldTable>,
    looks: Res<Looks>,
    mut queue: ResMut<PlaybackQueue>,
    file: Option<Res<DefinitionsFile>>,
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
                match table.draft.clone() {
                    Some(defs) => {
                        if let Err(e) = game.restart_with(defs) {
                            // The draft stays for the editor to fix; nothing restarts.
                            table.editor.refuse(format!("Not restarted: {e}."));
                            continue;
                        }
                        table.draft = None;
                        table.editor.say("Restarted with the edited definitions.");
                    }
                    None => {
                        game.restart();
                        table.editor.say("Restarted with the definitions in force.");
                    }
                }
                table.game = Match::from_game(game);
                table.changes += 1;
                shared::respawn(&mut commands, &*looks, &mut table, &mut queue, parts.iter());
            }
            Control::RestartAndReset => {
                table.draft = None;
                let mut game = table.game.rules().clone();
                game.restart_and_reset_definitions();
                table.editor.say("Restarted with the built-in definitions.");
                table.game = Match::from_game(game);
                table.changes += 1;
                shared::respawn(&mut commands, &*looks, &mut table, &mut queue, parts.iter());
            }
            Control::Edit(edit) => {
                let mut defs = editing(&table);
                let mut focus = table.editor.focus;
                match edits::apply(&mut defs, &mut focus, edit) {
                    Ok(()) => {
                        table.editor.focus = focus;
                        table.editor.note = None;
                        if defs != editing(&table) {
                            table.draft = Some(defs);
                        }
                    }
                    Err(sentence) => table.editor.refuse(sentence),
                }
            }
            Control::SaveDefinitions => {
                let defs = editing(&table);
                match definitions_path(file.as_deref()) {
                    Err(sentence) => table.editor.refuse(sentence),
                    Ok(path) => match definitions_file::save(&path, &defs) {
                        Ok(sentence) => table.editor.say(sentence),
                        Err(sentence) => table.editor.refuse(sentence),
                    },
                }
            }
            Control::LoadDefinitions => match definitions_path(file.as_deref()) {
                Err(sentence) => table.editor.refuse(sentence),
                Ok(path) => match definitions_file::load(&path) {
                    Ok(defs) => {
                        table.draft = Some(defs);
                        table.editor.say(format!(
                            "Loaded {}: Restart applies the definitions.",
                            path.display()
                        ));
                    }
                    Err(sentence) => table.editor.refuse(sentence),
                },
            },
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
            Control::Tune(kind, coef) if table.game.multi_slot() => {
                table.controls.push(Control::Play(Action::Press {
                    kind,
                    slot: 0,
                    coef: coef.signum() as i8,
                }));
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

/// The definitions the editor shows and edits: the draft, else those in force.
fn editing(table: &WavefieldTable) -> crate::rules::wavefield::definitions::Definitions {
    table
        .draft
        .clone()
        .unwrap_or_else(|| table.game.definitions().clone())
}

/// Where the definitions file is: the [`DefinitionsFile`] resource, else the standard
/// place; a sentence when there is none.
fn definitions_path(file: Option<&DefinitionsFile>) -> Result<std::path::PathBuf, String> {
    file.cloned()
        .unwrap_or_else(DefinitionsFile::standard)
        .0
        .ok_or_else(|| "There is no data folder to keep the definitions file in.".to_string())
}
