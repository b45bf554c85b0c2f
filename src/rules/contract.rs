//! What every rules core offers, so that one engine session, one table in the window and
//! one replay format serve all four games: [`Rules`], implemented by each game's `Game`,
//! the computer's [`Level`] and a game's [`Setup`]; [`Match`], a game with the turns that
//! built it, is in `turns`.

use std::fmt::{Debug, Display};

use serde::{Deserialize, Serialize};

use super::GameId;
use super::rng::GameRng;
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
    /// A position code (docs/codes.md) to start from instead of the game's start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
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

    /// The start position for `setup`, or the position its code writes; a ruleset the
    /// game does not have (or that the code contradicts) is refused.
    fn start(setup: &Setup) -> Result<Self, String>;
    /// The position as a code (docs/codes.md): one line of printable ASCII holding
    /// everything the rules need to go on from here.
    fn code(&self) -> String;
    /// The game a code writes, ready to go on (undo stops there); a bad code is refused
    /// with one sentence naming the first field that is wrong.
    fn from_code(code: &str) -> Result<Self, String>;
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
    /// The computer's `top` best turns at `level`, best first: each the actions it would
    /// play in order (Wave Field may tune before it moves) with its value for the side to
    /// move, in the game's units ([`Rules::SCORE_SCALE`] makes a value a chance to win).
    /// Tie-breaks are drawn from `rng`; empty when there is nothing to play. The search
    /// ends at the level's budget, or sooner once `stop` is raised.
    fn rank(
        &self,
        level: Level,
        top: usize,
        rng: &mut GameRng,
        stop: &Stop,
    ) -> Vec<Ranked<Self::Action>>;
    /// The computer's turn at `level`: the best of [`Rules::rank`].
    fn choose(&self, level: Level, rng: &mut GameRng, stop: &Stop) -> Vec<Self::Action> {
        let best = self.rank(level, 1, rng, stop).into_iter().next();
        best.map(|ranked| ranked.turn).unwrap_or_default()
    }
    /// Whether `side` could still win at all, so that its opponent's flag falling wins it
    /// the game (ruling T2: hex chess's lone king cannot); true by default.
    fn can_win_on_time(&self, _side: Self::Side) -> bool {
        true
    }
    /// The game with the turn handed to the other side, as if the side to move passed:
    /// what the opponent threatens is its best turn there. `None` once the game is over or
    /// where passing makes no sense (hex chess in check).
    fn passed(&self) -> Option<Self>;
    /// Value units per unit of log-odds: a value `v` for the side to move means a chance
    /// to win of `1 / (1 + e^(-v / SCORE_SCALE))`, the curve fitted per game on
    /// strong-against-strong self-play (`lodestone fit`, docs/analysis.md).
    const SCORE_SCALE: f64;
}

/// One turn the computer's search ranked: its actions in order, and its value for the
/// side to move.
#[derive(Debug, Clone, PartialEq)]
pub struct Ranked<A> {
    pub turn: Vec<A>,
    pub score: i32,
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

pub use super::turns::{Match, Refused, TurnRecord};
