//! H10: the hex chess game is saved after every change and restored when the window opens
//! it again. An edited game (H7) is never saved, and its earlier save is removed. A save
//! that cannot be read is renamed aside, never overwritten, and reported in one sentence.
//!
//! Plain file code, no Bevy: the table calls [`Autosave::after_change`] when its session
//! changes.

use std::path::{Path, PathBuf};

use super::HexchessSave;
use crate::rules::hexchess::{GameSession, Ruleset};

/// Where the session is saved, and the last failure (the game goes on regardless).
#[derive(Debug, Clone, PartialEq)]
pub struct Autosave {
    pub path: PathBuf,
    pub error: Option<String>,
}

/// What [`Autosave::restore`] found at the save path.
#[derive(Debug)]
pub struct Restored {
    pub session: GameSession,
    /// Set when a save existed but could not be read: the sentence to show the player.
    pub problem: Option<String>,
    /// Where the unreadable save was moved to.
    pub kept_aside: Option<PathBuf>,
    /// Saving from now on; `None` when an unreadable save could not be moved aside (it
    /// is left alone rather than overwritten).
    pub autosave: Option<Autosave>,
}

impl Autosave {
    /// Saving a new game at `path` (what is there is replaced at its first move).
    pub fn at(path: PathBuf) -> Autosave {
        Autosave { path, error: None }
    }

    /// Loads the save at `path`. No save: a new game. A save that cannot be read is
    /// renamed aside and reported, and a new game starts.
    pub fn restore(path: &Path, ruleset: Ruleset) -> Restored {
        let mut restored = Restored {
            session: GameSession::new(ruleset),
            problem: None,
            kept_aside: None,
            autosave: Some(Autosave {
                path: path.to_path_buf(),
                error: None,
            }),
        };
        if !path.exists() {
            return restored;
        }
        let loaded = std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|text| ron::from_str::<GameSession>(&text).map_err(|e| e.to_string()));
        match loaded {
            Ok(session) => restored.session = session,
            Err(e) => {
                let aside = aside_name(path);
                match std::fs::rename(path, &aside) {
                    Ok(()) => {
                        restored.problem = Some(format!(
                            "the saved game could not be read ({e}); it was kept as {} and a new game started",
                            aside.display()
                        ));
                        restored.kept_aside = Some(aside);
                    }
                    Err(m) => {
                        restored.problem = Some(format!(
                            "the saved game could not be read ({e}) nor moved aside ({m}); a new game started"
                        ));
                        restored.autosave = None;
                    }
                }
            }
        }
        restored
    }

    /// Brings the save in line with `session`: written, or removed while it is edited.
    pub fn after_change(&mut self, session: &GameSession) {
        self.error = if session.is_edited() {
            self.remove()
        } else {
            save_to(session, &self.path).err()
        };
    }

    fn remove(&self) -> Option<String> {
        if !self.path.exists() {
            return None;
        }
        std::fs::remove_file(&self.path)
            .err()
            .map(|e| format!("could not remove the save {}: {e}", self.path.display()))
    }
}

/// Writes the session as RON (through a temporary file, so a crash never leaves half a
/// save; the folder is made if it is missing).
pub fn save_to(session: &GameSession, path: &Path) -> Result<(), String> {
    let text = ron::ser::to_string_pretty(session, ron::ser::PrettyConfig::default())
        .map_err(|e| format!("could not encode the game: {e}"))?;
    crate::files::write_replacing(path, text.as_bytes())
        .map_err(|e| format!("could not write the save {}: {e}", path.display()))
}

/// `save.ron` -> `save.ron.unreadable-1` (or the first free number).
fn aside_name(path: &Path) -> PathBuf {
    let mut n = 1;
    loop {
        let mut name = path.as_os_str().to_owned();
        name.push(format!(".unreadable-{n}"));
        let candidate = PathBuf::from(name);
        if !candidate.exists() {
            return candidate;
        }
        n += 1;
    }
}

/// Where the `ruleset` game is autosaved (`None`: saving is off): the v011 game in
/// `hexchess.ron` as always, the classic one beside it in `hexchess-classic.ron`.
pub fn save_path(save: Option<&HexchessSave>, ruleset: Ruleset) -> Option<std::path::PathBuf> {
    let path = match save {
        Some(save) => save.0.clone(),
        None => default_save_path(),
    }?;
    Some(match ruleset {
        Ruleset::V011 => path,
        Ruleset::Classic => {
            let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
            path.with_file_name(format!("{}-classic.ron", stem.unwrap_or_default()))
        }
    })
}

