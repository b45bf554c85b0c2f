//! The player's own move (section 3, V11, V12, V15): patterns, paths, bodies, pull free.

use super::*;
use crate::rules::vectress::geometry::Dir;
use crate::rules::vectress::{Game, Illegal};

fn refusal(game: &Game, text: &str) -> Illegal {
    let mut copy = game.clone();
    let err = copy.play(act(text)).expect_err(text);
    assert_eq!(&copy, game, "a refused action changes nothing");
    err.reason
}

#[test]
fn start_position_and_its_legal_moves() {
    // Section 1: White's nine pieces, Black's turned 180 degrees; V15: no bonds.
    let game = Game::new();
    let pos = game.position();
    assert_eq!(pos.count(W), 9);
    assert_eq!(pos.count(B), 9);
    assert!(pos.bonds().is_empty());
    for p in pos.pieces() {
        let twin = pos.at(p.cell.rotated()).unwrap();
        assert_eq!((twin.kind, twin.owner), (p.kind, p.owner.opponent()));
    }
    assert_eq!(pos.at(cell("E3")).map(|p| p.kind), Some(O));
    assert_eq!(pos.at(cell("C9")).map(|p| (p.kind, p.owner)), Some((R, B)));
    // Worked out by hand from the move patterns and the empty cells.
    let mut legal: Vec<String> = game.legal_actions().iter().map(|a| a.to_string()).collect();
    legal.sort();
    let expected = [
        "B1-A1", "B2-A3", "B2-C3", "B2-D4", "C1-D2", "D3-B5", "D3-C4", "D3-D1", "D3-D2", "D3-E4",
        "D3-F5", "E3-C5", "E3-D2", "E3-D4", "E3-E1", "E3-E2", "E3-E4", "E3-E5", "E3-F2", "E3-F4",
        "E3-G5", "F3-D5", "F3-E4", "F3-F1", "F3-F2", "F3-G4", "F3-H5", "G1-F2", "H1-I1", "H2-F4",
        "H2-G3", "H2-I3",
    ];
    assert_eq!(legal, expected);
}

#[test]
fn refusals_name_the_rule() {
    let game = Game::new();
    assert_eq!(refusal(&game, "E5-E6"), Illegal::NoPiece(cell("E5")));
    assert!(matches!(refusal(&game, "E7-E6"), Illegal::NotYours { .. }));
    assert!(matches!(
        refusal(&game, "E3-E6"),
        Illegal::NotAMove { kind: O }
    ));
    // A triangle does not move straight forward (section 2).
    assert!(matches!(
        refusal(&game, "D3-D4"),
        Illegal::NotAMove { kind: T }
    ));
    // B2-B1 would land on the square (occupied); B1 north is blocked by B2.
    assert!(matches!(refusal(&game, "B1-B3"), Illegal::Occupied { .. }));
    // Two cells: the path's first cell must be empty too (E3 to G1 passes F2 but lands
    // on G1's rhombus).
    assert_eq!(
        refusal(&game, "E3-G1"),
        Illegal::Occupied {
            cell: cell("G1"),
            body: false
        }
    );
    assert_eq!(refusal(&game, "E3~E5"), Illegal::NotBonded(cell("E3")));
    assert_eq!(refusal(&game, "pass"), Illegal::PassWithMoves);
    let err = Game::new().play(act("E3-E6")).unwrap_err().to_string();
    assert!(
        err.starts_with("E3-E6: a Core moves 1 or 2 cells in any of the eight directions"),
        "{err}"
    );
}

#[test]
fn black_moves_in_its_own_frame() {
    // V1: Black's front is south, its right is west. A Black triangle on D7 moves
    // front-left (south-east), front-right (south-west) or back (north).
    let mut game = Game::new();
    game.play(act("B1-A1")).unwrap();
    let mut legal: Vec<String> = game
        .legal_actions()
        .iter()
        .map(|a| a.to_string())
        .filter(|a| a.starts_with("D7"))
        .collect();
    legal.sort();
    assert_eq!(
        legal,
        ["D7-B5", "D7-C6", "D7-D8", "D7-D9", "D7-E6", "D7-F5"]
    );
}

fn mixed_body() -> Position {
    // A White triangle's left corner is + and a Black Core's east face is -: they bond.
    build(&[("E4", T, W), ("D4", O, B)], &[("D4", "E4")])
}

#[test]
fn a_mixed_body_moves_for_either_player() {
    // Section 3, V11: either owner moves the body through one of their own pieces, by
    // that piece's pattern.
    let mut game = Game::from_position(mixed_body(), W);
    let res = game.play(act("E4-F5")).unwrap();
    let player = res.player.unwrap();
    assert!(!player.pulled_free);
    assert_eq!(player.moved.len(), 2);
    assert_eq!(
        board(game.position()),
        vec![("E5".into(), O, B), ("F5".into(), T, W)]
    );
    assert_eq!(
        refusal(&game, "F5-F4"),
        Illegal::NotYours {
            cell: cell("F5"),
            owner: W,
            to_move: B
        }
    );
    game.play(act("E5-E6")).unwrap();
    assert_eq!(
        board(game.position()),
        vec![("E6".into(), O, B), ("F6".into(), T, W)]
    );
    assert_eq!(
        bond_cells(game.position()),
        vec![("E6".into(), "F6".into())]
    );
}

