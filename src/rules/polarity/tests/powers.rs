//! P3, P4: what rooks, bishops and the queen do to the nearest stones.

use super::*;
use StayReason::{Edge, Locked, Occupied};

fn pair(a: &str, b: &str) -> (String, String) {
    (a.to_string(), b.to_string())
}

fn stay(c: &str, r: StayReason) -> (String, StayReason) {
    (c.to_string(), r)
}

#[test]
fn a_rook_pushes_the_nearest_stone_on_each_orthogonal_ray() {
    // P3: push = one cell away from the placed stone.
    let mut game = game_with(&["d6", "f4", "d2", "b4"]);
    let r = game.play(act("d4 R+")).unwrap();
    assert_eq!(
        moves_of(&r),
        [
            pair("b4", "a4"),
            pair("d2", "d1"),
            pair("d6", "d7"),
            pair("f4", "g4")
        ]
    );
    assert_eq!(stones_of(&game), ["a4", "d1", "d4", "d7", "g4"]);
}

#[test]
fn a_rook_pull_that_makes_a_cross_collects_each_stone_once() {
    // P3 pull = one cell toward the placed stone; P7 the centre of a cross is in two runs
    // and counts once: 5 stones, not 6.
    let mut game = game_with(&["d6", "f4", "d2", "b4"]);
    let r = game.play(act("d4 R-")).unwrap();
    assert_eq!(
        moves_of(&r),
        [
            pair("b4", "c4"),
            pair("d2", "d3"),
            pair("d6", "d5"),
            pair("f4", "e4")
        ]
    );
    assert_eq!(
        names(r.removed.iter().map(|s| s.cell)),
        ["c4", "d3", "d4", "d5", "e4"]
    );
    assert_eq!(r.runs.len(), 2);
    assert_eq!(game.position().collected(Side::One), 5);
    assert!(stones_of(&game).is_empty());
}

#[test]
fn only_the_nearest_stone_of_a_ray_is_affected() {
    // P3
    let mut game = game_with(&["d6", "d8", "a4"]);
    let r = game.play(act("d4 R+")).unwrap();
    assert_eq!(moves_of(&r), [pair("d6", "d7")]);
    assert_eq!(stays_of(&r), [stay("a4", Edge)]);
    assert_eq!(stones_of(&game), ["a4", "d4", "d7", "d8"]);
}

#[test]
fn a_bishop_acts_on_diagonals_only_and_a_rook_on_orthogonals_only() {
    // P3
    let stones = ["f6", "b2", "d7", "g4"];
    let mut bishop = game_with(&stones);
    let r = bishop.play(act("d4 B+")).unwrap();
    assert_eq!(moves_of(&r), [pair("b2", "a1"), pair("f6", "g7")]);
    let mut rook = game_with(&stones);
    let r = rook.play(act("d4 R+")).unwrap();
    assert_eq!(moves_of(&r), [pair("d7", "d8"), pair("g4", "h4")]);
}

#[test]
fn a_locked_stone_stays_and_shields_the_stone_behind_it() {
    // P4: d6 has e6 next to it, so it is locked; it is still d4's nearest stone to the
    // north, so d8 behind it is untouched by push and by pull.
    for text in ["d4 R+", "d4 R-", "d4 Q+", "d4 Q-"] {
        let mut game = game_with(&["d6", "e6", "d8"]);
        let r = game.play(act(text)).unwrap();
        assert!(r.moved.is_empty(), "{text}: {:?}", r.moved);
        assert_eq!(stays_of(&r), [stay("d6", Locked)], "{text}");
        assert_eq!(stones_of(&game), ["d4", "d6", "d8", "e6"], "{text}");
    }
}

#[test]
fn a_push_is_stopped_by_the_edge() {
    // P4: off-board destinations stay put, on every side.
    let mut game = game_with(&["d8", "a4", "d1", "h4"]);
    let r = game.play(act("d4 R+")).unwrap();
    assert!(r.moved.is_empty());
    assert_eq!(
        stays_of(&r),
        [
            stay("a4", Edge),
            stay("d1", Edge),
            stay("d8", Edge),
            stay("h4", Edge)
        ]
    );
    let mut game = game_with(&["h8", "a1", "a7", "g1"]);
    let r = game.play(act("d4 B+")).unwrap();
    assert_eq!(
        stays_of(&r),
        [
            stay("a1", Edge),
            stay("a7", Edge),
            stay("g1", Edge),
            stay("h8", Edge)
        ]
    );
}

