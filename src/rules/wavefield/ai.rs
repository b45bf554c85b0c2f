//! The computer player: a bounded heuristic search. It scores every tuning profile and
//! move cheaply (one ply, exact resolution), then validates a shortlist against every
//! opponent reply under every opponent profile. Limits are node counts, so a seed always
//! gives the same choice; a stop signal raised from outside (a time cap) ends it sooner.

use rand::Rng;

use super::game::Game;
use super::geometry::{Cell, Kind, Side};
use super::notation::Action;
use super::patterns::Tables;
use super::position::{Move, PIECES, Position, Profile};
use super::rescue;
use crate::rules::stop::Stop;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// One ply with noise: a gentle opponent.
    Easy,
    /// One ply for all candidates, two plies for the shortlist.
    Strong,
}

#[derive(Debug, Clone, PartialEq)]
pub struct AiConfig {
    pub level: Level,
    /// How many candidates get the exact two-ply check (Strong).
    pub shortlist: usize,
    /// Evaluations allowed per decision (the reproducible limit).
    pub node_budget: u64,
    /// Random score noise in evaluation units for demo variety (0 = always the best).
    pub variety: i32,
}

impl Default for AiConfig {
    fn default() -> Self {
        AiConfig {
            level: Level::Strong,
            shortlist: 8,
            node_budget: 20_000,
            variety: 0,
        }
    }
}

impl AiConfig {
    /// The strong level (the default).
    pub fn strong() -> Self {
        AiConfig::default()
    }

    /// The easy level: one ply, noisy scores.
    pub fn easy() -> Self {
        AiConfig {
            level: Level::Easy,
            shortlist: 1,
            node_budget: 2_000,
            variety: 60,
        }
    }

    /// The search at each level: easy scores one ply with noise (2,000 evaluations),
    /// normal checks the best 3 candidates two plies deep (6,000), strong the best 8
    /// (20,000, the default).
    pub fn at(level: crate::rules::Level) -> AiConfig {
        match level {
            crate::rules::Level::Easy => AiConfig::easy(),
            crate::rules::Level::Normal => AiConfig {
                shortlist: 3,
                node_budget: 6_000,
                ..AiConfig::default()
            },
            crate::rules::Level::Strong => AiConfig::default(),
        }
    }
}

/// The decision: tune to `profile` (when it differs) and move, or resign.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    Play { profile: Profile, mv: Move },
    Resign,
}

/// Value units per unit of log-odds of winning (see `Rules::SCORE_SCALE`): fitted by
/// `lodestone fit wavefield` on strong-against-strong self-play (docs/analysis.md).
pub const SCORE_SCALE: f64 = 83.5;

const WIN: i32 = 1_000_000;

/// A position key for repetition avoidance: pieces' squares and the side to move.
pub fn position_key(pos: &Position) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for p in pos.pieces() {
        let v = if p.alive {
            p.cell.index() as u64 + 1
        } else {
            0
        };
        h = (h ^ v).wrapping_mul(0x100_0000_01b3);
    }
    (h ^ pos.to_move() as u64).wrapping_mul(0x100_0000_01b3)
}

/// Static evaluation for `me` (higher is better).
pub fn evaluate(pos: &Position, me: Side) -> i32 {
    let mut score = 0;
    for p in pos.pieces() {
        if !p.alive || p.kind == Kind::BigHat {
            continue;
        }
        let s = if p.owner == me { 1 } else { -1 };
        score += s * 100;
        if p.unstable {
            score -= s * 40;
        }
    }
    for cell in Cell::all() {
        match pos.territory(cell) {
            Some(side) if side == me => score += 2,
            Some(_) => score -= 2,
            None => {}
        }
    }
    let clip = |m: i32| m.clamp(-128, 128) / 8;
    score += clip(pos.big_hat_margin(me)) - clip(pos.big_hat_margin(me.opponent()));
    if pos.big_hat_hostile(me.opponent()) {
        score += 60;
    }
    if pos.big_hat_hostile(me) {
        score -= 60;
    }
    score
}

struct Search<'a> {
    t: &'a Tables,
    nodes: u64,
    budget: u64,
    stop: &'a Stop,
}

impl Search<'_> {
    fn out_of_budget(&self) -> bool {
        self.nodes >= self.budget || (self.nodes.is_multiple_of(256) && self.stop.is_raised())
    }

    /// Every (profile, move) of the side to move with the position after it, scored for
    /// the mover one ply deep.
    fn candidates(&mut self, pos: &Position, out: &mut Vec<(i32, Profile, Move, Position)>) {
        out.clear();
        let me = pos.to_move();
        let current = pos.profile(me);
        let mut trial = pos.clone();
        for profile in rescue::profile_order(current) {
            trial.set_profile(self.t, profile);
            let mut moves = Vec::new();
            trial.for_each_move(self.t, |mv, check| {
                if check.legal {
                    moves.push(mv);
                }
            });
            for mv in moves {
                let mut next = trial.clone();
                next.play_unchecked(self.t, mv);
                self.nodes += 1;
                // Prefer fewer tuning changes when all else is equal.
                let score = evaluate(&next, me) - profile.changes(current) as i32;
                out.push((score, profile, mv, next));
            }
        }
    }

    /// The mover's best one-ply score, or `None` when it has no move under any profile.
    fn best_reply(&mut self, pos: &Position) -> Option<i32> {
        let me = pos.to_move();
        let mut trial = pos.clone();
        let mut best: Option<i32> = None;
        for profile in Profile::all() {
            trial.set_profile(self.t, profile);
            let mut moves = [Move {
                from: trial.big_hat(me).cell,
                to: trial.big_hat(me).cell,
            }; 64];
            let mut n = 0;
            trial.for_each_move(self.t, |mv, check| {
                if check.legal && n < moves.len() {
                    moves[n] = mv;
                    n += 1;
                }
            });
            for mv in &moves[..n] {
                let mut next = trial.clone();
                next.play_unchecked(self.t, *mv);
                self.nodes += 1;
                let s = evaluate(&next, me);
                best = Some(best.map_or(s, |b| b.max(s)));
            }
            if self.out_of_budget() {
                break;
            }
        }
        best
    }
}

