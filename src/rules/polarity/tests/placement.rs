//! P1, P2, P8: the board, turns and where a stone may go.

use super::*;

#[test]
fn the_start_is_an_empty_board_with_player_one_to_move() {
    // P1
    let game = Game::new(0);
    let p = game.position();
    assert_eq!(p.stones(), 0);
    assert_eq!(p.to_move(), Side::One);
    assert_eq!(p.ply(), 0);
    assert_eq!(*p.hand(Side::One), Hand::FULL);
    assert_eq!(*p.hand(Side::Two), Hand::FULL);
    assert_eq!(
        (
            p.hand(Side::Two).rooks,
            p.hand(Side::Two).bishops,
            p.hand(Side::Two).queens
        ),
        (2, 2, 1)
    );
    // 64 cells, each: plain, B+ B- Q+ Q- R+ R- (alternation starts free).
    assert_eq!(game.legal_actions().len(), 64 * 7);
}

#[test]
fn turns_alternate_and_ply_counts_every_action() {
    // P1, P9
    let mut game = Game::new(0);
    game.play(act("a1")).unwrap();
    assert_eq!(game.to_move(), Side::Two);
    game.play(act("h8 R+")).unwrap();
    assert_eq!(game.to_move(), Side::One);
    assert_eq!(game.position().ply(), 2);
}

#[test]
fn a_stone_may_go_diagonally_next_to_another() {
    // P2: only orthogonal neighbours forbid a cell.
    let mut game = game_with(&["e5"]);
    assert!(game.play(act("d4")).is_ok());
    assert_eq!(stones_of(&game), ["d4", "e5"]);
}

#[test]
fn a_stone_may_not_go_orthogonally_next_to_another() {
    // P2, and the wording of the refusal.
    let mut game = game_with(&["d5"]);
    let before = game.clone();
    let err = game.play(act("d4")).unwrap_err();
    assert_eq!(err.to_string(), "d4: next to the stone on d5");
    assert_eq!(game, before, "a refused action changes nothing");
    for (cell, stone) in [("c5", "d5"), ("e5", "d5"), ("d6", "d5")] {
        assert_eq!(
            game.play(act(cell)).unwrap_err(),
            IllegalAction::NextTo {
                cell: super::cell(cell),
                stone: super::cell(stone)
            }
        );
    }
}

#[test]
fn the_first_neighbour_in_cell_order_is_named() {
    // P2: with several neighbours the refusal names the first by cell name (our choice).
    let mut game = game_with(&["d5", "c4", "e4", "d3"]);
    assert_eq!(
        game.play(act("d4 Q+")).unwrap_err().to_string(),
        "d4: next to the stone on c4"
    );
}

#[test]
fn a_stone_may_not_go_on_a_stone() {
    // P2
    let mut game = game_with(&["d4"]);
    assert_eq!(
        game.play(act("d4 R+")).unwrap_err().to_string(),
        "d4: the cell already holds a stone"
    );
}

#[test]
fn legal_placements_are_exactly_the_free_cells_without_orthogonal_stones() {
    // P2, P8: the list is in byte order and a plain placement is always listed.
    let game = game_with(&["d4", "a1"]);
    let legal: Vec<String> = game.legal_actions().iter().map(Action::to_string).collect();
    let mut sorted = legal.clone();
    sorted.sort();
    assert_eq!(legal, sorted);
    let plain: Vec<&str> = legal
        .iter()
        .map(String::as_str)
        .filter(|a| a.len() == 2)
        .collect();
    let forbidden = ["a1", "a2", "b1", "d4", "d3", "d5", "c4", "e4"];
    assert_eq!(plain.len(), 64 - forbidden.len());
    for f in forbidden {
        assert!(!plain.contains(&f), "{f} is listed");
    }
}

#[test]
fn unparsable_actions_are_refused_with_the_notation() {
    // P8: the engine reads strictly; the sentence says what to write.
    for text in ["D4", "d4 r+", "d4  R+", "d4 R"] {
        let err = text.parse::<Action>().unwrap_err().to_string();
        assert!(err.contains("lower-case cell"), "{err}");
    }
}
