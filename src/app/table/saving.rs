//! Every game people play is saved as it is played: after each change (a turn, a tuning,
//! an undo, a hex chess edit) the game under way is written whole to its slot, one per
//! game, ruleset and mode, as a replay with how it was being played beside its actions
//! ([`Resume`]: mode, level, side, turns, generator, clock). The write goes through a
//! temporary file, so a crash or `kill -9` leaves the last save whole, and the new-game
//! dialog (and `lodestone --game`) resumes it. A finished game stays in its slot, as the
//! hex chess document keeps a game across a reload, until a new game takes its place (the
//! old one is kept as a replay first); a game a save cannot hold
//! ([`TableGame::savable`]: an edited hex chess list, H7) empties it. A slot that cannot
//! be read is moved aside and said, never overwritten.
//!
//! Slots are kept in memory too, so leaving for the menu and resuming works where nothing
//! is written: headless apps and tests have no [`SaveFolder`] and write nothing.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use bevy::prelude::*;

use super::clock::TurnClock;
use super::foresight::HintsUsed;
use super::{Played, Seats, TableGame, Viewing};
use crate::app::PlayMode;
use crate::app::choice::ModeChoice;
use crate::app::ui::Notice;
use crate::replay::{Replay, Resume};
use crate::rules::{GameId, Rules};

/// Where the slots are written (the data folder's `saves/`); `None`, or no resource (a
/// headless app, a test), writes nothing.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct SaveFolder(pub Option<PathBuf>);

impl SaveFolder {
    /// `$LODESTONE_DATA_DIR/saves`, else the data folder's `lodestone/saves`.
    pub fn standard() -> SaveFolder {
        SaveFolder(crate::app::paths::data_file("saves"))
    }
}

/// One game under way per game, ruleset and mode.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SlotKey {
    pub game: GameId,
    /// The ruleset when it is not the game's first (hex chess's classic rules).
    pub ruleset: Option<String>,
    pub mode: ModeChoice,
}

impl SlotKey {
    /// The slot of `game` in `mode` under `ruleset`; only the modes people play have one.
    pub fn new(game: GameId, ruleset: Option<&str>, mode: ModeChoice) -> Option<SlotKey> {
        matches!(mode, ModeChoice::TwoPlayers | ModeChoice::VsComputer).then(|| SlotKey {
            game,
            ruleset: ruleset
                .filter(|r| game.rulesets().first() != Some(r))
                .map(str::to_string),
            mode,
        })
    }

    /// The slot the game on a table belongs to.
    fn of<G: TableGame>(played: &Played<G>, seats: &Seats) -> Option<SlotKey> {
        let mode = match seats.mode {
            PlayMode::HotSeat => ModeChoice::TwoPlayers,
            PlayMode::VsComputer => ModeChoice::VsComputer,
            _ => return None,
        };
        SlotKey::new(
            <G::Rules as Rules>::GAME,
            played.game.setup().ruleset.as_deref(),
            mode,
        )
    }

    /// `hexchess-classic-vs-computer.ron`.
    pub fn file_name(&self) -> String {
        let ruleset = self
            .ruleset
            .as_ref()
            .map(|r| format!("-{r}"))
            .unwrap_or_default();
        format!("{}{ruleset}-{}.ron", self.game.id(), self.mode.name())
    }
}

/// The games under way by slot, as saved in this run (the folder holds them across runs),
/// and whether writing failed (told once, not at every change).
#[derive(Resource, Default, Debug)]
pub struct SaveSlots {
    kept: HashMap<SlotKey, Replay>,
    failing: bool,
}

impl SaveSlots {
    /// Whether `key` holds a game to resume, in this run or in `folder`.
    pub fn holds(&self, key: &SlotKey, folder: Option<&Path>) -> bool {
        self.kept.contains_key(key) || folder.is_some_and(|f| f.join(key.file_name()).exists())
    }

