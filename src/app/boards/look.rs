//! What each game registers of its board: the shape, and the finish its materials are
//! made from.

use std::collections::HashMap;

use bevy::prelude::*;

use super::SquareBoard;
use crate::rules::GameId;

/// A board's surface: its cell tones, how glossy they are, whether they show the wood's
/// grain, and the frame's colour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Finish {
    pub tones: &'static [Color],
    pub roughness: f32,
    pub grain: bool,
    pub frame: Color,
}

/// A board's shape: a square board (its files lettered in capitals, or in small letters),
/// or the hex chess board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BoardShape {
    Square {
        board: SquareBoard,
        lower_case_files: bool,
    },
    Hex,
}

/// A game's board as it is set out: its shape and its finish (each game's
/// `TableGame::BOARD`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardLook {
    pub shape: BoardShape,
    pub finish: Finish,
}

/// The board of every game, registered by its table.
#[derive(Resource, Default, Debug)]
pub struct Boards(HashMap<GameId, BoardLook>);

impl Boards {
    /// `game`'s board, if its table registered one.
    pub fn of(&self, game: GameId) -> Option<&BoardLook> {
        self.0.get(&game)
    }
}

/// Registers `game`'s board, set out whenever that game is played.
pub fn register(app: &mut App, game: GameId, look: BoardLook) {
    app.world_mut()
        .get_resource_or_init::<Boards>()
        .0
        .insert(game, look);
}

impl Finish {
    pub(super) fn materials(
        &self,
        materials: &mut Assets<StandardMaterial>,
        wood: &Option<Handle<Image>>,
    ) -> (Vec<Handle<StandardMaterial>>, Handle<StandardMaterial>) {
        let grain = if self.grain { wood.clone() } else { None };
        let cells = self
            .tones
            .iter()
            .map(|&color| {
                materials.add(StandardMaterial {
                    base_color: color,
                    base_color_texture: grain.clone(),
                    // A patch of the grain per cell, not all its rings squeezed in.
                    uv_transform: bevy::math::Affine2::from_scale(Vec2::splat(0.35)),
                    perceptual_roughness: self.roughness,
                    reflectance: 0.35,
                    ..default()
                })
            })
            .collect();
        let frame = materials.add(StandardMaterial {
            base_color: self.frame,
            base_color_texture: grain,
            uv_transform: bevy::math::Affine2::from_scale(Vec2::splat(3.0)),
            perceptual_roughness: 0.3,
            reflectance: 0.4,
            ..default()
        });
        (cells, frame)
    }
}
