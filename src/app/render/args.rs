//! What `lodestone render` is asked for, checked before any window system or GPU is
//! touched: the scene, the actions (through the rules), the step to freeze, the size and
//! where the files go.

use std::path::{Path, PathBuf};

use super::rules_checks::{check_sights, last_playback};
use crate::rules::{GameId, Setup};

#[derive(clap::Args, Debug, Clone)]
pub struct RenderArgs {
    /// What to draw: menu, or a game (the list is added from `GameId::ALL`).
    pub game: String,
    /// Actions to play first, comma separated, in the engine's notation (`E3-E5,E7-E6`).
    #[arg(long, value_delimiter = ',')]
    pub moves: Vec<String>,
    /// A position code to start from instead of the game's start (`lodestone code`
    /// writes them; docs/codes.md); --moves are played from it.
    #[arg(long, value_name = "CODE")]
    pub position: Option<String>,
    /// Freeze the last action's playback in this step, in any game (1 = the first: the
    /// move itself; then, in Vectress, one step per wave).
    #[arg(long, conflicts_with = "wave")]
    pub step: Option<usize>,
    /// Vectress: freeze the last move's playback in this wave (1 = the first wave, the
    /// step after the move itself).
    #[arg(long)]
    pub wave: Option<usize>,
    /// With --step or --wave: the fraction of that step played, 0 to 1 (default 0.5).
    #[arg(long)]
    pub t: Option<f32>,
    /// Show this turn's whole outcome after the moves, as a hovered move shows it (its
    /// ghosts, marks and line), in the engine's notation (a turn of several actions,
    /// such as a Wave Field tuning and move, comma separated).
    #[arg(long, conflicts_with_all = ["step", "wave"])]
    pub preview: Option<String>,
    /// Show what the side not to move threatens after the moves (the T key's arrow,
    /// ghosts and line).
    #[arg(long, conflicts_with_all = ["step", "wave"])]
    pub threat: bool,
    /// Review the moves as the window's review does (its marks beside the move list, the
    /// win-chance graph, the marked turns), at the strong level.
    #[arg(long, conflicts_with_all = ["step", "wave"])]
    pub review: bool,
    /// Less motion, as the setting gives it: plain eases, no shake, pulse or flash, and
    /// a camera that cuts instead of flying (every stage still plays, in order).
    #[arg(long)]
    pub reduced_motion: bool,
    /// Wave Field's territory hatched where the field is positive and dotted where it is
    /// negative, as the setting gives it.
    #[arg(long)]
    pub territory_pattern: bool,
    /// The colour vision the paired colours are chosen for: typical, deuteranopia,
    /// protanopia or tritanopia (as the setting picks them).
    #[arg(long, default_value = "typical")]
    pub colour_vision: String,
    /// Also write the picture as this colour-vision deficiency sees it (Machado et al.
    /// 2009), beside the first as NAME-seen-as-VISION.png: to check the palettes.
    #[arg(long)]
    pub see_as: Option<String>,
    /// Image size, WIDTHxHEIGHT.
    #[arg(long, default_value = "1280x720")]
    pub size: String,
    /// Give up if the scene is not drawn within this many seconds.
    #[arg(long, default_value_t = 300)]
    pub timeout: u64,
    /// The PNG to write (default: GAME.png in the current folder).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write a JSON layout report here: the image size, the board's screen rectangle
    /// and the rectangle of every visible HUD and menu panel (for headless checks that
    /// nothing overlaps).
    #[arg(long)]
    pub layout: Option<PathBuf>,
    /// With --layout: write the layout report only, and draw nothing. The scene and its
    /// HUD are set and laid out exactly as for the picture, in a fraction of the time
    /// (software rendering spends most of a render drawing).
    #[arg(long, requires = "layout", conflicts_with_all = ["out", "see_as"])]
    pub no_picture: bool,
    /// Show the renderer's and the libraries' log lines on standard error (RUST_LOG also
    /// sets them).
    #[arg(long)]
    pub verbose: bool,
}

/// A checked render request.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderPlan {
    /// `None`: the menu.
    pub game: Option<GameId>,
    pub size: (u32, u32),
    /// (0-based step, fraction).
    pub freeze: Option<(usize, f32)>,
    pub out: PathBuf,
    /// Whether the picture is drawn and written (`--no-picture` writes the layout only).
    pub picture: bool,
    /// A game's own view, developer mode and selection for the still, from
    /// `LODESTONE_WAVEFIELD_VIEW`, `_DEV` and `_SELECT` (read here, in the command, and
    /// handed to the table as typed fields of its launch).
    pub view: Option<String>,
    pub developer: bool,
    pub select: Option<String>,
    /// The turn previewed after the moves, and whether the threat is shown.
    pub preview: Option<String>,
    pub threat: bool,
    /// Whether the moves are reviewed.
    pub review: bool,
    /// Where the game starts: its position code and the ruleset the code is a position
    /// of (the seed is the table's own).
    pub start: Setup,
}

impl RenderPlan {
    /// The still the table is launched with.
    pub fn still(&self, moves: &[String]) -> crate::app::table::StillShot {
        crate::app::table::StillShot {
            moves: moves.to_vec(),
            start: self.start.clone(),
            freeze: self.freeze,
            view: self.view.clone(),
            developer: self.developer,
            select: self.select.clone(),
            preview: self.preview.clone(),
            threat: self.threat,
            review: self.review,
        }
    }
}

pub(crate) fn parse_size(size: &str) -> Result<(u32, u32), String> {
    let (w, h) = size
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("--size must look like 1280x720, not \"{size}\""))?;
    let parse = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|v| (16..=8192).contains(v))
    };
    match (parse(w), parse(h)) {
        (Some(w), Some(h)) => Ok((w, h)),
        _ => Err(format!(
            "--size must be two numbers from 16 to 8192, like 1280x720, not \"{size}\""
        )),
    }
}

