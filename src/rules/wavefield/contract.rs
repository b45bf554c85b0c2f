//! Wave Field under the shared [`Rules`] contract. Tuning actions are actions like moves
//! (they do not end the turn); the computer's turn may tune and then move.

use super::ai::{self, AiConfig, SCORE_SCALE};
use super::game::{Game, IllegalAction, Resolution};
use super::geometry::Side;
use super::notation::{Action, BadAction, parse_action};
use super::position::Outcome;
use crate::rules::contract::{Level, Ranked, Rules, Setup, forward_to_game};
use crate::rules::rng::GameRng;
use crate::rules::stop::Stop;
use crate::rules::{ActionError, GameId, no_ruleset};

impl Rules for Game {
    forward_to_game!(Wavefield, Action, Resolution, Side, Outcome, ActionError<BadAction, IllegalAction>, parse_action);
    // Blue moves first (W1).
    const SIDES: [Side; 2] = [Side::Blue, Side::Red];

    fn start(setup: &Setup) -> Result<Self, String> {
        no_ruleset(GameId::Wavefield, setup)?;
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
        self.actions()
    }
    /// Dice is recorded as the tuning it rolled: the W6 profile with one slot per type,
    /// else every slot (`tune R+0-T+A+B-`).
    fn record(&self, written: String, action: Action, resolution: &Resolution) -> String {
        match action {
            Action::Dice => format!("{}", Action::tune_to(self.tuning(resolution.side))),
            _ => written,
        }
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
            .map(|(turn, score)| Ranked { turn, score })
            .collect()
    }
    fn passed(&self) -> Option<Self> {
        Game::passed(self)
    }
    const SCORE_SCALE: f64 = SCORE_SCALE;
}

#[cfg(test)]
#[test]
fn wavefield_keeps_the_contract() {
    let setup = Setup {
        seed: 4,
        ..Setup::default()
    };
    crate::rules::laws::hold_for::<Game>(setup, 6, &["tune RTAB", "A1-A7"]);
}

impl crate::rules::reach::Reaching for Game {
    fn reach(action: &Action) -> crate::rules::reach::Reach {
        match action {
            Action::Move(mv) => crate::rules::reach::Reach::travel(mv.from, mv.to),
            _ => crate::rules::reach::Reach::default(),
        }
    }
}

#[cfg(test)]
#[test]
fn actions_reach_cells_of_the_board() {
    crate::rules::reach::check_start::<Game>();
}
