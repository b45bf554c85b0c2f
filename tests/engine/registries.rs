//! A game is its own (#41): each game's folder in `src/app/` has the same files for the
//! same roles, and outside its own files a game is named only in the registries (one
//! entry each) and where a feature is its alone. Built without Bevy: it only reads the
//! sources.

use std::path::Path;

use super::layers::{APP, code_of, games, is_ident, rust_files};

/// The files every game's folder has, one role each (a game may add its own for what only
/// it draws).
const GAME_ROLES: &[(&str, &str)] = &[
    ("mod.rs", "its plugin, scene and control type"),
    (
        "table.rs",
        "its TableGame: setting out, stages, seat, hooks",
    ),
    ("pieces.rs", "its looks and pieces"),
    ("stages.rs", "a resolution as playback stages"),
    ("status.rs", "its headline, trays and keys"),
    ("input.rs", "pointer and keys, written as the table's input"),
    ("controls.rs", "its own controls, applied"),
];

#[test]
fn every_game_folder_has_the_same_files_for_the_same_roles() {
    for game in games() {
        for (file, role) in GAME_ROLES {
            let path = format!("{APP}/{game}/{file}");
            assert!(
                Path::new(&path).exists(),
                "src/app/{game}/{file} ({role}) is missing"
            );
        }
    }
}

const SRC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src");

/// Whether `relative` (a path under `src/`) is one of `game`'s own files: its folder or
/// file in each subsystem (`rules/polarity/`, `app/polarity/`, `engine/polarity.rs`,
/// `showcase/polarity.rs`, `lessons/games/polarity.rs` ...).
fn own_file(relative: &str, game: &str) -> bool {
    relative.split('/').any(|part| {
        part == game
            || part
                .strip_suffix(".rs")
                .is_some_and(|stem| stem == game || stem.starts_with(&format!("{game}_")))
    })
}

/// The registries: the files that name every game, each entry on its own lines, and how
/// many lines one game may take there.
const REGISTRIES: &[(&str, usize)] = &[
    // The games' vocabulary: the id, its names, titles, sides and rulesets.
    ("rules/mod.rs", 9),
    ("app/mod.rs", 4),
    ("engine/mod.rs", 3),
    ("engine/wire/mod.rs", 3),
    ("lessons/games/mod.rs", 1),
    ("puzzles/games/mod.rs", 1),
    ("showcase/mod.rs", 1),
    // The computer players' time caps, a line a game.
    ("engine/time_cap.rs", 1),
];

/// What a game alone has, named where it is used (each with why).
const FEATURES: &[(&str, &str, &str)] = &[
    (
        "vectress",
        "app/menu_scene.rs",
        "the menu's background is a Vectress board",
    ),
    (
        "vectress",
        "app/render/args.rs",
        "--wave counts Vectress waves",
    ),
    (
        "vectress",
        "app/bench/long.rs",
        "the long-lists bench: a game at the 200-move cap",
    ),
    (
        "hexchess",
        "app/bench/long.rs",
        "the long-lists bench: a 5,000-entry move list",
    ),
    ("hexchess", "app/boards.rs", "the hex board's file letters"),
    (
        "hexchess",
        "engine/protocol.rs",
        "perft is served for hex chess",
    ),
    ("hexchess", "engine/request.rs", "perft's ruleset"),
    ("hexchess", "main.rs", "`lodestone perft` is hex chess's"),
    (
        "wavefield",
        "engine/protocol.rs",
        "a session's wave definitions (W11)",
    ),
    (
        "wavefield",
        "engine/request.rs",
        "a session's wave definitions (W11)",
    ),
    (
        "vectress",
        "engine/review.rs",
        "the long game `bench review` times is a Vectress game (#43)",
    ),
];

/// The lines of `code` (comments and strings blanked) that name `game`, tests left out.
fn naming_lines(code: &str, game: &str) -> usize {
    let title: String = game[..1].to_uppercase() + &game[1..];
    // A file's tests (its trailing `#[cfg(test)]` module) may name any game.
    let code = code.split("#[cfg(test)]").next().unwrap_or(code);
    code.lines()
        .filter(|line| {
            line.split(|c: char| !is_ident(c))
                .any(|word| word == game || word == title)
        })
        .count()
}

#[test]
fn outside_its_own_files_a_game_is_named_only_in_the_registries() {
    let mut files = Vec::new();
    rust_files(Path::new(SRC), &mut files);
    let mut strays = Vec::new();
    for game in games() {
        for file in &files {
            let relative = file.strip_prefix(SRC).unwrap().display().to_string();
            let test_file = relative.contains("/tests/")
                || relative.ends_with("tests.rs")
                || relative.ends_with("laws.rs");
            if own_file(&relative, game) || test_file {
                continue;
            }
            let text = std::fs::read_to_string(file).unwrap();
            let lines = naming_lines(&code_of(&text), game);
            if lines == 0 {
                continue;
            }
            let budget = REGISTRIES
                .iter()
                .find(|(registry, _)| *registry == relative)
                .map(|(_, n)| *n)
                .or_else(|| {
                    FEATURES
                        .iter()
                        .any(|(g, f, _)| g == game && *f == relative)
                        .then_some(usize::MAX)
                })
                .unwrap_or(0);
            if lines > budget {
                strays.push(format!("{game}: {lines} lines in src/{relative}"));
            }
        }
    }
    assert!(
        strays.is_empty(),
        "games named outside their own files and the registries:\n{}",
        strays.join("\n")
    );
}
