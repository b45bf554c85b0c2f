//! One vocabulary (issue #28): every refusal a player can meet names pieces as the README,
//! the rules pages and the captions do. Each game is played from several seeds; at sampled
//! positions every text its notation can write (and some it cannot) is read and played,
//! and every distinct refusal sentence is kept. The protocol's own piece names
//! (`octagon`, `big_hat`, ...) are banned wherever they differ from the players' names.
//! A game may keep its part in its own folder, with these helpers.

use std::collections::BTreeSet;

use rand::Rng;

use super::contract::{Rules, Setup};
use super::rng::seeded;
use super::{hexchess, vectress, wavefield};

/// Texts every game is also tried with: none of them is an action anywhere.
const JUNK: [&str; 6] = ["", "nonsense", "z9", "Z9-Z1", "e9e10=X", "tune RTAB"];

/// Plays `plies` random legal actions from each seed and, every `every` plies and at the
/// end (after `end`, texts that finish a game), collects the refusal sentence of each of
/// `texts` and of [`JUNK`] that is refused. Legal ones are played and taken back.
pub(crate) fn refusals<G: Rules>(
    seeds: std::ops::Range<u64>,
    plies: usize,
    every: usize,
    end: &[&str],
    texts: impl Fn(&G) -> Vec<String>,
) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut probe = |game: &mut G| {
        let junk = JUNK.iter().map(|t| t.to_string());
        for text in texts(game).into_iter().chain(junk) {
            match game.parse_action(&text) {
                Err(e) => {
                    found.insert(e.to_string());
                }
                Ok(action) => match game.play(action) {
                    Err(e) => {
                        found.insert(e.to_string());
                    }
                    Ok(_) => {
                        game.undo().expect("a played action undoes");
                    }
                },
            }
        }
    };
    for seed in seeds {
        let setup = Setup {
            seed,
            ..Setup::default()
        };
        let mut game = G::start(&setup).expect("the default setup starts");
        let mut rng = seeded(seed);
        for ply in 0..plies {
            if ply % every == 0 {
                probe(&mut game);
            }
            let legal = game.legal_actions();
            if legal.is_empty() {
                break;
            }
            let action = legal[rng.random_range(0..legal.len())];
            game.play(action).expect("a legal action plays");
        }
        for text in end {
            if let Ok(action) = game.parse_action(text) {
                let _ = game.play(action);
            }
        }
        probe(&mut game);
    }
    found
}

/// The players' names of a game's pieces, and the protocol's words that differ from them.
pub(crate) struct Names {
    titles: Vec<&'static str>,
    banned: Vec<&'static str>,
}

impl Names {
    /// `pairs` are (protocol name, player-facing name) per kind; a protocol name is banned
    /// unless it reads as the player's name (`queen` / `queen`, `tower` / `Tower`).
    pub(crate) fn of(pairs: impl IntoIterator<Item = (&'static str, &'static str)>) -> Names {
        let (mut titles, mut banned) = (Vec::new(), Vec::new());
        for (name, title) in pairs {
            titles.push(title);
            if name != title.to_ascii_lowercase() {
                banned.push(name);
            }
        }
        Names { titles, banned }
    }
}

/// Where `phrase` (lower case) stands as whole words in `lower`.
fn word_starts(lower: &str, phrase: &str) -> Vec<usize> {
    let bytes = lower.as_bytes();
    let is_word = |i: usize| bytes.get(i).is_some_and(|b| b.is_ascii_alphanumeric());
    lower
        .match_indices(phrase)
        .map(|(i, _)| i)
        .filter(|&i| (i == 0 || !is_word(i - 1)) && !is_word(i + phrase.len()))
        .collect()
}

/// Every way `sentences` break the vocabulary, one line each: a sentence over several
/// lines, a banned word, a piece name written in another case than the players' name,
/// and a player's name no refusal used (so a sentence naming it was never reached).
pub(crate) fn problems(game: &str, sentences: &BTreeSet<String>, names: &Names) -> Vec<String> {
    let mut problems = Vec::new();
    let mut unused: BTreeSet<&str> = names.titles.iter().copied().collect();
    for s in sentences {
        if s.trim().is_empty() || s.contains(['\n', '\r']) {
            problems.push(format!("{game}: not one line: {s:?}"));
        }
        let lower = s.to_ascii_lowercase();
        for word in &names.banned {
            if lower.contains(word) {
                problems.push(format!("{game}: says \"{word}\": {s}"));
            }
        }
        for title in &names.titles {
            for i in word_starts(&lower, &title.to_ascii_lowercase()) {
                if &s[i..i + title.len()] == *title {
                    unused.remove(title);
                } else {
                    problems.push(format!("{game}: writes {title} otherwise: {s}"));
                }
            }
        }
    }
    for title in unused {
        problems.push(format!("{game}: no refusal names the {title}"));
    }
    problems
}

