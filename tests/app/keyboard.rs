//! The keyboard by the input focus (#41): a text field with the focus takes the keys, the
//! shared keys stand aside until it lets go.

use bevy::prelude::*;
use lodestone::app::PlayMode;
use lodestone::app::hexchess::Control;
use lodestone::app::table::TableInput;

use super::hexchess::{hex_app, play_text, run_until_idle, scene, send, table};

/// A key as the window sends it, for one frame.
fn key(app: &mut App, code: KeyCode, logical: bevy::input::keyboard::Key) {
    super::keys_only::key_with(app, &[], code, logical);
}

/// While a move-list entry is edited it has the input focus: the shared keys (U undo,
/// Escape's pause menu) stand aside and its own keys apply; once the edit ends they are
/// the table's again.
#[test]
fn an_entry_being_edited_takes_the_keyboard_by_the_input_focus() {
    use bevy::input::keyboard::Key;
    use bevy::input_focus::InputFocus;
    use lodestone::app::TextField;
    let mut app = hex_app(PlayMode::HotSeat);
    play_text(&mut app, "f5f6");
    app.update();
    run_until_idle(&mut app);
    send(&mut app, TableInput::Game(Control::BeginEdit(0)));
    app.update();
    app.update();
    let focused = app.world().resource::<InputFocus>().get();
    assert!(
        focused.is_some_and(|e| app.world().get::<TextField>(e).is_some()),
        "the entry being edited has the focus"
    );
    key(&mut app, KeyCode::KeyU, Key::Character("u".into()));
    assert_eq!(
        table(&mut app).game.game().history().len(),
        1,
        "U is typed, not undo"
    );
    key(&mut app, KeyCode::Escape, Key::Escape);
    assert_eq!(scene(&mut app).editing, None, "Escape cancels the edit");
    assert!(
        !super::headless::paused(&app),
        "and does not open the pause menu"
    );
    let focused = app.world().resource::<InputFocus>().get();
    assert!(
        focused.is_none_or(|e| app.world().get::<TextField>(e).is_none()),
        "the focus has left the text field"
    );
    key(&mut app, KeyCode::KeyU, Key::Character("u".into()));
    app.update();
    assert_eq!(
        table(&mut app).game.game().history().len(),
        0,
        "U is the table's undo again"
    );
}
