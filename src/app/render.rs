//! `lodestone render`: the scene of a game drawn offscreen (no window) to a PNG.
//!
//! Bevy runs without winit under the schedule runner, the camera renders into an image,
//! and the capture waits until the scene is really drawn: the game's presentation says
//! its scene is ready, and no render pipeline is still compiling (software rendering
//! compiles slowly, so a fixed frame count would be fragile). A machine without any
//! graphics adapter gets one clear sentence, never a hang.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::app::ScheduleRunnerPlugin;
use bevy::asset::RenderAssetUsages;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, PipelineCache, TextureFormat, TextureUsages};
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::render::{Render, RenderApp, RenderPlugin, RenderSystems};
use bevy::window::ExitCondition;
use bevy::winit::WinitPlugin;

use super::boards::BoardCell;
use super::hud::LayoutChecked;
use super::stage::{CameraTarget, MainCamera};
use super::{ActiveGame, PlayMode, Screen};
use crate::engine::{self, cli::CliError};
use crate::rules::GameId;

#[derive(clap::Args, Debug, Clone)]
pub struct RenderArgs {
    /// What to draw: menu, vectress, hexchess, wavefield or polarity.
    pub game: String,
    /// Actions to play first, comma separated, in the engine's notation (`E3-E5,E7-E6`).
    #[arg(long, value_delimiter = ',')]
    pub moves: Vec<String>,
    /// Freeze the last action's playback in this wave (1 = the first).
    #[arg(long)]
    pub wave: Option<usize>,
    /// With --wave: the fraction of that wave played, 0 to 1.
    #[arg(long, default_value_t = 0.5)]
    pub t: f32,
    /// Image size, WIDTHxHEIGHT.
    #[arg(long, default_value = "1280x720")]
    pub size: String,
    /// Give up if the scene is not drawn within this many seconds.
    #[arg(long, default_value_t = 300)]
    pub timeout: u64,
    /// The PNG to write.
    #[arg(long)]
    pub out: PathBuf,
    /// Also write a JSON layout report here: the image size, the board's screen rectangle
    /// and the rectangle of every visible HUD and menu panel (for headless checks that
    /// nothing overlaps).
    #[arg(long)]
    pub layout: Option<PathBuf>,
}

/// What the presentation should show: the game, the actions to play, and where to freeze
/// the last one's playback.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct RenderRequest {
    pub game: Option<GameId>,
    pub moves: Vec<String>,
    /// (0-based stage, fraction).
    pub freeze: Option<(usize, f32)>,
}

/// Cleared by a presentation that needs time to set its scene up (play the moves, start
/// and freeze the playback); the capture waits for it.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SceneReady(pub bool);

impl Default for SceneReady {
    fn default() -> Self {
        SceneReady(true)
    }
}

/// Waits out the start of an offscreen run: the scene set (the presentation says so) and
/// no render pipeline compiling for a few frames (software rendering compiles slowly, so
/// a fixed frame count would be fragile). Shared by `render`, `film` and `bench app`.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Warmup {
    frames_seen: u32,
    quiet_frames: u32,
}

impl Warmup {
    /// Frames at the start that never count as quiet, and quiet frames needed.
    const SKIP: u32 = 6;
    const QUIET: u32 = 10;

    /// Counts one more frame; true once the scene is really drawn.
    pub(super) fn settled(&mut self, scene_ready: bool, pipelines_waiting: usize) -> bool {
        self.frames_seen += 1;
        if scene_ready && self.frames_seen > Self::SKIP && pipelines_waiting == 0 {
            self.quiet_frames += 1;
        } else {
            self.quiet_frames = 0;
        }
        self.quiet_frames >= Self::QUIET
    }
}

/// Render pipelines still compiling, as last seen by the render world.
#[derive(Resource, Clone, Default)]
pub(super) struct PipelineProbe(Arc<AtomicUsize>);

impl PipelineProbe {
    /// Render pipelines still compiling.
    pub(super) fn waiting(&self) -> usize {
        self.0.load(Ordering::Relaxed)
    }
}

#[derive(Resource)]
struct Capture {
    image: Handle<Image>,
    out: PathBuf,
    /// Where the layout report goes, if asked for.
    layout: Option<PathBuf>,
    size: (u32, u32),
    started: Instant,
    timeout: Duration,
    warmup: Warmup,
    requested: bool,
    done: Arc<AtomicBool>,
    result: Arc<Mutex<Option<Result<(), String>>>>,
}

