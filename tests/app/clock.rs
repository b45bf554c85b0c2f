//! A game on a clock (#44): the side to move's time runs, pausing stops both, undo gives
//! the time back (T4), Fischer's increment is added after a turn, and a flag fall ends the
//! game (T1) and is kept with its replay's timing.

use bevy::prelude::*;
use lodestone::app::choice::GameChoice;
use lodestone::app::playback::PlaybackQueue;
use lodestone::app::polarity::Polarity;
use lodestone::app::table::clock::timing;
use lodestone::app::table::score::Scoreboard;
use lodestone::app::table::{ClockFaces, Start, TableInput, TableLaunch, TurnClock};
use lodestone::rules::GameId;
use lodestone::time_control::TimeControl;

use super::headless::{launched_app, paused, played, send, tap};

/// The seconds a clock face shows (`0:03.4`, `1:05`).
fn seconds(face: &str) -> f64 {
    let (minutes, seconds) = face.split_once(':').expect("m:ss");
    minutes.parse::<f64>().unwrap() * 60.0 + seconds.parse::<f64>().unwrap()
}

fn faces(app: &App) -> Vec<(f64, bool)> {
    let faces = &app.world().resource::<ClockFaces>().0;
    faces
        .iter()
        .map(|f| (seconds(&f.text), f.running))
        .collect()
}

fn frames(app: &mut App, n: usize) {
    for _ in 0..n {
        app.world_mut().resource_mut::<PlaybackQueue>().skip();
        app.update();
    }
}

#[test]
fn a_game_on_a_clock_pauses_gives_time_back_on_undo_and_ends_when_a_flag_falls() {
    let choice = GameChoice {
        clock: Some(TimeControl::fischer(4.0, 1.0)),
        ..GameChoice::default()
    };
    let mut app = launched_app(TableLaunch {
        game: GameId::Polarity,
        start: Start::New(choice),
    });
    frames(&mut app, 20);
    let start = faces(&app);
    assert_eq!(start.len(), 2, "a clock per side");
    assert!(start[0].1 && !start[1].1, "the first side's clock runs");
    assert!((2.7..=3.2).contains(&start[0].0), "{start:?}");
    assert_eq!(start[1].0, 4.0);

    // A move: its seconds come off, the increment goes on, the other clock runs.
    let action = played::<Polarity>(&app).game.legal_actions()[0];
    send::<Polarity>(&mut app, TableInput::Play(action));
    frames(&mut app, 3);
    let after = faces(&app);
    assert!(!after[0].1 && after[1].1, "{after:?}");
    assert!(
        after[0].0 > start[0].0 && after[0].0 <= 4.0,
        "the increment is added: {after:?}"
    );

    // Paused, neither clock moves.
    tap(&mut app, KeyCode::Escape);
    assert!(paused(&app));
    frames(&mut app, 1);
    let black = faces(&app)[1].0;
    frames(&mut app, 40);
    assert_eq!(faces(&app)[1].0, black);
    tap(&mut app, KeyCode::Escape);
    assert!(!paused(&app));

    // Undo takes the turn and its seconds back: the first side has its whole time again.
    send::<Polarity>(&mut app, TableInput::Undo);
    frames(&mut app, 2);
    assert_eq!(played::<Polarity>(&app).game.turns(), 0);
    let undone = faces(&app);
    assert!(undone[0].1 && undone[0].0 >= 3.8, "{undone:?}");
    // Under ten seconds a clock shows tenths and takes the low-time colour.
    let face = &app.world().resource::<ClockFaces>().0[0];
    assert!(face.low && face.text.contains('.'), "{face:?}");
    assert_eq!(undone[1].0, 4.0);

    // Left to run, the first side's flag falls: the game is over and says so.
    frames(&mut app, 100);
    let table = played::<Polarity>(&app);
    assert_eq!(table.flag, Some(0));
    assert!(table.over());
    assert_eq!(faces(&app)[0], (0.0, false));
    let board = app.world().resource::<Scoreboard>();
    assert_eq!(board.headline, "One is out of time: Two wins");
    assert_eq!(board.chip, Some(1));
    // No move is taken once the flag has fallen.
    let action = played::<Polarity>(&app).game.legal_actions()[0];
    send::<Polarity>(&mut app, TableInput::Play(action));
    frames(&mut app, 3);
    assert_eq!(played::<Polarity>(&app).game.turns(), 0);
    // The replay keeps the control and the flag.
    let kept = timing(
        played::<Polarity>(&app),
        app.world().resource::<TurnClock>(),
    );
    assert_eq!(kept.control, Some(TimeControl::fischer(4.0, 1.0)));
    assert_eq!(kept.flag, Some(0));
}

/// A replay that kept its times shows, in the viewer, how long the move shown took.
#[test]
fn the_viewer_says_how_long_each_kept_move_took() {
    use lodestone::app::table::{StartFrom, viewer};
    use lodestone::app::vectress::Vectress;
    let mut app = launched_app(TableLaunch {
        game: GameId::Vectress,
        start: Start::Replay(StartFrom {
            actions: ["E3-G5", "F7-H5"].map(String::from).to_vec(),
            view: true,
            seconds: vec![2.5, 11.0],
            ..StartFrom::default()
        }),
    });
    let notes = |app: &App| app.world().resource::<Scoreboard>().notes.clone();
    for (move_shown, took) in [(1, "played in 2.5 s"), (2, "played in 11.0 s")] {
        viewer::step_forward_now::<Vectress>(&mut app);
        frames(&mut app, 30);
        assert_eq!(played::<Vectress>(&app).game.actions().len(), move_shown);
        let said = notes(&app);
        assert!(
            said.contains(&format!("move {move_shown} of 2, {took}")),
            "{said}"
        );
    }
}
