//! Hex chess under the shared [`Rules`] contract, twice: the plain [`Game`] (the engine
//! serves it) and the [`GameSession`] the window plays, which is the same game with the
//! move list's struck entries, the forced-move count (H8) and the edited flag around it.
//! Actions are written in long form (`f5f6`, `e9e10=Q`); `parse_action` also reads the
//! list notation of H6.

use super::ai::{self, AiConfig, SCORE_SCALE};
use super::game::{Game, Resolution};
use super::session::GameSession;
use super::types::{Color, IllegalAction, Kind, Move, Outcome, Ruleset};
use crate::rules::GameId;
use crate::rules::contract::{Level, Ranked, Rules, Setup};
use crate::rules::rng::GameRng;
use crate::rules::stop::Stop;

/// What the plain game and the session answer alike: everything but playing, undoing,
/// starting and the generator, read off the plain game `$game`.
macro_rules! hexchess_questions {
    ($game:expr) => {
        const GAME: GameId = GameId::Hexchess;
        type Action = Move;
        type Resolution = Resolution;
        type Side = Color;
        type Outcome = Outcome;
        type Illegal = IllegalAction;
        const SIDES: [Color; 2] = [Color::White, Color::Black];

        fn to_move(&self) -> Color {
            $game(self).turn()
        }
        /// Moves played, counting those before a position code (the FEN's move number).
        fn ply(&self) -> usize {
            $game(self).position().ply() as usize
        }
        fn outcome(&self) -> Option<Outcome> {
            $game(self).outcome()
        }
        fn winner(&self) -> Option<Color> {
            $game(self).outcome().and_then(|o| o.winner)
        }
        fn legal_actions(&self) -> Vec<Move> {
            $game(self).legal_moves()
        }
        fn last(&self) -> Option<&Resolution> {
            $game(self).last()
        }
        /// A lone king cannot win on time (T2).
        fn can_win_on_time(&self, side: Color) -> bool {
            $game(self)
                .position()
                .pieces()
                .any(|(_, piece)| piece.color == side && piece.kind != Kind::King)
        }
        fn parse_action(&self, text: &str) -> Result<Move, IllegalAction> {
            $game(self).parse_move(text)
        }
        fn write_action(&self, action: Move) -> String {
            action.long()
        }
        fn rank(
            &self,
            level: Level,
            top: usize,
            rng: &mut GameRng,
            stop: &Stop,
        ) -> Vec<Ranked<Move>> {
            let ranked = ai::rank($game(self), &AiConfig::at(level), top, rng, stop);
            ranked
                .into_iter()
                .map(|(mv, score)| Ranked {
                    turn: vec![mv],
                    score,
                })
                .collect()
        }
        const SCORE_SCALE: f64 = SCORE_SCALE;
    };
}

fn itself(game: &Game) -> &Game {
    game
}

impl Rules for Game {
    hexchess_questions!(itself);

    fn start(setup: &Setup) -> Result<Self, String> {
        let ruleset = match setup.ruleset.as_deref() {
            None => None,
            Some(name) => Some(
                Ruleset::parse(name)
                    .ok_or_else(|| format!("unknown ruleset \"{name}\" (known: v011, classic)"))?,
            ),
        };
        match &setup.position {
            None => Ok(Game::new(ruleset.unwrap_or(Ruleset::V011))),
            Some(code) => {
                let game = super::code::read(code)?;
                match ruleset {
                    Some(asked) if asked != game.ruleset() => Err(format!(
                        "the position code is a {} position, but ruleset \"{}\" was asked for",
                        game.ruleset().name(),
                        asked.name()
                    )),
                    _ => Ok(game),
                }
            }
        }
    }
    fn code(&self) -> String {
        super::code::write(self)
    }
    fn from_code(code: &str) -> Result<Self, String> {
        super::code::read(code)
    }
    fn play(&mut self, action: Move) -> Result<Resolution, IllegalAction> {
        Game::play(self, action)
    }
    fn undo(&mut self) -> Option<Resolution> {
        Game::undo(self)
    }
    fn rng(&self) -> &GameRng {
        Game::rng(self)
    }
    fn rng_mut(&mut self) -> &mut GameRng {
        Game::rng_mut(self)
    }
    fn passed(&self) -> Option<Self> {
        Game::passed(self)
    }
}

/// Playing and undoing are the session's own (they clear struck entries).
impl Rules for GameSession {
    hexchess_questions!(GameSession::game);

    fn start(setup: &Setup) -> Result<Self, String> {
        match &setup.position {
            // The ruleset checked against the code first, then the session's own count.
            Some(code) => {
                <Game as Rules>::start(setup)?;
                super::code::read_session(code)
            }
            None => Ok(GameSession::from_game(<Game as Rules>::start(setup)?)),
        }
    }
    fn code(&self) -> String {
        super::code::write_session(self)
    }
    fn from_code(code: &str) -> Result<Self, String> {
        super::code::read_session(code)
    }
    fn play(&mut self, action: Move) -> Result<Resolution, IllegalAction> {
        GameSession::play(self, action)
    }
    fn undo(&mut self) -> Option<Resolution> {
        GameSession::undo(self)
    }
    fn rng(&self) -> &GameRng {
        GameSession::rng(self)
    }
    fn rng_mut(&mut self) -> &mut GameRng {
        GameSession::rng_mut(self)
    }
    fn passed(&self) -> Option<Self> {
        self.game().passed().map(GameSession::from_game)
    }
    /// The forced moves played so far in the session (H8: the count survives undo).
    fn session_count(&self) -> Option<u64> {
        Some(u64::from(self.forced_count()))
    }
    fn restore_session_count(&mut self, count: u64) {
        self.set_forced_count(u32::try_from(count).unwrap_or(u32::MAX));
    }
}

#[cfg(test)]
#[test]
fn hexchess_keeps_the_contract() {
    use crate::rules::laws::hold_for;
    let bad = ["e9e10=Q", "xx"];
    hold_for::<Game>(Setup::default(), 6, &bad);
    let classic = Setup {
        ruleset: Some("classic".into()),
        seed: 2,
        position: None,
    };
    hold_for::<Game>(classic, 4, &bad);
    hold_for::<GameSession>(Setup::default(), 4, &bad);
}

fn reach_of(mv: &Move) -> crate::rules::reach::Reach {
    crate::rules::reach::Reach::travel(mv.from, mv.to)
}

impl crate::rules::reach::Reaching for Game {
    fn reach(action: &Move) -> crate::rules::reach::Reach {
        reach_of(action)
    }
}

impl crate::rules::reach::Reaching for GameSession {
    fn reach(action: &Move) -> crate::rules::reach::Reach {
        reach_of(action)
    }
}

#[cfg(test)]
#[test]
fn actions_reach_cells_of_the_board() {
    crate::rules::reach::check_start::<GameSession>();
}
