//! Wave Field's own controls: views, tuning (slot 1 or any slot), developer mode's
//! restarts, wave editor edits and the definitions file.

use super::panel::{definitions_file, edits};
use super::*;
use crate::app::playback::PlaybackQueue;
use crate::app::table::{
    PendingSync, PlaybackEffects, Seats, Stagehand, TableInput, TableNote, Viewing, controls,
};

/// Applies the controls asked for this frame (after those a tuning queued last frame):
/// views at once; actions only on a person's turn with nothing playing.
pub(super) fn apply_controls(
    mut commands: Commands,
    mut input: MessageReader<TableInput<Wavefield>>,
    mut played: ResMut<WavefieldPlayed>,
    mut table: ResMut<WavefieldScene>,
    mut seats: ResMut<Seats>,
    looks: Res<Looks>,
    (mut queue, mut note, mut effects, mut sync, viewing): (
        ResMut<PlaybackQueue>,
        ResMut<TableNote>,
        ResMut<PlaybackEffects>,
        ResMut<PendingSync>,
        Res<Viewing>,
    ),
    file: Option<Res<DefinitionsFile>>,
    parts: Query<Entity, With<TablePart>>,
) {
    // Nothing asked for: the table and the game are left unmarked (taking the queue
    // would mark the table changed every frame).
    let asked: Vec<Control> = controls(&mut input).collect();
    if asked.is_empty() && table.queued.is_empty() {
        return;
    }
    let mut pending = std::mem::take(&mut table.queued);
    pending.extend(asked);
    let played = &mut *played;
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
                    .position(|l| *l == seats.level)
                    .map_or(0, |i| i + 1);
                seats.level = levels[next % levels.len()];
            }
            Control::ToggleDev => table.dev = !table.dev,
            Control::Restart => {
                let mut game = played.game.rules().clone();
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
                played.replace(restarted(played, game));
                shared::respawn(
                    &mut commands,
                    &*looks,
                    played,
                    &mut table,
                    &mut queue,
                    &mut effects,
                    parts.iter(),
                );
            }
            Control::RestartAndReset => {
                table.draft = None;
                let mut game = played.game.rules().clone();
                game.restart_and_reset_definitions();
                table.editor.say("Restarted with the built-in definitions.");
                played.replace(restarted(played, game));
                shared::respawn(
                    &mut commands,
                    &*looks,
                    played,
                    &mut table,
                    &mut queue,
                    &mut effects,
                    parts.iter(),
                );
            }
            Control::Edit(edit) => {
                let mut defs = editing(played, &table);
                let mut focus = table.editor.focus;
                match edits::apply(&mut defs, &mut focus, edit) {
                    Ok(()) => {
                        table.editor.focus = focus;
                        table.editor.note = None;
                        if defs != editing(played, &table) {
                            table.draft = Some(defs);
                        }
                    }
                    Err(sentence) => table.editor.refuse(sentence),
                }
            }
            Control::SaveDefinitions => {
                let defs = editing(played, &table);
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
                if !queue.is_idle() || !seats.human_to_move(played.to_move()) {
                    note.0 = Some("wait for your turn".into());
                    continue;
                }
                let reselect = table
                    .selected
                    .map(|id| played.game.position().piece(id).cell);
                let mut hand = Stagehand {
                    queue: &mut queue,
                    note: &mut note,
                    effects: &mut effects,
                    sync: &mut sync,
                    demo: seats.mode == crate::app::PlayMode::Demo,
                    viewing: viewing.0.is_some(),
                };
                if shared::play_action(&mut commands, &*looks, played, &mut table, &mut hand, action)
                    .is_ok()
                    // After a tuning change the markers follow the new field.
                    && !matches!(action, Action::Move(_) | Action::Hint | Action::Resign)
                    && let Some(cell) = reselect
                {
                    select(&mut commands, &looks, played, &mut table, cell);
                }
            }
            Control::Tune(kind, coef) if played.game.multi_slot() => {
                table.queued.push(Control::Play(Action::Press {
                    kind,
                    slot: 0,
                    coef: coef.signum() as i8,
                }));
            }
            Control::Tune(kind, coef) => {
                let side = played.game.to_move();
                let profile = played.game.position().profile(side);
                if profile.coef(kind) != coef {
                    table
                        .queued
                        .push(Control::Play(Action::Tune(profile.with(kind, coef))));
                }
            }
        }
    }
    // Controls queued by Tune run next frame.
}

/// The match of a restarted game: on the built-in definitions a fresh match of the same
/// setup (so it saves and replays as any game does), on edited ones the game itself.
pub(super) fn restarted(played: &WavefieldPlayed, game: Game) -> Match<Game> {
    if game.definitions() == &crate::rules::wavefield::definitions::Definitions::default() {
        Match::new(played.game.setup().clone()).unwrap_or_else(|_| Match::from_game(game))
    } else {
        Match::from_game(game)
    }
}

/// The definitions the editor shows and edits: the draft, else those in force.
fn editing(
    played: &WavefieldPlayed,
    table: &WavefieldScene,
) -> crate::rules::wavefield::definitions::Definitions {
    table
        .draft
        .clone()
        .unwrap_or_else(|| played.game.definitions().clone())
}

/// Where the definitions file is: the [`DefinitionsFile`] resource, else the standard
/// place; a sentence when there is none.
fn definitions_path(file: Option<&DefinitionsFile>) -> Result<std::path::PathBuf, String> {
    file.cloned()
        .unwrap_or_else(DefinitionsFile::standard)
        .0
        .ok_or_else(|| "There is no data folder to keep the definitions file in.".to_string())
}
