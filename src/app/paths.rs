//! Where the game keeps its files: one lookup for every file it writes or reads back.
//!
//! `$LODESTONE_DATA_DIR` (replays, hex chess saves, Wave Field definitions) and
//! `$LODESTONE_CONFIG_DIR` (settings) win over the platform's folders, so tests and
//! portable installs never touch a person's real ones.

use std::ffi::OsString;
use std::path::PathBuf;

/// The data folder: `$LODESTONE_DATA_DIR`, else the platform's data folder's `lodestone`.
pub fn data_dir() -> Option<PathBuf> {
    folder(std::env::var_os("LODESTONE_DATA_DIR"), dirs::data_dir)
}

/// The config folder: `$LODESTONE_CONFIG_DIR`, else the platform's config folder's
/// `lodestone`.
pub fn config_dir() -> Option<PathBuf> {
    folder(std::env::var_os("LODESTONE_CONFIG_DIR"), dirs::config_dir)
}

/// A file in the data folder.
pub fn data_file(name: &str) -> Option<PathBuf> {
    data_dir().map(|dir| dir.join(name))
}

fn folder(set: Option<OsString>, platform: fn() -> Option<PathBuf>) -> Option<PathBuf> {
    match set {
        // An empty variable is as good as unset (`LODESTONE_DATA_DIR= lodestone`).
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => platform().map(|dir| dir.join("lodestone")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_folder_wins_and_an_empty_one_is_ignored() {
        let platform = || Some(PathBuf::from("/platform"));
        assert_eq!(
            folder(Some("/tmp/mine".into()), platform),
            Some(PathBuf::from("/tmp/mine"))
        );
        assert_eq!(
            folder(Some(OsString::new()), platform),
            Some(PathBuf::from("/platform/lodestone"))
        );
        assert_eq!(folder(None, || None), None);
    }

    /// Every file the game keeps goes through this module: no other file of the window
    /// looks the folders up itself (the hex chess autosave once ignored
    /// `LODESTONE_DATA_DIR` that way).
    #[test]
    fn no_other_module_looks_up_the_data_or_config_folder() {
        fn walk(dir: &std::path::Path, found: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, found);
                } else if path.extension().is_some_and(|e| e == "rs")
                    && !path.ends_with("app/paths.rs")
                {
                    let text = std::fs::read_to_string(&path).unwrap();
                    for needle in [
                        "dirs::data_dir",
                        "dirs::config_dir",
                        "LODESTONE_DATA_DIR\")",
                        "LODESTONE_CONFIG_DIR\")",
                    ] {
                        if text.contains(needle) {
                            found.push(format!("{} uses {needle}", path.display()));
                        }
                    }
                }
            }
        }
        let mut found = Vec::new();
        walk(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app"),
            &mut found,
        );
        assert!(found.is_empty(), "{found:#?}");
    }
}
