//! Personal puzzles (#43): a turn of the player's that the review marked, set out where it
//! was played, with the goal of finding a turn that keeps the chance to win the engine's
//! best turn had (within [`REGAIN_WITHIN`]). Every blunder of a game played in the window
//! is kept as one in the data folder ([`FILE`]) and listed in the Learn sheet as "Your
//! puzzles"; "Learn from your mistakes" steps through a game's mistakes and blunders the
//! same way without keeping them. No Bevy: reading, writing and judging live here.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::rules::review::{REGAIN_WITHIN, Reviewed, chance_after};
use crate::rules::{GameId, Level, Rules, Setup, Stop};

/// The file in the data folder that keeps them.
pub const FILE: &str = "your-puzzles.ron";

/// A turn to find again.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OwnPuzzle {
    /// `own-` and a hash of the game and the turns: the same blunder is kept once.
    pub name: String,
    pub game: GameId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<String>,
    #[serde(default)]
    pub seed: u64,
    /// The actions from the start to the position, in the engine's notation.
    pub actions: Vec<String>,
    /// The turn's number in its game (from 1) and its mark's glyph.
    pub turn: usize,
    pub mark: String,
    /// What was played there (its actions joined by `; `), and the chance it left.
    pub played: String,
    pub played_win: f64,
    /// The engine's best turn there, and the chance it keeps: the goal.
    pub best: String,
    pub best_win: f64,
    /// The level the chances were judged at (tries are judged at it too).
    pub level: Level,
}

/// A stable 64-bit FNV-1a hash (names must not change between builds or runs).
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// `actions` written in the engine's notation, each in the position it is played in,
/// from `from`; the position after them.
fn written<G: Rules>(from: &G, actions: &[G::Action]) -> Option<(Vec<String>, G)> {
    let mut work = from.clone();
    let mut out = Vec::with_capacity(actions.len());
    for &action in actions {
        out.push(work.write_action(action));
        work.play(action).ok()?;
    }
    Some((out, work))
}

impl OwnPuzzle {
    /// The puzzle of the reviewed turn `turn`, whose game started at `start` with `setup`
    /// and played `actions` (its whole list; the turn's own come after its first ply);
    /// `None` when the actions do not replay.
    pub fn of_turn<G: Rules>(
        setup: &Setup,
        start: &G,
        actions: &[G::Action],
        turn_number: usize,
        turn: &Reviewed<G::Action>,
        level: Level,
    ) -> Option<OwnPuzzle> {
        let (before, position) = written(start, actions.get(..turn.first_ply)?)?;
        let (played, _) = written(&position, &turn.actions)?;
        let (best, _) = written(&position, &turn.best)?;
        let played = played.join(super::judge::TURN_SEPARATOR);
        let game = G::GAME;
        let key = format!("{}|{setup:?}|{}|{played}", game.id(), before.join(" "));
        Some(OwnPuzzle {
            name: format!("own-{:016x}", fnv(&key)),
            game,
            ruleset: setup.ruleset.clone(),
            seed: setup.seed,
            actions: before,
            turn: turn_number,
            mark: turn.mark.map_or("", |m| m.glyph()).to_string(),
            played,
            played_win: turn.win_after,
            best: best.join(super::judge::TURN_SEPARATOR),
            best_win: turn.best_win,
            level,
        })
    }

    pub fn setup(&self) -> Setup {
        Setup {
            ruleset: self.ruleset.clone(),
            seed: self.seed,
            position: None,
        }
    }

    /// The goal in one line.
    pub fn goal(&self) -> String {
        format!(
            "Turn {}: {} {} left you {:.0}% to win; the best turn kept {:.0}%. Find a turn \
             within {:.0}% of the best.",
            self.turn,
            self.played,
            self.mark,
            self.played_win * 100.0,
            self.best_win * 100.0,
            REGAIN_WITHIN * 100.0,
        )
    }

    /// The best turn's actions, read in `before` one after another (a tuning first).
    pub fn best_turn<G: Rules>(&self, before: &G) -> Result<Vec<G::Action>, String> {
        let mut work = before.clone();
        let mut out = Vec::new();
        for text in self.best.split(super::judge::TURN_SEPARATOR) {
            let action = work
                .parse_action(text)
                .map_err(|e| format!("the puzzle's best turn {} does not read: {e}", self.best))?;
            work.play(action).map_err(|e| e.to_string())?;
            out.push(action);
        }
        Ok(out)
    }

    /// The verdict on a try `turn` from `before` (the puzzle's position): `Ok` with the
    /// line to say when its chance is within [`REGAIN_WITHIN`] of the best turn's, else
    /// `Err` with why not. Both chances are measured alike, by the engine's best answer
    /// to each ([`chance_after`]), so the best turn itself is always accepted.
    pub fn verdict<G: Rules>(&self, before: &G, turn: &[G::Action]) -> Result<String, String> {
        let stop = Stop::never();
        let chance = chance_after(before, turn, self.level, &stop)?;
        let best = self.best_turn(before)?;
        let reference = if best == turn {
            chance
        } else {
            chance_after(before, &best, self.level, &stop)?
        };
        let keeps = format!("{:.0}%", chance * 100.0);
        let most = format!("{:.0}%", reference.max(chance) * 100.0);
        if chance >= reference - REGAIN_WITHIN {
            Ok(format!(
                "Found: that keeps {keeps} against the best answer (the engine's {} keeps \
                 {most}).",
                self.best
            ))
        } else {
            // The review's figures were judged from the position before the turn; these
            // from the answer after it, so the line says which measure it gives.
            Err(format!(
                "That keeps {keeps} against the best answer; a better turn keeps {most}."
            ))
        }
    }
}

