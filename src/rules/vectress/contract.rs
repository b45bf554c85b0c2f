//! Vectress under the shared [`Rules`] contract.

use super::ai::{self, AiConfig};
use super::game::{Game, Outcome};
use super::geometry::Side;
use super::moves::{Action, IllegalAction};
use super::notation::{NotationError, parse};
use super::resolution::Resolution;
use crate::rules::contract::{Level, Rules, Setup, forward_to_game};
use crate::rules::rng::GameRng;
use crate::rules::stop::Stop;
use crate::rules::{ActionError, GameId, no_ruleset};

impl Rules for Game {
    forward_to_game!(Vectress, Action, Resolution, Side, Outcome, ActionError<NotationError, IllegalAction>, parse);
    const SIDES: [Side; 2] = Side::BOTH;

    fn start(setup: &Setup) -> Result<Self, String> {
        no_ruleset(GameId::Vectress, setup)?;
        Ok(Game::seeded(setup.seed))
    }
    fn ply(&self) -> usize {
        Game::ply(self) as usize
    }
    fn choose(&self, level: Level, rng: &mut GameRng, stop: &Stop) -> Vec<Action> {
        if self.is_over() {
            return Vec::new();
        }
        vec![ai::choose(self, &AiConfig::at(level), rng, stop)]
    }
}

#[cfg(test)]
#[test]
fn vectress_keeps_the_contract() {
    crate::rules::laws::hold_for::<Game>(Setup::default(), 6, &["E3-E9", "nonsense"]);
}
