//! The miner: searches a game for its most spectacular actions.
//!
//! 1. Varied starting points: random midgames (uniform random turns) and crowded ones
//!    (turns that pull the pieces together), each played from the start to a random
//!    depth, so every find is a list of actions from the start that a replay can hold.
//! 2. At each, every turn the side to move may play is tried and scored; the pool keeps
//!    the best and the best per score.
//! 3. A local search around what was kept: one of the last three turns before the scored
//!    one is replaced by alternatives (a seeded sample of `width`), the turns after it
//!    are replayed when still legal, and every final turn is tried again there.
//!
//! Everything draws from one ChaCha generator seeded by `seed`, and the pool's order is
//! total, so a seed and a budget give the same finds on every machine.

use std::collections::BTreeSet;

use rand::Rng;
use rand::seq::IndexedRandom;

use super::Showcase;
use super::pool::{Find, Pool, Ranking};
use crate::engine::progress::Progress;
use crate::rules::Setup;
use crate::rules::rng::seeded;

/// How hard to search.
#[derive(Debug, Clone)]
pub struct Budget {
    /// Starting positions played out (half random, half crowded).
    pub positions: usize,
    pub seed: u64,
    /// Finds kept.
    pub top: usize,
    /// Rank by this score (then the spectacle) instead of the spectacle.
    pub by: Option<String>,
    /// Rounds of local search (0: none).
    pub rounds: usize,
    /// Alternatives tried per replaced turn.
    pub width: usize,
}

/// How many turns back the local search replaces.
const REACH: usize = 3;

/// Mines `G` within `budget`; `progress` draws bars on standard error.
pub fn mine<G: Showcase>(budget: &Budget, progress: bool) -> Result<Pool, String> {
    let mut rng = seeded(budget.seed);
    let ranking = Ranking {
        by: budget.by.clone(),
    };
    let mut pool = Pool::new(budget.top, ranking);
    let start = G::start(&Setup::default())?;
    let label = format!("mine {}", G::GAME.id());
    let mut bar =
        progress.then(|| Progress::new(format!("{label}: positions"), budget.positions as u64));
    for i in 0..budget.positions {
        let dense = i % 2 == 1;
        let depth = rng.random_range(G::MIDGAME);
        let (game, turns) = playout(&start, depth, dense, &mut rng);
        try_every_turn(&game, &turns, &mut pool);
        if let Some(bar) = bar.as_mut() {
            bar.advance(1);
        }
    }
    if let Some(bar) = bar {
        bar.finish();
    }
    let mut expanded = BTreeSet::new();
    for round in 0..budget.rounds {
        let mut seeds: Vec<Find> = pool.top().to_vec();
        seeds.extend(pool.best().values().cloned());
        seeds.retain(|f| expanded.insert(f.actions()));
        let mut bar = progress.then(|| {
            Progress::new(
                format!("{label}: local search {}", round + 1),
                seeds.len() as u64,
            )
        });
        for find in &seeds {
            widen(&start, find, budget.width, &mut rng, &mut pool);
            if let Some(bar) = bar.as_mut() {
                bar.advance(1);
            }
        }
        if let Some(bar) = bar {
            bar.finish();
        }
    }
    Ok(pool)
}

/// Plays up to `depth` turns from `start`; the game returned is never over (a turn that
/// ended it is taken back), with the turns played in notation.
pub(crate) fn playout<G: Showcase>(
    start: &G,
    depth: usize,
    dense: bool,
    rng: &mut crate::rules::rng::GameRng,
) -> (G, Vec<Vec<String>>) {
    let mut game = start.clone();
    let mut turns = Vec::new();
    for _ in 0..depth {
        let Some(turn) = game.playout_turn(rng, dense) else {
            break;
        };
        match play_turn(&mut game, &turn) {
            Some(written) if !game.is_over() => turns.push(written),
            Some(written) => {
                for _ in &written {
                    game.undo();
                }
                break;
            }
            None => break,
        }
    }
    (game, turns)
}

