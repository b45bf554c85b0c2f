//! The computer player: an iterative-deepening alpha-beta search over [`Position`]s,
//! limited by depth and a node budget (so a seed reproduces its choices), and ended
//! sooner by a stop signal raised from outside (a time cap).
//!
//! The evaluation values collected stones first, then near-lines: stones are neutral, so
//! a pair or a gapped pair is a chance for whoever moves next, not for either colour.

use rand::Rng;
use rand::seq::SliceRandom;

use super::game::Game;
use super::geometry::bits;
use super::hand::Side;
use super::notation::Action;
use super::position::Position;
use crate::rules::rng::GameRng;
use crate::rules::stop::Stop;

/// How hard the computer player thinks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct AiConfig {
    /// Deepest full-width search, in plies (at least 1).
    pub depth: u32,
    /// Positions examined before the deepening stops; the last finished depth decides.
    pub node_limit: u64,
}

impl Default for AiConfig {
    /// The game's opponent: three plies when the budget allows, always two.
    fn default() -> Self {
        AiConfig {
            depth: 3,
            node_limit: 3_000_000,
        }
    }
}

impl AiConfig {
    /// Two plies, for quick checks and mass self-play.
    pub const fn two_ply() -> AiConfig {
        AiConfig {
            depth: 2,
            node_limit: 1_000_000,
        }
    }

    /// The search at each level: easy looks one ply ahead, normal two (a million
    /// positions), strong three when 3,000,000 positions allow (the default; the window and
    /// the engine stop it after 0.9 s, keeping the last finished depth).
    pub fn at(level: crate::rules::Level) -> AiConfig {
        use crate::rules::Level;
        match level {
            Level::Easy => AiConfig {
                depth: 1,
                node_limit: 100_000,
            },
            Level::Normal => AiConfig::two_ply(),
            Level::Strong => AiConfig::default(),
        }
    }
}

/// Value units per unit of log-odds of winning (see `Rules::SCORE_SCALE`): fitted by
/// `lodestone fit polarity` on strong-against-strong self-play (docs/analysis.md).
pub const SCORE_SCALE: f64 = 228.9;

const WIN: i32 = 1_000_000;
const STONE: i32 = 100;
const PAIR: i32 = 12;
const GAPPED: i32 = 4;
const PIECE: i32 = 3;

/// The computer's choice for the side to move of `game`; `None` when the game is over.
pub fn choose(game: &Game, config: &AiConfig, rng: &mut GameRng, stop: &Stop) -> Option<Action> {
    choose_in(game.position(), config, rng, stop)
}

/// A uniformly random legal action (the baseline opponent).
pub fn random(position: &Position, rng: &mut GameRng) -> Option<Action> {
    let actions = position.legal_actions();
    if actions.is_empty() {
        return None;
    }
    let index = rng.random_range(0..actions.len());
    actions.get(index).copied()
}

/// The static value of `position` for its side to move.
pub fn evaluate(position: &Position) -> i32 {
    let me = position.to_move();
    if let Some(outcome) = position.outcome() {
        return match outcome.winner {
            None => 0,
            Some(w) if w == me => WIN,
            Some(_) => -WIN,
        };
    }
    let opp = me.other();
    let s = position.stones();
    let pairs = (s & bits::north(s)).count_ones() + (s & bits::east(s)).count_ones();
    let gapped = (s & !bits::north(s) & bits::north(bits::north(s))).count_ones()
        + (s & !bits::east(s) & bits::east(bits::east(s))).count_ones();
    let pieces = |side: Side| {
        let h = position.hand(side);
        (h.rooks + h.bishops + h.queens) as i32
    };
    STONE * (position.collected(me) as i32 - position.collected(opp) as i32)
        + PAIR * pairs as i32
        + GAPPED * gapped as i32
        + PIECE * (pieces(me) - pieces(opp))
}

/// Calls `f` with every legal action worth searching, its result and the stones it
/// collects, until `f` returns false. A power that changes nothing on the board is left
/// out: it only spends a piece, which a plain stone on the same cell does not.
fn for_each_child(position: &Position, mut f: impl FnMut(Action, Position, u32) -> bool) {
    if position.outcome().is_some() {
        return;
    }
    let hand = *position.hand(position.to_move());
    for cell in bits::cells(position.placements()) {
        let mut plain = *position;
        plain.apply_unchecked(Action::plain(cell));
        if !f(Action::plain(cell), plain, 0) {
            return;
        }
        for power in hand.powers() {
            let action = Action {
                cell,
                power: Some(power),
            };
            let mut child = *position;
            let gain = child.apply_unchecked(action).removed.count_ones();
            if gain == 0 && child.stones() == plain.stones() {
                continue;
            }
            if !f(action, child, gain) {
                return;
            }
        }
    }
}

/// The static value at a leaf, preferring quick wins and slow losses.
fn leaf_value(position: &Position, ply: i32) -> i32 {
    let v = evaluate(position);
    if v >= WIN {
        v - ply
    } else if v <= -WIN {
        v + ply
    } else {
        v
    }
}

struct Search<'a> {
    nodes: u64,
    limit: u64,
    stop: &'a Stop,
    checks: u64,
    aborted: bool,
}

