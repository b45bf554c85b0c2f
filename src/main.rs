//! The `lodestone` command: the game window, the engine and the measuring subcommands.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use lodestone::engine::{self, cli::CliError};
use lodestone::rules::GameId;

#[path = "main/window.rs"]
mod window;
#[cfg(feature = "app")]
use window::window_wanted;
use window::{open_attract, open_game, open_window};

#[derive(Parser)]
#[command(
    name = "lodestone",
    version,
    long_about = "Lodestone: four force-and-field board games.\n\n\
        With no subcommand, opens the game window. The subcommands serve the rules \
        engines to scripts and measure them; results go to standard output as JSON, \
        progress to standard error."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Verb>,
    /// Open the window straight into the attract showcase (the scenario library played
    /// by itself); any key or click returns to the menu.
    #[arg(long)]
    attract: bool,
    /// Open the window straight into game GAME: the one saved under way in that mode if there
    /// is one (see --new), else a new one.
    #[arg(long, value_name = "GAME")]
    game: Option<String>,
    /// With --game: two-players, vs-computer, demo or board (default: the last choice).
    #[arg(long, value_name = "MODE")]
    mode: Option<String>,
    /// With --game: the side you play against the computer (white/black, red/blue,
    /// one/two, or first/second); the computer opens when you take the second.
    #[arg(long, value_name = "SIDE")]
    side: Option<String>,
    /// With --game: the computer's level: easy, normal or strong.
    #[arg(long, value_name = "LEVEL")]
    level: Option<String>,
    /// With --game hexchess: v011 (the default) or classic (Glinski, no renaming).
    #[arg(long, value_name = "RULESET")]
    ruleset: Option<String>,
    /// With --game: a new game from this position code (`lodestone code` writes them;
    /// docs/codes.md).
    #[arg(long, value_name = "CODE", conflicts_with = "new_game")]
    position: Option<String>,
    /// With --game: start a new game even when one of that mode is saved under way (by
    /// default it is resumed, as the new-game dialog's Resume does).
    #[arg(long = "new")]
    new_game: bool,
    /// With --game: open the position editor, at the start or at --position's code.
    #[arg(long = "set-up", conflicts_with = "new_game")]
    set_up: bool,
    /// With --game: open its lesson N (1 is the first; the Learn sheet lists them).
    #[arg(long, value_name = "N", conflicts_with_all = ["mode", "side", "level", "ruleset", "position", "puzzle", "new_game"])]
    lesson: Option<usize>,
    /// With --game: open its puzzle N (1 is the easiest; `lodestone puzzles GAME` lists them).
    #[arg(long, value_name = "N", conflicts_with_all = ["mode", "side", "level", "ruleset", "position", "new_game"])]
    puzzle: Option<usize>,
    /// Close the window after this many seconds (an unattended exhibition, a timed demo),
    /// with exit status 0.
    #[arg(long, value_name = "SECONDS")]
    exit_after: Option<f64>,
    /// Write one JSON line a minute to FILE: minute, seconds, rss_bytes, heap (the C
    /// allocator's in_use, free, arena), rust_heap_bytes, render_entities, entities, assets
    /// (per kind), observers, tasks, frame_ms_median and showcase_cycles (full passes).
    #[arg(long, value_name = "FILE")]
    stats: Option<std::path::PathBuf>,
}

