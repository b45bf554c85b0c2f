//! Endings (H9, H12) and the classic ruleset's extras (H11).

use super::{c, game, mate_in_one, mv};
use crate::rules::hexchess::{Cell, Color, Event, Game, Illegal, Kind, Outcome, Reason, Ruleset};

use Color::{Black, White};
use Kind::{Pawn, Queen, Rook};

/// The outcome of a game drawn for `reason`.
fn drawn(reason: Reason) -> Option<Outcome> {
    Some(Outcome {
        winner: None,
        reason,
    })
}

#[test]
fn h9_checkmate_by_a_queen_arriving_as_a_rook() {
    let mut g = mate_in_one();
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
    let mut g = game(Ruleset::V011, "Kh1 Rb5 Pb4 ka6", White);
    g.play(mv("h1h2")).unwrap();
    assert!(!g.position().in_check());
    assert_eq!(g.outcome(), drawn(Reason::Stalemate));
}

#[test]
fn h9_insufficient_material_is_exactly_the_list() {
    let k = |extra: &str| {
        let pieces = format!("Ka1 kl6 {extra}");
        game(Ruleset::V011, &pieces, White)
            .outcome()
            .map(|o| o.reason)
    };
    let material = Some(Reason::Material);
    assert_eq!(k(""), material, "K v K");
    assert_eq!(k("Nf6"), material, "K+N v K");
    assert_eq!(k("bf6"), material, "K+B v K");
    // Bishop cells on the c-file with the same tone as f6 and with another tone.
    let same = Cell::all().find(|x| x.tone() == c("f6").tone() && *x != c("f6") && x.file() == 2);
    let other = Cell::all().find(|x| x.tone() != c("f6").tone() && x.file() == 2);
    let (same, other) = (same.unwrap().to_string(), other.unwrap().to_string());
    assert_eq!(k(&format!("Bf6 b{same}")), material, "bishops, one tone");
    assert_eq!(k(&format!("Bf6 B{same}")), material, "two, one tone");
    assert_eq!(k(&format!("Bf6 b{other}")), None, "two tones");
    assert_eq!(k("Nf6 Nd4"), None, "K+N+N");
    assert_eq!(k("Nf6 nd4"), None, "K+N v K+N");
    assert_eq!(k("Pf6"), None, "K+P");
    assert_eq!(k("Rf6"), None, "K+R");
    // Reached by a capture: the last other piece taken.
    let mut g = game(Ruleset::V011, "Ka1 Ra2 ra5 kl6", White);
    g.play(mv("a2a5")).unwrap();
    // The capturing rook arrived as a bishop: K+B v K.
    assert_eq!(g.outcome(), drawn(Reason::Material));
}

#[test]
fn h9_fifty_moves_is_100_plies_without_capture_or_pawn_move() {
    let mut pos = super::position(Ruleset::V011, "Ka1 Rf3 rf9 kl6 Pc3", White);
    pos.halfmove_clock = 99;
    let mut g = Game::from_position(pos.clone());
    g.play(mv("a1a2")).unwrap();
    assert_eq!(g.position().halfmove_clock(), 100);
    assert_eq!(g.outcome(), drawn(Reason::Fifty));
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
    let mut pos = mate_in_one().position().clone();
    pos.halfmove_clock = 99;
    let mut g = Game::from_position(pos);
    g.play(mv("b2a2")).unwrap();
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::Checkmate));
}

#[test]
fn h9_threefold_repetition_counts_the_start() {
    let mut g = game(Ruleset::V011, "Ka1 Rf3 rf9 kl6", White);
    let cycle = ["a1a2", "l6l5", "a2a1", "l5l6"];
    for (i, m) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert_eq!(g.outcome(), None, "ply {i}");
        g.play(mv(m)).unwrap();
    }
    // Start, after 4 plies, after 8 plies: the third occurrence.
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), drawn(Reason::Repetition));
    // Undo leaves the draw.
    g.undo();
    assert_eq!(g.outcome(), None);
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
    let setup = || game(Ruleset::Classic, "Kg1 Pc5 kg10 pd7", Black);
    let mut g = setup();
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
    let mut g2 = setup();
    g2.play(mv("d7d5")).unwrap();
    g2.play(mv("g1g2")).unwrap();
    g2.play(mv("g10g9")).unwrap();
    assert!(!g2.legal_moves().contains(&mv("c5d6")));
}
