//! The puzzle miner (`lodestone mine GAME --puzzles N`): games played by the computer
//! (at its easy level, with one turn in four a random one so that no two games repeat),
//! every position judged on the way, and the puzzles found there chosen across difficulty.
//!
//! At each position of a game (from its fifth turn on) every turn is tried:
//! - positions with fewer than 10 turns to choose from are passed over;
//! - if some turns win, and at most a quarter of them, the position is a `win` puzzle;
//! - otherwise, if the most any turn takes (without losing) is at least the game's
//!   [`Puzzler::TAKE_AT_LEAST`], and at most a quarter of the turns take that much, it is
//!   a `take` puzzle whose goal is that most.
//!
//! A game gives at most one puzzle of each kind, so they come from different games.
//!
//! **Difficulty**, 1 to 5, is 1 + rarity + search. Rarity is 0 when at least one turn in 8
//! solves it, 1 when at least one in 25, else 2. Search is 0 when the computer at its easy
//! level (the shallowest search) plays a solution, 1 when it takes the normal level, 2 when
//! neither finds one. Puzzles are listed easy to hard.

use rand::Rng;

use super::judge::{self, Tried};
use super::{Goal, Puzzle, Puzzler};
use crate::engine::progress::Progress;
use crate::rules::rng::{GameRng, seeded};
use crate::rules::{Level, Match, Setup};

/// How much to mine.
#[derive(Debug, Clone)]
pub struct PuzzleBudget {
    /// Games played.
    pub games: usize,
    pub seed: u64,
    /// Puzzles kept.
    pub count: usize,
    /// Of which `win` puzzles, when that many are found.
    pub wins: usize,
}

/// Turns a mined game is played to at most.
const LONGEST_GAME: usize = 160;
/// Turns played before positions are judged.
const OPENING: usize = 4;
/// A position with fewer turns to choose from is no puzzle (the answer is nearly forced).
const FEWEST_TURNS: usize = 10;

/// The setup a mined game starts from: the game's first ruleset (hex chess's v011),
/// named, and `seed` for its dice.
fn setup<G: Puzzler>(seed: u64) -> Setup {
    Setup {
        ruleset: G::GAME.rulesets().first().map(|r| r.to_string()),
        seed,
        position: None,
    }
}

/// A position found, before it is rated.
struct Candidate {
    actions: Vec<String>,
    seed: u64,
    goal: Goal,
    solutions: Vec<String>,
    turns: usize,
}

impl Candidate {
    fn rarity(&self) -> u8 {
        let (solved, turns) = (self.solutions.len(), self.turns);
        if solved * 8 >= turns {
            0
        } else if solved * 25 >= turns {
            1
        } else {
            2
        }
    }
}

/// Mines `budget.count` puzzles of `G` (fewer when the games hold fewer), easy first.
pub fn mine_puzzles<G: Puzzler>(
    budget: &PuzzleBudget,
    progress: bool,
) -> Result<Vec<Puzzle>, String> {
    let label = format!("mine {} --puzzles", G::GAME.id());
    let mut bar = progress.then(|| Progress::new(format!("{label}: games"), budget.games as u64));
    let mut wins = Vec::new();
    let mut takes = Vec::new();
    for g in 0..budget.games {
        let seed = budget.seed.wrapping_mul(1_000_003).wrapping_add(g as u64);
        let (win, take) = play_and_judge::<G>(seed)?;
        wins.extend(win);
        takes.extend(take);
        if let Some(bar) = bar.as_mut() {
            bar.advance(1);
        }
    }
    if let Some(bar) = bar {
        bar.finish();
    }
    let win_count = budget.wins.min(wins.len()).min(budget.count);
    let mut chosen = spread(wins, win_count);
    chosen.extend(spread(takes, budget.count - win_count));
    let mut rated = chosen
        .into_iter()
        .map(|c| rate::<G>(c))
        .collect::<Result<Vec<_>, String>>()?;
    // Easy to hard; among equals, the ones more turns solve first.
    rated.sort_by(|a, b| {
        (a.difficulty, b.solutions.len() * a.turns, &a.actions).cmp(&(
            b.difficulty,
            a.solutions.len() * b.turns,
            &b.actions,
        ))
    });
    for (i, p) in rated.iter_mut().enumerate() {
        p.name = format!("{}-{:02}", G::GAME.id(), i + 1);
    }
    Ok(rated)
}

