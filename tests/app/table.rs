//! The shared table, once for every game: requests play in order, undo takes back one
//! turn between two players and the computer's answer too against it, new game starts
//! over, the computer answers off the main thread, and nothing the table spawns is left
//! behind when it sets the game out again.

use std::time::Duration;

use bevy::prelude::*;
use lodestone::app::PlayMode;
use lodestone::app::hexchess::Hexchess;
use lodestone::app::playback::PlaybackQueue;
use lodestone::app::polarity::Polarity;
use lodestone::app::table::status::{GameKeys, StatusLine};
use lodestone::app::table::{
    ReplayFolder, Request, Table, TableGame, TablePart, key_list, status_text,
};
use lodestone::app::ui::Notice;
use lodestone::app::vectress::Vectress;
use lodestone::app::wavefield::Wavefield;
use lodestone::replay::Replay;
use lodestone::rules::{GameId, Level, Match, Rules, Setup};

fn start<G: TableGame>(game: GameId, mode: PlayMode) -> App {
    let app = super::headless::game_app(game, mode);
    assert!(
        app.world().get_resource::<Table<G>>().is_some(),
        "{game:?}: the table is set"
    );
    app
}

fn table<G: TableGame>(app: &App) -> &Table<G> {
    app.world().resource::<Table<G>>()
}

fn table_mut<G: TableGame>(app: &mut App) -> Mut<'_, Table<G>> {
    app.world_mut().resource_mut::<Table<G>>()
}

