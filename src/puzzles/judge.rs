//! Judging turns: every turn the side to move may play, played through the rules, and
//! what it did against a [`Goal`].
//!
//! A turn is written in the engine's notation, each action exactly as the engine's
//! `legal` writes it in the position it is played in; a Wave Field turn that tunes before
//! it moves is its two actions joined by [`TURN_SEPARATOR`]: `tune R-T+A+B+; C6-C5`.

use super::{Goal, Puzzler};
use crate::rules::Rules;

/// Between the actions of one turn (no action's notation holds a semicolon).
pub const TURN_SEPARATOR: &str = "; ";

/// What one turn did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tried {
    /// The turn in notation.
    pub turn: String,
    pub won: bool,
    pub lost: bool,
    /// How many its last action took ([`Puzzler::taken`]).
    pub taken: u32,
}

/// Plays `turn` from `game` and says what it did; `None` when the rules refuse it.
pub fn try_turn<G: Puzzler>(game: &G, turn: &[G::Action]) -> Option<Tried> {
    let mover = game.to_move();
    let (turn, (won, lost, taken)) = play_turn(game, turn, |before, r, after| {
        (
            G::won(after, mover),
            G::lost(after, mover),
            G::taken(before, r, after),
        )
    })?;
    Some(Tried {
        turn,
        won,
        lost,
        taken,
    })
}

/// Plays `turn` from `game` (any actions before its last, such as Wave Field's tunings,
/// then the last), and returns the turn in notation with what `look` reads off the last
/// action: the state before it, its resolution and the state after. `None` when the rules
/// refuse an action.
pub fn play_turn<G: Rules, T>(
    game: &G,
    turn: &[G::Action],
    look: impl FnOnce(&G, &G::Resolution, &G) -> T,
) -> Option<(String, T)> {
    let (&last, lead) = turn.split_last()?;
    let mut work = game.clone();
    let mut written = Vec::with_capacity(turn.len());
    for &action in lead {
        written.push(work.write_action(action));
        work.play(action).ok()?;
    }
    let before = work.clone();
    written.push(work.write_action(last));
    let resolution = work.play(last).ok()?;
    Some((
        written.join(TURN_SEPARATOR),
        look(&before, &resolution, &work),
    ))
}

/// Every turn the side to move may play here ([`Showcase::turns`]), tried.
///
/// [`Showcase::turns`]: crate::showcase::Showcase::turns
pub fn try_every_turn<G: Puzzler>(game: &G) -> Vec<Tried> {
    game.turns()
        .iter()
        .filter_map(|turn| try_turn(game, turn))
        .collect()
}

/// The turns among `tried` that meet `goal`, sorted as plain strings.
pub fn solutions(tried: &[Tried], goal: Goal) -> Vec<String> {
    let mut out: Vec<String> = tried
        .iter()
        .filter(|t| goal.met(t))
        .map(|t| t.turn.clone())
        .collect();
    out.sort();
    out
}

/// Reads a turn written as [`try_turn`] writes it, in `game`'s position: its actions, or
/// the sentence refusing the first that is not legal.
pub fn parse_turn<G: Puzzler>(game: &G, text: &str) -> Result<Vec<G::Action>, String> {
    let mut work = game.clone();
    let mut actions = Vec::new();
    for part in text.split(TURN_SEPARATOR) {
        let action = work.parse_action(part).map_err(|e| e.to_string())?;
        work.play(action).map_err(|e| e.to_string())?;
        actions.push(action);
    }
    Ok(actions)
}

/// One line for a try that does not meet `goal`: what it did instead.
pub fn why_not<G: Puzzler>(goal: Goal, tried: &Tried) -> String {
    if tried.lost {
        return "That loses the game at once.".to_string();
    }
    match goal {
        Goal::Win => "That does not win at once.".to_string(),
        Goal::Take { at_least } if tried.won => {
            format!("That wins, but the goal is {}.", G::amount(at_least))
        }
        Goal::Take { at_least } => format!(
            "That takes {}; the goal is {}.",
            G::amount(tried.taken),
            G::amount(at_least)
        ),
    }
}
