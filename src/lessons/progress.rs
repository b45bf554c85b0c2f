//! What a player has learned: the lessons done and the puzzles solved per game, and the
//! puzzle streak (puzzles solved in a row without a wrong try). Kept in the data folder
//! as `learning.ron`; an unreadable file is moved aside (never overwritten) and learning
//! starts afresh, said in one sentence.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::rules::GameId;

/// The progress file's name in the data folder.
pub const FILE: &str = "learning.ron";

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Lesson file names done, per game id.
    #[serde(default)]
    pub lessons: BTreeMap<String, BTreeSet<String>>,
    /// Puzzle names solved, per game id.
    #[serde(default)]
    pub puzzles: BTreeMap<String, BTreeSet<String>>,
    /// Puzzles solved in a row without a wrong try, per game id.
    #[serde(default)]
    pub streak: BTreeMap<String, u32>,
    /// The longest streak so far, per game id.
    #[serde(default)]
    pub best_streak: BTreeMap<String, u32>,
}

impl Progress {
    pub fn lesson_done(&self, game: GameId, name: &str) -> bool {
        self.lessons
            .get(game.id())
            .is_some_and(|s| s.contains(name))
    }

    pub fn puzzle_solved(&self, game: GameId, name: &str) -> bool {
        self.puzzles
            .get(game.id())
            .is_some_and(|s| s.contains(name))
    }

    pub fn lessons_done(&self, game: GameId) -> usize {
        self.lessons.get(game.id()).map_or(0, BTreeSet::len)
    }

    pub fn puzzles_solved(&self, game: GameId) -> usize {
        self.puzzles.get(game.id()).map_or(0, BTreeSet::len)
    }

    pub fn streak(&self, game: GameId) -> u32 {
        self.streak.get(game.id()).copied().unwrap_or(0)
    }

    pub fn best_streak(&self, game: GameId) -> u32 {
        self.best_streak.get(game.id()).copied().unwrap_or(0)
    }

    pub fn mark_lesson(&mut self, game: GameId, name: &str) {
        self.lessons
            .entry(game.id().to_string())
            .or_default()
            .insert(name.to_string());
    }

    /// A puzzle solved; `clean` when no wrong try came before, which lengthens the
    /// streak (a wrong try already ended it).
    pub fn mark_puzzle(&mut self, game: GameId, name: &str, clean: bool) {
        self.puzzles
            .entry(game.id().to_string())
            .or_default()
            .insert(name.to_string());
        if clean {
            let streak = self.streak.entry(game.id().to_string()).or_default();
            *streak += 1;
            let best = self.best_streak.entry(game.id().to_string()).or_default();
            *best = (*best).max(*streak);
        }
    }

    /// A wrong try at a puzzle ends the streak.
    pub fn break_streak(&mut self, game: GameId) {
        self.streak.insert(game.id().to_string(), 0);
    }

    /// The first of `names` (in order) not yet done, else the first.
    pub fn next_of(done: impl Fn(&str) -> bool, names: &[&str]) -> Option<usize> {
        names
            .iter()
            .position(|n| !done(n))
            .or((!names.is_empty()).then_some(0))
    }

    pub fn to_text(&self) -> Result<String, String> {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| e.to_string())
    }
}

/// Reads the progress at `path`: none there is a fresh start; an unreadable file is moved
/// aside, and the sentence returned says where.
pub fn load(path: &Path) -> (Progress, Option<String>) {
    crate::files::read_ron_or_aside(path, "Learning progress")
}

/// Writes the progress whole.
pub fn save(path: &Path, progress: &Progress) -> Result<(), String> {
    let text = progress.to_text()?;
    crate::files::write_replacing(path, text.as_bytes()).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("lodestone-progress-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn progress_round_trips_through_its_file() {
        let dir = folder("round");
        let path = dir.join(FILE);
        assert_eq!(load(&path), (Progress::default(), None));
        let mut p = Progress::default();
        p.mark_lesson(GameId::Vectress, "01-moves");
        p.mark_puzzle(GameId::Polarity, "polarity-01", true);
        p.mark_puzzle(GameId::Polarity, "polarity-02", true);
        p.break_streak(GameId::Polarity);
        p.mark_puzzle(GameId::Polarity, "polarity-03", false);
        save(&path, &p).unwrap();
        let (back, said) = load(&path);
        assert_eq!(said, None);
        assert_eq!(back, p);
        assert!(back.lesson_done(GameId::Vectress, "01-moves"));
        assert_eq!(back.puzzles_solved(GameId::Polarity), 3);
        assert_eq!(back.streak(GameId::Polarity), 0);
        assert_eq!(back.best_streak(GameId::Polarity), 2);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A corrupt file is kept aside under a new name, never overwritten, and said once.
    #[test]
    fn a_corrupt_file_is_kept_aside() {
        let dir = folder("corrupt");
        let path = dir.join(FILE);
        std::fs::write(&path, "(lessons: {\"vectress\": oops").unwrap();
        let (p, said) = load(&path);
        assert_eq!(p, Progress::default());
        let said = said.unwrap();
        assert!(
            said.starts_with("Learning progress could not be read ("),
            "{said}"
        );
        assert!(!path.exists());
        let aside = dir.join(format!("{FILE}.unreadable-1"));
        assert_eq!(
            std::fs::read_to_string(&aside).unwrap(),
            "(lessons: {\"vectress\": oops"
        );
        assert!(said.contains(&aside.display().to_string()), "{said}");
        // A second corrupt file goes beside the first, not over it.
        std::fs::write(&path, "nonsense").unwrap();
        let _ = load(&path);
        assert!(dir.join(format!("{FILE}.unreadable-2")).exists());
        assert!(aside.exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_next_is_the_first_not_done() {
        let names = ["a", "b", "c"];
        assert_eq!(Progress::next_of(|n| n == "a", &names), Some(1));
        assert_eq!(Progress::next_of(|_| true, &names), Some(0));
        assert_eq!(Progress::next_of(|_| false, &[]), None);
    }
}
