//! Watching a replay on the table: step forward and backward one move (backward plays the
//! move's stages in reverse, visibly), jump to any move on the timeline, and "play from
//! here" to turn the replay into a live game at that ply. The replay file is only read.
//!
//! Keys: Right next move, Left previous move, `.` next wave, `,` previous wave, Home the
//! start, End the last move, P play on from here (two players), C play on against the
//! computer; Space and `[` `]` (speed) work as everywhere.

use bevy::prelude::*;

use super::look_back::LiveAside;
use super::state::{PlaybackEffects, Played, Requests, Seats, TableNote};
use super::turns::respawn;
use super::{Request, TableGame, TablePart};
use crate::app::PlayMode;
use crate::app::playback::PlaybackQueue;
use crate::rules::{Match, Rules, Setup};

/// A game to open the table on instead of a new one (a replay opened from the command
/// line): watched in the viewer from its start, or played on from its last ply.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct StartFrom {
    pub setup: Setup,
    pub actions: Vec<String>,
    pub title: Option<String>,
    /// Watch it from the start in the viewer (else play on from its last ply).
    pub view: bool,
    /// Review it as soon as the table is set out (the replay list's Review).
    pub review: bool,
    /// The seconds each action took at the table, where the replay kept them.
    pub seconds: Vec<f32>,
}

impl StartFrom {
    /// The replay, to watch in the viewer.
    pub fn replay(replay: &crate::replay::Replay) -> StartFrom {
        StartFrom {
            setup: replay.setup(),
            actions: replay.actions.clone(),
            title: replay.title.clone(),
            view: true,
            review: false,
            seconds: replay
                .timing
                .as_ref()
                .map(|t| t.seconds.clone())
                .unwrap_or_default(),
        }
    }
}

/// The replay being watched on the table, if one is.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Viewing(pub Option<Viewer>);

/// The replay being watched, and where the table is in it.
#[derive(Debug, Clone, PartialEq)]
pub struct Viewer {
    pub setup: Setup,
    /// Every action of the replay, in the engine's notation.
    pub actions: Vec<String>,
    pub title: Option<String>,
    /// The seconds each action took at the table (empty where the replay kept none).
    pub seconds: Vec<f32>,
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
            seconds: Vec::new(),
            stepping_back: false,
            one_stage: false,
        }
    }
}

/// One move forward: the next action of the replay, played back as in a game.
pub fn step_forward<G: TableGame>(
    played: &Played<G>,
    viewing: &Viewing,
    requests: &mut Requests<G>,
    note: &mut TableNote,
) {
    let Some(viewer) = viewing.0.as_ref() else {
        return;
    };
    let ply = played.game.actions().len();
    let Some(text) = viewer.actions.get(ply) else {
        return;
    };
    match played.game.parse_action(text) {
        Ok(action) => requests.push(Request::Play(action)),
        Err(e) => note.0 = Some(format!("the replay's {text} is refused: {e}")),
    }
}

/// What the viewer's moves change on the table.
#[derive(bevy::ecs::system::SystemParam)]
pub struct ViewerTable<'w, 's, G: TableGame> {
    pub(super) commands: Commands<'w, 's>,
    pub(super) played: ResMut<'w, Played<G>>,
    pub(super) scene: ResMut<'w, <G as TableGame>::Scene>,
    pub(super) requests: ResMut<'w, Requests<G>>,
    pub(super) looks: Res<'w, <G as TableGame>::Looks>,
    pub(super) queue: ResMut<'w, PlaybackQueue>,
    pub(super) effects: ResMut<'w, PlaybackEffects>,
    pub(super) note: ResMut<'w, TableNote>,
    pub(super) viewing: ResMut<'w, Viewing>,
    pub(super) parts: Query<'w, 's, Entity, With<TablePart>>,
}

