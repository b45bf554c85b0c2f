//! What an offscreen command (`render`, `film`, `bench`) asks the table to show. Its own
//! small module so the table and the games read the request without knowing the commands.

use bevy::prelude::*;

use crate::rules::GameId;

/// What the presentation should show: the game, the actions to play, and where to freeze
/// the last one's playback.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct RenderRequest {
    pub game: Option<GameId>,
    pub moves: Vec<String>,
    /// (0-based step, fraction).
    pub freeze: Option<(usize, f32)>,
}
