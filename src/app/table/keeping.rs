//! Keeping games: every game played in the window (finished or left) is saved as a replay
//! in the replays folder, and Ctrl+S saves the current game at once, saying where. A
//! replay that cannot be written (the folder read-only, missing and not makeable, or the
//! disk full) is kept in memory, told once, and written with the next save that works.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::foresight::HintsUsed;
use super::{Played, Seats, TableGame};
use crate::app::ui::Notice;
use crate::replay::{self, Replay};

/// Where replays are saved; `None` (or no resource: renders, tests) keeps nothing.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct ReplayFolder(pub Option<PathBuf>);

impl ReplayFolder {
    /// `$LODESTONE_DATA_DIR/replays`, else the data folder's `lodestone/replays`.
    pub fn standard() -> ReplayFolder {
        ReplayFolder(crate::app::paths::data_file("replays"))
    }
}

/// Replays not written yet, oldest first (at most [`replay::KEEP`]: the folder keeps no
/// more), and whether the last try failed (so the trouble is told once, not per save).
/// When the app closes with some still here, they are tried once more, and what cannot be
/// written is said on standard error.
#[derive(Resource, Default, Debug)]
pub struct UnsavedReplays {
    pub replays: Vec<Replay>,
    pub failing: bool,
    /// Where they were to go.
    folder: Option<PathBuf>,
}

impl Drop for UnsavedReplays {
    fn drop(&mut self) {
        let Some(folder) = self.folder.take() else {
            return;
        };
        let lost: Vec<String> = std::mem::take(&mut self.replays)
            .into_iter()
            .filter_map(|r| r.save_in(&folder).err())
            .collect();
        if let Some(why) = lost.first() {
            eprintln!(
                "lodestone: {} replay(s) could not be written and are lost: {why}",
                lost.len()
            );
        }
    }
}

/// What one save came to.
#[derive(Debug, Clone, PartialEq)]
pub enum Saved {
    /// Written, with `earlier` replays kept in memory before it.
    Written { path: PathBuf, earlier: usize },
    /// Not written: `kept` replays wait in memory; `first` when writing worked until now.
    Kept {
        why: String,
        kept: usize,
        first: bool,
    },
}

impl UnsavedReplays {
    /// Writes `replay` into `folder` after any kept earlier, oldest first; what cannot be
    /// written stays here.
    pub fn save(&mut self, replay: Replay, folder: &Path) -> Saved {
        self.folder = Some(folder.to_path_buf());
        // The same game saved again (Ctrl+S twice) replaces its earlier copy.
        if let Some(last) = self.replays.last()
            && last.game == replay.game
            && last.ruleset == replay.ruleset
            && last.seed == replay.seed
            && replay.actions.starts_with(&last.actions)
        {
            self.replays.pop();
        }
        self.replays.push(replay);
        let overflow = self.replays.len().saturating_sub(replay::KEEP);
        self.replays.drain(..overflow);
        let mut last = None;
        let mut written = 0;
        while let Some(next) = self.replays.first() {
            match next.save_in(folder) {
                Ok(path) => {
                    self.replays.remove(0);
                    written += 1;
                    last = Some(path);
                }
                Err(why) => {
                    let first = !self.failing;
                    self.failing = true;
                    return Saved::Kept {
                        why,
                        kept: self.replays.len(),
                        first,
                    };
                }
            }
        }
        self.failing = false;
        Saved::Written {
            path: last.expect("the replay just added was written"),
            earlier: written - 1,
        }
    }
}

impl Saved {
    /// The sentence for the player.
    pub fn sentence(&self) -> String {
        match self {
            Saved::Written { path, earlier: 0 } => {
                format!("saved the replay to {}", path.display())
            }
            Saved::Written { path, earlier } => format!(
                "saved the replay to {}, and the {earlier} kept in memory beside it",
                path.display()
            ),
            Saved::Kept { why, kept, .. } => format!(
                "the replay was not saved: {why}; {} in memory, saved with the next one that can be written",
                if *kept == 1 {
                    "it is kept".to_string()
                } else {
                    format!("{kept} replays are kept")
                }
            ),
        }
    }
}

/// The change count at which the game on the table was last kept as a replay (set anew
/// with each table).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Kept(pub(super) Option<u64>);

/// What saving a replay needs: the folder, the replays waiting, what was kept, and the
/// notice.
#[derive(SystemParam)]
pub(super) struct Keeper<'w> {
    folder: Option<Res<'w, ReplayFolder>>,
    unsaved: ResMut<'w, UnsavedReplays>,
    kept: ResMut<'w, Kept>,
    notice: ResMut<'w, Notice>,
    hints: Option<ResMut<'w, HintsUsed>>,
    turn_clock: Option<Res<'w, super::TurnClock>>,
}