/// The data folder's `hexchess.ron`; the folder is made at the first save (and one that
/// cannot be made is told then, rather than saving nothing in silence).
fn default_save_path() -> Option<std::path::PathBuf> {
    Some(crate::app::paths::data_dir()?.join("hexchess.ron"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::hexchess::{Cell, Color, Game, Kind, Position};

    fn temp(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("lodestone-hexchess-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("hexchess.ron")
    }

    fn cleanup(path: &Path) {
        if let Some(dir) = path.parent() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }

    fn kind_on(s: &GameSession, cell: &str) -> Option<Kind> {
        s.game()
            .position()
            .piece_at(Cell::parse(cell).unwrap())
            .map(|p| p.kind)
    }

    /// Plays `text` and saves, as the table does after every change.
    fn play(s: &mut GameSession, save: &mut Autosave, text: &str) {
        s.play_text(text).unwrap();
        save.after_change(s);
    }

    /// White's king on a1 can only step to a2 (a black rook holds the b-file).
    fn forced_session() -> GameSession {
        let mut pos = Position::empty(Ruleset::V011);
        for (cell, color, kind) in [
            ("a1", Color::White, Kind::King),
            ("b7", Color::Black, Kind::Rook),
            ("l6", Color::Black, Kind::King),
        ] {
            pos.put(Cell::parse(cell).unwrap(), color, kind);
        }
        pos.set_turn(Color::White);
        GameSession::from_game(Game::from_position(pos))
    }

    #[test]
    fn h10_autosave_and_restore() {
        let path = temp("restore");
        let restored = Autosave::restore(&path, Ruleset::V011);
        assert!(restored.problem.is_none());
        let (mut s, mut save) = (restored.session, restored.autosave.unwrap());
        play(&mut s, &mut save, "f6");
        play(&mut s, &mut save, "k6");
        assert!(path.exists());
        let again = Autosave::restore(&path, Ruleset::V011);
        assert!(again.problem.is_none());
        assert_eq!(again.session.entries().0, ["f6", "k6"]);
        assert_eq!(kind_on(&again.session, "f6"), Some(Kind::Queen));
        // A hand-made game survives the round trip too.
        let puzzle = forced_session();
        let p2 = temp("puzzle");
        save_to(&puzzle, &p2).unwrap();
        let back = Autosave::restore(&p2, Ruleset::V011).session;
        assert_eq!(
            back.forced_move().map(|f| f.0),
            crate::rules::hexchess::notation::parse_long("a1a2")
        );
        cleanup(&path);
        cleanup(&p2);
    }

    #[test]
    fn h10_an_unreadable_save_is_kept_aside_and_reported() {
        let path = temp("unreadable");
        std::fs::write(&path, "this is not RON").unwrap();
        let restored = Autosave::restore(&path, Ruleset::V011);
        assert!(restored.problem.is_some());
        let aside = restored.kept_aside.clone().expect("moved aside");
        assert_eq!(std::fs::read_to_string(&aside).unwrap(), "this is not RON");
        assert_eq!(restored.session.game().history().len(), 0);
        // A second bad save gets its own name; the first is never overwritten.
        std::fs::write(&path, "(garbage").unwrap();
        let second = Autosave::restore(&path, Ruleset::V011);
        let aside2 = second.kept_aside.clone().expect("moved aside");
        assert_ne!(aside, aside2);
        assert_eq!(std::fs::read_to_string(&aside).unwrap(), "this is not RON");
        // A save whose moves are illegal is unreadable too.
        std::fs::write(&path, "(game: (ruleset: v011, moves: [(mv: \"f5f7\", renamed: true)]), struck: [], forced_count: 0, edited: false)").unwrap();
        assert!(Autosave::restore(&path, Ruleset::V011).problem.is_some());
        cleanup(&path);
    }

    #[test]
    fn h10_an_edited_game_is_never_saved() {
        let path = temp("edited");
        let restored = Autosave::restore(&path, Ruleset::V011);
        let (mut s, mut save) = (restored.session, restored.autosave.unwrap());
        play(&mut s, &mut save, "f6");
        assert!(path.exists());
        s.edit(0, "e5");
        save.after_change(&s);
        assert!(
            !path.exists(),
            "the save of the game before the edit is gone"
        );
        play(&mut s, &mut save, "k6");
        assert!(!path.exists());
        let restored = Autosave::restore(&path, Ruleset::V011);
        assert_eq!(restored.session.game().history().len(), 0);
        // New game ends the edited state; saving resumes.
        let (mut s, mut save) = (restored.session, restored.autosave.unwrap());
        s.edit(0, "e5");
        save.after_change(&s);
        s.new_game();
        save.after_change(&s);
        play(&mut s, &mut save, "f6");
        assert!(path.exists());
        cleanup(&path);
    }
}
