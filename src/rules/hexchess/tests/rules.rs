//! Scenarios named after the rule they pin.

use super::{c, game, legal, mv};
use crate::rules::hexchess::geometry::{DIAGONAL, ORTHOGONAL, tables};
use crate::rules::hexchess::{Cell, Color, Event, Game, Kind, Outcome, Position, Reason, Ruleset};

use Color::{Black, White};
use Kind::{Bishop, King, Knight, Pawn, Queen, Rook};

fn names(cells: impl Iterator<Item = Cell>) -> Vec<String> {
    let mut v: Vec<String> = cells.map(|c| c.to_string()).collect();
    v.sort();
    v
}

#[test]
fn h1_board_has_91_cells_in_eleven_files() {
    assert_eq!(Cell::all().count(), 91);
    let heights: Vec<usize> = (0..11)
        .map(|f| Cell::all().filter(|c| c.file() == f).count())
        .collect();
    assert_eq!(heights, [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6]);
    for cell in Cell::all() {
        assert_eq!(Cell::parse(&cell.to_string()), Some(cell));
    }
    assert_eq!(Cell::parse("j1"), None);
    assert_eq!(Cell::parse("a7"), None);
    assert_eq!(Cell::parse("f11").map(|c| c.axial()), Some((0, 5)));
    // Three tones; f6 is on the largest (31 cells).
    let t = tables();
    let mut tones: Vec<u32> = t.tone.iter().map(|b| b.count_ones()).collect();
    tones.sort();
    assert_eq!(tones, [30, 30, 31]);
}

#[test]
fn h1_neighbours_of_f6() {
    let f6 = c("f6");
    let orth = names(ORTHOGONAL.iter().filter_map(|&d| f6.offset(d)));
    assert_eq!(orth, ["e5", "e6", "f5", "f7", "g5", "g6"]);
    let diag = names(DIAGONAL.iter().filter_map(|&d| f6.offset(d)));
    assert_eq!(diag, ["d5", "e4", "e7", "g4", "g7", "h5"]);
    // A bishop direction keeps the tone, a rook direction changes it.
    for d in DIAGONAL {
        assert_eq!(f6.offset(d).map(|x| x.tone()), Some(f6.tone()));
    }
    for d in ORTHOGONAL {
        assert_ne!(f6.offset(d).map(|x| x.tone()), Some(f6.tone()));
    }
}

#[test]
fn h2_black_is_whites_rotation() {
    let pos = Position::start(Ruleset::V011);
    let black: Vec<(String, Kind)> = pos
        .pieces()
        .filter(|(_, p)| p.color == Black)
        .map(|(cell, p)| (cell.to_string(), p.kind))
        .collect();
    let expect = [
        ("e10", King),
        ("g10", Queen),
        ("f9", Bishop),
        ("f10", Bishop),
        ("f11", Bishop),
        ("d9", Knight),
        ("h9", Knight),
        ("c8", Rook),
        ("i8", Rook),
        ("b7", Pawn),
        ("c7", Pawn),
        ("d7", Pawn),
        ("e7", Pawn),
        ("f7", Pawn),
        ("g7", Pawn),
        ("h7", Pawn),
        ("i7", Pawn),
        ("k7", Pawn),
    ];
    assert_eq!(black.len(), 18);
    for (cell, kind) in expect {
        assert!(black.contains(&(cell.to_string(), kind)), "{cell} {kind:?}");
    }
    // H11: classic swaps Black's king and queen.
    let classic = Position::start(Ruleset::Classic);
    assert_eq!(classic.piece_at(c("g10")).map(|p| p.kind), Some(King));
    assert_eq!(classic.piece_at(c("e10")).map(|p| p.kind), Some(Queen));
}

