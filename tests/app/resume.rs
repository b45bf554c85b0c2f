//! Every game saved as it is played (#41): a game against the computer, its app dropped
//! without any shutdown, resumes exactly in a new app (rules state, turns, generator,
//! mode, level, side, clock); the binary killed with SIGKILL mid-game leaves saves that
//! resume; an edited hex chess game is not saved (H7); a save that cannot be read is
//! moved aside and said.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use lodestone::app::PlayMode;
use lodestone::app::choice::{GameChoice, ModeChoice};
use lodestone::app::playback::PlaybackQueue;
use lodestone::app::table::{SaveFolder, Seats, Start, TableGame, TableInput, TableLaunch};
use lodestone::replay::Replay;
use lodestone::rules::{GameId, Level, Rules};

use crate::headless::{no_requests, played, seats, send};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lodestone-resume-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn choice(mode: ModeChoice) -> GameChoice {
    GameChoice {
        mode,
        side: 0,
        level: Level::Easy,
        ruleset: None,
        clock: None,
    }
}

/// A headless app saving into `saves`, the table of `game` launched with `start`.
fn app_saving(saves: &Path, game: GameId, start: Start) -> App {
    let saves = saves.to_path_buf();
    let mut app = crate::headless::headless_app_with(move |app| {
        app.insert_resource(SaveFolder(Some(saves)));
    });
    lodestone::app::headless::launch(&mut app, TableLaunch { game, start });
    app
}

