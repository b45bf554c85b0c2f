//! The searches behind the threat, the hint, the evaluation bar and the viewer's best
//! turns: one study of the position on the table at a time, on a worker thread, at the
//! table's level, with the level's time cap. A change of position (a move, an undo, a
//! step in the viewer) raises the study's stop signal and drops it; what it had found
//! for the position is kept until then. Where every frame must be the same from run to
//! run ([`ComputerPace::Lockstep`]), the study is waited for in the frame it starts.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use super::ForesightShown;
use crate::app::table::{ActionOf, ComputerPace, Played, Seats, TableGame, TableSystems, Viewing};
use crate::engine::time_cap::{self, Watch};
use crate::rules::analysis::{Assessed, assess, threat, win_chance};
use crate::rules::{Level, Rules, Stop};

/// What a study is asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Wants {
    threat: bool,
    best: bool,
    /// How many best turns (1 for the hint and the bar, 3 in the viewer).
    top: usize,
}

/// What is known of the position with change count `changes`.
pub struct Known<G: TableGame> {
    pub changes: u64,
    /// The threat: `Some(None)` where there is none to ask (the game over, hex chess in
    /// check); `None` until studied.
    pub threat: Option<Option<Assessed<ActionOf<G>>>>,
    /// The best turns, best first, for the side to move.
    pub best: Option<Vec<Assessed<ActionOf<G>>>>,
}

impl<G: TableGame> Known<G> {
    fn new(changes: u64) -> Self {
        Known {
            changes,
            threat: None,
            best: None,
        }
    }

    /// The chance the first side (`Rules::SIDES[0]`) has, by the best turn's value.
    pub fn first_side_chance(&self, to_move: usize) -> Option<f64> {
        let best = self.best.as_ref()?.first()?;
        let chance = best.win_chance;
        Some(if to_move == 0 { chance } else { 1.0 - chance })
    }
}

struct Study<G: TableGame> {
    task: Task<Known<G>>,
    stop: Stop,
    _watch: Watch,
}

/// The study under way and what is known.
#[derive(Resource)]
pub struct Insight<G: TableGame> {
    study: Option<Study<G>>,
    known: Known<G>,
    /// The hint is asked for this position (H); it stays until the position changes.
    pub hint_asked: Option<u64>,
}

impl<G: TableGame> Default for Insight<G> {
    fn default() -> Self {
        Insight {
            study: None,
            known: Known::new(u64::MAX),
            hint_asked: None,
        }
    }
}

impl<G: TableGame> Insight<G> {
    /// What is known of the position with change count `changes`, if that is the one.
    pub fn known(&self, changes: u64) -> Option<&Known<G>> {
        (self.known.changes == changes).then_some(&self.known)
    }

    /// Whether a study is under way.
    pub fn studying(&self) -> bool {
        self.study.is_some()
    }
}

/// Hints used in the game on the table, per side (as in `Rules::SIDES`): kept in its
/// replay and said at its end.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HintsUsed(pub [u32; 2]);

impl HintsUsed {
    /// What a replay keeps: the counts, or nothing when no hint was asked for.
    pub fn recorded(&self) -> Option<[u32; 2]> {
        (self.0 != [0, 0]).then_some(self.0)
    }

    /// What the game's end says of them ("hints used: white 2"), empty when none.
    pub fn said<R: Rules>(&self) -> String {
        let names = R::GAME.side_names();
        let used: Vec<String> = (0..2)
            .filter(|&i| self.0[i] > 0)
            .map(|i| format!("{} {}", names[i], self.0[i]))
            .collect();
        if used.is_empty() {
            String::new()
        } else {
            format!("hints used: {}", used.join(", "))
        }
    }
}

pub(super) fn plugin<G: TableGame>(app: &mut App) {
    app.init_resource::<Insight<G>>().add_systems(
        Update,
        study::<G>
            .in_set(TableSystems::Show)
            .before(super::drawn::DrawSights)
            .run_if(resource_exists::<Played<G>>),
    );
    crate::app::census::count_task(app, |world| {
        world
            .get_resource::<Insight<G>>()
            .is_some_and(|i| i.studying())
    });
}

/// Starts, polls or drops the study of the position on the table.
fn study<G: TableGame>(
    played: Res<Played<G>>,
    seats: Res<Seats>,
    shown: Res<ForesightShown>,
    viewing: Res<Viewing>,
    pace: Option<Res<ComputerPace>>,
    mut insight: ResMut<Insight<G>>,
) {
    let insight = &mut *insight;
    let changes = played.changes;
    if insight.known.changes != changes {
        insight.known = Known::new(changes);
        if let Some(study) = insight.study.take() {
            // Cancelled: the worker stops at its next check.
            study.stop.raise();
        }
    }
    let viewing = viewing.0.is_some();
    let hint = insight.hint_asked == Some(changes);
    let wants = Wants {
        threat: shown.threat && insight.known.threat.is_none(),
        best: (hint || shown.evaluation_bar || viewing) && insight.known.best.is_none(),
        top: if viewing { 3 } else { 1 },
    };
    if played.game.is_over() {
        return;
    }
    let lockstep = pace.is_some_and(|p| *p == ComputerPace::Lockstep);
    if insight.study.is_none() && (wants.threat || wants.best) {
        let game = played.game.rules().clone();
        let level = seats.level;
        let cap = (!lockstep)
            .then(|| time_cap::cap(<G::Rules as Rules>::GAME, level))
            .flatten();
        let (stop, watch) = Watch::start(cap.map(|c| c * 2));
        let worker_stop = stop.clone();
        let task = AsyncComputeTaskPool::get()
            .spawn(async move { studied::<G>(&game, level, wants, changes, &worker_stop) });
        insight.study = Some(Study {
            task,
            stop,
            _watch: watch,
        });
    }
    let Some(study) = insight.study.as_mut() else {
        return;
    };
    let done = if lockstep {
        Some(block_on(&mut study.task))
    } else {
        block_on(poll_once(&mut study.task))
    };
    let Some(found) = done else { return };
    insight.study = None;
    if found.changes != changes {
        return;
    }
    if found.threat.is_some() {
        insight.known.threat = found.threat;
    }
    if found.best.is_some() {
        insight.known.best = found.best;
    }
}

/// The study itself, on the worker: the threat and the best turns, as asked.
fn studied<G: TableGame>(
    game: &G::Rules,
    level: Level,
    wants: Wants,
    changes: u64,
    stop: &Stop,
) -> Known<G> {
    let rng = game.rng().clone();
    let mut known = Known::new(changes);
    if wants.threat {
        known.threat = Some(threat(game, level, 1, &rng, stop));
    }
    if wants.best {
        known.best = Some(assess(game, level, wants.top.max(1), 1, &rng, stop));
    }
    known
}

/// The chance to win of the first side by a value for `to_move` (for tests and the bar).
pub fn chance_of_first<G: TableGame>(score: i32, to_move: usize) -> f64 {
    let chance = win_chance::<G::Rules>(score);
    if to_move == 0 { chance } else { 1.0 - chance }
}