/// One game from `seed`: the first win puzzle and the first take puzzle it reaches.
fn play_and_judge<G: Puzzler>(seed: u64) -> Result<(Option<Candidate>, Option<Candidate>), String> {
    let mut game = Match::<G>::new(setup::<G>(seed))?;
    let mut rng: GameRng = seeded(seed ^ 0x9e37_79b9_7f4a_7c15);
    let (mut win, mut take) = (None, None);
    while game.turns() < LONGEST_GAME && !game.is_over() && (win.is_none() || take.is_none()) {
        if game.turns() >= OPENING {
            let tried = judge::try_every_turn(game.rules());
            match judge_position::<G>(&tried) {
                Some(goal @ Goal::Win) if win.is_none() => {
                    win = Some(candidate(&game, seed, goal, &tried));
                }
                Some(goal @ Goal::Take { .. }) if take.is_none() => {
                    take = Some(candidate(&game, seed, goal, &tried));
                }
                _ => {}
            }
        }
        let played = if rng.random_range(0..4) == 0 {
            match game.rules().playout_turn(&mut rng, false) {
                Some(turn) => {
                    let rng_before = game.rng().clone();
                    game.play_turn(&turn, rng_before).is_ok()
                }
                None => false,
            }
        } else {
            // To the budget, never to a clock: the same seed mines the same puzzles.
            game.play_computer(Level::Easy, &crate::rules::Stop::never())
                .is_ok()
        };
        if !played {
            break;
        }
    }
    Ok((win, take))
}

/// The puzzle a position holds, if any (see the module's notes).
fn judge_position<G: Puzzler>(tried: &[Tried]) -> Option<Goal> {
    let n = tried.len();
    if n < FEWEST_TURNS {
        return None;
    }
    let wins = tried.iter().filter(|t| t.won).count();
    if wins > 0 {
        return (wins * 4 <= n).then_some(Goal::Win);
    }
    let best = tried.iter().filter(|t| !t.lost).map(|t| t.taken).max()?;
    let goal = Goal::Take { at_least: best };
    let solved = tried.iter().filter(|t| goal.met(t)).count();
    (best >= G::TAKE_AT_LEAST && solved * 4 <= n).then_some(goal)
}

fn candidate<G: Puzzler>(game: &Match<G>, seed: u64, goal: Goal, tried: &[Tried]) -> Candidate {
    Candidate {
        actions: game.notation().to_vec(),
        seed,
        goal,
        solutions: judge::solutions(tried, goal),
        turns: tried.len(),
    }
}

/// `want` of `found`, taken in turn from each rarity (0, 1, 2) so that every difficulty is
/// represented; within a rarity in the order found.
fn spread(found: Vec<Candidate>, want: usize) -> Vec<Candidate> {
    let mut buckets: [Vec<Candidate>; 3] = Default::default();
    for c in found.into_iter().rev() {
        buckets[c.rarity() as usize].push(c);
    }
    let mut out = Vec::with_capacity(want);
    while out.len() < want && buckets.iter().any(|b| !b.is_empty()) {
        for bucket in &mut buckets {
            if out.len() < want
                && let Some(c) = bucket.pop()
            {
                out.push(c);
            }
        }
    }
    out
}

/// The candidate as a puzzle, with its difficulty.
fn rate<G: Puzzler>(c: Candidate) -> Result<Puzzle, String> {
    let setup = setup::<G>(c.seed);
    let mut game = Match::<G>::new(setup.clone())?;
    for action in &c.actions {
        game.play_text(action).map_err(|e| e.to_string())?;
    }
    let finds = |level: Level| {
        let mut rng = seeded(c.seed);
        let choice = game
            .rules()
            .choose(level, &mut rng, &crate::rules::Stop::never());
        judge::try_turn(game.rules(), &choice).is_some_and(|t| c.solutions.contains(&t.turn))
    };
    let search = if finds(Level::Easy) {
        0
    } else if finds(Level::Normal) {
        1
    } else {
        2
    };
    Ok(Puzzle {
        name: String::new(),
        difficulty: 1 + c.rarity() + search,
        actions: c.actions,
        ruleset: setup.ruleset,
        seed: c.seed,
        goal: c.goal,
        solutions: c.solutions,
        turns: c.turns,
    })
}
