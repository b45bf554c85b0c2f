//! The position code's tests: the pinned examples of docs/codes/wavefield.md, codes that
//! agree with the games that built them (the shared law for moves, and a wider one here
//! with tuning, dice, reset, hint and resignation), the editor's helpers, lessons and
//! developer-mode definitions. Refusals (every field broken in turn, every truncation, the
//! position checks with their sentences) are in `tests/refusals.rs`.

mod refusals;

use rand::Rng;

use super::*;
use crate::rules::contract::{Rules, Setup};
use crate::rules::wavefield::patterns::Tables;
use crate::rules::wavefield::{Action, Event, Position, Profile, Resolution, parse_action};

/// After `C7-B6 tune R-T-A+B+`: Red has tuned in its turn, not yet moved.
const TUNED: &str = "3BT2/1TRAR2/7/7/7/2rar2/2tbt2 r R+T+A+B+ R-T-A+B+ - 1 2";
/// After `C7-B6 tune R-T-A+B+ E2-E3 D6-D3`: Blue's Tower on B6, unstable since Red's move,
/// is removed; both sides have unstable pieces and Red begins its turn trapped.
const TRAPPED: &str = "3BT2/2R1R2/7/7/3A!r!2/2ra3/2tb!t2 r R+T+A+B+ R-T-A+B+ - 3 4";

/// After `C7-B6 resign`: Red has resigned.
const RESIGNED: &str = "3BT2/1TRAR2/7/7/7/2rar2/2tbt2 r R+T+A+B+ R+T+A+B+ resigned 1 2";

fn played(actions: &[&str]) -> Game {
    let mut game = Game::new(0);
    for a in actions {
        game.play(parse_action(a).unwrap()).unwrap();
    }
    game
}

/// One sentence: not empty, no line break.
fn sentence(e: &str) -> &str {
    assert!(
        !e.is_empty() && !e.contains('\n') && !e.contains('\r'),
        "{e:?}"
    );
    e
}

fn refusal(code: &str) -> String {
    match read(code) {
        Ok(g) => panic!("{code} was read as {}", write(&g)),
        Err(e) => sentence(&e).to_string(),
    }
}

#[test]
fn the_start_code_is_pinned() {
    assert_eq!(
        START,
        "2TBT2/2RAR2/7/7/7/2rar2/2tbt2 b R+T+A+B+ R+T+A+B+ - 0 0"
    );
    let start = Game::new(0);
    assert_eq!(write(&start), START);
    assert_eq!(Game::start(&Setup::default()).unwrap().code(), START);
    let read = read(START).unwrap();
    assert_eq!(write(&read), START);
    // The start's ids come back too: the whole position is the same.
    assert_eq!(read.position(), start.position());
    assert_eq!(read.ply(), 0);
}

#[test]
fn the_documented_examples_are_pinned() {
    let tuned = played(&["C7-B6", "tune R-T-A+B+"]);
    assert_eq!(write(&tuned), TUNED);
    let trapped = played(&["C7-B6", "tune R-T-A+B+", "E2-E3", "D6-D3"]);
    assert_eq!(write(&trapped), TRAPPED);
    assert!(trapped.position().trapped());
    assert_eq!(trapped.ply(), 4);
    assert_eq!(trapped.position().ply(), 3);
    // W8: Blue's Tower on B6 went in D6-D3's one removal round.
    let Some(Event::Moved { rounds, .. }) = trapped.last().map(|r| &r.event) else {
        panic!("the last action is a move");
    };
    let gone: Vec<_> = rounds[0]
        .0
        .iter()
        .map(|p| (p.kind, p.cell.to_string()))
        .collect();
    assert_eq!(
        gone,
        [(crate::rules::wavefield::Kind::Tower, "B6".to_string())]
    );
    // Undo goes back to the code and stops there.
    let mut back = read(TRAPPED).unwrap();
    back.play(Action::Hint).unwrap();
    assert_eq!(back.ply(), 5);
    back.undo().unwrap();
    assert_eq!(write(&back), TRAPPED);
    assert!(back.undo().is_none());
    // A saved game keeps the count from before the code.
    let saved = serde_json::to_string(&back).unwrap();
    let loaded: Game = serde_json::from_str(&saved).unwrap();
    assert_eq!((loaded.ply(), write(&loaded)), (4, TRAPPED.to_string()));
    for (game, code) in [(tuned, TUNED), (trapped, TRAPPED)] {
        let back = read(code).unwrap();
        assert_eq!(write(&back), code);
        assert_eq!(back.position().field(), game.position().field());
        assert_eq!(back.status(), game.status());
        assert_eq!(back.rescue(), game.rescue());
    }
    // A resignation is the result field; nothing else changes (W12).
    let mut resigned = played(&["C7-B6"]);
    resigned.play(Action::Resign).unwrap();
    let code = RESIGNED;
    assert_eq!(write(&resigned), code);
    let back = read(code).unwrap();
    assert_eq!(back.outcome(), resigned.outcome());
    assert!(back.legal_actions().is_empty());
    assert!(back.clone().play(Action::Resign).is_err());
}

