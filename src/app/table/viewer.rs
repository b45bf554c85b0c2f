//! Watching a replay on the table: step forward and backward one move (backward plays the
//! move's stages in reverse, visibly), jump to any move on the timeline, and "play from
//! here" to turn the replay into a live game at that ply. The replay file is only read.
//!
//! Keys: Right next move, Left previous move, `.` next wave, `,` previous wave, Home the
//! start, End the last move, P play on from here (two players), C play on against the
//! computer; Space and `[` `]` (speed) work as everywhere.

use bevy::prelude::*;

use super::{Request, Table, TableGame, TablePart, respawn};
use crate::app::playback::PlaybackQueue;
use crate::app::{KeyboardCaptured, PlayMode};
use crate::rules::{Match, Rules, Setup};

/// A game to open the table on instead of a new one (a replay opened from the command
/// line): watched in the viewer from its start, or played on from its last ply.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct StartFrom {
    pub game: crate::rules::GameId,
    pub setup: Setup,
    pub actions: Vec<String>,
    pub title: Option<String>,
    /// Watch it from the start in the viewer (else play on from its last ply).
    pub view: bool,
}

impl StartFrom {
    /// The replay, to watch in the viewer.
    pub fn replay(replay: &crate::replay::Replay) -> StartFrom {
        StartFrom {
            game: replay.game_id().unwrap_or(crate::rules::GameId::Vectress),
            setup: replay.setup(),
            actions: replay.actions.clone(),
            title: replay.title.clone(),
            view: true,
        }
    }
}

/// The replay being watched, and where the table is in it.
#[derive(Debug, Clone, PartialEq)]
pub struct Viewer {
    pub setup: Setup,
    /// Every action of the replay, in the engine's notation.
    pub actions: Vec<String>,
    pub title: Option<String>,
    /// A move is being played backwards: the rules step back once it has played.
    stepping_back: bool,
    /// Play the playback just queued one stage, then pause (a wave step).
    one_stage: bool,
}

impl Viewer {
    pub fn new(setup: Setup, actions: Vec<String>, title: Option<String>) -> Viewer {
        Viewer {
            setup,
            actions,
            title,
            stepping_back: false,
            one_stage: false,
        }
    }
}

/// One move forward: the next action of the replay, played back as in a game.
pub fn step_forward<G: TableGame>(table: &mut Table<G>) {
    let Some(viewer) = table.viewer.as_ref() else {
        return;
    };
    let ply = table.game.actions().len();
    let Some(text) = viewer.actions.get(ply) else {
        return;
    };
    match table.game.parse_action(text) {
        Ok(action) => table.requests.push_back(Request::Play(action)),
        Err(e) => table.message = Some(format!("the replay's {text} is refused: {e}")),
    }
}

/// One move back: the last move's stages played in reverse, from where they left every
/// piece; the rules take the move back when the reverse playback has ended.
pub fn step_back<G: TableGame>(
    commands: &mut Commands,
    looks: &G::Looks,
    table: &mut Table<G>,
    queue: &mut PlaybackQueue,
    parts: impl Iterator<Item = Entity>,
) {
    let Some(resolution) = table.game.last().cloned() else {
        return;
    };
    let mut before = table.game.clone();
    if before.undo().is_err() {
        return;
    }
    // Set the position before the move out, then let the move's own stages run backwards
    // from their end over those pieces.
    let after = std::mem::replace(&mut table.game, before);
    respawn(commands, looks, table, queue, parts);
    let rules_before = table.game.rules().clone();
    let stages = G::stages(commands, looks, table, &rules_before, &resolution);
    table.effects = stages
        .iter()
        .flat_map(|s| s.effects.iter().copied())
        .collect();
    queue.play_backward(stages);
    // The table shows the move until it has played back; the rules follow at the end.
    table.game = after;
    if let Some(viewer) = table.viewer.as_mut() {
        viewer.stepping_back = true;
    }
}

/// Sets the table out at `ply` of the replay at once.
pub fn jump<G: TableGame>(
    commands: &mut Commands,
    looks: &G::Looks,
    table: &mut Table<G>,
    queue: &mut PlaybackQueue,
    parts: impl Iterator<Item = Entity>,
    ply: usize,
) {
    let Some(viewer) = table.viewer.as_ref() else {
        return;
    };
    let Ok(mut game) = Match::<G::Rules>::new(viewer.setup.clone()) else {
        return;
    };
    for text in viewer.actions.iter().take(ply) {
        if game.play_text(text).is_err() {
            break;
        }
    }
    table.game = game;
    table.requests.clear();
    if let Some(viewer) = table.viewer.as_mut() {
        viewer.stepping_back = false;
    }
    respawn(commands, looks, table, queue, parts);
}

