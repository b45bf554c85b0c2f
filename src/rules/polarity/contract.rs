//! Polarity under the shared [`Rules`] contract.

use super::ai::{self, AiConfig};
use super::game::{Game, Resolution};
use super::hand::Side;
use super::notation::{Action, BadAction};
use super::position::{IllegalAction, Outcome};
use crate::rules::contract::{Level, Rules, Setup};
use crate::rules::rng::GameRng;
use crate::rules::{ActionError, GameId, no_ruleset};

impl Rules for Game {
    const GAME: GameId = GameId::Polarity;
    type Action = Action;
    type Resolution = Resolution;
    type Side = Side;
    type Outcome = Outcome;
    type Illegal = ActionError<BadAction, IllegalAction>;

    fn start(setup: &Setup) -> Result<Self, String> {
        no_ruleset(GameId::Polarity, setup)?;
        Ok(Game::new(setup.seed))
    }
    fn to_move(&self) -> Side {
        Game::to_move(self)
    }
    fn ply(&self) -> usize {
        self.position().ply() as usize
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
        text.parse().map_err(ActionError::Notation)
    }
    fn write_action(&self, action: Action) -> String {
        action.to_string()
    }
    fn rng(&self) -> &GameRng {
        &self.rng
    }
    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }
    fn choose(&self, level: Level, rng: &mut GameRng) -> Vec<Action> {
        ai::choose(self, &AiConfig::at(level), rng)
            .into_iter()
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::contract::laws;

    #[test]
    fn undo_restores_every_turn() {
        laws::undo_restores_every_turn::<Game>(Setup::default(), 8, Level::Easy);
    }

    #[test]
    fn refused_text_changes_nothing() {
        laws::refused_text_changes_nothing::<Game>(Setup::default(), "z9");
    }

    #[test]
    fn notation_round_trips() {
        laws::notation_round_trips::<Game>(Setup::default());
    }
}
