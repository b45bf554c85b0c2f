//! The whole outcome before you commit: while a turn is hovered or dragged over its
//! target, it is played by the rules on a copy and drawn as the game draws a foreseen
//! turn (ghosts at the final places, the pieces lost marked), with its line beside the
//! pointer. Worked out in the frame the hover changes (the rules side is well under a
//! millisecond: `lodestone bench GAME`'s `preview_median_ms`), never again until the
//! turn, the game or the setting changes.

use bevy::prelude::*;

use super::{Drawn, Foreseen, ForesightShown, Mark, MarkWhat, SightKind, spawn_mark};
use crate::app::Screen;
use crate::app::playback::PlaybackQueue;
use crate::app::table::{
    ActionOf, Played, Seats, Start, TableEnter, TableGame, TableLaunch, TableSystems, Viewing,
};
use crate::rules::Rules;

/// The preview on screen: the turn and the game's change count it shows, and what it drew.
#[derive(Resource)]
pub struct PreviewShown<G: TableGame> {
    key: Option<(Vec<ActionOf<G>>, u64)>,
    drawn: Drawn,
}

impl<G: TableGame> Default for PreviewShown<G> {
    fn default() -> Self {
        PreviewShown {
            key: None,
            drawn: Drawn::default(),
        }
    }
}

impl<G: TableGame> PreviewShown<G> {
    /// The turn previewed now, if any.
    pub fn turn(&self) -> Option<&[ActionOf<G>]> {
        self.key.as_ref().map(|(turn, _)| turn.as_slice())
    }

    /// The preview's line, said beside the pointer.
    pub fn line(&self) -> Option<&str> {
        self.drawn.line.as_deref()
    }

    /// How many entities (ghosts, meshes, marks) it drew.
    pub fn drawn(&self) -> usize {
        self.drawn.entities.len()
    }
}

/// Drawing the hovered turn's preview (the pointer's note reads it after).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ShowPreview;

/// A still's turn to preview (`render --preview`), shown as if hovered; a still has no
/// pointer, so its line is written on the board at the turn's target.
#[derive(Resource)]
pub struct LaunchPreview<G: TableGame>(pub Vec<ActionOf<G>>);

pub(super) fn plugin<G: TableGame>(app: &mut App) {
    app.init_resource::<PreviewShown<G>>()
        .add_systems(
            Update,
            show_preview::<G>
                .in_set(TableSystems::Show)
                .in_set(ShowPreview)
                .run_if(resource_exists::<Played<G>>),
        )
        .add_systems(
            OnEnter(Screen::Playing),
            take_launch_sights::<G>
                .after(TableEnter::LaunchMove)
                .before(TableEnter::LaunchTaken)
                .run_if(resource_exists::<Played<G>>),
        );
}

/// A still's preview and threat, taken from its launch (checked by `render` before).
fn take_launch_sights<G: TableGame>(
    mut commands: Commands,
    launch: Option<Res<TableLaunch>>,
    played: Res<Played<G>>,
    mut foresight: ResMut<ForesightShown>,
) {
    commands.remove_resource::<LaunchPreview<G>>();
    let Some(Start::Still(still)) = launch.map(|l| l.start.clone()) else {
        return;
    };
    if still.threat {
        foresight.threat = true;
    }
    let Some(text) = still.preview else { return };
    let rules = played.game.rules();
    let mut probe = rules.clone();
    let mut turn = Vec::new();
    for word in text.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        match probe.parse_action(word) {
            Ok(action) if probe.play(action).is_ok() => turn.push(action),
            _ => {
                warn!("the preview {text} is refused at {word}");
                return;
            }
        }
    }
    commands.insert_resource(LaunchPreview::<G>(turn));
}

/// Draws the hovered turn's outcome, or takes it away.
fn show_preview<G: TableGame>(
    mut commands: Commands,
    played: Res<Played<G>>,
    scene: Res<G::Scene>,
    looks: Res<G::Looks>,
    foresight: Res<ForesightShown>,
    seats: Res<Seats>,
    queue: Res<PlaybackQueue>,
    viewing: Res<Viewing>,
    launched: Option<Res<LaunchPreview<G>>>,
    mut shown: ResMut<PreviewShown<G>>,
) {
    let may = foresight.previews && seats.may_act(&played, &queue, viewing.0.is_some());
    let hovered = match &launched {
        Some(launched) => Some(launched.0.clone()),
        None => may.then(|| G::hovered(&played, &scene)).flatten(),
    };
    let key = hovered.map(|turn| (turn, played.changes));
    if key == shown.key {
        return;
    }
    let shown = &mut *shown;
    shown.drawn.clear(&mut commands);
    shown.key = key;
    let Some((turn, _)) = &shown.key else { return };
    let Ok(mut seen) = Foreseen::<G>::play(SightKind::Preview, played.game.rules(), turn) else {
        return;
    };
    seen.live_hover = launched.is_none();
    let sight = G::foresee(&mut commands, &looks, &seen);
    shown.drawn.entities = sight.entities;
    for mark in &sight.marks {
        let label = spawn_mark(&mut commands, SightKind::Preview, mark);
        shown.drawn.entities.push(label);
    }
    if launched.is_some() && !sight.line.is_empty() {
        let at = G::turn_arrow(played.game.rules(), turn).map_or(Vec3::ZERO, |(_, to)| to);
        let line = Mark {
            at: at + Vec3::Y * super::line_lift(SightKind::Preview),
            text: sight.line.clone(),
            what: MarkWhat::Line,
        };
        shown
            .drawn
            .entities
            .push(spawn_mark(&mut commands, SightKind::Preview, &line));
    }
    shown.drawn.line = (!sight.line.is_empty()).then_some(sight.line);
}
