//! `review` as a script author meets it (#43): a turn that hands the opponent a win at
//! once is a blunder; over every scenario of the library the answer replays and its
//! marks follow the documented thresholds; a file that cannot be read is one sentence.

use lodestone::replay::Replay;
use lodestone::rules::GameId;
use lodestone::rules::review::{BLUNDER, INACCURACY, MISTAKE};
use serde_json::Value;

#[path = "../shared/handed.rs"]
mod handed;
use handed::a_handed_win;

use crate::{json_of, lodestone};

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("lodestone-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Reviews `actions` of `game` from `seed` at easy; the answer.
fn reviewed(
    game: GameId,
    actions: Vec<String>,
    seed: u64,
    ruleset: Option<String>,
    name: &str,
) -> Value {
    let mut replay = Replay::new(game, actions);
    replay.seed = seed;
    replay.ruleset = ruleset;
    let file = temp(name);
    std::fs::write(&file, replay.to_text()).unwrap();
    json_of(&[
        "review",
        file.to_str().unwrap(),
        "--level",
        "easy",
        "--json",
    ])
}

#[test]
fn a_turn_that_hands_over_a_win_at_once_is_a_blunder() {
    let mut found = 0;
    for game in GameId::ALL {
        let handed = (1..40).find_map(|seed| {
            lodestone::with_rules!(game, G => a_handed_win::<G>(seed)).map(|h| (h, seed))
        });
        let Some(((actions, ply), seed)) = handed else {
            // Vectress below must find one; the others may need longer games.
            continue;
        };
        found += 1;
        let answer = reviewed(
            game,
            actions,
            seed,
            None,
            &format!("{}-handed.ron", game.id()),
        );
        let turn = answer["turns"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["ply"] == ply)
            .unwrap_or_else(|| panic!("{game:?}: ply {ply} reviewed: {answer}"));
        assert_eq!(turn["mark"], "??", "{game:?}: {turn}");
        assert!(
            turn["win_chance_after"].as_f64().unwrap() < 0.1,
            "{game:?}: {turn}"
        );
    }
    assert!(found >= 1, "a handed win was found in Vectress at least");
}

/// Every scenario of the library reviewed: every turn's best is legal where it was
/// played, the chances lie in 0-1 and every mark follows from the fall.
#[test]
fn every_scenario_reviews_consistently() {
    let scenarios = json_of(&["scenarios", "--json"]);
    for scenario in scenarios.as_array().unwrap() {
        let game = GameId::parse(scenario["game"].as_str().unwrap()).unwrap();
        let actions: Vec<String> = scenario["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap().to_string())
            .collect();
        let seed = scenario["seed"].as_u64().unwrap_or(0);
        let ruleset = scenario["ruleset"].as_str().map(String::from);
        let name = scenario["name"].as_str().unwrap();
        let answer = reviewed(
            game,
            actions.clone(),
            seed,
            ruleset.clone(),
            &format!("{name}.ron"),
        );
        let turns = answer["turns"].as_array().unwrap();
        assert!(!turns.is_empty(), "{name}");
        for turn in turns {
            let chance = |k: &str| turn[k].as_f64().unwrap();
            for k in ["win_chance_before", "win_chance_after", "best_win_chance"] {
                assert!((0.0..=1.0).contains(&chance(k)), "{name}: {turn}");
            }
            let fall = (chance("win_chance_before") - chance("win_chance_after")).max(0.0);
            let expected = if fall >= BLUNDER + 1e-4 {
                Some("??")
            } else if (MISTAKE + 1e-4..BLUNDER - 1e-4).contains(&fall) {
                Some("?")
            } else if (INACCURACY + 1e-4..MISTAKE - 1e-4).contains(&fall) {
                Some("?!")
            } else if fall < INACCURACY - 1e-4 {
                None
            } else {
                continue; // on a threshold after rounding
            };
            match turn["mark"].as_str() {
                Some("!") => assert!(
                    fall < 1e-9 && turn["action"] == turn["best"],
                    "{name}: {turn}"
                ),
                mark => assert_eq!(mark, expected, "{name}: {turn}"),
            }
            // The best turn is legal where the turn was played.
            let ply = turn["ply"].as_u64().unwrap() as usize;
            let mut best_after: Vec<String> = actions[..ply].to_vec();
            best_after.extend(turn["best"].as_str().unwrap().split(',').map(String::from));
            let mut check = Replay::new(game, best_after);
            check.seed = seed;
            check.ruleset = ruleset.clone();
            assert!(check.check().is_ok(), "{name}: best {turn} replays");
        }
        let sides = answer["sides"].as_object().unwrap();
        assert_eq!(sides.len(), 2, "{name}");
        for side in sides.values() {
            let accuracy = side["accuracy"].as_f64().unwrap();
            assert!((0.0..=100.0).contains(&accuracy), "{name}: {side}");
        }
    }
}

#[test]
fn a_file_that_cannot_be_reviewed_is_one_sentence() {
    let missing = temp("no-such.ron");
    let out = lodestone(&["review", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("cannot be read"), "{err}");
    let bad = temp("bad-level.ron");
    std::fs::write(
        &bad,
        Replay::new(GameId::Vectress, vec!["E3-E5".into()]).to_text(),
    )
    .unwrap();
    let out = lodestone(&["review", bad.to_str().unwrap(), "--level", "grand"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown level"));
}
