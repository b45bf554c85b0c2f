//! The engine's answers, byte for byte, against answers recorded from the engine before
//! the four games were moved onto one generic session (`golden/requests.jsonl` and
//! `golden/answers.jsonl`: the first 561 requests over every command, every game,
//! malformed lines, refused moves, undo at the start, the computer's moves, replays and
//! perft). Requests with `id` 531 to 645 (lines 562 on) were recorded later by piping
//! them through `lodestone engine`, each answer checked before it was frozen: `ai` with
//! every `level` in every game, Wave Field `definitions` on `new` and `replay` (as an
//! object and as RON text), and perft at depth 4, at the bound 5 (on a mated position,
//! 0 leaves) and over it. Requests 646 to 678 (lines 677 on) are `analyse`: every game's
//! best turns and threat at easy and normal, a win at once in each game (the first "win"
//! puzzle of each) at strong, a session analysed before and after `ai` (the analysis
//! changes nothing), and every refusal; each answer was checked by hand (the lines replay,
//! the wins win) before it was frozen.
//! Position answers gained their `code` (#44): the file was written again through
//! `lodestone engine`, and with each `"code":"...",` taken out every line was byte for
//! byte the one recorded before (509 of the 709 answers carry a code).

use lodestone::engine::protocol::Engine;

#[test]
fn recorded_answers_come_back_byte_for_byte() {
    let requests = include_str!("golden/requests.jsonl");
    let answers = include_str!("golden/answers.jsonl");
    let mut engine = Engine::new();
    let mut checked = 0;
    for (line, (request, expected)) in requests.lines().zip(answers.lines()).enumerate() {
        let answer = engine.handle_line(request);
        assert_eq!(answer, expected, "line {}: {request}", line + 1);
        checked += 1;
    }
    assert_eq!(checked, requests.lines().count());
    assert_eq!(checked, answers.lines().count());
    assert!(checked > 500);
}

#[test]
fn a_deep_perft_is_refused_and_the_next_line_answered() {
    // Depth 7 would count for many minutes: refused before counting, or this test hangs.
    let mut engine = Engine::new();
    let answer: serde_json::Value =
        serde_json::from_str(&engine.handle_line(r#"{"id":1,"cmd":"perft","depth":7}"#)).unwrap();
    assert_eq!(answer["ok"], false);
    assert_eq!(answer["id"], 1);
    assert_eq!(
        answer["error"],
        "\"depth\" must be at most 5 here (deeper counts take minutes; `lodestone perft` counts any depth)"
    );
    let next: serde_json::Value =
        serde_json::from_str(&engine.handle_line(r#"{"id":2,"cmd":"games"}"#)).unwrap();
    assert_eq!(next["ok"], true);
}

#[test]
fn any_id_comes_back_as_sent() {
    let mut engine = Engine::new();
    for id in [
        "12345678901234567890123",
        "-98765432109876543210987",
        "1.000000000000000000000001",
        r#"{"nested":[1,2.5,"x",null,123456789012345678901234567890]}"#,
        r#""text""#,
        "null",
        "7",
    ] {
        let answer = engine.handle_line(&format!(r#"{{"cmd":"games","id":{id}}}"#));
        assert!(
            answer.contains(&format!(r#""id":{id}"#)),
            "{id} -> {answer}"
        );
        // Errors echo it too.
        let refused = engine.handle_line(&format!(r#"{{"cmd":"fly","id":{id}}}"#));
        assert!(
            refused.contains(&format!(r#""id":{id}"#)),
            "{id} -> {refused}"
        );
    }
}

#[test]
fn ai_takes_a_level_and_defaults_to_strong() {
    let mut engine = Engine::new();
    let ask = |engine: &mut Engine, line: &str| -> serde_json::Value {
        serde_json::from_str(&engine.handle_line(line)).unwrap()
    };
    for game in ["vectress", "hexchess", "wavefield", "polarity"] {
        // Default and "strong" choose the same; every level plays a legal action.
        let mut states = Vec::new();
        for level in [
            "",
            r#","level":"strong""#,
            r#","level":"normal""#,
            r#","level":"easy""#,
        ] {
            let s = ask(
                &mut engine,
                &format!(r#"{{"cmd":"new","game":"{game}","seed":3}}"#),
            )["session"]
                .clone();
            let answer = ask(
                &mut engine,
                &format!(r#"{{"cmd":"ai","session":{s}{level}}}"#),
            );
            assert_eq!(answer["ok"], true, "{game} {level}: {answer}");
            assert!(answer["last"].is_object(), "{game} {level}: {answer}");
            states.push(answer["state"].clone());
        }
        assert_eq!(states[0], states[1], "{game}: no level is strong");
        let s = ask(&mut engine, &format!(r#"{{"cmd":"new","game":"{game}"}}"#))["session"].clone();
        let bad = ask(
            &mut engine,
            &format!(r#"{{"cmd":"ai","session":{s},"level":"expert"}}"#),
        );
        assert_eq!(
            bad["error"],
            "unknown level \"expert\" (known: easy, normal, strong)"
        );
    }
}

#[test]
fn undo_after_the_computer_lets_it_choose_the_same_again() {
    // The generator goes back with the turn, in every game.
    let mut engine = Engine::new();
    for game in ["vectress", "hexchess", "wavefield", "polarity"] {
        let s: serde_json::Value = serde_json::from_str(
            &engine.handle_line(&format!(r#"{{"cmd":"new","game":"{game}","seed":9}}"#)),
        )
        .unwrap();
        let s = &s["session"];
        let first = engine.handle_line(&format!(r#"{{"cmd":"ai","session":{s}}}"#));
        engine.handle_line(&format!(r#"{{"cmd":"undo","session":{s}}}"#));
        let again = engine.handle_line(&format!(r#"{{"cmd":"ai","session":{s}}}"#));
        assert_eq!(first, again, "{game}");
    }
}