#[test]
fn codes_agree_over_random_play() {
    crate::rules::laws::codes_agree::<Game>(
        Setup {
            seed: 1,
            ..Setup::default()
        },
        10_000,
    );
}

/// What an action did, with piece ids left out: reading a code gives each side's two
/// Round Hats (and two Towers) their ids in reading order, so the ids may differ while
/// everything the rules decide is the same.
fn without_ids(r: &Resolution) -> String {
    match &r.event {
        Event::Moved {
            kind,
            from,
            to,
            field_after_move,
            rounds,
            unstable,
            opponent_trapped,
            ..
        } => {
            let rounds: Vec<_> = rounds
                .iter()
                .map(|(removed, field)| {
                    let mut cells: Vec<_> = removed.iter().map(|p| (p.cell, p.kind)).collect();
                    cells.sort();
                    (cells, field)
                })
                .collect();
            format!(
                "{:?} {kind:?} {from}-{to} {field_after_move:?} {rounds:?} {} {opponent_trapped}",
                r.side,
                unstable.len()
            )
        }
        other => format!("{:?} {:?} {other:?}", r.side, r.action),
    }
}

/// The shared law plays moves only; this one also tunes, rolls the dice, resets, takes
/// hints and resigns, and compares what each action did as well as the codes.
// W13: a position read from a code goes on as played; removal order by id means nothing.
#[test]
fn codes_agree_through_tuning_and_resignation() {
    let mut rng = crate::rules::rng::seeded(44);
    let mut game = Game::new(3);
    let mut games = 0;
    for _ in 0..3000 {
        let code = write(&game);
        let mut read = read(&code).unwrap_or_else(|e| panic!("{code}: {e}"));
        assert_eq!(write(&read), code);
        assert_eq!(read.ply(), game.ply());
        assert_eq!(read.outcome(), game.outcome());
        assert_eq!(read.legal_actions(), game.legal_actions(), "{code}");
        assert_eq!(read.position().field(), game.position().field(), "{code}");
        assert_eq!(read.status(), game.status(), "{code}");
        assert!(read.undo().is_none());
        // The dice draw from the generator, which a code does not carry.
        *read.rng_mut() = game.rng().clone();
        let legal = game.legal_actions();
        let action = match rng.random_range(0..20) {
            _ if game.is_over() => None,
            0..=3 => Some(Action::Tune(Profile(rng.random_range(0..16)))),
            4 => Some(Action::Dice),
            5 => Some(Action::Reset),
            6 if game.rescue().is_some() => Some(Action::Hint),
            7 if rng.random_range(0..10) == 0 => Some(Action::Resign),
            _ if legal.is_empty() => None,
            _ => Some(legal[rng.random_range(0..legal.len())]),
        };
        let Some(action) = action else {
            game = Game::new(games);
            games += 1;
            continue;
        };
        let a = game.play(action).unwrap();
        let b = read.play(action).unwrap();
        assert_eq!(without_ids(&a), without_ids(&b), "{action} from {code}");
        assert_eq!(write(&read), write(&game), "after {action} from {code}");
    }
    assert!(games >= 3, "the play reached several ends: {games}");
}

