use std::collections::BTreeSet;

use super::library::{board, lessons, parse};
use super::*;
use crate::rules::{hexchess, polarity, vectress, wavefield};
use crate::showcase::Showcase;

/// Every turn of the lesson's board that meets its goal (to show when a hint misses).
fn meeting<G: Lessoned>(game: &G, lesson: &Lesson) -> Vec<String> {
    game.turns()
        .iter()
        .filter_map(|t| try_lesson_turn(game, t))
        .filter(|(_, f)| judge::<G>(lesson, f).is_ok())
        .map(|(t, _)| t)
        .collect()
}

/// Each lesson of `G` sets up, its hint is legal and meets every aim through the rules,
/// and some other legal turn misses, answered with one line of why.
fn check_lessons<G: Lessoned>() {
    let list = lessons::<G>().unwrap();
    let id = G::GAME.id();
    assert!(
        (6..=10).contains(&list.len()),
        "{id}: {} lessons",
        list.len()
    );
    let titles: BTreeSet<&str> = list.iter().map(|(_, l)| l.title.as_str()).collect();
    assert_eq!(titles.len(), list.len(), "{id}: titles repeat");
    let page = std::fs::read_to_string(format!(
        "{}/assets/rules/{id}.md",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    for (name, lesson) in &list {
        if let Some(heading) = &lesson.explains {
            assert!(
                page.lines()
                    .any(|l| l.strip_prefix("## ") == Some(heading.as_str())),
                "{id}/{name}: the rules page has no section {heading}"
            );
        }
        let game = board::<G>(name, lesson).unwrap();
        assert!(!game.is_over(), "{id}/{name}: over at the start");
        assert!(!lesson.aims.is_empty(), "{id}/{name}");
        assert!(
            lesson.goal.chars().count() <= 60,
            "{id}/{name}: a long goal"
        );
        let hint = hint_actions(&game, lesson).unwrap();
        let (_, facts) = try_lesson_turn(&game, &hint).unwrap();
        let said = judge::<G>(lesson, &facts);
        assert!(
            said.is_ok(),
            "{id}/{name}: the hint {} misses: {said:?} ({facts:?}); these meet it: {:?}",
            lesson.hint,
            meeting(&game, lesson)
        );
        let missed = game
            .turns()
            .iter()
            .filter_map(|t| try_lesson_turn(&game, t))
            .find_map(|(t, f)| judge::<G>(lesson, &f).err().map(|why| (t, why)));
        let Some((turn, why)) = missed else {
            panic!("{id}/{name}: every turn meets the goal");
        };
        assert!(
            why.ends_with('.') && !why.contains('\n'),
            "{id}/{name} {turn}: {why}"
        );
    }
}

#[test]
fn every_vectress_lesson_is_met_by_its_hint() {
    check_lessons::<vectress::Game>();
}

#[test]
fn every_hexchess_lesson_is_met_by_its_hint() {
    check_lessons::<hexchess::Game>();
}

#[test]
fn every_wavefield_lesson_is_met_by_its_hint() {
    check_lessons::<wavefield::Game>();
}

#[test]
fn every_polarity_lesson_is_met_by_its_hint() {
    check_lessons::<polarity::Game>();
}

/// A wrong try in the first Vectress lesson is refused with why, and the board is as it
/// was (a try is played on a copy).
#[test]
fn a_wrong_try_is_refused_with_why() {
    let (name, lesson) = lessons::<vectress::Game>().unwrap().remove(0);
    let game = board::<vectress::Game>(name, &lesson).unwrap();
    let before = format!("{:?}", game.position());
    let wrong = game
        .turns()
        .into_iter()
        .find_map(|t| {
            let (_, f) = try_lesson_turn(&game, &t)?;
            judge::<vectress::Game>(&lesson, &f).err()
        })
        .unwrap();
    assert!(wrong.starts_with("That ends on "), "{wrong}");
    assert_eq!(format!("{:?}", game.position()), before);
}

/// A bad lesson file or board is one sentence naming it.
#[test]
fn a_bad_lesson_is_one_sentence() {
    let broken = parse::<vectress::Game>("99-broken", "(title: 1)").unwrap_err();
    assert!(
        broken.starts_with("assets/lessons/vectress/99-broken.ron: "),
        "{broken}"
    );
    let (name, mut lesson) = lessons::<vectress::Game>().unwrap().remove(0);
    lesson.board.push("white dragon E5".into());
    let bad = board::<vectress::Game>(name, &lesson).unwrap_err();
    assert!(bad.contains("\"dragon\" is no Vectress magnet"), "{bad}");
    lesson.board.pop();
    lesson.to_move = "green".into();
    let bad = board::<vectress::Game>(name, &lesson).unwrap_err();
    assert!(bad.contains("\"green\" is no side of Vectress"), "{bad}");
}