pub(super) fn parse_size(size: &str) -> Result<(u32, u32), String> {
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
pub fn validate(args: &RenderArgs) -> Result<(Option<GameId>, (u32, u32)), String> {
    let game = match args.game.as_str() {
        "menu" => None,
        id => Some(GameId::parse(id).ok_or_else(|| {
            format!("render: unknown scene \"{id}\" (known: menu, vectress, hexchess, wavefield, polarity)")
        })?),
    };
    let size = parse_size(&args.size)?;
    if !(0.0..=1.0).contains(&args.t) {
        return Err(format!("--t must be between 0 and 1, not {}", args.t));
    }
    if args.wave == Some(0) {
        return Err("--wave counts from 1".to_string());
    }
    if args.wave.is_some() && args.moves.is_empty() {
        return Err("--wave freezes the last move's playback, so it needs --moves".to_string());
    }
    if !args.moves.is_empty() {
        let Some(game) = game else {
            return Err("the menu has no moves".to_string());
        };
        // The rules decide whether the moves are legal, before anything is drawn.
        let mut session = engine::new_session(game, &crate::rules::Setup::default())?;
        for (i, action) in args.moves.iter().enumerate() {
            session
                .play(action)
                .map_err(|e| format!("move {} ({action}) is refused: {e}", i + 1))?;
        }
    }
    if args.out.extension().and_then(|e| e.to_str()) != Some("png") {
        return Err(format!(
            "--out must name a .png file, not {}",
            args.out.display()
        ));
    }
    if let Some(layout) = &args.layout
        && layout.extension().and_then(|e| e.to_str()) != Some("json")
    {
        return Err(format!(
            "--layout must name a .json file, not {}",
            layout.display()
        ));
    }
    Ok((game, size))
}

pub fn run(args: &RenderArgs) -> Result<(), CliError> {
    let (game, (width, height)) = validate(args).map_err(CliError::Usage)?;
    draw(args, game, width, height).map_err(CliError::Failed)
}

fn draw(args: &RenderArgs, game: Option<GameId>, width: u32, height: u32) -> Result<(), String> {
    let request = RenderRequest {
        game,
        moves: args.moves.clone(),
        freeze: args.wave.map(|k| (k - 1, args.t)),
    };
    let (mut app, handle) = offscreen_app(request, width, height)?;
    let result = Arc::new(Mutex::new(None));
    app.insert_resource(Capture {
        image: handle,
        out: args.out.clone(),
        layout: args.layout.clone(),
        size: (width, height),
        started: Instant::now(),
        timeout: Duration::from_secs(args.timeout.max(1)),
        warmup: Warmup::default(),
        requested: false,
        done: Arc::new(AtomicBool::new(false)),
        result: result.clone(),
    });
    app.add_systems(Last, capture_when_drawn);
    app.run();
    let outcome = result
        .lock()
        .map_err(|_| "render: the capture state was lost".to_string())?
        .take();
    outcome.unwrap_or_else(|| Err("render: the renderer stopped before capturing".to_string()))
}

/// A headless app drawing `request`'s scene into an image of `width` x `height` (no
/// window: the schedule runner drives it), with the probe that tells when no render
/// pipeline is compiling. Shared by `render` and `film`.
pub(super) fn offscreen_app(
    request: RenderRequest,
    width: u32,
    height: u32,
) -> Result<(App, Handle<Image>), String> {
    install_failure_hook();

    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: None,
                exit_condition: ExitCondition::DontExit,
                ..default()
            })
            .set(RenderPlugin {
                synchronous_pipeline_compilation: true,
                ..default()
            })
            // Standard error is for the user's progress and warnings, not the renderer's
            // start-up chatter.
            .set(bevy::log::LogPlugin {
                level: bevy::log::Level::WARN,
                ..default()
            })
            .disable::<WinitPlugin>(),
    )
    .add_plugins(ScheduleRunnerPlugin::run_loop(Duration::from_secs_f64(
        1.0 / 60.0,
    )));

    let mut image = Image::new_fill(
        Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        bevy::render::render_resource::TextureDimension::D2,
        &[0, 0, 0, 255],
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    );
    image.texture_descriptor.usage |=
        TextureUsages::TEXTURE_BINDING | TextureUsages::COPY_SRC | TextureUsages::RENDER_ATTACHMENT;
    let handle = app.world_mut().resource_mut::<Assets<Image>>().add(image);
    app.insert_resource(CameraTarget(Some(handle.clone())));
    let game = request.game;
    app.insert_resource(request);
    app.init_resource::<SceneReady>();
    if let Some(game) = game {
        app.insert_resource(ActiveGame {
            game,
            mode: PlayMode::Board,
        });
    }
    app.add_plugins(super::plugin);
    app.add_systems(Startup, move |mut next: ResMut<NextState<Screen>>| {
        if game.is_some() {
            next.set(Screen::Playing);
        }
    });

    let probe = PipelineProbe::default();
    app.insert_resource(probe.clone());
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app
            .insert_resource(probe)
            .add_systems(Render, count_waiting_pipelines.after(RenderSystems::Render));
    } else {
        return Err("render: the renderer did not start (no render sub-app)".to_string());
    }
    Ok((app, handle))
}

