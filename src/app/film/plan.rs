//! What `lodestone film` is asked for, checked before anything is drawn: the game, the
//! actions (through the rules), the plies filmed, the look and where the film goes.

use std::path::PathBuf;

use super::encode::Format;
use crate::app::render::{check_output_file, check_output_folder, parse_size};
use crate::app::ui::CaptionWords;
use crate::replay::Replay;
use crate::rules::{GameId, Setup};

#[derive(clap::Args, Debug, Clone)]
pub struct FilmArgs {
    /// The game (the list is added from the game registry, `GameId::ALL`).
    pub game: String,
    /// The actions from the start, comma separated, in the engine's notation.
    #[arg(long, value_delimiter = ',', conflicts_with = "replay")]
    pub moves: Vec<String>,
    /// A position code the --moves start from instead of the game's start (`lodestone
    /// code` writes them; docs/codes.md).
    #[arg(long, value_name = "CODE", conflicts_with_all = ["replay", "scenario"])]
    pub position: Option<String>,
    /// A replay file to take the actions (and ruleset and seed) from instead.
    #[arg(long, conflicts_with = "scenario")]
    pub replay: Option<PathBuf>,
    /// A scenario of the library (`lodestone scenarios` lists them): its focus ply is
    /// filmed unless --from/--to say otherwise.
    #[arg(long, conflicts_with = "moves")]
    pub scenario: Option<String>,
    /// The first ply filmed (plies count from 0; default: the last action, or a
    /// scenario's focus).
    #[arg(long)]
    pub from: Option<usize>,
    /// The ply after the last one filmed (default: the one after --from's).
    #[arg(long)]
    pub to: Option<usize>,
    /// Playback speed, 0.05 to 4 (slow motion below 1).
    #[arg(long, default_value_t = 1.0)]
    pub speed: f32,
    /// Frames per second of the film, 1 to 60.
    #[arg(long, default_value_t = 15)]
    pub fps: u32,
    /// Frame size, WIDTHxHEIGHT.
    #[arg(long, default_value = "960x540")]
    pub size: String,
    /// The camera: fixed (the game's own view) or cinematic (it follows each stage's
    /// pieces, then eases back).
    #[arg(long, default_value = "cinematic")]
    pub camera: String,
    /// Each stage's caption: short (one line), full (the whole sentence) or off.
    #[arg(long, default_value = "short")]
    pub captions: String,
    /// The board's letters and numbers: on, off, or auto (shown from 720 rows up, where
    /// they are big enough to read).
    #[arg(long, default_value = "auto")]
    pub labels: String,
    /// draft (the low look: no shadows, environment or anti-aliasing; faster under
    /// software rendering) or good (the high look).
    #[arg(long, default_value = "good")]
    pub quality: String,
    /// Give up if a frame is not drawn within this many seconds.
    #[arg(long, default_value_t = 300)]
    pub timeout: u64,
    /// The film: a `.gif`, `.png` (animated PNG) or `.webp` (animated, lossy) file, or a
    /// folder for `frame-0001.png`, ... (default: GAME.gif, or NAME.gif for a scenario, in
    /// the current folder).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// A WebP film's quality, 0 (smallest) to 100 (best).
    #[arg(long)]
    pub webp_quality: Option<f32>,
    /// Also write the poster, a `.png` of the frame that best shows the action: the stage
    /// with the most pieces acting, at its moment of contact.
    #[arg(long)]
    pub poster: Option<PathBuf>,
    /// Also write the film's soundtrack, a `.wav` file: the same mix the window plays,
    /// rendered offline on the film's clock (sample-exact with the frames).
    #[arg(long)]
    pub audio: Option<PathBuf>,
    /// Less motion, as the setting gives it: plain eases, no shake, pulse or flash, and
    /// a camera that cuts instead of flying (every stage still plays, in order).
    #[arg(long)]
    pub reduced_motion: bool,
    /// The colour vision the paired colours are chosen for: typical, deuteranopia,
    /// protanopia or tritanopia (as the setting picks them).
    #[arg(long, default_value = "typical")]
    pub colour_vision: String,
    /// Show the renderer's and the libraries' log lines on standard error (RUST_LOG also
    /// sets them).
    #[arg(long)]
    pub verbose: bool,
}

