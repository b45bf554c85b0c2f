//! The showcase and attract mode in a headless app: scenarios open at the ply before
//! their focus, the focus plays in slow motion, the next scenario follows, and attract
//! mode starts by itself on an idle menu and ends on any key.

use bevy::prelude::*;
use lodestone::app::playback::PlaybackQueue;
use lodestone::app::settings::Settings;
use lodestone::app::showcase::{Phase, ShowcaseButton, ShowcaseRun, playlist};
use lodestone::app::{ActiveGame, PlayMode, Presentation, Screen};
use lodestone::rules::GameId;

use crate::headless::headless_app;

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn run(app: &App) -> Option<&ShowcaseRun> {
    app.world().get_resource::<ShowcaseRun>()
}

fn press(app: &mut App, game: Option<GameId>) {
    let button = app.world_mut().spawn(ShowcaseButton(game)).id();
    app.world_mut()
        .trigger(lodestone::app::ui::widgets::Activate { entity: button });
}

#[test]
fn a_showcase_plays_each_focus_ply_in_slow_motion_then_moves_on() {
    let list = playlist(Some(GameId::Vectress)).expect("the library reads");
    assert!(list.len() >= 2, "the library has Vectress scenarios");
    let mut app = headless_app();
    let speed_before = app.world().resource::<PlaybackQueue>().speed;
    press(&mut app, Some(GameId::Vectress));
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(
        *app.world().resource::<ActiveGame>(),
        ActiveGame {
            game: GameId::Vectress,
        }
    );
    assert_eq!(crate::headless::seats(&app).mode, PlayMode::Showcase);
    assert_eq!(
        *app.world().resource::<State<Presentation>>().get(),
        Presentation::Showcase
    );
    let (_, first) = &list[0];
    let focus = first.focus.expect("a scenario has a focus");
    let plies = |app: &App| {
        app.world()
            .resource::<lodestone::app::vectress::VectressPlayed>()
            .game
            .actions()
            .len()
    };
    assert_eq!(
        plies(&app),
        focus,
        "the scenario opens one ply before its focus"
    );
    // The lead passes (50 ms a frame), then the focus ply plays, slowly.
    let mut slowest = f32::MAX;
    let mut frames = 0;
    while run(&app).is_some_and(|r| r.index == 0 && r.phase != Phase::Hold) {
        app.update();
        slowest = slowest.min(app.world().resource::<PlaybackQueue>().effective_speed());
        frames += 1;
        assert!(frames < 5_000, "the focus ply ends");
    }
    assert_eq!(plies(&app), focus + 1, "the focus ply was played");
    assert!(slowest <= 0.25, "slow motion: {slowest}");
    assert_eq!(
        app.world().resource::<PlaybackQueue>().speed,
        speed_before,
        "the chosen speed is left alone"
    );
    assert_eq!(
        app.world()
            .get_resource::<lodestone::app::cinematic::CinematicCamera>()
            .map(|c| c.0),
        Some(true),
        "the cinematic camera follows the showcase"
    );
    // After the hold and the fade, the second scenario is on the table.
    while run(&app).is_some_and(|r| r.index == 0) {
        app.update();
        frames += 1;
        assert!(frames < 10_000, "the showcase moves on");
    }
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(run(&app).map(|r| r.index), Some(1));
    assert_eq!(plies(&app), list[1].1.focus.unwrap());
    // Escape ends it and gives the speed back.
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::Escape);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Menu);
    assert!(run(&app).is_none());
    assert_eq!(app.world().resource::<PlaybackQueue>().speed, speed_before);
}

#[test]
fn attract_mode_starts_on_an_idle_menu_and_any_key_ends_it() {
    let mut app = headless_app();
    app.insert_resource(Settings {
        attract_idle_seconds: 1,
        ..Settings::default()
    });
    // 50 ms a frame: a second of nothing is 20 frames.
    for _ in 0..30 {
        app.update();
    }
    assert!(run(&app).is_some_and(|r| r.attract), "attract mode started");
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Playing);
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::KeyQ);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Menu);
    assert!(run(&app).is_none());
    // Off (0) it never starts.
    let mut app = headless_app();
    app.insert_resource(Settings {
        attract_idle_seconds: 0,
        ..Settings::default()
    });
    for _ in 0..60 {
        app.update();
    }
    assert!(run(&app).is_none());
}
