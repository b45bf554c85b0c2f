//! The scene behind the menu: the Vectress board set out for a game, its magnets
//! catching the studio lights while the camera circles slowly. It is cleared when a game
//! starts, and the camera goes back to its seat.

use bevy::prelude::*;

use super::Screen;
use super::boards::{BoardLabel, BoardPart, spawn_board};
use super::camera::OrbitCamera;
use super::table::TableGame;
use super::vectress::Vectress;
use super::vectress::pieces::{Magnet, MagnetLooks, spawn_magnet};
use crate::rules::vectress::Game;
use crate::rules::{Rules, Setup};

pub fn plugin(app: &mut App) {
    // Set out from Update, not OnEnter: the first menu opens before the looks are made.
    app.add_systems(OnExit(Screen::Menu), clear_backdrop)
        .add_systems(
            Update,
            (set_out_backdrop, circle_camera, hide_labels)
                .chain()
                .before(super::camera::OrbitApply)
                .run_if(in_state(Screen::Menu)),
        );
}

/// Everything set out for the menu's backdrop.
#[derive(Component)]
pub struct MenuBackdrop;

/// The camera's view of the backdrop: lower and closer than a game's seat.
const PITCH: f32 = 0.62;
const DISTANCE: f32 = 13.5;
/// Radians a second.
const CIRCLING: f32 = 0.045;

fn set_out_backdrop(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    studio: Option<Res<super::look::Studio>>,
    looks: Option<Res<MagnetLooks>>,
    mut cameras: Query<&mut OrbitCamera>,
    set_out: Query<(), With<MenuBackdrop>>,
) {
    let Some(looks) = looks else { return };
    if !set_out.is_empty() {
        return;
    }
    let wood = studio.map(|s| s.wood.clone());
    spawn_board(
        &mut commands,
        &mut meshes,
        &mut materials,
        wood,
        &<Vectress as TableGame>::BOARD,
    );
    let Ok(game) = Game::start(&Setup::default()) else {
        return;
    };
    for piece in game.position().pieces() {
        let magnet = Magnet {
            id: piece.id,
            kind: piece.kind,
            owner: piece.owner,
        };
        let (entity, _glow) = spawn_magnet(&mut commands, &looks, magnet, piece.cell);
        commands.entity(entity).insert(MenuBackdrop);
    }
    for mut orbit in &mut cameras {
        orbit.pitch = PITCH;
        orbit.distance = DISTANCE;
    }
}

/// Clears the backdrop (board, labels, magnets) before a game sets out its own.
fn clear_backdrop(
    mut commands: Commands,
    parts: Query<Entity, Or<(With<MenuBackdrop>, With<BoardPart>)>>,
    mut cameras: Query<&mut OrbitCamera>,
) {
    for entity in &parts {
        commands.entity(entity).despawn();
    }
    for mut orbit in &mut cameras {
        orbit.reset();
    }
}

fn circle_camera(mut cameras: Query<&mut OrbitCamera>, time: Res<Time>) {
    for mut orbit in &mut cameras {
        orbit.yaw += CIRCLING * time.delta_secs();
    }
}

/// The board's coordinate letters stay off the menu: they would read through it, or show
/// below it (the board places its labels anew each frame, so hiding them would not hold).
fn hide_labels(mut commands: Commands, labels: Query<Entity, Added<BoardLabel>>) {
    for label in &labels {
        commands.entity(label).despawn();
    }
}
