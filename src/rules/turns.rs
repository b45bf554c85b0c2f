//! A game with the turns that built it ([`Match`]): undo takes back a whole turn with the
//! generator as it was, and a save keeps the turns ([`TurnRecord`]) to resume exactly.

use std::fmt::Display;

use serde::{Deserialize, Serialize};

use super::contract::{Level, Rules, Setup};
use super::rng::{GameRng, seeded};
use super::stop::Stop;

/// Why a [`Match`] request was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused<E> {
    /// The text is not an action of this game, or the rules forbid it.
    Illegal(E),
    /// Undo at the start.
    NothingToUndo,
    /// The computer was asked to play a finished game, or found nothing to play.
    GameOver,
}

impl<E: Display> Display for Refused<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::Illegal(e) => e.fmt(f),
            Refused::NothingToUndo => f.write_str("there is nothing to undo"),
            Refused::GameOver => {
                f.write_str("the game is over, so the computer has nothing to play")
            }
        }
    }
}

/// One turn of a match as a save keeps it: how many actions it holds, and where the
/// game's generator stood before it (so undo and the computer go on exactly as before).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnRecord {
    pub actions: usize,
    pub rng: u64,
}

/// One turn of a [`Match`]: the actions one request played (a player's move, or the
/// computer's tuning and move), and the generator before it, so undo is exact.
#[derive(Debug, Clone)]
struct Turn<S> {
    /// Who played it (the side to move before it).
    side: S,
    actions: usize,
    rng_before: GameRng,
}

/// A game being played: the rules state, every action in order, grouped into turns. Undo
/// takes back a whole turn and restores the generator as it was before the turn (so the
/// computer, asked again, plays the same); the action list is what a replay saves.
#[derive(Debug, Clone)]
pub struct Match<G: Rules> {
    game: G,
    setup: Setup,
    actions: Vec<G::Action>,
    /// The actions in the engine's notation, each written in the position it was played in.
    notation: Vec<String>,
    turns: Vec<Turn<G::Side>>,
}

/// A match reads as its game: `m.position()`, `m.outcome()` ...
impl<G: Rules> std::ops::Deref for Match<G> {
    type Target = G;
    fn deref(&self) -> &G {
        &self.game
    }
}

impl<G: Rules> Match<G> {
    pub fn new(setup: Setup) -> Result<Self, String> {
        let mut game = G::start(&setup)?;
        *game.rng_mut() = seeded(setup.seed);
        Ok(Match {
            game,
            setup,
            actions: Vec::new(),
            notation: Vec::new(),
            turns: Vec::new(),
        })
    }

    /// A match from a game already under way (a hand-made position); undo stops there.
    pub fn from_game(game: G) -> Self {
        Match {
            game,
            setup: Setup::default(),
            actions: Vec::new(),
            notation: Vec::new(),
            turns: Vec::new(),
        }
    }

    /// Puts `game` in place as reached by `actions` (written as `notation`), one turn
    /// each played by `sides`, as after a hex chess list edit or a restored save: undo
    /// walks back through them.
    pub fn adopt(
        &mut self,
        game: G,
        played: impl IntoIterator<Item = (G::Side, G::Action, String)>,
    ) {
        self.actions.clear();
        self.notation.clear();
        self.turns.clear();
        for (side, action, text) in played {
            self.turns.push(Turn {
                side,
                actions: 1,
                rng_before: game.rng().clone(),
            });
            self.actions.push(action);
            self.notation.push(text);
        }
        self.game = game;
    }

    /// The rules state.
    pub fn rules(&self) -> &G {
        &self.game
    }

    /// The rules state for changes that are no turn of play (Wave Field's developer
    /// restart, tests); the recorded actions stay as they are.
    pub fn rules_mut(&mut self) -> &mut G {
        &mut self.game
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Every action played, in order.
    pub fn actions(&self) -> &[G::Action] {
        &self.actions
    }

    /// The actions in the engine's notation, each written in the position it was played in.
    pub fn notation(&self) -> &[String] {
        &self.notation
    }

    /// Turns played (a computer turn that tuned and moved is one).
    pub fn turns(&self) -> usize {
        self.turns.len()
    }

    /// Every turn as (who played it, how many actions it holds), in order: a move list
    /// writes one row per turn.
    pub fn turn_sides(&self) -> impl Iterator<Item = (G::Side, usize)> + '_ {
        self.turns.iter().map(|t| (t.side, t.actions))
    }

    /// Plays one action as a turn of its own.
    pub fn play(&mut self, action: G::Action) -> Result<G::Resolution, Refused<G::Illegal>> {
        let rng_before = self.game.rng().clone();
        self.play_turn(&[action], rng_before)
            .map(|mut resolutions| resolutions.remove(0))
    }

    /// Who played the last turn, `None` at the start.
    pub fn last_turn_side(&self) -> Option<G::Side> {
        self.turns.last().map(|t| t.side)
    }

