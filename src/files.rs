//! Writing files so that nothing is lost: through a temporary file made new for each
//! write (two instances never share one), put in place only once it is whole, and a new
//! file never taking the name of one already there (on a file system without hard links a
//! new file is claimed by name and then filled). No Bevy: the replays, the saves and the
//! settings all write through here.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `contents` to `path`, replacing what is there only once the new file is whole.
/// The folder is made if it is missing.
pub fn write_replacing(path: &Path, contents: &[u8]) -> io::Result<()> {
    let tmp = write_temporary(path, contents)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// Writes `contents` as a new file in `folder` named `STEM.EXT`, or `STEM-2.EXT`,
/// `STEM-3.EXT`, ... when that is taken (by this process or another at the same moment),
/// never over a file already there. The folder is made if it is missing.
pub fn write_new(folder: &Path, stem: &str, ext: &str, contents: &[u8]) -> io::Result<PathBuf> {
    let tmp = write_temporary(&folder.join(format!("{stem}.{ext}")), contents)?;
    let result = claim_name(&tmp, folder, stem, ext, contents);
    let _ = std::fs::remove_file(&tmp);
    result
}

fn claim_name(
    tmp: &Path,
    folder: &Path,
    stem: &str,
    ext: &str,
    contents: &[u8],
) -> io::Result<PathBuf> {
    for n in 1u32.. {
        let path = match n {
            1 => folder.join(format!("{stem}.{ext}")),
            n => folder.join(format!("{stem}-{n}.{ext}")),
        };
        // A hard link is made whole or not at all, and never over another file.
        match std::fs::hard_link(tmp, &path) {
            Ok(()) => return Ok(path),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            // A file system without hard links: claim the name, then fill it.
            Err(_) => match std::fs::File::create_new(&path) {
                Ok(mut file) => {
                    return file
                        .write_all(contents)
                        .and_then(|()| file.sync_all())
                        .map(|()| path.clone())
                        .inspect_err(|_| {
                            let _ = std::fs::remove_file(&path);
                        });
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            },
        }
    }
    unreachable!("u32 names run out")
}

/// `.NAME.PID-NANOS-N.tmp` beside `path`, made new (another name is tried if one is
/// taken: two instances in separate PID namespaces can share a PID) and written whole;
/// removed again if writing it fails. Only a file this call made is ever removed.
fn write_temporary(path: &Path, contents: &[u8]) -> io::Result<PathBuf> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(folder)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let (tmp, mut file) = loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let tmp = folder.join(format!(".{name}.{}-{nanos}-{n}.tmp", std::process::id()));
        match std::fs::File::create_new(&tmp) {
            Ok(file) => break (tmp, file),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    };
    match file.write_all(contents).and_then(|()| file.sync_all()) {
        Ok(()) => Ok(tmp),
        Err(e) => {
            drop(file);
            let _ = std::fs::remove_file(&tmp);
            Err(e)
        }
    }
}

/// Moves an unusable file to the first free `NAME.unreadable-N` (never over another):
/// where it went, or why it could not be moved. Settings and learning progress keep an
/// unreadable file this way rather than overwrite it.
pub fn move_aside(path: &Path) -> Result<PathBuf, String> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let aside = (1..)
        .map(|n| path.with_file_name(format!("{name}.unreadable-{n}")))
        .find(|p| !p.exists())
        .unwrap_or_else(|| path.with_extension("unreadable"));
    std::fs::rename(path, &aside)
        .map(|()| aside)
        .map_err(|e| e.to_string())
}

/// Reads the RON file at `path` as a `T`: none there is a fresh `T`; an unreadable file is
/// moved aside (never written over), and the sentence returned, naming it as `what`, says
/// where ("... nor moved aside ...; not saving over it." when it could not be moved).
pub fn read_ron_or_aside<T: serde::de::DeserializeOwned + Default>(
    path: &Path,
    what: &str,
) -> (T, Option<String>) {
    let why = match std::fs::read_to_string(path) {
        Ok(text) => match ron::from_str::<T>(&text) {
            Ok(value) => return (value, None),
            Err(e) => e.to_string(),
        },
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            return (T::default(), None);
        }
        Err(e) => e.to_string(),
    };
    let why = why.lines().next().unwrap_or_default();
    let said = match move_aside(path) {
        Ok(aside) => format!(
            "{what} could not be read ({why}); kept it as {} and started afresh.",
            aside.display()
        ),
        Err(e) => {
            format!("{what} could not be read ({why}) nor moved aside ({e}); not saving over it.")
        }
    };
    (T::default(), Some(said))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("lodestone-files-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_replaced_file_is_whole_and_leaves_no_temporary() {
        let dir = folder("replace");
        let path = dir.join("a/b.ron");
        write_replacing(&path, b"one").unwrap();
        write_replacing(&path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        let names: Vec<_> = std::fs::read_dir(path.parent().unwrap()).unwrap().collect();
        assert_eq!(names.len(), 1, "no temporary left behind");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn new_files_never_take_a_taken_name_even_from_many_threads() {
        let dir = folder("new");
        let paths: Vec<PathBuf> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..8)
                .map(|i| {
                    let dir = &dir;
                    s.spawn(move || {
                        write_new(dir, "game", "ron", format!("writer {i}").as_bytes()).unwrap()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let mut texts: Vec<String> = paths
            .iter()
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect();
        texts.sort();
        let expected: Vec<String> = (0..8).map(|i| format!("writer {i}")).collect();
        assert_eq!(texts, expected, "every writer's file is there, whole");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 8);
        assert!(dir.join("game.ron").exists() && dir.join("game-8.ron").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_folder_that_is_a_file_fails_and_leaves_it_alone() {
        let dir = folder("on-a-file");
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("plain");
        std::fs::write(&file, b"kept").unwrap();
        assert!(write_new(&file.join("replays"), "x", "ron", b"y").is_err());
        assert!(write_replacing(&file.join("x.ron"), b"y").is_err());
        assert_eq!(std::fs::read(&file).unwrap(), b"kept");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
