//! `lodestone --game GAME [--mode M] [--side S] [--level L] [--ruleset R]`: the window
//! opens straight into a game. A bad value is a usage error that names the allowed ones.

use crate::app::choice::{GameChoice, ModeChoice};
use crate::rules::{GameId, Level};

/// The launch flags as typed (checked by [`launch_choice`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LaunchArgs {
    pub game: Option<String>,
    pub mode: Option<String>,
    pub side: Option<String>,
    pub level: Option<String>,
    pub ruleset: Option<String>,
    /// A position code to start from (`--position`).
    pub position: Option<String>,
}

/// The last choice made for `game`, from the settings file (the defaults when there is
/// none, or it is unreadable: the window reports that once it opens).
pub fn remembered_choice(game: GameId) -> GameChoice {
    crate::app::settings::settings_path()
        .filter(|p| p.exists())
        .and_then(|p| std::fs::read_to_string(p).ok())
        .and_then(|text| ron::from_str::<crate::app::settings::Settings>(&text).ok())
        .and_then(|s| s.new_game.get(&game).cloned())
        .map(|c| c.checked(game).0)
        .unwrap_or_default()
}

fn allowed<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    names.into_iter().collect::<Vec<_>>().join(", ")
}

/// The game and the choice the flags ask for; flags left out take `remembered`'s values
/// (the last choice for that game), a side alone implies playing against the computer.
pub fn launch_choice(
    args: &LaunchArgs,
    remembered: impl Fn(GameId) -> GameChoice,
) -> Result<(GameId, GameChoice), String> {
    let Some(name) = &args.game else {
        return Err("--mode, --side, --level, --ruleset and --position need --game".into());
    };
    let game = GameId::parse(name).ok_or_else(|| {
        format!(
            "unknown game \"{name}\" for --game (allowed: {})",
            allowed(GameId::ALL.map(GameId::id))
        )
    })?;
    let mut choice = remembered(game);
    if let Some(mode) = &args.mode {
        choice.mode = ModeChoice::parse(mode).ok_or_else(|| {
            format!(
                "unknown mode \"{mode}\" for --mode (allowed: {})",
                allowed(ModeChoice::ALL.map(ModeChoice::name))
            )
        })?;
    }
    if let Some(side) = &args.side {
        let names = game.side_names();
        choice.side = match side.as_str() {
            "first" => 0,
            "second" => 1,
            s => names.iter().position(|n| *n == s).ok_or_else(|| {
                format!(
                    "unknown side \"{side}\" for --side in {} (allowed: {}, {}, first, second)",
                    game.id(),
                    names[0],
                    names[1]
                )
            })?,
        };
        if args.mode.is_none() {
            choice.mode = ModeChoice::VsComputer;
        }
    }
    if let Some(level) = &args.level {
        choice.level = Level::parse(level).ok_or_else(|| {
            format!(
                "unknown level \"{level}\" for --level (allowed: {})",
                allowed(Level::ALL.map(Level::name))
            )
        })?;
    }
    if let Some(ruleset) = &args.ruleset {
        let known = game.rulesets();
        if known.is_empty() {
            return Err(format!(
                "{} has one set of rules; --ruleset is for hexchess (v011, classic)",
                game.id()
            ));
        }
        if !known.contains(&ruleset.as_str()) {
            return Err(format!(
                "unknown ruleset \"{ruleset}\" for --ruleset (allowed: {})",
                allowed(known.iter().copied())
            ));
        }
        choice.ruleset = Some(ruleset.clone());
    }
    if let Some(code) = &args.position {
        // The code says its ruleset (hex chess's FEN is classic) unless --ruleset does.
        choice.ruleset = game
            .code_ruleset(code, args.ruleset.as_deref())
            .map_err(|why| format!("--position: {why}"))?;
    }
    Ok((game, choice))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(game: &str) -> LaunchArgs {
        LaunchArgs {
            game: Some(game.into()),
            ..LaunchArgs::default()
        }
    }

    #[test]
    fn flags_make_the_choice_and_the_rest_is_remembered() {
        let remembered = |_| GameChoice {
            mode: ModeChoice::Demo,
            level: Level::Normal,
            ..GameChoice::default()
        };
        let (game, choice) = launch_choice(&args("vectress"), remembered).unwrap();
        assert_eq!(game, GameId::Vectress);
        assert_eq!(choice.mode, ModeChoice::Demo);
        assert_eq!(choice.level, Level::Normal);
        let full = LaunchArgs {
            mode: Some("vs-computer".into()),
            side: Some("black".into()),
            level: Some("easy".into()),
            ruleset: Some("classic".into()),
            ..args("hexchess")
        };
        let (_, choice) = launch_choice(&full, remembered).unwrap();
        assert_eq!(
            choice,
            GameChoice {
                mode: ModeChoice::VsComputer,
                side: 1,
                level: Level::Easy,
                ruleset: Some("classic".into()),
                clock: None,
            }
        );
        // A side alone means playing the computer; "second" works for every game.
        for game in GameId::ALL {
            let side = LaunchArgs {
                side: Some("second".into()),
                ..args(game.id())
            };
            let (_, choice) = launch_choice(&side, remembered).unwrap();
            assert_eq!((choice.mode, choice.side), (ModeChoice::VsComputer, 1));
        }
    }

    #[test]
    fn bad_values_name_the_allowed_ones() {
        let d = |_| GameChoice::default();
        let err = |a: LaunchArgs| launch_choice(&a, d).unwrap_err();
        let e = err(args("chess"));
        assert!(e.contains(&GameId::known()), "{e}");
        let e = err(LaunchArgs {
            mode: Some("hotseat".into()),
            ..args("vectress")
        });
        assert!(e.contains("two-players, vs-computer, demo, board"), "{e}");
        let e = err(LaunchArgs {
            side: Some("white".into()),
            ..args("wavefield")
        });
        assert!(e.contains("blue, red, first, second"), "{e}");
        let e = err(LaunchArgs {
            level: Some("hard".into()),
            ..args("vectress")
        });
        assert!(e.contains("easy, normal, strong"), "{e}");
        for game in GameId::ALL.into_iter().filter(|g| g.rulesets().is_empty()) {
            let e = err(LaunchArgs {
                ruleset: Some("classic".into()),
                ..args(game.id())
            });
            assert!(e.contains("one set of rules"), "{e}");
        }
        let e = err(LaunchArgs {
            ruleset: Some("mccooey".into()),
            ..args("hexchess")
        });
        assert!(e.contains("v011, classic"), "{e}");
        let e = err(LaunchArgs {
            level: Some("easy".into()),
            ..LaunchArgs::default()
        });
        assert!(e.contains("need --game"), "{e}");
    }

    #[test]
    fn a_position_says_its_ruleset_and_a_bad_one_is_refused() {
        let fen = "b/qbk/n1b1n/r5r/ppppppppp/11/5PP4/4P6/3P1B1P3/2P2B2P2/1PRNQBKNRP1 b - 0 1";
        let launch = LaunchArgs {
            position: Some(fen.into()),
            ..args("hexchess")
        };
        let (_, choice) = launch_choice(&launch, |_| GameChoice::default()).unwrap();
        assert_eq!(
            choice.ruleset.as_deref(),
            Some("classic"),
            "a bare FEN is classic"
        );
        let asked = LaunchArgs {
            ruleset: Some("v011".into()),
            ..launch.clone()
        };
        let why = launch_choice(&asked, |_| GameChoice::default()).unwrap_err();
        assert!(why.starts_with("--position: "), "{why}");
        let bad = LaunchArgs {
            position: Some("9/9 w".into()),
            ..args("vectress")
        };
        let why = launch_choice(&bad, |_| GameChoice::default()).unwrap_err();
        assert!(
            why.starts_with("--position: a Vectress code has 7 fields"),
            "{why}"
        );
    }
}
