//! The computer player: a fixed-depth alpha-beta search with a node budget, so its choice
//! is reproducible for a given seed; a stop signal raised from outside (a time cap) ends
//! it sooner.

use rand::seq::SliceRandom;

use super::game::{Game, crossed};
use super::geometry::Side;
use super::moves::{Action, apply_move, candidates};
use super::pieces::Kind;
use super::position::{BoardKey, Position, bits};
use super::resolve::resolve;
use crate::rules::rng::GameRng;
use crate::rules::stop::Stop;

/// How hard the computer thinks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiConfig {
    /// Plies searched (at least 1; 2 sees the opponent's best answer).
    pub depth: u8,
    /// Positions evaluated at most; deeper lines are cut to a static evaluation after it.
    pub max_nodes: u64,
}

impl Default for AiConfig {
    fn default() -> Self {
        AiConfig {
            depth: 3,
            max_nodes: 300_000,
        }
    }
}

impl AiConfig {
    /// The search at each level: easy looks one ply ahead (2,000 positions), normal two
    /// (60,000), strong three (300,000, the default).
    pub fn at(level: crate::rules::Level) -> AiConfig {
        use crate::rules::Level;
        match level {
            Level::Easy => AiConfig {
                depth: 1,
                max_nodes: 2_000,
            },
            Level::Normal => AiConfig {
                depth: 2,
                max_nodes: 60_000,
            },
            Level::Strong => AiConfig::default(),
        }
    }
}

/// Value units per unit of log-odds of winning (see `Rules::SCORE_SCALE`): fitted by
/// `lodestone fit vectress` on strong-against-strong self-play (docs/analysis.md).
pub const SCORE_SCALE: f64 = 194.4;

const WIN: i32 = 1_000_000;

struct Search<'a> {
    config: &'a AiConfig,
    nodes: u64,
    stop: &'a Stop,
    out_of_budget: bool,
}

impl Search<'_> {
    fn spend(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.config.max_nodes
            || (self.nodes.is_multiple_of(1024) && self.stop.is_raised())
        {
            self.out_of_budget = true;
        }
        !self.out_of_budget
    }
}

/// The computer's choice for the side to move. Ties between equally good moves are broken
/// by `rng`, so games vary with the seed but replay exactly; `stop` ends the search early
/// with the best found so far.
pub fn choose(game: &Game, config: &AiConfig, rng: &mut GameRng, stop: &Stop) -> Action {
    rank(game, config, 1, rng, stop)
        .first()
        .map_or(Action::Pass, |&(action, _)| action)
}

/// The side to move's `top` best actions with their values for it, best first (equal
/// values in the order `rng` shuffled them); `[Pass]` valued as it stands when there is no
/// move, empty once the game is over. Each root is searched with the window closed at the
/// `top`-th value so far, so the values listed are exact and `top = 1` is [`choose`].
pub fn rank(
    game: &Game,
    config: &AiConfig,
    top: usize,
    rng: &mut GameRng,
    stop: &Stop,
) -> Vec<(Action, i32)> {
    let mut moves = game.legal_actions();
    moves.shuffle(rng);
    let side = game.to_move();
    if moves == [Action::Pass] {
        return vec![(Action::Pass, evaluate(game.position(), side))];
    }
    let top = top.max(1);
    let mut search = Search {
        config,
        nodes: 0,
        stop,
        out_of_budget: false,
    };
    let here = game.position().key();
    let mut ranked: Vec<(Action, i32)> = Vec::with_capacity(top + 1);
    for action in moves {
        let Some((pos, _)) = game.try_fast(action) else {
            continue;
        };
        let floor = ranked.get(top - 1).map_or(-WIN - 1, |&(_, score)| score);
        let score = -negamax(
            &pos,
            side.opponent(),
            Some(here),
            config.depth.max(1) - 1,
            -WIN - 1,
            -floor,
            &mut search,
        );
        if ranked.len() < top || score > floor {
            let at = ranked.partition_point(|&(_, s)| s >= score);
            ranked.insert(at, (action, score));
            ranked.truncate(top);
        }
    }
    ranked
}

