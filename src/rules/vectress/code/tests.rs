use super::*;
use crate::rules::{Rules, Setup};

fn after(moves: &[&str]) -> Game {
    let mut game = Game::new();
    for text in moves {
        let action = <Game as Rules>::parse_action(&game, text).unwrap();
        <Game as Rules>::play(&mut game, action).unwrap();
    }
    game
}

fn sorted(game: &Game) -> Vec<String> {
    let mut all: Vec<String> = game.legal_actions().iter().map(|a| a.to_string()).collect();
    all.sort();
    all
}

#[test]
fn the_start_and_the_documented_example_are_pinned() {
    assert_eq!(write(&Game::new()), START);
    assert_eq!(write(&read(START).unwrap()), START);
    assert_eq!(sorted(&read(START).unwrap()), sorted(&Game::new()));
    // docs/codes/vectress.md: the README's chain.
    let game = after(&["E3-G5", "F7-H5", "F5-F7"]);
    let code = write(&game);
    assert_eq!(write(&read(&code).unwrap()), code);
    assert_eq!(sorted(&read(&code).unwrap()), sorted(&game));
    assert!(code.ends_with(" 3"), "{code}");
}

// V16: the game read from a code goes on as the game played (repetitions from there).
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

/// Ko (V13) is carried: somewhere in random play a move is refused only by ko, and the
/// game read from the code refuses it too, where the same code without its ko board does
/// not.
#[test]
fn ko_is_carried_by_the_code() {
    use rand::Rng;
    let mut rng = crate::rules::rng::seeded(7);
    let mut found = 0;
    'games: for _ in 0..3000 {
        let mut game = Game::new();
        for _ in 0..80 {
            if game.is_over() {
                continue 'games;
            }
            let code = write(&game);
            let fields: Vec<&str> = code.split(' ').collect();
            if fields[3] != "-" {
                let mut no_ko = fields.clone();
                no_ko[3] = "-";
                let without = read(&no_ko.join(" ")).unwrap();
                if sorted(&without) != sorted(&game) {
                    assert_eq!(sorted(&read(&code).unwrap()), sorted(&game), "{code}");
                    found += 1;
                    if found >= 3 {
                        break 'games;
                    }
                }
            }
            let legal = game.legal_actions();
            let action = legal[rng.random_range(0..legal.len())];
            game.play(action).unwrap();
        }
    }
    assert!(found >= 1, "no position where ko refuses a move was found");
}

#[test]
fn each_broken_field_is_named() {
    let good = write(&after(&["E3-G5", "F7-H5", "F5-F7"]));
    let fields: Vec<&str> = good.split(' ').collect();
    let with = |k: usize, text: &str| {
        let mut f = fields.clone();
        f[k] = text;
        f.join(" ")
    };
    let cases = [
        (with(0, "9/9/9"), "the board (field 1)"),
        (
            with(0, &fields[0].replacen('9', "x8", 1)),
            "the board (field 1)",
        ),
        (
            with(
                0,
                &START.split(' ').next().unwrap().replace("3TOT3", "3TOO3"),
            ),
            "the board (field 1)",
        ),
        (with(1, "x"), "the side to move (field 2)"),
        (with(2, "E3"), "the bonds (field 3)"),
        (with(2, "A1I9"), "the bonds (field 3)"),
        (with(3, "9/9"), "the ko board (field 4)"),
        (with(4, "passed"), "the last move (field 5)"),
        (with(5, "won"), "the result (field 6)"),
        (with(5, "core"), "the result (field 6)"),
        (with(6, "201"), "the moves played (field 7)"),
        (
            with(6, "99999999999999999999"),
            "the moves played (field 7)",
        ),
        (with(6, "-3"), "the moves played (field 7)"),
    ];
    for (code, names) in &cases {
        let why = read(code).unwrap_err();
        assert!(why.starts_with(names), "{code}: {why}");
        assert!(!why.contains('\n'));
    }
    assert!(read(&format!("{good} x")).unwrap_err().contains("7 fields"));
    crate::rules::laws::bad_code_shapes_are_refused::<Game>(&good);
}

#[test]
fn results_the_position_contradicts_are_refused() {
    // Without its Core, White has crossed the line: the game is over (V14).
    let no_core = START.replace("3TOT3/1T5T1", "3T1T3/1T5T1");
    let why = read(&no_core).unwrap_err();
    assert!(why.contains("has ended the game (core)"), "{why}");
    let over = no_core.replace(" - 0", " core 0");
    let game = read(&over).unwrap();
    assert_eq!(game.outcome().and_then(|o| o.winner), Some(Side::Black));
    // The cap ends the game at 200 moves.
    assert!(read(&START.replace(" - - - - 0", " - - - - 200")).is_err());
}
