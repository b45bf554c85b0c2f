//! A game in progress: the position, whose turn it is, ko, repetition and the endings
//! (sections 3 and 6, V13, V14, V15).

use serde::{Deserialize, Serialize};

use super::geometry::{Cell, Side};
use super::moves::{Action, Applied, Illegal, IllegalAction, apply_move, candidates};
use super::pieces::Kind;
use super::position::{BoardKey, Position};
use super::resolution::{Resolution, WaveLog};
use super::resolve::{ResolveStats, resolve};
use crate::rules::rng::{GameRng, seeded};

/// The move cap of section 6 (a pass is a move).
pub const MOVE_CAP: u16 = 200;

/// Pieces a side may lose before it has crossed the line (V14).
pub const PIECES_TO_LOSE: u8 = 5;

/// Why the game ended (the protocol's reason names).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EndReason {
    Core,
    Five,
    Repetition,
    Cap,
    Passes,
}

impl EndReason {
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::Core => "core",
            EndReason::Five => "five",
            EndReason::Repetition => "repetition",
            EndReason::Cap => "cap",
            EndReason::Passes => "passes",
        }
    }
}

/// The end of a game: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub reason: EndReason,
}

/// A game: `Clone + Send + 'static`, cheap to copy apart from its history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    position: Position,
    to_move: Side,
    ply: u16,
    outcome: Option<Outcome>,
    last_was_pass: bool,
    /// `history[k]` is the board after k moves with the side then to move; `[0]` is the
    /// start (repetition counts it, V15; ko reads `[ply - 1]`).
    history: Vec<(BoardKey, Side)>,
    /// The game's own seeded generator (the computer player's tie-breaks draw from it).
    #[serde(with = "crate::rules::rng::ron_safe")]
    rng: GameRng,
    /// One entry per move played, for [`Game::undo`]: what the move replaced (saved with
    /// the game, so undo works after loading too).
    #[serde(default)]
    past: Vec<Past>,
    /// The moves played before the position the game was set up at (a position code):
    /// `history[0]` is the board after `base` moves.
    #[serde(default, skip_serializing_if = "is_zero")]
    base: u16,
    /// The board ko forbids at `base` (the one before the opponent's last move there).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ko_before: Option<BoardKey>,
}

fn is_zero(n: &u16) -> bool {
    *n == 0
}

/// What one move replaced, so that undo restores it exactly.
#[derive(Clone, Debug, Eq, Serialize, Deserialize)]
struct Past {
    position: Position,
    last_was_pass: bool,
    /// `None` for moves played unchecked (search and self-play record no resolution).
    resolution: Option<Resolution>,
}

/// Two games are equal when they hold the same moves; whether a move was played checked
/// (keeping its resolution) or unchecked does not matter.
impl PartialEq for Past {
    fn eq(&self, other: &Past) -> bool {
        self.position == other.position && self.last_was_pass == other.last_was_pass
    }
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    /// The start position, White to move.
    pub fn new() -> Game {
        Game::from_position(Position::start(), Side::White)
    }

    /// A game from a hand-made position (tests, scenarios).
    pub fn from_position(position: Position, to_move: Side) -> Game {
        Game {
            position,
            to_move,
            ply: 0,
            outcome: None,
            last_was_pass: false,
            history: vec![(position.key(), to_move)],
            rng: seeded(0),
            past: Vec::new(),
            base: 0,
            ko_before: None,
        }
    }

    /// A game set up at a position reached after `ply` moves (a position code): ko
    /// forbids `ko_before`, a pass before it counts toward two passes, and `outcome` is how
    /// it ended, if it has. Repetitions count from here (V16).
    pub fn resumed_at(
        position: Position,
        to_move: Side,
        ply: u16,
        ko_before: Option<BoardKey>,
        last_was_pass: bool,
        outcome: Option<Outcome>,
    ) -> Game {
        Game {
            ply,
            base: ply,
            ko_before,
            last_was_pass,
            outcome,
            ..Game::from_position(position, to_move)
        }
    }

    /// The board ko forbids now, if any (a position code writes it).
    pub fn ko_board(&self) -> Option<BoardKey> {
        self.ko_key().copied()
    }

    /// Whether the last move was a pass (two in a row end the game).
    pub fn last_was_pass(&self) -> bool {
        self.last_was_pass
    }

