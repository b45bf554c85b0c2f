//! Show why (#43): a marked turn played again in slow motion in the viewer: what was
//! played, then the engine's best answer to it (the refutation) and what it sets off,
//! then, from the same position again, the better turn and its outcome, each part with
//! its one-line caption in the status. The review panel's marked turns ask for it.

use std::collections::VecDeque;

use bevy::prelude::*;

use super::look_back::look_back;
use super::review::TableReview;
use super::score::title;
use super::viewer::ViewerTable;
use super::{ActionOf, Played, Request, TableGame, TableSystems};
use crate::rules::Rules;

/// The playback speed Show why plays at (or the chosen one, if slower).
pub const SLOW: f32 = 0.5;
/// Seconds each part's outcome stays on the board before the next part.
const HOLD: f32 = 1.2;

/// Asks to show why the turn whose first action is `first_ply` was marked.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShowWhyAsked {
    pub first_ply: usize,
}

/// What a part of Show why plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The turn as it was played.
    Played,
    /// The opponent's best answer to it.
    Refutation,
    /// The engine's best turn in the same position.
    Better,
}

/// A part under way or waiting: its caption, and the actions still to play.
struct Running<G: TableGame> {
    part: Part,
    caption: String,
    actions: VecDeque<ActionOf<G>>,
    /// It starts from the marked turn's position again (the better turn).
    restart: bool,
}

/// Show why, while it runs (and what it queued, for whoever checks).
#[derive(Resource)]
pub struct ShowWhy<G: TableGame> {
    from_ply: usize,
    now: Option<Running<G>>,
    waiting: VecDeque<Running<G>>,
    /// An action was asked for and its stages not yet seen queued.
    asked: Option<String>,
    hold: f32,
    /// The caption of the part under way (a move played clears the table's note: it is
    /// said again).
    caption: Option<String>,
    /// Each action played, by part, with the number of stages its playback queued.
    pub queued: Vec<(Part, String, usize)>,
}

impl<G: TableGame> Default for ShowWhy<G> {
    fn default() -> Self {
        ShowWhy {
            from_ply: 0,
            now: None,
            waiting: VecDeque::new(),
            asked: None,
            hold: 0.0,
            caption: None,
            queued: Vec::new(),
        }
    }
}

impl<G: TableGame> ShowWhy<G> {
    /// Whether it is playing.
    pub fn running(&self) -> bool {
        self.now.is_some() || !self.waiting.is_empty()
    }
}

pub(super) fn plugin<G: TableGame>(app: &mut App) {
    app.init_resource::<ShowWhy<G>>().add_systems(
        Update,
        (start::<G>, run::<G>)
            .chain()
            .in_set(TableSystems::Show)
            .run_if(resource_exists::<Played<G>>),
    );
}

pub(super) fn configure(app: &mut App) {
    app.add_message::<ShowWhyAsked>();
}

/// `actions` from `from`, in the engine's notation, joined as a turn.
fn written<R: Rules>(from: &R, actions: &[R::Action]) -> String {
    let mut work = from.clone();
    let mut out = Vec::with_capacity(actions.len());
    for &action in actions {
        out.push(work.write_action(action));
        if work.play(action).is_err() {
            break;
        }
    }
    out.join("; ")
}

fn percent(chance: f64) -> String {
    format!("{:.0}%", chance * 100.0)
}

/// The parts of Show why for the reviewed turn at `first_ply`: `None` when it has not
/// been reviewed.
fn parts<G: TableGame>(review: &TableReview<G>, first_ply: usize) -> Option<Vec<Running<G>>> {
    let turn = review.turn_at(first_ply)?;
    let before = review.before(first_ply)?;
    let names = <G::Rules as Rules>::GAME.side_names();
    let mover = title(names[turn.side.min(1)]);
    let other = title(names[1 - turn.side.min(1)]);
    let mark = turn.mark.map_or("", |m| m.glyph());
    let played = written(before, &turn.actions);
    let mut parts = vec![Running {
        part: Part::Played,
        caption: format!(
            "Why {played} {mark}: {mover} had {} to win, and this left {}.",
            percent(turn.win_before),
            percent(turn.win_after)
        ),
        actions: turn.actions.iter().copied().collect(),
        restart: false,
    }];
    let mut after = before.clone();
    for &action in &turn.actions {
        after.play(action).ok()?;
    }
    if let Some(answer) = review.answer_after(first_ply).filter(|_| !after.is_over()) {
        parts.push(Running {
            part: Part::Refutation,
            caption: format!(
                "{other}'s best answer, {}, leaves {mover} {}.",
                written(&after, answer),
                percent(turn.win_after)
            ),
            actions: answer.iter().copied().collect(),
            restart: false,
        });
    }
    if turn.best != turn.actions {
        parts.push(Running {
            part: Part::Better,
            caption: format!(
                "Better was {}: it keeps {mover} {}.",
                written(before, &turn.best),
                percent(turn.best_win)
            ),
            actions: turn.best.iter().copied().collect(),
            restart: true,
        });
    }
    Some(parts)
}

/// Sets the marked turn's position out in the viewer and lines its parts up.
fn start<G: TableGame>(
    mut commands: Commands,
    mut asks: MessageReader<ShowWhyAsked>,
    review: Res<TableReview<G>>,
    mut show: ResMut<ShowWhy<G>>,
) {
    let Some(ask) = asks.read().last().copied() else {
        return;
    };
    let Some(parts) = parts(&review, ask.first_ply) else {
        return;
    };
    *show = ShowWhy {
        from_ply: ask.first_ply,
        waiting: parts.into(),
        ..ShowWhy::default()
    };
    commands.run_system_cached_with(look_back::<G>, ask.first_ply);
}

/// Plays the parts one action at a time, each playback slowed, with a pause between
/// parts; the caption of the part under way is the table's note.
fn run<G: TableGame>(mut show: ResMut<ShowWhy<G>>, mut table: ViewerTable<G>, time: Res<Time>) {
    let show = &mut *show;
    if !show.running() {
        return;
    }
    if table.viewing.0.is_none() {
        // Back to the game (or the viewer closed): it stops.
        *show = ShowWhy::default();
        return;
    }
    if show.caption.is_some() && table.note.0 != show.caption {
        table.note.0.clone_from(&show.caption);
    }
    if !table.queue.is_idle() {
        if let Some(text) = show.asked.take() {
            table.queue.slow_this_playback(SLOW);
            let part = show.now.as_ref().map_or(Part::Played, |r| r.part);
            let stages = table.queue.stage_count();
            show.queued.push((part, text, stages));
        }
        return;
    }
    if !table.requests.is_empty() {
        return;
    }
    if let Some(text) = show.asked.take() {
        // Played (or refused) with nothing to play back.
        let part = show.now.as_ref().map_or(Part::Played, |r| r.part);
        show.queued.push((part, text, 0));
    }
    if show.hold > 0.0 {
        show.hold -= time.delta_secs();
        return;
    }
    if let Some(now) = show.now.as_mut() {
        if let Some(action) = now.actions.pop_front() {
            show.asked = Some(table.played.game.rules().write_action(action));
            table.requests.push(Request::Play(action));
            return;
        }
        show.now = None;
        if !show.waiting.is_empty() {
            show.hold = HOLD;
            return;
        }
    }
    let Some(next) = show.waiting.pop_front() else {
        return;
    };
    if next.restart {
        table.jump(show.from_ply);
    }
    table.note.0 = Some(next.caption.clone());
    show.caption = Some(next.caption.clone());
    show.now = Some(next);
}
