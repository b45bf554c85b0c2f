//! Scenarios named after the rule they pin.

use super::{c, game, legal, mv};
use crate::rules::hexchess::geometry::{DIAGONAL, ORTHOGONAL, tables};
use crate::rules::hexchess::{
    Cell, Color, Event, Game, Illegal, Kind, MovementRule, Position, Ruleset,
};

use Color::{Black, White};
use Kind::{Bishop, King, Knight, Pawn, Queen, Rook};

fn names(cells: impl Iterator<Item = Cell>) -> Vec<String> {
    let mut v: Vec<String> = cells.map(|c| c.to_string()).collect();
    v.sort();
    v
}

/// The legal moves from `cell`, in sorted long form.
fn legal_from(game: &Game, cell: &str) -> Vec<String> {
    legal(game)
        .into_iter()
        .filter(|m| m.starts_with(cell))
        .collect()
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
    let g = game(Ruleset::V011, "Kb1 Pf5 re5 qf6 kl6", White);
    assert!(legal(&g).iter().all(|m| !m.starts_with("f5")));
    let g = game(Ruleset::V011, "Ka1 Pf5 re6 ng6 kl6", White);
    let pawn_moves = legal_from(&g, "f5");
    assert_eq!(pawn_moves, ["f5e6", "f5f6", "f5g6"]);
    // No double step in v011 (H3); the refusal names the rule.
    let mut start = Game::new(Ruleset::V011);
    let err = start.play(mv("f5f7")).unwrap_err();
    assert_eq!(
        err.reason,
        Illegal::Movement {
            mv: mv("f5f7"),
            kind: Pawn,
            rule: MovementRule::PawnStep(Ruleset::V011)
        }
    );
    assert!(err.to_string().contains("pawn"), "{err}");
    // A black pawn captures downward on (1,-2) and (-1,-1): from f7, g5 and e5.
    let g = game(Ruleset::V011, "Ka1 pf7 Rg5 Re5 kk7", Black);
    let pawn_moves = legal_from(&g, "f7");
    assert_eq!(pawn_moves, ["f7e5", "f7f6", "f7g5"]);
}

#[test]
fn h3_v011_king_steps_only_orthogonally() {
    // (A black pawn stuck on its far edge keeps the material sufficient.)
    let pieces = "Kf6 ka6 pa1";
    let g = game(Ruleset::V011, pieces, White);
    assert_eq!(legal(&g), ["f6e5", "f6e6", "f6f5", "f6f7", "f6g5", "f6g6"]);
    let g = game(Ruleset::Classic, pieces, White);
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
    let mut g = game(Ruleset::V011, "Kb1 Qf6 kl6 pa1", White);
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
    let mut g = game(Ruleset::V011, "Ka1 Pf10 kl6", White);
    let moves = legal(&g);
    for p in ["B", "N", "Q", "R"] {
        assert!(moves.contains(&format!("f10f11={p}")));
    }
    let err = g.play(mv("f10f11")).unwrap_err();
    assert_eq!(err.reason, Illegal::MustPromote { mv: mv("f10f11") });
    assert!(err.to_string().contains("promote"), "{err}");
    let r = g.play(mv("f10f11=Q")).unwrap();
    assert_eq!((r.departed_as, r.arrived_as), (Pawn, Rook));
    assert_eq!(r.notation, "f11=Q");
    // =N arrives as a pawn on the far edge, which then has no moves (H5).
    let mut g = game(Ruleset::V011, "Ka1 Pf10 kl6", White);
    let r = g.play(mv("f10f11=N")).unwrap();
    assert_eq!(r.arrived_as, Pawn);
    g.play(mv("l6l5")).unwrap();
    assert!(legal(&g).iter().all(|m| !m.starts_with("f11")));
}

#[test]
fn h5_knight_becoming_a_pawn_on_the_far_edge_does_not_promote() {
    // f11 is White's far edge; a knight leaping there arrives as a pawn, no choice.
    let from = c("f11").offset((-1, -2)).unwrap_or(c("f11"));
    let mut g = game(Ruleset::V011, &format!("Kb1 N{from} kl6 pa1"), White);
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
    let mut g = game(Ruleset::V011, "Ka1 Pf5 kf10", White);
    let r = g.play(mv("f5f6")).unwrap();
    assert!(r.gives_check && g.position().in_check());
    // A queen that moves onto a diagonal of the king arrives as a rook: no check.
    let mut g = game(Ruleset::V011, "Ka1 Qd1 kf6", White);
    // d5 lies on a diagonal of f6 (H1), reached from d1 up the d-file.
    let r = g.play(mv("d1d5")).unwrap();
    assert_eq!(r.arrived_as, Rook);
    assert!(!r.gives_check && !g.position().in_check());
}
