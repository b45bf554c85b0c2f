//! Replays saved, loaded and replayed: the same states and resolutions, files kept aside
//! when unreadable, the newest listed first.

use super::*;
use crate::rules::{vectress, wavefield};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lodestone-replay-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Plays `plies` of the computer's easy choices, saves, loads, replays: the same
/// states and the same resolutions, ply by ply.
fn round_trip<G: crate::engine::Wire>(setup: Setup, plies: usize) {
    let mut game = Match::<G>::new(setup).unwrap();
    let mut resolutions = Vec::new();
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        resolutions.extend(
            game.play_computer(crate::rules::Level::Easy, &crate::rules::Stop::never())
                .unwrap(),
        );
    }
    let dir = temp(G::GAME.id());
    let mut replay = Replay::of(&game);
    replay.created = Some("2026-12-01T05:30:00Z".into());
    let path = replay.save_in(&dir).unwrap();
    let loaded = Replay::load(&path).unwrap();
    assert_eq!(loaded, replay);
    let mut again = Match::<G>::new(loaded.setup()).unwrap();
    let mut replayed = Vec::new();
    for action in &loaded.actions {
        replayed.push(again.play_text(action).unwrap());
    }
    // The same position and the same resolutions (the generator may differ: the
    // computer drew from it while it thought).
    let state = |m: &Match<G>| serde_json::to_value(m.rules().state()).unwrap();
    assert_eq!(state(&again), state(&game));
    assert_eq!(again.notation(), game.notation());
    let json = |r: &Vec<G::Resolution>| serde_json::to_value(r).unwrap();
    assert_eq!(json(&replayed), json(&resolutions));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn every_game_round_trips_with_the_same_states_and_resolutions() {
    for (seed, game) in (1..).zip(GameId::ALL) {
        // The default ruleset, then each other one (hex chess's classic).
        let rulesets = [None]
            .into_iter()
            .chain(game.rulesets().iter().skip(1).map(|r| Some(r.to_string())));
        for ruleset in rulesets {
            let setup = Setup {
                ruleset,
                seed,
                position: None,
            };
            crate::with_rules!(game, G => round_trip::<G>(setup, 8));
        }
    }
}

/// Dice between the computer's turns: the replay records what the dice rolled, so it
/// does not depend on the draws the computer made while thinking.
#[test]
fn dice_replays_as_the_profile_it_rolled() {
    let mut game = Match::<wavefield::Game>::new(Setup {
        seed: 11,
        ..Setup::default()
    })
    .unwrap();
    for _ in 0..3 {
        game.play_text("dice").unwrap();
        game.play_computer(crate::rules::Level::Easy, &crate::rules::Stop::never())
            .unwrap();
    }
    assert!(
        game.notation().iter().all(|a| a != "dice"),
        "{:?}",
        game.notation()
    );
    let replay = Replay::of(&game);
    let again = replay.replay::<wavefield::Game>().unwrap();
    use crate::engine::Wire;
    assert_eq!(
        serde_json::to_value(again.rules().state()).unwrap(),
        serde_json::to_value(game.rules().state()).unwrap()
    );
}

/// Each bad file gets its sentence and is byte for byte what it was.
#[test]
fn bad_files_are_refused_in_one_sentence_and_left_alone() {
    let dir = temp("bad");
    let cases = [
        (
            "corrupt.ron",
            "(version: 1, game: \"vectress\", actions: [",
            "is not a readable replay",
        ),
        (
            "future.ron",
            "(version: 9, game: \"vectress\", actions: [])",
            "newer Lodestone",
        ),
        (
            "chess.ron",
            "(version: 1, game: \"chess\", actions: [])",
            "unknown game \"chess\"",
        ),
        (
            "illegal.ron",
            "(version: 1, game: \"vectress\", actions: [\"E3-E5\", \"E3-E9\"])",
            "ply 1, action \"E3-E9\" is refused",
        ),
    ];
    for (name, text, says) in cases {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let error = Replay::load(&path).unwrap_err();
        assert!(error.starts_with(&path.display().to_string()), "{error}");
        assert!(error.contains(says), "{name}: {error}");
        assert_eq!(error.lines().count(), 1, "{error}");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            text,
            "{name} untouched"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_folder_keeps_the_newest() {
    let dir = temp("prune");
    for k in 0..5 {
        let replay = Replay {
            created: Some(format!("2026-12-0{}T00:00:00Z", k + 1)),
            ..Replay::of(&Match::<vectress::Game>::new(Setup::default()).unwrap())
        };
        replay.save_in(&dir).unwrap();
    }
    prune(&dir, 3);
    let names: Vec<String> = list(&dir)
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        names,
        [
            "2026-12-05T00-00-00Z-vectress.ron",
            "2026-12-04T00-00-00Z-vectress.ron",
            "2026-12-03T00-00-00Z-vectress.ron"
        ]
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn timestamps_are_utc_calendar_dates() {
    assert_eq!(timestamp(UNIX_EPOCH), "1970-01-01T00:00:00Z");
    let t = UNIX_EPOCH + std::time::Duration::from_secs(1_796_103_000);
    assert_eq!(timestamp(t), "2026-12-01T05:30:00Z");
    let leap = UNIX_EPOCH + std::time::Duration::from_secs(951_782_400);
    assert_eq!(timestamp(leap), "2000-02-29T00:00:00Z");
}
