//! Hex chess under the shared [`Rules`] contract. Actions are written in long form
//! (`f5f6`, `e9e10=Q`); `parse_action` also reads the list notation of H6.

use super::ai::{self, AiConfig};
use super::game::{Game, Resolution};
use super::session::GameSession;
use super::types::{Color, IllegalAction, Move, Outcome, Ruleset};
use crate::rules::GameId;
use crate::rules::contract::{Level, Rules, Setup};
use crate::rules::rng::GameRng;

impl Rules for Game {
    const GAME: GameId = GameId::Hexchess;
    type Action = Move;
    type Resolution = Resolution;
    type Side = Color;
    type Outcome = Outcome;
    type Illegal = IllegalAction;

    fn start(setup: &Setup) -> Result<Self, String> {
        let ruleset = match setup.ruleset.as_deref() {
            None => Ruleset::V011,
            Some(name) => Ruleset::parse(name)
                .ok_or_else(|| format!("unknown ruleset \"{name}\" (known: v011, classic)"))?,
        };
        Ok(Game::new(ruleset))
    }
    fn to_move(&self) -> Color {
        self.turn()
    }
    fn ply(&self) -> usize {
        self.history().len()
    }
    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }
    fn winner(&self) -> Option<Color> {
        Game::outcome(self).and_then(|o| o.winner)
    }
    fn legal_actions(&self) -> Vec<Move> {
        self.legal_moves()
    }
    fn play(&mut self, action: Move) -> Result<Resolution, IllegalAction> {
        Game::play(self, action)
    }
    fn undo(&mut self) -> Option<Resolution> {
        Game::undo(self)
    }
    fn last(&self) -> Option<&Resolution> {
        Game::last(self)
    }
    fn parse_action(&self, text: &str) -> Result<Move, IllegalAction> {
        self.parse_move(text)
    }
    fn write_action(&self, action: Move) -> String {
        action.long()
    }
    fn rng(&self) -> &GameRng {
        Game::rng(self)
    }
    fn rng_mut(&mut self) -> &mut GameRng {
        Game::rng_mut(self)
    }
    fn choose(&self, level: Level, rng: &mut GameRng) -> Vec<Move> {
        ai::choose(self, &AiConfig::at(level), rng)
            .into_iter()
            .collect()
    }
}

/// The session the window plays: the same game, with the move list's struck entries,
/// the forced-move count (H8) and the edited flag around it. Playing and undoing through
/// the contract are the session's own `play` and `undo` (they clear struck entries).
impl Rules for GameSession {
    const GAME: GameId = GameId::Hexchess;
    type Action = Move;
    type Resolution = Resolution;
    type Side = Color;
    type Outcome = Outcome;
    type Illegal = IllegalAction;

    fn start(setup: &Setup) -> Result<Self, String> {
        Ok(GameSession::from_game(<Game as Rules>::start(setup)?))
    }
    fn to_move(&self) -> Color {
        self.game().turn()
    }
    fn ply(&self) -> usize {
        Rules::ply(self.game())
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game().outcome()
    }
    fn winner(&self) -> Option<Color> {
        Rules::winner(self.game())
    }
    fn legal_actions(&self) -> Vec<Move> {
        self.game().legal_moves()
    }
    fn play(&mut self, action: Move) -> Result<Resolution, IllegalAction> {
        GameSession::play(self, action)
    }
    fn undo(&mut self) -> Option<Resolution> {
        GameSession::undo(self)
    }
    fn last(&self) -> Option<&Resolution> {
        self.game().last()
    }
    fn parse_action(&self, text: &str) -> Result<Move, IllegalAction> {
        self.game().parse_move(text)
    }
    fn write_action(&self, action: Move) -> String {
        action.long()
    }
    fn rng(&self) -> &GameRng {
        GameSession::rng(self)
    }
    fn rng_mut(&mut self) -> &mut GameRng {
        GameSession::rng_mut(self)
    }
    fn choose(&self, level: Level, rng: &mut GameRng) -> Vec<Move> {
        self.game().choose(level, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::contract::laws;

    #[test]
    fn undo_restores_every_turn() {
        laws::undo_restores_every_turn::<Game>(Setup::default(), 6, Level::Easy);
        let classic = Setup {
            ruleset: Some("classic".into()),
            seed: 2,
        };
        laws::undo_restores_every_turn::<Game>(classic, 4, Level::Easy);
    }

    #[test]
    fn refused_text_changes_nothing() {
        laws::refused_text_changes_nothing::<Game>(Setup::default(), "e9e10=Q");
        laws::refused_text_changes_nothing::<Game>(Setup::default(), "xx");
    }

    #[test]
    fn notation_round_trips() {
        laws::notation_round_trips::<Game>(Setup::default());
        laws::notation_round_trips::<GameSession>(Setup::default());
    }

    #[test]
    fn the_session_keeps_the_contract_too() {
        laws::undo_restores_every_turn::<GameSession>(Setup::default(), 4, Level::Easy);
        laws::refused_text_changes_nothing::<GameSession>(Setup::default(), "e9e10=Q");
    }
}