fn count_waiting_pipelines(cache: Res<PipelineCache>, probe: Res<PipelineProbe>) {
    probe
        .0
        .store(cache.waiting_pipelines().count(), Ordering::Relaxed);
}

fn capture_when_drawn(
    mut commands: Commands,
    mut capture: ResMut<Capture>,
    probe: Res<PipelineProbe>,
    ready: Res<SceneReady>,
    layout: LayoutProbe,
    mut exit: MessageWriter<AppExit>,
) {
    if capture.done.load(Ordering::Acquire) {
        exit.write(AppExit::Success);
        return;
    }
    if capture.started.elapsed() > capture.timeout {
        let why = format!(
            "render: the scene was not drawn within {} s (pipelines still compiling: {})",
            capture.timeout.as_secs(),
            probe.0.load(Ordering::Relaxed)
        );
        if let Ok(mut slot) = capture.result.lock() {
            *slot = Some(Err(why));
        }
        exit.write(AppExit::error());
        return;
    }
    if capture.requested || !capture.warmup.settled(ready.0, probe.waiting()) {
        return;
    }
    capture.requested = true;
    // The layout of the frame being captured: the UI was laid out this frame already.
    if let Some(path) = capture.layout.clone() {
        let report = layout.report(capture.size);
        let written = serde_json::to_string_pretty(&report)
            .map_err(|e| e.to_string())
            .and_then(|text| std::fs::write(&path, text).map_err(|e| e.to_string()))
            .map_err(|e| format!("could not write {}: {e}", path.display()));
        if let Err(why) = written {
            if let Ok(mut slot) = capture.result.lock() {
                *slot = Some(Err(why));
            }
            exit.write(AppExit::error());
            return;
        }
    }
    let out = capture.out.clone();
    let done = capture.done.clone();
    let result = capture.result.clone();
    commands
        .spawn(Screenshot::image(capture.image.clone()))
        .observe(move |captured: On<ScreenshotCaptured>| {
            let saved = save_png(&captured.image, &out);
            if let Ok(mut slot) = result.lock() {
                *slot = Some(saved);
            }
            done.store(true, Ordering::Release);
        });
}

/// What the layout report reads: the camera, the board's cells and the checked UI nodes.
#[derive(SystemParam)]
struct LayoutProbe<'w, 's> {
    screen: Res<'w, State<Screen>>,
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<MainCamera>>,
    cells: Query<'w, 's, &'static GlobalTransform, With<BoardCell>>,
    nodes: Query<
        'w,
        's,
        (
            &'static LayoutChecked,
            &'static ComputedNode,
            &'static UiGlobalTransform,
            &'static InheritedVisibility,
        ),
    >,
}

impl LayoutProbe<'_, '_> {
    /// The board's screen rectangle (logical pixels): every cell's square of side 1
    /// around its centre, projected; `None` on the menu (its backdrop board is scenery)
    /// and without a board or a camera.
    fn board(&self) -> Option<[f32; 4]> {
        if *self.screen.get() != Screen::Playing {
            return None;
        }
        let (camera, camera_transform) = self.cameras.single().ok()?;
        let mut rect: Option<[f32; 4]> = None;
        for cell in &self.cells {
            let centre = cell.translation();
            for (dx, dz) in [(-0.5, -0.5), (-0.5, 0.5), (0.5, -0.5), (0.5, 0.5)] {
                let Ok(p) =
                    camera.world_to_viewport(camera_transform, centre + Vec3::new(dx, 0.0, dz))
                else {
                    continue;
                };
                rect = Some(match rect {
                    None => [p.x, p.y, p.x, p.y],
                    Some(r) => [r[0].min(p.x), r[1].min(p.y), r[2].max(p.x), r[3].max(p.y)],
                });
            }
        }
        rect
    }

