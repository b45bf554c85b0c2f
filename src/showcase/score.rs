//! How spectacular one action was: per-game [`Scores`] read off its resolution (and the
//! positions around it), and the single [`Scores::spectacle`] number that ranks them.
//!
//! Each score is a count a viewer could check by watching the playback (waves, stones
//! moved, removal rounds, ...). Each carries a weight; the spectacle is the sum of
//! weight x |score|. The weights are per game and make a rare event outrank a merely
//! big one: a Core going over the edge outweighs three extra waves, a mate outweighs
//! any capture. A signed score (Wave Field's territory swing) counts by its size.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

/// One action's scores, in the order its game declares them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scores {
    entries: Vec<Entry>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Entry {
    name: &'static str,
    value: i64,
    weight: i64,
}

impl Scores {
    pub fn new() -> Scores {
        Scores::default()
    }

    /// Adds the score `name` (counted `weight` times in the spectacle).
    pub fn add(&mut self, name: &'static str, value: impl TryInto<i64>, weight: i64) {
        let value = value.try_into().unwrap_or(i64::MAX);
        self.entries.push(Entry {
            name,
            value,
            weight,
        });
    }

    /// The value of the score `name`, if the game has one by that name.
    pub fn get(&self, name: &str) -> Option<i64> {
        self.entries
            .iter()
            .find(|e| e.name == name)
            .map(|e| e.value)
    }

    /// The score names, in the game's order.
    pub fn names(&self) -> Vec<&'static str> {
        self.entries.iter().map(|e| e.name).collect()
    }

    /// (name, value) in the game's order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, i64)> + '_ {
        self.entries.iter().map(|e| (e.name, e.value))
    }

    /// The one number that ranks actions: the sum of weight x |score|.
    pub fn spectacle(&self) -> i64 {
        self.entries
            .iter()
            .map(|e| e.weight.saturating_mul(e.value.saturating_abs()))
            .fold(0i64, i64::saturating_add)
    }

    /// The scores that are not zero, by name (what a scenario file stores).
    pub fn nonzero(&self) -> BTreeMap<String, i64> {
        self.iter()
            .filter(|(_, v)| *v != 0)
            .map(|(n, v)| (n.to_string(), v))
            .collect()
    }

    /// Every score as a JSON object.
    pub fn to_json(&self) -> Value {
        let map: Map<String, Value> = self
            .iter()
            .map(|(n, v)| (n.to_string(), Value::from(v)))
            .collect();
        Value::Object(map)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spectacle_weighs_sizes_and_skips_nothing() {
        let mut s = Scores::new();
        s.add("waves", 3usize, 4);
        s.add("swing", -5i64, 1);
        s.add("core_off", 0u8, 12);
        assert_eq!(s.spectacle(), 3 * 4 + 5);
        assert_eq!(s.get("swing"), Some(-5));
        assert_eq!(s.get("nothing"), None);
        assert_eq!(s.names(), ["waves", "swing", "core_off"]);
        let stored = s.nonzero();
        assert_eq!(stored.len(), 2);
        assert!(!stored.contains_key("core_off"));
    }
}
