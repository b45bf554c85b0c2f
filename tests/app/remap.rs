//! Keys given on the settings' keys sheet (#45): a free key is given, saved and works at
//! the table (and the help names it); a key a command live at the same time has, or one
//! of the keyboard's own, is refused in one line and changes nothing. All by keys alone.

use bevy::prelude::*;
use lodestone::app::hud::zen::Zen;
use lodestone::app::keymap::{self, Keymap};
use lodestone::app::menu::MenuButton;
use lodestone::app::settings::{Settings, load_from, save_to};
use lodestone::app::settings_screen::{KeyButton, KeysButton, KeysSaid, Listening};
use lodestone::app::{Overlay, Screen};
use lodestone::rules::GameId;

use super::headless::{headless_app_with, overlay, screen};
use super::keys_only::{key, open_from_the_menu, tab_to};

fn said(app: &mut App) -> String {
    let mut q = app.world_mut().query_filtered::<&Text, With<KeysSaid>>();
    q.single(app.world()).expect("the sheet's line").0.clone()
}

fn shown(app: &mut App, id: &'static str) -> String {
    let mut q = app.world_mut().query::<(&KeyButton, &Children)>();
    let children = q
        .iter(app.world())
        .find(|(b, _)| b.0 == id)
        .map(|(_, c)| c.to_vec())
        .expect("the command's button");
    children
        .iter()
        .find_map(|c| app.world().get::<Text>(*c))
        .expect("its words")
        .0
        .clone()
}

/// Tabs to `id`'s button, presses Enter, then `new`.
fn give(app: &mut App, id: &'static str, new: KeyCode) {
    tab_to(app, KeyButton(id));
    key(app, KeyCode::Enter);
    assert_eq!(app.world().resource::<Listening>().command, Some(id));
    assert_eq!(shown(app, id), "?");
    key(app, new);
    assert_eq!(app.world().resource::<Listening>().command, None);
}

fn key_of(app: &App, command: keymap::Command) -> KeyCode {
    app.world().resource::<Keymap>().key(command)
}