/// Checks the request before any window system or GPU is touched.
pub fn validate(args: &RenderArgs) -> Result<RenderPlan, String> {
    let game = match args.game.as_str() {
        "menu" => None,
        id => Some(GameId::parse(id).ok_or_else(|| {
            format!(
                "unknown scene \"{id}\" (known: menu, {})",
                GameId::ALL.map(GameId::id).join(", ")
            )
        })?),
    };
    let size = parse_size(&args.size)?;
    let t = args.t.unwrap_or(0.5);
    if !(0.0..=1.0).contains(&t) {
        return Err(format!("--t must be between 0 and 1, not {t}"));
    }
    let flag = match (args.step, args.wave) {
        (Some(k), _) => Some(("--step", k)),
        (None, Some(k)) => Some(("--wave", k)),
        (None, None) => None,
    };
    if flag.is_none() && args.t.is_some() {
        return Err("--t says where in a step to freeze, so it needs --step or --wave".to_string());
    }
    if let Some((flag, 0)) = flag {
        return Err(format!("{flag} counts from 1"));
    }
    if let Some((flag, _)) = flag.filter(|_| args.moves.is_empty()) {
        return Err(format!(
            "{flag} freezes the last action's playback, so it needs --moves"
        ));
    }
    if args.wave.is_some() && game != Some(GameId::Vectress) {
        return Err(
            "--wave counts Vectress waves; --step K freezes the K-th step of any game's playback"
                .to_string(),
        );
    }
    let start = match (&args.position, game) {
        (None, _) => Setup::default(),
        (Some(_), None) => return Err("the menu has no position".to_string()),
        (Some(code), Some(game)) => Setup {
            ruleset: game
                .code_ruleset(code, None)
                .map_err(|why| format!("--position: {why}"))?,
            position: Some(code.clone()),
            ..Setup::default()
        },
    };
    let mut freeze = None;
    if let Some(game) = game.filter(|_| !args.moves.is_empty()) {
        // The rules decide whether the moves are legal, before anything is drawn.
        let last =
            last_playback(game, &start, &args.moves).map_err(|e| format!("the moves {e}"))?;
        if let Some((flag, k)) = flag {
            // Vectress's waves follow the step of the move itself.
            let (first, count, unit) = match last.waves {
                Some(waves) if flag == "--wave" => (last.steps - waves, waves, "wave"),
                _ => (0, last.steps, "step"),
            };
            if k > count {
                return Err(format!(
                    "{flag} {k} is past the end: the last action ({}) plays {}",
                    args.moves.last().map_or("", String::as_str),
                    plural(count, unit)
                ));
            }
            freeze = Some((first + k - 1, t));
        }
    } else if !args.moves.is_empty() {
        return Err("the menu has no moves".to_string());
    }
    if args.review && (game.is_none() || args.moves.is_empty()) {
        return Err("--review needs a game and its moves".to_string());
    }
    if args.preview.is_some() || args.threat {
        let Some(game) = game else {
            return Err("the menu has no move to preview or threat to show".to_string());
        };
        if freeze.is_some() {
            return Err("--preview and --threat show the position after the moves, not a step of their playback".to_string());
        }
        check_sights(
            game,
            &start,
            &args.moves,
            args.preview.as_deref(),
            args.threat,
        )?;
    }
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}.png", args.game)));
    let picture = !args.no_picture;
    if picture {
        if out.extension().and_then(|e| e.to_str()) != Some("png") {
            return Err(format!(
                "--out must name a .png file, not {}",
                out.display()
            ));
        }
        check_output_file(&out, "--out")?;
    } else if args.layout.is_none() {
        return Err("--no-picture writes only the layout report, so it needs --layout".to_string());
    }
    if let Some(layout) = &args.layout {
        if layout.extension().and_then(|e| e.to_str()) != Some("json") {
            return Err(format!(
                "--layout must name a .json file, not {}",
                layout.display()
            ));
        }
        check_output_file(layout, "--layout")?;
    }
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    Ok(RenderPlan {
        game,
        size,
        freeze,
        out,
        picture,
        view: var("LODESTONE_WAVEFIELD_VIEW"),
        developer: std::env::var_os("LODESTONE_WAVEFIELD_DEV").is_some(),
        select: var("LODESTONE_WAVEFIELD_SELECT"),
        preview: args.preview.clone(),
        threat: args.threat,
        review: args.review,
        start,
    })
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Checks that `path` can be written as a file, before any work is done: its folder
/// exists and takes a new file (a probe, removed at once), and it is not a folder. The
/// file itself is only written when the result is ready.
pub(crate) fn check_output_file(path: &Path, flag: &str) -> Result<(), String> {
    if path.is_dir() {
        return Err(format!("{flag} {} is a folder, not a file", path.display()));
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    check_output_folder(folder, flag, path)
}

/// Checks that files can be made in `folder` (made first if it is missing and its
/// parent can take it; `path` is what the message names).
pub(crate) fn check_output_folder(folder: &Path, flag: &str, path: &Path) -> Result<(), String> {
    if !folder.is_dir() {
        return Err(format!(
            "{flag} {}: the folder {} does not exist",
            path.display(),
            folder.display()
        ));
    }
    let probe = folder.join(format!(".lodestone-write-check-{}", std::process::id()));
    match std::fs::File::create(&probe) {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            Ok(())
        }
        Err(e) => Err(format!(
            "{flag} {}: cannot write in {} ({e})",
            path.display(),
            folder.display()
        )),
    }
}

#[cfg(test)]
mod tests;
