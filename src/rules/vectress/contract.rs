//! Vectress under the shared [`Rules`] contract.

use super::ai::{self, AiConfig, SCORE_SCALE};
use super::game::{Game, Outcome};
use super::geometry::Side;
use super::moves::{Action, IllegalAction};
use super::notation::{NotationError, parse};
use super::resolution::Resolution;
use crate::rules::contract::{Level, Ranked, Rules, Setup, forward_to_game};
use crate::rules::rng::GameRng;
use crate::rules::stop::Stop;
use crate::rules::{ActionError, GameId, no_ruleset};

impl Rules for Game {
    forward_to_game!(Vectress, Action, Resolution, Side, Outcome, ActionError<NotationError, IllegalAction>, parse);
    const SIDES: [Side; 2] = Side::BOTH;

    fn start(setup: &Setup) -> Result<Self, String> {
        no_ruleset(GameId::Vectress, setup)?;
        if let Some(code) = &setup.position {
            return Self::from_code(code);
        }
        Ok(Game::seeded(setup.seed))
    }
    fn code(&self) -> String {
        super::code::write(self)
    }
    fn from_code(code: &str) -> Result<Self, String> {
        super::code::read(code)
    }
    fn ply(&self) -> usize {
        Game::ply(self) as usize
    }
    fn rank(
        &self,
        level: Level,
        top: usize,
        rng: &mut GameRng,
        stop: &Stop,
    ) -> Vec<Ranked<Action>> {
        let ranked = ai::rank(self, &AiConfig::at(level), top, rng, stop);
        ranked
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
fn vectress_keeps_the_contract() {
    crate::rules::laws::hold_for::<Game>(Setup::default(), 6, &["E3-E9", "nonsense"]);
}

impl crate::rules::reach::Reaching for Game {
    fn reach(action: &Action) -> crate::rules::reach::Reach {
        use crate::rules::reach::Reach;
        match action {
            Action::Move { from, to } | Action::PullFree { from, to } => Reach::travel(from, to),
            Action::Pass => Reach::default(),
        }
    }
}

#[cfg(test)]
#[test]
fn actions_reach_cells_of_the_board() {
    crate::rules::reach::check_start::<Game>();
}
