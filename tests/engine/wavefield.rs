//! wavefield through the engine protocol.

use lodestone::engine::protocol::Engine;
use serde_json::{Value, json};

fn ask(engine: &mut Engine, request: Value) -> Value {
    serde_json::from_str(&engine.handle_line(&request.to_string())).unwrap()
}

fn replay(moves: &[&str]) -> Value {
    ask(
        &mut Engine::new(),
        json!({"cmd": "replay", "game": "wavefield", "moves": moves}),
    )
}

#[test]
fn start_state_has_the_protocol_shape() {
    let answer = replay(&[]);
    assert_eq!(answer["ok"], true);
    let state = &answer["state"];
    let keys: Vec<&str> = state
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    let mut expected = vec![
        "game", "to_move", "ply", "pieces", "tuning", "field", "trapped", "outcome",
    ];
    expected.sort();
    let mut keys = keys;
    keys.sort();
    assert_eq!(keys, expected);
    assert_eq!(state["game"], "wavefield");
    assert_eq!(state["to_move"], "blue"); // W2: Blue moves first.
    assert_eq!(state["ply"], 0);
    assert_eq!(state["trapped"], false);
    assert_eq!(state["outcome"], Value::Null);
    assert_eq!(answer["last"], Value::Null);
    // Pieces sorted by cell, letter then row (W2 layout).
    let cells: Vec<&str> = state["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["cell"].as_str().unwrap())
        .collect();
    assert_eq!(
        cells,
        [
            "C1", "C2", "C6", "C7", "D1", "D2", "D6", "D7", "E1", "E2", "E6", "E7"
        ]
    );
    assert_eq!(
        state["pieces"][0],
        json!({"cell": "C1", "type": "tower", "owner": "red", "unstable": false})
    );
    assert_eq!(
        state["pieces"][6],
        json!({"cell": "D6", "type": "triangle_hat", "owner": "blue", "unstable": false})
    );
    let ones = json!({"round_hat": 1, "tower": 1, "triangle_hat": 1, "big_hat": 1});
    assert_eq!(state["tuning"], json!({"red": ones, "blue": ones}));
    // Field: 7 rows, row 7 first; values computed by hand from W3/W4 for the middle
    // row (Neutral by symmetry) and D7's neighbourhood is Blue.
    let field = state["field"].as_array().unwrap();
    assert_eq!(field.len(), 7);
    assert!(field.iter().all(|r| r.as_array().unwrap().len() == 7));
    assert_eq!(field[3], json!(["0", "0", "0", "0", "0", "0", "0"]));
    for (y, row) in field.iter().enumerate() {
        for (x, v) in row.as_array().unwrap().iter().enumerate() {
            // Rotating the board and swapping colours negates the field.
            let mirror = field[6 - y][6 - x].as_str().unwrap();
            let v = v.as_str().unwrap();
            assert_eq!(
                v,
                if mirror == "0" {
                    "0".to_string()
                } else if let Some(m) = mirror.strip_prefix('-') {
                    m.to_string()
                } else {
                    format!("-{mirror}")
                }
            );
        }
    }
    // Legal moves: sorted strings, Blue's only.
    let legal: Vec<&str> = answer["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let mut sorted = legal.clone();
    sorted.sort();
    assert_eq!(legal, sorted);
    assert!(
        legal.contains(&"D6-D3"),
        "the Triangle Hat crosses Neutral and Red squares (W7)"
    );
    assert!(legal.contains(&"C6-C4"));
    assert!(
        !legal.contains(&"C6-C3"),
        "a Round Hat stops before Red territory (W7)"
    );
    assert!(
        legal
            .iter()
            .all(|m| m.starts_with('C') || m.starts_with('D') || m.starts_with('E'))
    );
}

#[test]
fn a_move_reports_its_resolution_and_flags() {
    let answer = replay(&["D6-D3"]);
    assert_eq!(answer["ok"], true);
    assert_eq!(
        answer["last"],
        json!({"from": "D6", "to": "D3", "removed": []})
    );
    let state = &answer["state"];
    assert_eq!(state["to_move"], "red");
    assert_eq!(state["ply"], 1);
    let tri = state["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["cell"] == "D3")
        .unwrap();
    // W8: on Red territory after the move: flagged, still on the board.
    assert_eq!(tri["unstable"], true);
    assert_eq!(tri["owner"], "blue");
}

#[test]
fn illegal_moves_name_the_ply_and_the_rule() {
    let answer = replay(&["D6-D3", "C2-C9"]);
    assert_eq!(answer["ok"], false);
    assert_eq!(answer["ply"], 1);
    let answer = replay(&["C6-C3"]);
    assert_eq!(answer["ply"], 0);
    assert!(answer["error"].as_str().unwrap().contains("W7"));
    let answer = replay(&["D6-D3", "D6-D5"]);
    assert!(answer["error"].as_str().unwrap().contains("no piece on D6"));
    let answer = replay(&["tune R+T+A+"]);
    assert_eq!(answer["ok"], false);
    assert!(answer["error"].as_str().unwrap().contains("tuning profile"));
}

#[test]
fn tuning_does_not_end_the_turn_and_is_listed_in_tuning() {
    let answer = replay(&["tune R+T-A+B-"]);
    let state = &answer["state"];
    assert_eq!(state["ply"], 0, "W12");
    assert_eq!(state["to_move"], "blue", "W6");
    assert_eq!(
        state["tuning"]["blue"],
        json!({"round_hat": 1, "tower": -1, "triangle_hat": 1, "big_hat": -1})
    );
    assert_eq!(state["tuning"]["red"]["tower"], 1);
    assert_eq!(
        answer["last"],
        json!({"from": null, "to": null, "removed": []})
    );
    assert_ne!(state["field"], replay(&[])["state"]["field"]);
    // Tuning back restores the field exactly.
    let back = replay(&["tune R+T-A+B-", "tune R+T+A+B+"]);
    assert_eq!(back["state"]["field"], replay(&[])["state"]["field"]);
    assert_eq!(back["legal"], replay(&[])["legal"]);
}

#[test]
fn sessions_play_undo_state_and_refuse_without_change() {
    let mut engine = Engine::new();
    let s = ask(
        &mut engine,
        json!({"cmd": "new", "game": "wavefield", "seed": 9}),
    )["session"]
        .clone();
    let before = ask(&mut engine, json!({"cmd": "state", "session": s}));
    let bad = ask(
        &mut engine,
        json!({"cmd": "play", "session": s, "move": "C6-C3"}),
    );
    assert_eq!(bad["ok"], false);
    assert_eq!(
        ask(&mut engine, json!({"cmd": "state", "session": s})),
        before,
        "a refused action changes nothing"
    );
    let played = ask(
        &mut engine,
        json!({"cmd": "play", "session": s, "move": "tune R-T+A+B+"}),
    );
    assert_eq!(played["state"]["tuning"]["blue"]["round_hat"], -1);
    let moved = ask(
        &mut engine,
        json!({"cmd": "play", "session": s, "move": played["legal"][0]}),
    );
    assert_eq!(moved["state"]["ply"], 1);
    let undone = ask(&mut engine, json!({"cmd": "undo", "session": s}));
    assert_eq!(undone["state"], played["state"]);
    assert_eq!(undone["last"], played["last"]);
    ask(&mut engine, json!({"cmd": "undo", "session": s}));
    let empty = ask(&mut engine, json!({"cmd": "undo", "session": s}));
    assert_eq!(empty["ok"], false);
    assert!(empty["error"].as_str().unwrap().contains("nothing to undo"));
    assert_eq!(
        ask(&mut engine, json!({"cmd": "state", "session": s})),
        before
    );
}

#[test]
fn resignation_ends_the_game_and_freezes_it() {
    let answer = replay(&["D6-D3", "resign"]);
    let state = &answer["state"];
    assert_eq!(
        state["outcome"],
        json!({"winner": "blue", "reason": "resignation"})
    );
    assert_eq!(state["to_move"], "red", "W12: to_move stays");
    assert_eq!(state["ply"], 1, "W12: ply stays");
    assert_eq!(answer["legal"], json!([]));
    let after = replay(&["D6-D3", "resign", "tune R+T+A+B+"]);
    assert_eq!(after["ok"], false);
    assert_eq!(after["ply"], 2);
}

#[test]
fn dice_follows_the_seed() {
    let mut engine = Engine::new();
    let roll = |engine: &mut Engine, seed: u64| {
        ask(engine, json!({"cmd": "replay", "game": "wavefield", "seed": seed, "moves": ["dice", "dice", "dice"]}))["state"]["tuning"]["blue"].clone()
    };
    assert_eq!(roll(&mut engine, 4), roll(&mut engine, 4));
    let distinct: std::collections::BTreeSet<String> =
        (0..12).map(|s| roll(&mut engine, s).to_string()).collect();
    assert!(
        distinct.len() > 1,
        "different seeds roll different profiles"
    );
}

#[test]
fn the_computer_plays_legal_moves() {
    let mut engine = Engine::new();
    let s = ask(&mut engine, json!({"cmd": "new", "game": "wavefield"}))["session"].clone();
    for ply in 1..=6 {
        let answer = ask(&mut engine, json!({"cmd": "ai", "session": s}));
        assert_eq!(answer["ok"], true, "{answer}");
        if answer["state"]["outcome"] != Value::Null {
            break;
        }
        assert_eq!(answer["state"]["ply"], ply);
        assert!(answer["last"]["from"].is_string());
    }
}

#[test]
fn replayed_games_match_sessions() {
    // A long seeded game played through a session and replayed from its move list gives
    // the same answer.
    let mut engine = Engine::new();
    let s = ask(&mut engine, json!({"cmd": "new", "game": "wavefield"}))["session"].clone();
    let mut moves: Vec<String> = Vec::new();
    let mut last = Value::Null;
    for n in 0..60usize {
        let state = ask(&mut engine, json!({"cmd": "state", "session": s}));
        let legal = state["legal"].as_array().unwrap().clone();
        let m = if n % 5 == 4 {
            "tune R-T+A-B+".to_string()
        } else if legal.is_empty() {
            break;
        } else {
            legal[(n * 7) % legal.len()].as_str().unwrap().to_string()
        };
        last = ask(&mut engine, json!({"cmd": "play", "session": s, "move": m}));
        assert_eq!(last["ok"], true);
        moves.push(m);
    }
    let replayed = ask(
        &mut engine,
        json!({"cmd": "replay", "game": "wavefield", "moves": moves}),
    );
    assert_eq!(replayed, last);
}

#[test]
fn undo_after_ai_takes_back_the_whole_computer_turn() {
    // Choice: the computer's tune and move are one request, so one undo restores the
    // state before `ai`, tuning included.
    let mut engine = Engine::new();
    let s = ask(&mut engine, json!({"cmd": "new", "game": "wavefield"}))["session"].clone();
    for _ in 0..8 {
        let before = ask(&mut engine, json!({"cmd": "state", "session": s}));
        let played = ask(&mut engine, json!({"cmd": "ai", "session": s}));
        if played["state"]["outcome"] != Value::Null {
            break;
        }
        let undone = ask(&mut engine, json!({"cmd": "undo", "session": s}));
        assert_eq!(undone["state"], before["state"]);
        assert_eq!(undone["legal"], before["legal"]);
        ask(&mut engine, json!({"cmd": "ai", "session": s}));
    }
}

#[test]
fn bench_times_the_real_rescue_search_on_positions_without_a_rescue() {
    let bench = crate::json_of(&[
        "bench",
        "wavefield",
        "--samples",
        "2",
        "--selfplay-seconds",
        "0",
        "--rescue-positions",
        "1",
        "--exhaustive-positions",
        "2",
    ]);
    assert_eq!(bench["samples"], 2);
    assert_eq!(bench["computer_move_samples"], 2);
    assert_eq!(bench["rescue_search_all_16_profiles_positions"], 2);
    let all_16 = &bench["median_ns"]["rescue_search_all_16_profiles"];
    assert!(all_16.as_f64().is_some_and(|ns| ns > 0.0), "{all_16}");
    let slots = &bench["rescue_search_by_slots"];
    for config in ["one_slot", "three_slots_limit_1", "three_slots_limit_3"] {
        let c = &slots[config];
        assert_eq!(c["exhaustive_search_positions"], 2, "{config}: {c}");
        let ms = &c["exhaustive_search_median_ms"];
        assert!(ms.as_f64().is_some_and(|ms| ms > 0.0), "{config}: {c}");
        assert!(c.get("exhaustive_search_ms").is_none());
    }
    let ratio = &slots["ratios_to_one_slot"]["three_slots_limit_3"]["exhaustive_search"];
    assert!(ratio.as_f64().is_some(), "{slots}");
}
