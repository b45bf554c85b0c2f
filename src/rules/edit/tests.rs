use rand::Rng;

use super::*;
use crate::rules::rng::seeded;
use crate::rules::{hexchess, polarity, vectress, wavefield};

fn start<R: Editable>(ruleset: Option<&str>) -> String {
    edited::<R>("", &Edit::Start, ruleset).unwrap()
}

fn put(cell: &str, piece: Option<char>) -> Edit {
    Edit::Put {
        cell: cell.to_string(),
        piece,
    }
}

fn moved(from: &str, to: &str) -> Edit {
    Edit::Move {
        from: from.to_string(),
        to: to.to_string(),
    }
}

#[test]
fn every_start_reads_into_its_cells_and_back() {
    fn check<R: Editable>(ruleset: Option<&str>, cells: usize) {
        let code = start::<R>(ruleset);
        let field = code.split(' ').next().unwrap();
        let widths: Vec<usize> = R::board_cells().iter().map(Vec::len).collect();
        assert_eq!(widths.iter().sum::<usize>(), cells);
        let grid = Grid::read(field, &widths).unwrap();
        assert_eq!(grid.write(), field);
    }
    check::<vectress::Game>(None, 81);
    check::<hexchess::GameSession>(Some("classic"), 91);
    check::<hexchess::GameSession>(Some("v011"), 91);
    check::<wavefield::Game>(None, 49);
    check::<polarity::Game>(None, 64);
    // Hex chess's runs of eleven are one count; a mark stays on its piece.
    let g = Grid::read("3A!r!2/11", &[7, 11]).unwrap();
    assert_eq!(g.0[0][3].as_deref(), Some("A!"));
    assert_eq!(g.write(), "3A!r!2/11");
    assert!(Grid::read("8", &[7]).is_none());
    assert!(Grid::read("1/1", &[1]).is_none());
}

#[test]
fn hex_chess_refuses_two_kings_and_a_pawn_on_its_last_rank_as_edited() {
    type H = hexchess::GameSession;
    let code = start::<H>(Some("classic"));
    assert_eq!(piece_on::<H>(&code, "g1"), Some('K'));
    // A full board takes no more pieces.
    let why = edited::<H>(&code, &put("f6", Some('Q')), None).unwrap_err();
    assert_eq!(why, "There are more pieces than a game can have.");
    let fewer = edited::<H>(&code, &put("b1", None), None).unwrap();
    let why = edited::<H>(&fewer, &put("f6", Some('K')), None).unwrap_err();
    assert_eq!(why, "White has 2 kings.");
    let why = edited::<H>(&code, &put("g1", None), None).unwrap_err();
    assert_eq!(why, "White has no king.");
    // f11 is White's last rank (and a black bishop's square): refused in classic ...
    let why = edited::<H>(&fewer, &put("f11", Some('P')), None).unwrap_err();
    assert!(why.contains("last rank"), "{why}");
    // ... where v011 lets a piece that arrives there as a pawn stand (H5).
    let v011 = start::<H>(Some("v011"));
    let v011_fewer = edited::<H>(&v011, &put("b1", None), None).unwrap();
    let there = edited::<H>(&v011_fewer, &put("f11", Some('P')), None).unwrap();
    assert_eq!(piece_on::<H>(&there, "f11"), Some('P'));
    assert!(there.ends_with(" v011 0"), "{there}");
    // The king moves in one edit; the board reads back to the rules' own code.
    let moved_king = edited::<H>(&code, &moved("g1", "f6"), None).unwrap();
    assert_eq!(piece_on::<H>(&moved_king, "f6"), Some('K'));
    assert_eq!(piece_on::<H>(&moved_king, "g1"), None);
    assert_eq!(H::from_code(&moved_king).unwrap().code(), moved_king);
    // A clear keeps the kings; Black to move; the forced moves step (v011 only).
    let bare = edited::<H>(&code, &Edit::Clear, None).unwrap();
    assert_eq!(bare, "1/2k/5/7/9/11/11/11/11/11/6K4 w - 0 1");
    let black = edited::<H>(&bare, &Edit::Step(0), None).unwrap();
    assert_eq!(settings::<H>(&black)[0].value, "Black");
    assert_eq!(settings::<H>(&code).len(), 1);
    let forced = edited::<H>(&v011, &Edit::Step(1), None).unwrap();
    assert!(forced.ends_with(" v011 1"), "{forced}");
    assert_eq!(settings::<H>(&forced)[1].value, "1");
}

#[test]
fn hex_chess_drops_the_en_passant_cell_and_the_clock_when_the_board_changes() {
    type H = hexchess::GameSession;
    let mut game = H::start(&Setup {
        ruleset: Some("classic".into()),
        ..Setup::default()
    })
    .unwrap();
    let action = game.parse_action("g4g6").unwrap();
    game.play(action).unwrap();
    let code = game.code();
    assert!(code.contains(" b g5 0 1"), "{code}");
    let edited = edited::<H>(&code, &put("b1", None), None).unwrap();
    assert!(edited.ends_with(" b - 0 1"), "{edited}");
}

