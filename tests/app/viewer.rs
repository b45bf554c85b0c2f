//! The replay viewer, headless: stepping back after stepping forward plays the move's
//! stages in reverse and returns every piece to its exact earlier transform and look, for
//! a multi-wave Vectress chain and a Wave Field move with two removal rounds; jumping sets
//! the table out at any move; "play from here" turns the replay into a live game.

use bevy::prelude::*;
use lodestone::app::playback::PlaybackQueue;
use lodestone::app::table::{Start, StartFrom, TableGame, TableLaunch, Viewing, viewer};
use lodestone::app::vectress::{Vectress, pieces::Magnet};
use lodestone::app::wavefield::{Wavefield, pieces::PieceView};
use lodestone::app::{PlayMode, Screen};
use lodestone::rules::{GameId, Setup};

use super::headless::{no_requests, played, seats};

fn watch(game: GameId, actions: &[&str]) -> App {
    let app = super::headless::launched_app(TableLaunch {
        game,
        start: Start::Replay(StartFrom {
            setup: Setup::default(),
            actions: actions.iter().map(|a| a.to_string()).collect(),
            title: Some("test".into()),
            view: true,
            review: false,
            seconds: Vec::new(),
        }),
    });
    assert!(viewing(&app).is_some());
    app
}

fn viewing(app: &App) -> Option<&viewer::Viewer> {
    app.world().resource::<Viewing>().0.as_ref()
}

/// Frames until the queue is idle and no request waits, playback skipped.
fn settle<G: TableGame>(app: &mut App) {
    for _ in 0..300 {
        app.world_mut().resource_mut::<PlaybackQueue>().skip();
        app.update();
        let idle = app.world().resource::<PlaybackQueue>().is_idle();
        if idle && no_requests::<G>(app) {
            // Let anything still easing to rest (Wave Field's surface, 0.45 s) get there.
            for _ in 0..20 {
                app.update();
            }
            return;
        }
    }
    panic!("the viewer never settled");
}

fn forward<G: TableGame>(app: &mut App, moves: usize) {
    for _ in 0..moves {
        viewer::step_forward_now::<G>(app);
        settle::<G>(app);
    }
}

/// Every piece by its rules id (as text): where it stands and how it looks.
fn pieces<C: Component + std::fmt::Debug>(
    app: &mut App,
) -> Vec<(String, Transform, Handle<Mesh>, bool)> {
    let mut all: Vec<_> = app
        .world_mut()
        .query::<(&C, &Transform, &Mesh3d, Option<&Visibility>)>()
        .iter(app.world())
        .filter(|(_, t, _, _)| t.scale != Vec3::ZERO)
        .map(|(c, t, m, v)| {
            (
                format!("{c:?}"),
                *t,
                m.0.clone(),
                v != Some(&Visibility::Hidden),
            )
        })
        .collect();
    all.sort_by(|a, b| a.0.cmp(&b.0));
    all
}

fn steps_back_exactly<G: TableGame, C: Component + std::fmt::Debug>(
    game: GameId,
    actions: &[&str],
) {
    let mut app = watch(game, actions);
    let last = actions.len();
    forward::<G>(&mut app, last - 1);
    let earlier = pieces::<C>(&mut app);
    forward::<G>(&mut app, 1);
    let forward_stages = app.world().resource::<PlaybackQueue>().stage_count();
    assert!(
        forward_stages >= 3,
        "{game:?}: a multi-stage move ({forward_stages})"
    );
    assert_ne!(
        pieces::<C>(&mut app),
        earlier,
        "{game:?}: the move changed the board"
    );
    // Step back: the same stages, played backwards, visibly (not a jump).
    viewer::step_back_now::<G>(&mut app);
    app.update();
    let queue = app.world().resource::<PlaybackQueue>();
    assert_eq!(
        queue.stage_count(),
        forward_stages,
        "{game:?}: every stage plays back"
    );
    assert!(!queue.is_idle(), "{game:?}: the way back is played");
    settle::<G>(&mut app);
    assert_eq!(played::<G>(&app).game.actions().len(), last - 1, "{game:?}");
    assert_eq!(
        pieces::<C>(&mut app),
        earlier,
        "{game:?}: every piece back as it was"
    );
}

#[test]
fn stepping_back_returns_every_piece_to_its_earlier_transform_and_look() {
    steps_back_exactly::<Vectress, Magnet>(GameId::Vectress, &["E3-G5", "F7-H5", "F5-F7"]);
    steps_back_exactly::<Wavefield, PieceView>(GameId::Wavefield, &super::wavefield::TWO_ROUNDS);
}

#[test]
fn jumping_and_playing_from_here() {
    let chain = ["E3-G5", "F7-H5", "F5-F7"];
    let mut app = watch(GameId::Vectress, &chain);
    viewer::jump_now::<Vectress>(&mut app, 2);
    app.update();
    assert_eq!(played::<Vectress>(&app).game.notation(), &chain[..2]);
    viewer::jump_now::<Vectress>(&mut app, 0);
    app.update();
    assert_eq!(played::<Vectress>(&app).game.actions().len(), 0);
    viewer::jump_now::<Vectress>(&mut app, 2);
    app.update();
    viewer::play_from_here_now::<Vectress>(&mut app);
    assert!(viewing(&app).is_none());
    assert_eq!(seats(&app).mode, PlayMode::HotSeat);
    assert_eq!(
        played::<Vectress>(&app).game.actions().len(),
        2,
        "the live game starts at that move"
    );
}