    /// The game saved in `key`: this run's, else the folder's file, read and checked. A
    /// file that cannot be read or resumed is moved aside, and the sentence says where.
    pub fn load(&self, key: &SlotKey, folder: Option<&Path>) -> Result<Option<Replay>, String> {
        if let Some(replay) = self.kept.get(key) {
            return Ok(Some(replay.clone()));
        }
        let Some(path) = folder.map(|f| f.join(key.file_name())) else {
            return Ok(None);
        };
        if !path.exists() {
            return Ok(None);
        }
        let read = std::fs::read_to_string(&path)
            .map_err(|e| e.to_string())
            .and_then(|text| Replay::parse(&text))
            .and_then(|replay| {
                (replay.game_id()? == key.game && replay.resume.is_some())
                    .then_some(())
                    .ok_or_else(|| "is not a saved game of this slot".to_string())?;
                replay.check()?;
                Ok(replay)
            });
        match read {
            Ok(replay) => Ok(Some(replay)),
            Err(why) => Err(match crate::files::move_aside(&path) {
                Ok(aside) => format!(
                    "the saved game {} could not be resumed ({why}); it was kept as {} and a new game started",
                    path.display(),
                    aside.display()
                ),
                Err(e) => format!(
                    "the saved game {} could not be resumed ({why}) nor moved aside ({e}); a new game started",
                    path.display()
                ),
            }),
        }
    }

    /// Keeps `replay` in `key` and writes it into `folder` whole (the folder is made).
    pub fn store(
        &mut self,
        key: &SlotKey,
        replay: Replay,
        folder: Option<&Path>,
    ) -> Result<(), String> {
        let text = replay.to_text();
        self.kept.insert(key.clone(), replay);
        let Some(folder) = folder else {
            return Ok(());
        };
        let path = folder.join(key.file_name());
        crate::files::write_replacing(&path, text.as_bytes())
            .map_err(|e| format!("the game could not be saved to {} ({e})", path.display()))
    }

    /// Empties `key` (a finished game, one a save cannot hold).
    pub fn clear(&mut self, key: &SlotKey, folder: Option<&Path>) -> Result<(), String> {
        self.kept.remove(key);
        let Some(path) = folder.map(|f| f.join(key.file_name())) else {
            return Ok(());
        };
        if !path.exists() {
            return Ok(());
        }
        std::fs::remove_file(&path)
            .map_err(|e| format!("the old save {} could not be removed ({e})", path.display()))
    }
}

/// The slots as a table's start uses them: resuming a slot's game, or abandoning it for a
/// new one (its game kept as a replay first, so nothing is lost).
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Slots<'w> {
    slots: ResMut<'w, SaveSlots>,
    folder: Option<Res<'w, SaveFolder>>,
    replays: Option<Res<'w, super::ReplayFolder>>,
    unsaved: ResMut<'w, super::UnsavedReplays>,
}

impl Slots<'_> {
    fn folder(&self) -> Option<&Path> {
        self.folder.as_ref().and_then(|f| f.0.as_deref())
    }

    /// The game saved in `key`, read and checked (see [`SaveSlots::load`]).
    pub(super) fn load(&self, key: &SlotKey) -> Result<Option<Replay>, String> {
        self.slots.load(key, self.folder())
    }

    /// A new game takes `key`'s place: the game saved there is kept as a replay, then the
    /// slot is emptied. What could not be done is one sentence.
    pub(super) fn abandon(&mut self, key: &SlotKey) -> Option<String> {
        let saved = match self.load(key) {
            Ok(saved) => saved,
            Err(why) => return Some(why),
        };
        let mut problem = None;
        if let (Some(mut replay), Some(replays)) =
            (saved, self.replays.as_ref().and_then(|r| r.0.clone()))
        {
            replay.resume = None;
            replay.created = Some(crate::replay::timestamp(std::time::SystemTime::now()));
            if let super::Saved::Kept { why, .. } = self.unsaved.save(replay, &replays) {
                problem = Some(format!(
                    "the game left under way was not kept as a replay: {why}"
                ));
            }
        }
        let folder = self.folder.as_ref().and_then(|f| f.0.clone());
        self.slots.clear(key, folder.as_deref()).err().or(problem)
    }
}

/// The save of `played` as it stands.
pub(super) fn record<G: TableGame>(
    played: &Played<G>,
    seats: &Seats,
    clock: &TurnClock,
    hints: &HintsUsed,
) -> Replay {
    let mut replay = Replay::of(&played.game);
    replay.hints = hints.recorded();
    replay.timing = Some(super::clock::timing(played, clock));
    let mut seconds = clock.seconds.clone();
    seconds.resize(played.game.turns(), 0.0);
    replay.resume = Some(Resume {
        mode: match seats.mode {
            PlayMode::VsComputer => ModeChoice::VsComputer,
            _ => ModeChoice::TwoPlayers,
        }
        .name()
        .to_string(),
        level: seats.level,
        side: seats.human.unwrap_or(0),
        turns: played.game.turn_records(),
        rng: played.game.rng_position(),
        clock: seconds,
        session: played.game.rules().session_count(),
    });
    replay
}

