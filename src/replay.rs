//! Replay files: a game kept as RON (format version, game, ruleset, seed, the actions in
//! the engine's notation, and optionally a title, when it was made, captions per ply, the
//! ply that matters, for a scenario that ply's scores, and for a game saved under way how
//! it was being played, [`Resume`]). No Bevy: the window saves and opens them, scripts
//! check them.
//!
//! Loading is strict and safe: bad RON, an unknown game, a newer format or an action the
//! rules refuse each give one sentence naming the file (and the ply and action), and the
//! file is only ever read.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::rules::contract::TurnRecord;
use crate::rules::{GameId, Level, Match, Rules, Setup};

/// The format version this build writes and the newest it reads.
pub const VERSION: u32 = 1;

/// Replays kept in the replays folder; older ones are pruned.
pub const KEEP: usize = 200;

/// A game as a replay file keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Replay {
    pub version: u32,
    /// The game's protocol id (`GameId::id`).
    pub game: String,
    /// Hex chess only: `v011` or `classic`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<String>,
    /// The seed of the game's generator.
    #[serde(default)]
    pub seed: u64,
    /// The position code the game started from (docs/codes.md), when not the game's start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Every action from the start, in the engine's notation.
    pub actions: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// When the replay was made, UTC, as `2026-12-01T05:30:00Z`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created: Option<String>,
    /// Captions by ply (0-based), one per playback stage of that ply.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub captions: BTreeMap<usize, Vec<String>>,
    /// The ply that matters (a showcase starts its slow motion there).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub focus: Option<usize>,
    /// A scenario's scores of its focus ply, by name (`crate::showcase::score`): what it
    /// was chosen for, checked against the rules by the library's test.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub scores: BTreeMap<String, i64>,
    /// A game saved under way (the window's save slots): how it was being played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resume: Option<Resume>,
    /// Hints each side asked for at the table (H), as in `Rules::SIDES`; absent when none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hints: Option<[u32; 2]>,
    /// The time it was played on (a clock, each action's seconds); absent for games the
    /// table did not time (scripts, the engine).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timing: Option<Timing>,
}

/// The time a game was played on, as the table kept it: its control (none: no clock),
/// the seconds each action took (a turn of several actions counts on its last), and the
/// side whose flag fell, if one did.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Timing {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<crate::time_control::TimeControl>,
    #[serde(default)]
    pub seconds: Vec<f32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flag: Option<usize>,
}

/// How a game saved under way was being played, and what its actions alone do not say,
/// so resuming it restores the exact game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Resume {
    /// `two-players` or `vs-computer` (the command line's names).
    pub mode: String,
    /// The computer's level.
    pub level: Level,
    /// The side a person plays against the computer (0 opens).
    pub side: usize,
    /// The turns the actions make (the computer's tuning and move are one), each with
    /// where the game's generator stood before it.
    pub turns: Vec<TurnRecord>,
    /// Where the generator stands now.
    pub rng: u64,
    /// Seconds each turn took at the table, in order (the game's clock).
    #[serde(default)]
    pub clock: Vec<f32>,
    /// The game's own count beyond its actions (hex chess's forced moves, H8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<u64>,
}

impl Replay {
    /// A plain replay of `actions` from `game`'s default start.
    pub fn new(game: GameId, actions: Vec<String>) -> Replay {
        Replay {
            version: VERSION,
            game: game.id().to_string(),
            ruleset: None,
            seed: 0,
            position: None,
            actions,
            title: None,
            created: None,
            captions: BTreeMap::new(),
            focus: None,
            scores: BTreeMap::new(),
            resume: None,
            hints: None,
            timing: None,
        }
    }

    /// A plain replay of `actions` from `setup` (its ruleset, seed and position).
    pub fn from_setup(game: GameId, setup: Setup, actions: Vec<String>) -> Replay {
        Replay {
            ruleset: setup.ruleset,
            seed: setup.seed,
            position: setup.position,
            ..Replay::new(game, actions)
        }
    }

    /// The replay of `game`: its setup and every action played so far.
    pub fn of<G: Rules>(game: &Match<G>) -> Replay {
        Replay {
            version: VERSION,
            game: G::GAME.id().to_string(),
            ruleset: game.setup().ruleset.clone(),
            seed: game.setup().seed,
            position: game.setup().position.clone(),
            actions: game.notation().to_vec(),
            title: None,
            created: None,
            captions: BTreeMap::new(),
            focus: None,
            scores: BTreeMap::new(),
            resume: None,
            hints: None,
            timing: None,
        }
    }

    /// The game it is of, checked.
    pub fn game_id(&self) -> Result<GameId, String> {
        GameId::parse(&self.game).ok_or_else(|| {
            format!(
                "names an unknown game \"{}\" (known: {})",
                self.game,
                GameId::known()
            )
        })
    }