/// Plays `turn`, returning it in notation; on a refusal everything is taken back.
fn play_turn<G: Showcase>(game: &mut G, turn: &[G::Action]) -> Option<Vec<String>> {
    let mut written = Vec::new();
    for &action in turn {
        let text = game.write_action(action);
        match game.play(action) {
            Ok(resolution) => written.push(game.record(text, action, &resolution)),
            Err(_) => {
                for _ in &written {
                    game.undo();
                }
                return None;
            }
        }
    }
    Some(written)
}

/// Plays turns written in notation; `None` when one is no longer legal.
fn replay_turns<G: Showcase>(game: &mut G, turns: &[Vec<String>]) -> Option<()> {
    for turn in turns {
        for text in turn {
            let action = game.parse_action(text).ok()?;
            game.play(action).ok()?;
        }
    }
    (!game.is_over()).then_some(())
}

/// Tries every turn at `game` (reached by `prefix`) and offers each to the pool.
pub(crate) fn try_every_turn<G: Showcase>(game: &G, prefix: &[Vec<String>], pool: &mut Pool) {
    let plies = prefix.iter().map(Vec::len).sum::<usize>();
    let mut work = game.clone();
    for turn in game.turns() {
        let Some((&last, lead)) = turn.split_last() else {
            continue;
        };
        let Some(mut written) = play_turn(&mut work, lead) else {
            continue;
        };
        // What the scored action starts from: here, or after the turn's tuning.
        let snapshot;
        let before: &G = if lead.is_empty() {
            game
        } else {
            snapshot = work.clone();
            &snapshot
        };
        let text = work.write_action(last);
        if let Ok(resolution) = work.play(last) {
            written.push(work.record(text, last, &resolution));
            let scores = G::scores(before, &resolution, &work);
            if pool.wants(&scores, plies + written.len()) {
                let mut turns = prefix.to_vec();
                turns.push(written.clone());
                pool.offer(Find {
                    turns,
                    captions: G::captions(before, &resolution),
                    scores,
                });
            }
        }
        for _ in &written {
            work.undo();
        }
    }
}

/// The local search around `find`: one of its last turns replaced, then every final turn.
fn widen<G: Showcase>(
    start: &G,
    find: &Find,
    width: usize,
    rng: &mut crate::rules::rng::GameRng,
    pool: &mut Pool,
) {
    let n = find.turns.len();
    for back in 1..=REACH.min(n.saturating_sub(1)) {
        let replaced = n - 1 - back;
        let mut game = start.clone();
        if replay_turns(&mut game, &find.turns[..replaced]).is_none() {
            continue;
        }
        let alternatives = game.turns();
        let chosen: Vec<&Vec<G::Action>> = if alternatives.len() > width {
            alternatives.choose_multiple(rng, width).collect()
        } else {
            alternatives.iter().collect()
        };
        for alternative in chosen {
            let mut branch = game.clone();
            let Some(written) = play_turn(&mut branch, alternative) else {
                continue;
            };
            if written == find.turns[replaced] || branch.is_over() {
                continue;
            }
            if replay_turns(&mut branch, &find.turns[replaced + 1..n - 1]).is_none() {
                continue;
            }
            let mut prefix = find.turns[..replaced].to_vec();
            prefix.push(written);
            prefix.extend_from_slice(&find.turns[replaced + 1..n - 1]);
            try_every_turn(&branch, &prefix, pool);
        }
    }
}

/// The names of `G`'s scores, read off the scores of its first legal turn.
pub fn score_names<G: Showcase>() -> Vec<&'static str> {
    let Ok(start) = G::start(&Setup::default()) else {
        return Vec::new();
    };
    let mut probe = Vec::new();
    // The first turn with a scored action is enough: every action has every score.
    if let Some(turn) = start.turns().into_iter().next() {
        let mut game = start.clone();
        if let Some((&last, lead)) = turn.split_last()
            && play_turn(&mut game, lead).is_some()
        {
            let before = game.clone();
            if let Ok(resolution) = game.play(last) {
                probe = G::scores(&before, &resolution, &game).names();
            }
        }
    }
    probe
}
