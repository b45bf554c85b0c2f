//! The scenario library: `assets/scenarios/<game>/*.ron`, replays chosen from the miner's
//! finds, each with a title, the ply that matters (`focus`), one caption per playback
//! stage of that ply, and the scores it was chosen for. The files are compiled in (the
//! table below), so `lodestone scenarios` works from any directory; a test checks that
//! every file is listed and that every stored score still holds.

use std::collections::BTreeMap;

use super::{Scores, Showcase};
use crate::replay::Replay;
use crate::rules::{GameId, Match, hexchess, polarity, vectress, wavefield};

/// One entry of the table: the game, the file's name (without `.ron`) and its text.
macro_rules! scenario {
    ($game:ident, $dir:literal, $name:literal) => {
        (
            GameId::$game,
            $name,
            include_str!(concat!("../../assets/scenarios/", $dir, "/", $name, ".ron")),
        )
    };
}

/// Every scenario file, by game.
const FILES: &[(GameId, &str, &str)] = &[
    scenario!(Vectress, "vectress", "ten-waves"),
    scenario!(Vectress, "vectress", "nine-waves-fifteen-magnets"),
    scenario!(Vectress, "vectress", "the-chain-turns-back"),
    scenario!(Vectress, "vectress", "both-cores-fall"),
    scenario!(Vectress, "vectress", "eight-over-the-edge"),
    scenario!(Vectress, "vectress", "the-body-goes-over"),
    scenario!(Vectress, "vectress", "seven-bonds"),
    scenario!(Vectress, "vectress", "fifteen-in-motion"),
    scenario!(Vectress, "vectress", "shoved-and-pushed"),
    scenario!(Vectress, "vectress", "dragged-by-a-bond"),
    scenario!(Hexchess, "hexchess", "pawn-takes-queen-mates"),
    scenario!(Hexchess, "hexchess", "promote-rook-mate-bishop"),
    scenario!(Hexchess, "hexchess", "bishop-arrives-knight-mate"),
    scenario!(Hexchess, "hexchess", "rook-arrives-bishop-mate"),
    scenario!(Hexchess, "hexchess", "quiet-step-queen-mate"),
    scenario!(Hexchess, "hexchess", "ten-threats"),
    scenario!(Hexchess, "hexchess", "one-way-out"),
    scenario!(Hexchess, "hexchess", "queen-arrives-rook-mate"),
    scenario!(Hexchess, "hexchess", "fast-pawn-mate"),
    scenario!(Wavefield, "wavefield", "five-round-collapse"),
    scenario!(Wavefield, "wavefield", "blue-collapses"),
    scenario!(Wavefield, "wavefield", "four-rounds-and-a-trap"),
    scenario!(Wavefield, "wavefield", "three-round-collapse"),
    scenario!(Wavefield, "wavefield", "twenty-six-cells"),
    scenario!(Wavefield, "wavefield", "a-swing-that-traps"),
    scenario!(Wavefield, "wavefield", "the-big-hats-bargain"),
    scenario!(Wavefield, "wavefield", "trapped-within-four-moves"),
    scenario!(Wavefield, "wavefield", "four-rounds-in-six-moves"),
    scenario!(Polarity, "polarity", "nine-in-a-block"),
    scenario!(Polarity, "polarity", "sixteen-at-once"),
    scenario!(Polarity, "polarity", "a-push-takes-five-lines"),
    scenario!(Polarity, "polarity", "the-rooks-pull"),
    scenario!(Polarity, "polarity", "the-rooks-push-wins"),
    scenario!(Polarity, "polarity", "eight-stand-firm"),
    scenario!(Polarity, "polarity", "the-pieces-come-back"),
    scenario!(Polarity, "polarity", "queen-pull-two-lines"),
];

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
    FILES
        .iter()
        .map(|&(game, name, text)| {
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
    match replay.game_id()? {
        GameId::Vectress => focus_of::<vectress::Game>(replay),
        GameId::Hexchess => focus_of::<hexchess::Game>(replay),
        GameId::Wavefield => focus_of::<wavefield::Game>(replay),
        GameId::Polarity => focus_of::<polarity::Game>(replay),
    }
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
    let captions = replay.captions.get(&at).map_or(0, Vec::len);
    if captions != focus.captions.len() {
        return Err(format!(
            "{name} has {captions} captions for ply {at}, which plays in {} stages",
            focus.captions.len()
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
        let mut listed: Vec<(&str, String)> = FILES
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
