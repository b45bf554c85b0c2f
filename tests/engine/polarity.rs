//! polarity through the engine protocol.

use std::process::Command;

use lodestone::engine::protocol::Engine;
use serde_json::{Value, json};

fn ask(engine: &mut Engine, request: Value) -> Value {
    serde_json::from_str(&engine.handle_line(&request.to_string())).expect("one JSON answer")
}

fn replay(moves: &[&str]) -> Value {
    ask(
        &mut Engine::new(),
        json!({"id": 1, "cmd": "replay", "game": "polarity", "moves": moves}),
    )
}

fn full_hand() -> Value {
    json!({"rooks": 2, "bishops": 2, "queens": 1, "next_rook": "any", "next_bishop": "any",
           "must_place_plain": false})
}

#[test]
fn the_start_position_is_the_documented_state() {
    // P1, docs/protocol.md: keys exactly these.
    let answer = replay(&[]);
    assert_eq!(answer["ok"], true);
    assert_eq!(answer["id"], 1);
    assert_eq!(
        answer["state"],
        json!({"game": "polarity", "to_move": "one", "ply": 0, "stones": [],
               "collected": {"one": 0, "two": 0},
               "hands": {"one": full_hand(), "two": full_hand()},
               "outcome": null})
    );
    assert_eq!(answer["last"], Value::Null);
    let legal: Vec<&str> = answer["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(legal.len(), 64 * 7);
    assert_eq!(
        &legal[..8],
        [
            "a1", "a1 B+", "a1 B-", "a1 Q+", "a1 Q-", "a1 R+", "a1 R-", "a2"
        ]
    );
    let mut sorted = legal.clone();
    sorted.sort();
    assert_eq!(legal, sorted, "legal is in byte order");
}

#[test]
fn a_rook_pull_cross_resolves_as_documented() {
    // P3, P7, docs/protocol.md RESOLUTION: moved sorted by from, removed sorted.
    let answer = replay(&["d6", "f4", "d2", "b4", "d4 R-"]);
    assert_eq!(answer["ok"], true, "{answer}");
    assert_eq!(
        answer["last"],
        json!({"placed": "d4",
               "moved": [{"from": "b4", "to": "c4"}, {"from": "d2", "to": "d3"},
                         {"from": "d6", "to": "d5"}, {"from": "f4", "to": "e4"}],
               "removed": ["c4", "d3", "d4", "d5", "e4"]})
    );
    let state = &answer["state"];
    assert_eq!(state["stones"], json!([]));
    assert_eq!(state["collected"], json!({"one": 5, "two": 0}));
    assert_eq!(state["to_move"], "two");
    assert_eq!(state["ply"], 5);
    assert_eq!(state["hands"]["one"]["rooks"], 1);
    assert_eq!(state["hands"]["one"]["next_rook"], "push");
    assert_eq!(state["hands"]["two"], full_hand());
}

#[test]
fn stones_are_listed_sorted_and_locked_stones_shield() {
    // P4: d6 is locked by e6 and shields d8; the state lists stones in name order.
    // h6's rook pushes f6 to e6, next to d6: both are locked from then on.
    let answer = replay(&["d6", "f6", "h6 R+", "d8", "d4 Q+"]);
    assert_eq!(answer["ok"], true, "{answer}");
    assert_eq!(
        answer["last"],
        json!({"placed": "d4", "moved": [], "removed": []})
    );
    assert_eq!(
        answer["state"]["stones"],
        json!(["d4", "d6", "d8", "e6", "h6"])
    );
}

#[test]
fn an_illegal_move_names_its_ply_and_its_rule() {
    // P2, docs/protocol.md: {"ok": false, "ply": K, "error": ...}.
    let answer = replay(&["d4", "h8", "d5"]);
    assert_eq!(
        answer,
        json!({"id": 1, "ok": false, "ply": 2, "error": "d5: next to the stone on d4"})
    );
    let answer = replay(&["d4 R-", "h8", "a1 R-"]);
    assert_eq!(answer["ply"], 2);
    assert_eq!(answer["error"], "your next rook must push");
    let answer = replay(&["d4", "d4"]);
    assert_eq!(answer["error"], "d4: the cell already holds a stone");
    let answer = replay(&["d4 K+"]);
    assert_eq!(answer["ply"], 0);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("not a polarity action"),
        "{answer}"
    );
}

#[test]
fn sessions_play_undo_state_and_refuse_without_change() {
    let mut engine = Engine::new();
    let opened = ask(
        &mut engine,
        json!({"cmd": "new", "game": "polarity", "id": "s"}),
    );
    assert_eq!(opened["ok"], true);
    let s = opened["session"].clone();
    let first = ask(
        &mut engine,
        json!({"cmd": "play", "session": s, "move": "c3"}),
    );
    assert_eq!(first["state"]["stones"], json!(["c3"]));
    assert_eq!(
        first["last"],
        json!({"placed": "c3", "moved": [], "removed": []})
    );
    let second = ask(
        &mut engine,
        json!({"cmd": "play", "session": s, "move": "e5 B-"}),
    );
    assert_eq!(second["last"]["moved"], json!([{"from": "c3", "to": "d4"}]));
    assert_eq!(second["state"]["hands"]["two"]["next_bishop"], "push");
    // A refused action changes nothing.
    let refused = ask(
        &mut engine,
        json!({"cmd": "play", "session": s, "move": "d5"}),
    );
    assert_eq!(refused["ok"], false);
    assert_eq!(refused["error"], "d5: next to the stone on d4");
    let state = ask(&mut engine, json!({"cmd": "state", "session": s}));
    assert_eq!(state, second);
    // Undo goes back one action, `last` included.
    let undone = ask(&mut engine, json!({"cmd": "undo", "session": s}));
    assert_eq!(undone, first);
    let undone = ask(&mut engine, json!({"cmd": "undo", "session": s}));
    assert_eq!(undone["state"], replay(&[])["state"]);
    assert_eq!(undone["last"], Value::Null);
    let nothing = ask(&mut engine, json!({"cmd": "undo", "session": s}));
    assert_eq!(nothing["ok"], false);
    assert!(
        nothing["error"]
            .as_str()
            .unwrap()
            .contains("nothing to undo")
    );
}