/// Every personal puzzle kept, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Book {
    pub puzzles: Vec<OwnPuzzle>,
}

impl Book {
    /// Keeps `puzzle` unless one of its name is kept already; whether it was new.
    pub fn add(&mut self, puzzle: OwnPuzzle) -> bool {
        if self.puzzles.iter().any(|p| p.name == puzzle.name) {
            return false;
        }
        self.puzzles.push(puzzle);
        true
    }

    /// The puzzles of `game`, oldest first.
    pub fn of_game(&self, game: GameId) -> Vec<&OwnPuzzle> {
        self.puzzles.iter().filter(|p| p.game == game).collect()
    }
}

/// Reads the book at `path`: none there is an empty book; an unreadable file is moved
/// aside, and the sentence returned says where.
pub fn load(path: &Path) -> (Book, Option<String>) {
    crate::files::read_ron_or_aside(path, "Your puzzles")
}

/// Writes the book whole.
pub fn save(path: &Path, book: &Book) -> Result<(), String> {
    let text = ron::ser::to_string_pretty(book, ron::ser::PrettyConfig::default())
        .map_err(|e| e.to_string())?;
    crate::files::write_replacing(path, text.as_bytes()).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::review::{assemble, judge, turns_of};
    use crate::rules::vectress;

    /// A game where White's third turn is not the engine's: its review and puzzles.
    fn reviewed_game() -> (
        vectress::Game,
        Vec<vectress::Action>,
        Vec<Reviewed<vectress::Action>>,
    ) {
        let start = vectress::Game::start(&Setup::default()).unwrap();
        let stop = Stop::never();
        let mut game = start.clone();
        let mut actions = Vec::new();
        for i in 0..6 {
            let turn = if i == 2 {
                vec![*game.legal_actions().last().unwrap()]
            } else {
                judge(&game, Level::Easy, &stop).unwrap().best
            };
            for a in turn {
                game.play(a).unwrap();
                actions.push(a);
            }
        }
        let (turns, end) = turns_of(&start, &actions).unwrap();
        let mut judged: Vec<_> = turns
            .iter()
            .map(|t| judge(&t.before, Level::Easy, &stop))
            .collect();
        judged.push(judge(&end, Level::Easy, &stop));
        (start, actions.clone(), assemble(&turns, &end, &judged))
    }

    #[test]
    fn a_turn_becomes_a_puzzle_judged_by_the_chance_it_keeps_like_the_best() {
        let (start, actions, reviewed) = reviewed_game();
        let turn = &reviewed[2];
        let puzzle =
            OwnPuzzle::of_turn(&Setup::default(), &start, &actions, 3, turn, Level::Easy).unwrap();
        assert_eq!(puzzle.actions.len(), turn.first_ply);
        assert!(puzzle.name.starts_with("own-"));
        let mut before = start.clone();
        for text in &puzzle.actions {
            let a = before.parse_action(text).unwrap();
            before.play(a).unwrap();
        }
        let best = puzzle.best_turn(&before).unwrap();
        assert!(
            puzzle.verdict(&before, &best).is_ok(),
            "the best turn is accepted"
        );
        let played: Vec<_> = puzzle
            .played
            .split("; ")
            .map(|t| before.parse_action(t).unwrap())
            .collect();
        let said = puzzle.verdict(&before, &played);
        let stop = Stop::never();
        let kept = chance_after(&before, &played, Level::Easy, &stop).unwrap();
        let best_kept = chance_after(&before, &best, Level::Easy, &stop).unwrap();
        assert_eq!(said.is_ok(), kept >= best_kept - REGAIN_WITHIN, "{said:?}");
        assert!(
            (kept - turn.win_after).abs() < 1e-9,
            "the review's chance after the turn"
        );
        // The same turn of the same game is one puzzle.
        let again =
            OwnPuzzle::of_turn(&Setup::default(), &start, &actions, 3, turn, Level::Easy).unwrap();
        let mut book = Book::default();
        assert!(book.add(puzzle));
        assert!(!book.add(again));
        assert_eq!(book.of_game(GameId::Vectress).len(), 1);
        assert!(book.of_game(GameId::Polarity).is_empty());
    }

    #[test]
    fn the_book_is_written_read_back_and_an_unreadable_one_kept_aside() {
        let dir = std::env::temp_dir().join(format!("lodestone-own-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join(FILE);
        assert_eq!(
            load(&path),
            (Book::default(), None),
            "none there: an empty book"
        );
        let (start, actions, reviewed) = reviewed_game();
        let mut book = Book::default();
        for (i, turn) in reviewed.iter().enumerate().take(3) {
            let p = OwnPuzzle::of_turn(
                &Setup::default(),
                &start,
                &actions,
                i + 1,
                turn,
                Level::Easy,
            );
            book.add(p.unwrap());
        }
        save(&path, &book).unwrap();
        assert_eq!(load(&path), (book, None));
        std::fs::write(&path, "not a book (").unwrap();
        let (read, said) = load(&path);
        assert_eq!(read, Book::default());
        let said = said.unwrap();
        assert!(
            said.starts_with("Your puzzles could not be read ("),
            "{said}"
        );
        assert!(!path.exists(), "moved aside, not written over");
        let aside = dir.join(format!("{FILE}.unreadable-1"));
        assert_eq!(std::fs::read_to_string(&aside).unwrap(), "not a book (");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