#[test]
fn vectress_bonds_follow_the_pieces_and_five_lost_is_refused() {
    type V = vectress::Game;
    let code = start::<V>(None);
    // Bond two neighbours, then part them.
    let bonded = edited::<V>(&code, &Edit::Bond("E3".into(), "F3".into()), None).unwrap();
    assert_eq!(bonded.split(' ').nth(2), Some("E3F3"));
    let parted = edited::<V>(&bonded, &Edit::Bond("F3".into(), "E3".into()), None).unwrap();
    assert_eq!(parted, code);
    // No bond across the board, nor with an empty cell.
    assert!(edited::<V>(&code, &Edit::Bond("A1".into(), "I9".into()), None).is_err());
    assert!(edited::<V>(&code, &Edit::Bond("E5".into(), "E4".into()), None).is_err());
    // A bonded piece moved away leaves its bond behind.
    let away = edited::<V>(&bonded, &moved("E3", "E5"), None).unwrap();
    assert_eq!(away.split(' ').nth(2), Some("-"));
    assert_eq!(piece_on::<V>(&away, "E5"), Some('O'));
    // White's pieces taken one by one: the fifth lost ends the game, so it is refused.
    let mut now = code.clone();
    for cell in ["B2", "H2", "B1", "C1"] {
        now = edited::<V>(&now, &put(cell, None), None).unwrap();
    }
    let why = edited::<V>(&now, &put("G1", None), None).unwrap_err();
    assert!(why.contains("ended the game (five)"), "{why}");
    assert!(edited::<V>(&code, &Edit::Clear, None).is_err());
    // A third square is one more than a side has.
    let why = edited::<V>(&code, &put("E5", Some('S')), None).unwrap_err();
    assert_eq!(why, "White has 3 pieces of S, but a side has only 2.");
    // The side to move steps; a pass needs a move played before it.
    let black = edited::<V>(&code, &Edit::Step(0), None).unwrap();
    assert_eq!(settings::<V>(&black)[0].value, "Black");
    assert!(edited::<V>(&code, &Edit::Step(1), None).is_err());
}

#[test]
fn wave_field_settles_its_marks_and_refuses_a_big_hat_where_it_may_not_stand() {
    type W = wavefield::Game;
    let code = start::<W>(None);
    assert_eq!(code, wavefield::code::START);
    // Red moved last (Blue to move): its Big Hat may not end on hostile ground (W9).
    let why = edited::<W>(&code, &moved("D1", "D6"), None);
    let why = why.expect_err("Red's Big Hat among Blue's pieces");
    assert!(why.contains("Big Hat") && why.contains("hostile"), "{why}");
    // A Red Round Hat there stands, marked unstable as a piece on hostile ground is.
    let marked = edited::<W>(&code, &moved("C2", "D5"), None).unwrap();
    let row3 = marked.split(' ').next().unwrap().split('/').nth(2).unwrap();
    assert_eq!(row3, "3r!3", "{marked}");
    assert_eq!(W::from_code(&marked).unwrap().code(), marked);
    // Tunings step sign by sign; the clear keeps both Big Hats.
    let tuned = edited::<W>(&code, &Edit::Step(1), None).unwrap();
    assert_eq!(tuned.split(' ').nth(2), Some("R-T+A+B+"));
    assert_eq!(settings::<W>(&tuned)[1].value, "-");
    let bare = edited::<W>(&code, &Edit::Clear, None).unwrap();
    assert_eq!(bare.split(' ').next(), Some("3B3/7/7/7/7/7/3b3"));
    assert!(edited::<W>(&code, &put("C7", Some('B')), None).is_err());
}

#[test]
fn polarity_refuses_a_standing_run_of_three_and_steps_its_hands() {
    type P = polarity::Game;
    let code = start::<P>(None);
    let mut now = code.clone();
    for cell in ["c4", "d4"] {
        now = edited::<P>(&now, &put(cell, Some('s')), None).unwrap();
    }
    let why = edited::<P>(&now, &put("e4", Some('s')), None).unwrap_err();
    assert!(why.contains("run of three"), "{why}");
    assert!(edited::<P>(&now, &put("e4", Some('Q')), None).is_err());
    let fewer = edited::<P>(&code, &Edit::Step(1), None).unwrap();
    assert_eq!(fewer.split(' ').nth(2), Some("R1B2Q1"));
    let names: Vec<String> = settings::<P>(&fewer)
        .into_iter()
        .map(|s| format!("{}: {} {}", s.group, s.name, s.value))
        .collect();
    assert_eq!(names.len(), 13);
    assert_eq!(names[1], "One's hand: Rooks 1");
    assert_eq!(names[4], "One's hand: Next rook any");
    assert_eq!(names[12], "Two's hand: Collected 0");
    let two = edited::<P>(&code, &Edit::Step(0), None).unwrap();
    assert_eq!(settings::<P>(&two)[0].value, "Two");
}

