//! What every rules core offers, so that one engine session, one table in the window and
//! one replay format serve all four games: [`Rules`], implemented by each game's `Game`,
//! the computer's [`Level`], and [`Match`], a game with the turns that built it.

use std::fmt::{Debug, Display};

use serde::{Deserialize, Serialize};

use super::GameId;
use super::rng::{GameRng, seeded};
use super::stop::Stop;

/// How strongly the computer plays. Every game answers all three; each game's
/// `ai` module says what search and budget a level means there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Beatable by a beginner: a shallow search.
    Easy,
    /// A fair opponent: a shorter search than `Strong`.
    Normal,
    /// The full search (the engine's default, so scripts get the same moves as before).
    #[default]
    Strong,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Strong];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Strong => "strong",
        }
    }

    pub fn parse(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }
}

impl Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How a game starts: the generator's seed, and for hex chess the ruleset (`v011` or
/// `classic`); games without rulesets refuse one.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<String>,
    #[serde(default)]
    pub seed: u64,
}

/// A game's rules, as the engine, the table and replays use them. `play` is validated:
/// a refused action changes nothing and says which rule it breaks.
pub trait Rules: Clone + Debug + Send + Sync + 'static {
    /// The protocol id of the game.
    const GAME: GameId;
    /// One thing a player does (a move, a placement, a tuning).
    type Action: Copy + Debug + PartialEq + Send + Sync + 'static;
    /// Everything one action set off, in order; what the presentation plays back.
    type Resolution: Clone + Debug + Serialize + Send + Sync + 'static;
    /// Who moves.
    type Side: Copy + Debug + PartialEq + Send + Sync + 'static;
    /// How a finished game ended.
    type Outcome: Copy + Debug + PartialEq + Send + Sync + 'static;
    /// Why an action was refused (typed; its `Display` is one sentence).
    type Illegal: std::error::Error + Send + Sync + 'static;
    /// The two sides, the one that opens first (what [`GameId::side_names`] names).
    const SIDES: [Self::Side; 2];

    /// The start position for `setup`; a ruleset the game does not have is refused.
    fn start(setup: &Setup) -> Result<Self, String>;
    /// The side to move.
    fn to_move(&self) -> Self::Side;
    /// Actions played so far.
    fn ply(&self) -> usize;
    /// `None` while the game runs.
    fn outcome(&self) -> Option<Self::Outcome>;
    /// The winner of a finished game, `None` for a draw or while it runs.
    fn winner(&self) -> Option<Self::Side>;
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
    /// The actions the side to move may play (empty when the game is over).
    fn legal_actions(&self) -> Vec<Self::Action>;
    /// Plays `action` if the rules allow it.
    fn play(&mut self, action: Self::Action) -> Result<Self::Resolution, Self::Illegal>;
    /// Takes back the last action exactly; `None`, changing nothing, at the start.
    fn undo(&mut self) -> Option<Self::Resolution>;
    /// What the last action set off.
    fn last(&self) -> Option<&Self::Resolution>;
    /// Reads an action in the engine's notation, in this position.
    fn parse_action(&self, text: &str) -> Result<Self::Action, Self::Illegal>;
    /// Writes an action in the engine's notation (what `parse_action` reads back).
    fn write_action(&self, action: Self::Action) -> String;
    /// How a match records `action` once played (`written` is its notation from before):
    /// an action whose effect the generator chose (Wave Field's dice) is recorded as its
    /// effect, so a replay never depends on draws the computer made in between.
    fn record(
        &self,
        written: String,
        _action: Self::Action,
        _resolution: &Self::Resolution,
    ) -> String {
        written
    }
    /// The game's own seeded generator.
    fn rng(&self) -> &GameRng;
    fn rng_mut(&mut self) -> &mut GameRng;
    /// A count the game keeps beyond what its actions say, which a saved game carries
    /// (hex chess's forced moves so far, H8); `None` for games with none.
    fn session_count(&self) -> Option<u64> {
        None
    }
    /// Puts back the count [`Rules::session_count`] gave.
    fn restore_session_count(&mut self, _count: u64) {}
    /// The computer's turn at `level`: the actions it plays, in order (Wave Field may
    /// tune before it moves), drawing tie-breaks from `rng`. Empty when it has nothing to
    /// play. The search ends at the level's budget, or sooner once `stop` is raised.
    fn choose(&self, level: Level, rng: &mut GameRng, stop: &Stop) -> Vec<Self::Action>;
}

/// Names a game's types for the contract (game id, action, resolution, side, outcome,
/// refusal, and the notation parser), and forwards the contract's methods that the
/// game's own type answers under the same names
/// (`to_move`, `outcome`, `legal_actions`, `undo`, `last`, `rng`, `rng_mut`), plus
/// `winner` from the outcome, `play` and `parse_action` through [`ActionError`] (its
/// notation and rules errors), and `write_action` as the action's `Display`.
///
/// [`ActionError`]: crate::rules::ActionError
macro_rules! forward_to_game {
    ($game:ident, $action:ty, $resolution:ty, $side:ty, $outcome:ty, $illegal:ty, $parse:expr) => {
        const GAME: $crate::rules::GameId = $crate::rules::GameId::$game;
        type Action = $action;
        type Resolution = $resolution;
        type Side = $side;
        type Outcome = $outcome;
        type Illegal = $illegal;

        fn to_move(&self) -> Self::Side {
            Self::to_move(self)
        }
        fn outcome(&self) -> Option<Self::Outcome> {
            Self::outcome(self)
        }
        fn winner(&self) -> Option<Self::Side> {
            Self::outcome(self).and_then(|o| o.winner)
        }
        fn legal_actions(&self) -> Vec<Self::Action> {
            Self::legal_actions(self)
        }
        fn play(&mut self, action: Self::Action) -> Result<Self::Resolution, Self::Illegal> {
            Self::play(self, action).map_err($crate::rules::ActionError::Rules)
        }
        fn undo(&mut self) -> Option<Self::Resolution> {
            Self::undo(self)
        }
        fn last(&self) -> Option<&Self::Resolution> {
            Self::last(self)
        }
        fn parse_action(&self, text: &str) -> Result<Self::Action, Self::Illegal> {
            $parse(text).map_err($crate::rules::ActionError::Notation)
        }
        fn write_action(&self, action: Self::Action) -> String {
            action.to_string()
        }
        fn rng(&self) -> &$crate::rules::rng::GameRng {
            Self::rng(self)
        }
        fn rng_mut(&mut self) -> &mut $crate::rules::rng::GameRng {
            Self::rng_mut(self)
        }
    };
}
pub(crate) use forward_to_game;

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