/// Runs frames, skipping playback, until `done` (the computer thinks on another thread).
fn run_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    for _ in 0..4000 {
        app.world_mut().resource_mut::<PlaybackQueue>().skip();
        app.update();
        if done(app) {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("{what} never happened");
}

/// Everything about the game on `G`'s table a resume must bring back. The generator is
/// compared by its word position (its `Debug` also shows how much of its buffer it has
/// used, which a generator put at a position fills afresh).
fn snapshot<G: TableGame>(app: &App) -> String {
    let played = played::<G>(app);
    let seats = seats(app);
    let rules = format!("{:?}", played.game.rules());
    let rules = regex_lite_strip(&rules);
    format!(
        "{}\n{:?}\n{:?}\n{}\n{:?}\n{:?} {:?} {:?}",
        rules,
        played.game.notation(),
        played.game.turn_records(),
        played.game.rng_position(),
        played.game.rules().session_count(),
        seats.mode,
        seats.level,
        seats.human,
    )
}

/// `text` without the generators' buffers (`ChaCha8Rng { ... }`, braces balanced).
fn regex_lite_strip(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("ChaCha8Rng {") {
        out.push_str(&rest[..at]);
        out.push_str("ChaCha8Rng");
        let mut depth = 0;
        let mut end = rest.len();
        for (i, c) in rest[at..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = at + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// One person's turn (a Wave Field move, with any tuning before it) then the computer's
/// answer.
fn a_turn_each<G: TableGame>(app: &mut App) {
    let person = played::<G>(app).to_move();
    while played::<G>(app).to_move() == person {
        let action = played::<G>(app).game.legal_actions()[0];
        send::<G>(app, TableInput::Play(action));
        app.update();
        crate::headless::settle::<G>(app);
    }
    run_until(app, "the computer's answer", |app| {
        played::<G>(app).to_move() == person && no_requests::<G>(app)
    });
}

fn resumes_exactly<G: TableGame>(game: GameId) {
    let saves = temp(game.id());
    let mut app = app_saving(&saves, game, Start::New(choice(ModeChoice::VsComputer)));
    a_turn_each::<G>(&mut app);
    a_turn_each::<G>(&mut app);
    // Some time on the clock for the next turn.
    for _ in 0..7 {
        app.update();
    }
    let before = snapshot::<G>(&app);
    let clock = app
        .world()
        .resource::<lodestone::app::table::TurnClock>()
        .seconds
        .clone();
    assert!(clock.iter().all(|s| *s >= 0.0) && !clock.is_empty());
    let slot = saves.join(format!("{}-vs-computer.ron", game.id()));
    let saved = std::fs::read(&slot).unwrap_or_else(|e| panic!("{game:?}: {e}"));
    let replay = Replay::load(&slot).unwrap_or_else(|e| panic!("{game:?}: {e}"));
    assert_eq!(
        replay.resume.as_ref().map(|r| r.mode.as_str()),
        Some("vs-computer")
    );
    // What undo does to the game as it was played (the save is put back after).
    send::<G>(&mut app, TableInput::Undo);
    app.update();
    crate::headless::settle::<G>(&mut app);
    let undone = snapshot::<G>(&app);
    // No shutdown: no exit, no leaving the table, no drop code.
    std::mem::forget(app);
    std::fs::write(&slot, saved).unwrap();
    // A new app, as after a crash: Resume brings the exact game back ...
    let mut app = app_saving(&saves, game, Start::Resume(choice(ModeChoice::VsComputer)));
    assert_eq!(snapshot::<G>(&app), before, "{game:?}: resumed exactly");
    assert_eq!(
        app.world()
            .resource::<lodestone::app::table::TurnClock>()
            .seconds,
        clock,
        "{game:?}: the clock comes back"
    );
    // ... and undo goes on from it exactly as it would have.
    send::<G>(&mut app, TableInput::Undo);
    app.update();
    crate::headless::settle::<G>(&mut app);
    assert_eq!(snapshot::<G>(&app), undone, "{game:?}: undo after resuming");
    let _ = std::fs::remove_dir_all(&saves);
}

#[test]
fn every_game_against_the_computer_resumes_exactly_after_its_app_is_dropped() {
    for game in GameId::ALL {
        lodestone::with_table!(game, G => resumes_exactly::<G>(game));
    }
}

/// Set (to a folder) when this test binary runs itself as the child of
/// `a_game_killed_mid_play_leaves_saves_that_resume`.
const CHILD_SAVES: &str = "LODESTONE_TEST_KILL_SAVES";

/// The actions a two-player game of `G` plays in the kill test: the first legal one, twice.
fn two_first_actions<G: TableGame>(app: &mut App) {
    for _ in 0..2 {
        let action = played::<G>(app).game.legal_actions()[0];
        send::<G>(app, TableInput::Play(action));
        app.update();
        crate::headless::settle::<G>(app);
    }
}

/// The child's half: two moves in every game (each saved as it is played), then it waits
/// to be killed.
#[test]
#[ignore = "run (and killed) by a_game_killed_mid_play_leaves_saves_that_resume"]
fn child_plays_every_game_and_waits_to_be_killed() {
    let saves = PathBuf::from(std::env::var_os(CHILD_SAVES).expect("run as the child"));
    for game in GameId::ALL {
        let mut app = app_saving(&saves, game, Start::New(choice(ModeChoice::TwoPlayers)));
        lodestone::with_table!(game, G => two_first_actions::<G>(&mut app));
        // The table stays up, mid-game, as the next one opens in another app.
        std::mem::forget(app);
    }
    std::fs::write(saves.join("ready"), b"").unwrap();
    loop {
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn resumes_after_the_kill<G: TableGame>(saves: &Path, game: GameId) {
    let app = app_saving(saves, game, Start::Resume(choice(ModeChoice::TwoPlayers)));
    let notation = played::<G>(&app).game.notation().to_vec();
    // The same two moves played afresh.
    let mut fresh = app_saving(
        &temp(&format!("fresh-{}", game.id())),
        game,
        Start::New(choice(ModeChoice::TwoPlayers)),
    );
    two_first_actions::<G>(&mut fresh);
    assert_eq!(notation.len(), 2, "{game:?}: both moves were saved");
    assert_eq!(
        snapshot::<G>(&app),
        snapshot::<G>(&fresh),
        "{game:?}: resumed as played"
    );
    assert_eq!(seats(&app).mode, PlayMode::HotSeat);
}

#[test]
fn a_game_killed_mid_play_leaves_saves_that_resume() {
    let saves = temp("killed");
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "resume::child_plays_every_game_and_waits_to_be_killed",
            "--ignored",
            "--test-threads=1",
        ])
        .env(CHILD_SAVES, &saves)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !saves.join("ready").exists() {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the child played its games"
        );
        if let Ok(Some(status)) = child.try_wait() {
            panic!("the child stopped before it was killed: {status}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    // SIGKILL (what `Child::kill` sends on Unix): nothing of the child's runs after it.
    child.kill().unwrap();
    let status = child.wait().unwrap();
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(9), "killed by SIGKILL: {status}");
    for game in GameId::ALL {
        lodestone::with_table!(game, G => resumes_after_the_kill::<G>(&saves, game));
    }
    let _ = std::fs::remove_dir_all(&saves);
}

/// H7: an edited hex chess game is not saved, and its earlier save goes; a new move
/// played after a new game is saved again.
#[test]
fn an_edited_hex_chess_game_is_not_saved() {
    use lodestone::app::hexchess::{Control, Hexchess};
    let saves = temp("edited");
    let slot = saves.join("hexchess-two-players.ron");
    let mut app = app_saving(
        &saves,
        GameId::Hexchess,
        Start::New(choice(ModeChoice::TwoPlayers)),
    );
    two_first_actions::<Hexchess>(&mut app);
    assert!(slot.exists(), "saved as it is played");
    send::<Hexchess>(
        &mut app,
        TableInput::Game(Control::Edit(0, "Nc3".to_string())),
    );
    for _ in 0..3 {
        app.update();
    }
    assert!(played::<Hexchess>(&app).game.is_edited());
    assert!(
        !slot.exists(),
        "the save of the game before the edit is gone"
    );
    send::<Hexchess>(&mut app, TableInput::NewGame);
    app.update();
    two_first_actions::<Hexchess>(&mut app);
    assert!(slot.exists(), "a new game saves again");
    let _ = std::fs::remove_dir_all(&saves);
}

/// A save that cannot be read is moved aside and said; a new game starts; resuming
/// again finds nothing.
#[test]
fn an_unreadable_save_is_kept_aside_and_a_new_game_starts() {
    use lodestone::app::polarity::Polarity;
    let saves = temp("unreadable");
    let slot = saves.join("polarity-two-players.ron");
    std::fs::write(&slot, "(not: a saved game").unwrap();
    let app = app_saving(
        &saves,
        GameId::Polarity,
        Start::Resume(choice(ModeChoice::TwoPlayers)),
    );
    assert!(played::<Polarity>(&app).game.actions().is_empty());
    let aside = saves.join("polarity-two-players.ron.unreadable-1");
    assert_eq!(
        std::fs::read_to_string(&aside).unwrap(),
        "(not: a saved game"
    );
    let said = app
        .world()
        .resource::<lodestone::app::ui::Notice>()
        .text
        .clone()
        .unwrap_or_default();
    assert!(said.contains("kept as"), "{said}");
    assert_eq!(
        app.world().resource::<Seats>().mode,
        PlayMode::HotSeat,
        "as chosen"
    );
    let _ = std::fs::remove_dir_all(&saves);
}

/// A saved game is a replay `lodestone replay --check` reads, with how it was played.
#[test]
fn a_saved_game_is_a_replay_the_command_line_checks() {
    use lodestone::app::wavefield::Wavefield;
    let saves = temp("check");
    let mut app = app_saving(
        &saves,
        GameId::Wavefield,
        Start::New(choice(ModeChoice::VsComputer)),
    );
    a_turn_each::<Wavefield>(&mut app);
    let slot = saves.join("wavefield-vs-computer.ron");
    let out = Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args(["replay", "--check"])
        .arg(&slot)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: serde_json::Value = serde_json::from_str(said.trim()).unwrap();
    assert_eq!(summary["game"], "wavefield");
    assert_eq!(summary["resume"]["mode"], "vs-computer");
    assert_eq!(summary["resume"]["level"], "easy");
    assert_eq!(
        summary["plies"].as_u64(),
        Some(played::<Wavefield>(&app).game.actions().len() as u64)
    );
    let _ = std::fs::remove_dir_all(&saves);
}

/// #42: a hint asked for is kept in the game's save (before the next move is played) and
/// comes back with the game; a new game starts with none.
#[test]
fn the_hints_used_are_saved_and_resumed() {
    use lodestone::app::table::ComputerPace;
    use lodestone::app::table::foresight::HintsUsed;
    use lodestone::app::vectress::Vectress;
    let saves = temp("hints");
    let slot = saves.join("vectress-two-players.ron");
    let mut app = app_saving(
        &saves,
        GameId::Vectress,
        Start::New(choice(ModeChoice::TwoPlayers)),
    );
    app.insert_resource(ComputerPace::Lockstep);
    two_first_actions::<Vectress>(&mut app);
    crate::headless::tap(&mut app, KeyCode::KeyH);
    app.update();
    assert_eq!(app.world().resource::<HintsUsed>().0, [1, 0]);
    let saved = Replay::load(&slot).unwrap();
    assert_eq!(saved.hints, Some([1, 0]), "saved with the game");
    drop(app);
    let mut app = app_saving(
        &saves,
        GameId::Vectress,
        Start::Resume(choice(ModeChoice::TwoPlayers)),
    );
    app.update();
    assert_eq!(app.world().resource::<HintsUsed>().0, [1, 0], "resumed");
    send::<Vectress>(&mut app, TableInput::NewGame);
    app.update();
    app.update();
    assert_eq!(
        app.world().resource::<HintsUsed>().0,
        [0, 0],
        "a new game has none"
    );
    let _ = std::fs::remove_dir_all(&saves);
}
