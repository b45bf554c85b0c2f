//! The whole app with no window and no drawing, on a manual clock: every frame is exactly
//! as long as asked. The sound bench plays its heaviest actions in it, and the tests drive
//! it. It writes no file of a person's (no saved games, no replays) unless told where.

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;

use super::PlayMode;
use super::playback::PlaybackQueue;
use super::sound::CueLog;
use super::table::{Played, TableGame, TableInput, TableLaunch};
use crate::rules::{GameId, Rules};
use crate::sound::Cue;
use crate::sound::offline::TimedCue;

/// The app's plugins over the minimal ones, each frame `frame` long; no frame run yet.
pub fn app(frame: Duration) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        AssetPlugin::default(),
        TransformPlugin,
    ));
    app.init_asset::<Mesh>()
        .init_asset::<StandardMaterial>()
        .init_asset::<Image>()
        .init_resource::<ButtonInput<KeyCode>>()
        .insert_resource(TimeUpdateStrategy::ManualDuration(frame))
        .add_plugins(super::plugin);
    // The window's stand-in: the keyboard's input reaches a focused button through it, as
    // in the window (nothing draws to it).
    app.world_mut()
        .spawn((Window::default(), bevy::window::PrimaryWindow));
    app
}

/// Sets `game` out in `mode` on an app whose first frame has run.
pub fn set_out(app: &mut App, game: GameId, mode: PlayMode) {
    launch(app, TableLaunch::in_mode(game, mode));
}

/// Opens the table as `launch` says, on an app whose first frame has run.
pub fn launch(app: &mut App, launch: TableLaunch) {
    super::open_table(&mut app.world_mut().commands(), launch);
    app.world_mut().flush();
    app.update();
    app.update();
}

/// The game on `G`'s table.
pub fn played<G: TableGame>(app: &App) -> &Played<G> {
    app.world().resource::<Played<G>>()
}

/// Sends `input` to `G`'s table, as a key, a click or a script would.
pub fn send<G: TableGame>(app: &mut App, input: TableInput<G>) {
    app.world_mut().write_message(input);
}

/// One action played back at 1x and what it sounded like.
#[derive(Debug, Clone)]
pub struct PlayedCues {
    /// Every cue played, in the order played, timed from the start of the frame the
    /// action was asked for.
    pub logged: Vec<TimedCue>,
    /// The cues of each stage of its playback, in stage order.
    pub staged: Vec<Vec<Cue>>,
    /// When its first stage started, on the same clock (the frame after the request: the
    /// table turns the action into stages first).
    pub first_stage: f64,
    /// How long its playback lasted: whole frames from the request to idle.
    pub seconds: f64,
}

/// Plays `game`'s moves `before` (skipped through: a skip passes no cue), then `action`
/// at 1x, in a fresh headless app of `frame`-long frames, logging its cues.
pub fn played_cues(
    game: GameId,
    before: &[&str],
    action: &str,
    frame: Duration,
) -> Result<PlayedCues, String> {
    crate::with_table!(game, G => cues_of::<G>(game, before, action, frame))
}

fn cues_of<G: TableGame>(
    game: GameId,
    before: &[&str],
    action: &str,
    frame: Duration,
) -> Result<PlayedCues, String> {
    let mut app = app(frame);
    app.update();
    set_out(&mut app, game, PlayMode::HotSeat);
    for text in before {
        ask::<G>(&mut app, text)?;
        for _ in 0..100 {
            app.world_mut().resource_mut::<PlaybackQueue>().skip();
            app.update();
            if app.world().resource::<PlaybackQueue>().is_idle() {
                break;
            }
        }
    }
    let log = CueLog::default();
    app.insert_resource(log.clone());
    let start = app.world().resource::<Time>().elapsed_secs_f64();
    ask::<G>(&mut app, action)?;
    let mut frames = 0;
    let mut first_stage = None;
    let mut staged = Vec::new();
    loop {
        app.update();
        frames += 1;
        let queue = app.world().resource::<PlaybackQueue>();
        if first_stage.is_none() && queue.stage_fraction().is_some() {
            // The frame just run started it.
            staged = (0..queue.stage_count())
                .filter_map(|i| queue.stage(i).map(|s| s.cues.clone()))
                .collect();
            let time = app.world().resource::<Time>();
            first_stage = Some(time.elapsed_secs_f64() - time.delta_secs_f64() - start);
        }
        if first_stage.is_some() && app.world().resource::<PlaybackQueue>().is_idle() {
            break;
        }
        if frames as f64 * frame.as_secs_f64() > 120.0 {
            return Err(format!("{action}: the playback never ended"));
        }
    }
    let logged = log
        .cues()
        .into_iter()
        .map(|c| TimedCue {
            seconds: c.seconds - start,
            ..c
        })
        .collect();
    Ok(PlayedCues {
        logged,
        staged,
        first_stage: first_stage.ok_or(format!("{action}: no stage was played"))?,
        seconds: frames as f64 * frame.as_secs_f64(),
    })
}

/// Asks the table to play the action written `text`.
fn ask<G: TableGame>(app: &mut App, text: &str) -> Result<(), String> {
    let played = app
        .world()
        .get_resource::<Played<G>>()
        .ok_or("the table was not set out")?;
    let action = played
        .game
        .rules()
        .parse_action(text)
        .map_err(|e| format!("{text}: {e}"))?;
    send::<G>(app, TableInput::Play(action));
    Ok(())
}
