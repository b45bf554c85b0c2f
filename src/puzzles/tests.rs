use std::collections::BTreeSet;

use super::judge::{TURN_SEPARATOR, Tried, parse_turn, try_turn, why_not};
use super::library::{position, puzzles, side_name};
use super::mine::{PuzzleBudget, mine_puzzles};
use super::*;
use crate::engine::EngineSession;
use crate::engine::wire::Wire;
use crate::rules::{GameId, Match, hexchess, polarity, vectress, wavefield};

/// Every turn the side to move has, from the engine's own list: `legal` as the engine
/// writes it, and for Wave Field also every other tuning followed by each move `legal`
/// lists under it (the engine never lists `tune`).
fn engine_turns<G: Puzzler + Wire>(game: &Match<G>) -> Vec<String> {
    let legal = |m: &Match<G>| {
        m.answer()["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    let mut turns = legal(game);
    if G::GAME == GameId::Wavefield {
        let current = game.answer()["state"]["tuning"]
            [game.answer()["state"]["to_move"].as_str().unwrap()]
        .clone();
        for profile in wavefield::Profile::all() {
            let tune = format!("tune {profile}");
            let mut tuned = game.clone();
            EngineSession::play(&mut tuned, &tune).unwrap();
            let state = tuned.answer()["state"].clone();
            if state["tuning"][state["to_move"].as_str().unwrap()] == current {
                continue;
            }
            turns.extend(
                legal(&tuned)
                    .into_iter()
                    .map(|m| format!("{tune}{TURN_SEPARATOR}{m}")),
            );
        }
    }
    turns
}

/// Each stored puzzle of `G` replays from the start to a game still running, and its
/// solutions are exactly the turns, among every legal one, that meet its goal; a win is
/// also read off the engine's own answer (its outcome names the side that moved).
fn check_library<G: Puzzler + Wire>() {
    let list = puzzles::<G>().unwrap();
    let id = G::GAME.id();
    assert!(list.len() >= 30, "{id}: {} puzzles", list.len());
    let wins = list.iter().filter(|p| p.goal == Goal::Win).count();
    assert!(wins >= 10, "{id}: {wins} win puzzles");
    let names: BTreeSet<&str> = list.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names.len(), list.len(), "{id}: names repeat");
    assert!(
        list.windows(2).all(|w| w[0].difficulty <= w[1].difficulty),
        "{id}: not ordered easy to hard"
    );
    for p in &list {
        assert!((1..=5).contains(&p.difficulty), "{}", p.name);
        let game = position::<G>(p).unwrap();
        let mover = side_name::<G>(game.to_move());
        let turns = engine_turns(&game);
        assert_eq!(turns.len(), p.turns, "{}: turns", p.name);
        let mut met = BTreeSet::new();
        for text in &turns {
            let actions = parse_turn(game.rules(), text).unwrap();
            let tried = try_turn(game.rules(), &actions).unwrap();
            assert_eq!(&tried.turn, text, "{}: written back", p.name);
            if p.goal.met(&tried) {
                met.insert(text.clone());
            } else {
                assert!(why_not::<G>(p.goal, &tried).ends_with('.'), "{}", p.name);
            }
        }
        let stored: BTreeSet<String> = p.solutions.iter().cloned().collect();
        assert_eq!(stored, met, "{}: solutions", p.name);
        assert!(!met.is_empty() && met.len() < turns.len(), "{}", p.name);
        if p.goal == Goal::Win && G::GAME != GameId::Wavefield {
            for solution in &p.solutions {
                let mut after = game.clone();
                EngineSession::play(&mut after, solution).unwrap();
                let outcome = &after.answer()["state"]["outcome"];
                assert_eq!(outcome["winner"], mover, "{} {solution}", p.name);
            }
        }
    }
}

#[test]
fn every_vectress_puzzle_has_exactly_its_solutions() {
    check_library::<vectress::Game>();
}

#[test]
fn every_hexchess_puzzle_has_exactly_its_solutions() {
    check_library::<hexchess::Game>();
}

#[test]
fn every_wavefield_puzzle_has_exactly_its_solutions() {
    check_library::<wavefield::Game>();
}

#[test]
fn every_polarity_puzzle_has_exactly_its_solutions() {
    check_library::<polarity::Game>();
}

/// A Wave Field win leaves the enemy Big Hat trapped, and the rescue search (W9) finds no
/// tuning and move that saves it; the trapped side's status line says so.
#[test]
fn a_wavefield_win_leaves_no_rescue() {
    let list = puzzles::<wavefield::Game>().unwrap();
    let p = list.iter().find(|p| p.goal == Goal::Win).unwrap();
    let game = position::<wavefield::Game>(p).unwrap();
    let mut after = game.clone();
    // A tuned solution is two actions.
    for part in p.solutions[0].split(TURN_SEPARATOR) {
        after.play_text(part).unwrap();
    }
    assert!(after.position().trapped());
    assert!(after.rescue().is_none());
    assert_eq!(after.status(), wavefield::rescue::NO_RESCUE);
}

/// A try that falls short says what it did instead, in one sentence.
#[test]
fn a_wrong_try_says_why() {
    let list = puzzles::<vectress::Game>().unwrap();
    let p = list
        .iter()
        .find(|p| matches!(p.goal, Goal::Take { .. }))
        .unwrap();
    let game = position::<vectress::Game>(p).unwrap();
    let wrong = game
        .rules()
        .turns()
        .into_iter()
        .filter_map(|t| try_turn(game.rules(), &t))
        .find(|t| !p.goal.met(t) && !t.lost)
        .unwrap();
    let Goal::Take { at_least } = p.goal else {
        unreachable!()
    };
    let line = why_not::<vectress::Game>(p.goal, &wrong);
    assert!(line.starts_with("That takes "), "{line}");
    assert!(
        line.ends_with(&format!(
            "the goal is {}.",
            vectress::Game::amount(at_least)
        )),
        "{line}"
    );
    let lost = Tried {
        lost: true,
        ..wrong.clone()
    };
    assert_eq!(
        why_not::<vectress::Game>(Goal::Win, &lost),
        "That loses the game at once."
    );
    assert_eq!(
        why_not::<vectress::Game>(Goal::Win, &wrong),
        "That does not win at once."
    );
}

/// The same seed and budget mine the same puzzles, and each holds what it claims.
#[test]
fn mining_is_deterministic_and_every_find_checks_out() {
    let budget = PuzzleBudget {
        games: 12,
        seed: 3,
        count: 6,
        wins: 3,
    };
    for game in GameId::ALL {
        crate::with_rules!(game, G => {
            let a = mine_puzzles::<G>(&budget, false).unwrap();
            let b = mine_puzzles::<G>(&budget, false).unwrap();
            assert_eq!(a, b, "{}", game.id());
            assert!(!a.is_empty(), "{}", game.id());
            for p in &a {
                let m = position::<G>(p).unwrap();
                let tried = judge::try_every_turn(m.rules());
                assert_eq!(judge::solutions(&tried, p.goal), p.solutions, "{}", p.name);
                assert_eq!(tried.len(), p.turns, "{}", p.name);
            }
        });
    }
}

/// The file the miner writes reads back as the same puzzles.
#[test]
fn the_library_file_round_trips() {
    let list = puzzles::<polarity::Game>().unwrap();
    let text = library::write(&list).unwrap();
    assert_eq!(library::parse(GameId::Polarity, &text).unwrap(), list);
    let broken = library::parse(GameId::Polarity, "[(name: 1)]").unwrap_err();
    assert!(
        broken.starts_with("assets/puzzles/polarity.ron: "),
        "{broken}"
    );
}
