//! hexchess through the engine protocol (docs/protocol.md, rulings H1..H13 in docs/rulings.md).

use lodestone::engine::protocol::Engine;
use serde_json::{Value, json};

fn ask(engine: &mut Engine, request: Value) -> Value {
    serde_json::from_str(&engine.handle_line(&request.to_string())).expect("one JSON line")
}

fn replay(moves: &[&str]) -> Value {
    ask(
        &mut Engine::new(),
        json!({"id": 1, "cmd": "replay", "game": "hexchess", "moves": moves}),
    )
}

#[test]
fn start_state_has_the_exact_keys_and_sorted_pieces() {
    let a = replay(&[]);
    assert_eq!(a["ok"], true);
    assert_eq!(a["last"], Value::Null);
    let state = &a["state"];
    let mut keys: Vec<&str> = state
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "game",
            "halfmove_clock",
            "in_check",
            "outcome",
            "pieces",
            "ply",
            "ruleset",
            "to_move"
        ]
    );
    assert_eq!(state["game"], "hexchess");
    assert_eq!(state["ruleset"], "v011");
    assert_eq!(state["to_move"], "white");
    let pieces = state["pieces"].as_array().unwrap();
    assert_eq!(pieces.len(), 36);
    assert_eq!(
        pieces[0],
        json!({"cell": "b1", "type": "pawn", "color": "white"})
    );
    // Sorted by file, then rank as a number (f10 after f9, not after f1).
    let cells: Vec<&str> = pieces.iter().map(|p| p["cell"].as_str().unwrap()).collect();
    let f: Vec<&str> = cells
        .iter()
        .copied()
        .filter(|c| c.starts_with('f'))
        .collect();
    assert_eq!(f, ["f1", "f2", "f3", "f5", "f7", "f9", "f10", "f11"]);
    // The legal list is long form, sorted as plain strings; 42 moves in v011.
    let legal: Vec<&str> = a["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let mut sorted = legal.clone();
    sorted.sort();
    assert_eq!(legal, sorted);
    assert!(legal.contains(&"f5f6"));
}

