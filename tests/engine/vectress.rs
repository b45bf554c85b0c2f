//! vectress through the engine protocol.

use std::process::Command;

use lodestone::engine::protocol::Engine;
use serde_json::{Value, json};

fn ask(engine: &mut Engine, request: Value) -> Value {
    serde_json::from_str(&engine.handle_line(&request.to_string())).unwrap()
}

fn replay(moves: &[&str]) -> Value {
    ask(
        &mut Engine::new(),
        json!({"id": 1, "cmd": "replay", "game": "vectress", "moves": moves}),
    )
}

#[test]
fn start_state_is_exactly_the_protocol_shape() {
    let answer = replay(&[]);
    assert_eq!(answer["ok"], true);
    assert_eq!(answer["last"], Value::Null);
    let piece =
        |cell: &str, kind: &str, owner: &str| json!({"cell": cell, "kind": kind, "owner": owner});
    // Section 1's diagram, sorted by cell (letter, then row).
    let expected = json!({
        "game": "vectress", "to_move": "white", "ply": 0,
        "pieces": [
            piece("B1", "square", "white"), piece("B2", "triangle", "white"),
            piece("B8", "triangle", "black"), piece("B9", "square", "black"),
            piece("C1", "rhombus", "white"), piece("C9", "rhombus", "black"),
            piece("D3", "triangle", "white"), piece("D7", "triangle", "black"),
            piece("E3", "octagon", "white"), piece("E7", "octagon", "black"),
            piece("F3", "triangle", "white"), piece("F7", "triangle", "black"),
            piece("G1", "rhombus", "white"), piece("G9", "rhombus", "black"),
            piece("H1", "square", "white"), piece("H2", "triangle", "white"),
            piece("H8", "triangle", "black"), piece("H9", "square", "black"),
        ],
        "bonds": [],
        "lost": {"white": 0, "black": 0},
        "outcome": null,
    });
    assert_eq!(answer["state"], expected);
    let legal: Vec<&str> = answer["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let mut sorted = legal.clone();
    sorted.sort();
    assert_eq!(legal, sorted, "legal is sorted as plain strings");
    assert_eq!(legal.len(), 32);
    assert!(!legal.contains(&"pass"));
}

#[test]
fn cores_meeting_head_on_push_and_bond_in_waves() {
    // White's Core to E5; Black's Core to E6 pushes it back to E4 (fronts are +). Black's
    // Core bonds with its triangles D7 and F7 in wave 1 (its back-diagonal - edges meet
    // their + edges); White's Core, arriving on E4 in wave 1, bonds with D3 and F3 in
    // wave 2, in which nothing moves (V9, V15).
    let answer = replay(&["E3-E5", "E7-E6"]);
    assert_eq!(answer["ok"], true, "{answer}");
    assert_eq!(
        answer["last"],
        json!({"waves": [
            {"moved": [{"from": "E5", "to": "E4"}], "lost": [], "bonds": [["D7", "E6"], ["E6", "F7"]]},
            {"moved": [], "lost": [], "bonds": [["D3", "E4"], ["E4", "F3"]]},
        ]})
    );
    let state = &answer["state"];
    assert_eq!(
        state["bonds"],
        json!([["D3", "E4"], ["D7", "E6"], ["E4", "F3"], ["E6", "F7"]])
    );
    assert_eq!(state["ply"], 2);
    assert_eq!(state["to_move"], "white");
    // V15: a bonded piece lists both X-Y and X~Y; an unbonded one only X-Y.
    let legal: Vec<&str> = answer["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    for m in ["E4-E5", "E4~E5", "D3-C4", "D3~C4"] {
        assert!(legal.contains(&m), "{m}");
    }
    assert!(!legal.iter().any(|m| m.starts_with("B2~")));
}

#[test]
fn a_plain_move_has_one_empty_wave() {
    // V15: every move has at least one wave, the last one with nothing moving.
    let answer = replay(&["H1-I1"]);
    assert_eq!(
        answer["last"],
        json!({"waves": [{"moved": [], "lost": [], "bonds": []}]})
    );
}

#[test]
fn illegal_moves_name_the_ply_and_the_rule() {
    let answer = replay(&["E3-E5", "E7-E5"]);
    assert_eq!(answer["ok"], false);
    assert_eq!(answer["ply"], 1);
    assert_eq!(answer["id"], 1);
    let error = answer["error"].as_str().unwrap();
    assert!(
        error.starts_with("E7-E5: E6") || error.contains("occupied"),
        "{error}"
    );
    let answer = replay(&["E3-E4", "E3-E5"]);
    assert_eq!(answer["ply"], 1);
    assert!(answer["error"].as_str().unwrap().contains("no piece on E3"));
    let answer = replay(&["E2-E4x"]);
    assert_eq!(answer["ply"], 0);
    assert!(answer["error"].as_str().unwrap().contains("not a move"));
    let answer = replay(&["pass"]);
    assert!(answer["error"].as_str().unwrap().contains("only when"));
    let answer = replay(&["E7-E6"]);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("Black's, and it is White's turn")
    );
}

