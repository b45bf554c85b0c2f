//! Self-play for `lodestone simulate hexchess`: random or computer players, with the
//! statistics the issue asks for (outcomes by reason, length, multi-queen frequency, the
//! computer's score against random).

use rand::Rng;

use super::ai::{AiConfig, choose, queens};
use super::game::Game;
use super::types::{Color, Move, Outcome};
use crate::rules::rng::GameRng;
use crate::rules::stop::Searches;

/// Who plays a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    Random,
    Ai(AiConfig),
}

impl Player {
    fn choose(&self, game: &Game, rng: &mut GameRng, searches: &mut impl Searches) -> Option<Move> {
        match self {
            Player::Random => {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    None
                } else {
                    moves.get(rng.random_range(0..moves.len())).copied()
                }
            }
            Player::Ai(config) => searches.search(|stop| choose(game, config, rng, stop)),
        }
    }
}

/// One finished (or capped) game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameSummary {
    /// None when the ply cap was hit first.
    pub outcome: Option<Outcome>,
    pub plies: u32,
    /// Whether renaming ever gave one side more than one queen at once.
    pub multi_queen: bool,
}

/// Plays one game from `start` between `white` and `black`, at most `max_plies` plies
/// more, the computer's searches run by `searches`.
pub fn play_game(
    start: &Game,
    white: Player,
    black: Player,
    max_plies: u32,
    rng: &mut GameRng,
    searches: &mut impl Searches,
) -> GameSummary {
    let mut game = start.clone();
    let first = start.position().ply();
    let mut multi_queen = false;
    while game.outcome().is_none() && game.position().ply() - first < max_plies {
        let player = if game.turn() == Color::White {
            white
        } else {
            black
        };
        let Some(mv) = player.choose(&game, rng, searches) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
        let pos = game.position();
        multi_queen |= queens(pos, Color::White) > 1 || queens(pos, Color::Black) > 1;
    }
    GameSummary {
        outcome: game.outcome(),
        plies: game.position().ply(),
        multi_queen,
    }
}
