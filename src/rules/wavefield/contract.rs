//! Wave Field under the shared [`Rules`] contract. Tuning actions are actions like moves
//! (they do not end the turn); the computer's turn may tune and then move.

use super::ai::{self, AiConfig};
use super::game::{Game, IllegalAction, Resolution};
use super::geometry::Side;
use super::notation::{Action, BadAction, parse_action};
use super::position::Outcome;
use crate::rules::contract::{Level, Rules, Setup};
use crate::rules::rng::GameRng;
use crate::rules::{ActionError, GameId, no_ruleset};

impl Rules for Game {
    const GAME: GameId = GameId::Wavefield;
    type Action = Action;
    type Resolution = Resolution;
    type Side = Side;
    type Outcome = Outcome;
    type Illegal = ActionError<BadAction, IllegalAction>;

    fn start(setup: &Setup) -> Result<Self, String> {
        no_ruleset(GameId::Wavefield, setup)?;
        Ok(Game::new(setup.seed))
    }
    fn to_move(&self) -> Side {
        Game::to_move(self)
    }
    fn ply(&self) -> usize {
        self.timeline().len()
    }
    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }
    fn winner(&self) -> Option<Side> {
        Game::outcome(self).and_then(|o| o.winner)
    }
    fn legal_actions(&self) -> Vec<Action> {
        Game::legal_actions(self)
    }
    fn play(&mut self, action: Action) -> Result<Resolution, Self::Illegal> {
        Game::play(self, action).map_err(ActionError::Rules)
    }
    fn undo(&mut self) -> Option<Resolution> {
        Game::undo(self)
    }
    fn last(&self) -> Option<&Resolution> {
        Game::last(self)
    }
    fn parse_action(&self, text: &str) -> Result<Action, Self::Illegal> {
        parse_action(text).map_err(ActionError::Notation)
    }
    fn write_action(&self, action: Action) -> String {
        action.to_string()
    }
    fn rng(&self) -> &GameRng {
        Game::rng(self)
    }
    fn rng_mut(&mut self) -> &mut GameRng {
        Game::rng_mut(self)
    }
    fn choose(&self, level: Level, rng: &mut GameRng) -> Vec<Action> {
        ai::choose(self, &AiConfig::at(level), rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::contract::laws;

    #[test]
    fn undo_restores_every_turn() {
        let setup = Setup {
            seed: 4,
            ..Setup::default()
        };
        laws::undo_restores_every_turn::<Game>(setup, 6, Level::Easy);
    }

    #[test]
    fn refused_text_changes_nothing() {
        laws::refused_text_changes_nothing::<Game>(Setup::default(), "tune RTAB");
        laws::refused_text_changes_nothing::<Game>(Setup::default(), "A1-A7");
    }

    #[test]
    fn notation_round_trips() {
        laws::notation_round_trips::<Game>(Setup::default());
    }
}
