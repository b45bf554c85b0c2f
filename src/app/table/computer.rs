//! The computer's turn: it thinks on a worker thread (the frame never waits) under its
//! level's time cap, raised from here (the rules read no clock), then plays its actions
//! one at a time. A search for a position that has since changed is dropped. A finished
//! demo starts over after a few seconds.
//!
//! Where every frame must be the same from run to run (a headless app, a film), the
//! [`ComputerPace::Lockstep`] pace waits for the search in the frame it starts and sets
//! no time cap: the move then depends on the seed alone, never on the machine's load.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use super::state::{Played, Requests, Seats};
use super::turns::{Staging, play_action};
use super::{ActionOf, Request, TableGame};
use crate::app::PlayMode;
use crate::engine::time_cap::{self, Watch};
use crate::rules::Rules;
use crate::rules::rng::GameRng;

/// Seconds a finished demo waits before it starts over.
const DEMO_RESTART_SECONDS: f32 = 4.0;

/// How the computer's searches run.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ComputerPace {
    /// On a worker thread under the level's time cap; the table plays on meanwhile.
    #[default]
    Background,
    /// Waited for in the frame it starts, to its budget alone: the same frames every run.
    Lockstep,
}

/// The search under way and what it has chosen to play.
#[derive(Resource)]
pub struct Computer<G: TableGame> {
    thinking: Option<Thinking<G>>,
    planned: Vec<ActionOf<G>>,
    wait: f32,
    demo_restart: f32,
}

struct Thinking<G: TableGame> {
    task: Task<(Vec<ActionOf<G>>, GameRng)>,
    /// The table's change count it thinks about: a change since makes it moot.
    changes: u64,
    /// Raises its stop signal at the time cap; dropped with it.
    _watch: Watch,
}

impl<G: TableGame> Default for Computer<G> {
    fn default() -> Self {
        Computer {
            thinking: None,
            planned: Vec::new(),
            wait: 0.0,
            demo_restart: 0.0,
        }
    }
}

impl<G: TableGame> Computer<G> {
    /// Whether the computer is thinking about its turn.
    pub fn thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// Forgets the search and the plan (the game changed under them).
    fn forget(&mut self) {
        self.thinking = None;
        self.planned.clear();
        self.wait = 0.0;
    }
}

/// The computer's turn, and a finished demo's restart.
pub(super) fn computer_turn<G: TableGame>(
    mut commands: Commands,
    mut played: ResMut<Played<G>>,
    mut scene: ResMut<G::Scene>,
    mut computer: ResMut<Computer<G>>,
    mut requests: ResMut<Requests<G>>,
    looks: Res<G::Looks>,
    pace: Option<Res<ComputerPace>>,
    mut stage: Staging,
    time: Res<Time>,
    clock: Res<super::TurnClock>,
    clock_time: Res<super::clock::ClockTime>,
) {
    let (played, computer) = (&mut *played, &mut *computer);
    if computer
        .thinking
        .as_ref()
        .is_some_and(|t| t.changes != played.changes)
    {
        computer.forget();
    }
    if played.over() {
        computer.forget();
        if stage.seats.mode == PlayMode::Demo && stage.queue.is_idle() {
            computer.demo_restart += time.delta_secs();
            if computer.demo_restart > DEMO_RESTART_SECONDS {
                computer.demo_restart = 0.0;
                requests.push(Request::NewGame);
            }
        }
        return;
    }
    let seats: Seats = *stage.seats;
    if seats.human_to_move(played.to_move())
        || stage.viewing.0.is_some()
        || matches!(seats.mode, PlayMode::Showcase | PlayMode::Setup)
        || !stage.queue.is_idle()
        || !requests.is_empty()
        || !G::computer_may_think(played, &scene)
    {
        if stage.viewing.0.is_some() || seats.human_to_move(played.to_move()) {
            computer.forget();
        }
        return;
    }
    if computer.wait > 0.0 {
        computer.wait -= time.delta_secs();
        return;
    }
    if !computer.planned.is_empty() {
        let action = computer.planned.remove(0);
        let mut hand = stage.hand();
        if let Err(e) = play_action(
            &mut commands,
            &*looks,
            played,
            &mut scene,
            &mut hand,
            action,
        ) {
            stage.note.0 = Some(format!("the computer's action was refused: {e}"));
            computer.planned.clear();
        }
        computer.wait = if computer.planned.is_empty() {
            0.0
        } else {
            G::COMPUTER_PAUSE
        };
        return;
    }
    let lockstep = pace.is_some_and(|p| *p == ComputerPace::Lockstep);
    if computer.thinking.is_none() {
        let game = played.game.rules().clone();
        let (level, demo) = (seats.level, seats.mode == PlayMode::Demo);
        let cap = (!lockstep)
            .then(|| time_cap::cap(<G::Rules as Rules>::GAME, level))
            .flatten();
        // On a time control the computer spends from its own clock.
        let cap = match clock.control.filter(|_| !lockstep) {
            Some(control) => {
                let times = super::clock::turn_times(played, &clock.seconds);
                let now = clock_time.0;
                let left = control
                    .left(&times, played.to_move(), clock.running(now))
                    .left[played.to_move()];
                let level_cap = cap.map_or(f64::MAX, |c| c.as_secs_f64());
                Some(std::time::Duration::from_secs_f64(
                    control.thinking_budget(left, level_cap),
                ))
            }
            None => cap,
        };
        let (stop, watch) = Watch::start(cap);
        let mut rng = game.rng().clone();
        computer.thinking = Some(Thinking {
            task: AsyncComputeTaskPool::get().spawn(async move {
                let actions = G::think(&game, level, demo, &mut rng, &stop);
                (actions, rng)
            }),
            changes: played.changes,
            _watch: watch,
        });
        if !lockstep {
            return;
        }
    }
    let Some(thinking) = computer.thinking.as_mut() else {
        return;
    };
    let answer = if lockstep {
        Some(block_on(&mut thinking.task))
    } else {
        block_on(poll_once(&mut thinking.task))
    };
    let Some((actions, rng)) = answer else {
        return;
    };
    computer.thinking = None;
    if actions.is_empty() {
        stage.note.0 = Some("the computer found nothing to play".to_string());
        return;
    }
    // The generator moves on as it did while the computer thought, so a game replays
    // exactly from its seed and actions.
    *played.game.rules_mut().rng_mut() = rng;
    computer.planned = actions;
    computer.wait = G::COMPUTER_PAUSE;
}