    /// Reads and plays one action written in the engine's notation.
    pub fn play_text(&mut self, text: &str) -> Result<G::Resolution, Refused<G::Illegal>> {
        let action = self.game.parse_action(text).map_err(Refused::Illegal)?;
        self.play(action)
    }

    /// Plays a turn of several actions (the computer's choice) at once: all or nothing.
    pub fn play_turn(
        &mut self,
        actions: &[G::Action],
        rng_before: GameRng,
    ) -> Result<Vec<G::Resolution>, Refused<G::Illegal>> {
        let side = self.game.to_move();
        let mut resolutions = Vec::with_capacity(actions.len());
        let mut written = Vec::with_capacity(actions.len());
        for &action in actions {
            let text = self.game.write_action(action);
            match self.game.play(action) {
                Ok(resolution) => {
                    written.push(self.game.record(text, action, &resolution));
                    resolutions.push(resolution);
                }
                Err(e) => {
                    for _ in 0..resolutions.len() {
                        self.game.undo();
                    }
                    *self.game.rng_mut() = rng_before;
                    return Err(Refused::Illegal(e));
                }
            }
        }
        self.actions.extend_from_slice(actions);
        self.notation.extend(written);
        self.turns.push(Turn {
            side,
            actions: actions.len(),
            rng_before,
        });
        Ok(resolutions)
    }

    /// The computer's choice at `level` for the side to move, played as one turn (its
    /// search ended early once `stop` is raised).
    pub fn play_computer(
        &mut self,
        level: Level,
        stop: &Stop,
    ) -> Result<Vec<G::Resolution>, Refused<G::Illegal>> {
        if self.game.is_over() {
            return Err(Refused::GameOver);
        }
        let rng_before = self.game.rng().clone();
        let mut rng = rng_before.clone();
        let actions = self.game.choose(level, &mut rng, stop);
        if actions.is_empty() {
            return Err(Refused::GameOver);
        }
        *self.game.rng_mut() = rng;
        self.play_turn(&actions, rng_before)
    }

    /// Every turn as a save keeps it.
    pub fn turn_records(&self) -> Vec<TurnRecord> {
        self.turns
            .iter()
            .map(|t| TurnRecord {
                actions: t.actions,
                rng: t.rng_before.get_word_pos() as u64,
            })
            .collect()
    }

    /// Where the game's generator stands now (a word position of its seed's stream).
    pub fn rng_position(&self) -> u64 {
        self.game.rng().get_word_pos() as u64
    }

    /// The match a save kept: `actions` (in the engine's notation) replayed from `setup`
    /// in `turns`, each turn's generator put back where it stood before it, and the
    /// generator now at `rng`. What does not replay is one sentence.
    pub fn resume(
        setup: Setup,
        actions: &[String],
        turns: &[TurnRecord],
        rng: u64,
    ) -> Result<Self, String> {
        let mut game = Match::<G>::new(setup)?;
        let held: usize = turns.iter().map(|t| t.actions).sum();
        if held != actions.len() || turns.iter().any(|t| t.actions == 0) {
            return Err(format!(
                "its {} turns hold {held} actions, not the {} it lists",
                turns.len(),
                actions.len()
            ));
        }
        let seed = game.setup.seed;
        let at = |position: u64| {
            let mut generator = seeded(seed);
            generator.set_word_pos(u128::from(position));
            generator
        };
        let mut next = 0;
        for (n, turn) in turns.iter().enumerate() {
            let texts = &actions[next..next + turn.actions];
            next += turn.actions;
            let rng_before = at(turn.rng);
            *game.game.rng_mut() = rng_before.clone();
            let mut work = game.game.clone();
            let mut parsed = Vec::with_capacity(texts.len());
            for text in texts {
                let action = work
                    .parse_action(text)
                    .map_err(|e| format!("turn {}: \"{text}\" is refused ({e})", n + 1))?;
                work.play(action)
                    .map_err(|e| format!("turn {}: \"{text}\" is refused ({e})", n + 1))?;
                parsed.push(action);
            }
            game.play_turn(&parsed, rng_before)
                .map_err(|e| format!("turn {}: {e}", n + 1))?;
        }
        *game.game.rng_mut() = at(rng);
        Ok(game)
    }

    /// Takes back the last turn; returns the resolutions it undid, last first.
    pub fn undo(&mut self) -> Result<Vec<G::Resolution>, Refused<G::Illegal>> {
        let turn = self.turns.pop().ok_or(Refused::NothingToUndo)?;
        let mut undone = Vec::with_capacity(turn.actions);
        for _ in 0..turn.actions {
            self.actions.pop();
            self.notation.pop();
            if let Some(r) = self.game.undo() {
                undone.push(r);
            }
        }
        *self.game.rng_mut() = turn.rng_before;
        Ok(undone)
    }
}