/// Chooses for the side to move of `pos`. `history` holds the keys of earlier positions
/// (repetitions are penalized).
pub fn choose_in(
    t: &Tables,
    pos: &Position,
    history: &[u64],
    config: &AiConfig,
    rng: &mut impl Rng,
    stop: &Stop,
) -> Choice {
    rank_in(t, pos, history, config, 1, rng, stop)
        .first()
        .map_or(Choice::Resign, |&(choice, _)| choice)
}

/// The side to move's `top` best choices with their values for it, best first; empty when
/// it has no move under any profile (or the game is over). Strong validates the best
/// `max(shortlist, top)` one-ply candidates two plies deep and lists only those (fewer
/// than `top` when the budget ends first). `top = 1` is [`choose_in`].
pub fn rank_in(
    t: &Tables,
    pos: &Position,
    history: &[u64],
    config: &AiConfig,
    top: usize,
    rng: &mut impl Rng,
    stop: &Stop,
) -> Vec<(Choice, i32)> {
    let top = top.max(1);
    if pos.outcome().is_some() {
        return Vec::new();
    }
    let mut search = Search {
        t,
        nodes: 0,
        budget: config.node_budget,
        stop,
    };
    let mut cands = Vec::new();
    search.candidates(pos, &mut cands);
    if cands.is_empty() {
        // W9: a computer player resigns when no legal move exists under any profile.
        return Vec::new();
    }
    for c in cands.iter_mut() {
        let key = position_key(&c.3);
        let repeats = history.iter().filter(|k| **k == key).count() as i32;
        c.0 -= 30 * repeats;
        if config.variety > 0 {
            c.0 += rng.random_range(0..=config.variety);
        }
    }
    // Stable sort keeps W12's profile order and reading order among equal scores.
    cands.sort_by_key(|c| std::cmp::Reverse(c.0));
    let play = |c: &(i32, Profile, Move, Position)| Choice::Play {
        profile: c.1,
        mv: c.2,
    };
    if config.level == Level::Easy {
        return cands.iter().take(top).map(|c| (play(c), c.0)).collect();
    }
    // (score, candidate) for those validated, in candidate order.
    let mut validated: Vec<(i32, usize)> = Vec::new();
    for (n, c) in cands.iter().enumerate().take(config.shortlist.max(top)) {
        let score = match search.best_reply(&c.3) {
            None => WIN,
            Some(reply) => -reply + c.0 / 4,
        };
        validated.push((score, n));
        if search.out_of_budget() {
            break;
        }
    }
    // Stable: the first of equal scores stays first, as a strict `>` would pick it.
    validated.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
    validated
        .iter()
        .map(|&(score, n)| (play(&cands[n]), score))
        .take(top)
        .collect()
}

/// The computer's actions for the side to move: a tune (when the profile changes) and a
/// move, or a resignation; empty when the game is over.
pub fn choose(game: &Game, config: &AiConfig, rng: &mut impl Rng, stop: &Stop) -> Vec<Action> {
    rank(game, config, 1, rng, stop)
        .into_iter()
        .next()
        .map(|(turn, _)| turn)
        .unwrap_or_default()
}

/// The side to move's `top` best turns (a tune when the profile changes, then the move)
/// with their values for it, best first, as [`rank_in`] ranks them; with no move under
/// any profile, the one rescue or resignation W9 leaves; empty once the game is over.
pub fn rank(
    game: &Game,
    config: &AiConfig,
    top: usize,
    rng: &mut impl Rng,
    stop: &Stop,
) -> Vec<(Vec<Action>, i32)> {
    let pos = game.position();
    if pos.outcome().is_some() {
        return Vec::new();
    }
    let history: Vec<u64> = game
        .timeline()
        .iter()
        .rev()
        .take(24)
        .map(|e| position_key(&e.before))
        .collect();
    let ranked = rank_in(game.tables(), pos, &history, config, top, rng, stop);
    if ranked.is_empty() {
        // The search above tunes slot 1 only; with more slots W9's "no legal move under
        // any profile" needs the full search before resigning.
        let rescue = game
            .multi_slot()
            .then(|| rescue::find_rescue(game.tables(), pos))
            .flatten();
        let turn = match rescue {
            Some(r) if r.changes == 0 => vec![Action::Move(r.mv)],
            Some(r) => vec![Action::tune_to(r.tuning), Action::Move(r.mv)],
            None => vec![Action::Resign],
        };
        let score = if turn == [Action::Resign] {
            -WIN
        } else {
            evaluate(pos, pos.to_move())
        };
        return vec![(turn, score)];
    }
    ranked
        .into_iter()
        .map(|(choice, score)| {
            let Choice::Play { profile, mv } = choice else {
                return (vec![Action::Resign], -WIN);
            };
            let mut turn = Vec::new();
            if profile != pos.profile(pos.to_move()) {
                turn.push(Action::Tune(profile));
            }
            turn.push(Action::Move(mv));
            (turn, score)
        })
        .collect()
}

/// Pieces still on the board per side (for adjudicating capped games).
pub fn material(pos: &Position, side: Side) -> usize {
    (0..PIECES)
        .filter(|i| pos.pieces()[*i].alive && pos.pieces()[*i].owner == side)
        .count()
}
