//! The window's modules run one way (#23): reads the `use` paths of every file under
//! `src/app/` (and the registry macros' paths: a `with_table!` uses every game) and fails
//! on a cycle between its top-level modules, on a use up the layers and on one game
//! using another. Each game's folder has the same files for the same roles, and outside
//! its own files a game is named only in the registries (#41). Built without Bevy: it
//! only reads the sources.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

pub(crate) const APP: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/app");

/// The top-level modules of `src/app/` (a `name.rs` or a `name/` folder; not `mod.rs`).
fn modules() -> BTreeSet<String> {
    std::fs::read_dir(APP)
        .expect("src/app is readable")
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let name = path.file_name()?.to_str()?.to_owned();
            if path.is_dir() {
                Some(name)
            } else {
                let stem = name.strip_suffix(".rs")?;
                (stem != "mod").then(|| stem.to_owned())
            }
        })
        .collect()
}

pub(crate) fn rust_files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        for entry in std::fs::read_dir(path).expect("a readable folder") {
            rust_files(&entry.expect("a folder entry").path(), out);
        }
    } else if path.extension().is_some_and(|ext| ext == "rs") {
        out.push(path.to_owned());
    }
}

/// The module path of a file below `src/app/`: `table/turns.rs` is `[table, turns]`,
/// `table/mod.rs` is `[table]`.
fn module_path(file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(APP).expect("a file under src/app");
    let mut parts: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file name");
    if last != "mod.rs" {
        parts.push(last.trim_end_matches(".rs").to_owned());
    }
    parts
}

/// The source with comments and string literals blanked out (a path named in a doc
/// comment or a message is not a use).
pub(crate) fn code_of(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            out.push_str("' '"); // a char literal such as '"'
            i += 3;
        } else if c == '"' {
            out.push('"');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            out.push('"');
            i += 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

pub(crate) fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The first segment of each path a `{...}` group names (`text` starts just after its
/// `{`): `playback::Stage, look}` gives playback and look.
fn group_heads(text: &str) -> Vec<String> {
    let mut depth = 0;
    let mut close = text.len();
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                close = i;
                break;
            }
            '}' => depth -= 1,
            _ => {}
        }
    }
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut element_start = 0;
    let group = &text[..close];
    for (i, c) in group.char_indices().chain([(close, ',')]) {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                let head: String = group[element_start..i]
                    .trim_start()
                    .chars()
                    .take_while(|&c| is_ident(c))
                    .collect();
                if !head.is_empty() {
                    heads.push(head);
                }
                element_start = (i + 1).min(close);
            }
            _ => {}
        }
    }
    heads
}

/// The names directly under `src/app` that `code` (from the module at `here`) refers to
/// through `crate::app::` or enough `super::` to reach the app's root.
fn app_level_names(code: &str, here: &[String]) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < code.len() {
        let rest = &code[i..];
        let preceded_by_ident = i > 0 && is_ident(bytes[i - 1] as char);
        let (skip, depth_left) = if !preceded_by_ident && rest.starts_with("crate::app::") {
            ("crate::app::".len(), Some(0))
        } else if !preceded_by_ident && rest.starts_with("super::") {
            let mut supers = 0;
            let mut at = 0;
            while rest[at..].starts_with("super::") {
                supers += 1;
                at += "super::".len();
            }
            // Each `super` leaves one module; the path lands at the app's root when all
            // of `here` is left.
            (at, (supers == here.len()).then_some(0))
        } else {
            i += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        };
        let after = &rest[skip..];
        if depth_left.is_some() {
            if let Some(group) = after.strip_prefix('{') {
                names.extend(group_heads(group));
            } else {
                let head: String = after.chars().take_while(|&c| is_ident(c)).collect();
                if !head.is_empty() {
                    names.insert(head);
                }
            }
        }
        i += skip;
    }
    names
}

/// Which top-level modules each one uses, with a file that shows it.
fn edges() -> BTreeMap<String, BTreeMap<String, String>> {
    let modules = modules();
    let mut edges: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    let mut files = Vec::new();
    rust_files(Path::new(APP), &mut files);
    for file in files {
        let here = module_path(&file);
        let Some(owner) = here.first().cloned() else {
            continue; // app/mod.rs, the top, may use everything
        };
        let text = std::fs::read_to_string(&file).expect("a readable source file");
        let code = code_of(&text);
        let mut names = app_level_names(&code, &here);
        // A registry macro is a use of every module it names.
        if code.contains("with_table!") {
            names.extend(table_registry());
        }
        for name in names {
            if name != owner && modules.contains(&name) {
                let shown = file.strip_prefix(APP).unwrap().display().to_string();
                edges
                    .entry(owner.clone())
                    .or_default()
                    .entry(name)
                    .or_insert(shown);
            }
        }
    }
    edges
}

/// The game modules `with_table!` names (its arms' `$crate::app::GAME::` paths).
fn table_registry() -> BTreeSet<String> {
    let root = std::fs::read_to_string(format!("{APP}/mod.rs")).expect("src/app/mod.rs");
    let start = root
        .find("macro_rules! with_table")
        .expect("the table registry");
    let end = start + root[start..].find("\n}").expect("its end");
    let body = &root[start..end];
    body.match_indices("$crate::app::")
        .map(|(i, m)| {
            body[i + m.len()..]
                .chars()
                .take_while(|&c| is_ident(c))
                .collect::<String>()
        })
        .collect()
}

