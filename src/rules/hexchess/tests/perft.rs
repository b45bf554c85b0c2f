//! Perft for both rulesets, checked against the naive generator (H11, H12).

use rand::Rng;

use super::naive::{Naive, NaiveMove, diagonal, hex_of, knight};
use crate::rules::hexchess::geometry::KNIGHT;
use crate::rules::hexchess::movegen::{count_moves, count_moves_portable, legal_moves};
use crate::rules::hexchess::perft::{perft, perft_portable};
use crate::rules::hexchess::{Cell, Game, Position, Ruleset};
use crate::rules::rng::seeded;

#[test]
fn classic_depth_one_is_51() {
    // H11: the published first-ply count of Glinski chess.
    assert_eq!(perft(&Position::start(Ruleset::Classic), 1), 51);
    assert_eq!(Naive::start(Ruleset::Classic).perft(1), 51);
}

#[test]
fn naive_directions_match_the_ruling() {
    // H1 lists the diagonal steps and the 12 knight offsets (the engine's `KNIGHT` table);
    // the naive generator derives them from the document's words (vertex-sharing;
    // orthogonal then diagonal outward).
    let mut d = diagonal();
    d.sort();
    let mut h1 = vec![(2, -1), (-2, 1), (1, 1), (-1, -1), (1, -2), (-1, 2)];
    h1.sort();
    assert_eq!(d, h1);
    let mut k = knight();
    k.sort();
    let mut h1k = KNIGHT.to_vec();
    h1k.sort();
    assert_eq!(k, h1k);
}

#[test]
fn start_positions_agree_with_the_naive_setup() {
    // H2 and H11 set up independently in the naive generator.
    for ruleset in [Ruleset::V011, Ruleset::Classic] {
        let fast = Naive::from_position(&Position::start(ruleset));
        assert_eq!(fast.board, Naive::start(ruleset).board, "{ruleset:?}");
    }
}

fn both(ruleset: Ruleset, depth: u32) -> (u64, u64) {
    (
        perft(&Position::start(ruleset), depth),
        Naive::start(ruleset).perft(depth),
    )
}

#[test]
fn perft_depth_two_matches_the_naive_count() {
    for ruleset in [Ruleset::V011, Ruleset::Classic] {
        let (fast, naive) = both(ruleset, 2);
        assert_eq!(fast, naive, "{ruleset:?}");
    }
}

#[test]
#[cfg(not(debug_assertions))]
fn perft_depth_three_matches_the_naive_count() {
    for ruleset in [Ruleset::V011, Ruleset::Classic] {
        let (fast, naive) = both(ruleset, 3);
        assert_eq!(fast, naive, "{ruleset:?}");
    }
}

#[test]
fn the_portable_walk_counts_what_the_cpu_s_own_walk_counts() {
    // `perft` runs a copy compiled for the CPU's bit instructions where it has them; the
    // portable copy is what other CPUs run. Both must count the tree the naive one counts.
    for ruleset in [Ruleset::V011, Ruleset::Classic] {
        let start = Position::start(ruleset);
        for depth in 0..=3 {
            assert_eq!(
                perft_portable(&start, depth),
                perft(&start, depth),
                "{ruleset:?} depth {depth}"
            );
        }
    }
}

fn sorted_naive(n: &Naive) -> Vec<NaiveMove> {
    let mut v = n.legal_moves();
    v.sort_by_key(|&(a, b, p)| (a, b, p.map(|k| k as u8)));
    v
}

fn sorted_fast(pos: &Position) -> Vec<NaiveMove> {
    let mut v: Vec<NaiveMove> = legal_moves(pos)
        .into_iter()
        .map(|m| (m.from.axial(), m.to.axial(), m.promotion))
        .collect();
    v.sort_by_key(|&(a, b, p)| (a, b, p.map(|k| k as u8)));
    v
}