#[test]
fn h3_pawn_steps_and_captures_on_forward_diagonals() {
    // H3: White captures on (-1,2) and (1,1): from f5 those are e6 and g6.
    assert_eq!(c("f5").offset((-1, 2)), Some(c("e6")));
    assert_eq!(c("f5").offset((1, 1)), Some(c("g6")));
    // Blocked straight ahead, an enemy only on an orthogonal neighbour: no pawn move.
    let g = game(
        Ruleset::V011,
        &[
            ("b1", White, King),
            ("f5", White, Pawn),
            ("e5", Black, Rook),
            ("f6", Black, Queen),
            ("l6", Black, King),
        ],
        White,
    );
    assert!(legal(&g).iter().all(|m| !m.starts_with("f5")));
    let g = game(
        Ruleset::V011,
        &[
            ("a1", White, King),
            ("f5", White, Pawn),
            ("e6", Black, Rook),
            ("g6", Black, Knight),
            ("l6", Black, King),
        ],
        White,
    );
    let pawn_moves: Vec<String> = legal(&g)
        .into_iter()
        .filter(|m| m.starts_with("f5"))
        .collect();
    assert_eq!(pawn_moves, ["f5e6", "f5f6", "f5g6"]);
    // No double step in v011 (H3); the refusal names the rule.
    let mut start = Game::new(Ruleset::V011);
    let err = start.play(mv("f5f7")).unwrap_err();
    assert!(err.reason.contains("pawn"), "{err}");
    // A black pawn captures downward on (1,-2) and (-1,-1): from f7, g5 and e5.
    let g = game(
        Ruleset::V011,
        &[
            ("a1", White, King),
            ("f7", Black, Pawn),
            ("g5", White, Rook),
            ("e5", White, Rook),
            ("k7", Black, King),
        ],
        Black,
    );
    let pawn_moves: Vec<String> = legal(&g)
        .into_iter()
        .filter(|m| m.starts_with("f7"))
        .collect();
    assert_eq!(pawn_moves, ["f7e5", "f7f6", "f7g5"]);
}

#[test]
fn h3_v011_king_steps_only_orthogonally() {
    // (A black pawn stuck on its far edge keeps the material sufficient.)
    let pieces = [
        ("f6", White, King),
        ("a6", Black, King),
        ("a1", Black, Pawn),
    ];
    let g = game(Ruleset::V011, &pieces, White);
    assert_eq!(legal(&g), ["f6e5", "f6e6", "f6f5", "f6f7", "f6g5", "f6g6"]);
    let g = game(Ruleset::Classic, &pieces, White);
    assert_eq!(legal(&g).len(), 12);
}

#[test]
fn h4_a_pawn_becomes_a_queen_after_one_step() {
    let mut g = Game::new(Ruleset::V011);
    let r = g.play(mv("f5f6")).unwrap();
    assert_eq!((r.departed_as, r.arrived_as), (Pawn, Queen));
    assert_eq!(g.position().piece_at(c("f6")).map(|p| p.kind), Some(Queen));
    assert!(r.events.contains(&Event::Renamed {
        piece: r.piece,
        from: Pawn,
        to: Queen
    }));
    // It now moves as a queen, e.g. one diagonal step (-2,1) to d5.
    g.play(mv("k7k6")).unwrap();
    assert!(g.legal_moves().contains(&mv("f6d5")));
}

#[test]
fn h4_rotation_cycles_through_every_type_and_spares_kings() {
    // A piece moved five times goes Q R B N P and back to Q; the id never changes.
    // (A black pawn stuck on its far edge keeps the material sufficient.)
    let mut g = game(
        Ruleset::V011,
        &[
            ("b1", White, King),
            ("f6", White, Queen),
            ("l6", Black, King),
            ("a1", Black, Pawn),
        ],
        White,
    );
    let id = g.position().piece_at(c("f6")).map(|p| p.id);
    let path = ["f6f7", "f7f8", "f8g9", "g9f7", "f7f8"];
    let replies = ["l6l5", "l5l6", "l6l5", "l5l6", "l6l5"];
    let mut kinds = Vec::new();
    for (m, reply) in path.iter().zip(replies) {
        let r = g.play(mv(m)).unwrap();
        kinds.push(r.arrived_as);
        assert_eq!(Some(r.piece), id);
        g.play(mv(reply)).unwrap();
    }
    assert_eq!(kinds, [Rook, Bishop, Knight, Pawn, Queen]);
    let r = g.play(mv("b1b2")).unwrap();
    assert_eq!((r.departed_as, r.arrived_as), (King, King));
}

