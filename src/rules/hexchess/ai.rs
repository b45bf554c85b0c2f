//! The computer player: iterative-deepening alpha-beta with a quiescence search, limited
//! by nodes (reproducible for a seed), ended sooner by a stop signal raised from outside
//! (a time cap).
//!
//! Awareness of the rotation comes from two places: the search plays every move with the
//! renaming (so it sees a pawn step arrive as a queen and a knight leap arrive as a pawn),
//! and the evaluation values each piece between its present type and the type it will
//! become when it next moves.

use std::sync::LazyLock;

use rand::seq::SliceRandom;

use super::game::Game;
use super::geometry::{Bitboard, Cell, cells};
use super::movegen::legal_moves;
use super::notation::is_capture;
use super::position::Position;
use super::types::{Color, Kind, Move, Ruleset};
use crate::rules::rng::GameRng;
use crate::rules::stop::Stop;

/// How hard the computer thinks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AiConfig {
    /// Deepest full-width iteration.
    pub max_depth: u32,
    /// Node budget per move: the reproducible limit.
    pub max_nodes: u64,
}

impl Default for AiConfig {
    fn default() -> Self {
        AiConfig {
            max_depth: 8,
            max_nodes: 150_000,
        }
    }
}

impl AiConfig {
    /// The search at each level: easy one ply (2,000 positions), normal up to three plies
    /// (20,000), strong up to eight (150,000, the default).
    pub fn at(level: crate::rules::Level) -> AiConfig {
        use crate::rules::Level;
        match level {
            Level::Easy => AiConfig {
                max_depth: 1,
                max_nodes: 2_000,
            },
            Level::Normal => AiConfig {
                max_depth: 3,
                max_nodes: 20_000,
            },
            Level::Strong => AiConfig::default(),
        }
    }
}

/// Value units per unit of log-odds of winning (see `Rules::SCORE_SCALE`): fitted by
/// `lodestone fit hexchess` on strong-against-strong self-play (docs/analysis.md).
pub const SCORE_SCALE: f64 = 339.3;

const MATE: i32 = 1_000_000;
const INF: i32 = 2_000_000;

/// Base values of the types (centipawns).
fn base_value(kind: Kind) -> i32 {
    match kind {
        Kind::Pawn => 100,
        Kind::Knight => 300,
        Kind::Bishop => 320,
        Kind::Rook => 480,
        Kind::Queen => 850,
        Kind::King => 0,
    }
}

/// The worth of a piece: in v011 a blend of what it is and what it becomes on its next
/// move (a pawn is nearly a queen, a knight is about to be a pawn).
pub fn piece_value(kind: Kind, ruleset: Ruleset) -> i32 {
    match ruleset {
        Ruleset::Classic => base_value(kind),
        Ruleset::V011 => (3 * base_value(kind) + 2 * base_value(kind.renamed())) / 5,
    }
}

/// Static evaluation from the side to move's point of view.
/// Material plus a small pull toward the centre, by bitboard counts (no per-cell loop).
fn evaluate(pos: &Position) -> i32 {
    let rings = &*RINGS;
    let white = pos.color_bb(Color::White);
    let black = pos.color_bb(Color::Black);
    let mut score = 0;
    for kind in Kind::ALL {
        let bb = pos.kind_bb(kind);
        let diff = (bb & white).count_ones() as i32 - (bb & black).count_ones() as i32;
        score += piece_value(kind, pos.ruleset()) * diff;
    }
    let men = !pos.kind_bb(Kind::King);
    for (d, ring) in rings.iter().enumerate() {
        let diff =
            (ring & men & white).count_ones() as i32 - (ring & men & black).count_ones() as i32;
        score += 4 * (5 - d as i32) * diff;
    }
    if pos.turn() == Color::White {
        score
    } else {
        -score
    }
}

/// Cells by distance from f6 (0..=5).
static RINGS: LazyLock<[Bitboard; 6]> = LazyLock::new(|| {
    let mut rings = [0; 6];
    for cell in Cell::all() {
        let (q, r) = cell.axial();
        let d = q.abs().max(r.abs()).max((q + r).abs()) as usize;
        rings[d.min(5)] |= cell.bit();
    }
    rings
});

const TT_BITS: u32 = 16;

/// Best-move memory per position key, used only to order moves (never to cut), so it
/// cannot change a result, only reach it sooner.
struct MoveMemory(Vec<(u64, Option<Move>)>);

impl MoveMemory {
    fn new() -> Self {
        MoveMemory(vec![(0, None); 1 << TT_BITS])
    }
    fn slot(key: u64) -> usize {
        (key >> (64 - TT_BITS)) as usize
    }
    fn get(&self, key: u64) -> Option<Move> {
        let (k, mv) = self.0[Self::slot(key)];
        if k == key { mv } else { None }
    }
    fn put(&mut self, key: u64, mv: Move) {
        self.0[Self::slot(key)] = (key, Some(mv));
    }
}

struct Search<'a> {
    config: &'a AiConfig,
    nodes: u64,
    stop: &'a Stop,
    aborted: bool,
    rename: bool,
    /// Keys of the game so far and of the current search path, for repetition.
    path: Vec<u64>,
    killers: Vec<[Option<Move>; 2]>,
    memory: MoveMemory,
}

