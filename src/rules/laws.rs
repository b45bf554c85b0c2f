//! Checks that hold for every game, run by each game's contract test.

use super::contract::{Level, Match, Refused, Rules, Setup};

/// Plays `plies` computer turns at `level` from `setup`, undoes them all and checks that
/// every state comes back exactly (compared through the protocol-independent `Debug`),
/// and that the computer asked again after an undo plays the same.
pub fn undo_restores_every_turn<G: Rules>(setup: Setup, plies: usize, level: Level) {
    let mut m = Match::<G>::new(setup).expect("the setup starts a game");
    let mut seen = vec![format!("{:?}", m.rules())];
    let mut chosen = Vec::new();
    for _ in 0..plies {
        if m.rules().is_over() {
            break;
        }
        m.play_computer(level, &crate::rules::Stop::never())
            .expect("the computer plays");
        chosen.push(m.actions().to_vec());
        seen.push(format!("{:?}", m.rules()));
    }
    let turns = m.turns();
    for k in (0..turns).rev() {
        m.undo().expect("a turn to undo");
        assert_eq!(
            format!("{:?}", m.rules()),
            seen[k],
            "after undoing turn {k}"
        );
    }
    assert!(matches!(m.undo(), Err(Refused::NothingToUndo)));
    if turns > 0 {
        m.play_computer(level, &crate::rules::Stop::never())
            .unwrap();
        assert_eq!(m.actions(), &chosen[0][..], "the same choice after undo");
    }
}

/// A refused action changes nothing.
pub fn refused_text_changes_nothing<G: Rules>(setup: Setup, bad: &str) {
    let mut m = Match::<G>::new(setup).unwrap();
    let before = format!("{:?}", m.rules());
    assert!(m.play_text(bad).is_err(), "{bad} is refused");
    assert_eq!(format!("{:?}", m.rules()), before);
    assert!(m.actions().is_empty());
}

/// Every law above, for one game: `bad` are texts its rules refuse.
pub fn hold_for<G: Rules>(setup: Setup, plies: usize, bad: &[&str]) {
    undo_restores_every_turn::<G>(setup.clone(), plies, Level::Easy);
    for text in bad {
        refused_text_changes_nothing::<G>(setup.clone(), text);
    }
    sides_take_turns::<G>(setup.clone());
    notation_round_trips::<G>(setup);
}

/// The first of `SIDES` opens and the second answers: what the window's side choice
/// relies on to let the computer open when a person takes the second side.
pub fn sides_take_turns<G: Rules>(setup: Setup) {
    let mut m = Match::<G>::new(setup).unwrap();
    assert_eq!(m.to_move(), G::SIDES[0]);
    assert_ne!(G::SIDES[0], G::SIDES[1]);
    m.play_computer(Level::Easy, &crate::rules::Stop::never())
        .unwrap();
    assert_eq!(m.to_move(), G::SIDES[1]);
}

/// Writing an action and reading it back gives the same action, for every legal one.
pub fn notation_round_trips<G: Rules>(setup: Setup) {
    let g = G::start(&setup).unwrap();
    for action in g.legal_actions() {
        let text = g.write_action(action);
        let back = g
            .parse_action(&text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back, action, "{text}");
    }
}

/// Position codes (docs/codes.md) over `positions` positions of random play from `setup`:
/// each code is one line of printable ASCII, reads back to a game that writes it again and
/// agrees with the game the moves built on whose turn it is, the ply, the outcome and the
/// legal actions, and both go on alike: the same action gives the same code. Where the
/// game's codes leave out the history an ending needs (`unwritten_endings`: hex chess's
/// FEN and repetition, H14), a game ended that way may read back as going on; play then
/// starts again.
pub fn codes_agree<G: Rules>(setup: Setup, positions: usize) {
    codes_agree_but::<G>(setup, positions, false);
}

/// [`codes_agree`], allowing for endings a code does not carry.
pub fn codes_agree_but<G: Rules>(setup: Setup, positions: usize, unwritten_endings: bool) {
    use rand::Rng;
    let mut rng = crate::rules::rng::seeded(setup.seed ^ 0xC0DE);
    let sorted = |g: &G| {
        let mut all: Vec<String> = g.legal_actions().iter().map(|a| format!("{a:?}")).collect();
        all.sort();
        all
    };
    let mut game = G::start(&setup).unwrap();
    for _ in 0..positions {
        let code = game.code();
        assert!(
            !code.is_empty() && code.bytes().all(|b| (b' '..=b'~').contains(&b)),
            "one line of printable ASCII: {code:?}"
        );
        let mut read = G::from_code(&code).unwrap_or_else(|e| panic!("{code}: {e}"));
        assert_eq!(read.code(), code, "the code reads back to itself");
        assert_eq!(read.to_move(), game.to_move(), "{code}");
        assert_eq!(read.ply(), game.ply(), "{code}");
        if unwritten_endings && game.is_over() && !read.is_over() {
            game = G::start(&setup).unwrap();
            continue;
        }
        assert_eq!(read.outcome(), game.outcome(), "{code}");
        let legal = game.legal_actions();
        assert_eq!(sorted(&read), sorted(&game), "legal actions of {code}");
        assert!(read.undo().is_none(), "undo stops at the code: {code}");
        if legal.is_empty() {
            game = G::start(&setup).unwrap();
            continue;
        }
        let action = legal[rng.random_range(0..legal.len())];
        game.play(action).unwrap();
        read.play(action).unwrap();
        assert_eq!(read.code(), game.code(), "after {action:?} from {code}");
    }
}

/// What any game's code reader refuses whatever its fields: an extra field, nothing at all,
/// a byte that is not ASCII (named as such); and every prefix of `good` is refused or, if
/// by chance still a code, reads back to itself. None of it panics.
pub fn bad_code_shapes_are_refused<G: Rules>(good: &str) {
    assert!(G::from_code(&format!("{good} x")).is_err());
    assert!(G::from_code("").is_err());
    let accented = good.replacen('/', "\u{e9}/", 1);
    assert!(G::from_code(&accented).unwrap_err().contains("ASCII"));
    for end in 0..good.len() {
        if let Ok(game) = G::from_code(&good[..end]) {
            assert_eq!(game.code(), &good[..end]);
        }
    }
}