    pub fn setup(&self) -> Setup {
        Setup {
            ruleset: self.ruleset.clone(),
            seed: self.seed,
            position: self.position.clone(),
        }
    }

    /// Reads the replay text: RON of a known format version and game. Says what is wrong
    /// in a few words (the caller names the file).
    pub fn parse(text: &str) -> Result<Replay, String> {
        let replay: Replay =
            ron::from_str(text).map_err(|e| format!("is not a readable replay ({e})"))?;
        if replay.version > VERSION {
            return Err(format!(
                "was written in replay format {} by a newer Lodestone; this one reads up to format {VERSION}",
                replay.version
            ));
        }
        if replay.version == 0 {
            return Err("has format version 0; replay formats start at 1".to_string());
        }
        replay.game_id()?;
        Ok(replay)
    }

    /// Plays every action through the rules: the match it reaches, or the 0-based ply and
    /// why its action was refused.
    pub fn replay<G: Rules>(&self) -> Result<Match<G>, String> {
        let mut game = Match::<G>::new(self.setup()).map_err(|e| format!("cannot start: {e}"))?;
        for (ply, action) in self.actions.iter().enumerate() {
            game.play_text(action).map_err(|e| {
                format!("cannot be replayed: ply {ply}, action \"{action}\" is refused ({e})")
            })?;
        }
        Ok(game)
    }

    /// The match a game saved under way was at, exactly ([`Resume`]): its turns and
    /// generator as they were, and the game's own count; a plain replay played through.
    pub fn resumed<G: Rules>(&self) -> Result<Match<G>, String> {
        let Some(resume) = &self.resume else {
            return self.replay();
        };
        let mut game = Match::<G>::resume(self.setup(), &self.actions, &resume.turns, resume.rng)
            .map_err(|e| format!("cannot be resumed: {e}"))?;
        if let Some(count) = resume.session {
            game.rules_mut().restore_session_count(count);
        }
        Ok(game)
    }

    /// Checks that every action replays, whatever the game (a saved game's turns too).
    pub fn check(&self) -> Result<(), String> {
        crate::with_rules!(self.game_id()?, G => self.resumed::<G>().map(drop))
    }

    /// How the game stands after the last action: whether it is over, and the winner's
    /// side name (`GameId::side_names`), `None` for a draw or a game still running.
    pub fn ending(&self) -> Result<(bool, Option<&'static str>), String> {
        fn of<G: Rules>(replay: &Replay) -> Result<(bool, Option<&'static str>), String> {
            let game = replay.replay::<G>()?;
            let rules = game.rules();
            let winner = rules.winner().and_then(|side| {
                let index = G::SIDES.iter().position(|s| *s == side)?;
                Some(G::GAME.side_names()[index])
            });
            Ok((rules.is_over(), winner))
        }
        crate::with_rules!(self.game_id()?, G => of::<G>(self))
    }

    /// Loads and checks the replay at `path`; the error is one sentence naming the file.
    /// The file is only read.
    pub fn load(path: &Path) -> Result<Replay, String> {
        let name = path.display();
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("{name} cannot be read ({e})"))?;
        let replay = Replay::parse(&text).map_err(|e| format!("{name} {e}"))?;
        replay.check().map_err(|e| format!("{name} {e}"))?;
        Ok(replay)
    }

    /// The replay as RON text.
    pub fn to_text(&self) -> String {
        let config = ron::ser::PrettyConfig::default().struct_names(true);
        ron::ser::to_string_pretty(self, config).unwrap_or_default()
    }

    /// Writes the replay into `folder` as `<created>-<game>.ron` (`-2`, `-3`, ... when
    /// another replay, from this instance or another, has that name: never over it),
    /// keeps the newest [`KEEP`] there and returns the path. The folder is made if missing.
    pub fn save_in(&self, folder: &Path) -> Result<PathBuf, String> {
        let stamp = self
            .created
            .clone()
            .unwrap_or_else(|| timestamp(SystemTime::now()))
            .replace(':', "-");
        let stem = format!("{stamp}-{}", self.game);
        let path = crate::files::write_new(folder, &stem, "ron", self.to_text().as_bytes())
            .map_err(|e| format!("cannot write in {} ({e})", folder.display()))?;
        prune(folder, KEEP);
        Ok(path)
    }
}

/// The replay files in `folder`, newest first (by name: names start with the time).
pub fn list(folder: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files.reverse();
    files
}

/// Removes all but the newest `keep` replays in `folder`.
fn prune(folder: &Path, keep: usize) {
    for old in list(folder).into_iter().skip(keep) {
        let _ = std::fs::remove_file(old);
    }
}

/// `time` as UTC `YYYY-MM-DDTHH:MM:SSZ`.
pub fn timestamp(time: SystemTime) -> String {
    let secs = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests;
