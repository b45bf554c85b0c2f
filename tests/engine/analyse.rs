//! `analyse` as a script author meets it: on the command line and in the protocol, its
//! lines replay, a win at once is found and called won, and its mistakes are one line.

use lodestone::engine::protocol::Engine;
use serde_json::{Value, json};

use crate::{json_of, lodestone};

/// The first puzzle of each game whose goal is to win at once, as `puzzles --json` lists
/// it: (game, moves, seed, ruleset).
fn wins_at_once() -> Vec<(String, Vec<String>, u64, Option<String>)> {
    let listed = json_of(&["puzzles", "--json"]);
    let mut wins: Vec<(String, Vec<String>, u64, Option<String>)> = Vec::new();
    for puzzle in listed.as_array().expect("a list") {
        let game = puzzle["game"].as_str().unwrap_or_default().to_string();
        if puzzle["goal"]["kind"] != "win" || wins.iter().any(|w| w.0 == game) {
            continue;
        }
        let moves = puzzle["actions"].as_array().expect("actions");
        wins.push((
            game,
            moves
                .iter()
                .filter_map(|m| m.as_str().map(String::from))
                .collect(),
            puzzle["seed"].as_u64().unwrap_or(0),
            puzzle["ruleset"].as_str().map(String::from),
        ));
    }
    wins
}

/// The protocol's answer to one request.
fn ask(engine: &mut Engine, request: Value) -> Value {
    serde_json::from_str(&engine.handle_line(&request.to_string())).expect("JSON")
}

#[test]
fn a_win_at_once_is_found_and_called_won_in_every_game() {
    let wins = wins_at_once();
    assert_eq!(wins.len(), lodestone::rules::GameId::ALL.len(), "{wins:?}");
    let mut engine = Engine::new();
    for (game, moves, seed, ruleset) in wins {
        let mut args = vec![
            "analyse".to_string(),
            game.clone(),
            "--top".into(),
            "1".into(),
        ];
        args.extend(["--json".into(), "--seed".into(), seed.to_string()]);
        if let Some(r) = &ruleset {
            args.extend(["--ruleset".into(), r.clone()]);
        }
        if !moves.is_empty() {
            args.extend(["--moves".into(), moves.join(",")]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let answer = json_of(&args);
        let best = &answer["best"][0];
        let chance = best["win_chance"].as_f64().expect("a chance");
        assert!(chance > 0.95, "{game}: {answer}");
        // The line (the winning turn, and in Wave Field the resignation it forces) ends
        // the game won by the side that was to move.
        let line = best["line"].as_array().expect("a line");
        let mut all = json!(moves);
        all.as_array_mut()
            .expect("a list")
            .extend(line.iter().cloned());
        let replay = ask(
            &mut engine,
            json!({"cmd": "replay", "game": game, "moves": all, "seed": seed, "ruleset": ruleset}),
        );
        assert_eq!(replay["ok"], true, "{game}: {replay}");
        assert_eq!(
            replay["state"]["outcome"]["winner"], answer["side"],
            "{game}: the winning line wins: {replay}"
        );
    }
}

/// Every `analyse` answer of the golden file that ranks the side to move's turns: its
/// lines replay from the position, best values first.
#[test]
fn the_recorded_lines_replay() {
    let requests = include_str!("golden/requests.jsonl");
    let answers = include_str!("golden/answers.jsonl");
    let mut engine = Engine::new();
    let mut checked = 0;
    for (request, answer) in requests.lines().zip(answers.lines()) {
        // The file holds malformed lines on purpose.
        let (Ok(request), Ok(answer)) = (
            serde_json::from_str::<Value>(request),
            serde_json::from_str::<Value>(answer),
        ) else {
            continue;
        };
        if request["cmd"] != "analyse" || answer["ok"] != true || request["game"].is_null() {
            continue;
        }
        if answer["threat"] == true {
            continue;
        }
        let best = answer["best"].as_array().expect("best");
        let scores: Vec<i64> = best.iter().filter_map(|t| t["score"].as_i64()).collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{answer}");
        for turn in best {
            let mut moves = request["moves"].as_array().cloned().unwrap_or_default();
            moves.extend(turn["line"].as_array().cloned().unwrap_or_default());
            let mut replay = request.clone();
            let fields = replay.as_object_mut().expect("an object");
            for key in ["top", "line", "level", "threat", "id"] {
                fields.remove(key);
            }
            fields.insert("cmd".into(), json!("replay"));
            fields.insert("moves".into(), json!(moves));
            let replayed = ask(&mut engine, replay);
            assert_eq!(replayed["ok"], true, "{request}: {replayed}");
            checked += 1;
        }
    }
    assert!(checked >= 12, "{checked} lines");
}

/// The table reads as its heading says, and `--json` is the protocol's answer.
#[test]
fn the_command_line_prints_a_table_or_the_protocols_answer() {
    let out = lodestone(&[
        "analyse",
        "hexchess",
        "--moves",
        "f5f6,b7b6",
        "--top",
        "2",
        "--level",
        "normal",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("after 2 moves, white to move"), "{text}");
    assert!(
        lines[1].contains("turn") && lines[1].contains("to win"),
        "{text}"
    );
    assert_eq!(lines.len(), 4, "heading, columns, two turns: {text}");
    let json = json_of(&[
        "analyse",
        "hexchess",
        "--moves",
        "f5f6,b7b6",
        "--top",
        "2",
        "--level",
        "normal",
        "--json",
    ]);
    let asked = ask(
        &mut Engine::new(),
        json!({"cmd": "analyse", "game": "hexchess", "moves": ["f5f6", "b7b6"], "top": 2, "level": "normal"}),
    );
    let mut asked = asked;
    asked.as_object_mut().expect("an object").remove("id");
    assert_eq!(json, asked);
    let first = json["best"][0]["actions"][0].as_str().expect("a move");
    assert!(lines[2].contains(first), "{text}");
}

#[test]
fn command_line_mistakes_are_one_line() {
    for (args, says) in [
        (
            vec!["analyse", "vectress", "--top", "0"],
            "--top must be 1 to 20",
        ),
        (
            vec!["analyse", "vectress", "--line", "13"],
            "--line must be 1 to 12",
        ),
        (
            vec!["analyse", "vectress", "--level", "grand"],
            "unknown level \"grand\"",
        ),
        (
            vec!["analyse", "vectress", "--moves", "E3-G5,Z9-Z1"],
            "move 2 (Z9-Z1) is refused",
        ),
        (vec!["analyse", "chess"], "unknown game \"chess\""),
        (
            vec!["analyse", "polarity", "--ruleset", "classic"],
            "has no rulesets",
        ),
    ] {
        let out = lodestone(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?} should say {says:?}: {err}");
    }
}
