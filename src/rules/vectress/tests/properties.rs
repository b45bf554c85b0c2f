//! Properties over positions from random games: order independence (V7), 180-degree
//! symmetry (V1), and games that never reach the wave cap (V10).

use rand::seq::{IndexedRandom, SliceRandom};

use super::*;
use crate::rules::rng::{GameRng, seeded};
use crate::rules::vectress::game::Game;
use crate::rules::vectress::moves::Action;

/// Random games in the default (debug) run; many more in release.
#[cfg(debug_assertions)]
const GAMES: u64 = 300;
#[cfg(not(debug_assertions))]
const GAMES: u64 = 5000;

fn random_game(rng: &mut GameRng, plies: usize) -> Game {
    let mut game = Game::new();
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        let legal = game.legal_actions();
        let action = *legal.choose(rng).unwrap();
        game.play(action).unwrap();
    }
    game
}

#[test]
fn random_games_never_reach_the_wave_cap() {
    // V10, V14: every game ends, every resolution ends well before the cap, and the
    // piece count adds up.
    let mut max_waves = 0;
    for seed in 0..GAMES {
        let mut rng = seeded(seed);
        let mut game = Game::new();
        while !game.is_over() {
            let legal = game.legal_actions();
            assert!(!legal.is_empty());
            let action = *legal.choose(&mut rng).unwrap();
            let res = game.play(action).unwrap();
            assert!(!res.capped, "seed {seed}: wave cap reached");
            max_waves = max_waves.max(res.waves.len());
            let pos = game.position();
            for side in [W, B] {
                assert_eq!(pos.count(side) + pos.lost(side) as usize, 9);
            }
            for (a, b) in pos.bonds() {
                let (pa, pb) = (pos.piece(a).unwrap(), pos.piece(b).unwrap());
                assert!(pa.cell.dir_to(pb.cell).is_some(), "bonds join neighbours");
            }
        }
        assert!(game.ply() <= 200);
    }
    assert!(max_waves < 20, "longest resolution {max_waves} waves");
}

/// The same position with ids permuted and pieces stored in a shuffled order.
fn relabelled(pos: &Position, rng: &mut GameRng) -> Position {
    let mut pieces: Vec<_> = pos.pieces().collect();
    let mut ids: Vec<u8> = (0..32).collect();
    ids.shuffle(rng);
    pieces.shuffle(rng);
    let mut out = Position::empty();
    let map = |id: u8| ids[id as usize];
    for p in &pieces {
        out.place(map(p.id), p.kind, p.owner, p.cell).unwrap();
    }
    for (a, b) in pos.bonds() {
        out.bond_cells(pos.piece(a).unwrap().cell, pos.piece(b).unwrap().cell)
            .unwrap();
    }
    out.set_lost(W, pos.lost(W), pos.core_lost(W));
    out.set_lost(B, pos.lost(B), pos.core_lost(B));
    out
}

#[test]
fn results_do_not_depend_on_ids_or_storage_order() {
    // V7: relabel every piece and resolve every legal move of sampled positions.
    let mut rng = seeded(99);
    let mut checked = 0;
    for sample in 0..30 {
        let game = random_game(&mut rng, 10 + sample * 3);
        if game.is_over() {
            continue;
        }
        let original = Game::from_position(*game.position(), game.to_move());
        let twin = Game::from_position(relabelled(game.position(), &mut rng), game.to_move());
        for action in original.legal_actions() {
            let (mut a, mut b) = (original.clone(), twin.clone());
            let ra = a.play(action).unwrap();
            let rb = b.play(action).unwrap();
            assert_eq!(summaries(&ra.waves), summaries(&rb.waves), "{action}");
            assert_eq!(board(a.position()), board(b.position()));
            assert_eq!(bond_cells(a.position()), bond_cells(b.position()));
            assert_eq!(a.position().key(), b.position().key());
            checked += 1;
        }
    }
    assert!(checked > 500, "{checked}");
}

fn mirror_cell(name: &str) -> String {
    cell(name).rotated().name()
}