#[test]
fn a_push_is_stopped_by_an_occupied_cell_without_a_chain() {
    // P4: f6 would go to g7, which holds a stone (diagonal, so f6 is not locked); neither
    // moves. b2 on the other diagonal still moves: the effects are independent.
    let mut game = game_with(&["f6", "g7", "b2"]);
    let r = game.play(act("d4 B+")).unwrap();
    assert_eq!(moves_of(&r), [pair("b2", "a1")]);
    assert_eq!(stays_of(&r), [stay("f6", Occupied)]);
    assert_eq!(stones_of(&game), ["a1", "d4", "f6", "g7"]);
}

#[test]
fn pulling_a_diagonal_neighbour_is_stopped_by_the_placed_stone() {
    // P4: the destination is the placed stone's cell, which is occupied.
    let mut game = game_with(&["c3", "f6"]);
    let r = game.play(act("d4 B-")).unwrap();
    assert_eq!(moves_of(&r), [pair("f6", "e5")]);
    assert_eq!(stays_of(&r), [stay("c3", Occupied)]);
}

#[test]
fn an_orthogonal_push_into_a_stone_is_a_lock() {
    // P4: the only way an orthogonal destination can be occupied is by a neighbour, which
    // locks the stone first.
    let mut game = game_with(&["d6", "d7"]);
    let r = game.play(act("d4 R+")).unwrap();
    assert_eq!(stays_of(&r), [stay("d6", Locked)]);
}

#[test]
fn a_locked_stone_on_the_edge_is_reported_locked() {
    // P4: being locked is judged first (our choice of the reported reason).
    let mut game = game_with(&["d8", "e8"]);
    let r = game.play(act("d4 R+")).unwrap();
    assert_eq!(stays_of(&r), [stay("d8", Locked)]);
}

#[test]
fn the_queen_pushes_on_all_eight_rays() {
    // P3: the queen combines rook and bishop.
    let ring = ["d6", "f6", "f4", "f2", "d2", "b2", "b4", "b6"];
    let mut game = game_with(&ring);
    let r = game.play(act("d4 Q+")).unwrap();
    assert_eq!(
        moves_of(&r),
        [
            pair("b2", "a1"),
            pair("b4", "a4"),
            pair("b6", "a7"),
            pair("d2", "d1"),
            pair("d6", "d7"),
            pair("f2", "g1"),
            pair("f4", "g4"),
            pair("f6", "g7"),
        ]
    );
    assert!(r.removed.is_empty());
}

#[test]
fn the_queen_pulls_on_all_eight_rays_and_a_block_counts_each_stone_once() {
    // P3, P7: the pull gathers a 3 x 3 block: six runs, nine stones collected.
    let ring = ["d6", "f6", "f4", "f2", "d2", "b2", "b4", "b6"];
    let mut game = game_with(&ring);
    let r = game.play(act("d4 Q-")).unwrap();
    assert_eq!(r.moved.len(), 8);
    for m in &r.moved {
        let (df, dr) = (m.to.file() as i8 - 3, m.to.rank() as i8 - 3);
        assert!(df.abs() <= 1 && dr.abs() <= 1, "{} ends next to d4", m.to);
    }
    assert_eq!(r.runs.len(), 6);
    assert_eq!(r.removed.len(), 9);
    assert_eq!(game.position().collected(Side::One), 9);
    assert_eq!(game.position().stones(), 0);
}

#[test]
fn a_power_that_moves_nothing_is_legal_and_spent() {
    // P9
    let mut game = Game::new(0);
    let r = game.play(act("d4 R+")).unwrap();
    assert!(r.moved.is_empty() && r.stayed.is_empty());
    let hand = game.position().hand(Side::One);
    assert_eq!(hand.rooks, 1);
    assert_eq!(hand.next_rook, Next::Pull);
}
