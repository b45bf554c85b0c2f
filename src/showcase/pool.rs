//! What the miner keeps: the best [`Find`]s by its ranking, and the best find for each
//! score on its own (so a rare score is never crowded out by the spectacle's favourites).

use std::cmp::Ordering;
use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::Scores;

/// One found action: every turn from the start (each a list of actions in the engine's
/// notation; the last action of the last turn is the one scored), its scores and the
/// captions of its playback stages.
#[derive(Debug, Clone, PartialEq)]
pub struct Find {
    pub turns: Vec<Vec<String>>,
    pub scores: Scores,
    pub captions: Vec<String>,
}

impl Find {
    /// Every action from the start.
    pub fn actions(&self) -> Vec<String> {
        self.turns.iter().flatten().cloned().collect()
    }

    /// The 0-based ply that is scored: the last.
    pub fn focus(&self) -> usize {
        self.turns
            .iter()
            .map(Vec::len)
            .sum::<usize>()
            .saturating_sub(1)
    }

    pub fn to_json(&self) -> Value {
        json!({
            "actions": self.actions(),
            "focus": self.focus(),
            "scores": self.scores.to_json(),
            "spectacle": self.scores.spectacle(),
            "captions": self.captions,
        })
    }
}

/// How finds are ranked: by one score (then the spectacle), or by the spectacle alone.
#[derive(Debug, Clone, Default)]
pub struct Ranking {
    pub by: Option<String>,
}

impl Ranking {
    /// The sort key of `scores`, bigger is better.
    fn key(&self, scores: &Scores) -> (i64, i64) {
        let first = match &self.by {
            Some(name) => scores.get(name).unwrap_or(0),
            None => scores.spectacle(),
        };
        (first, scores.spectacle())
    }

    /// Better first: the bigger key, then fewer actions, then the actions in text order,
    /// so the order never depends on the order things were found in.
    pub fn compare(&self, a: &Find, b: &Find) -> Ordering {
        self.key(&b.scores)
            .cmp(&self.key(&a.scores))
            .then_with(|| a.focus().cmp(&b.focus()))
            .then_with(|| a.actions().cmp(&b.actions()))
    }
}

/// The top finds and the best find per score.
#[derive(Debug, Clone)]
pub struct Pool {
    keep: usize,
    ranking: Ranking,
    top: Vec<Find>,
    best: BTreeMap<&'static str, Find>,
}

impl Pool {
    pub fn new(keep: usize, ranking: Ranking) -> Pool {
        Pool {
            keep: keep.max(1),
            ranking,
            top: Vec::new(),
            best: BTreeMap::new(),
        }
    }

    /// Whether a find with `scores` and `plies` actions could be kept (a cheap test
    /// before the find is built). Ties are let through; `offer` settles them.
    pub fn wants(&self, scores: &Scores, plies: usize) -> bool {
        let full = self.top.len() >= self.keep;
        let beats = |f: &Find, key: (i64, i64)| {
            key > self.ranking.key(&f.scores)
                || key == self.ranking.key(&f.scores) && plies <= f.focus() + 1
        };
        if !full
            || self
                .top
                .last()
                .is_some_and(|w| beats(w, self.ranking.key(scores)))
        {
            return true;
        }
        scores.iter().any(|(name, value)| {
            value > 0
                && self.best.get(name).is_none_or(|f| {
                    let theirs = f.scores.get(name).unwrap_or(0);
                    value > theirs || value == theirs && scores.spectacle() >= f.scores.spectacle()
                })
        })
    }

    /// Keeps `find` if it ranks among the top or is the best yet for some score. Among
    /// the top, finds with exactly the same scores are nearly always one spectacle
    /// reached another way (another prefix, another piece starting it): only the better
    /// of the two stays, so the top shows variety.
    pub fn offer(&mut self, find: Find) {
        for (name, value) in find.scores.iter() {
            if value <= 0 {
                continue;
            }
            let single = Ranking {
                by: Some(name.to_string()),
            };
            let better = self
                .best
                .get(name)
                .is_none_or(|f| single.compare(&find, f) == Ordering::Less);
            if better {
                self.best.insert(name, find.clone());
            }
        }
        if let Some(i) = self.top.iter().position(|f| f.scores == find.scores) {
            if self.ranking.compare(&find, &self.top[i]) != Ordering::Less {
                return;
            }
            self.top.remove(i);
        }
        let at = self
            .top
            .partition_point(|f| self.ranking.compare(f, &find) == Ordering::Less);
        self.top.insert(at, find);
        self.top.truncate(self.keep);
    }

    /// The kept finds, best first.
    pub fn top(&self) -> &[Find] {
        &self.top
    }

    /// The best find for each score that was ever above zero.
    pub fn best(&self) -> &BTreeMap<&'static str, Find> {
        &self.best
    }
}
