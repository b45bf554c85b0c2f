//! A player's session around the table: the new-game choice (side, level, ruleset)
//! reaching the table and the computer, the pause menu, leaving a live game for the menu
//! and resuming it, and the settings screen applied live and saved.

use bevy::prelude::*;
use lodestone::app::choice::{GameChoice, ModeChoice};
use lodestone::app::hexchess::Hexchess;
use lodestone::app::menu::MenuButton;
use lodestone::app::new_game::{DialogButton, DialogField, NewGameDialog};
use lodestone::app::pause::PauseButton;
use lodestone::app::playback::PlaybackQueue;
use lodestone::app::polarity::Polarity;
use lodestone::app::table::{SaveSlots, SlotKey, Start, TableGame, TableInput, TableLaunch};
use lodestone::app::vectress::Vectress;
use lodestone::app::{PlayMode, Screen};
use lodestone::rules::{GameId, Level, Match, Rules, Setup};

use super::headless::{
    headless_app, no_requests, overlay, paused, played, press, screen, seats, send, tap,
};

/// A headless app with `game` started as `choice` says (as the dialog starts it).
fn chosen_app(game: GameId, choice: GameChoice) -> App {
    super::headless::launched_app(TableLaunch {
        game,
        start: Start::New(choice),
    })
}

/// Whether a person is to move on `G`'s table.
fn human_to_move<G: TableGame>(app: &App) -> bool {
    seats(app).human_to_move(played::<G>(app).to_move())
}