/// A cycle through `start`, if there is one (depth-first search).
fn cycle_through(
    start: &str,
    edges: &BTreeMap<String, BTreeMap<String, String>>,
) -> Option<Vec<String>> {
    fn walk(
        at: &str,
        start: &str,
        edges: &BTreeMap<String, BTreeMap<String, String>>,
        path: &mut Vec<String>,
        seen: &mut BTreeSet<String>,
    ) -> bool {
        for next in edges.get(at).into_iter().flat_map(BTreeMap::keys) {
            if next == start {
                return true;
            }
            if seen.insert(next.clone()) {
                path.push(next.clone());
                if walk(next, start, edges, path, seen) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    let mut path = vec![start.to_owned()];
    let mut seen = BTreeSet::new();
    walk(start, start, edges, &mut path, &mut seen).then_some(path)
}

#[test]
fn the_reader_finds_the_uses_it_must() {
    let here = vec!["table".to_owned(), "turns".to_owned()];
    let code = code_of(
        "use crate::app::{playback::Stage, look};\n\
         use super::super::camera::Orbit; // super::super::menu is a comment\n\
         use super::Table;\n\
         let s = \"crate::app::film\";\n\
         fn f() { crate::app::boards::spawn(); }",
    );
    let names = app_level_names(&code, &here);
    let expected: BTreeSet<String> = ["boards", "camera", "look", "playback"]
        .map(String::from)
        .into();
    // Neither the comment (menu) nor the string (film) is a use, and super:: from
    // table/turns stays inside the table.
    assert_eq!(names, expected);
}

#[test]
fn no_module_of_the_window_reaches_back_to_itself() {
    let edges = edges();
    assert!(
        edges.len() > 10,
        "the reader finds the modules' uses: {edges:?}"
    );
    let cycles: Vec<String> = modules()
        .iter()
        .filter_map(|module| cycle_through(module, &edges))
        .map(|cycle| {
            let steps: Vec<String> = cycle
                .iter()
                .zip(cycle.iter().cycle().skip(1))
                .map(|(from, to)| format!("{from} -> {to} ({})", edges[from][to]))
                .collect();
            steps.join(", ")
        })
        .collect();
    assert!(
        cycles.is_empty(),
        "modules of src/app that reach back to themselves:\n{}",
        cycles.join("\n")
    );
}

/// The window's layers, from the bottom: a module may use its own layer and those below,
/// never one above (and with the test above, never in a circle). A new module fails here
/// until it is given its place.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "foundations",
        &[
            "camera",
            "census",
            "choice",
            "heap",
            "keymap",
            "no_sprites",
            "paths",
            "playback",
            "schedules",
            "shadow_casters",
            "start_trace",
            "startup",
            "transform_marks",
        ],
    ),
    ("scene", &["boards", "cinematic", "look", "stage"]),
    ("ui kit", &["ui"]),
    ("settings model", &["settings", "sound", "window"]),
    ("table", &["table"]),
    ("games", &["hexchess", "polarity", "vectress", "wavefield"]),
    ("hud", &["hud"]),
    (
        "screens",
        &[
            "learn",
            "menu",
            "menu_scene",
            "new_game",
            "pause",
            "replay_list",
            "settings_screen",
            "showcase",
        ],
    ),
    (
        "commands",
        &[
            "bench",
            "film",
            "headless",
            "long_run",
            "open",
            "render",
            "screenshot",
        ],
    ),
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .position(|(_, modules)| modules.contains(&module))
}

#[test]
fn every_module_of_the_window_has_a_layer_and_uses_none_above_it() {
    let unplaced: Vec<String> = modules()
        .into_iter()
        .filter(|m| layer_of(m).is_none())
        .collect();
    assert!(
        unplaced.is_empty(),
        "modules of src/app with no place in LAYERS: {unplaced:?}"
    );
    let mut upward = Vec::new();
    for (from, uses) in edges() {
        for (to, file) in uses {
            let (low, high) = (layer_of(&to).unwrap(), layer_of(&from).unwrap());
            if low > high {
                upward.push(format!(
                    "{from} ({}) uses {to} ({}) in {file}",
                    LAYERS[high].0, LAYERS[low].0
                ));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "uses that go up the layers:\n{}",
        upward.join("\n")
    );
}

#[test]
fn a_registry_macro_counts_as_a_use_of_every_game() {
    let games = table_registry();
    let expected: BTreeSet<String> = ["hexchess", "polarity", "vectress", "wavefield"]
        .map(String::from)
        .into();
    assert_eq!(games, expected);
    // The learn module sets each game's exercises out through the registry.
    let edges = edges();
    for game in &games {
        assert!(edges["learn"].contains_key(game), "learn uses {game}");
    }
}

/// The games' modules.
pub(crate) fn games() -> &'static [&'static str] {
    LAYERS
        .iter()
        .find(|(name, _)| *name == "games")
        .map(|(_, modules)| *modules)
        .expect("the games' layer")
}

#[test]
fn no_game_of_the_window_uses_another() {
    let edges = edges();
    let crossings: Vec<String> = games()
        .iter()
        .flat_map(|game| {
            edges
                .get(*game)
                .into_iter()
                .flatten()
                .filter(|(to, _)| games().contains(&to.as_str()))
                .map(move |(to, file)| format!("{game} uses {to} in {file}"))
        })
        .collect();
    assert!(crossings.is_empty(), "{crossings:#?}");
}
