//! Self-play on the fast path: the random player, game loops and their statistics
//! (used by `simulate`, `bench` and the release-only stress tests).

use rand::Rng;
use serde::Serialize;

use super::ai::{self, AiConfig, Choice};
use super::geometry::Side;
use super::patterns::Tables;
use super::position::{Move, Position};
use super::rescue;
use crate::rules::stop::Searches;

/// The random player's choice: a uniform legal move under the current tuning; with none,
/// the first rescue profile (W12 order) and a uniform move under it; with none, resign.
pub fn random_choice(
    t: &Tables,
    pos: &Position,
    buf: &mut Vec<Move>,
    rng: &mut impl Rng,
) -> Choice {
    pos.legal_moves(t, buf);
    if !buf.is_empty() {
        let mv = buf[rng.random_range(0..buf.len())];
        return Choice::Play {
            profile: pos.profile(pos.to_move()),
            mv,
        };
    }
    match rescue::find_rescue(t, pos) {
        None => Choice::Resign,
        Some(r) => {
            let mut trial = pos.clone();
            trial.set_profile(t, r.profile);
            trial.legal_moves(t, buf);
            let mv = if buf.is_empty() {
                r.mv
            } else {
                buf[rng.random_range(0..buf.len())]
            };
            Choice::Play {
                profile: r.profile,
                mv,
            }
        }
    }
}

/// Applies a choice on the fast path.
pub fn apply(t: &Tables, pos: &mut Position, choice: Choice) {
    match choice {
        Choice::Resign => pos.resign(),
        Choice::Play { profile, mv } => {
            if profile != pos.profile(pos.to_move()) {
                pos.set_profile(t, profile);
            }
            pos.play_unchecked(t, mv);
        }
    }
}

/// How one game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GameEnd {
    pub plies: u32,
    /// `None` for a draw.
    pub winner: Option<Side>,
    /// Whether it ended by resignation (else by the ply cap, adjudicated on material).
    pub resigned: bool,
    pub pieces_left: [usize; 2],
}

/// Ends a game at the cap: more pieces on the board wins, equal is a draw.
pub fn adjudicate(pos: &Position, plies: u32) -> GameEnd {
    let pieces_left = [ai::material(pos, Side::Red), ai::material(pos, Side::Blue)];
    match pos.outcome() {
        Some(o) => GameEnd {
            plies,
            winner: o.winner,
            resigned: true,
            pieces_left,
        },
        None => {
            let winner = match pieces_left[0].cmp(&pieces_left[1]) {
                std::cmp::Ordering::Greater => Some(Side::Red),
                std::cmp::Ordering::Less => Some(Side::Blue),
                std::cmp::Ordering::Equal => None,
            };
            GameEnd {
                plies,
                winner,
                resigned: false,
                pieces_left,
            }
        }
    }
}

/// Lean random self-play from `start` to resignation or `max_plies` more moves.
pub fn lean_random_game(
    t: &Tables,
    start: &Position,
    max_plies: u32,
    rng: &mut impl Rng,
) -> GameEnd {
    let mut pos = start.clone();
    let mut buf = Vec::with_capacity(64);
    while pos.outcome().is_none() && pos.ply() - start.ply() < max_plies {
        let choice = random_choice(t, &pos, &mut buf, rng);
        apply(t, &mut pos, choice);
    }
    adjudicate(&pos, pos.ply())
}

/// Per-ply metrics of one random game, summed.
#[derive(Debug, Clone, Default, Serialize)]
pub struct PlyMetrics {
    pub plies: u64,
    pub legal_moves: u64,
    pub unstable_pieces: u64,
    pub removals: u64,
    pub traps: u64,
    pub retunes: u64,
}

/// Random self-play with per-ply metrics.
pub fn rich_random_game(
    t: &Tables,
    start: &Position,
    max_plies: u32,
    rng: &mut impl Rng,
    m: &mut PlyMetrics,
) -> GameEnd {
    let mut pos = start.clone();
    let mut buf = Vec::with_capacity(64);
    while pos.outcome().is_none() && pos.ply() - start.ply() < max_plies {
        let choice = random_choice(t, &pos, &mut buf, rng);
        m.legal_moves += buf.len() as u64;
        if let Choice::Play { profile, .. } = choice
            && profile != pos.profile(pos.to_move())
        {
            m.retunes += 1;
        }
        let before = ai::material(&pos, Side::Red) + ai::material(&pos, Side::Blue);
        apply(t, &mut pos, choice);
        let after = ai::material(&pos, Side::Red) + ai::material(&pos, Side::Blue);
        m.removals += (before - after) as u64;
        m.unstable_pieces += pos.pieces().iter().filter(|p| p.unstable).count() as u64;
        m.traps += u64::from(pos.trapped());
        m.plies += 1;
    }
    adjudicate(&pos, pos.ply())
}

/// The computer (`ai_side`) against the random player, its searches run by `searches`.
pub fn ai_vs_random(
    t: &Tables,
    start: &Position,
    ai_side: Side,
    config: &AiConfig,
    max_plies: u32,
    rng: &mut impl Rng,
    searches: &mut impl Searches,
) -> GameEnd {
    let mut pos = start.clone();
    let mut buf = Vec::with_capacity(64);
    let mut history: Vec<u64> = Vec::new();
    while pos.outcome().is_none() && pos.ply() - start.ply() < max_plies {
        let choice = if pos.to_move() == ai_side {
            let recent = &history[history.len().saturating_sub(24)..];
            searches.search(|stop| ai::choose_in(t, &pos, recent, config, rng, stop))
        } else {
            random_choice(t, &pos, &mut buf, rng)
        };
        history.push(ai::position_key(&pos));
        apply(t, &mut pos, choice);
    }
    adjudicate(&pos, pos.ply())
}

/// Computer against computer, the searches run by `searches`.
pub fn ai_vs_ai(
    t: &Tables,
    start: &Position,
    red: &AiConfig,
    blue: &AiConfig,
    max_plies: u32,
    rng: &mut impl Rng,
    searches: &mut impl Searches,
) -> GameEnd {
    let mut pos = start.clone();
    let mut history: Vec<u64> = Vec::new();
    while pos.outcome().is_none() && pos.ply() - start.ply() < max_plies {
        let config = if pos.to_move() == Side::Red {
            red
        } else {
            blue
        };
        let recent = &history[history.len().saturating_sub(24)..];
        let choice = searches.search(|stop| ai::choose_in(t, &pos, recent, config, rng, stop));
        history.push(ai::position_key(&pos));
        apply(t, &mut pos, choice);
    }
    adjudicate(&pos, pos.ply())
}