/// The viewer's keys.
pub(super) fn viewer_keys<G: TableGame>(
    mut commands: Commands,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    captured: Res<KeyboardCaptured>,
    mut table: ResMut<Table<G>>,
    looks: Res<G::Looks>,
    mut queue: ResMut<PlaybackQueue>,
    parts: Query<Entity, With<TablePart>>,
) {
    let Some(keys) = keys else { return };
    if captured.0 || table.viewer.is_none() {
        return;
    }
    let table = &mut *table;
    let len = table.viewer.as_ref().map_or(0, |v| v.actions.len());
    let stepping_back = table.viewer.as_ref().is_some_and(|v| v.stepping_back);
    let settled = queue.is_idle() && table.requests.is_empty();
    if keys.just_pressed(KeyCode::ArrowRight) && !stepping_back {
        if !queue.is_idle() {
            queue.skip();
        }
        step_forward(table);
    } else if keys.just_pressed(KeyCode::ArrowLeft) && settled {
        step_back(&mut commands, &*looks, table, &mut queue, parts.iter());
    } else if keys.just_pressed(KeyCode::Period) && settled {
        // The next move's first wave (the playback keys step within a move).
        step_forward(table);
        if let Some(viewer) = table.viewer.as_mut() {
            viewer.one_stage = true;
        }
    } else if keys.just_pressed(KeyCode::Comma) {
        if stepping_back {
            // Within a move played backwards: one more wave back.
            queue.step();
        } else if settled {
            step_back(&mut commands, &*looks, table, &mut queue, parts.iter());
            if let Some(viewer) = table.viewer.as_mut() {
                viewer.one_stage = true;
            }
        } else {
            // Mid-move forwards: to the move's end first, then back from there.
            queue.skip();
        }
    } else if keys.just_pressed(KeyCode::KeyC) {
        play_on_against_the_computer(table);
    } else if keys.just_pressed(KeyCode::Home) {
        jump(&mut commands, &*looks, table, &mut queue, parts.iter(), 0);
    } else if keys.just_pressed(KeyCode::End) {
        jump(&mut commands, &*looks, table, &mut queue, parts.iter(), len);
    } else if keys.just_pressed(KeyCode::KeyP) {
        play_from_here(table);
    }
}

/// The replay becomes a live two-player game at this ply (the file stays as it was). A
/// game looked back at plays on from here as it was played (against the computer still),
/// its later moves taken back.
pub fn play_from_here<G: TableGame>(table: &mut Table<G>) {
    table.viewer = None;
    if let Some(live) = table.live.take() {
        let later = live.actions().len() - table.game.actions().len();
        table.message =
            (later > 0).then(|| format!("playing on from here: {later} later moves taken back"));
        return;
    }
    table.mode = PlayMode::HotSeat;
    table.human = None;
    table.message = Some("playing on from here; the replay file is unchanged".to_string());
}

/// Whether a person may look back at the game's own moves now (a click in the move
/// list): in the games people play, and in a replay watched.
pub fn may_look_back<G: TableGame>(table: &Table<G>) -> bool {
    !table.offscreen
        && (table.viewer.is_some()
            || matches!(
                table.mode,
                PlayMode::HotSeat | PlayMode::VsComputer | PlayMode::Board
            ))
}

/// Shows the position after `ply` actions (a move clicked in the move list): in a replay
/// watched, a jump; in a game being played, the viewer opens on its own moves with the
/// live game kept aside, to go back to or play on from.
pub(super) fn look_back<G: TableGame>(
    In(ply): In<usize>,
    mut commands: Commands,
    mut table: ResMut<Table<G>>,
    looks: Res<G::Looks>,
    mut queue: ResMut<PlaybackQueue>,
    parts: Query<Entity, With<TablePart>>,
) {
    let table = &mut *table;
    if !may_look_back(table) {
        return;
    }
    if table.viewer.is_none() {
        let live = table.game.clone();
        table.viewer = Some(Viewer::new(
            live.setup().clone(),
            live.notation().to_vec(),
            None,
        ));
        table.live = Some(live);
        // The computer's turn waits for the game to come back.
        table.thinking = None;
        table.planned.clear();
        table.message = None;
    }
    jump(&mut commands, &*looks, table, &mut queue, parts.iter(), ply);
}

