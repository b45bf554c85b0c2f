//! Learning in the window: the first lesson of each game played by clicks in a headless
//! app (a wrong try answered and taken back, the hint, the right move met and counted), a
//! puzzle judged by the rules, and the Learn sheet (in `sheet.rs`).

mod sheet;

use std::time::Duration;

use bevy::picking::backend::HitData;
use bevy::picking::events::{Click, Pointer};
use bevy::picking::pointer::{Location, PointerButton, PointerId};
use bevy::prelude::*;
use lodestone::app::boards::BoardCell;
use lodestone::app::learn::{BannerButton, Exercise, Item, LearnProgress, OpenExercise};
use lodestone::app::playback::PlaybackQueue;
use lodestone::app::table::Played;
use lodestone::app::ui::widgets::Activate;
use lodestone::app::{PlayMode, Screen};
use lodestone::lessons::{Lessoned, judge, library, try_lesson_turn};
use lodestone::rules::{GameId, Rules};
use lodestone::sound::CueKind;

/// A primary click on `entity`, as the pointer would send it.
fn click(app: &mut App, entity: Entity) {
    let location = Location {
        target: bevy::camera::NormalizedRenderTarget::None {
            width: 1280,
            height: 720,
        },
        position: Vec2::ZERO,
    };
    let event = Click {
        button: PointerButton::Primary,
        hit: HitData::new(Entity::PLACEHOLDER, 0.0, None, None),
        duration: Duration::from_millis(80),
        count: 1,
    };
    app.world_mut()
        .trigger(Pointer::new(PointerId::Mouse, location, event, entity));
    app.update();
}

/// The board cell nearest `point` on the table (in the board's plane).
fn cell_at(app: &mut App, point: Vec3) -> Entity {
    let mut cells = app
        .world_mut()
        .query::<(Entity, &BoardCell, &GlobalTransform)>();
    cells
        .iter(app.world())
        .min_by(|a, b| {
            let d = |t: &GlobalTransform| t.translation().xz().distance(point.xz());
            d(a.2).total_cmp(&d(b.2))
        })
        .map(|(e, _, _)| e)
        .expect("the board has cells")
}

/// Frames until the playback has run and the exercise has judged it.
pub(super) fn settle(app: &mut App) {
    for _ in 0..400 {
        app.update();
        if app.world().resource::<PlaybackQueue>().is_idle() {
            break;
        }
    }
    for _ in 0..4 {
        app.update();
    }
}

pub(super) fn open(app: &mut App, game: GameId, item: Item) {
    app.world_mut().write_message(OpenExercise { game, item });
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
}

pub(super) fn exercise(app: &App) -> Exercise {
    app.world().resource::<Exercise>().clone()
}

pub(super) fn press_banner(app: &mut App, which: BannerButton) {
    let mut buttons = app.world_mut().query::<(Entity, &BannerButton)>();
    let button = buttons
        .iter(app.world())
        .find(|(_, b)| **b == which)
        .map(|(e, _)| e)
        .expect("the banner has the button");
    app.world_mut().trigger(Activate { entity: button });
    app.update();
}

/// A legal one-action turn of the first lesson that misses its goal, and the hint.
fn wrong_and_right<G: Lessoned>() -> (String, String) {
    let (name, lesson) = library::lessons::<G>().unwrap().remove(0);
    let game = library::board::<G>(name, &lesson).unwrap();
    let wrong = game
        .turns()
        .into_iter()
        .filter(|t| t.len() == 1)
        .filter_map(|t| try_lesson_turn(&game, &t))
        .find(|(_, f)| judge::<G>(&lesson, f).is_err())
        .map(|(t, _)| t)
        .expect("a turn misses");
    (wrong, lesson.hint)
}

