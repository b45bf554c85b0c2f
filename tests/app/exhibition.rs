//! An exhibition runs all day: what the showcase, a demo and the replay viewer create is
//! gone when they end. A headless app with a hand-stepped clock counts entities, every
//! kind of asset the game makes, observers and the computer's running tasks after each of
//! three cycles; what cycle 2 leaves, cycle 3 leaves too.

use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use lodestone::app::census::Census;
use lodestone::app::playback::PlaybackQueue;
use lodestone::app::showcase::{ShowcaseButton, ShowcaseRun};
use lodestone::app::table::{Played, Start, StartFrom, TableLaunch, viewer};
use lodestone::app::vectress::Vectress;
use lodestone::app::{PlayMode, Screen};
use lodestone::rules::{GameId, Rules, Setup};

use crate::headless::headless_app;

fn index(app: &App) -> Option<usize> {
    app.world().get_resource::<ShowcaseRun>().map(|r| r.index)
}

/// Plays the whole playlist once: from scenario 0 round to scenario 0 again.
fn one_showcase_cycle(app: &mut App) {
    let mut frames = 0;
    while index(app) == Some(0) {
        app.update();
        frames += 1;
        assert!(frames < 20_000, "the first scenario ends");
    }
    while index(app) != Some(0) {
        app.update();
        frames += 1;
        assert!(frames < 400_000, "the showcase comes round again");
    }
}

/// The census after each of three cycles; the last two must be equal.
fn three_cycles(app: &mut App, what: &str, mut cycle: impl FnMut(&mut App)) -> Vec<Census> {
    let counts: Vec<Census> = (0..3)
        .map(|_| {
            cycle(app);
            Census::of(app.world_mut())
        })
        .collect();
    assert_eq!(
        counts[1], counts[2],
        "{what}: cycle 3 left more (or less) than cycle 2: {counts:#?}"
    );
    counts
}

#[test]
fn three_showcase_cycles_leave_the_same_things() {
    let mut app = headless_app();
    // 100 ms frames: three passes through the whole library in a few seconds.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )));
    let button = app.world_mut().spawn(ShowcaseButton(None)).id();
    app.world_mut()
        .trigger(lodestone::app::ui::widgets::Activate { entity: button });
    for _ in 0..4 {
        app.update();
    }
    let counts = three_cycles(&mut app, "showcase", one_showcase_cycle);
    assert_eq!(
        app.world().resource::<ShowcaseRun>().cycles,
        3,
        "three full passes"
    );
    let census = &counts[2];
    assert!(census.entities > 100, "a table is out: {census:?}");
    assert!(census.assets.get("meshes").is_some_and(|&n| n > 0));
}

fn set_screen(app: &mut App, screen: Screen) {
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(screen);
}

fn press(app: &mut App, key: KeyCode) {
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release_all();
    keys.clear();
    keys.press(key);
}

fn release_keys(app: &mut App) {
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release_all();
    keys.clear();
}

#[test]
fn two_hundred_demo_restarts_leave_the_same_things() {
    let mut app = headless_app();
    let mut restarts = 0;
    let mut thinking_seen = 0;
    three_cycles(&mut app, "demos", |app| {
        // 68 a cycle: each cycle plays every game 17 times, in the same order.
        for _ in 0..68 {
            // Every game in turn, each demo left for the menu after a few moves: the
            // computer is often mid-search when it goes, and N starts it over once.
            let game = GameId::ALL[restarts % GameId::ALL.len()];
            open(app, TableLaunch::in_mode(game, PlayMode::Demo));
            for frame in 0..24 {
                if frame == 12 {
                    press(app, KeyCode::KeyN);
                } else if frame == 13 {
                    release_keys(app);
                }
                app.update();
                thinking_seen += usize::from(Census::of(app.world_mut()).tasks > 0);
            }
            set_screen(app, Screen::Menu);
            app.update();
            app.update();
            restarts += 1;
        }
        // A search still running when its demo ended is dropped, not left to finish.
        assert_eq!(
            Census::of(app.world_mut()).tasks,
            0,
            "no search outlives its game"
        );
    });
    assert_eq!(restarts, 204);
    assert!(thinking_seen > 0, "the computer did think in the demos");
}

fn vectress_table(app: &App) -> &Played<Vectress> {
    app.world().resource::<Played<Vectress>>()
}

/// Opens the table as `launch` says (as the menu's dialog or the showcase does).
fn open(app: &mut App, launch: TableLaunch) {
    lodestone::app::open_table(&mut app.world_mut().commands(), launch);
    app.world_mut().flush();
    app.update();
}

/// Frames until the queue is idle and no request waits, playback skipped.
fn settle(app: &mut App) {
    for _ in 0..300 {
        app.world_mut().resource_mut::<PlaybackQueue>().skip();
        app.update();
        let idle = app.world().resource::<PlaybackQueue>().is_idle();
        if idle && crate::headless::no_requests::<Vectress>(app) {
            app.update();
            return;
        }
    }
    panic!("the viewer never settled");
}

