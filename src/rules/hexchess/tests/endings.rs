//! Endings (H9, H12), refusals, and the classic ruleset's extras (H11).

use super::{c, game, legal, mv};
use crate::rules::hexchess::{Cell, Color, Event, Game, Illegal, Kind, Outcome, Reason, Ruleset};

use Color::{Black, White};
use Kind::{Bishop, King, Knight, Pawn, Queen, Rook};

pub fn mate_setup() -> Game {
    game(
        Ruleset::V011,
        &[
            ("i1", White, King),
            ("b5", White, Rook),
            ("b2", White, Queen),
            ("a6", Black, King),
        ],
        White,
    )
}

#[test]
fn h9_checkmate_by_a_queen_arriving_as_a_rook() {
    let mut g = mate_setup();
    assert_eq!(g.outcome(), None);
    let r = g.play(mv("b2a2")).unwrap();
    assert_eq!(r.arrived_as, Rook);
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(White),
            reason: Reason::Checkmate
        })
    );
    assert!(g.legal_moves().is_empty());
    let err = g.play(mv("a6a5")).unwrap_err();
    assert_eq!(
        err.reason,
        Illegal::GameOver {
            reason: Reason::Checkmate
        }
    );
    assert!(err.to_string().contains("over"), "{err}");
}

#[test]
fn h9_stalemate() {
    let mut g = game(
        Ruleset::V011,
        &[
            ("h1", White, King),
            ("b5", White, Rook),
            ("b4", White, Pawn),
            ("a6", Black, King),
        ],
        White,
    );
    g.play(mv("h1h2")).unwrap();
    assert!(!g.position().in_check());
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: None,
            reason: Reason::Stalemate
        })
    );
}

#[test]
fn h9_insufficient_material_is_exactly_the_list() {
    let k = |extra: &[(&str, Color, Kind)]| {
        let mut pieces = vec![("a1", White, King), ("l6", Black, King)];
        pieces.extend_from_slice(extra);
        game(Ruleset::V011, &pieces, White)
            .outcome()
            .map(|o| o.reason)
    };
    let material = Some(Reason::Material);
    assert_eq!(k(&[]), material, "K v K");
    assert_eq!(k(&[("f6", White, Knight)]), material, "K+N v K");
    assert_eq!(k(&[("f6", Black, Bishop)]), material, "K+B v K");
    // Bishop cells on the c-file with the same tone as f6 and with another tone.
    let same = Cell::all().find(|x| x.tone() == c("f6").tone() && *x != c("f6") && x.file() == 2);
    let other = Cell::all().find(|x| x.tone() != c("f6").tone() && x.file() == 2);
    let (same, other) = (same.unwrap().to_string(), other.unwrap().to_string());
    assert_eq!(
        k(&[("f6", White, Bishop), (&same, Black, Bishop)]),
        material,
        "bishops, one tone"
    );
    assert_eq!(
        k(&[("f6", White, Bishop), (&same, White, Bishop)]),
        material,
        "two, one tone"
    );
    assert_eq!(
        k(&[("f6", White, Bishop), (&other, Black, Bishop)]),
        None,
        "two tones"
    );
    assert_eq!(
        k(&[("f6", White, Knight), ("d4", White, Knight)]),
        None,
        "K+N+N"
    );
    assert_eq!(
        k(&[("f6", White, Knight), ("d4", Black, Knight)]),
        None,
        "K+N v K+N"
    );
    assert_eq!(k(&[("f6", White, Pawn)]), None, "K+P");
    assert_eq!(k(&[("f6", White, Rook)]), None, "K+R");
    // Reached by a capture: the last other piece taken.
    let mut g = game(
        Ruleset::V011,
        &[
            ("a1", White, King),
            ("a2", White, Rook),
            ("a5", Black, Rook),
            ("l6", Black, King),
        ],
        White,
    );
    g.play(mv("a2a5")).unwrap();
    // The capturing rook arrived as a bishop: K+B v K.
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: None,
            reason: Reason::Material
        })
    );
}