fn mirror_action(action: Action) -> Action {
    match action {
        Action::Move { from, to } => Action::Move {
            from: from.rotated(),
            to: to.rotated(),
        },
        Action::PullFree { from, to } => Action::PullFree {
            from: from.rotated(),
            to: to.rotated(),
        },
        Action::Pass => Action::Pass,
    }
}

fn mirror_summary(s: &Summary) -> Summary {
    let mut moved: Vec<_> =
        s.0.iter()
            .map(|(a, b)| (mirror_cell(a), mirror_cell(b)))
            .collect();
    moved.sort();
    let mut lost: Vec<_> = s.1.iter().map(|a| mirror_cell(a)).collect();
    lost.sort();
    let mut bonds: Vec<_> =
        s.2.iter()
            .map(|(a, b)| {
                let (x, y) = (mirror_cell(a), mirror_cell(b));
                if x < y { (x, y) } else { (y, x) }
            })
            .collect();
    bonds.sort();
    (moved, lost, bonds)
}

#[test]
fn turning_the_board_and_swapping_colours_turns_the_result() {
    // V1: Black is White turned 180 degrees, so the mirrored position with the mirrored
    // move gives the mirrored result.
    let mut rng = seeded(7);
    let mut checked = 0;
    for sample in 0..30 {
        let game = random_game(&mut rng, 5 + sample * 3);
        if game.is_over() {
            continue;
        }
        let original = Game::from_position(*game.position(), game.to_move());
        let mirrored = Game::from_position(game.position().mirrored(), game.to_move().opponent());
        let mut legal_a: Vec<Action> = original.legal_actions();
        let mut legal_b: Vec<Action> = mirrored
            .legal_actions()
            .into_iter()
            .map(mirror_action)
            .collect();
        legal_a.sort_by_key(|a| a.to_string());
        legal_b.sort_by_key(|a| a.to_string());
        assert_eq!(legal_a, legal_b);
        for action in original.legal_actions() {
            let (mut a, mut b) = (original.clone(), mirrored.clone());
            let ra = a.play(action).unwrap();
            let rb = b.play(mirror_action(action)).unwrap();
            let expected: Vec<Summary> = summaries(&ra.waves).iter().map(mirror_summary).collect();
            assert_eq!(summaries(&rb.waves), expected, "{action}");
            assert_eq!(b.position().key(), a.position().mirrored().key());
            checked += 1;
        }
    }
    assert!(checked > 500, "{checked}");
}

#[test]
fn same_seed_same_game() {
    let a = random_game(&mut seeded(3), 60);
    let b = random_game(&mut seeded(3), 60);
    assert_eq!(a, b);
}

#[test]
fn games_and_resolutions_serialize() {
    // The presentation saves games and replays records: both round-trip through serde.
    let mut game = random_game(&mut seeded(11), 20);
    if !game.is_over() {
        let action = game.legal_actions()[0];
        let res = game.play(action).unwrap();
        let text = serde_json::to_string(&res).unwrap();
        let back: crate::rules::vectress::Resolution = serde_json::from_str(&text).unwrap();
        assert_eq!(back, res);
    }
    let text = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game);
    let text = ron::to_string(&game).unwrap();
    let back: Game = ron::from_str(&text).unwrap();
    assert_eq!(back, game);
}

#[test]
fn the_fast_path_agrees_with_the_checked_one() {
    // `play_unchecked` (search, self-play) and `play` (the presentation) reach the same
    // games; the game type can move to a worker thread.
    fn portable<T: Clone + Send + 'static>() {}
    portable::<Game>();
    portable::<crate::rules::vectress::Resolution>();
    for seed in 0..20 {
        let mut rng = seeded(500 + seed);
        let (mut checked, mut fast) = (Game::new(), Game::new());
        while !checked.is_over() {
            let legal = checked.legal_actions();
            let action = *legal.choose(&mut rng).unwrap();
            checked.play(action).unwrap();
            assert!(fast.play_unchecked(action));
            assert_eq!(checked, fast);
        }
        assert!(
            !fast.play_unchecked(Action::Pass),
            "nothing is played after the end"
        );
    }
}
