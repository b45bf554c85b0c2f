//! Refusals (H12): a refused move changes nothing, and its sentence names the rule.

use super::{c, game, legal, mv};
use crate::rules::hexchess::{Color, Game, Illegal, Kind, Reason, Ruleset};

use Color::{Black, White};
use Kind::{Bishop, King, Knight, Pawn, Queen, Rook};

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
    let mut g = game(Ruleset::V011, "Kf1 Bf2 rf9 kl6", White);
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