/// A WebP film's quality unless asked: where the README chain's artefacts stop showing
/// at 480x270.
const DEFAULT_WEBP_QUALITY: f32 = 80.0;

/// A checked film request.
#[derive(Debug, Clone, PartialEq)]
pub struct FilmPlan {
    pub game: GameId,
    /// Where the actions start: a position code and its ruleset, or the game's start.
    pub start: Setup,
    /// Played at once before the film starts.
    pub before: Vec<String>,
    /// Played, one after the other, while filming.
    pub filmed: Vec<String>,
    pub speed: f32,
    pub fps: u32,
    pub size: (u32, u32),
    /// The captions' words, or none.
    pub captions: Option<CaptionWords>,
    pub cinematic: bool,
    pub reduced_motion: bool,
    pub colour_vision: crate::colour_vision::Vision,
    pub draft: bool,
    /// Whether the board's letters and numbers show.
    pub labels: bool,
    pub format: Format,
    /// Where the film goes: the file, or the folder of PNGs.
    pub out: PathBuf,
    /// Where the poster goes, if asked.
    pub poster: Option<PathBuf>,
    /// Where its soundtrack goes, if asked.
    pub audio: Option<PathBuf>,
}

impl FilmPlan {
    /// The captions' font size for the film's frame: a short line (at most 50
    /// characters) may be large, as wide as most of the frame; a full sentence wraps, so
    /// it keeps to a thirtieth of the height.
    pub fn caption_size(&self) -> f32 {
        let (width, height) = (self.size.0 as f32, self.size.1 as f32);
        match self.captions {
            Some(CaptionWords::Full) | None => (height / 30.0).clamp(9.0, 40.0),
            Some(CaptionWords::Short) => (height / 16.0).min(width * 0.92 / 28.0).clamp(9.0, 48.0),
        }
    }
}

