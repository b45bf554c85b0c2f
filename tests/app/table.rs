//! The shared table, once for every game: requests play in order, undo takes back one
//! turn between two players and the computer's answer too against it, new game starts
//! over, the computer answers off the main thread, and nothing the table spawns is left
//! behind when it sets the game out again.

use std::time::Duration;

use bevy::prelude::*;
use lodestone::app::PlayMode;
use lodestone::app::hexchess::{Hexchess, HexchessScene};
use lodestone::app::playback::PlaybackQueue;
use lodestone::app::table::status::{GameKeys, StatusLine};
use lodestone::app::table::{
    Computer, Played, ReplayFolder, Seats, Start, StartFrom, TableGame, TableInput, TableLaunch,
    TablePart,
};
use lodestone::app::ui::Notice;
use lodestone::app::vectress::Vectress;
use lodestone::replay::Replay;
use lodestone::rules::{GameId, Level, Match, Rules, Setup};

use super::headless::{no_requests, note, played, scene, seats, send, settle};

fn start<G: TableGame>(game: GameId, mode: PlayMode) -> App {
    let app = super::headless::game_app(game, mode);
    assert!(
        app.world().get_resource::<Played<G>>().is_some(),
        "{game:?}: the table is set"
    );
    app
}

fn parts(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<Entity, With<TablePart>>()
        .iter(app.world())
        .count()
}

/// The rules state as text, to compare two games exactly.
fn rules_text<G: TableGame>(m: &Match<G::Rules>) -> String {
    format!("{:?}", m.rules())
}

fn two_players<G: TableGame>(game: GameId) {
    let mut app = start::<G>(game, PlayMode::HotSeat);
    settle::<G>(&mut app);
    let set_out = parts(&mut app);
    assert!(set_out > 0, "{game:?}: the pieces are set out");
    let mut replay = Match::<G::Rules>::new(played::<G>(&app).game.setup().clone()).unwrap();
    for k in 1..=3 {
        let action = played::<G>(&app).game.legal_actions()[0];
        send::<G>(&mut app, TableInput::Play(action));
        settle::<G>(&mut app);
        replay.play(action).unwrap();
        let t = played::<G>(&app);
        assert_eq!(t.game.notation().len(), k, "{game:?}: {:?}", note(&app));
        assert_eq!(
            rules_text::<G>(&t.game),
            rules_text::<G>(&replay),
            "{game:?}: the table plays the rules"
        );
    }
    let status = &app.world().resource::<StatusLine>().0;
    assert!(
        status.contains(&G::headline(played::<G>(&app), scene::<G>(&app))),
        "{game:?}: {status}"
    );
    // The keys are in the help overlay, not in the status line.
    assert!(!status.contains("U undo"), "{game:?}: {status}");
    let keys = &app.world().resource::<GameKeys>().0;
    let keymap = app.world().resource::<lodestone::app::keymap::Keymap>();
    let own = G::keys(played::<G>(&app), scene::<G>(&app), keymap);
    assert_eq!(
        keys[..own.len()],
        own,
        "{game:?}: the table publishes its keys"
    );
    let asks: Vec<&str> = keys[own.len()..].iter().map(|(k, _)| k.as_str()).collect();
    let hint = if G::OWN_H { "Shift+H" } else { "H" };
    assert_eq!(
        asks,
        [
            "U / Backspace",
            "N",
            "T",
            hint,
            "E",
            "Ctrl+C / Ctrl+V",
            "Ctrl+E"
        ],
        "{game:?}: then undo and new game, what the engines know (#42), then the codes and \
         the editor (#44)"
    );
    assert!(
        keys.iter().any(|(_, what)| what.starts_with("undo")),
        "{game:?}: {keys:?}"
    );
    // Between two players undo takes back one turn, exactly.
    send::<G>(&mut app, TableInput::Undo);
    settle::<G>(&mut app);
    replay.undo().unwrap();
    assert_eq!(played::<G>(&app).game.notation().len(), 2, "{game:?}");
    assert_eq!(
        rules_text::<G>(&played::<G>(&app).game),
        rules_text::<G>(&replay),
        "{game:?}"
    );
    // A refused action changes nothing and says why.
    let before = rules_text::<G>(&played::<G>(&app).game);
    let taken = played::<G>(&app).game.actions()[0];
    if played::<G>(&app)
        .game
        .legal_actions()
        .iter()
        .all(|a| *a != taken)
    {
        send::<G>(&mut app, TableInput::Play(taken));
        settle::<G>(&mut app);
        assert_eq!(rules_text::<G>(&played::<G>(&app).game), before, "{game:?}");
        assert!(note(&app).is_some(), "{game:?}: the refusal is told");
    }
    // Ctrl+S saves the game now and says where.
    let folder = std::env::temp_dir().join(format!(
        "lodestone-table-{}-{}",
        std::process::id(),
        game.id()
    ));
    let _ = std::fs::remove_dir_all(&folder);
    app.insert_resource(ReplayFolder(Some(folder.clone())));
    {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.press(KeyCode::ControlLeft);
        keys.press(KeyCode::KeyS);
    }
    app.update();
    {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release_all();
        keys.clear();
    }
    let notice = app
        .world()
        .resource::<Notice>()
        .text
        .clone()
        .unwrap_or_default();
    let saved = lodestone::replay::list(&folder);
    assert_eq!(saved.len(), 1, "{game:?}: {notice}");
    assert!(
        notice.contains(&saved[0].display().to_string()),
        "{game:?}: {notice}"
    );
    let kept = Replay::load(&saved[0]).unwrap();
    assert_eq!(kept.actions, played::<G>(&app).game.notation(), "{game:?}");
    // New game starts over (the game left is kept), and nothing spawned before is left
    // behind.
    send::<G>(&mut app, TableInput::NewGame);
    settle::<G>(&mut app);
    assert_eq!(
        lodestone::replay::list(&folder).len(),
        2,
        "{game:?}: the game left is kept"
    );
    let _ = std::fs::remove_dir_all(&folder);
    assert_eq!(played::<G>(&app).game.notation().len(), 0, "{game:?}");
    assert_eq!(played::<G>(&app).game.ply(), 0, "{game:?}");
    assert_eq!(
        parts(&mut app),
        set_out,
        "{game:?}: respawn leaves nothing behind"
    );
}

