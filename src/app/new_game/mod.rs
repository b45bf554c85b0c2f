//! Starting a game the way the player asked: the mode, the side a person takes against the
//! computer, the computer's level and the ruleset (`choice::GameChoice`), chosen in the new-game
//! dialog or on the command line (`lodestone --game ...`) and remembered per game in the
//! settings (the model is `choice`). A live game left for the menu is offered again.

mod dialog;
mod launch;

use bevy::prelude::*;

use super::choice::SuspendedGames;

pub use dialog::{DialogButton, DialogField, NewGameDialog};
pub use launch::{LaunchArgs, launch_choice, remembered_choice};

pub fn plugin(app: &mut App) {
    app.init_resource::<NewGameDialog>()
        .init_resource::<SuspendedGames>()
        .add_plugins(dialog::plugin);
}