impl Search<'_> {
    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes >= self.config.max_nodes
            || (self.nodes.is_multiple_of(1024) && self.stop.is_raised())
        {
            self.aborted = true;
        }
        self.aborted
    }

    fn order(&self, pos: &Position, moves: &mut [Move], ply: usize, first: Option<Move>) {
        let killers = self.killers.get(ply).copied().unwrap_or([None, None]);
        moves.sort_by_cached_key(|&mv| {
            if Some(mv) == first {
                return i32::MIN;
            }
            let mut key = 0;
            if let Some(victim) = pos.piece_at(mv.to) {
                let attacker = pos.piece_at(mv.from).map_or(Kind::Pawn, |p| p.kind);
                key -= 10_000 + 10 * base_value(victim.kind) - base_value(attacker);
            }
            if mv.promotion == Some(Kind::Queen) {
                key -= 5_000;
            }
            if killers.contains(&Some(mv)) {
                key -= 1_000;
            }
            key
        });
    }

    fn is_repeat(&self, key: u64) -> bool {
        self.path.iter().rev().skip(1).any(|&k| k == key)
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let mut moves = legal_moves(pos);
        if moves.is_empty() {
            return if pos.in_check() {
                -MATE + ply as i32
            } else {
                0
            };
        }
        if pos.halfmove_clock() >= 100 || self.is_repeat(pos.hash()) || pos.insufficient_material()
        {
            return 0;
        }
        if depth == 0 {
            return self.quiesce(pos, alpha, beta, 0);
        }
        let remembered = self.memory.get(pos.hash());
        self.order(pos, &mut moves, ply, remembered);
        let mut best = -INF;
        let mut best_move = None;
        for mv in moves {
            let mut child = pos.clone();
            child.play_unchecked(mv, self.rename);
            self.path.push(child.hash());
            let score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
            self.path.pop();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !is_capture(pos, mv) {
                    if self.killers.len() <= ply {
                        self.killers.resize(ply + 1, [None, None]);
                    }
                    let k = &mut self.killers[ply];
                    if k[0] != Some(mv) {
                        k[1] = k[0];
                        k[0] = Some(mv);
                    }
                }
                break;
            }
        }
        if let Some(mv) = best_move {
            self.memory.put(pos.hash(), mv);
        }
        best
    }

    fn quiesce(&mut self, pos: &Position, mut alpha: i32, beta: i32, qply: u32) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let stand = evaluate(pos);
        if stand >= beta || qply >= 6 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut captures: Vec<Move> = legal_moves(pos)
            .into_iter()
            .filter(|&mv| pos.piece_at(mv.to).is_some())
            .collect();
        self.order(pos, &mut captures, usize::MAX, None);
        for mv in captures {
            let mut child = pos.clone();
            child.play_unchecked(mv, self.rename);
            let score = -self.quiesce(&child, -beta, -alpha, qply + 1);
            if self.aborted {
                return 0;
            }
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }
}

/// The computer's move for the side to move, or None when the game is over. The same
/// game, config and generator state give the same move (unless `stop` is raised, which
/// ends the search with the best found so far).
pub fn choose(game: &Game, config: &AiConfig, rng: &mut GameRng, stop: &Stop) -> Option<Move> {
    rank(game, config, 1, rng, stop).first().map(|&(mv, _)| mv)
}

/// The side to move's `top` best moves with their values in centipawns for it, best first;
/// empty when the game is over. Each iteration searches the roots with the window closed
/// at the `top`-th value so far, so the values listed are exact for the depth reached and
/// `top = 1` is [`choose`]. An iteration the budget cut short counts only if it ranked
/// `top` moves.
pub fn rank(
    game: &Game,
    config: &AiConfig,
    top: usize,
    rng: &mut GameRng,
    stop: &Stop,
) -> Vec<(Move, i32)> {
    let pos = game.position();
    let mut moves = game.legal_moves();
    if moves.is_empty() {
        return Vec::new();
    }
    // Shuffle first so equal moves are chosen by the seed, not by generation order.
    moves.shuffle(rng);
    let top = top.max(1);
    let mut search = Search {
        config,
        nodes: 0,
        stop,
        aborted: false,
        rename: pos.ruleset() == Ruleset::V011,
        path: game.keys().to_vec(),
        killers: Vec::new(),
        memory: MoveMemory::new(),
    };
    // Before any iteration: the first move, valued as it stands.
    let mut ranked = vec![(moves[0], {
        let mut child = pos.clone();
        child.play_unchecked(moves[0], search.rename);
        -evaluate(&child)
    })];
    for depth in 1..=config.max_depth.max(1) {
        search.order(pos, &mut moves, 0, Some(ranked[0].0));
        let mut here: Vec<(Move, i32)> = Vec::with_capacity(top + 1);
        for &mv in &moves {
            let floor = here.get(top - 1).map_or(-INF, |&(_, score)| score);
            let mut child = pos.clone();
            child.play_unchecked(mv, search.rename);
            search.path.push(child.hash());
            let score = -search.negamax(&child, depth - 1, -INF, -floor, 1);
            search.path.pop();
            if search.aborted {
                break;
            }
            if here.len() < top || score > floor {
                let at = here.partition_point(|&(_, s)| s >= score);
                here.insert(at, (mv, score));
                here.truncate(top);
            }
        }
        let best = here.first().map_or(-INF, |&(_, score)| score);
        // A partial iteration still counts once it has ranked `top` moves: its best is at
        // least the previous best, which it searched first (for `top = 1`, [`choose`]).
        if search.aborted && here.len() < top {
            here.clear();
        }
        if !here.is_empty() {
            ranked = here;
        }
        if search.aborted || best >= MATE - 1000 {
            break;
        }
    }
    ranked
}

/// Number of `color`'s queens (simulate's "more than one queen" statistic).
pub fn queens(pos: &Position, color: Color) -> u32 {
    cells(pos.pieces_bb(color, Kind::Queen)).count() as u32
}
