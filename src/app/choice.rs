//! What a game is started with ([`GameChoice`]: the mode, the side a person takes against
//! the computer, the computer's level, the ruleset), remembered per game in the settings.
//! The model under the settings, the table's launch and the new-game dialog.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::PlayMode;
use crate::rules::{GameId, Level};

/// The modes a player can start a game in (`vs_computer` in the settings file, whose
/// names cannot hold a hyphen; `vs-computer` on the command line).
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "snake_case")]
pub enum ModeChoice {
    #[default]
    TwoPlayers,
    VsComputer,
    Demo,
    /// Only the board, to look at.
    Board,
}

impl ModeChoice {
    pub const ALL: [ModeChoice; 4] = [
        ModeChoice::TwoPlayers,
        ModeChoice::VsComputer,
        ModeChoice::Demo,
        ModeChoice::Board,
    ];

    /// The command line's name.
    pub fn name(self) -> &'static str {
        match self {
            ModeChoice::TwoPlayers => "two-players",
            ModeChoice::VsComputer => "vs-computer",
            ModeChoice::Demo => "demo",
            ModeChoice::Board => "board",
        }
    }

    /// The dialog's label.
    pub fn label(self) -> &'static str {
        match self {
            ModeChoice::TwoPlayers => "Two players",
            ModeChoice::VsComputer => "Vs computer",
            ModeChoice::Demo => "Demo",
            ModeChoice::Board => "The board",
        }
    }

    pub fn parse(name: &str) -> Option<ModeChoice> {
        ModeChoice::ALL.into_iter().find(|m| m.name() == name)
    }

    pub fn play_mode(self) -> PlayMode {
        match self {
            ModeChoice::TwoPlayers => PlayMode::HotSeat,
            ModeChoice::VsComputer => PlayMode::VsComputer,
            ModeChoice::Demo => PlayMode::Demo,
            ModeChoice::Board => PlayMode::Board,
        }
    }
}

/// Everything a new game of one game is started with (the table's launch carries it).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq, Default)]
#[serde(default)]
pub struct GameChoice {
    pub mode: ModeChoice,
    /// The side a person plays against the computer: 0 opens, 1 answers (the computer
    /// then opens).
    pub side: usize,
    /// How strongly the computer plays (against it and in demos).
    pub level: Level,
    /// Hex chess's ruleset (`v011`, `classic`); `None` is the game's default.
    pub ruleset: Option<String>,
    /// The time control; `None`: no clock (the default).
    pub clock: Option<crate::time_control::TimeControl>,
}

impl GameChoice {
    /// The choice with anything `game` does not have put back to its default (a side out
    /// of range, a ruleset it does not know), and the sentence that says what was.
    pub fn checked(mut self, game: GameId) -> (GameChoice, Option<String>) {
        let mut problems = Vec::new();
        if self.side > 1 {
            problems.push(format!("side {} (0 or 1)", self.side));
            self.side = 0;
        }
        if let Some(r) = &self.ruleset
            && !game.rulesets().contains(&r.as_str())
        {
            problems.push(format!("ruleset \"{r}\""));
            self.ruleset = None;
        }
        if let Some(Err(why)) = self.clock.map(|c| c.check()) {
            problems.push(format!("clock ({why})"));
            self.clock = None;
        }
        let problem = (!problems.is_empty()).then(|| {
            format!(
                "The remembered {} choice had a bad {}; the default was used.",
                game.title(),
                problems.join(" and ")
            )
        });
        (self, problem)
    }

    /// The side's name in `game` (`white`, `blue`, ...).
    pub fn side_name(&self, game: GameId) -> &'static str {
        game.side_names()[self.side.min(1)]
    }
}

/// The last choice made for each game (saved in the settings).
pub type RememberedChoices = BTreeMap<GameId, GameChoice>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mode_names_round_trip() {
        for mode in ModeChoice::ALL {
            assert_eq!(ModeChoice::parse(mode.name()), Some(mode));
        }
        assert_eq!(ModeChoice::parse("hotseat"), None);
    }

    #[test]
    fn a_bad_remembered_choice_falls_back_and_says_so() {
        let choice = GameChoice {
            side: 3,
            ruleset: Some("classic".into()),
            ..GameChoice::default()
        };
        let (fixed, problem) = choice.clone().checked(GameId::Vectress);
        assert_eq!(fixed.side, 0);
        assert_eq!(fixed.ruleset, None);
        let problem = problem.unwrap();
        assert!(
            problem.contains("side 3") && problem.contains("classic"),
            "{problem}"
        );
        let hex = GameChoice { side: 1, ..choice };
        assert_eq!(hex.clone().checked(GameId::Hexchess), (hex, None));
    }
}
