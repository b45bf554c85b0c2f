//! Same seed and actions, same frames (#41): a demo of every game and the showcase, run
//! twice on a manual clock, once with the machine loaded by busy threads, give the same
//! frames: every piece where it was, the same moves, the same playback. The computer's
//! searches stop on their budgets, never on a clock, and the lockstep pace (films,
//! stills, these tests) waits for each in the frame it starts.

use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use lodestone::app::PlayMode;
use lodestone::app::playback::PlaybackQueue;
use lodestone::app::table::{ComputerPace, TableLaunch, TablePart};
use lodestone::rules::GameId;

/// What a frame shows, as one number: every table part's transform (sorted, so the
/// query's order does not count), the playback's stage and fraction, the HUD's status.
fn frame_digest(app: &mut App) -> u64 {
    let mut parts: Vec<[u32; 10]> = app
        .world_mut()
        .query_filtered::<&Transform, With<TablePart>>()
        .iter(app.world())
        .map(|t| {
            let (s, r, p) = (t.scale, t.rotation, t.translation);
            [s.x, s.y, s.z, r.x, r.y, r.z, r.w, p.x, p.y, p.z].map(f32::to_bits)
        })
        .collect();
    parts.sort();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    parts.hash(&mut hasher);
    let queue = app.world().resource::<PlaybackQueue>();
    format!("{:?}", queue.progress()).hash(&mut hasher);
    app.world()
        .resource::<lodestone::app::table::status::StatusLine>()
        .0
        .hash(&mut hasher);
    hasher.finish()
}

/// `frames` frames of an app set up by `open`, their digests.
fn film_of(frames: usize, open: &dyn Fn(&mut App)) -> Vec<u64> {
    let mut app = crate::headless::headless_app_with(|app| {
        app.insert_resource(ComputerPace::Lockstep);
    });
    open(&mut app);
    (0..frames)
        .map(|_| {
            app.update();
            frame_digest(&mut app)
        })
        .collect()
}

/// The same run with `threads` busy threads taking the processors meanwhile.
fn film_under_load(frames: usize, threads: usize, open: &dyn Fn(&mut App)) -> Vec<u64> {
    let done = Arc::new(AtomicBool::new(false));
    let busy: Vec<_> = (0..threads)
        .map(|_| {
            let done = done.clone();
            std::thread::spawn(move || {
                let mut x = 1u64;
                while !done.load(Ordering::Relaxed) {
                    x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
                }
            })
        })
        .collect();
    let film = film_of(frames, open);
    done.store(true, Ordering::Relaxed);
    for thread in busy {
        thread.join().unwrap();
    }
    film
}

fn same_frames(what: &str, frames: usize, open: &dyn Fn(&mut App)) {
    let quiet = film_of(frames, open);
    let loaded = film_under_load(frames, 3, open);
    let first_difference = quiet.iter().zip(&loaded).position(|(a, b)| a != b);
    assert_eq!(first_difference, None, "{what}: the frames part here");
    assert!(
        quiet.windows(2).filter(|w| w[0] != w[1]).count() > frames / 10,
        "{what}: the frames change (something plays)"
    );
}

#[test]
fn a_demo_of_every_game_gives_the_same_frames_under_load() {
    for game in GameId::ALL {
        same_frames(game.id(), 240, &|app| {
            lodestone::app::headless::launch(app, TableLaunch::in_mode(game, PlayMode::Demo));
        });
    }
}

#[test]
fn the_showcase_gives_the_same_frames_under_load() {
    same_frames("the showcase", 400, &|app| {
        let mut commands = app.world_mut().commands();
        lodestone::app::showcase::start_showcase(&mut commands, None, false).unwrap();
        app.world_mut().flush();
        app.update();
    });
}