#[test]
fn the_menu_lists_the_newest_replays_and_opens_one_in_the_viewer() {
    use lodestone::app::replay_list::{ReplayEntry, open};
    use lodestone::app::table::ReplayFolder;
    use lodestone::replay::Replay;
    let dir = std::env::temp_dir().join(format!("lodestone-menu-replays-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (when, moves) in [("2026-12-01T05:00:00Z", 1), ("2026-12-01T06:00:00Z", 3)] {
        let chain = ["E3-G5", "F7-H5", "F5-F7"];
        let mut replay = Replay::new(
            GameId::Vectress,
            chain[..moves].iter().map(|s| s.to_string()).collect(),
        );
        replay.created = Some(when.into());
        replay.save_in(&dir).unwrap();
    }
    let mut app = {
        // The headless app, then the menu set out again with the folder in place.
        let mut app = super::headless::headless_app();
        app.insert_resource(ReplayFolder(Some(dir.clone())));
        lodestone::app::headless::set_out(&mut app, GameId::Polarity, PlayMode::HotSeat);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Menu);
        app.update();
        app.update();
        app
    };
    let entries: Vec<ReplayEntry> = app
        .world_mut()
        .query::<&ReplayEntry>()
        .iter(app.world())
        .cloned()
        .collect();
    assert_eq!(entries.len(), 2);
    assert!(
        entries[0].path.to_string_lossy().contains("06-00-00"),
        "newest first: {entries:?}"
    );
    let texts: Vec<String> = app
        .world_mut()
        .query::<&Text>()
        .iter(app.world())
        .map(|t| t.0.clone())
        .collect();
    assert!(
        texts
            .iter()
            .any(|t| t == "Vectress | 2026-12-01 06:00 | 3 moves"),
        "{texts:?}"
    );
    let newest = entries[0].clone();
    app.world_mut()
        .run_system_cached_with(
            |In(entry): In<ReplayEntry>, mut commands: Commands| {
                open(&mut commands, &entry).unwrap();
            },
            newest,
        )
        .unwrap();
    app.update();
    app.update();
    let viewer = viewing(&app).expect("the viewer opens");
    assert_eq!(viewer.actions.len(), 3);
    assert_eq!(
        played::<Vectress>(&app).game.actions().len(),
        0,
        "watched from the start"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_cinematic_camera_frames_each_stage_then_eases_back_and_yields_to_the_person() {
    use lodestone::app::camera::OrbitCamera;
    use lodestone::app::camera::OrbitTouched;
    let orbit = |app: &mut App| {
        *app.world_mut()
            .query::<&OrbitCamera>()
            .single(app.world())
            .unwrap()
    };
    let mut app = watch(GameId::Vectress, &["E3-G5", "F7-H5", "F5-F7"]);
    forward::<Vectress>(&mut app, 2);
    let home = orbit(&mut app);
    viewer::step_forward_now::<Vectress>(&mut app);
    let mut nearest = home.distance;
    let mut lowest = home.pitch;
    while {
        app.update();
        !app.world().resource::<PlaybackQueue>().is_idle()
    } {
        let now = orbit(&mut app);
        nearest = nearest.min(now.distance);
        lowest = lowest.min(now.pitch);
    }
    assert!(
        nearest < home.distance - 1.0,
        "it closes in: {nearest} from {}",
        home.distance
    );
    assert_eq!(
        lowest, home.pitch,
        "it never tilts, so it never dips below the board"
    );
    for _ in 0..120 {
        app.update();
    }
    let back = orbit(&mut app);
    assert!(
        (back.distance - home.distance).abs() < 0.05,
        "and eases back"
    );
    assert!(back.target.distance(home.target) < 0.05);
    // Stepping back plays again: the person's orbit input takes over at once.
    viewer::step_back_now::<Vectress>(&mut app);
    app.update();
    app.update();
    app.world_mut().resource_mut::<OrbitTouched>().0 = true;
    app.update();
    let held = orbit(&mut app);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(
        orbit(&mut app),
        held,
        "the camera stays where the person put it"
    );
}

fn press(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release_all();
    keys.clear();
}

/// Frames until the playback pauses (after a wave step) or ends.
fn until_paused(app: &mut App) {
    for _ in 0..100 {
        app.update();
        let queue = app.world().resource::<PlaybackQueue>();
        if queue.paused || queue.is_idle() {
            return;
        }
    }
}

#[test]
fn waves_step_forward_and_back_one_at_a_time() {
    let mut app = watch(GameId::Vectress, &["E3-G5", "F7-H5", "F5-F7"]);
    forward::<Vectress>(&mut app, 2);
    // `.` at a move's start: its first stage plays, then the playback waits.
    press(&mut app, KeyCode::Period);
    until_paused(&mut app);
    let queue = app.world().resource::<PlaybackQueue>();
    assert!(queue.paused, "one wave, then a pause");
    let stages = queue.stage_count();
    assert_eq!(stages, 6, "the chain's six stages");
    assert_eq!(played::<Vectress>(&app).game.actions().len(), 3);
    // To the move's end, then `,` plays it back one wave at a time.
    settle::<Vectress>(&mut app);
    press(&mut app, KeyCode::Comma);
    until_paused(&mut app);
    assert!(
        app.world().resource::<PlaybackQueue>().paused,
        "one wave back, then a pause"
    );
    assert_eq!(
        played::<Vectress>(&app).game.actions().len(),
        3,
        "the move is still on"
    );
    for _ in 1..stages {
        press(&mut app, KeyCode::Comma);
        until_paused(&mut app);
    }
    settle::<Vectress>(&mut app);
    assert_eq!(
        played::<Vectress>(&app).game.actions().len(),
        2,
        "every wave played back: the move is taken back"
    );
    // C: play on against the computer, the person taking the side to move.
    press(&mut app, KeyCode::KeyC);
    assert_eq!(seats(&app).mode, PlayMode::VsComputer);
    assert_eq!(seats(&app).human, Some(played::<Vectress>(&app).to_move()));
    assert!(viewing(&app).is_none());
}
