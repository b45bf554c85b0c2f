use super::*;
use crate::rules::{Rules, Setup};

fn after(moves: &[&str]) -> Game {
    let mut game = Game::new(0);
    for text in moves {
        let action = <Game as Rules>::parse_action(&game, text).unwrap();
        <Game as Rules>::play(&mut game, action).unwrap();
    }
    game
}

#[test]
fn the_start_and_the_documented_examples_are_pinned() {
    assert_eq!(write(&Game::new(0)), START);
    assert_eq!(write(&read(START).unwrap()), START);
    // docs/codes/polarity.md: two's rook pushed (its next must pull), one's bishop pulled
    // d4 to c3 (its next must push).
    let game = after(&["d4", "e6 R+", "b2 B-"]);
    let code = "8/8/4s3/8/8/2s5/1s6/8 2 R2B1+Q1 R1-B2Q1 0 0 3";
    assert_eq!(write(&game), code);
    assert_eq!(write(&read(code).unwrap()), code);
    assert_eq!(
        <Game as Rules>::legal_actions(&read(code).unwrap()),
        <Game as Rules>::legal_actions(&game)
    );
}

// P10: the game read from a code goes on as the game played, ended as the rules end it.
#[test]
fn codes_agree_over_random_play() {
    crate::rules::laws::codes_agree::<Game>(
        Setup {
            seed: 1,
            ..Setup::default()
        },
        10_000,
    );
}

#[test]
fn each_broken_field_is_named() {
    let good = "8/8/4s3/8/3s4/8/1s6/8 2 R1-B2Q1 R2B1+Q1 0 0 3";
    let cases = [
        (
            "8/8/4s3/8/3s4/8/1s6 2 R1-B2Q1 R2B1+Q1 0 0 3",
            "the board (field 1)",
        ),
        (
            "8/8/4x3/8/3s4/8/1s6/8 2 R1-B2Q1 R2B1+Q1 0 0 3",
            "the board (field 1)",
        ),
        (
            "8/8/4s4/8/3s4/8/1s6/8 2 R1-B2Q1 R2B1+Q1 0 0 3",
            "the board (field 1)",
        ),
        (
            "8/8/44/8/3s4/8/1s6/8 2 R1-B2Q1 R2B1+Q1 0 0 3",
            "the board (field 1)",
        ),
        (
            "8/8/4s3/8/3s4/8/1s6/8 3 R1-B2Q1 R2B1+Q1 0 0 3",
            "the side to move (field 2)",
        ),
        (
            "8/8/4s3/8/3s4/8/1s6/8 2 R3B2Q1 R2B1+Q1 0 0 3",
            "player one's hand (field 3)",
        ),
        (
            "8/8/4s3/8/3s4/8/1s6/8 2 R1-B2Q1 R2B1+Q2 0 0 3",
            "player two's hand (field 4)",
        ),
        (
            "8/8/4s3/8/3s4/8/1s6/8 2 R1-B2Q1 R2B1+Q1x 0 0 3",
            "player two's hand (field 4)",
        ),
        (
            "8/8/4s3/8/3s4/8/1s6/8 2 R1-B2Q1 R2B1+Q1 -1 0 3",
            "player one's collection (field 5)",
        ),
        (
            "8/8/4s3/8/3s4/8/1s6/8 2 R1-B2Q1 R2B1+Q1 0 07 3",
            "player two's collection (field 6)",
        ),
        (
            "8/8/4s3/8/3s4/8/1s6/8 2 R1-B2Q1 R2B1+Q1 0 0 99999999999999999999",
            "the count of actions (field 7)",
        ),
    ];
    for (code, names) in cases {
        let why = read(code).unwrap_err();
        assert!(why.starts_with(names), "{code}: {why}");
        assert!(!why.contains('\n'), "{why}");
    }
    assert!(read(&format!("{good} 1")).unwrap_err().contains("7 fields"));
    assert!(read(&good.replace(' ', "  ")).is_err());
    crate::rules::laws::bad_code_shapes_are_refused::<Game>(good);
}

#[test]
fn positions_that_cannot_stand_are_refused() {
    // A run of three is taken at once (P4).
    let run = read("8/8/8/8/3sss2/8/8/8 1 R2B2Q1 R2B2Q1 0 0 3").unwrap_err();
    assert!(run.contains("run of three or more"), "{run}");
    // The side to move cannot hold ten: its own action would have ended the game.
    let ten = read("8/8/8/8/8/8/8/8 1 R2B2Q1 R2B2Q1 10 0 10").unwrap_err();
    assert!(ten.contains("ends the game at once"), "{ten}");
    // Ten on the side that just moved is a won game (P7).
    let won = read("8/8/8/8/8/8/8/8 2 R2B2Q1 R2B2Q1 10 0 10").unwrap();
    assert_eq!(
        <Game as Rules>::winner(&won),
        Some(Side::One),
        "the mover's ten wins"
    );
    assert!(<Game as Rules>::legal_actions(&won).is_empty());
}