/// The game being played, back as it was before looking back; false if none was aside.
pub fn back_to_live<G: TableGame>(table: &mut Table<G>) -> bool {
    let Some(live) = table.live.take() else {
        return false;
    };
    table.game = live;
    table.viewer = None;
    table.requests.clear();
    true
}

/// Back to the game being played, set out on the table (the move list's button).
pub(super) fn return_to_live<G: TableGame>(
    mut commands: Commands,
    mut table: ResMut<Table<G>>,
    looks: Res<G::Looks>,
    mut queue: ResMut<PlaybackQueue>,
    parts: Query<Entity, With<TablePart>>,
) {
    if back_to_live(&mut table) {
        respawn(&mut commands, &*looks, &mut table, &mut queue, parts.iter());
    }
}

/// The replay becomes a game against the computer at this ply: the person takes the side
/// to move.
pub fn play_on_against_the_computer<G: TableGame>(table: &mut Table<G>) {
    table.live = None;
    play_from_here(table);
    table.mode = PlayMode::VsComputer;
    table.human = Some(table.game.to_move());
}

/// A wave step plays the playback just queued one stage, then pauses; once a move has
/// played backwards, the rules take it back too.
pub(super) fn finish_stepping_back<G: TableGame>(
    mut table: ResMut<Table<G>>,
    mut queue: ResMut<PlaybackQueue>,
) {
    if table.viewer.as_ref().is_some_and(|v| v.one_stage) && !queue.is_idle() {
        queue.step();
        if let Some(viewer) = table.viewer.as_mut() {
            viewer.one_stage = false;
        }
        return;
    }
    let stepping = table.viewer.as_ref().is_some_and(|v| v.stepping_back);
    if stepping && queue.is_idle() {
        let _ = table.game.undo();
        table.changes += 1;
        table.request_sync();
        if let Some(viewer) = table.viewer.as_mut() {
            viewer.stepping_back = false;
        }
    }
}

/// While the viewer shows, the arrows and Home/End are its own, and the camera follows the
/// action (the `cinematic_camera` setting, on by default); a film says for itself.
pub(super) fn viewer_controls<G: TableGame>(
    mut commands: Commands,
    table: Res<Table<G>>,
    mut arrows: ResMut<crate::app::ArrowKeysTaken>,
    cinematic: Option<ResMut<crate::app::cinematic::CinematicCamera>>,
    settings: Option<Res<crate::app::settings::Settings>>,
    film: Option<Res<crate::app::ui::FilmOverlay>>,
) {
    let viewing = table.viewer.is_some();
    if arrows.0 != viewing {
        arrows.0 = viewing;
    }
    if film.is_some() {
        return;
    }
    // The replay viewer follows the action if the setting says so; the showcase always.
    let follow = table.mode == PlayMode::Showcase
        || (viewing && settings.is_none_or(|s| s.cinematic_camera));
    match cinematic {
        Some(mut on) if on.0 != follow => on.0 = follow,
        Some(_) => {}
        None => commands.insert_resource(crate::app::cinematic::CinematicCamera(follow)),
    }
}

/// Steps back one move in `app` now (tests, scripts): what Left does.
pub fn step_back_now<G: TableGame>(app: &mut App) {
    app.world_mut()
        .run_system_cached(
            |mut commands: Commands,
             mut table: ResMut<Table<G>>,
             looks: Res<G::Looks>,
             mut queue: ResMut<PlaybackQueue>,
             parts: Query<Entity, With<TablePart>>| {
                step_back(&mut commands, &*looks, &mut table, &mut queue, parts.iter());
            },
        )
        .expect("the table is set");
}

/// Jumps to `ply`, as a system: a click on the timeline runs it, and [`jump_now`].
pub(super) fn jump_to<G: TableGame>(
    In(ply): In<usize>,
    mut commands: Commands,
    mut table: ResMut<Table<G>>,
    looks: Res<G::Looks>,
    mut queue: ResMut<PlaybackQueue>,
    parts: Query<Entity, With<TablePart>>,
) {
    jump(
        &mut commands,
        &*looks,
        &mut table,
        &mut queue,
        parts.iter(),
        ply,
    );
}

/// Jumps to `ply` in `app` now (tests, scripts): what clicking the timeline does.
pub fn jump_now<G: TableGame>(app: &mut App, ply: usize) {
    app.world_mut()
        .run_system_cached_with(jump_to::<G>, ply)
        .expect("the table is set");
}