#[test]
fn h9_fifty_moves_is_100_plies_without_capture_or_pawn_move() {
    let pieces = [
        ("a1", White, King),
        ("f3", White, Rook),
        ("f9", Black, Rook),
        ("l6", Black, King),
        ("c3", White, Pawn),
    ];
    let mut pos = super::position(Ruleset::V011, &pieces, White);
    pos.halfmove_clock = 99;
    let mut g = Game::from_position(pos.clone());
    g.play(mv("a1a2")).unwrap();
    assert_eq!(g.position().halfmove_clock(), 100);
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: None,
            reason: Reason::Fifty
        })
    );
    // A pawn move resets the clock (H9: the piece was a pawn when it left).
    let mut g = Game::from_position(pos.clone());
    let r = g.play(mv("c3c4")).unwrap();
    assert_eq!(r.arrived_as, Queen);
    assert_eq!((g.position().halfmove_clock(), g.outcome()), (0, None));
    // ... and that queen's next move (it arrived from a pawn, departs as a queen) counts.
    g.play(mv("l6l5")).unwrap();
    g.play(mv("c4c5")).unwrap();
    assert_eq!(g.position().halfmove_clock(), 2);
    // H12: a mate on the hundredth ply still wins.
    let mut pos = mate_setup().position().clone();
    pos.halfmove_clock = 99;
    let mut g = Game::from_position(pos);
    g.play(mv("b2a2")).unwrap();
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::Checkmate));
}

#[test]
fn h9_threefold_repetition_counts_the_start() {
    let mut g = game(
        Ruleset::V011,
        &[
            ("a1", White, King),
            ("f3", White, Rook),
            ("f9", Black, Rook),
            ("l6", Black, King),
        ],
        White,
    );
    let cycle = ["a1a2", "l6l5", "a2a1", "l5l6"];
    for (i, m) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert_eq!(g.outcome(), None, "ply {i}");
        g.play(mv(m)).unwrap();
    }
    // Start, after 4 plies, after 8 plies: the third occurrence.
    assert_eq!(g.repetitions(), 3);
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: None,
            reason: Reason::Repetition
        })
    );
    // Undo leaves the draw.
    g.undo();
    assert_eq!(g.outcome(), None);
}

#[test]
fn h12_refused_moves_change_nothing_and_name_the_rule() {
    let mut g = Game::new(Ruleset::V011);
    let before = g.position().clone();
    let cases = [
        ("f6f7", "no piece"),
        ("f7f6", "black"),
        ("c1c2", "own side"),
        ("d1d2", "knight"),
        ("f1f4", "bishop"),
        ("g1h1", "own side"),
        ("c1c4", "pass through"),
        ("zz", "notation"),
    ];
    for (text, needle) in cases {
        let err = g.play_text(text).unwrap_err();
        assert!(err.to_string().contains(needle), "{text}: {err}");
        assert_eq!(g.position(), &before);
    }
}

#[test]
fn h12_a_move_into_check_is_refused() {
    let mut g = game(
        Ruleset::V011,
        &[
            ("f1", White, King),
            ("f2", White, Bishop),
            ("f9", Black, Rook),
            ("l6", Black, King),
        ],
        White,
    );
    // The bishop on f2 is pinned along the f-file.
    assert!(legal(&g).iter().all(|m| !m.starts_with("f2")));
    let err = g.play(mv("f2e3")).unwrap_err();
    assert_eq!(
        err.reason,
        Illegal::LeavesKingInCheck {
            mv: mv("f2e3"),
            color: White
        }
    );
    assert!(err.to_string().contains("check"), "{err}");
}

#[test]
fn h11_classic_double_step_and_en_passant() {
    let mut g = Game::new(Ruleset::Classic);
    assert!(g.legal_moves().contains(&mv("f5f7")) || g.legal_moves().contains(&mv("e4e6")));
    g.play(mv("e4e6")).unwrap();
    assert_eq!(g.position().en_passant().map(|e| e.target), Some(c("e5")));
    // No renaming in classic.
    assert_eq!(g.last().map(|r| r.arrived_as), Some(Pawn));
}

