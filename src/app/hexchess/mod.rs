//! The hexchess presentation: replaced by the game's own table (pieces, input, playback).
//! Until then the menu offers only its bare board.

use bevy::prelude::*;

pub fn plugin(_app: &mut App) {}
