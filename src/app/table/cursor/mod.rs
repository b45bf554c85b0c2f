//! The board cursor: the keyboard's way onto the board. The arrows move it from cell to
//! cell as the board is seen (hex chess: Up and Down along the file, Left and Right to
//! the neighbouring file below, with Ctrl above); Enter picks the piece under it (or the
//! cell a stone goes on) and then plays the choice landing where the cursor stands; Tab
//! and Shift+Tab go through the pick's choices (its targets, a pull free, a promotion, a
//! power); Escape drops the pick. What the cursor is over and what a pick offers is said
//! in one line (`BoardCursor::said`), which the screen reader announces too.
//!
//! Choices are kept in the engine's notation and read back by the rules when played, so
//! the cursor knows no game: each game says only where its actions go
//! ([`crate::rules::reach::Reaching`]).

pub mod marks;
mod pick;
pub mod typed;

use bevy::prelude::*;

use self::pick::{cycle, describe, enter};

use super::{Played, Seats, TableGame, TableInput, Viewing};
use crate::app::boards::{BoardCell, BoardShape};
use crate::app::camera::MainCamera;
use crate::app::playback::PlaybackQueue;
use crate::app::ui::focus::TabTaken;
use crate::app::{Overlay, PlayMode};
use crate::rules::Rules;
use crate::rules::reach::Reach;

/// One choice of a pick: the action in the engine's notation, and where it goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub written: String,
    pub reach: Reach,
}

/// A picked cell and what it offers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pick {
    pub cell: String,
    pub choices: Vec<Choice>,
    /// The choice Tab went to last, if any.
    pub chosen: Option<usize>,
}

/// Where the keyboard is on the board.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardCursor {
    /// The cell under the cursor (engine name), once the keyboard moved it.
    pub cell: Option<String>,
    pub pick: Option<Pick>,
    /// The last thing the cursor said: what it is over, what a pick offers, why not.
    pub said: String,
}

impl BoardCursor {
    /// The choices of the pick landing on `cell`.
    fn landing(&self, cell: &str) -> Vec<usize> {
        self.pick
            .iter()
            .flat_map(|p| {
                p.choices
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.reach.to.as_deref() == Some(cell))
                    .map(|(i, _)| i)
            })
            .collect()
    }
}

/// What every game's cursor shares: its state, its looks and its line.
pub(super) fn configure(app: &mut App) {
    app.init_resource::<BoardCursor>()
        .add_systems(OnExit(crate::app::Screen::Playing), forget);
    marks::configure(app);
    typed::configure(app);
}

pub(super) fn plugin<G: TableGame>(app: &mut App) {
    marks::plugin::<G>(app);
    typed::plugin::<G>(app);
    app.add_systems(
        Update,
        // Before the shared keys, so Escape drops a pick before it pauses; its plays are
        // read by the table's routing later in the frame.
        cursor_keys::<G>
            .in_set(crate::app::PausableSystems)
            .before(crate::app::KeyboardSystems)
            .before(crate::app::ui::focus::FocusSystems)
            .run_if(resource_exists::<Played<G>>)
            .run_if(crate::app::keyboard_free),
    );
}

fn forget(mut cursor: ResMut<BoardCursor>) {
    *cursor = BoardCursor::default();
}

/// The board's cells by engine name, with where each stands.
fn named_cells<G: TableGame>(cells: &Query<(&BoardCell, &GlobalTransform)>) -> Vec<(String, Vec3)> {
    cells
        .iter()
        .filter_map(|(cell, at)| Some((G::cell_name(cell)?, at.translation())))
        .collect()
}

