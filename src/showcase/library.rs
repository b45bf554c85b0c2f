//! The scenario library: `assets/scenarios/<game>/*.ron`, replays chosen from the miner's
//! finds, each with a title, the ply that matters (`focus`), one caption per playback
//! stage of that ply, and the scores it was chosen for. The files are compiled in (each
//! game's `Showcase::SCENARIOS`, made with [`scenario!`]), so `lodestone scenarios` works from any directory; a test checks that
//! every file is listed and that every stored score still holds.

use std::collections::BTreeMap;

/// One scenario file of a game's list: its name (without `.ron`) and its text, compiled
/// in from `assets/scenarios/<dir>/<name>.ron`.
macro_rules! scenario {
    ($dir:literal, $name:literal) => {
        (
            $name,
            include_str!(concat!("../../assets/scenarios/", $dir, "/", $name, ".ron")),
        )
    };
}
pub(crate) use scenario;

use super::{Scores, Showcase};
use crate::replay::Replay;
use crate::rules::{GameId, Match};

/// Every scenario file: each game's own list (`Showcase::SCENARIOS`), in registry order.
fn files() -> Vec<(GameId, &'static str, &'static str)> {
    GameId::ALL
        .into_iter()
        .flat_map(|game| {
            let list: &[(&str, &str)] = crate::with_rules!(game, G => G::SCENARIOS);
            list.iter().map(move |&(name, text)| (game, name, text))
        })
        .collect()
}

/// A scenario: its game, its name (the file's, without `.ron`) and the replay it holds.
#[derive(Debug, Clone)]
pub struct Scenario {
    pub game: GameId,
    pub name: &'static str,
    pub replay: Replay,
}

/// The focus ply recomputed through the rules: its scores and draft captions (one per
/// playback stage).
#[derive(Debug, Clone)]
pub struct Focus {
    pub scores: Scores,
    pub captions: Vec<String>,
}

/// Every scenario, parsed, in the table's order; a file that does not parse is one
/// sentence naming it.
pub fn scenarios() -> Result<Vec<Scenario>, String> {
    files()
        .into_iter()
        .map(|(game, name, text)| {
            let replay =
                Replay::parse(text).map_err(|e| format!("scenario {}/{name} {e}", game.id()))?;
            if replay.game != game.id() {
                return Err(format!(
                    "scenario {}/{name} names the game \"{}\"",
                    game.id(),
                    replay.game
                ));
            }
            Ok(Scenario { game, name, replay })
        })
        .collect()
}

/// Replays `replay` and recomputes its focus ply.
pub fn focus(replay: &Replay) -> Result<Focus, String> {
    crate::with_rules!(replay.game_id()?, G => focus_of::<G>(replay))
}

fn focus_of<G: Showcase>(replay: &Replay) -> Result<Focus, String> {
    let plies = replay.actions.len();
    let at = replay.focus.ok_or("has no focus")?;
    if at >= plies {
        return Err(format!("has focus {at} but only {plies} plies"));
    }
    let mut game = Match::<G>::new(replay.setup()).map_err(|e| format!("cannot start: {e}"))?;
    let mut focus = None;
    for (ply, action) in replay.actions.iter().enumerate() {
        let before = (ply == at).then(|| game.rules().clone());
        let resolution = game
            .play_text(action)
            .map_err(|e| format!("ply {ply}, action \"{action}\" is refused ({e})"))?;
        if let Some(before) = before {
            focus = Some(Focus {
                scores: G::scores(&before, &resolution, game.rules()),
                captions: G::captions(&before, &resolution),
            });
        }
    }
    focus.ok_or_else(|| "never reached its focus".to_string())
}

/// Everything the library promises of one scenario: a title, a focus ply with one
/// caption per playback stage, stored scores, and each stored score as the rules
/// compute it today.
pub fn check(scenario: &Scenario) -> Result<Focus, String> {
    let replay = &scenario.replay;
    let name = format!("scenario {}/{}", scenario.game.id(), scenario.name);
    if replay.title.as_deref().is_none_or(|t| t.trim().is_empty()) {
        return Err(format!("{name} has no title"));
    }
    let focus = focus(replay).map_err(|e| format!("{name} {e}"))?;
    let at = replay.focus.unwrap_or_default();
    let stored = replay.captions.get(&at).map_or(&[][..], Vec::as_slice);
    if stored.len() != focus.captions.len() {
        return Err(format!(
            "{name} has {} captions for ply {at}, which plays in {} stages",
            stored.len(),
            focus.captions.len()
        ));
    }
    // The file keeps a copy for readers of the file; the words are the showcase's.
    if let Some((kept, now)) = stored.iter().zip(&focus.captions).find(|(a, b)| a != b) {
        return Err(format!(
            "{name} keeps the caption \"{kept}\" for ply {at}, the showcase writes \"{now}\""
        ));
    }
    if replay.scores.is_empty() {
        return Err(format!("{name} stores no scores"));
    }
    for (score, &stored) in &replay.scores {
        match focus.scores.get(score) {
            Some(now) if now == stored => {}
            Some(now) => {
                return Err(format!(
                    "{name} stores {score} = {stored}, the rules give {now}"
                ));
            }
            None => {
                return Err(format!(
                    "{name} stores {score}, which is no score of its game"
                ));
            }
        }
    }
    Ok(focus)
}

/// How many scenarios each game has.
pub fn counts(scenarios: &[Scenario]) -> BTreeMap<&'static str, usize> {
    let mut counts = BTreeMap::new();
    for s in scenarios {
        *counts.entry(s.game.id()).or_default() += 1;
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At least this many per game (issue #16).
    const AT_LEAST: usize = 8;

    #[test]
    fn every_scenario_replays_and_keeps_its_scores() {
        let all = scenarios().unwrap();
        let failures: Vec<String> = all.iter().filter_map(|s| check(s).err()).collect();
        assert!(failures.is_empty(), "{failures:#?}");
        let counts = counts(&all);
        for game in GameId::ALL {
            let n = counts.get(game.id()).copied().unwrap_or(0);
            assert!(n >= AT_LEAST, "{} has {n} scenarios", game.id());
        }
    }

    /// Every file in assets/scenarios is in the table, once, under its own game.
    #[test]
    fn the_table_lists_every_file() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios");
        let mut on_disk = Vec::new();
        for game in GameId::ALL {
            for entry in std::fs::read_dir(root.join(game.id())).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|x| x == "ron") {
                    let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
                    on_disk.push((game.id(), stem));
                }
            }
        }
        on_disk.sort();
        let mut listed: Vec<(&str, String)> = files()
            .iter()
            .map(|(g, n, _)| (g.id(), n.to_string()))
            .collect();
        listed.sort();
        assert_eq!(listed, on_disk);
    }

    /// A changed score is caught: the check compares, it does not just parse.
    #[test]
    fn a_wrong_stored_score_is_refused() {
        let mut s = scenarios().unwrap().remove(0);
        let (name, value) = s
            .replay
            .scores
            .iter()
            .next()
            .map(|(k, v)| (k.clone(), *v))
            .unwrap();
        s.replay.scores.insert(name.clone(), value + 1);
        let error = check(&s).unwrap_err();
        assert!(error.contains(&name), "{error}");
    }
}