impl Search<'_> {
    fn out_of_budget(&mut self) -> bool {
        self.checks += 1;
        if self.nodes >= self.limit || (self.checks.is_multiple_of(1024) && self.stop.is_raised()) {
            self.aborted = true;
        }
        self.aborted
    }

    /// Negamax with alpha-beta; the value is for the side to move of `position`.
    fn negamax(
        &mut self,
        position: &Position,
        depth: u32,
        ply: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if position.outcome().is_some() || depth == 0 {
            return leaf_value(position, ply);
        }
        if depth == 1 {
            return self.frontier(position, ply, alpha, beta);
        }
        let children = self.expand(position, None);
        if children.is_empty() {
            return evaluate(position);
        }
        let mut best = -WIN - 1000;
        for (_, child) in &children {
            if self.out_of_budget() {
                break;
            }
            let v = -self.negamax(child, depth - 1, ply + 1, -beta, -alpha);
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// One ply above the leaves: children are only evaluated, so they are applied one at
    /// a time without being collected or sorted (most of the search's work is here).
    fn frontier(&mut self, position: &Position, ply: i32, mut alpha: i32, beta: i32) -> i32 {
        if self.out_of_budget() {
            return evaluate(position);
        }
        let mut best = -WIN - 1000;
        for_each_child(position, |_, child, _| {
            self.nodes += 1;
            let v = -leaf_value(&child, ply + 1);
            best = best.max(v);
            alpha = alpha.max(v);
            alpha < beta
        });
        best
    }

    /// The children of `position`, shuffled when asked, then the ones that collect most
    /// first (a stable sort, so the order is reproducible).
    fn expand(
        &mut self,
        position: &Position,
        shuffle: Option<&mut GameRng>,
    ) -> Vec<(Action, Position)> {
        let mut children = Vec::with_capacity(256);
        for_each_child(position, |action, child, gain| {
            children.push((action, child, gain));
            true
        });
        self.nodes += children.len() as u64;
        if let Some(rng) = shuffle {
            children.shuffle(rng);
        }
        children.sort_by_key(|(_, _, gain)| std::cmp::Reverse(*gain));
        children.into_iter().map(|(a, c, _)| (a, c)).collect()
    }
}

/// The search proper, on a bare position. Ties are broken by shuffling the root actions
/// with `rng` before a stable sort, then keeping the first best: the choice is random
/// among equals yet reproducible, and the search keeps its narrow windows.
pub fn choose_in(
    position: &Position,
    config: &AiConfig,
    rng: &mut GameRng,
    stop: &Stop,
) -> Option<Action> {
    analyse(position, config, rng, stop).map(|a| a.action)
}

/// What one search found, for measurements and for curious players.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Analysis {
    pub action: Action,
    /// The deepest search that finished.
    pub depth: u32,
    /// Its value for the side to move (100 per collected stone).
    pub score: i32,
    /// Positions examined in all.
    pub nodes: u64,
}

/// [`choose_in`] with the search's figures.
pub fn analyse(
    position: &Position,
    config: &AiConfig,
    rng: &mut GameRng,
    stop: &Stop,
) -> Option<Analysis> {
    let ranking = rank_in(position, config, 1, rng, stop);
    let &(action, score) = ranking.ranked.first()?;
    Some(Analysis {
        action,
        depth: ranking.depth,
        score,
        nodes: ranking.nodes,
    })
}

/// What [`rank_in`] found: the best actions with their values, best first, and the
/// search's figures.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ranking {
    pub ranked: Vec<(Action, i32)>,
    /// The deepest search that finished.
    pub depth: u32,
    /// Positions examined in all.
    pub nodes: u64,
}

/// The side to move's `top` best actions with their values for it (100 per collected
/// stone), best first; empty when the game is over. Each depth searches the roots with
/// the window closed at the `top`-th value so far, so the values listed are exact for the
/// last finished depth, and `top = 1` is [`choose_in`].
pub fn rank_in(
    position: &Position,
    config: &AiConfig,
    top: usize,
    rng: &mut GameRng,
    stop: &Stop,
) -> Ranking {
    let top = top.max(1);
    let mut search = Search {
        nodes: 0,
        limit: config.node_limit,
        stop,
        checks: 0,
        aborted: false,
    };
    let mut roots = search.expand(position, Some(rng));
    let Some(&(first, _)) = roots.first() else {
        return Ranking {
            ranked: Vec::new(),
            depth: 0,
            nodes: search.nodes,
        };
    };
    let (mut finished, mut ranked) = (0, vec![(first, 0)]);
    for depth in 1..=config.depth.max(1) {
        let mut scored: Vec<(i32, usize)> = Vec::with_capacity(roots.len());
        // The best `top` so far, (value, root), best first.
        let mut best_here: Vec<(i32, usize)> = Vec::with_capacity(top + 1);
        for (index, (_, child)) in roots.iter().enumerate() {
            // Only a strictly better action enters the best; later ones are searched with
            // the window closed at the `top`-th so far.
            let floor = best_here.get(top - 1).map_or(-WIN - 1000, |&(v, _)| v);
            let v = -search.negamax(child, depth - 1, 1, -WIN - 1000, -floor);
            if search.aborted {
                break;
            }
            if best_here.len() < top || v > floor {
                let at = best_here.partition_point(|&(s, _)| s >= v);
                best_here.insert(at, (v, index));
                best_here.truncate(top);
            }
            scored.push((v, index));
        }
        // An unfinished depth is dropped: the last finished one decides.
        if search.aborted && depth > 1 {
            break;
        }
        if !best_here.is_empty() {
            ranked = best_here
                .iter()
                .filter_map(|&(v, i)| roots.get(i).map(|(a, _)| (*a, v)))
                .collect();
        }
        finished = depth;
        // The next depth looks at the best of this one first (stable, so reproducible).
        scored.sort_by_key(|(v, _)| std::cmp::Reverse(*v));
        roots = scored
            .iter()
            .filter_map(|(_, i)| roots.get(*i).copied())
            .collect();
        if search.aborted {
            break;
        }
    }
    Ranking {
        ranked,
        depth: finished,
        nodes: search.nodes,
    }
}
