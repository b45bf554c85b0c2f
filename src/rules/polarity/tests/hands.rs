//! P5, P6, P9: spending pieces, the push/pull alternation and the regather.

use super::*;

/// Plays `power` (or a plain stone) for the side to move on the first free cell that
/// keeps clear of everything, so the hand is all that is tested.
fn spend(game: &mut Game, power: &str) -> Result<Resolution, IllegalAction> {
    let free = game
        .legal_actions()
        .into_iter()
        .find(|a| a.power.is_none())
        .map(|a| a.cell)
        .unwrap_or_else(|| panic!("no free cell"));
    let text = if power.is_empty() {
        free.to_string()
    } else {
        format!("{free} {power}")
    };
    game.play(act(&text))
}

/// Player two answers with plain stones while player one spends.
fn one_spends(game: &mut Game, power: &str) -> Result<Resolution, IllegalAction> {
    let r = spend(game, power)?;
    spend(game, "").unwrap_or_else(|e| panic!("{e}"));
    Ok(r)
}

#[test]
fn after_a_rook_push_the_next_rook_must_pull() {
    // P5
    let mut game = Game::new(0);
    one_spends(&mut game, "R+").unwrap();
    assert_eq!(game.position().hand(Side::One).next_rook, Next::Pull);
    let before = game.clone();
    assert_eq!(
        spend(&mut game, "R+").unwrap_err().to_string(),
        "your next rook must pull"
    );
    assert_eq!(game, before);
    assert!(spend(&mut game, "R-").is_ok());
}

#[test]
fn after_a_rook_pull_the_next_rook_must_push() {
    // P5, and the wording.
    let mut game = Game::new(0);
    one_spends(&mut game, "R-").unwrap();
    assert_eq!(
        spend(&mut game, "R-").unwrap_err().to_string(),
        "your next rook must push"
    );
}

#[test]
fn bishops_alternate_on_their_own() {
    // P5: the document's "next rook" in the bishop paragraph is read as "next bishop".
    let mut game = Game::new(0);
    one_spends(&mut game, "B+").unwrap();
    let hand = game.position().hand(Side::One);
    assert_eq!((hand.next_bishop, hand.next_rook), (Next::Pull, Next::Any));
    assert_eq!(
        spend(&mut game, "B+").unwrap_err().to_string(),
        "your next bishop must pull"
    );
    // The rook is still free either way.
    assert!(spend(&mut game.clone(), "R+").is_ok());
    assert!(spend(&mut game, "R-").is_ok());
}

#[test]
fn each_player_has_their_own_alternation() {
    // P5: "per player".
    let mut game = Game::new(0);
    spend(&mut game, "R+").unwrap();
    assert_eq!(game.position().hand(Side::Two).next_rook, Next::Any);
    assert!(spend(&mut game, "R+").is_ok(), "player two's rook is free");
}

#[test]
fn the_queen_is_free_and_leaves_the_alternation_alone() {
    // P5, P9
    let mut game = Game::new(0);
    one_spends(&mut game, "R+").unwrap();
    one_spends(&mut game, "Q-").unwrap();
    let hand = game.position().hand(Side::One);
    assert_eq!(
        (hand.queens, hand.next_rook, hand.next_bishop),
        (0, Next::Pull, Next::Any)
    );
    assert_eq!(
        spend(&mut game, "Q+").unwrap_err().to_string(),
        "you have no queen left to spend"
    );
}

#[test]
fn two_rooks_then_none() {
    // P1: two rooks each.
    let mut game = Game::new(0);
    one_spends(&mut game, "R+").unwrap();
    one_spends(&mut game, "R-").unwrap();
    assert_eq!(
        spend(&mut game, "R+").unwrap_err().to_string(),
        "you have no rook left to spend"
    );
    assert_eq!(
        spend(&mut game, "R-").unwrap_err(),
        IllegalAction::NoneLeft(Piece::Rook)
    );
}

#[test]
fn a_plain_placement_with_pieces_in_hand_gives_nothing_back() {
    // P9: only the forced plain placement regathers.
    let mut game = Game::new(0);
    one_spends(&mut game, "R+").unwrap();
    let r = one_spends(&mut game, "").unwrap();
    assert!(!r.regathered);
    assert_eq!(game.position().hand(Side::One).rooks, 1);
}

#[test]
fn the_fifth_piece_forces_a_plain_placement_which_regathers_and_alternation_carries() {
    // P6, P9, P5 (alternation carries across the regather).
    let mut game = Game::new(0);
    for power in ["R+", "B-", "Q+", "R-", "B+"] {
        assert!(!game.position().hand(Side::One).must_place_plain());
        one_spends(&mut game, power).unwrap();
    }
    let hand = *game.position().hand(Side::One);
    assert!(
        hand.must_place_plain(),
        "true from the moment the fifth piece is spent"
    );
    assert_eq!((hand.rooks, hand.bishops, hand.queens), (0, 0, 0));
    assert_eq!(hand.next_rook, Next::Push);
    assert_eq!(hand.next_bishop, Next::Pull);
    for power in ["R+", "B-", "Q+", "Q-"] {
        assert_eq!(
            spend(&mut game, power).unwrap_err().to_string(),
            "you have spent all five pieces, so this turn must be a plain placement"
        );
    }
    // Only plain placements are listed.
    assert!(game.legal_actions().iter().all(|a| a.power.is_none()));
    let r = one_spends(&mut game, "").unwrap();
    assert!(r.regathered);
    let hand = *game.position().hand(Side::One);
    assert_eq!((hand.rooks, hand.bishops, hand.queens), (2, 2, 1));
    assert!(!hand.must_place_plain());
    // Alternation carried over: the next rook must still push, the next bishop pull.
    assert_eq!(
        spend(&mut game, "R-").unwrap_err().to_string(),
        "your next rook must push"
    );
    assert_eq!(
        spend(&mut game, "B+").unwrap_err().to_string(),
        "your next bishop must pull"
    );
    assert!(spend(&mut game, "R+").is_ok());
}

#[test]
fn the_regather_affects_only_the_mover() {
    // P6
    let mut game = Game::new(0);
    for power in ["R+", "R-", "B+", "B-", "Q+"] {
        one_spends(&mut game, power).unwrap();
    }
    assert!(!game.position().hand(Side::Two).must_place_plain());
    assert_eq!(*game.position().hand(Side::Two), Hand::FULL);
}
