//! Wave Field's developer-mode definitions through the protocol (W11): `"definitions"` on
//! `new` / `replay`, whole tunings `tune R+0-T+A+B-`, and the per-slot STATE keys.

use lodestone::engine::protocol::Engine;
use lodestone::rules::wavefield::definitions::Definitions;
use lodestone::rules::wavefield::devmode;
use lodestone::rules::wavefield::patterns::{Pattern, Preset};
use serde_json::{Value, json};

fn ask(engine: &mut Engine, request: Value) -> Value {
    serde_json::from_str(&engine.handle_line(&request.to_string())).unwrap()
}

/// Round Hat with three slots (limit 2), the others built in.
fn defs() -> Definitions {
    let mut d = Definitions::default();
    d.round_hat.slots = vec![
        Pattern::Preset(Preset::Checkerboard),
        Pattern::Preset(Preset::CompassRose),
        Pattern::Rings(vec![1, -1]),
    ];
    d.round_hat.active_limit = 2;
    d.round_hat.default_controls = vec![1, 0, 0];
    d
}

fn replay(definitions: Value, moves: &[&str]) -> Value {
    ask(
        &mut Engine::new(),
        json!({"cmd": "replay", "game": "wavefield", "moves": moves, "definitions": definitions}),
    )
}

#[test]
fn multi_slot_definitions_show_every_slot_and_the_press_order() {
    let json_defs = serde_json::to_value(defs()).unwrap();
    let answer = replay(json_defs.clone(), &[]);
    assert_eq!(answer["ok"], true, "{answer}");
    let state = &answer["state"];
    let one =
        |rh: Value| json!({"round_hat": rh, "tower": [1], "triangle_hat": [1], "big_hat": [1]});
    assert_eq!(
        state["controls"],
        json!({"red": one(json!([1, 0, 0])), "blue": one(json!([1, 0, 0]))})
    );
    assert_eq!(state["press_order"]["blue"]["round_hat"], json!([1, 2, 3]));
    // A whole tuning, then a press at the limit: slot 1 was pressed least recently.
    let answer = replay(json_defs.clone(), &["tune R-+0T+A-B+", "press R3+"]);
    assert_eq!(answer["ok"], true, "{answer}");
    let blue = &answer["state"]["controls"]["blue"];
    assert_eq!(blue["round_hat"], json!([0, 1, 1]));
    assert_eq!(blue["triangle_hat"], json!([-1]));
    assert_eq!(
        answer["state"]["press_order"]["blue"]["round_hat"],
        json!([3, 2, 1])
    );
    assert_eq!(answer["state"]["tuning"]["blue"]["triangle_hat"], -1);
    assert_eq!(
        answer["last"],
        json!({"from": null, "to": null, "removed": []})
    );
    // The same definitions as developer mode's RON text give the same answer.
    let ron = devmode::to_ron(&defs()).unwrap();
    let same = replay(json!(ron), &["tune R-+0T+A-B+", "press R3+"]);
    assert_eq!(same, answer);
}

#[test]
fn whole_tunings_are_checked_against_the_definitions() {
    let json_defs = serde_json::to_value(defs()).unwrap();
    let answer = replay(json_defs.clone(), &["tune R+T+A+B+", "tune R+++T+A+B+"]);
    assert_eq!(answer["ok"], false);
    assert_eq!(answer["ply"], 1);
    assert_eq!(
        answer["error"],
        "the tuning turns on 3 components of the Round Hat, which needs 1 to 2 on (its active limit, W11)"
    );
    // The built-in definitions have one slot per type.
    let answer = replay(Value::Null, &["tune R+0-T+A+B+"]);
    assert_eq!(
        answer["error"],
        "Round Hat has 1 component slot, but the tuning gives it 3 controls; write one control per slot (W11)"
    );
    // Dice keeps each type at its active limit.
    let answer = replay(json_defs, &["dice"]);
    let rh = answer["state"]["controls"]["blue"]["round_hat"]
        .as_array()
        .unwrap();
    assert_eq!(rh.iter().filter(|c| **c != 0).count(), 2);
}

#[test]
fn definitions_are_refused_in_one_sentence() {
    let mut engine = Engine::new();
    let vectress = ask(
        &mut engine,
        json!({"cmd": "new", "game": "vectress", "definitions": {}}),
    );
    assert_eq!(
        vectress["error"],
        "vectress has no wave definitions; only wavefield takes \"definitions\""
    );
    let mut bad = serde_json::to_value(defs()).unwrap();
    bad["round_hat"]["active_limit"] = json!(0);
    let answer = ask(
        &mut engine,
        json!({"cmd": "new", "game": "wavefield", "definitions": bad}),
    );
    assert_eq!(answer["ok"], false);
    let error = answer["error"].as_str().unwrap();
    assert!(
        error.starts_with("\"definitions\" are not usable (round_hat.active_limit: "),
        "{error}"
    );
    let typed = ask(
        &mut engine,
        json!({"cmd": "new", "game": "wavefield", "definitions": 3}),
    );
    assert_eq!(
        typed["error"],
        "\"definitions\" must be an object or a RON string"
    );
    let ron = ask(
        &mut engine,
        json!({"cmd": "new", "game": "wavefield", "definitions": "(round_hat: ())"}),
    );
    assert!(
        ron["error"]
            .as_str()
            .unwrap()
            .starts_with("\"definitions\" are not usable (")
    );
    // Sessions started from definitions keep them.
    let new = ask(
        &mut engine,
        json!({"cmd": "new", "game": "wavefield", "definitions": serde_json::to_value(defs()).unwrap()}),
    );
    let session = new["session"].clone();
    let played = ask(
        &mut engine,
        json!({"cmd": "play", "session": session, "move": "press R2-"}),
    );
    assert_eq!(
        played["state"]["controls"]["blue"]["round_hat"],
        json!([1, -1, 0])
    );
    // Single-slot games answer exactly as before: no per-slot keys.
    let plain = replay(serde_json::to_value(Definitions::default()).unwrap(), &[]);
    assert!(plain["state"].get("controls").is_none());
    assert_eq!(plain, replay(Value::Null, &[]));
}
