//! Polarity under the shared [`Rules`] contract.

use std::str::FromStr;

use super::ai::{self, AiConfig};
use super::game::{Game, Resolution};
use super::hand::Side;
use super::notation::{Action, BadAction};
use super::position::{IllegalAction, Outcome};
use crate::rules::contract::{Level, Rules, Setup, forward_to_game};
use crate::rules::rng::GameRng;
use crate::rules::stop::Stop;
use crate::rules::{ActionError, GameId, no_ruleset};

impl Rules for Game {
    forward_to_game!(Polarity, Action, Resolution, Side, Outcome, ActionError<BadAction, IllegalAction>, Action::from_str);
    const SIDES: [Side; 2] = Side::BOTH;

    fn start(setup: &Setup) -> Result<Self, String> {
        no_ruleset(GameId::Polarity, setup)?;
        Ok(Game::new(setup.seed))
    }
    fn ply(&self) -> usize {
        self.position().ply() as usize
    }
    fn choose(&self, level: Level, rng: &mut GameRng, stop: &Stop) -> Vec<Action> {
        ai::choose(self, &AiConfig::at(level), rng, stop)
            .into_iter()
            .collect()
    }
}

#[cfg(test)]
#[test]
fn polarity_keeps_the_contract() {
    crate::rules::laws::hold_for::<Game>(Setup::default(), 8, &["z9"]);
}