/// What the table last saved: the change count and the slot.
#[derive(Resource, Default, Debug)]
pub(super) struct LastSaved {
    pub(super) changes: Option<u64>,
    /// The hints counted in that save (a hint asked for is saved before the next move).
    pub(super) hints: [u32; 2],
}

/// Saves the game after every change; a failure is told once (the game goes on, and every
/// change tries again).
pub(super) fn save_changes<G: TableGame>(
    played: Res<Played<G>>,
    seats: Res<Seats>,
    viewing: Res<Viewing>,
    time: Res<super::clock::ClockTime>,
    folder: Option<Res<SaveFolder>>,
    mut clock: ResMut<TurnClock>,
    mut slots: ResMut<SaveSlots>,
    mut last: ResMut<LastSaved>,
    mut notice: ResMut<Notice>,
    hints: Res<HintsUsed>,
) {
    // Looking back at its own moves, the game under way waits aside unchanged.
    if viewing.0.is_some() {
        return;
    }
    clock.follow(played.game.turns(), time.0);
    if last.changes == Some(played.changes) && last.hints == hints.0 {
        return;
    }
    last.changes = Some(played.changes);
    last.hints = hints.0;
    save(
        &played,
        &seats,
        &clock,
        &hints,
        folder.as_deref(),
        &mut slots,
        &mut notice,
    );
}

/// Brings `played`'s slot in line with it (written, or emptied).
fn save<G: TableGame>(
    played: &Played<G>,
    seats: &Seats,
    clock: &TurnClock,
    hints: &HintsUsed,
    folder: Option<&SaveFolder>,
    slots: &mut SaveSlots,
    notice: &mut Notice,
) {
    let Some(key) = SlotKey::of(played, seats) else {
        return;
    };
    let folder = folder.and_then(|f| f.0.as_deref());
    let keep = G::savable(played) && !played.game.actions().is_empty();
    let done = if keep {
        slots.store(&key, record(played, seats, clock, hints), folder)
    } else {
        slots.clear(&key, folder)
    };
    match done {
        // Told once until a save is written again (emptying a slot proves nothing).
        Ok(()) if keep => slots.failing = false,
        Ok(()) => {}
        Err(why) if !slots.failing => {
            slots.failing = true;
            let why = format!("{why}; the game goes on and is saved at the next move that can be");
            warn!("{why}");
            notice.show(why, 8.0);
        }
        Err(_) => {}
    }
}

/// Leaving for the menu, the game (back from any look back) is saved as it stands.
pub(super) fn save_on_leave<G: TableGame>(
    played: Res<Played<G>>,
    seats: Res<Seats>,
    clock: Res<TurnClock>,
    folder: Option<Res<SaveFolder>>,
    mut slots: ResMut<SaveSlots>,
    mut notice: ResMut<Notice>,
    hints: Res<HintsUsed>,
) {
    save(
        &played,
        &seats,
        &clock,
        &hints,
        folder.as_deref(),
        &mut slots,
        &mut notice,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_named_by_game_ruleset_and_mode() {
        let key = |game, ruleset, mode| SlotKey::new(game, ruleset, mode).map(|k| k.file_name());
        assert_eq!(
            key(GameId::Vectress, None, ModeChoice::TwoPlayers).as_deref(),
            Some("vectress-two-players.ron")
        );
        assert_eq!(
            key(GameId::Hexchess, Some("v011"), ModeChoice::VsComputer).as_deref(),
            Some("hexchess-vs-computer.ron")
        );
        assert_eq!(
            key(GameId::Hexchess, Some("classic"), ModeChoice::VsComputer).as_deref(),
            Some("hexchess-classic-vs-computer.ron")
        );
        assert_eq!(key(GameId::Polarity, None, ModeChoice::Demo), None);
    }

    #[test]
    fn an_unreadable_slot_is_moved_aside_and_said() {
        let dir = std::env::temp_dir().join(format!("lodestone-slots-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let key = SlotKey::new(GameId::Polarity, None, ModeChoice::TwoPlayers).unwrap();
        let path = dir.join(key.file_name());
        std::fs::write(&path, "not a saved game").unwrap();
        let slots = SaveSlots::default();
        assert!(slots.holds(&key, Some(&dir)));
        let why = slots.load(&key, Some(&dir)).unwrap_err();
        assert!(why.contains("kept as"), "{why}");
        assert!(!path.exists());
        let aside = dir.join(format!("{}.unreadable-1", key.file_name()));
        assert_eq!(std::fs::read_to_string(aside).unwrap(), "not a saved game");
        assert_eq!(slots.load(&key, Some(&dir)), Ok(None));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