/// Checks the request (the actions through the rules too) before anything is drawn.
pub fn plan(args: &FilmArgs) -> Result<FilmPlan, String> {
    let game = GameId::parse(&args.game).ok_or_else(|| {
        format!(
            "unknown game \"{}\" (known: {})",
            args.game,
            GameId::known()
        )
    })?;
    let mut focus = None;
    let mut start = Setup::default();
    let actions = match (&args.replay, &args.scenario) {
        (_, Some(name)) => {
            let scenario = crate::showcase::library::scenarios()?
                .into_iter()
                .find(|s| s.game == game && s.name == name.as_str())
                .ok_or_else(|| {
                    format!(
                        "no {} scenario is named \"{name}\" (lodestone scenarios lists them)",
                        game.id()
                    )
                })?;
            if scenario.replay.seed != 0 {
                return Err(format!(
                    "the scenario {name} needs its seed, and films start from the default seed"
                ));
            }
            start = scenario.replay.setup();
            focus = scenario.replay.focus;
            scenario.replay.actions
        }
        (Some(path), None) => {
            let replay = Replay::load(path)?;
            if replay.game_id()? != game {
                return Err(format!(
                    "{} is a replay of {}, not {}",
                    path.display(),
                    replay.game,
                    game.id()
                ));
            }
            if replay.seed != 0 {
                return Err(format!(
                    "{} needs its seed, and films start from the default seed",
                    path.display()
                ));
            }
            start = replay.setup();
            replay.actions
        }
        (None, None) => {
            if let Some(code) = &args.position {
                start = Setup {
                    ruleset: game
                        .code_ruleset(code, None)
                        .map_err(|why| format!("--position: {why}"))?,
                    position: Some(code.clone()),
                    ..Setup::default()
                };
            }
            let replay = Replay::from_setup(game, start.clone(), args.moves.clone());
            replay.check().map_err(|e| format!("the moves {e}"))?;
            replay.actions
        }
    };
    if actions.is_empty() {
        return Err("there is nothing to film: give --moves or --replay".to_string());
    }
    // A scenario films its focus ply; otherwise the last action.
    let to = args
        .to
        .unwrap_or_else(|| focus.map_or(actions.len(), |f| (f + 1).min(actions.len())));
    let from = args.from.unwrap_or(to.saturating_sub(1));
    if to > actions.len() || from >= to {
        return Err(format!(
            "--from {from} --to {to} is no range of the {} plies (plies count from 0: 0 <= from < to <= {})",
            actions.len(),
            actions.len()
        ));
    }
    if !(0.05..=4.0).contains(&args.speed) {
        return Err(format!(
            "--speed must be from 0.05 to 4, not {}",
            args.speed
        ));
    }
    if !(1..=60).contains(&args.fps) {
        return Err(format!("--fps must be from 1 to 60, not {}", args.fps));
    }
    let cinematic = match args.camera.as_str() {
        "fixed" => false,
        "cinematic" => true,
        other => {
            return Err(format!(
                "--camera must be fixed or cinematic, not \"{other}\""
            ));
        }
    };
    let captions = match args.captions.as_str() {
        // "on" as before short captions: the default words.
        "short" | "on" => Some(CaptionWords::Short),
        "full" => Some(CaptionWords::Full),
        "off" => None,
        other => {
            return Err(format!(
                "--captions must be short, full or off, not \"{other}\""
            ));
        }
    };
    let draft = match args.quality.as_str() {
        "draft" => true,
        "good" => false,
        other => return Err(format!("--quality must be draft or good, not \"{other}\"")),
    };
    let out = args.out.clone().unwrap_or_else(|| {
        PathBuf::from(format!(
            "{}.gif",
            args.scenario.as_deref().unwrap_or(&args.game)
        ))
    });
    let format = if out.is_dir() {
        Format::Pngs
    } else {
        Format::of(&out, args.webp_quality.unwrap_or(DEFAULT_WEBP_QUALITY))?
    };
    match args.webp_quality {
        Some(q) if !matches!(format, Format::Webp { .. }) => {
            return Err(format!(
                "--webp-quality {q} is for a .webp film, not {}",
                out.display()
            ));
        }
        Some(q) if !(0.0..=100.0).contains(&q) => {
            return Err(format!("--webp-quality must be from 0 to 100, not {q}"));
        }
        _ => {}
    }
    if format.is_folder() {
        if out.exists() && !out.is_dir() {
            return Err(format!("--out {} is a file, not a folder", out.display()));
        }
        // The frames' folder, made now (with any missing parents) so that a folder that
        // cannot be made or written is found before the first frame.
        std::fs::create_dir_all(&out)
            .map_err(|e| format!("--out {}: cannot make the folder ({e})", out.display()))?;
        check_output_folder(&out, "--out", &out)?;
    } else {
        check_output_file(&out, "--out")?;
    }
    if let Some(poster) = &args.poster {
        if poster
            .extension()
            .is_none_or(|e| !e.eq_ignore_ascii_case("png"))
        {
            return Err(format!(
                "--poster must be a .png file, not {}",
                poster.display()
            ));
        }
        check_output_file(poster, "--poster")?;
    }
    let size = parse_size(&args.size)?;
    let labels = match args.labels.as_str() {
        "on" => true,
        "off" => false,
        "auto" => size.1 >= 720,
        other => return Err(format!("--labels must be on, off or auto, not \"{other}\"")),
    };
    if let Some(audio) = &args.audio {
        if audio.extension().is_none_or(|e| e != "wav") {
            return Err(format!(
                "--audio must be a .wav file, not {}",
                audio.display()
            ));
        }
        check_output_file(audio, "--audio")?;
    }
    Ok(FilmPlan {
        game,
        start,
        before: actions[..from].to_vec(),
        filmed: actions[from..to].to_vec(),
        speed: args.speed,
        fps: args.fps,
        size,
        captions,
        cinematic,
        reduced_motion: args.reduced_motion,
        colour_vision: crate::colour_vision::Vision::parse(&args.colour_vision)?,
        draft,
        labels,
        format,
        out,
        poster: args.poster.clone(),
        audio: args.audio.clone(),
    })
}
