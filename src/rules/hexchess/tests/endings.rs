//! Endings (H9, H12), refusals, and the classic ruleset's extras (H11).

use super::{c, game, legal, mv};
use crate::rules::hexchess::{Cell, Color, Event, Game, Kind, Outcome, Reason, Ruleset};

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
    assert!(err.reason.contains("over"), "{err}");
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
        assert!(err.reason.contains(needle), "{text}: {err}");
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
    assert!(err.reason.contains("check"), "{err}");
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
