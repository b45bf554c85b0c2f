//! Whole games between computer players, for `simulate`, the strength check and the
//! random-game tests.

use super::ai::{self, AiConfig};
use super::hand::Side;
use super::position::{Outcome, Position};
use crate::rules::rng::{GameRng, seeded};
use crate::rules::stop::Searches;

/// Who chooses the actions of one side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Player {
    Random,
    Ai(AiConfig),
}

/// A finished game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Played {
    pub outcome: Outcome,
    pub plies: u32,
    pub collected: [u16; 2],
    /// Actions chosen by an `Ai` player.
    pub ai_moves: u32,
}

/// No game can last longer: every action places a stone, at most 64 stand on the board
/// and fewer than 20 are ever collected (the game ends at 10).
pub const MAX_PLIES: u32 = 64 + 2 * 10;

/// Plays one game from `start`; `seed` drives every random choice of both players, and
/// `searches` runs the computer's searches (the engine times them there). `None` only if
/// the game broke its own length bound (a bug the tests look for).
pub fn play_game(
    start: &Position,
    one: Player,
    two: Player,
    seed: u64,
    searches: &mut impl Searches,
) -> Option<Played> {
    let mut rng: GameRng = seeded(seed);
    let mut position = *start;
    let mut ai_moves = 0u32;
    while position.outcome().is_none() {
        if position.ply() - start.ply() > MAX_PLIES {
            return None;
        }
        let player = match position.to_move() {
            Side::One => one,
            Side::Two => two,
        };
        let action = match player {
            Player::Random => ai::random(&position, &mut rng)?,
            Player::Ai(config) => {
                let action =
                    searches.search(|stop| ai::choose_in(&position, &config, &mut rng, stop))?;
                ai_moves += 1;
                action
            }
        };
        position.play(action).ok()?;
    }
    Some(Played {
        outcome: position.outcome()?,
        plies: position.ply(),
        collected: [position.collected(Side::One), position.collected(Side::Two)],
        ai_moves,
    })
}
