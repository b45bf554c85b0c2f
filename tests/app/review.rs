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

use crate::headless::{game_app_with, paused, played, press, send, settle, tap};

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
