use super::*;
use crate::rules::Setup;

/// hexchess.club's FEN strings after known move sequences (classic Glinski), as the
/// hexchess library of that site pins them in its tests (scottbedard/hexchess).
const CLUB: [(&[&str], &str); 4] = [
    (
        &[],
        "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1",
    ),
    (
        &["g4g5"],
        "b/qbk/n1b1n/r5r/ppppppppp/11/5PP4/4P6/3P1B1P3/2P2B2P2/1PRNQBKNRP1 b - 0 1",
    ),
    (
        &["g4g6"],
        "b/qbk/n1b1n/r5r/ppppppppp/6P4/5P5/4P6/3P1B1P3/2P2B2P2/1PRNQBKNRP1 b g5 0 1",
    ),
    (
        &["g4g5", "e7e5"],
        "b/qbk/n1b1n/r5r/ppp1ppppp/11/4pPP4/4P6/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w e6 0 2",
    ),
];

fn played(ruleset: Ruleset, moves: &[&str]) -> Game {
    let mut game = Game::new(ruleset);
    for text in moves {
        let mv = game.parse_move(text).unwrap();
        game.play(mv).unwrap();
    }
    game
}

fn sorted(game: &Game) -> Vec<String> {
    let mut all: Vec<String> = game.legal_moves().iter().map(|m| m.long()).collect();
    all.sort();
    all
}

#[test]
fn hexchess_club_fens_are_the_positions_the_moves_give() {
    for (moves, fen) in CLUB {
        let game = played(Ruleset::Classic, moves);
        assert_eq!(write(&game), fen, "{moves:?}");
        let read = read(fen).unwrap();
        assert_eq!(read.ruleset(), Ruleset::Classic);
        assert_eq!(write(&read), fen, "the same string round-trips");
        assert_eq!(sorted(&read), sorted(&game), "{moves:?}");
        assert_eq!(read.position().en_passant(), game.position().en_passant());
    }
}

#[test]
fn a_v011_code_is_the_fen_with_its_own_fields() {
    let start = write(&Game::new(Ruleset::V011));
    assert_eq!(
        start,
        "b/kbq/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1 v011 0"
    );
    let game = played(Ruleset::V011, &["f5f6", "b7b6"]);
    let code = write(&game);
    let read = read(&code).unwrap();
    assert_eq!(read.ruleset(), Ruleset::V011);
    assert_eq!(write(&read), code);
    assert_eq!(sorted(&read), sorted(&game));
    // The session's forced moves (H8) are carried.
    let session = read_session(&code.replace(" v011 0", " v011 5")).unwrap();
    assert_eq!(session.forced_count(), 5);
    assert!(write_session(&session).ends_with(" v011 5"));
}

#[test]
fn codes_agree_over_random_play() {
    for ruleset in ["v011", "classic"] {
        // H14: a game ended by repetition reads back as going on.
        crate::rules::laws::codes_agree_but::<Game>(
            Setup {
                seed: 1,
                ruleset: Some(ruleset.to_string()),
                ..Setup::default()
            },
            10_000,
            true,
        );
    }
}

#[test]
fn each_broken_field_is_named() {
    let good = CLUB[3].1;
    let v011 = write(&Game::new(Ruleset::V011));
    let cases = [
        (good.replacen("b/", "", 1), "the board (field 1)"),
        (good.replacen("qbk", "qbx", 1), "the board (field 1)"),
        (good.replacen("r5r", "r6r", 1), "the board (field 1)"),
        (good.replacen(" w ", " x ", 1), "the side to move (field 2)"),
        (
            good.replacen(" e6 ", " e9 ", 1),
            "the en passant cell (field 3)",
        ),
        (
            good.replacen(" e6 ", " z1 ", 1),
            "the en passant cell (field 3)",
        ),
        (
            good.replacen(" 0 2", " x 2", 1),
            "the halfmove clock (field 4)",
        ),
        (
            good.replacen(" 0 2", " 0 0", 1),
            "the move number (field 5)",
        ),
        (
            good.replacen(" 0 2", " 0 99999999999999999999", 1),
            "the move number (field 5)",
        ),
        (v011.replace(" v011 ", " v012 "), "the ruleset (field 6)"),
        (
            v011.replace(" v011 0", " v011 -1"),
            "the forced moves (field 7)",
        ),
    ];
    for (code, names) in &cases {
        let why = read(code).unwrap_err();
        assert!(why.starts_with(names), "{code}: {why}");
        assert!(!why.contains('\n'));
    }
    crate::rules::laws::bad_code_shapes_are_refused::<Game>(good);
}

#[test]
fn positions_the_rules_cannot_play_from_are_refused() {
    let start = CLUB[0].1;
    let two_kings = start.replacen("qbk", "kbk", 1);
    assert_eq!(
        read(&two_kings).unwrap_err(),
        "the board (field 1): Black has 2 kings"
    );
    let no_king = start.replacen("qbk", "qbq", 1);
    assert_eq!(
        read(&no_king).unwrap_err(),
        "the board (field 1): Black has no king"
    );
    // A white pawn on f11, its file's far edge: classic refuses it (H5).
    let last_rank = start.replacen("b/", "P/", 1);
    assert_eq!(
        read(&last_rank).unwrap_err(),
        "the board (field 1): a white pawn stands on its last rank (f11)"
    );
    // v011 lets it stand: it arrived renamed there and has no moves (H5).
    let v011 = write(&Game::new(Ruleset::V011)).replacen("b/", "P/", 1);
    assert!(read(&v011).is_ok(), "{:?}", read(&v011).err());
    // The side not to move in check: White to move while Black's king is attacked.
    let check = "k/3/5/7/9/11/11/11/11/5R5/5K5 w - 0 1";
    assert_eq!(
        read(check).unwrap_err(),
        "the side to move (field 2): the side not to move is in check, which no move leaves"
    );
    assert!(read(&check.replace(" w ", " b ")).is_ok());
    // v011 has no en passant.
    let ep = write(&Game::new(Ruleset::V011)).replacen(" - 0 1", " e6 0 1", 1);
    assert!(
        read(&ep)
            .unwrap_err()
            .starts_with("the en passant cell (field 3)")
    );
}

#[test]
fn session_codes_agree_over_random_play() {
    crate::rules::laws::codes_agree_but::<GameSession>(Setup::default(), 2_000, true);
}