#[test]
fn the_computer_plays_a_legal_action() {
    let mut engine = Engine::new();
    let s = ask(
        &mut engine,
        json!({"cmd": "new", "game": "polarity", "seed": 5}),
    )["session"]
        .clone();
    let before = ask(
        &mut engine,
        json!({"cmd": "play", "session": s, "move": "d4"}),
    );
    let legal = before["legal"].as_array().unwrap().clone();
    let answer = ask(&mut engine, json!({"cmd": "ai", "session": s}));
    assert_eq!(answer["ok"], true, "{answer}");
    assert_eq!(answer["state"]["ply"], 2);
    let placed = answer["last"]["placed"].as_str().unwrap();
    assert!(
        legal
            .iter()
            .any(|m| m.as_str().is_some_and(|m| m.starts_with(placed)))
    );
    // Undo takes the computer's action back too.
    assert_eq!(
        ask(&mut engine, json!({"cmd": "undo", "session": s})),
        before
    );
}

#[test]
fn a_finished_game_lists_nothing_and_refuses_more() {
    // P9: play a deterministic game from the legal lists until it ends.
    let mut engine = Engine::new();
    let s = ask(&mut engine, json!({"cmd": "new", "game": "polarity"}))["session"].clone();
    let mut answer = ask(&mut engine, json!({"cmd": "state", "session": s}));
    let mut k = 0usize;
    while answer["state"]["outcome"].is_null() {
        let legal = answer["legal"].as_array().unwrap();
        assert!(!legal.is_empty());
        let pick = legal[(k * 7919 + 13) % legal.len()].clone();
        answer = ask(
            &mut engine,
            json!({"cmd": "play", "session": s, "move": pick}),
        );
        assert_eq!(answer["ok"], true, "{answer}");
        k += 1;
        assert!(k < 100, "the game ends");
    }
    let state = &answer["state"];
    assert_eq!(state["ply"], k);
    assert_eq!(
        state["to_move"],
        if k.is_multiple_of(2) { "one" } else { "two" }
    );
    assert_eq!(answer["legal"], json!([]));
    let reason = state["outcome"]["reason"].as_str().unwrap();
    assert!(reason == "ten" || reason == "blocked", "{reason}");
    if reason == "ten" {
        let mover = if k % 2 == 1 { "one" } else { "two" };
        assert_eq!(state["outcome"]["winner"], mover);
        assert!(state["collected"][mover].as_u64().unwrap() >= 10);
    }
    let more = ask(
        &mut engine,
        json!({"cmd": "play", "session": s, "move": "a1"}),
    );
    assert_eq!(more["ok"], false);
    assert_eq!(more["error"], "the game is over; no more actions are taken");
    let ai = ask(&mut engine, json!({"cmd": "ai", "session": s}));
    assert_eq!(ai["ok"], false);
}

#[test]
fn a_ruleset_is_refused() {
    let answer = ask(
        &mut Engine::new(),
        json!({"cmd": "replay", "game": "polarity", "ruleset": "classic", "moves": []}),
    );
    assert_eq!(answer["ok"], false);
}

#[test]
fn simulate_prints_a_json_summary() {
    let out = Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args(["simulate", "polarity", "--games", "6", "--seed", "3"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["games"], 6);
    assert_eq!(summary["players"], "random");
    let total = summary["wins"]["one"].as_u64().unwrap()
        + summary["wins"]["two"].as_u64().unwrap()
        + summary["draws"].as_u64().unwrap();
    assert_eq!(total, 6);
    let out = Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args([
            "simulate",
            "polarity",
            "--games",
            "2",
            "--players",
            "ai",
            "--depth",
            "2",
            "--nodes",
            "20000",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        summary["ai"]["wins"].as_u64().unwrap()
            + summary["ai"]["losses"].as_u64().unwrap()
            + summary["ai"]["draws"].as_u64().unwrap(),
        2
    );
    let bad = Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args(["simulate", "polarity", "--players", "nobody"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn bench_reports_the_computers_median_per_position() {
    let bench = crate::json_of(&["bench", "polarity", "--samples", "2", "--ai-samples", "3"]);
    assert_eq!(
        (bench["samples"].clone(), bench["ai_samples"].clone()),
        (json!(2), json!(3))
    );
    let runs = bench["ai_default"].as_array().unwrap();
    let names: Vec<&str> = runs
        .iter()
        .map(|r| r["position"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["start", "ply_4", "ply_8", "ply_12"]);
    for run in runs {
        assert!(
            run["median_ms"].as_f64().is_some_and(|ms| ms > 0.0),
            "{run}"
        );
        assert!(run.get("ms").is_none(), "{run}");
        assert!(run["nodes"].as_u64().is_some_and(|n| n > 0), "{run}");
    }
}