#[test]
fn bonded_pieces_list_both_move_and_pull_free() {
    // V15: for a bonded piece both X-Y and X~Y are listed when legal.
    let game = Game::from_position(mixed_body(), W);
    let legal: Vec<String> = game.legal_actions().iter().map(|a| a.to_string()).collect();
    for text in ["E4-F5", "E4~F5", "E4-G6", "E4~G6", "E4-E3", "E4~E3"] {
        assert!(legal.contains(&text.to_string()), "{text} in {legal:?}");
    }
    assert_eq!(game.position().body(0), vec![0, 1]);
    assert_eq!(game.legal_from(cell("E4")).len(), legal.len());
    assert!(
        game.legal_from(cell("D4")).is_empty(),
        "Black's Core: not White's to move"
    );
    // The body move north-west: the triangle goes to D5 and the Core to C5.
    assert!(legal.contains(&"E4-D5".to_string()));
    // Pulling free north-west: D5 is empty, the partner stays.
    assert!(legal.contains(&"E4~D5".to_string()));
}

#[test]
fn pull_free_breaks_every_bond_and_moves_alone() {
    // Section 3, V11.
    let mut game = Game::from_position(mixed_body(), W);
    let res = game.play(act("E4~F5")).unwrap();
    let player = res.player.unwrap();
    assert!(player.pulled_free);
    assert_eq!(player.bonds_broken.len(), 1);
    assert_eq!(player.moved.len(), 1);
    assert!(game.position().bonds().is_empty());
    assert_eq!(
        board(game.position()),
        vec![("D4".into(), O, B), ("F5".into(), T, W)]
    );
}

#[test]
fn a_pulled_piece_is_blocked_by_its_former_partners() {
    // V11: the partner on F5 is an obstacle to a pull-free but not to a body move.
    let pos = build(&[("E4", T, W), ("F5", S, W)], &[("E4", "F5")]);
    let game = Game::from_position(pos, W);
    assert_eq!(
        refusal(&game, "E4~F5"),
        Illegal::Occupied {
            cell: cell("F5"),
            body: false
        }
    );
    let mut moved = game.clone();
    moved.play(act("E4-F5")).unwrap();
    assert_eq!(
        board(moved.position()),
        vec![("F5".into(), T, W), ("G6".into(), S, W)]
    );
}

#[test]
fn a_body_move_drops_members_over_the_edge() {
    // V11, V15: the chosen piece stays on the board; a member whose path leaves it falls
    // off, counts as lost, is in no wave, and the record carries its path.
    let pos = build(&[("B4", T, W), ("A4", S, B)], &[("A4", "B4")]);
    let mut game = Game::from_position(pos, W);
    let res = game.play(act("B4-A5")).unwrap();
    let player = res.player.unwrap();
    assert_eq!(player.dropped.len(), 1);
    assert_eq!(player.dropped[0].from, cell("A4"));
    assert_eq!(player.dropped[0].dir, Dir::NW);
    assert!(player.dropped[0].path.is_empty());
    assert_eq!(player.bonds_broken.len(), 1);
    assert_eq!(game.position().lost(B), 1);
    assert!(res.waves.iter().all(|w| w.lost.is_empty()));
    assert_eq!(board(game.position()), vec![("A5".into(), T, W)]);
}

#[test]
fn a_member_with_a_two_cell_path_records_its_on_board_part() {
    // V15: only the on-board part of a member's path needs to be clear.
    let pos = build(&[("C4", T, W), ("B4", S, B), ("A5", S, W)], &[("B4", "C4")]);
    // C4 two cells north-west lands on A6; B4's path is A5 (occupied by a non-member)...
    let game = Game::from_position(pos, W);
    assert_eq!(
        refusal(&game, "C4-A6"),
        Illegal::Occupied {
            cell: cell("A5"),
            body: true
        }
    );
    let pos = build(&[("C4", T, W), ("B4", S, B)], &[("B4", "C4")]);
    let mut game = Game::from_position(pos, W);
    let res = game.play(act("C4-A6")).unwrap();
    let dropped = &res.player.unwrap().dropped;
    assert_eq!(dropped.len(), 1);
    assert_eq!(dropped[0].path, vec![cell("A5")]);
}

#[test]
fn moving_your_own_core_off_is_legal_and_loses() {
    // V15: moves that lose your own pieces, even your Core, are legal.
    let pos = build(&[("B4", S, W), ("A4", O, W), ("I9", S, B)], &[("A4", "B4")]);
    let mut game = Game::from_position(pos, W);
    let res = game.play(act("B4-A4")).unwrap();
    assert_eq!(res.player.unwrap().dropped.len(), 1);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner, Some(B));
    assert_eq!(outcome.reason.name(), "core");
}