fn vectress_texts(_: &vectress::Game) -> Vec<String> {
    let cells: Vec<vectress::Cell> = vectress::Cell::all().collect();
    let mut texts = vec!["pass".to_string()];
    for from in &cells {
        for to in &cells {
            texts.push(format!("{from}-{to}"));
            texts.push(format!("{from}~{to}"));
        }
    }
    texts
}

/// Long moves from every occupied cell and one empty one, promotions from pawns, and the
/// list notation (type letter, capture or not) onto every cell.
fn hexchess_texts(game: &hexchess::Game) -> Vec<String> {
    let pos = game.position();
    let cells: Vec<hexchess::Cell> = hexchess::Cell::all().collect();
    let empty = cells.iter().find(|&&c| pos.piece_at(c).is_none());
    let mut texts = Vec::new();
    for from in cells
        .iter()
        .filter(|&&c| pos.piece_at(c).is_some())
        .chain(empty)
    {
        let pawn = pos
            .piece_at(*from)
            .is_some_and(|p| p.kind == hexchess::Kind::Pawn);
        for to in &cells {
            texts.push(format!("{from}{to}"));
            if pawn {
                texts.extend(["=Q", "=N", "=K"].map(|p| format!("{from}{to}{p}")));
            }
        }
    }
    for to in &cells {
        for letter in ["", "N", "B", "R", "Q", "K"] {
            texts.push(format!("{letter}{to}"));
            texts.push(format!("{letter}x{to}"));
        }
        texts.push(format!("{to}=Q"));
    }
    texts
}

fn wavefield_texts(_: &wavefield::Game) -> Vec<String> {
    let cells: Vec<wavefield::Cell> = wavefield::Cell::all().collect();
    let mut texts: Vec<String> = [
        "dice",
        "reset",
        "hint",
        "tune R+T-A+B+",
        "tune R+0-T+A+B-",
        "tune R0T0A0B0",
        "tune R+",
        "press R",
    ]
    .map(String::from)
    .to_vec();
    for kind in wavefield::Kind::ALL {
        for slot in 1..=4 {
            texts.push(format!("press {}{slot}+", kind.letter()));
        }
    }
    for from in &cells {
        for to in &cells {
            texts.push(format!("{from}-{to}"));
        }
    }
    texts
}

#[test]
fn refusals_name_pieces_as_players_read_them() {
    let vectress = Names::of(vectress::Kind::ALL.map(|k| (k.name(), k.title())));
    let hexchess = Names::of(hexchess::Kind::ALL.map(|k| (k.name(), k.name())));
    let wavefield = Names::of(wavefield::Kind::ALL.map(|k| (k.name(), k.title())));
    // The words the protocol uses and players never read: what this test is about.
    assert_eq!(vectress.banned, ["octagon"]);
    assert_eq!(wavefield.banned, ["round_hat", "triangle_hat", "big_hat"]);

    let mut all = Vec::new();
    let found = refusals::<vectress::Game>(0..3, 200, 25, &[], vectress_texts);
    all.extend(problems("vectress", &found, &vectress));
    let found = refusals::<hexchess::Game>(0..3, 80, 20, &[], hexchess_texts);
    all.extend(problems("hexchess", &found, &hexchess));
    let found = refusals::<wavefield::Game>(0..3, 60, 15, &["resign"], wavefield_texts);
    all.extend(problems("wavefield", &found, &wavefield));
    // A broken template repeats over thousands of cells: the first few say enough.
    assert!(
        all.is_empty(),
        "{} problems, first: {:#?}",
        all.len(),
        &all[..all.len().min(12)]
    );
}

/// The checks catch what they are for: the old Vectress wording, a sentence over two
/// lines, a name in the wrong case, a name never reached.
#[test]
fn the_checks_catch_a_broken_vocabulary() {
    let names = Names::of(vectress::Kind::ALL.map(|k| (k.name(), k.title())));
    let sentences: BTreeSet<String> = [
        "E3-E6: an octagon moves 1 or 2 cells in any of the eight directions",
        "a Triangle moves 1 or 2 cells\nfront-left, front-right or back",
        "a square moves 1 or 2 cells front, back, left or right",
    ]
    .map(String::from)
    .into();
    let found = problems("vectress", &sentences, &names);
    for expected in [
        "says \"octagon\"",
        "not one line",
        "writes Square otherwise",
        "no refusal names the Rhombus",
        "no refusal names the Core",
    ] {
        assert!(
            found.iter().any(|p| p.contains(expected)),
            "{expected}: {found:#?}"
        );
    }
    assert_eq!(word_starts("a big hat, big hats", "big hat"), [2]);
}