#[test]
fn sessions_play_undo_state_and_ai() {
    let mut engine = Engine::new();
    let new = ask(
        &mut engine,
        json!({"cmd": "new", "game": "vectress", "id": "n"}),
    );
    assert_eq!(new["ok"], true);
    let s = new["session"].clone();
    let played = ask(
        &mut engine,
        json!({"cmd": "play", "session": s, "move": "E3-E5"}),
    );
    assert_eq!(played["state"]["ply"], 1);
    assert_eq!(played["state"]["to_move"], "black");
    let refused = ask(
        &mut engine,
        json!({"cmd": "play", "session": s, "move": "E3-E4"}),
    );
    assert_eq!(refused["ok"], false);
    let state = ask(&mut engine, json!({"cmd": "state", "session": s}));
    assert_eq!(
        state["state"], played["state"],
        "a refused move changes nothing"
    );
    assert_eq!(state["last"], played["last"]);
    let ai = ask(&mut engine, json!({"cmd": "ai", "session": s}));
    assert_eq!(ai["ok"], true);
    assert_eq!(ai["state"]["ply"], 2);
    assert!(
        ai["last"]["waves"]
            .as_array()
            .is_some_and(|w| !w.is_empty())
    );
    let undone = ask(&mut engine, json!({"cmd": "undo", "session": s}));
    assert_eq!(undone["state"], played["state"]);
    assert_eq!(undone["last"], played["last"]);
    let undone = ask(&mut engine, json!({"cmd": "undo", "session": s}));
    assert_eq!(undone["state"]["ply"], 0);
    assert_eq!(undone["last"], Value::Null);
    let nothing = ask(&mut engine, json!({"cmd": "undo", "session": s}));
    assert_eq!(nothing["ok"], false);
    // The computer is deterministic for a seed.
    let a = ask(
        &mut engine,
        json!({"cmd": "new", "game": "vectress", "seed": 5}),
    )["session"]
        .clone();
    let b = ask(
        &mut engine,
        json!({"cmd": "new", "game": "vectress", "seed": 5}),
    )["session"]
        .clone();
    let ra = ask(&mut engine, json!({"cmd": "ai", "session": a}));
    let rb = ask(&mut engine, json!({"cmd": "ai", "session": b}));
    assert_eq!(ra["state"], rb["state"]);
}

#[test]
fn a_game_played_to_the_end_refuses_more_moves() {
    // V15: after the end `to_move` still flips, `legal` is empty, moves are refused.
    let mut engine = Engine::new();
    let s = ask(&mut engine, json!({"cmd": "new", "game": "vectress"}))["session"].clone();
    let mut answer = ask(&mut engine, json!({"cmd": "state", "session": s}));
    let mut plies = 0;
    while answer["state"]["outcome"].is_null() {
        let legal = answer["legal"].as_array().unwrap().clone();
        // Always the last legal move: a fixed, boring line of play.
        let m = legal.last().unwrap().clone();
        answer = ask(&mut engine, json!({"cmd": "play", "session": s, "move": m}));
        assert_eq!(answer["ok"], true, "{answer}");
        plies += 1;
        assert!(plies <= 200);
    }
    assert_eq!(answer["legal"], json!([]));
    let outcome = &answer["state"]["outcome"];
    assert!(
        ["core", "five", "repetition", "cap", "passes"]
            .contains(&outcome["reason"].as_str().unwrap())
    );
    let mover = if plies % 2 == 1 { "black" } else { "white" };
    assert_eq!(answer["state"]["to_move"], mover);
    let refused = ask(
        &mut engine,
        json!({"cmd": "play", "session": s, "move": "pass"}),
    );
    assert_eq!(refused["ok"], false);
    assert!(refused["error"].as_str().unwrap().contains("over"));
}