#[test]
fn replay_renames_and_reports_the_resolution() {
    // H4 / H12: replay renames at every ply.
    let a = replay(&["f5f6"]);
    assert_eq!(
        a["last"],
        json!({"from": "f5", "to": "f6", "captured": null, "departed_as": "pawn",
               "arrived_as": "queen", "notation": "f6"})
    );
    let f6 = a["state"]["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["cell"] == "f6")
        .cloned();
    assert_eq!(
        f6,
        Some(json!({"cell": "f6", "type": "queen", "color": "white"}))
    );
    // The list notation of H6 is accepted too, and mixes with long form.
    let b = replay(&["f6", "k7k6", "Qd5"]);
    assert_eq!(b["ok"], true, "{b}");
    assert_eq!(b["last"]["notation"], "Qd5");
    assert_eq!(b["last"]["arrived_as"], "rook");
}

#[test]
fn an_illegal_move_names_its_ply() {
    let a = replay(&["f5f6", "f7f6", "e4e5"]);
    assert_eq!(a["ok"], false);
    assert_eq!(a["ply"], 1);
    assert!(a["error"].as_str().unwrap().contains("pawn"), "{a}");
    let b = replay(&["zz"]);
    assert_eq!(
        (b["ok"].clone(), b["ply"].clone()),
        (json!(false), json!(0))
    );
}

#[test]
fn sessions_play_undo_state_and_ai() {
    let mut e = Engine::new();
    let s = ask(&mut e, json!({"cmd": "new", "game": "hexchess"}))["session"].clone();
    let a = ask(&mut e, json!({"cmd": "play", "session": s, "move": "f5f6"}));
    assert_eq!(a["state"]["ply"], 1);
    // A refused move changes nothing.
    let bad = ask(&mut e, json!({"cmd": "play", "session": s, "move": "f6f8"}));
    assert_eq!(bad["ok"], false);
    let st = ask(&mut e, json!({"cmd": "state", "session": s}));
    assert_eq!(st["state"], a["state"]);
    assert_eq!(st["last"], a["last"]);
    let ai = ask(&mut e, json!({"cmd": "ai", "session": s}));
    assert_eq!(ai["ok"], true);
    assert_eq!(ai["state"]["ply"], 2);
    assert_eq!(ai["state"]["to_move"], "white");
    let undone = ask(&mut e, json!({"cmd": "undo", "session": s}));
    assert_eq!(undone["state"], a["state"]);
    ask(&mut e, json!({"cmd": "undo", "session": s}));
    let none = ask(&mut e, json!({"cmd": "undo", "session": s}));
    assert_eq!(none["ok"], false);
}

#[test]
fn classic_ruleset_and_perft() {
    let mut e = Engine::new();
    let p = ask(
        &mut e,
        json!({"cmd": "perft", "ruleset": "classic", "depth": 1}),
    );
    assert_eq!(p["nodes"], 51, "H11");
    let a = ask(
        &mut e,
        json!({"cmd": "replay", "game": "hexchess", "ruleset": "classic", "moves": ["e4e6"]}),
    );
    assert_eq!(a["state"]["ruleset"], "classic");
    assert_eq!(a["last"]["arrived_as"], "pawn", "no renaming in classic");
    let v = ask(
        &mut e,
        json!({"cmd": "perft", "ruleset": "v011", "depth": 1}),
    );
    assert_eq!(v["nodes"], 42);
    // After moves: the count equals the length of the legal list there.
    let after = ask(
        &mut e,
        json!({"cmd": "perft", "depth": 1, "moves": ["f5f6", "k7k6"]}),
    );
    let legal = replay(&["f5f6", "k7k6"])["legal"].as_array().unwrap().len();
    assert_eq!(after["nodes"], legal);
    let bad = ask(
        &mut e,
        json!({"cmd": "perft", "ruleset": "hex", "depth": 1}),
    );
    assert!(bad["error"].as_str().unwrap().contains("ruleset"));
}

#[test]
fn a_short_checkmate_ends_the_game() {
    // e4e5 arrives as a queen on e5; f2xb6 arrives as a knight, b6xe7 as a pawn, and that
    // pawn's capture e7xf9 arrives as a queen: a double check (the f9 queen on the
    // diagonal, the e5 queen down the opened e-file). The king's one free neighbour, e9,
    // is covered by both, and taking f9 leaves the e-file check: mate.
    let moves = ["e4e5", "b7b6", "f2b6", "c7c6", "b6e7", "c6a2", "e7f9"];
    let a = replay(&moves);
    assert_eq!(a["ok"], true, "{a}");
    assert_eq!(
        a["state"]["outcome"],
        json!({"winner": "white", "reason": "checkmate"})
    );
    assert_eq!(a["state"]["in_check"], true);
    assert_eq!(a["legal"], json!([]));
    assert_eq!(a["last"]["arrived_as"], "queen");
    assert_eq!(a["last"]["captured"], "bishop");
    assert_eq!(a["last"]["notation"], "xf9");
    // H12: moves after the game is over are refused.
    let mut more = moves.to_vec();
    more.push("e10e9");
    let b = replay(&more);
    assert_eq!(
        (b["ok"].clone(), b["ply"].clone()),
        (json!(false), json!(7))
    );
    assert!(b["error"].as_str().unwrap().contains("over"), "{b}");
}

#[test]
fn bench_reports_medians_with_their_sample_counts() {
    let bench = crate::json_of(&[
        "bench",
        "hexchess",
        "--depth",
        "2",
        "--samples",
        "2",
        "--perft-samples",
        "3",
        "--ai-samples",
        "1",
    ]);
    for (ruleset, nodes) in [("v011", 1767), ("classic", 2586)] {
        let r = &bench[ruleset];
        assert_eq!(r["perft_nodes"], nodes, "{ruleset}: {r}");
        assert_eq!(
            (
                r["samples"].clone(),
                r["perft_samples"].clone(),
                r["ai_samples"].clone()
            ),
            (json!(2), json!(3), json!(1)),
            "{ruleset}"
        );
        for key in [
            "perft_seconds_median",
            "perft_nodes_per_second_median",
            "ai_move_median_ms",
        ] {
            assert!(
                r[key].as_f64().is_some_and(|x| x > 0.0),
                "{ruleset} {key}: {r}"
            );
        }
        // The single-run names are gone, so no script reads a median under an old name.
        assert!(r.get("perft_seconds").is_none() && r.get("ai_move_ms").is_none());
    }
    let none = std::process::Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args(["bench", "hexchess", "--ai-samples", "0"])
        .output()
        .unwrap();
    assert_eq!(none.status.code(), Some(2));
}

/// `lodestone perft --threads N` shares the first moves among threads and counts the same
/// tree (#46): depth 3 from the start and after a move, both rulesets, with `--divide` too.
#[test]
fn perft_on_threads_counts_what_one_thread_counts() {
    let count = |args: &[&str]| -> serde_json::Value {
        let out = crate::lodestone(args);
        assert!(out.status.success(), "{args:?}");
        serde_json::from_slice(&out.stdout).unwrap()
    };
    for ruleset in ["v011", "classic"] {
        let one = count(&["perft", "--ruleset", ruleset, "3"]);
        assert_eq!(one["threads"], json!(1));
        for threads in ["2", "3", "0"] {
            let many = count(&["perft", "--ruleset", ruleset, "3", "--threads", threads]);
            assert_eq!(many["nodes"], one["nodes"], "{ruleset}, {threads} threads");
            let divided = count(&[
                "perft",
                "--ruleset",
                ruleset,
                "3",
                "--divide",
                "--threads",
                threads,
            ]);
            let single = count(&["perft", "--ruleset", ruleset, "3", "--divide"]);
            assert_eq!(divided["divide"], single["divide"], "{ruleset}");
        }
    }
}