    /// Every visible checked node with its name and rectangle (logical pixels), by name.
    fn nodes(&self) -> Vec<(&'static str, [f32; 4])> {
        let mut nodes: Vec<(&'static str, [f32; 4])> = self
            .nodes
            .iter()
            .filter(|(_, node, _, visible)| visible.get() && !node.is_empty())
            .map(|(checked, node, transform, _)| {
                let scale = node.inverse_scale_factor();
                let centre = transform.translation * scale;
                let half = node.size() * scale / 2.0;
                (
                    checked.0,
                    [
                        centre.x - half.x,
                        centre.y - half.y,
                        centre.x + half.x,
                        centre.y + half.y,
                    ],
                )
            })
            .collect();
        nodes.sort_by(|a, b| a.0.cmp(b.0).then(a.1[1].total_cmp(&b.1[1])));
        nodes
    }

    fn report(&self, size: (u32, u32)) -> serde_json::Value {
        layout_json(size, self.board(), &self.nodes())
    }
}

/// The layout report: `{"size": [w, h], "board": [x0, y0, x1, y1] or null, "nodes":
/// [{"name": ..., "rect": [x0, y0, x1, y1]}, ...]}`, in logical pixels from the top left.
pub fn layout_json(
    size: (u32, u32),
    board: Option<[f32; 4]>,
    nodes: &[(&str, [f32; 4])],
) -> serde_json::Value {
    let round = |r: [f32; 4]| r.map(|v| (f64::from(v) * 10.0).round() / 10.0);
    serde_json::json!({
        "size": [size.0, size.1],
        "board": board.map(round),
        "nodes": nodes
            .iter()
            .map(|(name, rect)| serde_json::json!({ "name": name, "rect": round(*rect) }))
            .collect::<Vec<_>>(),
    })
}

/// Writes a captured image as an RGB PNG.
pub fn save_png(image: &Image, path: &Path) -> Result<(), String> {
    let dynamic = image
        .clone()
        .try_into_dynamic()
        .map_err(|e| format!("the captured image could not be converted: {e}"))?;
    dynamic
        .to_rgb8()
        .save_with_format(path, image::ImageFormat::Png)
        .map_err(|e| format!("could not write {}: {e}", path.display()))
}

/// Turns the renderer's panics (no adapter, lost device) into one sentence and an exit
/// status, so a machine without graphics fails at once instead of hanging.
fn install_failure_hook() {
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown failure".to_string());
        if message.contains("Unable to find a GPU") {
            eprintln!(
                "lodestone: render: no graphics adapter found; install a Vulkan driver \
                 (for software rendering on Linux: the mesa-vulkan-drivers package)"
            );
        } else {
            let place = info
                .location()
                .map(|l| format!(" at {}:{}", l.file(), l.line()))
                .unwrap_or_default();
            eprintln!("lodestone: render: rendering failed: {message}{place}");
        }
        std::process::exit(1);
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(game: &str) -> RenderArgs {
        RenderArgs {
            game: game.to_string(),
            moves: Vec::new(),
            wave: None,
            t: 0.5,
            size: "320x200".to_string(),
            timeout: 10,
            out: PathBuf::from("x.png"),
            layout: None,
        }
    }

    #[test]
    fn requests_are_checked_before_rendering() {
        assert_eq!(validate(&args("menu")).unwrap(), (None, (320, 200)));
        assert!(
            validate(&args("chess"))
                .unwrap_err()
                .contains("unknown scene")
        );
        let mut bad = args("vectress");
        bad.size = "big".into();
        assert!(validate(&bad).unwrap_err().contains("--size"));
        let mut wave = args("vectress");
        wave.wave = Some(1);
        assert!(validate(&wave).unwrap_err().contains("needs --moves"));
        let mut out = args("polarity");
        out.out = PathBuf::from("x.jpg");
        assert!(validate(&out).unwrap_err().contains(".png"));
        let mut layout = args("menu");
        layout.layout = Some(PathBuf::from("layout.txt"));
        assert!(validate(&layout).unwrap_err().contains("--layout"));
        layout.layout = Some(PathBuf::from("layout.json"));
        assert!(validate(&layout).is_ok());
    }

    #[test]
    fn the_layout_report_reads_as_json() {
        let report = layout_json(
            (960, 540),
            Some([100.04, 50.0, 860.0, 500.0]),
            &[("status", [12.0, 12.0, 300.0, 60.0])],
        );
        assert_eq!(report["size"][0].as_u64(), Some(960));
        assert_eq!(report["size"][1].as_u64(), Some(540));
        assert_eq!(report["board"][0].as_f64(), Some(100.0));
        assert_eq!(report["nodes"][0]["name"].as_str(), Some("status"));
        assert_eq!(report["nodes"][0]["rect"][3].as_f64(), Some(60.0));
        let menu = layout_json((320, 200), None, &[]);
        assert!(menu["board"].is_null());
    }
}