#[derive(Subcommand)]
enum Verb {
    /// Serve the rules over JSON lines on standard input/output (see docs/protocol.md).
    #[command(
        long_about = "Serve the rules over JSON lines on standard input/output: one \
        request per line, one answer per line (docs/protocol.md has every command, answer \
        and error). `ai` takes an optional \"level\": easy, normal or strong (the default, \
        the strongest). `perft` counts at most depth 5 here; `lodestone perft` has no limit."
    )]
    Engine,
    /// Render a game's scene offscreen to a PNG, after the given moves.
    #[cfg(feature = "app")]
    Render(lodestone::app::render::RenderArgs),
    /// Film a game's playback offscreen into an animated GIF, APNG or WebP (by the
    /// extension of OUT: .gif, .png, .webp) or a numbered PNG sequence (OUT is a folder);
    /// prints frames, bytes, seconds and frames per second as JSON.
    #[cfg(feature = "app")]
    Film(lodestone::app::film::FilmArgs),
    /// Self-play many games and print a JSON summary. `lodestone simulate GAME --help`
    /// lists the game's options.
    // The game parses its own options, `--help` included.
    #[command(disable_help_flag = true)]
    Simulate {
        /// The game (its help lists them).
        #[arg(allow_hyphen_values = true)]
        game: String,
        /// The game's own options, e.g. `--games 100 --seed 1`.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        options: Vec<String>,
    },
    /// Measure a rules core (medians) and print them as JSON; `lodestone bench app`
    /// measures the presentation (update and frame times per game), `bench sound` the
    /// sound (mixing cost, delay to the output), `bench start` the start (process to the
    /// first frame drawn).
    #[command(disable_help_flag = true)]
    Bench {
        /// The game (its help lists them).
        #[arg(allow_hyphen_values = true)]
        game: String,
        /// The game's own options; `lodestone bench GAME --help` lists them.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        options: Vec<String>,
    },
    /// Open a replay file: checked move by move, then (in the window) its game at the last
    /// ply, to play on. A file that cannot be read or replayed is one line on standard
    /// error and exit status 2; the file is never changed.
    Replay {
        /// The replay (RON; the README shows the format).
        file: std::path::PathBuf,
        /// Only check it and print a JSON line: game, plies, title, created, focus (0-based
        /// ply), over (whether the game has ended) and winner (the side's name, or null).
        #[arg(long)]
        check: bool,
    },
    /// Search a game for its most spectacular actions and print them as JSON, best
    /// first. `lodestone mine GAME --help` lists the options.
    #[command(disable_help_flag = true)]
    Mine {
        /// The game (its help lists them).
        #[arg(allow_hyphen_values = true)]
        game: String,
        /// The miner's options, e.g. `--positions 300 --seed 1 --top 10`.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        options: Vec<String>,
    },
    /// List the scenario library: game, name, title, plies, focus and scores.
    Scenarios {
        /// Only this game's scenarios (its help lists the games).
        #[arg(conflicts_with = "game_flag")]
        game: Option<String>,
        /// The same as GAME, as a flag.
        #[arg(long = "game", value_name = "GAME")]
        game_flag: Option<String>,
        /// Print one JSON array, with each scenario's actions, ruleset and seed.
        #[arg(long)]
        json: bool,
    },
    /// List the puzzles, easy to hard: game, name, difficulty, side to move, how many of
    /// its turns solve it, and the goal.
    Puzzles {
        /// Only this game's puzzles (its help lists the games).
        #[arg(conflicts_with = "game_flag")]
        game: Option<String>,
        /// The same as GAME, as a flag.
        #[arg(long = "game", value_name = "GAME")]
        game_flag: Option<String>,
        /// Print one JSON array: each puzzle's actions from the start, ruleset, seed, side
        /// to move, goal, every solution and difficulty.
        #[arg(long)]
        json: bool,
    },
    /// A position's best turns: each with its value, its chance to win and the line the
    /// computer expects; or, with --threat, what the side not to move threatens.
    /// `lodestone analyse GAME --help` lists the options.
    #[command(disable_help_flag = true)]
    Analyse {
        /// The game (its help lists them).
        #[arg(allow_hyphen_values = true)]
        game: String,
        /// The analysis's options, e.g. `--moves f5f6,b7b6 --top 3 --level strong --json`.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        options: Vec<String>,
    },
    /// Write a position as its code (one line; docs/codes.md): the start, the position
    /// after --moves, or a --position code read and written back normalised.
    /// `lodestone code GAME --help` lists the options.
    #[command(disable_help_flag = true)]
    Code {
        /// The game (its help lists them).
        #[arg(allow_hyphen_values = true)]
        game: String,
        /// Where the game starts, e.g. `--moves f5f6,b7b6` or `--position CODE`.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        options: Vec<String>,
    },
    /// Judge every turn of a kept game (a replay or save file): the mover's chance to win
    /// before and after it, the engine's best turn, and a mark (?! ? ?? !) from the fall;
    /// per side the marks counted and an accuracy. `lodestone review FILE --help` lists
    /// the options (--level, --threads, --json).
    #[command(disable_help_flag = true)]
    Review {
        /// The replay file (RON).
        #[arg(allow_hyphen_values = true)]
        file: String,
        /// The review's options, e.g. `--level normal --json`.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        options: Vec<String>,
    },
    /// Fit a game's win-chance curve on the computer's self-play and print the scale and
    /// its figures as JSON. `lodestone fit GAME --help` lists the options.
    #[command(disable_help_flag = true)]
    Fit {
        /// The game (its help lists them).
        #[arg(allow_hyphen_values = true)]
        game: String,
        /// The fit's options, e.g. `--games 40 --seed 1 --level strong`.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        options: Vec<String>,
    },
    /// Hex chess perft: `lodestone perft [--ruleset v011|classic] DEPTH [--divide]`.
    #[command(disable_help_flag = true)]
    Perft {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        options: Vec<String>,
    },
}