/// Random edits from the start: every one accepted is a code the rules read back to
/// itself, and every refusal is one sentence.
fn edits_read_back<R: Editable>(ruleset: Option<&str>, seed: u64) {
    let mut rng = seeded(seed);
    let cells: Vec<String> = R::board_cells().into_iter().flatten().collect();
    let palette = R::palette();
    let settings_now = |code: &str| settings::<R>(code).len();
    let mut code = start::<R>(ruleset);
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..400 {
        let cell =
            |rng: &mut crate::rules::rng::GameRng| cells[rng.random_range(0..cells.len())].clone();
        let edit = match rng.random_range(0..10) {
            0..=3 => put(
                &cell(&mut rng),
                Some(palette[rng.random_range(0..palette.len())].letter),
            ),
            4..=5 => put(&cell(&mut rng), None),
            6..=7 => moved(&cell(&mut rng), &cell(&mut rng)),
            8 => Edit::Step(rng.random_range(0..settings_now(&code))),
            _ => Edit::Bond(cell(&mut rng), cell(&mut rng)),
        };
        match edited::<R>(&code, &edit, ruleset) {
            Ok(next) => {
                let read = R::from_code(&next).unwrap_or_else(|e| panic!("{next}: {e}"));
                assert_eq!(read.code(), next);
                code = next;
                accepted += 1;
            }
            Err(why) => {
                assert!(!why.is_empty() && !why.contains('\n'), "{why:?}");
                refused += 1;
            }
        }
    }
    assert!(
        accepted > 40 && refused > 10,
        "{accepted} accepted, {refused} refused"
    );
}

#[test]
fn every_edit_accepted_reads_back_to_itself() {
    edits_read_back::<vectress::Game>(None, 1);
    edits_read_back::<hexchess::GameSession>(Some("classic"), 2);
    edits_read_back::<hexchess::GameSession>(Some("v011"), 3);
    edits_read_back::<wavefield::Game>(None, 4);
    edits_read_back::<polarity::Game>(None, 5);
}

#[test]
fn plain_words_drop_the_boards_field_name() {
    assert_eq!(
        plain("the board (field 1): Black has 2 kings"),
        "Black has 2 kings."
    );
    assert_eq!(
        plain("the result (field 6) is -, but the position has ended the game (five)"),
        "The result (field 6) is -, but the position has ended the game (five)."
    );
    assert_eq!(next_of(&["a", "b"], "b"), "a");
    assert_eq!(next_of(&["a", "b"], "?"), "a");
}

/// #45: a cell and the whole position in words, as the screen reader says them.
#[test]
fn cells_and_positions_read_as_words() {
    let code = start::<vectress::Game>(None);
    let words = position_words::<vectress::Game>(&code);
    assert!(words.starts_with("White: "), "{words}");
    assert!(words.contains(" Black: "), "{words}");
    assert_eq!(words.matches("Core").count(), 2, "{words}");
    assert_eq!(cell_words::<vectress::Game>(&code, "E5"), "E5, empty");
    let stones =
        edited::<polarity::Game>(&start::<polarity::Game>(None), &put("d4", Some('s')), None)
            .unwrap();
    assert_eq!(cell_words::<polarity::Game>(&stones, "d4"), "d4, a stone");
    let words = position_words::<polarity::Game>(&stones);
    assert!(words.ends_with("Stones: d4."), "{words}");
    let chess = start::<hexchess::GameSession>(Some("classic"));
    assert!(cell_words::<hexchess::GameSession>(&chess, "g1").starts_with("g1, White's "));
}

/// One reading of a position words every cell of its board: as many occupied as the
/// position lists pieces, and a name that is not a cell gets nothing.
#[test]
fn one_reading_words_every_cell_of_the_board() {
    fn check<R: Editable>(code: &str) -> usize {
        let reader = CellReader::<R>::new(code);
        let cells: Vec<String> = R::board_cells().into_iter().flatten().collect();
        let occupied = cells
            .iter()
            .filter(|cell| !reader.words(cell).ends_with(", empty"))
            .count();
        let listed = position_words::<R>(code);
        let pieces = cells
            .iter()
            .filter(|cell| {
                listed.contains(&format!(" {cell},")) || listed.contains(&format!(" {cell}."))
            })
            .count();
        assert_eq!(occupied, pieces, "{code}: {listed}");
        assert_eq!(reader.piece_on("not a cell"), None);
        occupied
    }
    assert!(check::<vectress::Game>(&start::<vectress::Game>(None)) > 10);
    let chess = start::<hexchess::GameSession>(Some("classic"));
    assert_eq!(check::<hexchess::GameSession>(&chess), 36);
    let stones =
        edited::<polarity::Game>(&start::<polarity::Game>(None), &put("d4", Some('s')), None)
            .unwrap();
    assert_eq!(check::<polarity::Game>(&stones), 1);
    check::<wavefield::Game>(&start::<wavefield::Game>(None));
}
