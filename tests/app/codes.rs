//! Position codes at the table (#44): Ctrl+C copies the position shown, Ctrl+V sets up the
//! code on the clipboard in the game it belongs to, asking first over a game under way.
//! Headless, no system clipboard answers: the code copied is kept within Lodestone.

use bevy::prelude::*;
use lodestone::app::PlayMode;
use lodestone::app::playback::PlaybackQueue;
use lodestone::app::polarity::Polarity;
use lodestone::app::table::codes::CodeClipboard;
use lodestone::app::table::{TableInput, TableLaunch};
use lodestone::app::ui::Notice;
use lodestone::app::vectress::Vectress;
use lodestone::rules::{GameId, Rules};

use super::headless::{launched_app, played, send};

fn chord(app: &mut App, key: KeyCode) {
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.press(KeyCode::ControlLeft);
    keys.press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release_all();
    keys.clear();
    app.update();
}

fn settle(app: &mut App) {
    for _ in 0..10 {
        app.world_mut().resource_mut::<PlaybackQueue>().skip();
        app.update();
    }
}

fn notice(app: &App) -> String {
    app.world()
        .resource::<Notice>()
        .text
        .clone()
        .unwrap_or_default()
}

#[test]
fn copy_and_paste_a_position_between_games() {
    let mut app = launched_app(TableLaunch::in_mode(GameId::Polarity, PlayMode::HotSeat));
    let action = played::<Polarity>(&app).game.legal_actions()[0];
    send::<Polarity>(&mut app, TableInput::Play(action));
    settle(&mut app);
    // Ctrl+C: the code of the position shown.
    chord(&mut app, KeyCode::KeyC);
    let code = played::<Polarity>(&app).game.code();
    let copied = app.world().resource::<CodeClipboard>().copied.clone();
    assert_eq!(copied.as_deref(), Some(code.as_str()));
    assert!(notice(&app).contains(&code), "{}", notice(&app));

    // A Vectress code on the clipboard, over a Polarity game under way: asked first.
    let pasted = "1sr3rs1/1t5t1/3tot3/9/9/9/3TOT3/1T5T1/1SR3RS1 b - 1sr3rs1/1t5t1/3tot3/9/9/9/3TOT3/1T5T1/1SR3RS1 pass - 1";
    app.world_mut().resource_mut::<CodeClipboard>().copied = Some(pasted.to_string());
    chord(&mut app, KeyCode::KeyV);
    assert!(
        notice(&app).contains("press Ctrl+V again"),
        "{}",
        notice(&app)
    );
    assert_eq!(
        played::<Polarity>(&app).game.turns(),
        1,
        "nothing replaced yet"
    );
    // The second Ctrl+V sets the Vectress position up.
    chord(&mut app, KeyCode::KeyV);
    settle(&mut app);
    let table = played::<Vectress>(&app);
    assert_eq!(table.game.code(), pasted);
    assert_eq!(table.game.setup().position.as_deref(), Some(pasted));
    assert!(
        notice(&app).contains("Set up the pasted Vectress position"),
        "{}",
        notice(&app)
    );

    // Garbage is refused in one sentence and changes nothing.
    app.world_mut().resource_mut::<CodeClipboard>().copied = Some("hello".to_string());
    chord(&mut app, KeyCode::KeyV);
    assert!(
        notice(&app).starts_with("The clipboard holds no position code of any game"),
        "{}",
        notice(&app)
    );
    assert_eq!(played::<Vectress>(&app).game.code(), pasted);
}
