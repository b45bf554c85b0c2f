//! The showcase: what makes an action spectacular, the search that finds such actions
//! (`lodestone mine`), and the library of chosen scenarios (`lodestone scenarios`). No
//! Bevy: the window's showcase plays the library, scripts and tests read it here.
//!
//! [`Showcase`] is what each game adds to its [`Rules`]: its scores, the captions of its
//! playback stages, and how the miner plays and widens turns.

pub mod baseline;
pub mod hexchess;
pub mod library;
pub mod mine;
pub mod polarity;
pub mod pool;
pub mod score;
pub mod vectress;
pub mod wavefield;

use crate::rules::Rules;
use crate::rules::rng::GameRng;
pub use score::Scores;

/// A game as the showcase sees it.
pub trait Showcase: Rules {
    /// Random midgames are played to a depth in this range of turns.
    const MIDGAME: std::ops::RangeInclusive<usize>;

    /// The game's scenario library: (file name, its text), made with `library::scenario!`.
    const SCENARIOS: &'static [(&'static str, &'static str)];

    /// The scores of `resolution`, played from `before` and reaching `after`.
    fn scores(before: &Self, resolution: &Self::Resolution, after: &Self) -> Scores;

    /// One plain-words caption per playback stage the window makes for `resolution`
    /// (so its length is the number of stages).
    fn captions(before: &Self, resolution: &Self::Resolution) -> Vec<String>;

    /// The same stages' captions in one short line each, at most [`SHORT_CAPTION`]
    /// characters: what the window and films show unless the full words are asked for.
    fn short_captions(before: &Self, resolution: &Self::Resolution) -> Vec<String>;

    /// The waves a playback counts in its captions (Vectress's chains), of `resolution`
    /// (`None`: nothing played); `None` for a game without waves.
    fn waves(resolution: Option<&Self::Resolution>) -> Option<usize> {
        let _ = resolution;
        None
    }

    /// Every turn the side to move may play here, each a list of actions whose last is
    /// the one scored (Wave Field may tune first; the other games play one action).
    fn turns(&self) -> Vec<Vec<Self::Action>> {
        self.legal_actions().into_iter().map(|a| vec![a]).collect()
    }

    /// One turn of a playout: uniformly random, or (`dense`) one that crowds the board,
    /// so that the miner also starts from positions where much can collide. `None` when
    /// the side to move has nothing to play.
    fn playout_turn(&self, rng: &mut GameRng, dense: bool) -> Option<Vec<Self::Action>>;
}

/// The longest a short caption runs, in characters.
pub const SHORT_CAPTION: usize = 50;

/// `head` and as many of `parts` (most important first) as fit in a short caption, joined
/// by middle dots; a part that does not fit is left out and the next ones are tried.
pub fn short_line(head: String, parts: impl IntoIterator<Item = String>) -> String {
    let mut line = head;
    for part in parts {
        let joined = if line.is_empty() {
            part
        } else {
            format!("{line} · {part}")
        };
        if joined.chars().count() <= SHORT_CAPTION {
            line = joined;
        }
    }
    line
}

/// Picks one of `items` uniformly, or `None` when there are none.
pub(crate) fn pick<T: Copy>(items: &[T], rng: &mut GameRng) -> Option<T> {
    use rand::seq::IndexedRandom;
    items.choose(rng).copied()
}

/// Picks among the `keep` items with the lowest `cost` (ties broken by the generator):
/// the playouts' way of preferring some actions without becoming predictable.
pub(crate) fn pick_lowest<T: Copy>(
    items: &[T],
    keep: usize,
    rng: &mut GameRng,
    cost: impl Fn(&T) -> i64,
) -> Option<T> {
    let mut ranked: Vec<(i64, usize)> = items
        .iter()
        .enumerate()
        .map(|(i, x)| (cost(x), i))
        .collect();
    ranked.sort();
    ranked.truncate(keep.max(1));
    pick(&ranked, rng).map(|(_, i)| items[i])
}

/// The short captions of the last of `actions`, played from the default setup.
#[cfg(test)]
pub(crate) fn short_last<G: Showcase>(actions: &[&str]) -> Vec<String> {
    let (before, resolution, _) = play_last::<G>(actions);
    let short = G::short_captions(&before, &resolution);
    assert!(
        short
            .iter()
            .all(|c| c.chars().count() <= SHORT_CAPTION && !c.contains('\n')),
        "{short:#?}"
    );
    assert_eq!(short.len(), G::captions(&before, &resolution).len());
    short
}

/// Plays `actions` from the start; the scores and captions of the last (for tests of
/// known resolutions).
#[cfg(test)]
pub(crate) fn score_last<G: Showcase>(actions: &[&str]) -> (Scores, Vec<String>) {
    let (before, resolution, after) = play_last::<G>(actions);
    (
        G::scores(&before, &resolution, &after),
        G::captions(&before, &resolution),
    )
}

/// Plays `actions` from the default setup: the game before the last, its resolution, and
/// the game after it.
#[cfg(test)]
fn play_last<G: Showcase>(actions: &[&str]) -> (G, G::Resolution, G) {
    let mut game = crate::rules::Match::<G>::new(crate::rules::Setup::default()).unwrap();
    let (last, lead) = actions.split_last().unwrap();
    for action in lead {
        game.play_text(action).unwrap();
    }
    let before = game.rules().clone();
    let resolution = game.play_text(last).unwrap();
    (before, resolution, game.rules().clone())
}
