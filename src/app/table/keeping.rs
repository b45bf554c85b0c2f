//! Keeping games: every game played in the window (finished or left) is saved as a replay
//! in the replays folder, and Ctrl+S saves the current game at once, saying where.

use std::path::PathBuf;
use std::time::SystemTime;

use bevy::prelude::*;

use super::{Table, TableGame};
use crate::app::hud::Notice;
use crate::app::{KeyboardCaptured, PlayMode};
use crate::replay::{self, Replay};
use crate::rules::Rules;

/// Where replays are saved; `None` (or no resource: renders, tests) keeps nothing.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct ReplayFolder(pub Option<PathBuf>);

impl ReplayFolder {
    /// `$LODESTONE_DATA_DIR/replays`, else the data folder's `lodestone/replays`.
    pub fn standard() -> ReplayFolder {
        ReplayFolder(crate::app::paths::data_file("replays"))
    }
}

/// Saves the table's game as a new replay if it changed since it was last kept. People's
/// games only: demos and the bare board are not kept.
pub(super) fn keep<G: TableGame>(
    table: &mut Table<G>,
    folder: Option<&ReplayFolder>,
) -> Option<Result<PathBuf, String>> {
    let folder = folder?.0.as_ref()?;
    if matches!(
        table.mode,
        PlayMode::Demo | PlayMode::Board | PlayMode::Showcase
    ) || table.game.actions().is_empty()
        || table.kept_changes == Some(table.changes)
    {
        return None;
    }
    table.kept_changes = Some(table.changes);
    Some(save(table, folder))
}

fn save<G: TableGame>(table: &Table<G>, folder: &std::path::Path) -> Result<PathBuf, String> {
    let mut replay = Replay::of(&table.game);
    replay.created = Some(replay::timestamp(SystemTime::now()));
    replay.save_in(folder)
}

/// A finished game is kept at once.
pub(super) fn keep_finished<G: TableGame>(
    mut table: ResMut<Table<G>>,
    folder: Option<Res<ReplayFolder>>,
) {
    if table.game.is_over()
        && let Some(Err(e)) = keep(&mut table, folder.as_deref())
    {
        table.message = Some(format!("the replay was not saved: {e}"));
    }
}

/// A game left for the menu is kept.
pub(super) fn keep_on_leave<G: TableGame>(
    table: Option<ResMut<Table<G>>>,
    folder: Option<Res<ReplayFolder>>,
) {
    if let Some(mut table) = table
        && let Some(Err(e)) = keep(&mut table, folder.as_deref())
    {
        warn!("the replay was not saved: {e}");
    }
}

/// Ctrl+S saves the game now and says where.
pub(super) fn save_key<G: TableGame>(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    captured: Res<KeyboardCaptured>,
    table: Res<Table<G>>,
    folder: Option<Res<ReplayFolder>>,
    mut notice: ResMut<Notice>,
) {
    let Some(keys) = keys else { return };
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if captured.0 || !ctrl || !keys.just_pressed(KeyCode::KeyS) {
        return;
    }
    notice.show(save_now(&table, folder.as_deref()), 4.0);
}

/// Saves the game as a replay now and says where (Ctrl+S, the pause menu).
pub(super) fn save_now<G: TableGame>(table: &Table<G>, folder: Option<&ReplayFolder>) -> String {
    match folder.and_then(|f| f.0.as_ref()) {
        None => "replays are not kept here (no data folder)".to_string(),
        Some(folder) => match save(table, folder) {
            Ok(path) => format!("saved the replay to {}", path.display()),
            Err(e) => format!("the replay was not saved: {e}"),
        },
    }
}

/// The pause menu's requests: new game and undo go to the table's requests (played once
/// the game resumes), the replay is saved at once.
pub(super) fn pause_commands<G: TableGame>(
    mut commands: MessageReader<crate::app::pause::PauseCommand>,
    mut table: ResMut<Table<G>>,
    folder: Option<Res<ReplayFolder>>,
    mut notice: ResMut<Notice>,
) {
    use crate::app::pause::PauseCommand;
    for command in commands.read() {
        match command {
            PauseCommand::NewGame => table.requests.push_back(super::Request::NewGame),
            PauseCommand::Undo => table.requests.push_back(super::Request::Undo),
            PauseCommand::SaveReplay => {
                let text = save_now(&table, folder.as_deref());
                notice.show(text, 4.0);
            }
        }
    }
}