#[test]
fn h11_en_passant_removes_the_pawn_that_skipped() {
    // Black's d7 pawn skips d6; White's c5 pawn captures forward-right (1,0) onto d6.
    let mut g = game(
        Ruleset::Classic,
        &[
            ("g1", White, King),
            ("c5", White, Pawn),
            ("g10", Black, King),
            ("d7", Black, Pawn),
        ],
        Black,
    );
    g.play(mv("d7d5")).unwrap();
    assert!(g.legal_moves().contains(&mv("c5d6")));
    let r = g.play(mv("c5d6")).unwrap();
    let victim = r.captured.expect("a capture");
    assert_eq!((victim.1, victim.2), (Pawn, c("d5")));
    assert_eq!(r.notation, "xd6");
    assert!(g.position().piece_at(c("d5")).is_none());
    assert!(
        r.events
            .iter()
            .any(|e| matches!(e, Event::Captured { cell, .. } if *cell == c("d5")))
    );
    // The right lasts one move only.
    let mut g2 = game(
        Ruleset::Classic,
        &[
            ("g1", White, King),
            ("c5", White, Pawn),
            ("g10", Black, King),
            ("d7", Black, Pawn),
        ],
        Black,
    );
    g2.play(mv("d7d5")).unwrap();
    g2.play(mv("g1g2")).unwrap();
    g2.play(mv("g10g9")).unwrap();
    assert!(!g2.legal_moves().contains(&mv("c5d6")));
}

#[test]
fn h12_refusals_in_the_start_position_are_typed_and_worded_exactly() {
    let mut g = Game::new(Ruleset::V011);
    let cases = [
        ("f6f7", "f6f7: there is no piece on f6"),
        (
            "f7f6",
            "f7f6: the piece on f7 is black's, and it is white's turn to move",
        ),
        (
            "f5f5",
            "f5f5: a move must leave its cell; passing is not allowed",
        ),
        (
            "c1c2",
            "c1c2: a piece may never capture a piece of its own side",
        ),
        (
            "f5f7",
            "f5f7: a pawn moves one cell straight forward, or captures on one of its two forward diagonal cells",
        ),
        (
            "f1f4",
            "f1f4: a bishop moves only along diagonal (vertex-sharing) lines",
        ),
        (
            "c1c4",
            "c1c4: a rook may not pass through the occupied cell c2",
        ),
        (
            "f5f6=Q",
            "f5f6=Q: only a pawn moving onto its far edge promotes",
        ),
        (
            "zz",
            "\"zz\" is not a move in hex chess notation (for example f5f6, f6, Nxe5, e10=Q)",
        ),
        ("j1j2", "\"j1j2\": there is no cell j2 on the board"),
        (
            "f5f6=X",
            "\"f5f6=X\": a pawn promotes only to a queen, rook, bishop or knight (=Q, =R, =B or =N)",
        ),
        (
            "Rc4",
            "\"Rc4\": no white rook can move to c4 in this position",
        ),
        (
            "Nf4",
            "\"Nf4\" is ambiguous: more than one knight can move to f4; add the origin file or rank",
        ),
    ];
    for (text, sentence) in cases {
        let err = g.play_text(text).unwrap_err();
        assert_eq!(err.to_string(), sentence, "{text}");
    }
}