#[test]
fn a_key_given_on_the_sheet_is_saved_and_plays_and_a_clash_is_refused() {
    let mut app = headless_app_with(|app| {
        app.insert_resource(Settings::default());
    });
    tab_to(&mut app, MenuButton::Settings);
    key(&mut app, KeyCode::Enter);
    assert_eq!(overlay(&app), Overlay::Settings);
    tab_to(&mut app, KeysButton::Open);
    key(&mut app, KeyCode::Enter);
    assert_eq!(
        overlay(&app),
        Overlay::Keys,
        "Enter on Keys... opens the sheet"
    );
    // Every command has its button, each game's included.
    let buttons = app
        .world_mut()
        .query::<&KeyButton>()
        .iter(app.world())
        .count();
    assert_eq!(buttons, app.world().resource::<Keymap>().commands().len());
    assert!(buttons >= 34, "{buttons}");
    // Tab reaches every button of the sheet.
    let mut q = app.world_mut().query_filtered::<Entity, With<KeyButton>>();
    let every: Vec<Entity> = q.iter(app.world()).collect();
    let mut reached = Vec::new();
    for _ in 0..every.len() + 4 {
        key(&mut app, KeyCode::Tab);
        reached.extend(
            app.world()
                .resource::<bevy::input_focus::InputFocus>()
                .get(),
        );
    }
    assert!(
        every.iter().all(|b| reached.contains(b)),
        "Tab reaches every key"
    );
    // No two commands live together share a default key.
    let all = app.world().resource::<Keymap>().commands().to_vec();
    for a in &all {
        for b in &all {
            if a.id != b.id && a.scope.meets(b.scope) {
                assert_ne!(a.default, b.default, "{} and {}", a.id, b.id);
            }
        }
    }

    give(&mut app, "zen", KeyCode::KeyK);
    assert_eq!(key_of(&app, keymap::ZEN), KeyCode::KeyK);
    assert_eq!(said(&mut app), "Zen is now K.");
    assert_eq!(shown(&mut app, "zen"), "K");
    let settings = app.world().resource::<Settings>().clone();
    assert_eq!(settings.keys.get("zen").map(String::as_str), Some("KeyK"));

    // A key that a command live at the same time has: refused, nothing changes.
    give(&mut app, "undo", KeyCode::KeyK);
    assert!(
        said(&mut app).contains("K is already zen"),
        "{}",
        said(&mut app)
    );
    assert_eq!(key_of(&app, keymap::UNDO), KeyCode::KeyU);
    assert_eq!(shown(&mut app, "undo"), "U");
    // A game's key against the table's.
    give(&mut app, "vectress.pull_free", KeyCode::KeyT);
    assert!(said(&mut app).contains("T is already threats"));
    // Two games never meet: Polarity's push/pull may take Wave Field's view key.
    give(&mut app, "polarity.push_pull", KeyCode::KeyV);
    assert_eq!(said(&mut app), "Push / pull is now V.");
    // The keyboard's own keys stay its own; Escape keeps the key as it was.
    give(&mut app, "threats", KeyCode::Tab);
    assert!(said(&mut app).contains("keyboard's own"));
    give(&mut app, "threats", KeyCode::Escape);
    assert_eq!(said(&mut app), "Threats keeps T.");
    assert_eq!(
        overlay(&app),
        Overlay::Keys,
        "that Escape did not close the sheet"
    );
    assert_eq!(key_of(&app, keymap::THREATS), KeyCode::KeyT);

    // Saved and read back, the keys are the same.
    let file = std::env::temp_dir().join(format!("lodestone-keys-{}.ron", std::process::id()));
    save_to(&file, app.world().resource::<Settings>()).unwrap();
    let (read, problem) = load_from(&file);
    let _ = std::fs::remove_file(&file);
    assert_eq!(problem, None);
    assert_eq!(read.keys, app.world().resource::<Settings>().keys);
    let again = headless_app_with(|app| {
        app.insert_resource(read);
    });
    assert_eq!(key_of(&again, keymap::ZEN), KeyCode::KeyK);

    // Escape back to the settings, again to the menu; then K is zen at the table.
    key(&mut app, KeyCode::Escape);
    assert_eq!(overlay(&app), Overlay::Settings);
    key(&mut app, KeyCode::Escape);
    assert_eq!(overlay(&app), Overlay::None);
    open_from_the_menu(&mut app, GameId::Vectress);
    assert_eq!(screen(&app), Screen::Playing);
    key(&mut app, KeyCode::KeyZ);
    assert!(!app.world().resource::<Zen>().on, "Z is no longer zen");
    key(&mut app, KeyCode::KeyK);
    assert!(app.world().resource::<Zen>().on, "K is");
    let help = lodestone::app::hud::shared_keys(true, app.world().resource::<Keymap>());
    assert!(
        help.iter()
            .any(|(k, what)| k == "K" && what.starts_with("zen")),
        "the help names the key given: {help:?}"
    );

    // Defaults gives every key back.
    let mut map = app.world().resource::<Keymap>().clone();
    map.reset();
    assert_eq!(map.key(keymap::ZEN), KeyCode::KeyZ);
}

#[test]
fn a_settings_file_with_a_clash_says_so_and_keeps_the_defaults() {
    let mut settings = Settings::default();
    settings.keys.insert("zen".into(), "KeyU".into()); // undo's
    settings.keys.insert("threats".into(), "KeyY".into());
    let app = headless_app_with(|app| {
        app.insert_resource(settings);
    });
    assert_eq!(key_of(&app, keymap::ZEN), KeyCode::KeyZ);
    assert_eq!(key_of(&app, keymap::THREATS), KeyCode::KeyY);
    let notice = app.world().resource::<lodestone::app::ui::Notice>();
    assert!(
        notice.text.as_deref().is_some_and(|t| t.contains("zen")),
        "{:?}",
        notice.text
    );
    let kept = &app.world().resource::<Settings>().keys;
    assert!(!kept.contains_key("zen") && kept.contains_key("threats"));
}