/// The whole first lesson of `game` by clicks: a miss is said and taken back, the hint
/// is said, the right move is met, said and counted.
fn first_lesson_by_clicks<G: Lessoned>(game: GameId, clicks: fn(&mut App, &str, bool)) {
    let log = lodestone::app::sound::CueLog::default();
    let mut app = crate::headless::headless_app_with(|app| {
        app.insert_resource(log.clone());
    });
    open(&mut app, game, Item::Lesson(0));
    let start = exercise(&app);
    assert_eq!(start.item, Item::Lesson(0));
    let (wrong, right) = wrong_and_right::<G>();

    clicks(&mut app, &wrong, false);
    settle(&mut app);
    let after = exercise(&app);
    let verdict = after.verdict.clone().expect("the miss is answered");
    assert!(!verdict.met, "{}: {wrong} met the goal", game.id());
    assert!(
        verdict.text.ends_with("Taken back: try again."),
        "{}",
        verdict.text
    );
    assert_eq!(after.wrong, 1);
    settle(&mut app);
    let played = table_notation(&app, game);
    assert!(
        played.is_empty(),
        "{}: the miss stayed: {played:?}",
        game.id()
    );

    press_banner(&mut app, BannerButton::Hint);
    assert!(
        exercise(&app)
            .verdict
            .unwrap()
            .text
            .starts_with("Hint: play ")
    );

    // The hint has selected the piece (as clicking it would): its target is clicked.
    clicks(&mut app, &right, true);
    settle(&mut app);
    let done = exercise(&app);
    assert!(
        done.solved,
        "{}: the hint {right} by clicks was not met: {:?}",
        game.id(),
        done.verdict
    );
    let (name, lesson) = library::lessons::<G>().unwrap().remove(0);
    assert_eq!(done.verdict.unwrap().text, lesson.done);
    assert!(
        app.world()
            .resource::<LearnProgress>()
            .progress
            .lesson_done(game, name)
    );
    assert_eq!(table_notation(&app, game).len(), 1, "{}", game.id());
    // The miss and the hit are heard: two soft notes, then the chime.
    let heard: Vec<CueKind> = log
        .cues()
        .into_iter()
        .map(|c| c.cue.kind)
        .filter(|k| matches!(k, CueKind::Missed | CueKind::Solved))
        .collect();
    assert_eq!(heard, [CueKind::Missed, CueKind::Solved], "{}", game.id());
}

fn table_notation(app: &App, game: GameId) -> Vec<String> {
    lodestone::with_table!(game, T => {
        assert_eq!(crate::headless::seats(app).mode, PlayMode::Exercise);
        app.world().resource::<Played<T>>().game.notation().to_vec()
    })
}

fn click_cell(app: &mut App, point: Vec3) {
    let cell = cell_at(app, point);
    click(app, cell);
}

#[test]
fn the_first_vectress_lesson_plays_by_clicks() {
    use lodestone::app::vectress::pieces::Magnet;
    use lodestone::app::vectress::{Target, Vectress};
    fn clicks(app: &mut App, turn: &str, selected: bool) {
        let table = app.world().resource::<Played<Vectress>>();
        let action = table.game.parse_action(turn).unwrap();
        let lodestone::rules::vectress::Action::Move { from, .. } = action else {
            panic!("{turn} is a plain move");
        };
        let id = table.game.position().at(from).unwrap().id;
        let mut magnets = app.world_mut().query::<(Entity, &Magnet)>();
        let magnet = magnets
            .iter(app.world())
            .find(|(_, m)| m.id == id)
            .map(|(e, _)| e)
            .unwrap();
        if !selected {
            click(app, magnet);
        }
        let mut targets = app.world_mut().query::<(Entity, &Target)>();
        let target = targets
            .iter(app.world())
            .find(|(_, t)| t.action == Some(action))
            .map(|(e, _)| e)
            .expect("the move's target is lit");
        click(app, target);
    }
    first_lesson_by_clicks::<lodestone::rules::vectress::Game>(GameId::Vectress, clicks);
}

#[test]
fn the_first_hexchess_lesson_plays_by_clicks() {
    use lodestone::app::hexchess::Hexchess;
    use lodestone::app::hexchess::pieces::rest_transform;
    fn clicks(app: &mut App, turn: &str, selected: bool) {
        let table = app.world().resource::<Played<Hexchess>>();
        let mv = table.game.parse_action(turn).unwrap();
        if !selected {
            click_cell(app, rest_transform(mv.from).translation);
        }
        click_cell(app, rest_transform(mv.to).translation);
    }
    first_lesson_by_clicks::<lodestone::rules::hexchess::Game>(GameId::Hexchess, clicks);
}

#[test]
fn the_first_wavefield_lesson_plays_by_clicks() {
    use lodestone::app::wavefield::Wavefield;
    use lodestone::app::wavefield::pieces::cell_point;
    use lodestone::rules::wavefield::Action;
    fn clicks(app: &mut App, turn: &str, selected: bool) {
        let table = app.world().resource::<Played<Wavefield>>();
        let Action::Move(mv) = table.game.parse_action(turn).unwrap() else {
            panic!("{turn} is a move");
        };
        if !selected {
            click_cell(app, cell_point(mv.from, 0.0));
        }
        click_cell(app, cell_point(mv.to, 0.0));
    }
    first_lesson_by_clicks::<lodestone::rules::wavefield::Game>(GameId::Wavefield, clicks);
}

#[test]
fn the_first_polarity_lesson_plays_by_clicks() {
    use lodestone::app::polarity::Polarity;
    use lodestone::app::polarity::layout::cell_point;
    fn clicks(app: &mut App, turn: &str, _selected: bool) {
        let table = app.world().resource::<Played<Polarity>>();
        let action = table.game.parse_action(turn).unwrap();
        assert!(action.power.is_none(), "{turn} is a plain placement");
        click_cell(app, cell_point(action.cell));
    }
    first_lesson_by_clicks::<lodestone::rules::polarity::Game>(GameId::Polarity, clicks);
}