#[test]
fn h12_every_refusal_sentence_is_worded_exactly() {
    use crate::rules::hexchess::{Move, MovementRule};
    let king_promotion = Move {
        promotion: Some(King),
        ..mv("f10f11")
    };
    let cases: Vec<(Illegal, &str)> = vec![
        (
            Illegal::NoPiece { mv: mv("e9e10=Q") },
            "e9e10=Q: there is no piece on e9",
        ),
        (
            Illegal::NotYourPiece {
                mv: mv("f7f6"),
                owner: Black,
                turn: White,
            },
            "f7f6: the piece on f7 is black's, and it is white's turn to move",
        ),
        (
            Illegal::MustLeaveCell { mv: mv("f5f5") },
            "f5f5: a move must leave its cell; passing is not allowed",
        ),
        (
            Illegal::OwnCapture { mv: mv("c1c2") },
            "c1c2: a piece may never capture a piece of its own side",
        ),
        (
            Illegal::MustPromote { mv: mv("f10f11") },
            "f10f11: a pawn reaching the far edge must promote; add =Q, =R, =B or =N",
        ),
        (
            Illegal::OnlyFarEdgePromotes { mv: mv("f5f6=Q") },
            "f5f6=Q: only a pawn moving onto its far edge promotes",
        ),
        (
            Illegal::BadPromotionPiece { mv: king_promotion },
            "f10f11=K: a pawn promotes only to a queen, rook, bishop or knight",
        ),
        (
            Illegal::CheckNotResolved {
                mv: mv("a1a2"),
                color: White,
            },
            "a1a2: the white king is in check and this move does not resolve it",
        ),
        (
            Illegal::LeavesKingInCheck {
                mv: mv("f2e3"),
                color: Black,
            },
            "f2e3: this move would leave the black king in check",
        ),
        (
            Illegal::NotNotation { text: "zz".into() },
            "\"zz\" is not a move in hex chess notation (for example f5f6, f6, Nxe5, e10=Q)",
        ),
        (
            Illegal::BadPromotionLetter {
                text: "f11=K".into(),
            },
            "\"f11=K\": a pawn promotes only to a queen, rook, bishop or knight (=Q, =R, =B or =N)",
        ),
        (
            Illegal::NoSuchCell {
                text: "j2".into(),
                cell: "j2".into(),
            },
            "\"j2\": there is no cell j2 on the board",
        ),
        (
            Illegal::CaptureNotWritten {
                text: "e7".into(),
                to: c("e7"),
            },
            "\"e7\" captures on e7, and a capture must be written with x",
        ),
        (
            Illegal::NotACapture {
                text: "xf7".into(),
                to: c("f7"),
            },
            "\"xf7\" is written as a capture, but f7 holds no enemy piece",
        ),
        (
            Illegal::TextMustPromote { text: "f11".into() },
            "\"f11\": a pawn reaching the far edge must promote; add =Q, =R, =B or =N",
        ),
        (
            Illegal::NoPieceCanMove {
                text: "Qf9".into(),
                color: Black,
                kind: Queen,
                to: c("f9"),
            },
            "\"Qf9\": no black queen can move to f9 in this position",
        ),
        (
            Illegal::Ambiguous {
                text: "Nf4".into(),
                kind: Knight,
                to: c("f4"),
            },
            "\"Nf4\" is ambiguous: more than one knight can move to f4; add the origin file or rank",
        ),
        (
            Illegal::GameOver {
                reason: Reason::Stalemate,
            },
            "the game is over (stalemate); no more moves may be played",
        ),
        (
            Illegal::NoneForced,
            "the side to move has more than one legal move, so none is forced",
        ),
    ];
    for (reason, sentence) in cases {
        assert_eq!(reason.to_string(), sentence, "{reason:?}");
    }
    let movement = |kind, rule| Illegal::Movement {
        mv: mv("a1a2"),
        kind,
        rule,
    };
    let rules = [
        (
            movement(Pawn, MovementRule::PawnPushBlocked),
            "a pawn moves forward only onto an empty cell; it captures on its forward diagonals",
        ),
        (
            movement(Pawn, MovementRule::PawnDiagonalOnlyCaptures),
            "a pawn moves onto a forward diagonal cell only to capture",
        ),
        (
            movement(Pawn, MovementRule::PawnStep(Ruleset::Classic)),
            "a pawn moves one cell straight forward (two from its start cell), or captures one cell forward-left or forward-right",
        ),
        (
            movement(Pawn, MovementRule::PawnStep(Ruleset::V011)),
            "a pawn moves one cell straight forward, or captures on one of its two forward diagonal cells",
        ),
        (
            movement(Knight, MovementRule::KnightLeap),
            "a knight leaps one orthogonal step then one diagonal step outward, and that is not such a leap",
        ),
        (
            movement(King, MovementRule::KingStep(Ruleset::V011)),
            "a king moves one cell to one of its six orthogonal neighbours",
        ),
        (
            movement(King, MovementRule::KingStep(Ruleset::Classic)),
            "a king moves one cell to one of its six orthogonal or six diagonal neighbours",
        ),
        (
            movement(
                Queen,
                MovementRule::Blocked {
                    kind: Queen,
                    cell: c("b1"),
                },
            ),
            "a queen may not pass through the occupied cell b1",
        ),
        (
            movement(Bishop, MovementRule::BishopLines),
            "a bishop moves only along diagonal (vertex-sharing) lines",
        ),
        (
            movement(Rook, MovementRule::RookLines),
            "a rook moves only along orthogonal (edge-sharing) lines",
        ),
        (
            movement(Queen, MovementRule::QueenLines),
            "a queen moves only along orthogonal or diagonal lines",
        ),
    ];
    for (reason, rule) in rules {
        assert_eq!(reason.to_string(), format!("a1a2: {rule}"), "{reason:?}");
    }
}