/// The cell one step from `from` toward `direction` (on the board's plane): the nearest
/// within 40 degrees of it, counting a cell off the line as farther.
fn step_toward(cells: &[(String, Vec3)], from: Vec3, direction: Vec2) -> Option<String> {
    let direction = direction.normalize_or_zero();
    cells
        .iter()
        .filter_map(|(name, at)| {
            let offset = at.xz() - from.xz();
            let along = offset.dot(direction);
            let across = offset.perp_dot(direction).abs();
            (along > 0.05 && across <= along * 0.84).then_some((name, along + 2.0 * across))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(name, _)| name.clone())
}

#[allow(clippy::too_many_arguments)]
fn cursor_keys<G: TableGame>(
    keys: Option<ResMut<ButtonInput<KeyCode>>>,
    played: Res<Played<G>>,
    seats: Res<Seats>,
    queue: Res<PlaybackQueue>,
    viewing: Res<Viewing>,
    scene: Res<G::Scene>,
    overlay: Res<State<Overlay>>,
    cells: Query<(&BoardCell, &GlobalTransform)>,
    cameras: Query<&GlobalTransform, With<MainCamera>>,
    mut cursor: ResMut<BoardCursor>,
    mut tab: ResMut<TabTaken>,
    button: Res<crate::app::FocusOnButton>,
    mut input: MessageWriter<TableInput<G>>,
) {
    let Some(mut keys) = keys else { return };
    let playing = seats.mode != PlayMode::Setup
        && viewing.0.is_none()
        && !played.over()
        && seats.human_to_move(played.to_move());
    let free = playing && *overlay.get() == Overlay::None && !button.0 && !G::keys_taken(&scene);
    tab.set_if_neq(TabTaken(free && cursor.pick.is_some()));
    if !playing && cursor.pick.is_some() {
        cursor.pick = None;
    }
    // The code and the cells are read only when a cursor key is pressed.
    let cursor_keys = [
        KeyCode::ArrowUp,
        KeyCode::ArrowDown,
        KeyCode::ArrowLeft,
        KeyCode::ArrowRight,
        KeyCode::Tab,
        KeyCode::Escape,
        KeyCode::Enter,
        KeyCode::NumpadEnter,
    ];
    if !free || !keys.any_just_pressed(cursor_keys) {
        return;
    }
    let shift = crate::app::shift_held(&keys);
    let ctrl = crate::app::ctrl_held(&keys);
    let code = played.game.rules().code();
    let named = named_cells::<G>(&cells);
    // The board as seen: screen right and screen up, laid on the board's plane.
    let (right, up) = cameras
        .iter()
        .next()
        .map(|cam| {
            let r = cam.right().as_vec3().xz().normalize_or(Vec2::X);
            let u = cam.forward().as_vec3().xz().normalize_or(Vec2::NEG_Y);
            (r, u)
        })
        .unwrap_or((Vec2::X, Vec2::NEG_Y));
    let hex = matches!(G::BOARD.shape, BoardShape::Hex);
    // Left and Right on the hex board go to the neighbouring file, below (above with Ctrl).
    let tilt = if !hex {
        0.0
    } else if ctrl {
        0.5
    } else {
        -0.5
    };
    let arrows = [
        (KeyCode::ArrowUp, up),
        (KeyCode::ArrowDown, -up),
        (KeyCode::ArrowRight, right + up * tilt),
        (KeyCode::ArrowLeft, -right + up * tilt),
    ];
    if !shift {
        for (key, direction) in arrows {
            if !keys.just_pressed(key) {
                continue;
            }
            let here = cursor
                .cell
                .as_ref()
                .and_then(|c| named.iter().find(|(n, _)| n == c));
            let next = match here {
                Some((_, at)) => step_toward(&named, *at, direction),
                None => start_cell(&named),
            };
            if let Some(next) = next {
                cursor.said = describe(&cursor, &code, &next, played.game.rules());
                cursor.cell = Some(next);
            }
        }
    }
    if keys.just_pressed(KeyCode::Tab) && cursor.pick.is_some() {
        keys.clear_just_pressed(KeyCode::Tab);
        cycle(&mut cursor, if shift { -1 } else { 1 });
    }
    if keys.just_pressed(KeyCode::Escape) && cursor.pick.is_some() {
        keys.clear_just_pressed(KeyCode::Escape);
        cursor.pick = None;
        cursor.said = "Pick dropped.".to_string();
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter])
        && queue.is_idle()
        && let Some(written) = enter::<G>(&mut cursor, played.game.rules(), &code, &named)
    {
        match played.game.rules().parse_action(&written) {
            Ok(action) => {
                input.write(TableInput::Play(action));
            }
            Err(e) => cursor.said = e.to_string(),
        }
    }
}

/// Where the cursor first appears: the cell nearest the board's middle.
pub(super) fn start_cell(cells: &[(String, Vec3)]) -> Option<String> {
    let middle = cells.iter().map(|(_, at)| *at).sum::<Vec3>() / cells.len().max(1) as f32;
    cells
        .iter()
        .min_by(|a, b| a.1.distance(middle).total_cmp(&b.1.distance(middle)))
        .map(|(n, _)| n.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> Vec<(String, Vec3)> {
        let mut cells = Vec::new();
        for x in 0..3 {
            for z in 0..3 {
                cells.push((format!("{x}{z}"), Vec3::new(x as f32, 0.0, -(z as f32))));
            }
        }
        cells
    }

    #[test]
    fn a_step_goes_to_the_nearest_cell_that_way_and_stops_at_the_edge() {
        let cells = grid();
        let from = Vec3::new(1.0, 0.0, -1.0);
        assert_eq!(step_toward(&cells, from, Vec2::X).as_deref(), Some("21"));
        assert_eq!(
            step_toward(&cells, from, Vec2::NEG_Y).as_deref(),
            Some("12")
        );
        assert_eq!(
            step_toward(&cells, from, Vec2::NEG_X).as_deref(),
            Some("01")
        );
        let corner = Vec3::new(2.0, 0.0, -2.0);
        assert_eq!(step_toward(&cells, corner, Vec2::X), None, "the edge holds");
        assert_eq!(start_cell(&cells).as_deref(), Some("11"));
    }
}