/// Counts Rust's live heap for `--stats` (a pass-through until a long run asks).
#[cfg(feature = "app")]
#[global_allocator]
static ALLOCATOR: lodestone::app::heap::CountingAllocator = lodestone::app::heap::CountingAllocator;

/// The command line, with every list of games in its help written from the registry
/// (`GameId::ALL`), so a game added there is listed everywhere.
fn command() -> clap::Command {
    use clap::CommandFactory;
    let titles: Vec<&str> = GameId::ALL.map(GameId::title).to_vec();
    let (last, rest) = titles.split_last().expect("at least one game");
    let games = GameId::known_or();
    // The list goes under each help rather than into its argument: changing an argument
    // re-inserts it last, which would move a positional one.
    let games_line = format!("GAME is {games}.");
    let command = Cli::command()
        .about(format!("Lodestone: {} and {last}.", rest.join(", ")))
        .after_help(games_line.clone());
    let command = [
        "simulate",
        "bench",
        "mine",
        "analyse",
        "code",
        "fit",
        "scenarios",
        "puzzles",
    ]
    .into_iter()
    .fold(command, |c, verb| {
        c.mut_subcommand(verb, |s| s.after_help(games_line.clone()))
    });
    #[cfg(feature = "app")]
    let command = command
        .mut_subcommand("render", |s| {
            s.after_help(format!("GAME is menu, {games}."))
        })
        .mut_subcommand("film", |s| s.after_help(games_line.clone()));
    command
}

fn main() -> ExitCode {
    #[cfg(feature = "app")]
    lodestone::app::start_trace::begin();
    use clap::FromArgMatches;
    let args = help_as_flag(std::env::args_os().collect());
    let parsed = command()
        .try_get_matches_from(&args)
        .and_then(|matches| Cli::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            // The subcommand the mistake is in, so the line can name it.
            let verb = args
                .get(1)
                .and_then(|a| a.to_str())
                .filter(|a| command().get_subcommands().any(|c| c.get_name() == *a));
            return report(Err(engine::cli::from_clap(&e, verb)));
        }
    };
    let launch = cli.game.is_some()
        || cli.lesson.is_some()
        || cli.puzzle.is_some()
        || cli.mode.is_some()
        || cli.side.is_some()
        || cli.level.is_some()
        || cli.ruleset.is_some()
        || cli.position.is_some()
        || cli.set_up;
    let result = match cli.command {
        None if launch => open_game(&cli),
        Some(_) if cli.exit_after.is_some() || cli.stats.is_some() => Err(CliError::Usage(
            "--exit-after and --stats go with the window (lodestone --attract, or --game GAME \
             --mode demo), not for a subcommand"
                .to_string(),
        )),
        None if cli.attract => open_attract(&cli),
        None => open_window(&cli),
        Some(Verb::Engine) => {
            let stdin = std::io::stdin().lock();
            let stdout = std::io::stdout().lock();
            engine::protocol::run(stdin, stdout)
                .map(|()| serde_json::Value::Null)
                .map_err(|e| CliError::Failed(format!("engine: {e}")))
        }
        #[cfg(feature = "app")]
        Some(Verb::Render(args)) => {
            lodestone::app::render::run(&args).map(|()| serde_json::Value::Null)
        }
        #[cfg(feature = "app")]
        Some(Verb::Film(args)) => lodestone::app::film::run(&args),
        Some(Verb::Simulate { game, options }) => {
            with_game(&game, "simulate", |g| engine::simulate(g, &options))
        }
        #[cfg(feature = "app")]
        Some(Verb::Bench { game, options }) if game == "app" => {
            lodestone::app::bench::run(&options)
        }
        #[cfg(feature = "app")]
        Some(Verb::Bench { game, options }) if game == "sound" => {
            lodestone::app::bench::sound::run(&options)
        }
        #[cfg(feature = "app")]
        Some(Verb::Bench { game, options }) if game == "start" => {
            lodestone::app::bench::start::run(&options)
        }
        Some(Verb::Bench { game, options }) if game == "review" => engine::review::bench(&options),
        Some(Verb::Bench { game, options }) => {
            with_game(&game, "bench", |g| engine::bench(g, &options))
        }
        Some(Verb::Mine { game, options }) => {
            with_game(&game, "mine", |g| engine::showcase::mine(g, &options))
        }
        Some(Verb::Scenarios {
            game,
            game_flag,
            json,
        }) => match game.or(game_flag) {
            None => engine::showcase::scenarios(None, json),
            Some(game) => with_game(&game, "scenarios", |g| {
                engine::showcase::scenarios(Some(g), json)
            }),
        },
        Some(Verb::Puzzles {
            game,
            game_flag,
            json,
        }) => match game.or(game_flag) {
            None => engine::puzzles::puzzles(None, json),
            Some(game) => with_game(&game, "puzzles", |g| {
                engine::puzzles::puzzles(Some(g), json)
            }),
        },
        Some(Verb::Analyse { game, options }) => with_game(&game, "analyse", |g| {
            engine::analysis::analyse_cli(g, &options)
        }),
        Some(Verb::Code { game, options }) => {
            with_game(&game, "code", |g| engine::code::code_cli(g, &options))
        }
        Some(Verb::Fit { game, options }) => {
            with_game(&game, "fit", |g| engine::fit::fit(g, &options))
        }
        Some(Verb::Perft { options }) => engine::hexchess::perft_cli(&options),
        Some(Verb::Replay { file, check }) => open_replay(&file, check),
        Some(Verb::Review { file, options }) => review(&file, &options),
    };
    report(result)
}

