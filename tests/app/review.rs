//! The game on the table reviewed (#43, in part): asked from the pause menu, every
//! turn is judged as the engine's review judges it, and the move list writes each mark
//! beside its row.

use bevy::prelude::*;
use lodestone::app::PlayMode;
use lodestone::app::pause::PauseButton;
use lodestone::app::table::move_list::RowMark;
use lodestone::app::table::review::TableReview;
use lodestone::app::table::{ComputerPace, Seats, TableInput};
use lodestone::app::vectress::Vectress;
use lodestone::rules::review::{assemble, judge, turns_of};
use lodestone::rules::{GameId, Level, Match, Stop};
use rand::SeedableRng;
use rand::seq::IndexedRandom;

use crate::headless::{game_app_with, note, paused, played, press, send, settle, tap};

#[test]
fn a_review_marks_the_move_lists_rows_as_the_engine_judges() {
    let mut app = game_app_with(GameId::Vectress, PlayMode::HotSeat, |app| {
        app.insert_resource(ComputerPace::Lockstep);
    });
    app.world_mut().resource_mut::<Seats>().level = Level::Easy;
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    for _ in 0..7 {
        let rules = played::<Vectress>(&app).game.rules().clone();
        if rules.is_over() {
            break;
        }
        let &action = rules.legal_actions().choose(&mut rng).unwrap();
        send::<Vectress>(&mut app, TableInput::Play(action));
        settle::<Vectress>(&mut app);
    }
    // Asked from the pause menu, which closes.
    tap(&mut app, KeyCode::Escape);
    assert!(paused(&app));
    press(&mut app, PauseButton::Review);
    assert!(!paused(&app));
    for _ in 0..40 {
        app.update();
        if app.world().resource::<TableReview<Vectress>>().done() {
            break;
        }
    }
    let review = app.world().resource::<TableReview<Vectress>>();
    assert!(review.done(), "every position judged");
    // The same review, by the rules alone.
    let game = &played::<Vectress>(&app).game;
    let start = Match::<lodestone::rules::vectress::Game>::new(game.setup().clone())
        .unwrap()
        .rules()
        .clone();
    let (turns, end) = turns_of(&start, game.actions()).unwrap();
    let mut judged: Vec<_> = turns
        .iter()
        .map(|t| judge(&t.before, Level::Easy, &Stop::never()))
        .collect();
    judged.push(judge(&end, Level::Easy, &Stop::never()));
    let expected = assemble(&turns, &end, &judged);
    assert_eq!(review.turns, expected);
    let marked = expected.iter().filter(|t| t.mark.is_some()).count();
    assert!(marked > 0, "random turns earn marks: {expected:?}");
    app.update();
    app.update();
    let mut shown: Vec<&str> = app
        .world_mut()
        .query::<&RowMark>()
        .iter(app.world())
        .map(|m| m.0.glyph())
        .collect();
    shown.sort();
    let mut glyphs: Vec<&str> = expected
        .iter()
        .filter_map(|t| t.mark.map(|m| m.glyph()))
        .collect();
    glyphs.sort();
    assert_eq!(shown, glyphs, "a glyph beside every marked row");
}

#[path = "../shared/handed.rs"]
mod handed;

