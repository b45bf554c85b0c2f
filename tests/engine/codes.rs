//! Position codes (#44) through the command line, the protocol and the scenario library:
//! `lodestone code` writes what the moves reach and reads a code back normalised; a code
//! and the moves that reach it agree on the position and on every action after; a bad
//! code is one sentence and exit 2; every position of every scenario round-trips.

use lodestone::engine::protocol::Engine;
use lodestone::rules::{GameId, Rules, Setup};
use serde_json::{Value, json};

use crate::lodestone;

/// A few opening moves per game (the README's and the tests' own).
fn opening(game: GameId) -> &'static [&'static str] {
    match game {
        GameId::Vectress => &["E3-G5", "F7-H5", "F5-F7"],
        GameId::Hexchess => &["f5f6", "b7b6", "e4e5"],
        GameId::Wavefield => &["C7-B6", "tune R-T-A+B+", "E2-E3"],
        GameId::Polarity => &["d4", "e6 R+", "b2"],
    }
}

/// The one line `code` prints for `args`, which must succeed.
fn code_of(args: &[&str]) -> String {
    let out = lodestone(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(text.lines().count(), 1, "{args:?}: one line, not {text:?}");
    text.trim_end().to_string()
}

fn ask(engine: &mut Engine, request: Value) -> Value {
    serde_json::from_str(&engine.handle_line(&request.to_string())).unwrap()
}

#[test]
fn code_writes_what_the_moves_reach_and_reads_it_back_in_every_game() {
    for game in GameId::ALL {
        let id = game.id();
        let start = code_of(&["code", id]);
        assert_eq!(code_of(&["code", id, "--position", &start]), start, "{id}");
        let moves = opening(game);
        let all = moves.join(",");
        let after = code_of(&["code", id, "--moves", &all]);
        assert_ne!(after, start, "{id}");
        assert_eq!(code_of(&["code", id, "--position", &after]), after, "{id}");
        // The code after the first move, then the rest from it, reaches the same code.
        let first = code_of(&["code", id, "--moves", moves[0]]);
        let rest = moves[1..].join(",");
        assert_eq!(
            code_of(&["code", id, "--position", &first, "--moves", &rest]),
            after,
            "{id}"
        );
        // The engine's answers carry the same codes, and `new` takes one.
        let mut engine = Engine::new();
        let replayed = ask(
            &mut engine,
            json!({"cmd": "replay", "game": id, "moves": moves}),
        );
        assert_eq!(replayed["code"], after.as_str(), "{id}");
        let opened = ask(
            &mut engine,
            json!({"cmd": "new", "game": id, "position": first}),
        );
        let session = opened["session"].clone();
        let mut answer = ask(&mut engine, json!({"cmd": "state", "session": session}));
        assert_eq!(answer["code"], first.as_str(), "{id}");
        for action in &moves[1..] {
            answer = ask(
                &mut engine,
                json!({"cmd": "play", "session": session, "move": action}),
            );
            assert_eq!(answer["ok"], true, "{id} {action}: {answer}");
        }
        assert_eq!(answer["code"], after.as_str(), "{id}");
        assert_eq!(answer["legal"], replayed["legal"], "{id}");
        // Undo stops at the code's position.
        for _ in &moves[1..] {
            ask(&mut engine, json!({"cmd": "undo", "session": session}));
        }
        let refused = ask(&mut engine, json!({"cmd": "undo", "session": session}));
        assert_eq!(refused["ok"], false, "{id}: {refused}");
    }
}

#[test]
fn a_bad_code_is_one_sentence_and_exit_2() {
    for game in GameId::ALL {
        let id = game.id();
        let good = code_of(&["code", id]);
        let broken = [
            String::new(),
            "nonsense".to_string(),
            format!("{good} extra"),
            good.replace(' ', "  "),
            good[..good.len() / 2].to_string(),
            format!("{good}99999999999999999999999"),
            good.replacen('/', "\u{e9}/", 1),
        ];
        for code in &broken {
            let out = lodestone(&["code", id, "--position", code]);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{id} {code:?}: {err}");
            assert!(out.stdout.is_empty());
            assert_eq!(err.lines().count(), 1, "{id} {code:?}: {err}");
            assert!(
                err.starts_with(&format!("lodestone: code {id}: ")),
                "{id} {code:?}: {err}"
            );
        }
        let mut engine = Engine::new();
        let answer = ask(
            &mut engine,
            json!({"cmd": "new", "game": id, "position": "nonsense"}),
        );
        assert_eq!(answer["ok"], false, "{id}");
        assert!(!answer["error"].as_str().unwrap().contains('\n'));
        let wrong_type = ask(
            &mut engine,
            json!({"cmd": "new", "game": id, "position": 7}),
        );
        assert_eq!(
            wrong_type["error"],
            "\"position\" must be a string (a position code)"
        );
    }
    let mut engine = Engine::new();
    let start = code_of(&["code", "wavefield"]);
    let both = ask(
        &mut engine,
        json!({"cmd": "new", "game": "wavefield", "position": start, "definitions": lodestone::rules::wavefield::definitions::Definitions::default()}),
    );
    assert_eq!(both["ok"], false, "{both}");
}

/// Every position of every scenario of the library: its code reads back to a game that
/// writes it again, and agrees with the game the moves built on the side to move and on
/// the legal actions.
#[test]
fn every_scenario_position_round_trips() {
    fn check<G: Rules>(setup: Setup, actions: &[String], name: &str) -> usize {
        let mut game = G::start(&setup).unwrap();
        let mut checked = 0;
        for text in actions {
            let code = game.code();
            let read = G::from_code(&code).unwrap_or_else(|e| panic!("{name}: {code}: {e}"));
            assert_eq!(read.code(), code, "{name}");
            assert_eq!(read.to_move(), game.to_move(), "{name}: {code}");
            let sorted = |g: &G| {
                let mut all: Vec<String> = g
                    .legal_actions()
                    .into_iter()
                    .map(|a| g.write_action(a))
                    .collect();
                all.sort();
                all
            };
            assert_eq!(sorted(&read), sorted(&game), "{name}: {code}");
            checked += 1;
            let action = game.parse_action(text).unwrap();
            game.play(action).unwrap();
        }
        checked
    }
    let mut positions = 0;
    for scenario in lodestone::showcase::library::scenarios().unwrap() {
        let setup = scenario.replay.setup();
        let actions = &scenario.replay.actions;
        positions +=
            lodestone::with_rules!(scenario.game, G => check::<G>(setup, actions, scenario.name));
    }
    assert!(positions > 100, "{positions} positions");
}

/// `simulate GAME --position CODE`: every game is played on from the code (a Vectress
/// position four moves from the cap ends every game by the cap at 200; a Polarity
/// position where One has collected nine is won by One); a bad code is one line, exit 2.
#[test]
fn simulate_plays_on_from_a_position() {
    let json = |args: &[&str]| -> Value {
        let out = lodestone(args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let near_cap = "1sr3rs1/1t5t1/3tot3/9/9/9/3TOT3/1T5T1/1SR3RS1 w - - - - 196";
    let v = json(&[
        "simulate",
        "vectress",
        "--games",
        "3",
        "--position",
        near_cap,
    ]);
    assert_eq!(v["outcomes"], json!({"cap": 3}), "{v}");
    assert_eq!(v["length"]["min"], json!(200), "{v}");
    let nine = "8/8/8/8/3ss3/8/8/8 2 R1B2Q1 R2B2Q1 9 0 4";
    let p = json(&["simulate", "polarity", "--games", "4", "--position", nine]);
    assert!(p["wins"]["one"].as_u64().unwrap() >= 1, "{p}");
    assert!(p["plies"]["min"].as_u64().unwrap() > 4, "{p}");
    let classic = "1/2k/5/7/4n4/11/5K5/11/11/11/R10 b - 0 1";
    let h = json(&[
        "simulate",
        "hexchess",
        "--games",
        "2",
        "--position",
        classic,
    ]);
    assert_eq!(h["ruleset"], json!("classic"), "{h}");
    let w = json(&[
        "simulate",
        "wavefield",
        "--games",
        "2",
        "--max-plies",
        "10",
        "--position",
        "3BT2/1TRAR2/7/7/7/2rar2/2tbt2 r R+T+A+B+ R-T-A+B+ - 1 2",
    ]);
    assert_eq!(w["games"], json!(2), "{w}");
    // A code of the wrong ruleset, or no code at all: one line, exit 2.
    for args in [
        &[
            "simulate",
            "hexchess",
            "--ruleset",
            "v011",
            "--position",
            classic,
        ][..],
        &["simulate", "polarity", "--position", "8/8"][..],
    ] {
        let out = lodestone(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains("--position"), "{err}");
    }
}