/// Random games: at every ply both generators must list the same legal moves, the bulk
/// counts (both compiled copies) must count them, and after the move both must hold the
/// same position (renaming, promotion, en passant).
fn cross_check(ruleset: Ruleset, games: u64, plies: u32) {
    for seed in 0..games {
        let mut rng = seeded(seed);
        let mut game = Game::new(ruleset);
        let mut naive = Naive::start(ruleset);
        for ply in 0..plies {
            let pos = game.position().clone();
            let fast_moves = sorted_fast(&pos);
            assert_eq!(fast_moves, sorted_naive(&naive), "seed {seed} ply {ply}");
            let listed = fast_moves.len() as u64;
            assert_eq!(count_moves(&pos), listed, "seed {seed} ply {ply}");
            assert_eq!(count_moves_portable(&pos), listed, "seed {seed} ply {ply}");
            if fast_moves.is_empty() || game.outcome().is_some() {
                break;
            }
            let moves = game.legal_moves();
            let m = moves[rng.random_range(0..moves.len())];
            game.play(m).expect("a listed move is legal");
            naive.apply(
                (m.from.axial(), m.to.axial(), m.promotion),
                ruleset == Ruleset::V011,
            );
            assert_eq!(
                Naive::from_position(game.position()).board,
                naive.board,
                "seed {seed} ply {ply}"
            );
            assert_eq!(game.position().hash(), game.position().recomputed_hash());
        }
    }
}

#[test]
fn random_games_agree_with_the_naive_generator_v011() {
    cross_check(Ruleset::V011, 6, 120);
}

#[test]
fn random_games_agree_with_the_naive_generator_classic() {
    cross_check(Ruleset::Classic, 6, 120);
}

#[test]
#[cfg(not(debug_assertions))]
fn many_random_games_agree_with_the_naive_generator() {
    cross_check(Ruleset::V011, 100, 300);
    cross_check(Ruleset::Classic, 100, 300);
}

#[test]
fn perft_after_moves_and_divide_sum() {
    let pos = Position::start(Ruleset::V011);
    let rows = crate::rules::hexchess::perft::divide(&pos, 2);
    assert_eq!(rows.len(), 42);
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), perft(&pos, 2));
    // The naive cells of the document's names agree with the engine's names.
    for cell in Cell::all() {
        assert_eq!(hex_of(&cell.to_string()), cell.axial());
    }
}

#[test]
fn golden_counts_at_depths_two_and_three() {
    // These numbers were counted by the naive generator above as well (depth 2 in every
    // build, depth 3 in `perft_depth_three_matches_the_naive_count` under --release), so
    // pinning them guards the fast path against regressions in quick debug runs.
    let v011 = Position::start(Ruleset::V011);
    let classic = Position::start(Ruleset::Classic);
    assert_eq!(
        [perft(&v011, 1), perft(&v011, 2), perft(&v011, 3)],
        [42, 1767, 84072]
    );
    assert_eq!(
        [perft(&classic, 1), perft(&classic, 2), perft(&classic, 3)],
        [51, 2586, 137858]
    );
}

/// The first moves shared out among threads count the same tree, whatever the number of
/// threads (#46): the start and a middle game, both rulesets, divide and total alike.
#[test]
fn perft_on_threads_counts_the_same_at_every_thread_count() {
    use crate::rules::hexchess::perft::{divide, divide_on, perft_on};
    let mut rng = seeded(46);
    for ruleset in [Ruleset::V011, Ruleset::Classic] {
        let mut game = Game::new(ruleset);
        let mut positions = vec![game.position().clone()];
        for _ in 0..10 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let _ = game.play(moves[rng.random_range(0..moves.len())]);
        }
        positions.push(game.position().clone());
        for pos in &positions {
            for depth in 0..=3 {
                let alone = perft(pos, depth);
                for threads in [0, 1, 2, 3, 8] {
                    assert_eq!(
                        perft_on(pos, depth, threads),
                        alone,
                        "{ruleset:?} depth {depth}, {threads} threads"
                    );
                }
            }
            assert_eq!(divide_on(pos, 3, 3), divide(pos, 3), "{ruleset:?}");
        }
    }
}
