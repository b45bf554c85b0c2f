//! Saving under trouble, headless: a data folder whose place is taken by a file, a
//! read-only one and a full one each give one notice per kind of file, the game plays
//! on, and what could not be written (replays) waits in memory and is written once the
//! folder can take it; two instances writing replays into one folder keep both.

use std::path::{Path, PathBuf};
use std::process::Command;

use bevy::prelude::*;
use lodestone::app::hexchess::Hexchess;
use lodestone::app::playback::PlaybackQueue;
use lodestone::app::settings::SettingsLocation;
use lodestone::app::table::{
    Played, ReplayFolder, SaveFolder, TableGame, TableInput, UnsavedReplays,
};
use lodestone::app::ui::Notice;
use lodestone::app::vectress::Vectress;
use lodestone::app::{PlayMode, Screen};
use lodestone::replay::{self, Replay};
use lodestone::rules::{GameId, Rules};

use crate::headless::{send, settle};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lodestone-saving-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every notice shown while the app ran, in order (the same words shown twice are there
/// twice).
#[derive(Resource, Default)]
struct Notices(Vec<String>);

fn collect_notices(notice: Res<Notice>, mut seen: ResMut<Notices>, mut counted: Local<u64>) {
    if notice.shown > *counted
        && let Some(text) = &notice.text
    {
        // More than one in a frame would hide all but the last: none is expected.
        assert_eq!(notice.shown, *counted + 1, "two notices in one frame");
        seen.0.push(text.clone());
    }
    *counted = notice.shown;
}

/// A two-player game of `G` saving into `data` (replays, saved games, settings).
fn app_saving_into<G: TableGame>(game: GameId, data: &Path) -> App {
    let (data, settings) = (data.to_path_buf(), data.join("settings.ron"));
    let mut app = crate::headless::headless_app_with(move |app| {
        app.insert_resource(SettingsLocation(Some(settings)))
            .add_plugins(lodestone::app::settings::plugin)
            .init_resource::<Notices>()
            .add_systems(Last, collect_notices);
        app.insert_resource(ReplayFolder(Some(data.join("replays"))));
        app.insert_resource(SaveFolder(Some(data.join("saves"))));
    });
    lodestone::app::headless::set_out(&mut app, game, PlayMode::HotSeat);
    assert!(app.world().get_resource::<Played<G>>().is_some());
    app
}

fn play_one<G: TableGame>(app: &mut App) {
    let before = app.world().resource::<Played<G>>().game.notation().len();
    let action = app.world().resource::<Played<G>>().game.legal_actions()[0];
    request::<G>(app, TableInput::Play(action));
    assert_eq!(
        app.world().resource::<Played<G>>().game.notation().len(),
        before + 1,
        "the game plays on"
    );
}

fn request<G: TableGame>(app: &mut App, input: TableInput<G>) {
    send::<G>(app, input);
    app.update();
    settle::<G>(app);
}

/// A change of the settings (the playback speed, kept in `settings.ron`).
fn change_a_setting(app: &mut App) {
    let mut queue = app.world_mut().resource_mut::<PlaybackQueue>();
    if queue.speed > 1.0 {
        queue.slower();
    } else {
        queue.faster();
    }
    app.update();
    app.update();
}

fn notices(app: &App, containing: &str) -> Vec<String> {
    let all = &app.world().resource::<Notices>().0;
    all.iter()
        .filter(|n| n.contains(containing))
        .cloned()
        .collect()
}

fn unsaved(app: &App) -> usize {
    app.world().resource::<UnsavedReplays>().replays.len()
}

/// Plays, saves and changes settings on a data folder that cannot be written: one notice
/// each, the game goes on, the replays wait. Then `repair` makes the folder writable and
/// the next saves write everything.
fn trouble_then_repair(data: &Path, repair: impl FnOnce()) {
    let mut app = app_saving_into::<Hexchess>(GameId::Hexchess, data);
    for _ in 0..3 {
        play_one::<Hexchess>(&mut app);
        change_a_setting(&mut app);
    }
    request::<Hexchess>(&mut app, TableInput::NewGame);
    play_one::<Hexchess>(&mut app);
    request::<Hexchess>(&mut app, TableInput::NewGame);
    assert_eq!(
        notices(&app, "hexchess-two-players.ron").len(),
        1,
        "{:?}",
        app.world().resource::<Notices>().0
    );
    assert_eq!(notices(&app, "Could not save settings").len(), 1);
    assert_eq!(notices(&app, "kept in memory").len(), 1);
    assert_eq!(unsaved(&app), 2, "both games wait in memory");
    repair();
    play_one::<Hexchess>(&mut app);
    change_a_setting(&mut app);
    request::<Hexchess>(&mut app, TableInput::NewGame);
    let replays = replay::list(&data.join("replays"));
    assert_eq!(replays.len(), 3, "the two kept and the new one");
    assert_eq!(unsaved(&app), 0);
    assert!(
        notices(&app, "and the 2 kept in memory").len() == 1,
        "{:?}",
        app.world().resource::<Notices>().0
    );
    let mut plies: Vec<usize> = replays
        .iter()
        .map(|p| Replay::load(p).unwrap().actions.len())
        .collect();
    plies.sort();
    assert_eq!(plies, [1, 1, 3], "every game, whole");
    assert!(
        data.join("settings.ron").exists(),
        "the settings were saved"
    );
}

#[test]
fn a_data_folder_whose_place_is_a_file_keeps_games_in_memory_until_it_can_be_made() {
    let dir = temp("on-a-file");
    let data = dir.join("data");
    std::fs::write(&data, b"a file where the folder should be").unwrap();
    let blocked = data.clone();
    trouble_then_repair(&data, move || std::fs::remove_file(&blocked).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A small tmpfs at a new folder (root only, where mounting is allowed); `None` when it
/// cannot be had here, unless `LODESTONE_TEST_MOUNTS=1` (CI) demands it.
struct Mount(PathBuf);

impl Mount {
    fn tmpfs(name: &str, options: &str) -> Option<Mount> {
        let dir = temp(name);
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", options, "lodestone-test"])
            .arg(&dir)
            .output()
            .is_ok_and(|o| o.status.success());
        if !ok {
            assert!(
                std::env::var_os("LODESTONE_TEST_MOUNTS").is_none(),
                "LODESTONE_TEST_MOUNTS is set but a tmpfs could not be mounted at {}",
                dir.display()
            );
            eprintln!("skipped: no tmpfs can be mounted here (run as root to test {name})");
            return None;
        }
        Some(Mount(dir))
    }

    fn remount(&self, options: &str) {
        let status = Command::new("mount")
            .args(["-o", &format!("remount,{options}")])
            .arg(&self.0)
            .status()
            .unwrap();
        assert!(status.success(), "remount {options}");
    }
}

impl Drop for Mount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).status();
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_read_only_data_folder_keeps_games_in_memory_until_it_can_be_written() {
    let Some(mount) = Mount::tmpfs("read-only", "ro,size=1m") else {
        return;
    };
    trouble_then_repair(&mount.0, || mount.remount("rw"));
}

#[test]
fn a_full_data_folder_keeps_games_in_memory_until_there_is_room() {
    let Some(mount) = Mount::tmpfs("full", "size=64k") else {
        return;
    };
    // Fill it: every later write fails with "no space left".
    let filler = mount.0.join("filler");
    let block = vec![7u8; 4096];
    let mut file = std::fs::File::create(&filler).unwrap();
    while std::io::Write::write_all(&mut file, &block).is_ok() {}
    drop(file);
    assert!(
        std::fs::write(mount.0.join("probe"), b"x").is_err(),
        "the folder is full"
    );
    let _ = std::fs::remove_file(mount.0.join("probe"));
    trouble_then_repair(&mount.0, || std::fs::remove_file(&filler).unwrap());
}

#[test]
fn two_instances_writing_replays_into_one_folder_keep_both() {
    let dir = temp("two-writers");
    let replays = dir.join("replays");
    // Two whole games, side by side, leaving for the menu at the same moment.
    let barrier = std::sync::Barrier::new(2);
    let played: Vec<Vec<String>> = std::thread::scope(|s| {
        let runs: Vec<_> = (0..2)
            .map(|n| {
                let (dir, barrier) = (&dir, &barrier);
                s.spawn(move || {
                    let mut app = app_saving_into::<Vectress>(
                        GameId::Vectress,
                        &dir.join(format!("own-{n}")),
                    );
                    app.insert_resource(ReplayFolder(Some(dir.join("replays"))));
                    for _ in 0..=n {
                        play_one::<Vectress>(&mut app);
                    }
                    let notation = app
                        .world()
                        .resource::<Played<Vectress>>()
                        .game
                        .notation()
                        .to_vec();
                    barrier.wait();
                    app.world_mut()
                        .resource_mut::<NextState<Screen>>()
                        .set(Screen::Menu);
                    app.update();
                    app.update();
                    notation
                })
            })
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    });
    let files = replay::list(&replays);
    assert_eq!(files.len(), 2, "{files:?}");
    let mut kept: Vec<Vec<String>> = files
        .iter()
        .map(|f| Replay::load(f).unwrap().actions)
        .collect();
    kept.sort_by_key(Vec::len);
    assert_eq!(kept, played, "each instance's game, whole");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Set (to a folder) when this test binary runs itself as the child of
/// `games_save_under_the_data_folder_the_environment_names`.
const CHILD_DATA: &str = "LODESTONE_TEST_CHILD_DATA";

/// The child's half: a hex chess game saving where the window saves (the data folder's
/// `saves/`, as the lookup says) plays one move.
#[test]
#[ignore = "run by games_save_under_the_data_folder_the_environment_names"]
fn child_plays_hex_chess_with_the_windows_save_folder() {
    let data = std::env::var_os(CHILD_DATA).expect("run as the child, with its folder set");
    // Headless apps save nowhere by default: this one saves where the window would.
    let mut app = crate::headless::headless_app_with(|app| {
        app.insert_resource(SaveFolder::standard());
    });
    lodestone::app::headless::set_out(&mut app, GameId::Hexchess, PlayMode::HotSeat);
    play_one::<Hexchess>(&mut app);
    app.update();
    assert!(
        Path::new(&data)
            .join("saves")
            .join("hexchess-two-players.ron")
            .exists(),
        "the save is in $LODESTONE_DATA_DIR/saves"
    );
}

/// #23: saved games honour `LODESTONE_DATA_DIR` (the hex chess autosave once looked the
/// platform's folder up itself). The environment is set in a child process, so no other
/// test sees it.
#[test]
fn games_save_under_the_data_folder_the_environment_names() {
    let data = temp("env-data");
    let out = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "saving::child_plays_hex_chess_with_the_windows_save_folder",
            "--ignored",
            "--test-threads=1",
        ])
        .env(CHILD_DATA, &data)
        .env("LODESTONE_DATA_DIR", &data)
        .env("LODESTONE_CONFIG_DIR", data.join("config"))
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && said.contains("1 passed"),
        "the child ran and passed: {said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let saved = Replay::load(&data.join("saves").join("hexchess-two-players.ron")).unwrap();
    assert_eq!(saved.actions.len(), 1);
    assert!(saved.resume.is_some(), "saved with how it was played");
    let _ = std::fs::remove_dir_all(&data);
}
