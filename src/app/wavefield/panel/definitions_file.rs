//! The wave editor's definitions kept in a RON file (`wavefield-definitions.ron` in the
//! data folder): Save writes the definitions being edited, Load reads them back for
//! Restart to apply. A file that cannot be used is never overwritten: it is moved aside to
//! the first free `NAME.unreadable-N` and the panel says so in one sentence.

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use crate::rules::wavefield::definitions::Definitions;
use crate::rules::wavefield::devmode::{from_ron, to_ron};

/// The file's name in the data folder.
pub const FILE_NAME: &str = "wavefield-definitions.ron";

/// Where Save and Load go instead of [`DefinitionsFile::standard`] (tests); `None` keeps
/// no file.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct DefinitionsFile(pub Option<PathBuf>);

impl DefinitionsFile {
    /// `$LODESTONE_DATA_DIR/wavefield-definitions.ron`, else the data folder's
    /// `lodestone/wavefield-definitions.ron`.
    pub fn standard() -> DefinitionsFile {
        DefinitionsFile(crate::app::paths::data_file(FILE_NAME))
    }
}

fn first_line(text: &str) -> &str {
    text.lines()
        .next()
        .unwrap_or(text)
        .trim()
        .trim_end_matches('.')
}

/// Moves an unusable file to the first free `NAME.unreadable-N`: the new path, or why not.
fn set_aside(path: &Path) -> Result<PathBuf, String> {
    crate::app::settings::move_aside(path)
}

/// Why the file at `path` cannot be used, or `None` if it can (or is missing).
fn problem(path: &Path) -> Option<String> {
    match std::fs::read_to_string(path) {
        Ok(text) => from_ron(&text).err().map(|e| e.to_string()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => Some(e.to_string()),
    }
}

/// Reads the definitions at `path`. An unusable file is moved aside; the error is one
/// sentence.
pub fn load(path: &Path) -> Result<Definitions, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(format!(
                "There is no definitions file at {} yet: Save writes one.",
                path.display()
            ));
        }
        Err(e) => return Err(unusable(path, &e.to_string())),
    };
    from_ron(&text).map_err(|e| unusable(path, &e.to_string()))
}

/// The sentence for a file that cannot be used, after moving it aside.
fn unusable(path: &Path, why: &str) -> String {
    let why = first_line(why);
    match set_aside(path) {
        Ok(aside) => format!(
            "The definitions file could not be used ({why}), so it was kept as {} and the editor left as it was.",
            aside.display()
        ),
        Err(e) => format!(
            "The definitions file could not be used ({why}) nor moved aside ({}), so it is left as it is and will not be saved over.",
            first_line(&e)
        ),
    }
}

/// Writes `defs` to `path` (through a temporary file, so a crash never leaves half a
/// file). A file already there that cannot be used is moved aside first, never
/// overwritten. Returns the sentence to show.
pub fn save(path: &Path, defs: &Definitions) -> Result<String, String> {
    let failed = |e: &str| {
        format!(
            "Could not save the definitions to {} ({}).",
            path.display(),
            first_line(e)
        )
    };
    let text = to_ron(defs).map_err(|e| failed(&e.to_string()))?;
    let kept = match problem(path) {
        None => None,
        Some(_) => Some(set_aside(path).map_err(|e| {
            format!(
                "Did not save: the file at {} cannot be used and could not be moved aside ({}).",
                path.display(),
                first_line(&e)
            )
        })?),
    };
    crate::files::write_replacing(path, text.as_bytes()).map_err(|e| failed(&e.to_string()))?;
    Ok(match kept {
        Some(aside) => format!(
            "Saved the definitions to {}; the unusable file there was kept as {}.",
            path.display(),
            aside.display()
        ),
        None => format!("Saved the definitions to {}.", path.display()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::wavefield::patterns::Pattern;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "lodestone-wavefield-defs-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn saved_definitions_load_back() {
        let path = temp_dir("round").join(FILE_NAME);
        let mut defs = Definitions::default();
        defs.tower.slots.push(Pattern::Grid([[-8; 7]; 7]));
        defs.tower.default_controls.push(0);
        assert!(load(&path).unwrap_err().contains("no definitions file"));
        let said = save(&path, &defs).unwrap();
        assert!(said.starts_with("Saved"), "{said}");
        assert_eq!(load(&path).unwrap(), defs);
    }

    #[test]
    fn an_unusable_file_is_kept_aside_and_never_saved_over() {
        let dir = temp_dir("bad");
        let path = dir.join(FILE_NAME);
        std::fs::write(dir.join(format!("{FILE_NAME}.unreadable-1")), "older").unwrap();
        std::fs::write(&path, "(round_hat: oops").unwrap();
        let err = load(&path).unwrap_err();
        assert!(err.contains("unreadable-2") && !err.contains('\n'), "{err}");
        assert_eq!(
            std::fs::read_to_string(dir.join(format!("{FILE_NAME}.unreadable-2"))).unwrap(),
            "(round_hat: oops"
        );
        assert!(!path.exists());
        // Valid RON with a bad value names the field, and is kept aside too.
        let mut bad = Definitions::default();
        bad.big_hat.hostile_scale = 40;
        std::fs::write(&path, to_ron(&bad).unwrap()).unwrap();
        let err = load(&path).unwrap_err();
        assert!(err.contains("big_hat.hostile_scale"), "{err}");
        assert!(dir.join(format!("{FILE_NAME}.unreadable-3")).exists());
        // Saving over a file that cannot be used moves it aside first.
        std::fs::write(&path, "not ron").unwrap();
        let said = save(&path, &Definitions::default()).unwrap();
        assert!(said.contains("unreadable-4"), "{said}");
        assert_eq!(
            std::fs::read_to_string(dir.join(format!("{FILE_NAME}.unreadable-4"))).unwrap(),
            "not ron"
        );
        assert_eq!(load(&path).unwrap(), Definitions::default());
    }
}
