//! Opening the game window from the command line: the display checked first, the long-run
//! flags and a launch choice checked before anything opens.

use lodestone::engine::cli::CliError;

use super::Cli;

/// `LODESTONE_NO_WINDOW=1`: the command line (and a replay) is checked as usual, then the
/// command exits 0 instead of opening the window (for scripts and the README's test).
#[cfg(feature = "app")]
fn no_window() -> bool {
    std::env::var_os("LODESTONE_NO_WINDOW").is_some_and(|v| !v.is_empty() && v != "0")
}

/// Whether the window may be opened: not with `LODESTONE_NO_WINDOW`, and not without a
/// display to open it on (one sentence and exit status 1 instead of the window system's
/// panic).
#[cfg(feature = "app")]
pub(crate) fn window_wanted() -> Result<bool, CliError> {
    if no_window() {
        return Ok(false);
    }
    if cfg!(target_os = "linux") {
        let var = |name: &str| std::env::var(name).ok();
        if let Some(why) = lodestone::app::startup::display_problem(
            var("DISPLAY").as_deref(),
            var("WAYLAND_DISPLAY").as_deref(),
        ) {
            return Err(CliError::Failed(why));
        }
    }
    Ok(true)
}

/// The long-run flags, checked (and the stats file made) before the window opens.
#[cfg(feature = "app")]
pub(crate) fn long_run(cli: &Cli) -> Result<lodestone::app::long_run::LongRun, CliError> {
    lodestone::app::long_run::LongRun::new(cli.exit_after, cli.stats.as_deref())
        .map_err(CliError::Usage)
}

#[cfg(feature = "app")]
pub(crate) fn open_window(cli: &Cli) -> Result<serde_json::Value, CliError> {
    let long_run = long_run(cli)?;
    if window_wanted()? {
        lodestone::app::open::run_window(long_run);
    }
    Ok(serde_json::Value::Null)
}

/// `--game GAME --lesson N` or `--puzzle N`: the exercise, checked before the window opens.
#[cfg(feature = "app")]
fn open_exercise(cli: &Cli) -> Result<serde_json::Value, CliError> {
    use lodestone::app::learn::{Exercise, Item};
    let usage = |text: String| CliError::Usage(text);
    let Some(name) = cli.game.as_deref() else {
        return Err(usage(
            "--lesson and --puzzle go with --game GAME".to_string(),
        ));
    };
    let game = lodestone::rules::GameId::parse(name).ok_or_else(|| {
        usage(format!(
            "--game: unknown game \"{name}\" (known: {})",
            lodestone::rules::GameId::known()
        ))
    })?;
    let (flag, n) = match (cli.lesson, cli.puzzle) {
        (Some(n), _) => ("--lesson", n),
        (_, Some(n)) => ("--puzzle", n),
        _ => unreachable!("open_exercise is called with --lesson or --puzzle"),
    };
    if n == 0 {
        return Err(usage(format!("{flag}: 1 is the first")));
    }
    let item = if flag == "--lesson" {
        Item::Lesson(n - 1)
    } else {
        Item::Puzzle(n - 1)
    };
    let exercise = Exercise::new(game, item).map_err(|e| usage(format!("{flag}: {e}")))?;
    let long_run = long_run(cli)?;
    if window_wanted()? {
        lodestone::app::open::run_exercise(exercise, long_run);
    }
    Ok(serde_json::Value::Null)
}

#[cfg(feature = "app")]
pub(crate) fn open_game(cli: &Cli) -> Result<serde_json::Value, CliError> {
    if cli.lesson.is_some() || cli.puzzle.is_some() {
        return open_exercise(cli);
    }
    let args = lodestone::app::new_game::LaunchArgs {
        game: cli.game.clone(),
        mode: cli.mode.clone(),
        side: cli.side.clone(),
        level: cli.level.clone(),
        ruleset: cli.ruleset.clone(),
        position: cli.position.clone(),
    };
    let (game, choice) =
        lodestone::app::new_game::launch_choice(&args, lodestone::app::new_game::remembered_choice)
            .map_err(CliError::Usage)?;
    let long_run = long_run(cli)?;
    if window_wanted()? {
        let start = lodestone::app::open::GameStart {
            fresh: cli.new_game,
            position: cli.position.clone(),
            set_up: cli.set_up,
        };
        lodestone::app::open::run_game(game, choice, start, long_run);
    }
    Ok(serde_json::Value::Null)
}

#[cfg(not(feature = "app"))]
pub(crate) fn open_game(cli: &Cli) -> Result<serde_json::Value, CliError> {
    open_window(cli)
}

#[cfg(feature = "app")]
pub(crate) fn open_attract(cli: &Cli) -> Result<serde_json::Value, CliError> {
    let long_run = long_run(cli)?;
    if window_wanted()? {
        lodestone::app::open::run_attract(long_run);
    }
    Ok(serde_json::Value::Null)
}

#[cfg(not(feature = "app"))]
pub(crate) fn open_attract(cli: &Cli) -> Result<serde_json::Value, CliError> {
    open_window(cli)
}

#[cfg(not(feature = "app"))]
pub(crate) fn open_window(_cli: &Cli) -> Result<serde_json::Value, CliError> {
    Err(CliError::Usage(
        "this build has no game window (built without the `app` feature); try `lodestone engine`"
            .to_string(),
    ))
}
