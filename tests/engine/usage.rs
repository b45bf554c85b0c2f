//! The command line as a newcomer meets it: every usage mistake, in every subcommand, is
//! one line on standard error naming what is wrong (and the allowed values), with exit
//! status 2; `--help` and `help` work for every subcommand. Through the real binary.

use crate::lodestone;

/// Runs a mistake and checks the answer: exit 2, one line, one `lodestone:` prefix, and
/// every expected phrase in it.
fn refused(args: &[&str], says: &[&str]) {
    let out = lodestone(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?} printed on stdout");
    assert_eq!(err.lines().count(), 1, "{args:?} is not one line: {err}");
    assert!(err.starts_with("lodestone: "), "{args:?}: {err}");
    assert_eq!(err.matches("lodestone:").count(), 1, "{args:?}: {err}");
    assert!(!err.contains("lodestone: lodestone"), "{args:?}: {err}");
    assert!(!err.contains('\u{1b}'), "{args:?}: colour codes in {err}");
    for phrase in says {
        assert!(
            err.contains(phrase),
            "{args:?} should say {phrase:?}: {err}"
        );
    }
}

/// The long-run flags are checked before any window (or display) is looked for.
#[cfg(feature = "app")]
#[test]
fn long_run_flags_are_checked_before_the_window() {
    refused(
        &["--attract", "--exit-after", "0"],
        &["--exit-after 0:", "seconds, more than 0"],
    );
    refused(
        &[
            "--game",
            "vectress",
            "--mode",
            "demo",
            "--stats",
            "/no-such-folder/s.jsonl",
        ],
        &["--stats /no-such-folder/s.jsonl: cannot write it"],
    );
}

#[test]
fn mistakes_at_the_top_and_in_the_engine_subcommands_are_one_line() {
    let cases: &[(&[&str], &[&str])] = &[
        (&["frobnicate"], &["unrecognized subcommand 'frobnicate'"]),
        (&["--gmae", "hexchess"], &["'--gmae'", "tip:", "--game"]),
        (&["engine", "extra"], &["engine:", "'extra'"]),
        (
            &["--stats", "stats.jsonl", "engine"],
            &["--exit-after and --stats go with the window", "--attract"],
        ),
        (&["simulate"], &["simulate:", "<GAME>"]),
        (
            &["simulate", "chess"],
            &["unknown game \"chess\"", "vectress, hexchess"],
        ),
        (
            &["simulate", "vectress", "--games", "ten"],
            &["simulate vectress:", "'ten'"],
        ),
        (
            &["simulate", "vectress", "--players", "both"],
            &["'both'", "random, ai"],
        ),
        (
            &["simulate", "hexchess", "--players", "both"],
            &["both", "random", "ai"],
        ),
        (
            &["simulate", "hexchess", "--ruleset", "v012"],
            &["v012", "v011", "classic"],
        ),
        (
            &["simulate", "wavefield", "--mode", "fast"],
            &["fast", "random"],
        ),
        (
            &["simulate", "wavefield", "--level", "hard"],
            &["hard", "easy"],
        ),
        (
            &["simulate", "polarity", "--frob"],
            &["simulate polarity:", "'--frob'"],
        ),
        (&["bench"], &["bench:", "<GAME>"]),
        (&["bench", "chess"], &["unknown game \"chess\""]),
        (
            &["bench", "vectress", "--samples", "x"],
            &["bench vectress:", "'x'"],
        ),
        (
            &["bench", "polarity", "--nope"],
            &["bench polarity:", "'--nope'"],
        ),
        (&["perft"], &["perft:", "<DEPTH>"]),
        (&["perft", "deep"], &["perft:", "'deep'"]),
        (&["perft", "--ruleset", "v012", "2"], &["v012", "classic"]),
        (&["perft", "2", "--divid"], &["'--divid'", "--divide"]),
        (&["replay"], &["replay:", "<FILE>"]),
        (&["replay", "--chek", "x.ron"], &["'--chek'", "--check"]),
        (
            &["replay", "/no/such/replay.ron", "--check"],
            &["/no/such/replay.ron", "cannot be read"],
        ),
        (&["mine"], &["mine:", "<GAME>"]),
        (
            &["mine", "vectress", "--by", "nonsense"],
            &["nonsense", "waves"],
        ),
        (
            &["mine", "vectress", "--positions", "many"],
            &["mine vectress:", "'many'"],
        ),
        (&["scenarios", "--jsn"], &["'--jsn'", "--json"]),
        (&["scenarios", "chess"], &["unknown game \"chess\""]),
    ];
    for (args, says) in cases {
        refused(args, says);
    }
}