#[test]
fn an_editor_builds_a_position_piece_by_piece() {
    use crate::rules::wavefield::{Cell, Kind, Side};
    let at = |name: &str| Cell::parse(name).unwrap();
    let mut pieces = vec![
        (Kind::BigHat, Side::Blue, at("D7"), false),
        (Kind::Tower, Side::Blue, at("C7"), false),
        (Kind::BigHat, Side::Red, at("D1"), false),
        (Kind::RoundHat, Side::Red, at("B3"), false),
    ];
    let (blue, red) = (Profile::DEFAULT, Profile::DEFAULT);
    let mut pos = position(&pieces, Side::Blue, blue, red, false, 0).unwrap();
    assert!(check(&pos).is_ok());
    // A piece on the other side's ground must carry its mark; `settle` sets them all.
    let ground = Cell::all()
        .find(|c| {
            let mut more = pieces.clone();
            more.push((Kind::RoundHat, Side::Blue, *c, false));
            let board: Vec<_> = more.iter().map(|p| (p.0, p.1, p.2)).collect();
            Position::from_board(Tables::builtin(), &board, Side::Blue)
                .is_ok_and(|p| p.hostile(Side::Blue, *c))
        })
        .unwrap();
    pieces.push((Kind::RoundHat, Side::Blue, ground, false));
    let err = position(&pieces, Side::Blue, blue, red, false, 0).unwrap_err();
    let why = format!(
        "Blue's Round Hat on {ground} stands on hostile territory but is not marked unstable"
    );
    assert!(err.contains(&why), "{err}");
    let board: Vec<_> = pieces.iter().map(|p| (p.0, p.1, p.2)).collect();
    pos = Position::from_board(Tables::builtin(), &board, Side::Blue).unwrap();
    settle(&mut pos);
    assert!(pos.piece_at(ground).unwrap().unstable);
    assert!(check(&pos).is_ok());
    let game = game(pos, 0).unwrap();
    let code = write(&game);
    assert_eq!(write(&read(&code).unwrap()), code);
    let marked = pieces.len() - 1;
    pieces[marked].3 = true;
    assert!(position(&pieces, Side::Blue, blue, red, false, 0).is_ok());
    pieces.push((Kind::Tower, Side::Red, ground, false));
    assert_eq!(
        position(&pieces, Side::Blue, blue, red, false, 0).unwrap_err(),
        format!("two pieces stand on {ground}")
    );
}

#[test]
fn lesson_positions_have_codes() {
    use crate::lessons::library::{board, lessons};
    for (name, lesson) in lessons::<Game>().unwrap() {
        let game: Game = board(name, &lesson).unwrap();
        let code = write(&game);
        let back = read(&code).unwrap_or_else(|e| panic!("lesson {name}: {code}: {e}"));
        assert_eq!(write(&back), code);
        assert_eq!(back.legal_actions(), game.legal_actions());
    }
}

/// W11: a game under developer-mode definitions is written all the same (slot-1 signs);
/// read, it is a game under the standard definitions, or refused when its marks do not
/// fit their field.
#[test]
fn developer_definitions_are_written_as_standard() {
    use crate::rules::wavefield::patterns::{Definitions, Pattern};
    let mut defs = Definitions::default();
    defs.tower.slots.push(Pattern::Rings(vec![0, 2, -1]));
    defs.tower.default_controls = vec![1, 0];
    defs.tower.active_limit = 2;
    defs.round_hat.friendly_scale = 1;
    let mut game = Game::with_definitions(defs, 5).unwrap();
    let mut rng = crate::rules::rng::seeded(9);
    let mut read_back = 0;
    for _ in 0..200 {
        let legal = game.legal_actions();
        if legal.is_empty() || rng.random_range(0..8) == 0 {
            game.restart();
            continue;
        }
        let _ = game.play(Action::Press {
            kind: crate::rules::wavefield::Kind::Tower,
            slot: rng.random_range(0..2),
            coef: if rng.random_bool(0.5) { 1 } else { -1 },
        });
        let legal = game.legal_actions();
        if let Some(mv) = legal.first() {
            game.play(*mv).unwrap();
        }
        let code = write(&game);
        assert!(code.bytes().all(|b| (b' '..=b'~').contains(&b)), "{code}");
        match read(&code) {
            Ok(back) => {
                read_back += 1;
                assert_eq!(write(&back), code);
                assert_eq!(back.definitions(), &Definitions::default());
            }
            Err(e) => {
                sentence(&e);
            }
        }
    }
    assert!(read_back > 0);
}
