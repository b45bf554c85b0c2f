//! Polarity under the shared [`Rules`] contract.

use std::str::FromStr;

use super::ai::{self, AiConfig, SCORE_SCALE};
use super::game::{Game, Resolution};
use super::hand::Side;
use super::notation::{Action, BadAction};
use super::position::{IllegalAction, Outcome};
use crate::rules::contract::{Level, Ranked, Rules, Setup, forward_to_game};
use crate::rules::rng::GameRng;
use crate::rules::stop::Stop;
use crate::rules::{ActionError, GameId, no_ruleset};

impl Rules for Game {
    forward_to_game!(Polarity, Action, Resolution, Side, Outcome, ActionError<BadAction, IllegalAction>, Action::from_str);
    const SIDES: [Side; 2] = Side::BOTH;

    fn start(setup: &Setup) -> Result<Self, String> {
        no_ruleset(GameId::Polarity, setup)?;
        if let Some(code) = &setup.position {
            return Self::from_code(code);
        }
        Ok(Game::new(setup.seed))
    }
    fn code(&self) -> String {
        super::code::write(self)
    }
    fn from_code(code: &str) -> Result<Self, String> {
        super::code::read(code)
    }
    fn ply(&self) -> usize {
        self.position().ply() as usize
    }
    fn rank(
        &self,
        level: Level,
        top: usize,
        rng: &mut GameRng,
        stop: &Stop,
    ) -> Vec<Ranked<Action>> {
        let ranking = ai::rank_in(self.position(), &AiConfig::at(level), top, rng, stop);
        ranking
            .ranked
            .into_iter()
            .map(|(action, score)| Ranked {
                turn: vec![action],
                score,
            })
            .collect()
    }
    fn passed(&self) -> Option<Self> {
        Game::passed(self)
    }
    const SCORE_SCALE: f64 = SCORE_SCALE;
}

#[cfg(test)]
#[test]
fn polarity_keeps_the_contract() {
    crate::rules::laws::hold_for::<Game>(Setup::default(), 8, &["z9"]);
}

impl crate::rules::reach::Reaching for Game {
    fn reach(action: &Action) -> crate::rules::reach::Reach {
        crate::rules::reach::Reach::placed(action.cell)
    }
}

#[cfg(test)]
#[test]
fn actions_reach_cells_of_the_board() {
    crate::rules::reach::check_start::<Game>();
}