#[test]
fn h5_promotion_to_queen_arrives_as_a_rook() {
    let mut g = game(
        Ruleset::V011,
        &[
            ("a1", White, King),
            ("f10", White, Pawn),
            ("l6", Black, King),
        ],
        White,
    );
    let moves = legal(&g);
    for p in ["B", "N", "Q", "R"] {
        assert!(moves.contains(&format!("f10f11={p}")));
    }
    let err = g.play(mv("f10f11")).unwrap_err();
    assert!(err.reason.contains("promote"), "{err}");
    let r = g.play(mv("f10f11=Q")).unwrap();
    assert_eq!((r.departed_as, r.arrived_as), (Pawn, Rook));
    assert_eq!(r.notation, "f11=Q");
    // =N arrives as a pawn on the far edge, which then has no moves (H5).
    let mut g = game(
        Ruleset::V011,
        &[
            ("a1", White, King),
            ("f10", White, Pawn),
            ("l6", Black, King),
        ],
        White,
    );
    let r = g.play(mv("f10f11=N")).unwrap();
    assert_eq!(r.arrived_as, Pawn);
    g.play(mv("l6l5")).unwrap();
    assert!(legal(&g).iter().all(|m| !m.starts_with("f11")));
}

#[test]
fn h5_knight_becoming_a_pawn_on_the_far_edge_does_not_promote() {
    // f11 is White's far edge; a knight leaping there arrives as a pawn, no choice.
    let from = c("f11").offset((-1, -2)).unwrap_or(c("f11"));
    let mut g = game(
        Ruleset::V011,
        &[
            ("b1", White, King),
            (&from.to_string(), White, Knight),
            ("l6", Black, King),
            ("a1", Black, Pawn),
        ],
        White,
    );
    let to_f11: Vec<String> = legal(&g)
        .into_iter()
        .filter(|m| m.ends_with("f11"))
        .collect();
    assert_eq!(to_f11.len(), 1, "one move, no promotion choice: {to_f11:?}");
    let r = g.play(mv(&to_f11[0])).unwrap();
    assert_eq!(
        (r.departed_as, r.arrived_as, r.mv.promotion),
        (Knight, Pawn, None)
    );
    assert!(!r.events.iter().any(|e| matches!(e, Event::Promoted { .. })));
    g.play(mv("l6l5")).unwrap();
    assert!(legal(&g).iter().all(|m| !m.starts_with("f11")));
}

#[test]
fn h4_check_is_given_by_the_renamed_type() {
    // A pawn step that arrives as a queen checks along the file.
    let mut g = game(
        Ruleset::V011,
        &[
            ("a1", White, King),
            ("f5", White, Pawn),
            ("f10", Black, King),
        ],
        White,
    );
    let r = g.play(mv("f5f6")).unwrap();
    assert!(r.gives_check && g.position().in_check());
    // A queen that moves onto a diagonal of the king arrives as a rook: no check.
    let mut g = game(
        Ruleset::V011,
        &[
            ("a1", White, King),
            ("d1", White, Queen),
            ("f6", Black, King),
        ],
        White,
    );
    // d5 lies on a diagonal of f6 (H1), reached from d1 up the d-file.
    let r = g.play(mv("d1d5")).unwrap();
    assert_eq!(r.arrived_as, Rook);
    assert!(!r.gives_check && !g.position().in_check());
}

fn mate_setup() -> Game {
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
