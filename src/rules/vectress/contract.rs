//! Vectress under the shared [`Rules`] contract.

use super::ai::{self, AiConfig};
use super::game::{Game, Outcome};
use super::geometry::Side;
use super::moves::{Action, IllegalAction};
use super::notation::{NotationError, parse};
use super::resolution::Resolution;
use crate::rules::contract::{Level, Rules, Setup};
use crate::rules::rng::GameRng;
use crate::rules::{ActionError, GameId, no_ruleset};

impl Rules for Game {
    const GAME: GameId = GameId::Vectress;
    type Action = Action;
    type Resolution = Resolution;
    type Side = Side;
    type Outcome = Outcome;
    type Illegal = ActionError<NotationError, IllegalAction>;

    fn start(setup: &Setup) -> Result<Self, String> {
        no_ruleset(GameId::Vectress, setup)?;
        Ok(Game::seeded(setup.seed))
    }
    fn to_move(&self) -> Side {
        Game::to_move(self)
    }
    fn ply(&self) -> usize {
        Game::ply(self) as usize
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
        parse(text).map_err(ActionError::Notation)
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
        if self.is_over() {
            return Vec::new();
        }
        vec![ai::choose(self, &AiConfig::at(level), rng)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::contract::laws;

    #[test]
    fn undo_restores_every_turn() {
        laws::undo_restores_every_turn::<Game>(Setup::default(), 6, Level::Easy);
    }

    #[test]
    fn refused_text_changes_nothing() {
        laws::refused_text_changes_nothing::<Game>(Setup::default(), "E3-E9");
        laws::refused_text_changes_nothing::<Game>(Setup::default(), "nonsense");
    }

    #[test]
    fn notation_round_trips() {
        laws::notation_round_trips::<Game>(Setup::default());
    }
}