/// Runs frames (skipping playback) until no request waits and nothing plays.
fn settle<G: TableGame>(app: &mut App) {
    for _ in 0..200 {
        app.world_mut().resource_mut::<PlaybackQueue>().skip();
        app.update();
        if table::<G>(app).requests.is_empty() && app.world().resource::<PlaybackQueue>().is_idle()
        {
            return;
        }
    }
    panic!("the table never settled");
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
    let mut replay = Match::<G::Rules>::new(table::<G>(&app).game.setup().clone()).unwrap();
    for k in 1..=3 {
        let action = table::<G>(&app).game.legal_actions()[0];
        table_mut::<G>(&mut app)
            .requests
            .push_back(Request::Play(action));
        settle::<G>(&mut app);
        replay.play(action).unwrap();
        let t = table::<G>(&app);
        assert_eq!(t.game.notation().len(), k, "{game:?}: {:?}", t.message);
        assert_eq!(
            rules_text::<G>(&t.game),
            rules_text::<G>(&replay),
            "{game:?}: the table plays the rules"
        );
    }
    let status = &app.world().resource::<StatusLine>().0;
    assert!(
        status.contains(&G::headline(table::<G>(&app))),
        "{game:?}: {status}"
    );
    // The keys are in the help overlay, not in the status line.
    assert!(!status.contains("U undo"), "{game:?}: {status}");
    let keys = &app.world().resource::<GameKeys>().0;
    assert_eq!(
        *keys,
        key_list(table::<G>(&app)),
        "{game:?}: the table publishes its keys"
    );
    assert!(
        keys.iter().any(|(_, what)| what.starts_with("undo")),
        "{game:?}: {keys:?}"
    );
    // Between two players undo takes back one turn, exactly.
    table_mut::<G>(&mut app).requests.push_back(Request::Undo);
    settle::<G>(&mut app);
    replay.undo().unwrap();
    assert_eq!(table::<G>(&app).game.notation().len(), 2, "{game:?}");
    assert_eq!(
        rules_text::<G>(&table::<G>(&app).game),
        rules_text::<G>(&replay),
        "{game:?}"
    );
    // A refused action changes nothing and says why.
    let before = rules_text::<G>(&table::<G>(&app).game);
    let taken = table::<G>(&app).game.actions()[0];
    if table::<G>(&app)
        .game
        .legal_actions()
        .iter()
        .all(|a| *a != taken)
    {
        table_mut::<G>(&mut app)
            .requests
            .push_back(Request::Play(taken));
        settle::<G>(&mut app);
        assert_eq!(rules_text::<G>(&table::<G>(&app).game), before, "{game:?}");
        assert!(
            table::<G>(&app).message.is_some(),
            "{game:?}: the refusal is told"
        );
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
    assert_eq!(kept.actions, table::<G>(&app).game.notation(), "{game:?}");
    // New game starts over (the game left is kept), and nothing spawned before is left
    // behind.
    table_mut::<G>(&mut app)
        .requests
        .push_back(Request::NewGame);
    settle::<G>(&mut app);
    assert_eq!(
        lodestone::replay::list(&folder).len(),
        2,
        "{game:?}: the game left is kept"
    );
    let _ = std::fs::remove_dir_all(&folder);
    assert_eq!(table::<G>(&app).game.notation().len(), 0, "{game:?}");
    assert_eq!(table::<G>(&app).game.ply(), 0, "{game:?}");
    assert_eq!(
        parts(&mut app),
        set_out,
        "{game:?}: respawn leaves nothing behind"
    );
}

/// Frames, with real time for the computer's thread, until `done` or a generous limit.
fn run_until<G: TableGame>(app: &mut App, mut done: impl FnMut(&Table<G>) -> bool) {
    for _ in 0..4000 {
        app.world_mut().resource_mut::<PlaybackQueue>().skip();
        app.update();
        if done(table::<G>(app)) {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("the computer never answered");
}

fn against_the_computer<G: TableGame>(game: GameId) {
    let mut app = start::<G>(game, PlayMode::VsComputer);
    table_mut::<G>(&mut app).level = Level::Easy;
    let person = table::<G>(&app).human.expect("a person plays one side");
    assert_eq!(
        table::<G>(&app).game.to_move(),
        person,
        "{game:?}: the person opens"
    );
    // The person's move: for Wave Field a move, not a tuning (which keeps the turn).
    let moved = |t: &Table<G>| t.game.to_move() != person;
    let mut turns = 0;
    while !moved(table::<G>(&app)) {
        let action = table::<G>(&app).game.legal_actions()[0];
        table_mut::<G>(&mut app)
            .requests
            .push_back(Request::Play(action));
        app.update();
        turns += 1;
        assert!(turns < 5, "{game:?}: the turn passes");
    }
    let mut saw_thinking = false;
    run_until::<G>(&mut app, |t| {
        saw_thinking |= t.thinking();
        t.game.to_move() == person && t.requests.is_empty()
    });
    assert!(
        saw_thinking,
        "{game:?}: the computer thought off the main thread"
    );
    assert!(
        table::<G>(&app).game.notation().len() > turns,
        "{game:?}: the computer answered"
    );
    // Undo takes back the computer's answer and the person's own move together.
    table_mut::<G>(&mut app).requests.push_back(Request::Undo);
    settle::<G>(&mut app);
    let t = table::<G>(&app);
    assert_eq!(t.game.to_move(), person, "{game:?}");
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
    two_players::<Vectress>(GameId::Vectress);
    two_players::<Hexchess>(GameId::Hexchess);
    two_players::<Wavefield>(GameId::Wavefield);
    two_players::<Polarity>(GameId::Polarity);
}

#[test]
fn the_computer_answers_and_undo_takes_both_back_on_every_table() {
    against_the_computer::<Vectress>(GameId::Vectress);
    against_the_computer::<Hexchess>(GameId::Hexchess);
    against_the_computer::<Wavefield>(GameId::Wavefield);
    against_the_computer::<Polarity>(GameId::Polarity);
}

/// Captions: every stage of a played action says what it shows in the showcase layer's
/// words (written once, for the window, films, the miner and the library alike), except
/// that live v011 play never announces a renaming (no caption, no ring).
#[test]
fn every_stage_has_the_showcase_caption_and_live_v011_renaming_has_none() {
    use lodestone::app::hexchess::stages::ChangeGlow;
    use lodestone::showcase::Showcase;
    use lodestone::showcase::hexchess::stage_captions;
    // A pawn's first step: it arrives renamed (v011).
    for offscreen in [false, true] {
        let mut app = start::<Hexchess>(GameId::Hexchess, PlayMode::HotSeat);
        table_mut::<Hexchess>(&mut app).offscreen = offscreen;
        let mv = table::<Hexchess>(&app).game.parse_action("f5f6").unwrap();
        table_mut::<Hexchess>(&mut app)
            .requests
            .push_back(Request::Play(mv));
        app.update();
        let queue = app.world().resource::<PlaybackQueue>();
        let labels: Vec<String> = (0..queue.stage_count())
            .map(|i| queue.stage(i).unwrap().label.clone())
            .collect();
        let resolution = table::<Hexchess>(&app).game.last().unwrap().clone();
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
        let action = table::<Vectress>(&app).game.parse_action(text).unwrap();
        table_mut::<Vectress>(&mut app)
            .requests
            .push_back(Request::Play(action));
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
    table_mut::<Hexchess>(&mut app).promotion = Some((c, c));
    let changes = table::<Hexchess>(&app).changes;
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::KeyN);
    app.update();
    let t = table::<Hexchess>(&app);
    assert_eq!(t.changes, changes, "no new game");
    assert!(t.promotion.is_none(), "the chooser took N as its answer");
}

/// Each game lists its own keys for the help overlay (F1), undo and new game among them,
/// and keeps them out of its status line.
fn keys_listed<G: TableGame>(game: GameId) {
    let rules = Match::<G::Rules>::new(Setup {
        seed: G::SEED,
        ..Setup::default()
    })
    .unwrap();
    let table = Table::<G>::new(rules, PlayMode::HotSeat);
    let keys = G::keys(&table);
    assert!(!keys.is_empty(), "{game:?}");
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
    let status = status_text(&table);
    for legend in ["U undo", "N new", " | U ", "undo"] {
        assert!(!status.contains(legend), "{game:?}: {status}");
    }
    assert_eq!(
        key_list(&table).len(),
        keys.len(),
        "{game:?}: no replay watched, so the game's own keys"
    );
}

#[test]
fn every_table_lists_its_keys_for_the_help() {
    keys_listed::<Vectress>(GameId::Vectress);
    keys_listed::<Hexchess>(GameId::Hexchess);
    keys_listed::<Wavefield>(GameId::Wavefield);
    keys_listed::<Polarity>(GameId::Polarity);
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
            app.world().resource::<Table<Vectress>>().thinking(),
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
