//! H6 / H12 notation: writing, reading, round trips, disambiguation.

use rand::Rng;

use super::{c, game, mv};
use crate::rules::hexchess::notation::{parse, parse_long, write};
use crate::rules::hexchess::{Color, Game, Illegal, Kind, Ruleset};
use crate::rules::rng::seeded;

use Color::White;
use Kind::{Knight, Pawn, Rook};

fn written(g: &Game, long: &str) -> String {
    g.notation(mv(long))
}

#[test]
fn h6_long_form_round_trips() {
    for text in ["f5f6", "e9e10=Q", "a1l6", "f10f11=N"] {
        assert_eq!(parse_long(text).map(|m| m.long()), Some(text.to_string()));
    }
    assert_eq!(parse_long("f5"), None);
    assert_eq!(parse_long("j1j2"), None);
}

#[test]
fn h6_start_position_notation() {
    let g = Game::new(Ruleset::V011);
    assert_eq!(written(&g, "f5f6"), "f6");
    assert_eq!(written(&g, "d1f4"), "Ndf4"); // h1 reaches f4 too
    assert_eq!(written(&g, "e1a5"), "Qa5");
    assert_eq!(written(&g, "g1g2"), "Kg2");
}

#[test]
fn h6_disambiguation_file_then_rank_then_both() {
    // Two knights on different files: the file.
    let g = Game::new(Ruleset::V011);
    assert!(g.legal_moves().contains(&mv("h1f4")));
    assert_eq!(written(&g, "h1f4"), "Nhf4");
    // Two rooks on one file: the rank.
    let g = game(Ruleset::V011, "Ka1 Rf2 Rf9 kl6 pa6", White);
    assert_eq!(written(&g, "f2f5"), "R2f5");
    assert_eq!(written(&g, "f9f5"), "R9f5");
    // Three rooks reach f5: f2 and f9 share a file, f2 and i2 share a rank.
    let g = game(Ruleset::V011, "Ka1 Rf2 Rf9 Ri2 kl6", White);
    assert_eq!(written(&g, "f2f5"), "Rf2f5");
    assert_eq!(written(&g, "f9f5"), "R9f5");
    assert_eq!(written(&g, "i2f5"), "Rif5");
    assert_eq!(g.parse_move("Rf2f5"), Ok(mv("f2f5")));
    assert!(g.parse_move("Rf5").is_err(), "ambiguous");
}

#[test]
fn h12_pawn_captures_name_the_file_only_when_two_pawns_can_take() {
    // White pawns capture on (-1,2) and (1,1); e7 is reached from f6 and from d5.
    let from_f = c("e7")
        .offset((1, -2))
        .map(|x| x.to_string())
        .unwrap_or_default();
    let from_d = c("e7")
        .offset((-1, -1))
        .map(|x| x.to_string())
        .unwrap_or_default();
    assert_eq!((from_f.as_str(), from_d.as_str()), ("f6", "d5"));
    let one = game(Ruleset::V011, "Ka1 Pf6 re7 kl6", White);
    assert_eq!(written(&one, "f6e7"), "xe7");
    let two = game(Ruleset::V011, "Ka1 Pf6 Pd5 re7 kl6", White);
    assert_eq!(written(&two, "f6e7"), "fxe7");
    assert_eq!(written(&two, "d5e7"), "dxe7");
    // Reading: the plain form is ambiguous, the file form is not.
    let err = two.parse_move("xe7").unwrap_err();
    assert!(
        matches!(err.reason, Illegal::Ambiguous { kind: Pawn, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("ambiguous"), "{err}");
    assert_eq!(two.parse_move("dxe7"), Ok(mv("d5e7")));
}

#[test]
fn h12_input_tolerance_and_capture_mark() {
    let g = game(Ruleset::V011, "Ka1 Pf6 re7 kl6", White);
    // Check marks and extra disambiguation are tolerated.
    assert_eq!(g.parse_move("xe7+"), Ok(mv("f6e7")));
    assert_eq!(g.parse_move("fxe7#"), Ok(mv("f6e7")));
    assert_eq!(g.parse_move("f6xe7"), Ok(mv("f6e7")));
    assert_eq!(g.parse_move("f6e7"), Ok(mv("f6e7")), "long form");
    // x must match: a capture without x, a quiet move with x.
    assert!(g.parse_move("e7").is_err());
    let err = g.parse_move("xf7").unwrap_err();
    assert!(matches!(err.reason, Illegal::NotACapture { .. }), "{err}");
    assert!(err.to_string().contains("capture"), "{err}");
    let err = g.parse_move("Ka2+").map(|m| m.long());
    assert_eq!(err, Ok("a1a2".to_string()));
    let err = g.parse_move("Kxa2").unwrap_err();
    assert!(matches!(err.reason, Illegal::NotACapture { .. }), "{err}");
    assert!(err.to_string().contains("capture"), "{err}");
}

#[test]
fn h6_promotion_notation() {
    let g = game(Ruleset::V011, "Ka1 Pf10 kl6", White);
    assert_eq!(written(&g, "f10f11=Q"), "f11=Q");
    assert_eq!(g.parse_move("f11=N"), Ok(mv("f10f11=N")));
    assert_eq!(g.parse_move("f11=r"), Ok(mv("f10f11=R")));
    let err = g.parse_move("f11").unwrap_err();
    assert!(
        matches!(err.reason, Illegal::TextMustPromote { .. }),
        "{err}"
    );
    assert!(err.to_string().contains("promote"), "{err}");
    assert!(g.parse_move("f11=K").is_err());
}

/// H6 round trip: in many random positions of both rulesets, every legal move written
/// then read back is the same move, and no two legal moves are written alike.
#[test]
fn round_trip_over_random_positions() {
    let mut ambiguous_seen = 0;
    for ruleset in [Ruleset::V011, Ruleset::Classic] {
        for seed in 0..12 {
            let mut rng = seeded(100 + seed);
            let mut g = Game::new(ruleset);
            for _ in 0..80 {
                let moves = g.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let pos = g.position();
                let mut seen = std::collections::HashSet::new();
                for &m in &moves {
                    let text = write(pos, m, &moves);
                    assert!(seen.insert(text.clone()), "{text} written twice");
                    assert_eq!(parse(pos, &text, &moves), Ok(m), "{text}");
                    assert_eq!(parse(pos, &m.long(), &moves), Ok(m));
                    let piece = &text[..1];
                    if text.len() > 3 && piece.chars().all(|ch| ch.is_ascii_uppercase()) {
                        let body = &text[1..];
                        if body.len() > 3 && !body.starts_with('x') {
                            ambiguous_seen += 1;
                        }
                    }
                }
                let m = moves[rng.random_range(0..moves.len())];
                g.play(m).expect("legal");
            }
        }
    }
    assert!(
        ambiguous_seen > 0,
        "the sample includes disambiguated moves"
    );
}

#[test]
fn notation_for_pieces_uses_the_departure_type() {
    // H6: the list names the type the piece had when it left.
    let mut g = Game::new(Ruleset::V011);
    let r = g.play(mv("f5f6")).unwrap();
    assert_eq!(r.notation, "f6");
    g.play(mv("k7k6")).unwrap();
    // The f6 piece is a queen now and is written as one.
    let r = g.play(mv("f6d5")).unwrap();
    assert_eq!(r.notation, "Qd5");
    assert_eq!(r.arrived_as, Rook);
    let _ = Knight;
}