    /// The start position with the generator seeded by `seed`.
    pub fn seeded(seed: u64) -> Game {
        Game {
            rng: seeded(seed),
            ..Game::new()
        }
    }

    pub fn rng(&self) -> &GameRng {
        &self.rng
    }

    pub fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    /// What the last move set off (`None` at the start or after an unchecked move).
    pub fn last(&self) -> Option<&Resolution> {
        self.past.last().and_then(|p| p.resolution.as_ref())
    }

    /// Takes back the last move, restoring the position, the turn, ko and repetition
    /// exactly; returns its resolution (`None` if it was played unchecked), or `None` with
    /// nothing changed at the start.
    pub fn undo(&mut self) -> Option<Resolution> {
        let past = self.past.pop()?;
        self.history.pop();
        self.position = past.position;
        self.last_was_pass = past.last_was_pass;
        self.ply -= 1;
        self.to_move = self.to_move.opponent();
        // A move is only played while the game runs.
        self.outcome = None;
        past.resolution
    }

    /// The game with the turn handed to the other side, as if the side to move passed
    /// (what the opponent threatens); `None` once the game is over or if the pass would end
    /// it. The other side may then recreate no board the pass left (ko), as after a pass.
    pub fn passed(&self) -> Option<Game> {
        if self.is_over() {
            return None;
        }
        let mut game = self.clone();
        // A pass that is not answered by a pass ends nothing (V15).
        game.last_was_pass = false;
        game.finish(self.position, true);
        game.last_was_pass = false;
        (!game.is_over()).then_some(game)
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Moves played so far (passes included).
    pub fn ply(&self) -> u16 {
        self.ply
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The board ko forbids recreating: the one before the opponent's last move (V13).
    fn ko_key(&self) -> Option<&BoardKey> {
        if self.ply == 0 {
            None
        } else if self.ply == self.base {
            self.ko_before.as_ref()
        } else {
            let since = (self.ply - self.base) as usize;
            self.history.get(since - 1).map(|(k, _)| k)
        }
    }

    /// Applies a move or pull-free to a copy of the position and resolves it, without
    /// recording; `None` if the move breaks a rule (ko included).
    pub fn try_fast(&self, action: Action) -> Option<(Position, ResolveStats)> {
        let (from, to, pull) = match action {
            Action::Move { from, to } => (from, to, false),
            Action::PullFree { from, to } => (from, to, true),
            Action::Pass => return None,
        };
        let mut pos = self.position;
        let Applied { actors, held } =
            apply_move(&mut pos, self.to_move, from, to, pull, &mut ()).ok()?;
        let stats = resolve(&mut pos, actors, held, &mut ());
        if self.ko_key() == Some(&pos.key()) {
            return None;
        }
        Some((pos, stats))
    }

    /// Every legal action (V15): moves and pull-frees that pass every check and ko, in
    /// generation order; `[Pass]` when there are none; empty once the game is over.
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.is_over() {
            return Vec::new();
        }
        let mut all = Vec::with_capacity(96);
        candidates(&self.position, self.to_move, &mut all);
        all.retain(|a| self.try_fast(*a).is_some());
        if all.is_empty() {
            all.push(Action::Pass);
        }
        all
    }

    /// The legal actions of the piece on `cell` (for highlighting targets in the UI).
    pub fn legal_from(&self, cell: Cell) -> Vec<Action> {
        self.legal_actions()
            .into_iter()
            .filter(|a| match a {
                Action::Move { from, .. } | Action::PullFree { from, .. } => *from == cell,
                Action::Pass => false,
            })
            .collect()
    }

    /// Whether the side to move has any move other than a pass.
    pub fn has_move(&self) -> bool {
        let mut all = Vec::with_capacity(96);
        candidates(&self.position, self.to_move, &mut all);
        all.into_iter().any(|a| self.try_fast(a).is_some())
    }

    /// Plays an action, checked, and returns everything it set off. A refused action
    /// changes nothing.
    pub fn play(&mut self, action: Action) -> Result<Resolution, IllegalAction> {
        let refuse = |reason| IllegalAction { action, reason };
        if self.is_over() {
            return Err(refuse(Illegal::GameOver));
        }
        let side = self.to_move;
        let (from, to, pull) = match action {
            Action::Pass => {
                if self.has_move() {
                    return Err(refuse(Illegal::PassWithMoves));
                }
                let position = self.position;
                self.finish(position, true);
                return Ok(self.record(Resolution {
                    side,
                    action,
                    player: None,
                    waves: Vec::new(),
                    capped: false,
                    outcome: self.outcome,
                }));
            }
            Action::Move { from, to } => (from, to, false),
            Action::PullFree { from, to } => (from, to, true),
        };
        let mut pos = self.position;
        let mut player = None;
        let Applied { actors, held } =
            apply_move(&mut pos, side, from, to, pull, &mut player).map_err(refuse)?;
        let mut log = WaveLog::default();
        let stats = resolve(&mut pos, actors, held, &mut log);
        if self.ko_key() == Some(&pos.key()) {
            return Err(refuse(Illegal::Ko {
                opponent: side.opponent(),
            }));
        }
        self.finish(pos, false);
        Ok(self.record(Resolution {
            side,
            action,
            player,
            waves: log.waves,
            capped: stats.capped,
            outcome: self.outcome,
        }))
    }

    /// Keeps the resolution of the move just finished for [`Game::last`] and undo.
    fn record(&mut self, resolution: Resolution) -> Resolution {
        if let Some(past) = self.past.last_mut() {
            past.resolution = Some(resolution.clone());
        }
        resolution
    }

    /// Plays an action known to be legal, without recording (search and self-play).
    /// Returns false, changing nothing, if it was not legal after all.
    pub fn play_unchecked(&mut self, action: Action) -> bool {
        if self.is_over() {
            return false;
        }
        match action {
            Action::Pass => {
                let position = self.position;
                self.finish(position, true);
                true
            }
            _ => match self.try_fast(action) {
                Some((pos, _)) => {
                    self.finish(pos, false);
                    true
                }
                None => false,
            },
        }
    }

    /// Commits the position after a move and checks the endings in V15's order.
    fn finish(&mut self, pos: Position, was_pass: bool) {
        self.past.push(Past {
            position: self.position,
            last_was_pass: self.last_was_pass,
            resolution: None,
        });
        self.position = pos;
        self.ply += 1;
        self.to_move = self.to_move.opponent();
        let key = pos.key();
        self.history.push((key, self.to_move));
        self.outcome = ending(
            &pos,
            &self.history,
            self.ply,
            was_pass && self.last_was_pass,
        );
        self.last_was_pass = was_pass;
    }
}

/// Whether `side` has crossed the line (V14).
pub fn crossed(pos: &Position, side: Side) -> bool {
    pos.core_lost(side) || pos.lost(side) >= PIECES_TO_LOSE
}

/// The side with more pieces on the board, `None` when equal.
pub fn more_pieces(pos: &Position) -> Option<Side> {
    let w = pos.count(Side::White);
    let b = pos.count(Side::Black);
    match w.cmp(&b) {
        std::cmp::Ordering::Greater => Some(Side::White),
        std::cmp::Ordering::Less => Some(Side::Black),
        std::cmp::Ordering::Equal => None,
    }
}

fn ending(
    pos: &Position,
    history: &[(BoardKey, Side)],
    ply: u16,
    two_passes: bool,
) -> Option<Outcome> {
    let w = crossed(pos, Side::White);
    let b = crossed(pos, Side::Black);
    if w || b {
        let winner = match (w, b) {
            (true, false) => Some(Side::Black),
            (false, true) => Some(Side::White),
            _ => more_pieces(pos),
        };
        let core_gone = (w && pos.core_lost(Side::White)) || (b && pos.core_lost(Side::Black));
        let reason = if core_gone {
            EndReason::Core
        } else {
            EndReason::Five
        };
        return Some(Outcome { winner, reason });
    }
    let by_count = |reason| {
        Some(Outcome {
            winner: more_pieces(pos),
            reason,
        })
    };
    if let Some(now) = history.last()
        && history.iter().filter(|h| *h == now).count() >= 3
    {
        return by_count(EndReason::Repetition);
    }
    if ply >= MOVE_CAP {
        return by_count(EndReason::Cap);
    }
    if two_passes {
        return by_count(EndReason::Passes);
    }
    None
}

/// Pieces of `kind` a side still has on the board.
pub fn count_kind(pos: &Position, side: Side, kind: Kind) -> usize {
    pos.pieces()
        .filter(|p| p.owner == side && p.kind == kind)
        .count()
}
