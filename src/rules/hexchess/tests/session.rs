//! The game session: editing (H7) and forced moves (H8). Saving (H10) is the window's:
//! `app::hexchess::autosave` and its tests.

use std::time::Duration;

use super::{game, mv};
use crate::rules::hexchess::session::{GameSession, forced_delay};
use crate::rules::hexchess::{Color, Kind, Ruleset};

use Color::White;
use Kind::{Pawn, Queen};

fn kind_on(s: &GameSession, cell: &str) -> Option<Kind> {
    s.game().position().piece_at(super::c(cell)).map(|p| p.kind)
}

#[test]
fn h7_an_edit_that_breaks_the_list_midway() {
    let mut s = GameSession::new(Ruleset::V011);
    for text in ["f6", "k6", "Qd5", "b6"] {
        s.play_text(text).unwrap();
    }
    assert_eq!(kind_on(&s, "k6"), Some(Queen), "renamed in normal play");
    // Replace the first entry: the list replays without renaming, so "Qd5" (the f-pawn,
    // a queen only after renaming) no longer means anything.
    let report = s.edit(0, "e5");
    assert_eq!(report.reached, 2);
    assert_eq!(report.first_unreachable, Some(2));
    assert!(report.error.is_some());
    let (reached, struck) = s.entries();
    assert_eq!(reached, ["e5", "k6"]);
    assert_eq!(struck, ["Qd5", "b6"]);
    assert_eq!(
        kind_on(&s, "e5"),
        Some(Pawn),
        "no renaming in an edit replay"
    );
    assert_eq!(kind_on(&s, "k6"), Some(Pawn));
    assert!(s.is_edited());
    // Renaming resumes with the next move played by pointer; the struck entries go.
    let r = s.play(mv("f5f6")).unwrap();
    assert_eq!(r.arrived_as, Queen);
    assert_eq!(s.entries().1.len(), 0);
}

#[test]
fn h7_an_edit_to_unparseable_text_strikes_it_and_the_rest() {
    let mut s = GameSession::new(Ruleset::V011);
    for text in ["f6", "k6", "e5"] {
        s.play_text(text).unwrap();
    }
    let report = s.edit(1, "nonsense");
    assert_eq!((report.reached, report.first_unreachable), (1, Some(1)));
    assert_eq!(s.entries().1, ["nonsense", "e5"]);
    assert_eq!(s.game().history().len(), 1);
    // A good edit of the struck entry brings the rest back (still un-renamed).
    let report = s.edit(1, "k6");
    assert_eq!((report.reached, report.first_unreachable), (3, None));
    assert_eq!(kind_on(&s, "f6"), Some(Pawn));
}

#[test]
fn h8_delay_schedule() {
    let expected: Vec<u64> = (1..=20)
        .map(|n| if n <= 16 { 850 - 50 * n } else { 0 })
        .collect();
    let got: Vec<u64> = (1..=20)
        .map(|n| forced_delay(n as u32).as_millis() as u64)
        .collect();
    assert_eq!(got, expected);
    assert_eq!(got[0], 800);
    assert_eq!(got[15], 50);
}

/// White's king on a1 can only step to a2 (a black rook holds the b-file).
fn forced_session() -> GameSession {
    GameSession::from_game(game(Ruleset::V011, "Ka1 rb7 kl6", White))
}

#[test]
fn h8_forced_moves_over_twenty_plays_spanning_undo() {
    let mut s = forced_session();
    let mut waits = Vec::new();
    for _ in 0..20 {
        let (m, wait) = s.forced_move().expect("one legal move");
        assert_eq!(m, mv("a1a2"));
        waits.push(wait);
        let r = s.play_forced().unwrap();
        assert_eq!(r.notation, "Ka2", "listed like a hand-played move");
        // Undo returns to the forced position; the count carries on.
        s.undo();
    }
    let expected: Vec<Duration> = (1..=20u64)
        .map(|n| Duration::from_millis(850u64.saturating_sub(50 * n)))
        .collect();
    assert_eq!(waits, expected);
    assert_eq!(s.forced_count(), 20);
    // New game restores 800 ms (and the start position has no forced move).
    s.new_game();
    assert_eq!(s.forced_count(), 0);
    assert_eq!(s.forced_move(), None);
}

#[test]
fn h8_four_promotion_choices_are_not_forced() {
    let s = GameSession::from_game(game(Ruleset::V011, "Ka1 rb7 nd4 Pf10 kl6", White));
    assert_eq!(s.game().legal_moves().len(), 4);
    assert_eq!(s.forced_move(), None);
}
