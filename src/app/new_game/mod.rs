//! Starting a game the way the player asked: the mode, the side a person takes against the
//! computer, the computer's level and the ruleset (`choice::GameChoice`), chosen in the new-game
//! dialog or on the command line (`lodestone --game ...`) and remembered per game in the
//! settings (the model is `choice`). A game left under way is offered again (its slot).

mod dialog;
mod launch;

use bevy::prelude::*;

pub use dialog::{DialogButton, DialogField, NewGameDialog};
pub use launch::{LaunchArgs, launch_choice, remembered_choice};

pub fn plugin(app: &mut App) {
    app.init_resource::<NewGameDialog>()
        .add_plugins(dialog::plugin);
}