#[cfg(feature = "app")]
#[test]
fn mistakes_in_the_window_and_offscreen_subcommands_are_one_line() {
    let nowhere = "/no/such/folder/x.png";
    let cases: &[(&[&str], &[&str])] = &[
        (&["--game", "chess"], &["chess", "vectress, hexchess"]),
        (
            &["--game", "hexchess", "--mode", "watch"],
            &["watch", "two-players", "demo"],
        ),
        (
            &["--game", "vectress", "--side", "red"],
            &["red", "white", "black"],
        ),
        (
            &["--game", "hexchess", "--level", "hard"],
            &["hard", "easy", "normal", "strong"],
        ),
        (
            &["--game", "vectress", "--ruleset", "classic"],
            &["ruleset"],
        ),
        (&["render"], &["render:", "<GAME>"]),
        (
            &["render", "chess"],
            &["render:", "unknown scene \"chess\"", "menu"],
        ),
        (
            &["render", "vectress", "--size", "big"],
            &["--size", "1280x720"],
        ),
        (
            &["render", "vectress", "--moves", "E3-E5", "--wave", "9"],
            &["--wave 9", "past the end"],
        ),
        (&["render", "vectress", "--t", "0.3"], &["--t", "--step"]),
        (
            &["render", "vectress", "--moves", "E3-E9"],
            &["ply 0", "E3-E9"],
        ),
        (&["render", "vectress", "--out", "x.jpg"], &[".png"]),
        (
            &["render", "vectress", "--out", nowhere],
            &["--out", "does not exist"],
        ),
        (
            &["render", "polarity", "--moves", "d4", "--wave", "1"],
            &["--wave", "--step"],
        ),
        (
            &[
                "render", "vectress", "--moves", "E3-E5", "--step", "1", "--wave", "1",
            ],
            &["'--step <STEP>' cannot be used with '--wave <WAVE>'"],
        ),
        (&["film"], &["film:", "<GAME>"]),
        (&["film", "vectress"], &["nothing to film"]),
        (
            &["film", "vectress", "--moves", "E3-E5", "--replay", "x.ron"],
            &["cannot be used with"],
        ),
        (
            &["film", "vectress", "--scenario", "nope"],
            &["nope", "lodestone scenarios"],
        ),
        (
            &["film", "vectress", "--moves", "E3-E5", "--out", "x.mp4"],
            &[".gif", "folder"],
        ),
        (
            &["film", "vectress", "--moves", "E3-E5", "--from", "3"],
            &["--from 3", "plies count from 0"],
        ),
        (
            &["film", "vectress", "--moves", "E3-E5", "--speed", "9"],
            &["--speed", "0.05"],
        ),
        (
            &["film", "vectress", "--moves", "E3-E5", "--camera", "drone"],
            &["drone", "cinematic"],
        ),
        (
            &[
                "film",
                "vectress",
                "--moves",
                "E3-E5",
                "--out",
                "/no/such/x.gif",
            ],
            &["does not exist"],
        ),
        (
            &["bench", "app", "--quality", "ultra"],
            &["bench app:", "low, medium or high"],
        ),
        (
            &["bench", "app", "--size", "10x10"],
            &["bench app:", "--size"],
        ),
        (&["bench", "app", "--frames-per-stage"], &["needs a value"]),
    ];
    for (args, says) in cases {
        refused(args, says);
    }
}

/// An output path that cannot be written is refused before anything is drawn: with no
/// graphics driver at all, the answer is still the usage error about `--out`, not the
/// missing adapter (which only the renderer could find).
#[cfg(feature = "app")]
#[test]
fn an_unwritable_out_is_refused_before_the_renderer_starts() {
    for verb in [
        &["render", "vectress", "--out", "/no/such/folder/x.png"][..],
        &[
            "film",
            "vectress",
            "--moves",
            "E3-E5",
            "--out",
            "/no/such/folder/x.gif",
        ][..],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_lodestone"))
            .args(verb)
            .env("VK_ICD_FILENAMES", "/no/such/icd.json")
            .env("VK_DRIVER_FILES", "/no/such/icd.json")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{verb:?}: {err}");
        assert!(
            err.contains("--out") && !err.contains("adapter"),
            "{verb:?}: {err}"
        );
    }
}

#[test]
fn help_works_for_every_subcommand_and_for_help_itself() {
    let mut asks: Vec<Vec<&str>> = vec![
        vec!["--help"],
        vec!["help"],
        vec!["help", "--help"],
        vec!["help", "help"],
    ];
    let verbs = [
        "engine",
        "simulate",
        "bench",
        "perft",
        "replay",
        "mine",
        "analyse",
        "fit",
        "scenarios",
    ];
    for verb in verbs {
        asks.push(vec![verb, "--help"]);
        asks.push(vec!["help", verb]);
    }
    for game in ["vectress", "hexchess", "wavefield", "polarity"] {
        for verb in ["simulate", "bench", "mine", "analyse", "fit"] {
            asks.push(vec![verb, game, "--help"]);
            asks.push(vec!["help", verb, game]);
        }
    }
    #[cfg(feature = "app")]
    for verb in [vec!["render"], vec!["film"], vec!["bench", "app"]] {
        let mut flag = verb.clone();
        flag.push("--help");
        asks.push(flag);
        let mut word = vec!["help"];
        word.extend(verb);
        asks.push(word);
    }
    for args in asks {
        let out = lodestone(&args);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(text.contains("Usage"), "{args:?} shows no usage: {text}");
    }
}

/// #23: the help lists every game of the registry wherever a game is asked for (written
/// from `GameId::ALL`, so a game added there cannot be missing from a help text).
#[test]
fn every_help_that_asks_for_a_game_lists_every_game() {
    let mut verbs: Vec<&[&str]> = vec![
        &["--help"],
        &["help", "simulate"],
        &["help", "bench"],
        &["help", "mine"],
        &["help", "analyse"],
        &["help", "fit"],
        &["scenarios", "--help"],
    ];
    if cfg!(feature = "app") {
        verbs.extend([&["render", "--help"][..], &["film", "--help"][..]]);
    }
    for args in verbs {
        let out = lodestone(args);
        let help = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{args:?}: {help}");
        for game in lodestone::rules::GameId::ALL {
            assert!(
                help.contains(game.id()),
                "{args:?} does not name {}: {help}",
                game.id()
            );
        }
    }
    let top = String::from_utf8_lossy(&lodestone(&["-h"]).stdout).into_owned();
    for game in lodestone::rules::GameId::ALL {
        assert!(
            top.contains(game.title()),
            "the about line names {}",
            game.title()
        );
    }
}