#[test]
fn simulate_and_bench_print_json() {
    let out = Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args(["simulate", "vectress", "--games", "3", "--seed", "2"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["games"], 3);
    let ends: u64 = summary["outcomes"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(ends, 3);
    assert_eq!(summary["waves_per_move"]["cap_reached"], 0);
    let out = Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args([
            "bench",
            "vectress",
            "--positions",
            "21",
            "--games",
            "1",
            "--samples",
            "2",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let bench: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(bench["resolve_move_median_ns"].as_f64().unwrap() > 0.0);
    // The computer is timed on every tenth position: 0, 10 and 20.
    assert_eq!(
        (bench["positions"].clone(), bench["samples"].clone()),
        (json!(21), json!(2))
    );
    assert_eq!(bench["ai_positions"], 3);
    let bad = Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args(["simulate", "vectress", "--players", "robots"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn ko_refuses_pushing_a_body_straight_back() {
    // V13. After seven moves White has a body B2+C3+C4+D4 (square, rhombus, triangle,
    // Core) and Black a bonded pair of triangles F6+F7. Black's F6-E5 moves the pair to
    // E5+E6; the triangle's south-west + edge meets the Core's north-east + edge and
    // pushes White's body south-west to A1+B2+B3+C3. White's B2-C3 would move the body
    // back north-east, where the Core pushes the pair back to F6+F7: the board before
    // Black's last move.
    let moves = [
        "C1-D2", "D7-B5", "B1-C1", "H8-F6", "B2-A3", "E7-E9", "D2-C3", "F6-E5",
    ];
    let before = replay(&moves[..7]);
    assert_eq!(
        before["state"]["bonds"],
        json!([["B2", "C3"], ["C3", "C4"], ["C3", "D4"], ["F6", "F7"]])
    );
    let now = replay(&moves);
    assert_eq!(
        now["last"]["waves"][0]["moved"],
        json!([
            {"from": "B2", "to": "A1"}, {"from": "C3", "to": "B2"},
            {"from": "C4", "to": "B3"}, {"from": "D4", "to": "C3"}
        ])
    );
    assert!(!now["legal"].as_array().unwrap().contains(&json!("B2-C3")));
    let mut with_ko = moves.to_vec();
    with_ko.push("B2-C3");
    let refused = replay(&with_ko);
    assert_eq!(refused["ok"], false);
    assert_eq!(refused["ply"], 8);
    assert_eq!(
        refused["error"],
        "B2-C3: ko: this recreates the board before Black's last move"
    );
}

#[test]
fn a_piece_pushed_off_is_lost_and_an_empty_wave_follows() {
    // V8, V15. White's triangle goes to I3; Black's triangle F7-E6 bonds to its Core (its
    // back, a - edge, meets the Core's + front); White's square H1-H3 then presents its
    // east + edge to the triangle's west + corner and pushes its own triangle off the
    // board. Only a loss happened in wave 1, so an empty wave 2 follows.
    let answer = replay(&["H2-I3", "F7-E6", "H1-H3"]);
    assert_eq!(
        answer["last"],
        json!({"waves": [
            {"moved": [], "lost": ["I3"], "bonds": []},
            {"moved": [], "lost": [], "bonds": []},
        ]})
    );
    let state = &answer["state"];
    assert_eq!(state["lost"], json!({"white": 1, "black": 0}));
    assert_eq!(state["bonds"], json!([["E6", "E7"]]));
    let pieces = state["pieces"].as_array().unwrap();
    assert_eq!(pieces.len(), 17);
    assert!(!pieces.iter().any(|p| p["cell"] == "I3"));
}