impl Keeper<'_> {
    /// Saves the game as a new replay if it changed since it was last kept. People's
    /// games only: demos, the bare board, the showcase and exercises are not kept. A
    /// failure is told when it is new, and so is the save that brings kept replays out
    /// of memory.
    pub(super) fn keep<G: TableGame>(&mut self, played: &Played<G>, seats: &Seats) {
        let Some(folder) = self.folder.as_ref().and_then(|f| f.0.clone()) else {
            return;
        };
        if !seats.people_play()
            || played.game.actions().is_empty()
            || self.kept.0 == Some(played.changes)
        {
            return;
        }
        self.kept.0 = Some(played.changes);
        let replay = replay_of(played, self.hints.as_deref(), self.timed(played));
        let saved = self.unsaved.save(replay, &folder);
        match &saved {
            Saved::Kept { first: true, .. } | Saved::Written { earlier: 1.., .. } => {
                warn!("{}", saved.sentence());
                self.notice.show(saved.sentence(), 8.0);
            }
            _ => {}
        }
    }

    /// The time the game was played on, as its replay keeps it.
    fn timed<G: TableGame>(&self, played: &Played<G>) -> Option<crate::replay::Timing> {
        Some(super::clock::timing(played, self.turn_clock.as_ref()?))
    }

    /// A new game starts with no hint used (the one left was kept with its count).
    pub(super) fn forget_hints(&mut self) {
        if let Some(hints) = self.hints.as_mut() {
            hints.0 = [0, 0];
        }
    }

    /// Saves the game as a replay now and says where (Ctrl+S, the pause menu).
    fn save_now<G: TableGame>(&mut self, played: &Played<G>) {
        let text = match self.folder.as_ref().and_then(|f| f.0.clone()) {
            None => "replays are not kept here (no data folder)".to_string(),
            Some(folder) => {
                let replay = replay_of(played, self.hints.as_deref(), self.timed(played));
                self.unsaved.save(replay, &folder).sentence()
            }
        };
        self.notice.show(text, 6.0);
    }
}

fn replay_of<G: TableGame>(
    played: &Played<G>,
    hints: Option<&HintsUsed>,
    timing: Option<crate::replay::Timing>,
) -> Replay {
    let mut replay = Replay::of(&played.game);
    replay.timing = timing;
    replay.created = Some(replay::timestamp(SystemTime::now()));
    replay.hints = hints.and_then(HintsUsed::recorded);
    replay
}

/// A finished game is kept at once.
pub(super) fn keep_finished<G: TableGame>(
    played: Res<Played<G>>,
    seats: Res<Seats>,
    mut keeper: Keeper,
) {
    if played.over() {
        keeper.keep(&played, &seats);
    }
}

/// A game left for the menu is kept (back from any look back, whole).
pub(super) fn keep_on_leave<G: TableGame>(
    mut played: ResMut<Played<G>>,
    mut live: ResMut<super::look_back::LiveAside<G>>,
    mut viewing: ResMut<super::Viewing>,
    seats: Res<Seats>,
    mut keeper: Keeper,
) {
    super::look_back::back_to_live(&mut played, &mut live, &mut viewing);
    keeper.keep(&played, &seats);
}

/// Ctrl+S saves the game now and says where.
pub(super) fn save_key<G: TableGame>(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    played: Res<Played<G>>,
    mut keeper: Keeper,
) {
    let Some(keys) = keys else { return };
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if !ctrl || !keys.just_pressed(KeyCode::KeyS) {
        return;
    }
    keeper.save_now(&played);
}

/// Commands from outside the table (the pause menu's): new game and undo go to the
/// table's input (played once the game resumes), the replay is saved at once.
pub(super) fn pause_commands<G: TableGame>(
    mut commands: MessageReader<super::TableCommand>,
    mut input: MessageWriter<super::TableInput<G>>,
    played: Res<Played<G>>,
    mut keeper: Keeper,
) {
    for command in commands.read() {
        use super::TableCommand;
        match command {
            TableCommand::NewGame => {
                input.write(super::TableInput::NewGame);
            }
            TableCommand::Undo => {
                input.write(super::TableInput::Undo);
            }
            TableCommand::SaveReplay => keeper.save_now(&played),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a_replay() -> Replay {
        let mut replay = Replay::new(crate::rules::GameId::Vectress, Vec::new());
        replay.created = Some("2026-12-01T10:00:00Z".to_string());
        replay
    }

    #[test]
    fn replays_that_cannot_be_written_wait_in_memory_and_are_told_once() {
        let dir = std::env::temp_dir().join(format!("lodestone-unsaved-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // The data folder's place is taken by a file: nothing can be made under it.
        let blocked = dir.join("data");
        std::fs::write(&blocked, b"not a folder").unwrap();
        let folder = blocked.join("replays");
        let mut unsaved = UnsavedReplays::default();
        let first = unsaved.save(a_replay(), &folder);
        assert!(
            matches!(
                first,
                Saved::Kept {
                    kept: 1,
                    first: true,
                    ..
                }
            ),
            "{first:?}"
        );
        assert!(
            first.sentence().contains("it is kept in memory"),
            "{}",
            first.sentence()
        );
        let mut other = a_replay();
        other.seed = 2;
        let second = unsaved.save(other.clone(), &folder);
        assert!(
            matches!(
                second,
                Saved::Kept {
                    kept: 2,
                    first: false,
                    ..
                }
            ),
            "{second:?}"
        );
        // The same game saved again replaces its copy rather than queueing another.
        let again = unsaved.save(other, &folder);
        assert!(matches!(again, Saved::Kept { kept: 2, .. }), "{again:?}");
        assert_eq!(
            std::fs::read(&blocked).unwrap(),
            b"not a folder",
            "left alone"
        );
        // The folder can be made again: the next save writes all three.
        std::fs::remove_file(&blocked).unwrap();
        let third = unsaved.save(a_replay(), &folder);
        assert!(
            matches!(third, Saved::Written { earlier: 2, .. }),
            "{third:?}"
        );
        assert_eq!(replay::list(&folder).len(), 3, "none lost");
        assert!(unsaved.replays.is_empty() && !unsaved.failing);
        // One still waiting when the app closes is written then, if it can be.
        let closing_folder = dir.join("closing");
        std::fs::write(&closing_folder, b"in the way").unwrap();
        let mut closing = UnsavedReplays::default();
        closing.save(a_replay(), &closing_folder);
        assert_eq!(closing.replays.len(), 1);
        std::fs::remove_file(&closing_folder).unwrap();
        drop(closing);
        assert_eq!(
            replay::list(&closing_folder).len(),
            1,
            "written as the app closed"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
