//! Learning beyond the first lessons: a puzzle judged by its goal and counted for the
//! streak, the Learn sheet, progress in the data folder, and the rules page's links.

use bevy::prelude::*;
use lodestone::app::learn::{BannerButton, Item, LearnProgress};
use lodestone::app::table::{Played, TableInput};
use lodestone::app::{Overlay, Screen};
use lodestone::lessons::library;
use lodestone::rules::{GameId, Rules};

use super::{exercise, open, press_banner, settle};
use crate::headless::headless_app;

/// A puzzle's first solution is met, and counts for the streak; a wrong try breaks it.
#[test]
fn a_puzzle_is_judged_by_its_goal_and_counts_for_the_streak() {
    use lodestone::app::polarity::Polarity;
    let mut app = headless_app();
    open(&mut app, GameId::Polarity, Item::Puzzle(0));
    let puzzle = match exercise(&app).task {
        lodestone::app::learn::Task::Puzzle(p) => p,
        _ => unreachable!(),
    };
    let play = |app: &mut App, text: &str| {
        let action = app
            .world()
            .resource::<Played<Polarity>>()
            .game
            .parse_action(text)
            .unwrap();
        app.world_mut()
            .write_message(TableInput::<Polarity>::Play(action));
        settle(app);
    };
    let wrong = {
        let table = app.world().resource::<Played<Polarity>>();
        let game = table.game.rules().clone();
        game.legal_actions()
            .into_iter()
            .map(|a| game.write_action(a))
            .find(|t| !puzzle.solutions.contains(t))
            .unwrap()
    };
    play(&mut app, &wrong);
    assert_eq!(exercise(&app).wrong, 1);
    settle(&mut app);
    play(&mut app, &puzzle.solutions[0]);
    let done = exercise(&app);
    assert!(done.solved, "{:?}", done.verdict);
    let progress = &app.world().resource::<LearnProgress>().progress;
    assert!(progress.puzzle_solved(GameId::Polarity, &puzzle.name));
    // Solved after a miss: solved, but no streak.
    assert_eq!(progress.streak(GameId::Polarity), 0);
    // The next one, solved at once, starts a streak.
    press_banner(&mut app, BannerButton::Next);
    for _ in 0..4 {
        app.update();
    }
    let next = exercise(&app);
    assert_eq!(next.item, Item::Puzzle(1));
    let solution = match &next.task {
        lodestone::app::learn::Task::Puzzle(p) => p.solutions[0].clone(),
        _ => unreachable!(),
    };
    play(&mut app, &solution);
    assert!(exercise(&app).solved);
    assert_eq!(
        app.world()
            .resource::<LearnProgress>()
            .progress
            .streak(GameId::Polarity),
        1
    );
}

/// The menu's Learn button opens the sheet; a lesson button there sets the lesson out.
#[test]
fn the_learn_sheet_opens_a_lesson() {
    use lodestone::app::learn::SheetButton;
    use lodestone::app::menu::MenuButton;
    let mut app = headless_app();
    app.update();
    crate::headless::press(&mut app, MenuButton::Learn(GameId::Hexchess));
    app.update();
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::Learn(GameId::Hexchess)
    );
    app.update();
    crate::headless::press(
        &mut app,
        SheetButton::Open(GameId::Hexchess, Item::Lesson(2)),
    );
    for _ in 0..4 {
        app.update();
    }
    let e = exercise(&app);
    assert_eq!((e.game, e.item), (GameId::Hexchess, Item::Lesson(2)));
    assert!(e.title.starts_with("Lesson 3 of "), "{}", e.title);
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::None
    );
}

/// The window reads progress from the data folder's file and writes it back on every
/// change; an unreadable file is kept aside (said in a notice), never written over.
#[test]
fn progress_is_kept_in_the_data_folder_and_a_corrupt_file_is_kept_aside() {
    use lodestone::app::learn::LearnFile;
    use lodestone::lessons::progress;
    let dir = std::env::temp_dir().join(format!("lodestone-learn-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(progress::FILE);
    std::fs::write(&path, "not progress at all").unwrap();
    let mut app = crate::headless::headless_app_with(|app| {
        app.insert_resource(LearnFile(Some(path.clone())));
    });
    app.update();
    let notice = app.world().resource::<lodestone::app::ui::Notice>();
    let said = notice.text.clone().unwrap_or_default();
    assert!(
        said.starts_with("Learning progress could not be read"),
        "{said}"
    );
    let aside = dir.join(format!("{}.unreadable-1", progress::FILE));
    assert_eq!(
        std::fs::read_to_string(&aside).unwrap(),
        "not progress at all"
    );
    // A lesson met is written at once, to a fresh file beside the one kept aside.
    open(&mut app, GameId::Polarity, Item::Lesson(0));
    {
        use lodestone::app::polarity::Polarity;
        let action = app
            .world()
            .resource::<Played<Polarity>>()
            .game
            .parse_action("e4")
            .unwrap();
        app.world_mut()
            .write_message(TableInput::<Polarity>::Play(action));
    }
    settle(&mut app);
    assert!(exercise(&app).solved);
    let (back, said) = progress::load(&path);
    assert_eq!(said, None);
    assert!(back.lesson_done(GameId::Polarity, "01-placing"));
    assert_eq!(
        std::fs::read_to_string(&aside).unwrap(),
        "not progress at all"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The rules page (F1) links each section to the lessons that teach it.
#[test]
fn the_rules_page_opens_the_lesson_for_a_section() {
    use lodestone::app::hud::HelpTab;
    use lodestone::app::hud::rules::LessonLink;
    let mut app = headless_app();
    *app.world_mut().resource_mut::<HelpTab>() = HelpTab::Rules(GameId::Wavefield);
    app.world_mut()
        .resource_mut::<NextState<Overlay>>()
        .set(Overlay::Help);
    for _ in 0..3 {
        app.update();
    }
    let mut links = app.world_mut().query::<&LessonLink>();
    let mut shown: Vec<usize> = links.iter(app.world()).map(|l| l.index).collect();
    shown.sort();
    let lessons = library::lessons::<lodestone::rules::wavefield::Game>().unwrap();
    assert_eq!(
        shown,
        (0..lessons.len()).collect::<Vec<_>>(),
        "every lesson is linked once"
    );
    crate::headless::press(
        &mut app,
        LessonLink {
            game: GameId::Wavefield,
            index: 2,
        },
    );
    for _ in 0..3 {
        app.update();
    }
    let e = exercise(&app);
    assert_eq!((e.game, e.item), (GameId::Wavefield, Item::Lesson(2)));
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::None
    );
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
}
