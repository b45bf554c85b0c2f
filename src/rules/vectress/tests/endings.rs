//! Ko, repetition, the cap, passes and the win conditions (section 6, V13, V14, V15).

use super::*;
use crate::rules::vectress::{Action, EndReason, Game, Illegal};

#[test]
fn ko_forbids_recreating_the_board_before_the_opponents_last_move() {
    // V13: White's Core steps to E4 and pushes Black's to E6; Black stepping back to E5
    // would push White's Core back to E3: the board before White's move.
    let pos = build(&[("E3", O, W), ("E5", O, B)], &[]);
    let mut game = Game::from_position(pos, W);
    game.play(act("E3-E4")).unwrap();
    assert_eq!(
        board(game.position()),
        vec![("E4".into(), O, W), ("E6".into(), O, B)]
    );
    let before = game.clone();
    let err = game.play(act("E6-E5")).unwrap_err();
    assert_eq!(err.reason, Illegal::Ko { opponent: W });
    assert_eq!(
        err.to_string(),
        "E6-E5: ko: this recreates the board before White's last move"
    );
    assert_eq!(game, before);
    assert!(!game.legal_actions().contains(&act("E6-E5")));
    // The same step is fine when it does not recreate that board.
    assert!(game.legal_actions().contains(&act("E6-D5")));
}

#[test]
fn two_cell_steps_need_both_cells_empty() {
    // Section 3: 8 directions x 2 distances, less E3-E5 (E5 is occupied).
    let pos = build(&[("E3", O, W), ("E5", O, B)], &[]);
    let game = Game::from_position(pos, W);
    assert_eq!(game.legal_actions().len(), 15);
}

/// White's square shuffles A1-B1-A1, Black's I9-H9-I9: the start comes back every four
/// moves.
#[test]
fn the_third_repetition_ends_the_game() {
    // V14, V15: repetition counts the start position.
    let pos = build(&[("A1", S, W), ("I9", S, B)], &[]);
    let mut game = Game::from_position(pos, W);
    let cycle = ["A1-B1", "I9-H9", "B1-A1", "H9-I9"];
    for (i, m) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert!(!game.is_over(), "over after {i} moves");
        game.play(act(m)).unwrap();
    }
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::Repetition);
    assert_eq!(outcome.winner, None, "one piece each: a draw");
    assert_eq!(game.ply(), 8);
}

#[test]
fn the_game_ends_at_the_two_hundredth_move() {
    // V14: two Cores walk loops of 20 and 19 cells, so no position repeats in 200 moves.
    let white_loop: Vec<Cell> = {
        let mut v: Vec<Cell> = (0..9).map(|x| Cell::new(x, 0).unwrap()).collect();
        v.push(cell("I2"));
        v.extend((0..9).rev().map(|x| Cell::new(x, 2).unwrap()));
        v.push(cell("A2"));
        v
    };
    let black_loop: Vec<Cell> = {
        let mut v: Vec<Cell> = (0..9).map(|x| Cell::new(x, 6).unwrap()).collect();
        v.push(cell("I8"));
        v.extend((1..9).rev().map(|x| Cell::new(x, 8).unwrap()));
        v.push(cell("A8"));
        v
    };
    assert_eq!((white_loop.len(), black_loop.len()), (20, 19));
    let pos = build(&[("A1", O, W), ("A7", O, B)], &[]);
    let mut game = Game::from_position(pos, W);
    for k in 0..100 {
        for (path, i) in [(&white_loop, k), (&black_loop, k)] {
            let from = path[i % path.len()];
            let to = path[(i + 1) % path.len()];
            assert!(!game.is_over(), "over before move {}", game.ply());
            game.play(Action::Move { from, to }).unwrap();
        }
    }
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::Cap);
    assert_eq!(outcome.winner, None);
    assert_eq!(game.ply(), 200);
}

#[test]
fn pass_only_without_moves_and_two_passes_end_the_game() {
    // V14, V15: with nothing to move, pass is the only legal action; two in a row end it.
    let mut game = Game::from_position(Position::empty(), W);
    assert_eq!(game.legal_actions(), vec![Action::Pass]);
    let res = game.play(Action::Pass).unwrap();
    assert!(res.waves.is_empty(), "a pass has no waves");
    assert!(!game.is_over());
    game.play(Action::Pass).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::Passes);
    assert_eq!(outcome.winner, None);
}

#[test]
fn passes_by_one_side_only_do_not_end_the_game() {
    // White has no pieces and passes; Black keeps moving.
    let pos = build(&[("A9", S, B)], &[]);
    let mut game = Game::from_position(pos, W);
    game.play(Action::Pass).unwrap();
    game.play(act("A9-B9")).unwrap();
    game.play(Action::Pass).unwrap();
    assert!(!game.is_over());
    assert_eq!(game.ply(), 3);
}

#[test]
fn losing_the_fifth_piece_loses() {
    // V14: Black has lost four; the Core pushes a fifth off (reason five).
    let mut pos = build(&[("C4", O, W), ("A5", S, B), ("I9", O, B)], &[]);
    pos.set_lost(B, 4, false);
    let mut game = Game::from_position(pos, W);
    game.play(act("C4-B5")).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner, Some(W));
    assert_eq!(outcome.reason, EndReason::Five);
}

#[test]
fn both_sides_crossing_at_once_go_by_pieces_on_the_board() {
    // V14, V15: White's triangle moves its body (White rhombus A6, Black Core A5) north-
    // west: both members fall. White reaches five lost, Black loses its Core; White has
    // more pieces left, and the reason is `core` because a side that crossed has no Core.
    let mut pos = build(
        &[
            ("B5", T, W),
            ("A5", O, B),
            ("A6", R, W),
            ("I1", S, W),
            ("I9", S, B),
        ],
        &[("A5", "B5"), ("A6", "B5")],
    );
    pos.set_lost(W, 4, false);
    let mut game = Game::from_position(pos, W);
    let res = game.play(act("B5-A6")).unwrap();
    assert_eq!(res.player.as_ref().unwrap().dropped.len(), 2);
    let outcome = game.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.reason), (Some(W), EndReason::Core));
    // Equal pieces: a draw.
    let mut pos = build(
        &[("B5", T, W), ("A5", S, B), ("A6", R, W), ("I9", S, B)],
        &[("A5", "B5"), ("A6", "B5")],
    );
    pos.set_lost(W, 4, false);
    pos.set_lost(B, 4, false);
    let mut game = Game::from_position(pos, W);
    game.play(act("B5-A6")).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.reason), (None, EndReason::Five));
}

#[test]
fn after_the_end_nothing_is_legal_and_the_turn_still_flips() {
    // V15
    let mut pos = build(&[("C4", O, W), ("A5", O, B)], &[]);
    pos.set_lost(B, 0, false);
    let mut game = Game::from_position(pos, W);
    game.play(act("C4-B5")).unwrap();
    assert_eq!(game.outcome().map(|o| o.reason), Some(EndReason::Core));
    assert_eq!(game.to_move(), B);
    assert!(game.legal_actions().is_empty());
    let err = game.play(Action::Pass).unwrap_err();
    assert_eq!(err.reason, Illegal::GameOver);
}