/// Value of `pos` for `side` to move, searched `depth` more plies. `ko` is the board the
/// side may not recreate.
fn negamax(
    pos: &Position,
    side: Side,
    ko: Option<BoardKey>,
    depth: u8,
    mut alpha: i32,
    beta: i32,
    search: &mut Search,
) -> i32 {
    if let Some(score) = terminal(pos, side) {
        return score;
    }
    // Every position visited counts against the budget, leaves included.
    let in_budget = search.spend();
    if depth == 0 || !in_budget {
        return evaluate(pos, side);
    }
    let mut list = Vec::with_capacity(96);
    candidates(pos, side, &mut list);
    let here = pos.key();
    let mut best = None;
    for action in list {
        let (from, to, pull) = match action {
            Action::Move { from, to } => (from, to, false),
            Action::PullFree { from, to } => (from, to, true),
            Action::Pass => continue,
        };
        let mut child = *pos;
        let Ok(applied) = apply_move(&mut child, side, from, to, pull, &mut ()) else {
            continue;
        };
        resolve(&mut child, applied.actors, applied.held, &mut ());
        if ko.is_some_and(|k| k == child.key()) {
            continue;
        }
        let score = -negamax(
            &child,
            side.opponent(),
            Some(here),
            depth - 1,
            -beta,
            -alpha,
            search,
        );
        best = Some(best.map_or(score, |b: i32| b.max(score)));
        alpha = alpha.max(score);
        if alpha >= beta {
            break;
        }
    }
    // No move: a pass; score the position as it stands.
    best.unwrap_or_else(|| evaluate(pos, side))
}

/// A decided position's value for `side`, if someone has crossed the line.
fn terminal(pos: &Position, side: Side) -> Option<i32> {
    let me = crossed(pos, side);
    let them = crossed(pos, side.opponent());
    if !me && !them {
        return None;
    }
    let diff = pos.count(side) as i32 - pos.count(side.opponent()) as i32;
    Some(match (me, them) {
        (false, true) => WIN,
        (true, false) => -WIN,
        _ => diff.signum() * WIN / 2,
    })
}

/// Static evaluation for `side`: material, Core exposure to the edge, bonds with enemy
/// pieces (who can drag whom).
pub fn evaluate(pos: &Position, side: Side) -> i32 {
    side_score(pos, side) - side_score(pos, side.opponent())
}

fn side_score(pos: &Position, side: Side) -> i32 {
    let mut score = 0;
    // Material: each piece, and more so as the fifth loss approaches.
    let lost = pos.lost(side) as i32;
    score -= 100 * lost + 40 * (lost - 2).max(0) * (lost - 2).max(0);
    for p in pos.pieces().filter(|p| p.owner == side) {
        let edge = p
            .cell
            .x()
            .min(8 - p.cell.x())
            .min(p.cell.y())
            .min(8 - p.cell.y()) as i32;
        if p.kind == Kind::Octagon {
            // The Core near the edge is one push from losing the game.
            score -= [180, 70, 25, 5, 0][edge.clamp(0, 4) as usize];
            // A Core in a body with enemy pieces can be dragged off by the enemy.
            let body = pos.body_mask(p.id);
            let enemies = bits(body)
                .filter(|&j| pos.piece(j).is_some_and(|q| q.owner != side))
                .count() as i32;
            score -= 60 * enemies;
        } else if edge == 0 {
            score -= 12;
        }
        // Bonds to enemy pieces: our piece can be dragged, but we can drag theirs too;
        // count it against us only, the symmetric term rewards holding theirs.
        for j in bits(pos.bond_mask(p.id)) {
            if pos.piece(j).is_some_and(|q| q.owner != side) {
                score -= 8;
            }
        }
    }
    score
}
