//! P7, P9: runs, the collection, the win at ten and the blocked ending.

use super::*;

/// b2 is pushed from a1 to c3, the corner of c3-d3-e3 and c3-c4-c5.
const L_SHAPE: [&str; 5] = ["b2", "d3", "e3", "c4", "c5"];

fn with_collected(stones: &[&str], collected: [u16; 2], to_move: Side) -> Game {
    Game::from_position(
        Position::from_parts(board(stones), [Hand::FULL; 2], collected, to_move),
        0,
    )
}

#[test]
fn an_l_shaped_removal_counts_the_corner_once() {
    // P7
    let mut game = game_with(&L_SHAPE);
    let r = game.play(act("a1 B+")).unwrap();
    assert_eq!(moves_of(&r), [("b2".to_string(), "c3".to_string())]);
    let runs: Vec<Vec<String>> = r
        .runs
        .iter()
        .map(|run| names(run.iter().copied()))
        .collect();
    assert_eq!(runs, [vec!["c3", "c4", "c5"], vec!["c3", "d3", "e3"]]);
    assert_eq!(
        names(r.removed.iter().map(|s| s.cell)),
        ["c3", "c4", "c5", "d3", "e3"]
    );
    assert_eq!(r.collected, 5);
    assert_eq!(game.position().collected(Side::One), 5);
    assert_eq!(game.position().collected(Side::Two), 0);
    assert_eq!(stones_of(&game), ["a1"]);
}

#[test]
fn the_stones_go_to_the_mover() {
    // P7: player two collects on player two's turn.
    let mut game = with_collected(&L_SHAPE, [0, 0], Side::Two);
    game.play(act("a1 B+")).unwrap();
    assert_eq!(game.position().collected(Side::Two), 5);
    assert_eq!(game.position().collected(Side::One), 0);
}

#[test]
fn a_run_of_four_is_removed_whole_and_diagonals_do_not_count() {
    // P7: b6's rook pulls e6 to d6, joining d4 d5 and d7: one run of four. The diagonal
    // f1 g2 h3 is not a run and stays.
    let mut game = game_with(&["d4", "d5", "d7", "e6", "f1", "g2", "h3"]);
    let r = game.play(act("b6 R-")).unwrap();
    assert_eq!(moves_of(&r), [("e6".to_string(), "d6".to_string())]);
    assert_eq!(r.runs.len(), 1);
    assert_eq!(
        names(r.removed.iter().map(|s| s.cell)),
        ["d4", "d5", "d6", "d7"]
    );
    assert_eq!(stones_of(&game), ["b6", "f1", "g2", "h3"]);
    assert_eq!(game.position().collected(Side::One), 4);
}

#[test]
fn two_in_a_row_stay_on_the_board() {
    // P7: fewer than three is not a run.
    let mut game = game_with(&["d7", "e6"]);
    let r = game.play(act("b6 R-")).unwrap();
    assert_eq!(moves_of(&r), [("e6".to_string(), "d6".to_string())]);
    assert!(r.removed.is_empty() && r.runs.is_empty());
    assert_eq!(stones_of(&game), ["b6", "d6", "d7"]);
}

#[test]
fn reaching_ten_wins_at_once() {
    // P7, P9: 5 + 5 = 10 ends the game; the mover wins with reason ten.
    let mut game = with_collected(&L_SHAPE, [5, 9], Side::One);
    let r = game.play(act("a1 B+")).unwrap();
    let ten = Outcome {
        winner: Some(Side::One),
        reason: EndReason::Ten,
    };
    assert_eq!(r.outcome, Some(ten));
    assert_eq!(game.outcome(), Some(ten));
    // P9: to_move and ply still advance; nothing more is legal or accepted.
    assert_eq!(game.to_move(), Side::Two);
    assert_eq!(game.position().ply(), 1);
    assert!(game.legal_actions().is_empty());
    let before = game.clone();
    assert_eq!(game.play(act("h8")).unwrap_err(), IllegalAction::GameOver);
    assert_eq!(game, before);
}

#[test]
fn nine_is_not_enough() {
    // P7
    let mut game = with_collected(&L_SHAPE, [4, 9], Side::One);
    let r = game.play(act("a1 B+")).unwrap();
    assert_eq!(r.outcome, None);
    assert_eq!(game.position().collected(Side::One), 9);
}

/// Every cell of one colour of the chessboard holds a stone except a1: then a1 is the
/// only legal placement, and after it nobody can place anywhere.
fn all_but_a1() -> Vec<String> {
    Cell::all()
        .filter(|c| (c.file() + c.rank()) % 2 == 0 && c.to_string() != "a1")
        .map(|c| c.to_string())
        .collect()
}

fn blocked_game(collected: [u16; 2]) -> Game {
    let stones = all_but_a1();
    let refs: Vec<&str> = stones.iter().map(String::as_str).collect();
    with_collected(&refs, collected, Side::One)
}

#[test]
fn the_blocked_ending_goes_to_the_larger_collection() {
    // P7, P9: one places the last possible stone; two has no placement; two has more.
    let mut game = blocked_game([3, 5]);
    let cells: Vec<String> = game
        .legal_actions()
        .iter()
        .map(|a| a.cell.to_string())
        .collect();
    assert!(cells.iter().all(|c| c == "a1"), "{cells:?}");
    let r = game.play(act("a1")).unwrap();
    let blocked = Outcome {
        winner: Some(Side::Two),
        reason: EndReason::Blocked,
    };
    assert_eq!(r.outcome, Some(blocked));
    assert_eq!(game.to_move(), Side::Two);
    assert!(game.legal_actions().is_empty());
    assert_eq!(
        game.play(act("b2")).unwrap_err().to_string(),
        "the game is over; no more actions are taken"
    );
}

#[test]
fn the_blocked_ending_with_equal_collections_is_a_draw() {
    // P7
    let mut game = blocked_game([4, 4]);
    game.play(act("a1")).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::Blocked
        })
    );
}

#[test]
fn the_mover_can_win_the_blocked_ending_too() {
    // P7: "more collected wins", whoever moved last.
    let mut game = blocked_game([2, 1]);
    game.play(act("a1")).unwrap();
    assert_eq!(game.outcome().and_then(|o| o.winner), Some(Side::One));
}

#[test]
fn a_board_with_room_left_is_not_blocked() {
    // P9: the ending looks at the next player's placements, not the mover's power.
    let mut game = game_with(&["a1"]);
    game.play(act("h8")).unwrap();
    assert_eq!(game.outcome(), None);
}