/// Runs frames, skipping playback, until `done` (the computer thinks on another thread).
fn run_until<G: TableGame>(app: &mut App, done: impl Fn(&App) -> bool) {
    for _ in 0..4000 {
        app.world_mut().resource_mut::<PlaybackQueue>().skip();
        app.update();
        if done(app) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    panic!("{:?}: it never happened", <G::Rules as Rules>::GAME);
}

/// Against the computer with the second side, the computer opens, at the chosen level:
/// its first turn is what the rules' computer plays at that level.
fn computer_opens_at_the_level<G: TableGame>(game: GameId, level: Level) {
    let choice = GameChoice {
        mode: ModeChoice::VsComputer,
        side: 1,
        level,
        ruleset: None,
        clock: None,
    };
    let mut app = chosen_app(game, choice);
    assert_eq!(seats(&app).human, Some(1), "{game:?}");
    assert_eq!(seats(&app).level, level, "{game:?}");
    assert!(
        !human_to_move::<G>(&app),
        "{game:?}: the computer is to move"
    );
    run_until::<G>(&mut app, |app| {
        played::<G>(app).game.turns() >= 1 && human_to_move::<G>(app)
    });
    let notation = played::<G>(&app).game.notation().to_vec();
    let mut expected = Match::<G::Rules>::new(played::<G>(&app).game.setup().clone()).unwrap();
    expected
        .play_computer(level, &lodestone::rules::Stop::never())
        .unwrap();
    assert_eq!(notation, expected.notation(), "{game:?} at {level}");
}

#[test]
fn the_computer_opens_when_the_player_takes_the_second_side_in_every_game() {
    for game in GameId::ALL {
        // Wave Field's easy level adds noise; normal is as quick.
        let level = if game == GameId::Wavefield {
            Level::Normal
        } else {
            Level::Easy
        };
        lodestone::with_table!(game, G => computer_opens_at_the_level::<G>(game, level));
    }
}

#[test]
fn the_level_reaches_the_computers_search() {
    // Where the levels open differently, the table's opening is the chosen level's.
    let setup = Setup {
        seed: <Vectress as TableGame>::SEED,
        ..Setup::default()
    };
    let opening = |level| {
        let mut m = Match::<<Vectress as TableGame>::Rules>::new(setup.clone()).unwrap();
        m.play_computer(level, &lodestone::rules::Stop::never())
            .unwrap();
        m.notation().to_vec()
    };
    assert_ne!(
        opening(Level::Easy),
        opening(Level::Strong),
        "the levels differ here, so the check below can fail"
    );
    computer_opens_at_the_level::<Vectress>(GameId::Vectress, Level::Strong);
}

#[test]
fn the_classic_ruleset_chosen_in_the_dialog_reaches_the_rules() {
    let mut app = headless_app();
    press(&mut app, MenuButton::NewGame(GameId::Hexchess));
    press(
        &mut app,
        DialogButton::Choose(DialogField::Mode(ModeChoice::TwoPlayers)),
    );
    press(
        &mut app,
        DialogButton::Choose(DialogField::Ruleset("classic")),
    );
    press(&mut app, DialogButton::Start);
    assert_eq!(screen(&app), Screen::Playing);
    let t = played::<Hexchess>(&app);
    assert_eq!(t.game.setup().ruleset.as_deref(), Some("classic"));
    assert_eq!(
        t.game.rules().game().ruleset(),
        lodestone::rules::hexchess::Ruleset::Classic
    );
    // Classic Glinski has the double step from a start cell (H11); v011 has not.
    let moves: Vec<String> = t
        .game
        .legal_actions()
        .into_iter()
        .map(|m| t.game.write_action(m))
        .collect();
    assert!(moves.iter().any(|m| m == "b1b3"), "{moves:?}");
    // The choice is remembered for the next dialog.
    let mut dialog = NewGameDialog::default();
    let settings = lodestone::app::settings::Settings {
        new_game: [(
            GameId::Hexchess,
            app.world().resource::<NewGameDialog>().draft.clone(),
        )]
        .into(),
        ..Default::default()
    };
    dialog.load_remembered(GameId::Hexchess, Some(&settings));
    assert_eq!(dialog.draft.ruleset.as_deref(), Some("classic"));
}

fn play_first_actions<G: TableGame>(app: &mut App, n: usize) {
    for _ in 0..n {
        let action = played::<G>(app).game.legal_actions()[0];
        send::<G>(app, TableInput::Play(action));
        app.update();
        run_until::<G>(app, no_requests::<G>);
    }
    run_until::<G>(app, |_| true);
}

#[test]
fn pausing_stops_the_game_and_resume_goes_on_exactly_where_it_was() {
    let mut app = chosen_app(GameId::Polarity, GameChoice::default());
    play_first_actions::<Polarity>(&mut app, 3);
    let before = format!("{:?}", played::<Polarity>(&app).game.rules());
    let notation = played::<Polarity>(&app).game.notation().to_vec();
    tap(&mut app, KeyCode::Escape);
    assert!(paused(&app));
    assert!(app.world().resource::<Time<Virtual>>().is_paused());
    // The table's keys wait while paused.
    tap(&mut app, KeyCode::KeyU);
    tap(&mut app, KeyCode::KeyN);
    app.update();
    assert_eq!(
        played::<Polarity>(&app).game.notation(),
        notation.as_slice()
    );
    press(&mut app, PauseButton::Resume);
    assert!(!paused(&app));
    assert!(!app.world().resource::<Time<Virtual>>().is_paused());
    app.update();
    assert_eq!(
        format!("{:?}", played::<Polarity>(&app).game.rules()),
        before
    );
    assert_eq!(
        played::<Polarity>(&app).game.notation(),
        notation.as_slice()
    );
    // The pause menu's undo takes one turn back between two players.
    tap(&mut app, KeyCode::Escape);
    press(&mut app, PauseButton::Undo);
    run_until::<Polarity>(&mut app, no_requests::<Polarity>);
    assert_eq!(played::<Polarity>(&app).game.notation(), &notation[..2]);
}

#[test]
fn a_live_game_left_for_the_menu_is_offered_again_and_resumes_exactly() {
    let choice = GameChoice {
        mode: ModeChoice::VsComputer,
        level: Level::Easy,
        ..GameChoice::default()
    };
    let mut app = chosen_app(GameId::Vectress, choice.clone());
    play_first_actions::<Vectress>(&mut app, 1);
    run_until::<Vectress>(&mut app, |app| {
        played::<Vectress>(app).game.turns() >= 2 && human_to_move::<Vectress>(app)
    });
    let before = format!("{:?}", played::<Vectress>(&app).game.rules());
    let turns = played::<Vectress>(&app).game.turns();
    let key = SlotKey::new(GameId::Vectress, None, ModeChoice::VsComputer).unwrap();
    let saved = |app: &App| app.world().resource::<SaveSlots>().holds(&key, None);
    tap(&mut app, KeyCode::Escape);
    press(&mut app, PauseButton::Menu);
    assert_eq!(screen(&app), Screen::Menu);
    assert!(saved(&app), "the game under way is in its slot");
    press(&mut app, MenuButton::NewGame(GameId::Vectress));
    // The dialog opens on the last choice of the game: against the computer.
    app.world_mut().resource_mut::<NewGameDialog>().draft = choice;
    app.update();
    press(&mut app, DialogButton::Resume);
    assert_eq!(screen(&app), Screen::Playing);
    let t = played::<Vectress>(&app);
    assert_eq!(format!("{:?}", t.game.rules()), before);
    assert_eq!(
        t.game.turns(),
        turns,
        "the turns come back, so undo works as before"
    );
    assert_eq!(seats(&app).mode, PlayMode::VsComputer);
    assert_eq!(seats(&app).level, Level::Easy);
    // Starting a new game instead keeps the one under way as a replay and leaves
    // nothing to resume.
    tap(&mut app, KeyCode::Escape);
    press(&mut app, PauseButton::Menu);
    press(&mut app, MenuButton::NewGame(GameId::Vectress));
    app.world_mut().resource_mut::<NewGameDialog>().draft = GameChoice {
        mode: ModeChoice::VsComputer,
        level: Level::Easy,
        ..GameChoice::default()
    };
    press(&mut app, DialogButton::Start);
    assert_eq!(played::<Vectress>(&app).game.turns(), 0);
    assert!(!saved(&app), "a new game empties the slot");
}

#[test]
fn the_settings_file_keeps_the_good_values_and_the_screen_applies_live() {
    use lodestone::app::Overlay;
    use lodestone::app::camera::ShakeEnabled;
    use lodestone::app::look::Quality;
    use lodestone::app::settings::{Settings, SettingsLocation};
    use lodestone::app::settings_screen::SettingRow;
    use lodestone::app::ui::Notice;
    let dir = std::env::temp_dir().join(format!("lodestone-session-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("settings.ron");
    std::fs::write(&path, "(speed: -3.0, quality: Medium, camera_shake: true)").unwrap();
    let mut app = super::headless::headless_app_with(|app| {
        app.insert_resource(SettingsLocation(Some(path.clone())));
        app.add_plugins(lodestone::app::settings::plugin);
    });
    app.update();
    let settings = app.world().resource::<Settings>();
    assert_eq!(settings.speed, Settings::default().speed, "the bad value");
    assert_eq!(settings.quality, Quality::Medium, "the good ones are kept");
    assert_eq!(*app.world().resource::<Quality>(), Quality::Medium);
    let notice = app
        .world()
        .resource::<Notice>()
        .text
        .clone()
        .unwrap_or_default();
    assert!(notice.contains("speed -3"), "reported: {notice}");
    app.world_mut()
        .resource_mut::<NextState<Overlay>>()
        .set(Overlay::Settings);
    app.update();
    press(&mut app, SettingRow::CameraShake);
    assert!(!app.world().resource::<Settings>().camera_shake);
    assert!(!app.world().resource::<ShakeEnabled>().0, "applied at once");
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("camera_shake: false"), "saved: {saved}");
    assert!(saved.contains("quality: Medium"), "{saved}");
    press(&mut app, SettingRow::Quality);
    assert_eq!(*app.world().resource::<Quality>(), Quality::High);
    tap(&mut app, KeyCode::Escape);
    assert_eq!(overlay(&app), Overlay::None, "Escape closes it");
    let rows = app
        .world_mut()
        .query_filtered::<(), With<SettingRow>>()
        .iter(app.world())
        .count();
    assert_eq!(rows, 0, "and its rows go with it");
}

#[test]
fn bad_launch_flags_are_usage_errors_that_name_the_allowed_values() {
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_lodestone"))
            .args(args)
            .env(
                "LODESTONE_CONFIG_DIR",
                std::env::temp_dir().join("lodestone-no-config"),
            )
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
        err
    };
    let err = run(&["--game", "chess"]);
    assert!(
        err.contains("vectress, hexchess, wavefield, polarity"),
        "{err}"
    );
    let err = run(&["--game", "wavefield", "--side", "white"]);
    assert!(err.contains("blue, red, first, second"), "{err}");
    let err = run(&["--game", "vectress", "--level", "hard"]);
    assert!(err.contains("easy, normal, strong"), "{err}");
    let err = run(&["--game", "vectress", "--mode", "hotseat"]);
    assert!(
        err.contains("two-players, vs-computer, demo, board"),
        "{err}"
    );
    let err = run(&["--level", "easy"]);
    assert!(err.contains("--game"), "{err}");
}