#[test]
fn five_hundred_viewer_steps_back_and_forth_leave_the_same_things() {
    let mut app = headless_app();
    // The README's chain: its last move is five waves of pushes, shoves and bonds.
    open(
        &mut app,
        TableLaunch {
            game: GameId::Vectress,
            start: Start::Replay(StartFrom {
                setup: Setup::default(),
                actions: ["E3-G5", "F7-H5", "F5-F7"].map(String::from).to_vec(),
                title: Some("chain".into()),
                view: true,
                review: false,
                seconds: Vec::new(),
            }),
        },
    );
    app.update();
    viewer::jump_now::<Vectress>(&mut app, 2);
    settle(&mut app);
    let mut steps = 0;
    three_cycles(&mut app, "viewer", |app| {
        for _ in 0..84 {
            viewer::step_forward_now::<Vectress>(app);
            settle(app);
            assert_eq!(vectress_table(app).game.actions().len(), 3);
            viewer::step_back_now::<Vectress>(app);
            settle(app);
            assert_eq!(vectress_table(app).game.actions().len(), 2);
            steps += 2;
        }
    });
    assert!(steps >= 500, "{steps} steps");
}

#[test]
fn a_long_run_writes_a_line_a_minute_and_ends_when_its_time_is_up() {
    use lodestone::app::long_run::{self, LongRun};
    let file = std::env::temp_dir().join(format!("lodestone-stats-{}.jsonl", std::process::id()));
    let run = LongRun::new(Some(150.0), Some(&file)).expect("the flags are good");
    let mut app = crate::headless::headless_app_with(move |app| {
        app.add_plugins(long_run::plugin).insert_resource(run);
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            100,
        )));
    });
    open(
        &mut app,
        TableLaunch::in_mode(GameId::Polarity, PlayMode::Demo),
    );
    let mut frames = 2;
    while app.should_exit().is_none() {
        app.update();
        frames += 1;
        assert!(frames < 2_000, "the run ends when its time is up");
    }
    assert_eq!(app.should_exit(), Some(AppExit::Success));
    // 150 s of 100 ms frames (the clock's first frame has no length).
    assert!((1_500..=1_502).contains(&frames), "{frames} frames");
    let text = std::fs::read_to_string(&file).unwrap();
    let _ = std::fs::remove_file(&file);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 2, "a line at 60 s and at 120 s: {text}");
    for (n, line) in lines.iter().enumerate() {
        assert_eq!(line["minute"], n + 1);
        assert!(
            line["rss_bytes"].as_u64().is_some_and(|b| b > 1 << 20),
            "{line}"
        );
        assert!(line["entities"].as_u64().is_some_and(|e| e > 50), "{line}");
        assert!(
            line["assets"]["meshes"].as_u64().is_some_and(|m| m > 0),
            "{line}"
        );
        assert_eq!(line["frame_ms_median"], 100.0, "{line}");
        assert!(
            line["observers"].is_u64() && line["tasks"].is_u64(),
            "{line}"
        );
    }
}

#[test]
fn a_window_minimised_resized_to_one_pixel_or_made_fullscreen_mid_chain_plays_on() {
    use bevy::window::{PrimaryWindow, WindowResized};
    use lodestone::app::settings::{Settings, SettingsLocation};
    let mut app = crate::headless::headless_app_with(|app| {
        app.insert_resource(SettingsLocation(None))
            .add_plugins(lodestone::app::settings::plugin);
    });
    let window = app
        .world_mut()
        .spawn((Window::default(), PrimaryWindow))
        .id();
    app.world_mut().resource_mut::<Settings>().window = (1280, 720);
    open(
        &mut app,
        TableLaunch::in_mode(GameId::Vectress, PlayMode::HotSeat),
    );
    app.update();
    for text in ["E3-G5", "F7-H5", "F5-F7"] {
        let action = vectress_table(&app).game.parse_action(text).unwrap();
        app.world_mut()
            .write_message(lodestone::app::table::TableInput::<Vectress>::Play(action));
        app.update();
        settle(&mut app);
    }
    // The five-wave chain again, played at its own pace, the window thrown about meanwhile.
    app.world_mut().resource_mut::<PlaybackQueue>().replay();
    let sizes = [
        (0.0, 0.0),
        (1.0, 1.0),
        (1.0, 1.0),
        (0.0, 0.0),
        (1280.0, 720.0),
    ];
    let mut frames = 0;
    for (width, height) in sizes {
        app.world_mut().write_message(WindowResized {
            window,
            width,
            height,
        });
        if let Some(mut w) = app.world_mut().get_mut::<Window>(window) {
            w.resolution.set(width.max(1.0), height.max(1.0));
            w.set_minimized(width == 0.0);
        }
        press(&mut app, KeyCode::F11);
        app.update();
        release_keys(&mut app);
        for _ in 0..4 {
            app.update();
            frames += 1;
        }
    }
    while !app.world().resource::<PlaybackQueue>().is_idle() {
        app.update();
        frames += 1;
        assert!(frames < 2_000, "the chain plays to its end");
    }
    let settings = app.world().resource::<Settings>();
    assert_eq!(
        settings.window,
        (1280, 720),
        "a 1x1 or minimised size is never remembered"
    );
    // Five presses of F11: fullscreen, back, ..., fullscreen.
    let mode = app.world().get::<Window>(window).unwrap().mode;
    assert_eq!(mode, settings.window_mode.window_mode());
    assert_ne!(
        mode,
        bevy::window::WindowMode::Windowed,
        "odd presses end fullscreen"
    );
    let transforms: Vec<Transform> = app
        .world_mut()
        .query_filtered::<&Transform, With<lodestone::app::vectress::pieces::Magnet>>()
        .iter(app.world())
        .copied()
        .collect();
    assert!(transforms.len() > 10);
    assert!(
        transforms
            .iter()
            .all(|t| t.translation.is_finite() && t.scale.is_finite()),
        "every magnet stands somewhere real"
    );
    assert_eq!(vectress_table(&app).game.notation().len(), 3);
}