impl<G: TableGame> ViewerTable<'_, '_, G> {
    /// One move back: the last move's stages played in reverse, from where they left
    /// every piece; the rules take the move back when the reverse playback has ended.
    pub fn step_back(&mut self) {
        let Some(resolution) = self.played.game.last().cloned() else {
            return;
        };
        let mut before = self.played.game.clone();
        if before.undo().is_err() {
            return;
        }
        // Set the position before the move out, then let the move's own stages run
        // backwards from their end over those pieces.
        let after = std::mem::replace(&mut self.played.game, before);
        respawn(
            &mut self.commands,
            &*self.looks,
            &self.played,
            &mut self.scene,
            &mut self.queue,
            &mut self.effects,
            self.parts.iter(),
        );
        let rules_before = self.played.game.rules().clone();
        let viewing = self.viewing.0.is_some();
        let stages = G::stages(
            &mut self.commands,
            &*self.looks,
            &mut self.scene,
            &self.played,
            &rules_before,
            &resolution,
            viewing,
        );
        self.effects.0 = stages
            .iter()
            .flat_map(|s| s.effects.iter().copied())
            .collect();
        self.queue.play_backward(stages);
        // The table shows the move until it has played back; the rules follow at the end.
        self.played.game = after;
        if let Some(viewer) = self.viewing.0.as_mut() {
            viewer.stepping_back = true;
        }
    }