/// Frames, with real time for the computer's thread, until `done` or a generous limit.
fn run_until(app: &mut App, mut done: impl FnMut(&App) -> bool) {
    for _ in 0..4000 {
        app.world_mut().resource_mut::<PlaybackQueue>().skip();
        app.update();
        if done(app) {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("the computer never answered");
}

fn against_the_computer<G: TableGame>(game: GameId) {
    let mut app = start::<G>(game, PlayMode::VsComputer);
    app.world_mut().resource_mut::<Seats>().level = Level::Easy;
    let person = seats(&app).human.expect("a person plays one side");
    assert_eq!(
        played::<G>(&app).to_move(),
        person,
        "{game:?}: the person opens"
    );
    // The person's move: for Wave Field a move, not a tuning (which keeps the turn).
    let moved = |app: &App| played::<G>(app).to_move() != person;
    let mut turns = 0;
    while !moved(&app) {
        let action = played::<G>(&app).game.legal_actions()[0];
        send::<G>(&mut app, TableInput::Play(action));
        app.update();
        turns += 1;
        assert!(turns < 5, "{game:?}: the turn passes");
    }
    let mut saw_thinking = false;
    run_until(&mut app, |app| {
        saw_thinking |= app.world().resource::<Computer<G>>().thinking();
        played::<G>(app).to_move() == person && no_requests::<G>(app)
    });
    assert!(
        saw_thinking,
        "{game:?}: the computer thought off the main thread"
    );
    assert!(
        played::<G>(&app).game.notation().len() > turns,
        "{game:?}: the computer answered"
    );
    // Undo takes back the computer's answer and the person's own move together.
    send::<G>(&mut app, TableInput::Undo);
    settle::<G>(&mut app);
    let t = played::<G>(&app);
    assert_eq!(t.to_move(), person, "{game:?}");
    assert_eq!(
        t.game.notation().len(),
        turns - 1,
        "{game:?}: back to before the person's last action"
    );
    let fresh = Match::<G::Rules>::new(Setup {
        seed: G::SEED,
        ..Setup::default()
    })
    .unwrap();
    if turns == 1 {
        assert_eq!(
            rules_text::<G>(&t.game),
            rules_text::<G>(&fresh),
            "{game:?}: the start again"
        );
    }
}

#[test]
fn two_players_on_every_table() {
    for game in GameId::ALL {
        lodestone::with_table!(game, G => two_players::<G>(game));
    }
}

#[test]
fn the_computer_answers_and_undo_takes_both_back_on_every_table() {
    for game in GameId::ALL {
        lodestone::with_table!(game, G => against_the_computer::<G>(game));
    }
}

/// Captions: every stage of a played action says what it shows in the showcase layer's
/// words (written once, for the window, films, the miner and the library alike), except
/// that live v011 play never announces a renaming (no caption, no ring).
#[test]
fn every_stage_has_the_showcase_caption_and_live_v011_renaming_has_none() {
    use lodestone::app::hexchess::stages::ChangeGlow;
    use lodestone::showcase::Showcase;
    use lodestone::showcase::hexchess::stage_captions;
    // A pawn's first step: it arrives renamed (v011). Live it is not announced; shown to
    // watchers (the showcase here, films and stills alike) it is.
    for offscreen in [false, true] {
        let mut app = if offscreen {
            super::headless::launched_app(TableLaunch {
                game: GameId::Hexchess,
                start: Start::Showcase(StartFrom::default()),
            })
        } else {
            start::<Hexchess>(GameId::Hexchess, PlayMode::HotSeat)
        };
        let mv = played::<Hexchess>(&app).game.parse_action("f5f6").unwrap();
        send::<Hexchess>(&mut app, TableInput::Play(mv));
        app.update();
        let queue = app.world().resource::<PlaybackQueue>();
        let labels: Vec<String> = (0..queue.stage_count())
            .map(|i| queue.stage(i).unwrap().label.clone())
            .collect();
        let resolution = played::<Hexchess>(&app).game.last().unwrap().clone();
        let start = lodestone::rules::hexchess::Game::start(&Setup::default()).unwrap();
        assert_eq!(labels, stage_captions(&start, &resolution, offscreen));
        assert_eq!(labels[0], "White pawn f5-f6", "{labels:?}");
        let glows = app
            .world_mut()
            .query::<&ChangeGlow>()
            .iter(app.world())
            .count();
        if offscreen {
            assert_eq!(labels[1], "the pawn arrives as a queen");
            assert_eq!(glows, 1, "a ring flashes in stills and films");
        } else {
            assert_eq!(
                labels,
                ["White pawn f5-f6"],
                "live play names no renaming and gives it no stage"
            );
            assert_eq!(glows, 0, "and shows no ring");
        }
    }
    // The five-wave Vectress chain: who pushes whom which way, wave by wave.
    let chain = ["E3-G5", "F7-H5", "F5-F7"];
    let mut app = start::<Vectress>(GameId::Vectress, PlayMode::HotSeat);
    for text in chain {
        let action = played::<Vectress>(&app).game.parse_action(text).unwrap();
        send::<Vectress>(&mut app, TableInput::Play(action));
        settle::<Vectress>(&mut app);
    }
    let queue = app.world().resource::<PlaybackQueue>();
    let labels: Vec<String> = (0..queue.stage_count())
        .map(|i| queue.stage(i).unwrap().label.clone())
        .collect();
    let mut rules = Match::<lodestone::rules::vectress::Game>::new(Setup::default()).unwrap();
    for text in &chain[..2] {
        rules.play_text(text).unwrap();
    }
    let before = rules.rules().clone();
    let resolution = rules.play_text(chain[2]).unwrap();
    assert_eq!(
        labels,
        lodestone::rules::vectress::Game::captions(&before, &resolution)
    );
    assert!(labels[0].starts_with("White moves the Core"), "{labels:?}");
    assert!(labels[1].starts_with("wave 1 of 5"), "{labels:?}");
    assert!(labels.iter().all(|l| !l.is_empty()), "{labels:?}");
}

/// While hex chess's promotion chooser waits, N answers it (a knight) and never starts a
/// new game: the table's keys stand aside whatever order the systems run in.
#[test]
fn the_promotion_chooser_keeps_n_from_the_table() {
    use lodestone::rules::hexchess::Cell;
    let mut app = start::<Hexchess>(GameId::Hexchess, PlayMode::HotSeat);
    let c = Cell::parse("f10").unwrap();
    app.world_mut().resource_mut::<HexchessScene>().promotion = Some((c, c));
    let changes = played::<Hexchess>(&app).changes;
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::KeyN);
    app.update();
    assert_eq!(played::<Hexchess>(&app).changes, changes, "no new game");
    assert!(
        scene::<Hexchess>(&app).promotion.is_none(),
        "the chooser took N as its answer"
    );
}

/// Each game lists its own keys for the help overlay (F1), undo and new game among them,
/// and keeps them out of its status line.
fn keys_listed<G: TableGame>(game: GameId) {
    let app = start::<G>(game, PlayMode::HotSeat);
    let own = G::keys(
        played::<G>(&app),
        scene::<G>(&app),
        app.world().resource::<lodestone::app::keymap::Keymap>(),
    );
    assert!(!own.is_empty(), "{game:?}");
    // The table adds undo and new game, named by the keymap, after the game's own.
    let keys = &app.world().resource::<GameKeys>().0;
    assert_eq!(keys[..own.len()], own[..], "{game:?}");
    assert!(
        keys.iter()
            .any(|(key, what)| key.starts_with('U') && what.starts_with("undo")),
        "{game:?}: {keys:?}"
    );
    assert!(
        keys.iter()
            .any(|(key, what)| *key == "N" && what == "new game"),
        "{game:?}: {keys:?}"
    );
    assert!(
        keys.iter()
            .all(|(key, what)| !key.is_empty() && !what.is_empty()),
        "{game:?}: {keys:?}"
    );
    let status = &app.world().resource::<StatusLine>().0;
    for legend in ["U undo", "N new", " | U ", "undo"] {
        assert!(!status.contains(legend), "{game:?}: {status}");
    }
    assert_eq!(
        keys.len(),
        own.len() + 7,
        "{game:?}: no replay watched, so the game's own keys (and the table's seven)"
    );
}

#[test]
fn every_table_lists_its_keys_for_the_help() {
    for game in GameId::ALL {
        lodestone::with_table!(game, G => keys_listed::<G>(game));
    }
}

#[test]
fn the_thinking_indicator_shows_while_the_computer_thinks() {
    let mut app = start::<Vectress>(GameId::Vectress, PlayMode::Demo);
    let mut seen = false;
    for _ in 0..200 {
        app.update();
        let thinking = app
            .world()
            .resource::<lodestone::app::table::status::ComputerThinking>()
            .0;
        assert_eq!(
            thinking,
            app.world().resource::<Computer<Vectress>>().thinking(),
            "the indicator follows the table"
        );
        if thinking {
            seen = true;
            break;
        }
    }
    assert!(seen, "the demo's computer thinks within 200 frames");
}

/// #23: every game of the registry (`GameId::ALL`) reaches every list the window keeps:
/// its play modes in the menu, its board, its rules page, its help tab and its showcase
/// scenarios. A game left out of one (a missing plugin line) fails here, not in silence.
#[test]
fn every_game_of_the_registry_reaches_every_list() {
    use lodestone::app::AvailableModes;
    use lodestone::app::boards::Boards;
    use lodestone::app::hud::HelpTab;
    use lodestone::app::table::RulesPages;
    let app = super::headless::headless_app();
    let world = app.world();
    let scenarios = lodestone::showcase::library::scenarios().expect("the library reads");
    for game in GameId::ALL {
        for mode in [PlayMode::HotSeat, PlayMode::VsComputer, PlayMode::Demo] {
            assert!(
                world.resource::<AvailableModes>().0.contains(&(game, mode)),
                "{game:?} offers {mode:?} in the menu"
            );
        }
        assert!(
            world.resource::<Boards>().of(game).is_some(),
            "{game:?}'s board"
        );
        assert!(
            world.resource::<RulesPages>().0.contains_key(&game),
            "{game:?}'s rules page"
        );
        assert!(
            HelpTab::all().any(|tab| tab == HelpTab::Rules(game)),
            "{game:?}'s help tab"
        );
        assert!(
            scenarios.iter().any(|s| s.game == game),
            "{game:?} has a showcase scenario"
        );
    }
    assert_eq!(world.resource::<RulesPages>().0.len(), GameId::ALL.len());
}
