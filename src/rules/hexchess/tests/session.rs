//! The game session: editing (H7), forced moves (H8), saving (H10).

use std::path::PathBuf;
use std::time::Duration;

use super::{game, mv};
use crate::rules::hexchess::session::{GameSession, forced_delay};
use crate::rules::hexchess::{Color, Kind, Ruleset};

use Color::{Black, White};
use Kind::{King, Knight, Pawn, Queen, Rook};

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
    GameSession::from_game(game(
        Ruleset::V011,
        &[
            ("a1", White, King),
            ("b7", Black, Rook),
            ("l6", Black, King),
        ],
        White,
    ))
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
    let s = GameSession::from_game(game(
        Ruleset::V011,
        &[
            ("a1", White, King),
            ("b7", Black, Rook),
            ("d4", Black, Knight),
            ("f10", White, Pawn),
            ("l6", Black, King),
        ],
        White,
    ));
    assert_eq!(s.game().legal_moves().len(), 4);
    assert_eq!(s.forced_move(), None);
}

fn temp(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("lodestone-hexchess-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("hexchess.ron")
}

#[test]
fn h10_autosave_and_restore() {
    let path = temp("restore");
    let restored = GameSession::restore(&path, Ruleset::V011);
    assert!(restored.problem.is_none());
    let mut s = restored.session;
    s.play_text("f6").unwrap();
    s.play_text("k6").unwrap();
    assert!(path.exists());
    let again = GameSession::restore(&path, Ruleset::V011);
    assert!(again.problem.is_none());
    assert_eq!(again.session.entries().0, ["f6", "k6"]);
    assert_eq!(kind_on(&again.session, "f6"), Some(Queen));
    // A hand-made game survives the round trip too.
    let puzzle = forced_session();
    let p2 = temp("puzzle");
    puzzle.save_to(&p2).unwrap();
    let back = GameSession::restore(&p2, Ruleset::V011).session;
    assert_eq!(back.forced_move().map(|f| f.0), Some(mv("a1a2")));
    cleanup(&path);
    cleanup(&p2);
}

fn cleanup(path: &std::path::Path) {
    if let Some(dir) = path.parent() {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn h10_an_unreadable_save_is_kept_aside_and_reported() {
    let path = temp("unreadable");
    std::fs::write(&path, "this is not RON").unwrap();
    let restored = GameSession::restore(&path, Ruleset::V011);
    assert!(restored.problem.is_some());
    let aside = restored.kept_aside.clone().expect("moved aside");
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), "this is not RON");
    assert_eq!(restored.session.game().history().len(), 0);
    // A second bad save gets its own name; the first is never overwritten.
    std::fs::write(&path, "(garbage").unwrap();
    let second = GameSession::restore(&path, Ruleset::V011);
    let aside2 = second.kept_aside.clone().expect("moved aside");
    assert_ne!(aside, aside2);
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), "this is not RON");
    // A save whose moves are illegal is unreadable too.
    std::fs::write(&path, "(game: (ruleset: v011, moves: [(mv: \"f5f7\", renamed: true)]), struck: [], forced_count: 0, edited: false)").unwrap();
    assert!(GameSession::restore(&path, Ruleset::V011).problem.is_some());
    cleanup(&path);
}

#[test]
fn h10_an_edited_game_is_never_saved() {
    let path = temp("edited");
    let mut s = GameSession::restore(&path, Ruleset::V011).session;
    s.play_text("f6").unwrap();
    assert!(path.exists());
    s.edit(0, "e5");
    assert!(
        !path.exists(),
        "the save of the game before the edit is gone"
    );
    s.play_text("k6").unwrap();
    assert!(!path.exists());
    let restored = GameSession::restore(&path, Ruleset::V011);
    assert_eq!(restored.session.game().history().len(), 0);
    // New game ends the edited state; saving resumes.
    let mut s = restored.session;
    s.edit(0, "e5");
    s.new_game();
    s.play_text("f6").unwrap();
    assert!(path.exists());
    cleanup(&path);
}
