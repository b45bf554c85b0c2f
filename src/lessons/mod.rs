//! Lessons: one mechanic each, on a small hand-made board with only the pieces that
//! matter, a one-line goal the rules decide, a hint and a line said when it is met. No
//! Bevy: the window's Learn screen plays them, tests check every hint meets its goal.
//!
//! A lesson is a RON file, `assets/lessons/<game>/NN-name.ron`, compiled in (each game's
//! [`Lessoned::LESSONS`]). Its board is a list of `"side kind cell"` pieces (Polarity:
//! stone cells, with the hands and the stones collected); its goal is a list of [`Aim`]s,
//! all of which the turn must meet.

mod games;
pub mod library;
pub mod progress;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::puzzles::Puzzler;
use crate::puzzles::judge::play_turn;

/// One lesson, as its file holds it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Lesson {
    pub title: String,
    /// The goal in one line, as the player reads it.
    pub goal: String,
    /// The side to move (the engine's name: `white`, `red`, `one`).
    pub to_move: String,
    /// The pieces, each `"side kind cell"` (`"white triangle E3"`); Polarity: stone cells.
    pub board: Vec<String>,
    /// Vectress: bonds, each `"E5-E6"`.
    #[serde(default)]
    pub bonds: Vec<String>,
    /// Vectress: magnets each side has lost already, in side order.
    #[serde(default)]
    pub lost: Vec<u8>,
    /// Polarity: each side's hand, `"R2 B2 Q1"` with optional `push`/`pull` after R or B
    /// for the next one's required mode (`"R1 pull B2 Q0"`), in side order.
    #[serde(default)]
    pub hands: Vec<String>,
    /// Polarity: stones each side has collected, in side order.
    #[serde(default)]
    pub collected: Vec<u16>,
    /// What the turn must do: every aim must hold.
    pub aims: Vec<Aim>,
    /// A turn that meets the goal, in the engine's notation (a Wave Field tuning and move
    /// joined by `; `).
    pub hint: String,
    /// Said when the goal is met: the mechanic in one line.
    pub done: String,
    /// The rules page's section this lesson teaches (its heading), for F1's link.
    #[serde(default)]
    pub explains: Option<String>,
}

/// One thing the turn must do, decided by the rules once it is played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Aim {
    /// Win the game at once (as a `win` puzzle).
    Win,
    /// Take at least this many (as a `take` puzzle: [`Puzzler::taken`]).
    Take { at_least: u32 },
    /// The piece that stood on this cell leaves the board (Vectress) or is captured
    /// (hex chess).
    Off(String),
    /// The piece the player moves (or the stone placed) ends on this cell.
    Reach(String),
    /// Hex chess: the move gives check.
    Check,
    /// Hex chess: the moved man arrives as this kind (`queen`).
    ArriveAs(String),
    /// Hex chess: a pawn promotes.
    Promote,
    /// The opponent is left exactly one legal move (which the window plays for them).
    Forced,
    /// Wave Field: this cell is the mover's territory after the move.
    Own(String),
    /// The mover's piece that stood on this cell is still on the board after the turn
    /// (Wave Field: not removed in a removal round).
    Keep(String),
    /// Wave Field: the enemy Big Hat is left trapped (rescue or not).
    Trap,
    /// Vectress: at least this many waves set something moving.
    Waves { at_least: u32 },
    /// Vectress: a bond forms.
    Bond,
    /// Vectress: a body is shoved.
    Shove,
    /// Vectress: the piece is pulled free of its body.
    PullFree,
    /// A power moves a stone onto this cell (Polarity).
    MoveTo(String),
    /// A stone the power reached on this cell stays put (Polarity: locked, or at the
    /// edge, or blocked).
    Held(String),
    /// Polarity: at least this many lines are taken.
    Lines { at_least: u32 },
    /// Polarity: the five pieces come back (the regather).
    Regather,
}

/// What a turn did, as the aims read it. Each game fills what it has.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Facts {
    pub won: bool,
    pub lost: bool,
    pub taken: u32,
    /// Cells (before the turn) of the pieces that left the board or were captured.
    pub off: Vec<String>,
    /// Where the moved piece (or the placed stone) ended.
    pub reached: Option<String>,
    pub check: bool,
    pub arrived_as: Option<String>,
    pub promoted: bool,
    /// The opponent has exactly one legal move after it.
    pub forced: bool,
    /// The mover's territory after the move.
    pub owned: Vec<String>,
    /// The enemy Big Hat is left trapped.
    pub trapped: bool,
    pub waves: u32,
    pub bonds: u32,
    pub shoves: u32,
    pub pulled_free: bool,
    pub lines: u32,
    pub regathered: bool,
    /// Where stones a power moved ended.
    pub moved_to: Vec<String>,
    /// Stones a power reached that stayed put.
    pub held: Vec<String>,
}