    /// Sets the table out at `ply` of the replay at once.
    pub fn jump(&mut self, ply: usize) {
        let Some(viewer) = self.viewing.0.as_ref() else {
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
        self.played.replace(game);
        self.requests.0.clear();
        if let Some(viewer) = self.viewing.0.as_mut() {
            viewer.stepping_back = false;
        }
        respawn(
            &mut self.commands,
            &*self.looks,
            &self.played,
            &mut self.scene,
            &mut self.queue,
            &mut self.effects,
            self.parts.iter(),
        );
    }

    fn step_forward(&mut self) {
        step_forward(
            &self.played,
            &self.viewing,
            &mut self.requests,
            &mut self.note,
        );
    }
}

/// The viewer's keys.
pub(super) fn viewer_keys<G: TableGame>(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut table: ViewerTable<G>,
    mut seats: ResMut<Seats>,
    mut live: ResMut<LiveAside<G>>,
) {
    let Some(keys) = keys else { return };
    let Some(viewer) = table.viewing.0.as_ref() else {
        return;
    };
    let len = viewer.actions.len();
    let stepping_back = viewer.stepping_back;
    let settled = table.queue.is_idle() && table.requests.is_empty();
    if keys.just_pressed(KeyCode::ArrowRight) && !stepping_back {
        if !table.queue.is_idle() {
            table.queue.skip();
        }
        table.step_forward();
    } else if keys.just_pressed(KeyCode::ArrowLeft) && settled {
        table.step_back();
    } else if keys.just_pressed(KeyCode::Period) && settled {
        // The next move's first wave (the playback keys step within a move).
        table.step_forward();
        if let Some(viewer) = table.viewing.0.as_mut() {
            viewer.one_stage = true;
        }
    } else if keys.just_pressed(KeyCode::Comma) {
        if stepping_back {
            // Within a move played backwards: one more wave back.
            table.queue.step();
        } else if settled {
            table.step_back();
            if let Some(viewer) = table.viewing.0.as_mut() {
                viewer.one_stage = true;
            }
        } else {
            // Mid-move forwards: to the move's end first, then back from there.
            table.queue.skip();
        }
    } else if keys.just_pressed(KeyCode::KeyC) {
        play_on_against_the_computer(
            &table.played,
            &mut table.viewing,
            &mut live,
            &mut seats,
            &mut table.note,
        );
    } else if keys.just_pressed(KeyCode::Home) {
        table.jump(0);
    } else if keys.just_pressed(KeyCode::End) {
        table.jump(len);
    } else if keys.just_pressed(KeyCode::KeyP) {
        play_from_here(
            &table.played,
            &mut table.viewing,
            &mut live,
            &mut seats,
            &mut table.note,
        );
    }
}

/// The replay becomes a live two-player game at this ply (the file stays as it was). A
/// game looked back at plays on from here as it was played (against the computer still),
/// its later moves taken back.
pub fn play_from_here<G: TableGame>(
    played: &Played<G>,
    viewing: &mut Viewing,
    live: &mut LiveAside<G>,
    seats: &mut Seats,
    note: &mut TableNote,
) {
    viewing.0 = None;
    if let Some(live) = live.0.take() {
        let later = live.actions().len() - played.game.actions().len();
        note.0 =
            (later > 0).then(|| format!("playing on from here: {later} later moves taken back"));
        return;
    }
    seats.mode = PlayMode::HotSeat;
    seats.human = None;
    note.0 = Some("playing on from here; the replay file is unchanged".to_string());
}

/// The replay becomes a game against the computer at this ply: the person takes the side
/// to move.
pub fn play_on_against_the_computer<G: TableGame>(
    played: &Played<G>,
    viewing: &mut Viewing,
    live: &mut LiveAside<G>,
    seats: &mut Seats,
    note: &mut TableNote,
) {
    live.0 = None;
    play_from_here(played, viewing, live, seats, note);
    seats.mode = PlayMode::VsComputer;
    seats.human = Some(played.to_move());
}

/// A wave step plays the playback just queued one stage, then pauses; once a move has
/// played backwards, the rules take it back too.
pub(super) fn finish_stepping_back<G: TableGame>(
    mut played: ResMut<Played<G>>,
    mut viewing: ResMut<Viewing>,
    mut queue: ResMut<PlaybackQueue>,
    mut sync: ResMut<super::PendingSync>,
) {
    let Some(viewer) = viewing.0.as_mut() else {
        return;
    };
    if viewer.one_stage && !queue.is_idle() {
        queue.step();
        viewer.one_stage = false;
        return;
    }
    if viewer.stepping_back && queue.is_idle() {
        let _ = played.game.undo();
        played.changed();
        sync.request();
        viewer.stepping_back = false;
    }
}

/// While the viewer shows, the arrows and Home/End are its own; while people play, the
/// arrows are the board cursor's (the camera orbits on Shift and the arrows).
pub(super) fn viewer_arrows(
    viewing: Res<Viewing>,
    seats: Res<super::Seats>,
    mut arrows: ResMut<crate::app::ArrowKeysTaken>,
) {
    let taken = crate::app::ArrowKeysTaken {
        viewer: viewing.0.is_some(),
        cursor: seats.human_to_move(0) || seats.human_to_move(1),
    };
    arrows.set_if_neq(taken);
}

/// The camera follows the action while a replay is watched (the `cinematic_camera`
/// setting, on by default) and in the showcase (a film frames its own shots).
pub(super) fn follow_the_action(
    mut commands: Commands,
    viewing: Res<Viewing>,
    seats: Res<Seats>,
    cinematic: Option<ResMut<crate::app::cinematic::CinematicCamera>>,
    settings: Option<Res<crate::app::settings::Settings>>,
) {
    let follow = seats.mode == PlayMode::Showcase
        || (viewing.0.is_some() && settings.is_none_or(|s| s.cinematic_camera));
    match cinematic {
        Some(mut on) if on.0 != follow => on.0 = follow,
        Some(_) => {}
        None => commands.insert_resource(crate::app::cinematic::CinematicCamera(follow)),
    }
}

/// Steps back one move in `app` now (tests, scripts): what Left does.
pub fn step_back_now<G: TableGame>(app: &mut App) {
    app.world_mut()
        .run_system_cached(|mut table: ViewerTable<G>| table.step_back())
        .expect("the table is set");
}

/// Steps forward one move in `app` now (tests, scripts): what Right does.
pub fn step_forward_now<G: TableGame>(app: &mut App) {
    app.world_mut()
        .run_system_cached(|mut table: ViewerTable<G>| table.step_forward())
        .expect("the table is set");
}

/// Plays on from the position shown in `app` now (tests, scripts): what P does.
pub fn play_from_here_now<G: TableGame>(app: &mut App) {
    app.world_mut()
        .run_system_cached(
            |mut table: ViewerTable<G>,
             mut live: ResMut<LiveAside<G>>,
             mut seats: ResMut<Seats>| {
                let table = &mut table;
                play_from_here(
                    &table.played,
                    &mut table.viewing,
                    &mut live,
                    &mut seats,
                    &mut table.note,
                );
            },
        )
        .expect("the table is set");
}

/// Jumps to `ply`, as a system: a click on the timeline runs it, and [`jump_now`].
pub(super) fn jump_to<G: TableGame>(In(ply): In<usize>, mut table: ViewerTable<G>) {
    table.jump(ply);
}

/// Jumps to `ply` in `app` now (tests, scripts): what clicking the timeline does.
pub fn jump_now<G: TableGame>(app: &mut App, ply: usize) {
    app.world_mut()
        .run_system_cached_with(jump_to::<G>, ply)
        .expect("the table is set");
}