/// A Vectress game played here by two people in which one hands the other a win at once:
/// the review the game's end starts marks it `??`; the panel's graph has a point per
/// turn and a chip for the blunder; the blunder is kept as a personal puzzle in the data
/// folder; Show why plays the blunder, the win it allowed and the better turn as stages;
/// and "Learn from your mistakes" sets it out, refuses the blunder and accepts the best.
#[test]
fn a_blunder_is_shown_why_kept_as_a_puzzle_and_learned_from() {
    use lodestone::app::learn::{Exercise, Item, LearnFile, OwnBook, SheetButton};
    use lodestone::app::menu::MenuButton;
    use lodestone::app::table::review_panel::{GraphPoint, ReviewButton, WhyChip};
    use lodestone::app::table::show_why::{Part, ShowWhy};
    use lodestone::app::{Overlay, Screen};
    use lodestone::puzzles::own;
    use lodestone::rules::Rules;
    use lodestone::rules::review::Mark;

    let (actions, ply) = (1..40)
        .find_map(handed::a_handed_win::<lodestone::rules::vectress::Game>)
        .expect("a handed win in Vectress");
    let dir = std::env::temp_dir().join(format!("lodestone-own-app-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let learning = dir.join("learning.ron");
    let mut app = crate::headless::headless_app_with(|app| {
        app.insert_resource(LearnFile(Some(learning.clone())));
        app.insert_resource(ComputerPace::Lockstep);
    });
    lodestone::app::headless::set_out(&mut app, GameId::Vectress, PlayMode::HotSeat);
    app.world_mut().resource_mut::<Seats>().level = Level::Easy;
    for text in &actions {
        let action = played::<Vectress>(&app).game.parse_action(text).unwrap();
        send::<Vectress>(&mut app, TableInput::Play(action));
        settle::<Vectress>(&mut app);
    }
    assert!(played::<Vectress>(&app).game.is_over());
    for _ in 0..200 {
        app.update();
        if app.world().resource::<TableReview<Vectress>>().done() {
            break;
        }
    }
    app.update();
    app.update();
    let review = app.world().resource::<TableReview<Vectress>>();
    assert!(review.done(), "the game's end starts the review");
    let blunder = review.turn_at(ply).expect("the blunder's turn").clone();
    assert_eq!(blunder.mark, Some(Mark::Blunder));
    let turns = review.turns.len();
    let points = app
        .world_mut()
        .query::<&GraphPoint>()
        .iter(app.world())
        .count();
    assert_eq!(points, turns, "a point of the graph per turn");

    // Kept in the data folder as a personal puzzle, once.
    let kept = app
        .world()
        .resource::<OwnBook>()
        .of_game(GameId::Vectress)
        .len();
    assert!(kept >= 1, "the blunder is kept");
    let (book, said) = own::load(&dir.join(own::FILE));
    assert_eq!(said, None);
    assert_eq!(book.puzzles.len(), kept);
    let puzzle = book
        .puzzles
        .iter()
        .find(|p| p.actions.len() == ply)
        .expect("the blunder's puzzle")
        .clone();
    assert_eq!(puzzle.played, actions[ply]);

    // Show why: the blunder, the win it allowed, then the better turn, each as stages.
    crate::headless::press(&mut app, WhyChip { first_ply: ply });
    for _ in 0..4000 {
        if !app.world().resource::<ShowWhy<Vectress>>().running() {
            break;
        }
        app.update();
    }
    let show = app.world().resource::<ShowWhy<Vectress>>();
    assert!(!show.running(), "Show why ends");
    let parts: Vec<(Part, &str)> = show
        .queued
        .iter()
        .map(|(p, t, _)| (*p, t.as_str()))
        .collect();
    assert_eq!(
        parts,
        vec![
            (Part::Played, actions[ply].as_str()),
            (Part::Refutation, actions[ply + 1].as_str()),
            (Part::Better, puzzle.best.as_str()),
        ]
    );
    assert!(
        show.queued.iter().all(|(_, _, stages)| *stages > 0),
        "{:?}",
        show.queued
    );
    let caption = note(&app).unwrap_or_default();
    assert!(caption.starts_with("Better was "), "{caption}");

    // Learn from your mistakes: the blunder is refused, the engine's best accepted.
    crate::headless::press(&mut app, ReviewButton::LearnMistakes);
    for _ in 0..6 {
        app.update();
    }
    let exercise = app.world().resource::<Exercise>().clone();
    assert!(
        matches!(exercise.item, Item::Mistake(_)),
        "{:?}",
        exercise.item
    );
    assert!(exercise.set_out);
    let mistake = match &exercise.task {
        lodestone::app::learn::Task::Regain(p) => p.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        played::<Vectress>(&app).game.actions().len(),
        mistake.actions.len()
    );
    let try_turn = |app: &mut App, text: &str| {
        let action = played::<Vectress>(app).game.parse_action(text).unwrap();
        send::<Vectress>(app, TableInput::Play(action));
        settle::<Vectress>(app);
        // The try is judged on a worker thread: "Judging..." until the verdict comes.
        for _ in 0..20_000 {
            app.update();
            let exercise = app.world().resource::<Exercise>();
            if exercise
                .verdict
                .as_ref()
                .is_some_and(|v| v.text != lodestone::app::learn::JUDGING)
            {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        app.world().resource::<Exercise>().clone()
    };
    let before = mistake.actions.len();
    let missed = try_turn(&mut app, &mistake.played);
    assert_eq!(missed.wrong, 1, "{:?}", missed.verdict);
    settle::<Vectress>(&mut app);
    assert_eq!(
        played::<Vectress>(&app).game.actions().len(),
        before,
        "taken back"
    );
    let met = try_turn(&mut app, &mistake.best);
    assert!(met.solved, "{:?}", met.verdict);

    // The Learn sheet lists the player's own puzzles.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    for _ in 0..4 {
        app.update();
    }
    crate::headless::press(&mut app, MenuButton::Learn(GameId::Vectress));
    app.update();
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::Learn(GameId::Vectress)
    );
    app.update();
    crate::headless::press(&mut app, SheetButton::Open(GameId::Vectress, Item::Own(0)));
    for _ in 0..4 {
        app.update();
    }
    let own = app.world().resource::<Exercise>().clone();
    assert_eq!(own.item, Item::Own(0));
    assert!(own.title.starts_with("Your puzzle 1 of "), "{}", own.title);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `render --review`: a still launched to be reviewed is, in its first frames.
#[test]
fn a_still_asked_to_review_is_reviewed() {
    use lodestone::app::table::{Start, StillShot, TableLaunch};
    let moves = ["C1-D2", "H9-I9", "E3-F4", "H8-F6"];
    let mut app = crate::headless::launched_lockstep(TableLaunch {
        game: GameId::Vectress,
        start: Start::Still(StillShot {
            moves: moves.iter().map(|m| m.to_string()).collect(),
            review: true,
            ..StillShot::default()
        }),
    });
    for _ in 0..4 {
        app.update();
    }
    let review = app.world().resource::<TableReview<Vectress>>();
    assert!(review.asked(), "asked by the launch");
    assert!(review.done(), "judged in the frame");
    assert_eq!(review.turns.len(), moves.len());
}