/// `lodestone help [SUBCOMMAND...]` is `lodestone [SUBCOMMAND...] --help`, so `help` works
/// for every subcommand, the per-game ones (`help simulate vectress`) and itself too.
fn help_as_flag(mut args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    if args.get(1).is_some_and(|a| a == "help") {
        args.remove(1);
        args.retain(|a| a != "--help" && a != "-h" && a != "help");
        args.push("--help".into());
    }
    args
}

/// Prints a command's result (JSON on one line) or its error (one line), and its status.
fn report(result: Result<serde_json::Value, CliError>) -> ExitCode {
    match result {
        Ok(serde_json::Value::Null) => ExitCode::SUCCESS,
        Ok(value) => {
            println!("{}", engine::cli::to_json_line(&value));
            ExitCode::SUCCESS
        }
        Err(CliError::Help(text)) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e @ (CliError::Usage(_) | CliError::Failed(_))) => {
            let (CliError::Usage(msg) | CliError::Failed(msg) | CliError::Help(msg)) = &e;
            eprintln!("{}", engine::cli::error_line(msg));
            ExitCode::from(e.exit_code() as u8)
        }
    }
}

/// `lodestone review FILE ...`; `--help` in the file's place is the help.
fn review(file: &str, options: &[String]) -> Result<serde_json::Value, CliError> {
    if file == "--help" || file == "-h" {
        return engine::review::review_cli(file, &["--help".to_string()]);
    }
    engine::review::review_cli(file, options)
}

fn with_game(
    game: &str,
    verb: &str,
    f: impl FnOnce(GameId) -> Result<serde_json::Value, CliError>,
) -> Result<serde_json::Value, CliError> {
    if game == "--help" || game == "-h" {
        return Err(CliError::Help(format!(
            "Usage: lodestone {verb} GAME [OPTIONS]...\n\nGAME is {};\n`lodestone {verb} GAME --help` lists that game's options.\n",
            GameId::known_or()
        )));
    }
    match GameId::parse(game) {
        Some(id) => f(id),
        None => Err(CliError::Usage(format!(
            "{verb}: unknown game \"{game}\" (known: {})",
            GameId::known()
        ))),
    }
}

/// `lodestone replay FILE`: the replay checked, then summarised (`--check`, or a build
/// without the window) or opened in the window.
fn open_replay(file: &std::path::Path, check: bool) -> Result<serde_json::Value, CliError> {
    let replay = lodestone::replay::Replay::load(file)
        .map_err(|e| CliError::Usage(format!("replay: {e}")))?;
    if check || cfg!(not(feature = "app")) {
        let (over, winner) = replay
            .ending()
            .map_err(|e| CliError::Usage(format!("replay: {} {e}", file.display())))?;
        let mut summary = serde_json::json!({
            "game": replay.game,
            "plies": replay.actions.len(),
            "title": replay.title,
            "created": replay.created,
            "focus": replay.focus,
            "over": over,
            "winner": winner,
        });
        // A game saved under way: how it was being played.
        if let Some(r) = &replay.resume {
            summary["resume"] = serde_json::json!({
                "mode": r.mode,
                "level": r.level.name(),
                "side": r.side,
                "turns": r.turns.len(),
            });
        }
        return Ok(summary);
    }
    #[cfg(feature = "app")]
    if window_wanted()? {
        let game = replay
            .game_id()
            .map_err(|e| CliError::Usage(format!("replay: {} {e}", file.display())))?;
        lodestone::app::open::run_window_from(Some((
            game,
            lodestone::app::table::StartFrom::replay(&replay),
        )));
    }
    Ok(serde_json::Value::Null)
}