impl Aim {
    pub fn met(&self, f: &Facts) -> bool {
        match self {
            Aim::Win => f.won,
            Aim::Take { at_least } => !f.lost && f.taken >= *at_least,
            Aim::Off(cell) => f.off.iter().any(|c| c.eq_ignore_ascii_case(cell)),
            Aim::Reach(cell) => f
                .reached
                .as_deref()
                .is_some_and(|c| c.eq_ignore_ascii_case(cell)),
            Aim::Check => f.check,
            Aim::ArriveAs(kind) => f.arrived_as.as_deref() == Some(kind.as_str()),
            Aim::Promote => f.promoted,
            Aim::Forced => f.forced,
            Aim::Own(cell) => f.owned.iter().any(|c| c.eq_ignore_ascii_case(cell)),
            Aim::Keep(cell) => !f.off.iter().any(|c| c.eq_ignore_ascii_case(cell)),
            Aim::Trap => f.trapped,
            Aim::Waves { at_least } => f.waves >= *at_least,
            Aim::Bond => f.bonds > 0,
            Aim::Shove => f.shoves > 0,
            Aim::PullFree => f.pulled_free,
            Aim::MoveTo(cell) => f.moved_to.iter().any(|c| c.eq_ignore_ascii_case(cell)),
            Aim::Held(cell) => f.held.iter().any(|c| c.eq_ignore_ascii_case(cell)),
            Aim::Lines { at_least } => f.lines >= *at_least,
            Aim::Regather => f.regathered,
        }
    }

    /// One line for a turn that missed this aim: what it did instead.
    pub fn why_not<G: Puzzler>(&self, f: &Facts) -> String {
        match self {
            Aim::Win => "That does not win at once.".into(),
            Aim::Take { at_least } => format!(
                "That takes {}; the goal is {}.",
                G::amount(f.taken),
                G::amount(*at_least)
            ),
            Aim::Off(cell) => format!("The piece on {cell} is still on the board."),
            Aim::Reach(cell) => match &f.reached {
                Some(c) => format!("That ends on {c}, not on {cell}."),
                None => format!("Nothing ends on {cell}."),
            },
            Aim::Check => "That gives no check.".into(),
            Aim::ArriveAs(kind) => match &f.arrived_as {
                Some(k) => format!("That man arrives as a {k}, not a {kind}."),
                None => format!("Nothing arrives as a {kind}."),
            },
            Aim::Promote => "No pawn promotes.".into(),
            Aim::Forced => "That leaves more than one move.".into(),
            Aim::Own(cell) => format!("{cell} is not your territory after that move."),
            Aim::Keep(cell) => format!("Your piece from {cell} is removed."),
            Aim::Trap => "The enemy Big Hat is not trapped.".into(),
            Aim::Waves { at_least } => {
                format!("That sets off {} waves; the goal is {at_least}.", f.waves)
            }
            Aim::Bond => "No bond forms.".into(),
            Aim::Shove => "Nothing is shoved.".into(),
            Aim::PullFree => {
                "That moves the whole body; pull the piece free (right-click or ~).".into()
            }
            Aim::MoveTo(cell) => format!("No stone is moved onto {cell}."),
            Aim::Held(cell) => format!("The stone on {cell} is not reached and held."),
            Aim::Lines { at_least } => {
                format!("That takes {} lines; the goal is {at_least}.", f.lines)
            }
            Aim::Regather => "The pieces do not come back yet.".into(),
        }
    }
}

/// What each game adds for lessons: its list of lesson files, how a lesson's board is set
/// up, and the facts its resolutions hold.
pub trait Lessoned: Puzzler {
    /// (file name without `.ron`, its text), in lesson order.
    const LESSONS: &'static [(&'static str, &'static str)];

    /// The game at the lesson's board, `lesson.to_move` to move; a bad board is one
    /// sentence.
    fn set_up(lesson: &Lesson) -> Result<Self, String>;

    /// What the last action of a turn did, besides winning, losing and taking (filled in
    /// by [`try_lesson_turn`]).
    fn facts(before: &Self, resolution: &Self::Resolution, after: &Self) -> Facts;
}

/// Plays `turn` from `game` and reads its facts; `None` when the rules refuse it.
pub fn try_lesson_turn<G: Lessoned>(game: &G, turn: &[G::Action]) -> Option<(String, Facts)> {
    let mover = game.to_move();
    play_turn(game, turn, |before, r, after| Facts {
        won: G::won(after, mover),
        lost: G::lost(after, mover),
        taken: G::taken(before, r, after),
        forced: !after.is_over() && after.legal_actions().len() == 1,
        ..G::facts(before, r, after)
    })
}

/// How a try went: `Ok` with the lesson's closing line, or `Err` with why it missed.
pub fn judge<G: Lessoned>(lesson: &Lesson, facts: &Facts) -> Result<String, String> {
    if facts.lost {
        return Err("That loses the game at once.".into());
    }
    match lesson.aims.iter().find(|aim| !aim.met(facts)) {
        None => Ok(lesson.done.clone()),
        Some(aim) => Err(aim.why_not::<G>(facts)),
    }
}

/// The lesson's hint as actions in `game` (its board).
pub fn hint_actions<G: Lessoned>(game: &G, lesson: &Lesson) -> Result<Vec<G::Action>, String> {
    crate::puzzles::judge::parse_turn(game, &lesson.hint)
        .map_err(|e| format!("the hint {} is refused: {e}", lesson.hint))
}

/// Splits a board entry `"side kind cell"` into its three words.
pub(crate) fn words3(entry: &str) -> Result<[&str; 3], String> {
    let words: Vec<&str> = entry.split_whitespace().collect();
    <[&str; 3]>::try_from(words).map_err(|_| {
        format!("\"{entry}\" is not a piece; write side, kind and cell, like \"white triangle E3\"")
    })
}

/// The side of `G` named `name` (its engine name).
pub(crate) fn side<G: Lessoned>(name: &str) -> Result<G::Side, String> {
    let names = G::GAME.side_names();
    names
        .iter()
        .position(|n| *n == name)
        .map(|i| G::SIDES[i])
        .ok_or_else(|| {
            format!(
                "\"{name}\" is no side of {} ({} or {})",
                G::GAME.title(),
                names[0],
                names[1]
            )
        })
}
