//! The computer player: an iterative-deepening alpha-beta search over [`Position`]s,
//! limited by depth and a node budget (so a seed reproduces its choices), with a
//! wall-clock cap only as a safety net.
//!
//! The evaluation values collected stones first, then near-lines: stones are neutral, so
//! a pair or a gapped pair is a chance for whoever moves next, not for either colour.

use std::time::{Duration, Instant};

use rand::Rng;

use super::game::Game;
use super::geometry::bits;
use super::hand::Side;
use super::notation::Action;
use super::position::Position;
use crate::rules::rng::GameRng;

/// How hard the computer player thinks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct AiConfig {
    /// Deepest full-width search, in plies (at least 1).
    pub depth: u32,
    /// Positions examined before the deepening stops; the last finished depth decides.
    pub node_limit: u64,
    /// A wall-clock safety cap; `None` keeps the search fully reproducible.
    pub time_cap: Option<Duration>,
}

impl Default for AiConfig {
    /// The game's opponent: three plies when the budget allows, always two.
    fn default() -> Self {
        AiConfig {
            depth: 3,
            node_limit: 3_000_000,
            time_cap: Some(Duration::from_millis(900)),
        }
    }
}

impl AiConfig {
    /// Two plies, for quick checks and mass self-play.
    pub const fn two_ply() -> AiConfig {
        AiConfig {
            depth: 2,
            node_limit: 1_000_000,
            time_cap: None,
        }
    }
}

const WIN: i32 = 1_000_000;
const STONE: i32 = 100;
const PAIR: i32 = 12;
const GAPPED: i32 = 4;
const PIECE: i32 = 3;

/// The computer's choice for the side to move of `game`; `None` when the game is over.
pub fn choose(game: &Game, config: &AiConfig, rng: &mut GameRng) -> Option<Action> {
    choose_in(game.position(), config, rng)
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

struct Search {
    nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
    checks: u64,
    aborted: bool,
}

impl Search {
    fn out_of_budget(&mut self) -> bool {
        self.checks += 1;
        if self.nodes >= self.limit {
            self.aborted = true;
        } else if let Some(deadline) = self.deadline
            && self.checks.is_multiple_of(1024)
            && Instant::now() >= deadline
        {
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
            let v = evaluate(position);
            // Prefer quick wins and slow losses.
            return if v >= WIN {
                v - ply
            } else if v <= -WIN {
                v + ply
            } else {
                v
            };
        }
        let children = self.expand(position);
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

    /// The children of `position`, the ones that collect most first (a stable sort, so
    /// the order is reproducible).
    fn expand(&mut self, position: &Position) -> Vec<(Action, Position)> {
        let mut children = Vec::with_capacity(256);
        position.for_each_legal(|action| {
            let mut child = *position;
            let applied = child.apply_unchecked(action);
            children.push((action, child, applied.removed.count_ones()));
        });
        self.nodes += children.len() as u64;
        children.sort_by_key(|(_, _, gain)| std::cmp::Reverse(*gain));
        children.into_iter().map(|(a, c, _)| (a, c)).collect()
    }
}

/// The search proper, on a bare position.
pub fn choose_in(position: &Position, config: &AiConfig, rng: &mut GameRng) -> Option<Action> {
    let mut search = Search {
        nodes: 0,
        limit: config.node_limit,
        deadline: config.time_cap.map(|cap| Instant::now() + cap),
        checks: 0,
        aborted: false,
    };
    let mut roots = search.expand(position);
    if roots.is_empty() {
        return None;
    }
    // The best actions of the last finished depth (ties kept for the random pick).
    let mut best: Vec<Action> = roots.iter().map(|(a, _)| *a).collect();
    for depth in 1..=config.depth.max(1) {
        let mut scored: Vec<(i32, usize)> = Vec::with_capacity(roots.len());
        let mut top = -WIN - 1000;
        for (index, (_, child)) in roots.iter().enumerate() {
            // A window just under the best so far tells ties apart from worse moves.
            let v = -search.negamax(child, depth - 1, 1, -WIN - 1000, -(top - 1));
            if search.aborted {
                break;
            }
            top = top.max(v);
            scored.push((v, index));
        }
        if search.aborted && depth > 1 {
            break;
        }
        best = scored
            .iter()
            .filter(|(v, _)| *v == top)
            .filter_map(|(_, i)| roots.get(*i).map(|(a, _)| *a))
            .collect();
        // The next depth looks at the best of this one first (stable: ties keep order).
        let mut order: Vec<(i32, usize)> = scored;
        order.sort_by_key(|(v, _)| std::cmp::Reverse(*v));
        let mut reordered: Vec<(Action, Position)> = order
            .iter()
            .filter_map(|(_, i)| roots.get(*i).copied())
            .collect();
        // Any root left unscored by an aborted depth-1 pass keeps its place at the end.
        if reordered.len() < roots.len() {
            let seen: Vec<usize> = order.iter().map(|(_, i)| *i).collect();
            for (i, r) in roots.iter().enumerate() {
                if !seen.contains(&i) {
                    reordered.push(*r);
                }
            }
        }
        roots = reordered;
        if search.aborted {
            break;
        }
    }
    if best.is_empty() {
        return roots.first().map(|(a, _)| *a);
    }
    let pick = rng.random_range(0..best.len());
    best.get(pick).copied()
}
