//! The player's own puzzles (#43): every blunder of a game played here, once the review
//! has judged it, kept in the data folder ([`crate::puzzles::own::FILE`]) and listed in
//! the Learn sheet as "Your puzzles"; and "Learn from your mistakes", which sets the
//! reviewed game's mistakes and blunders out one after another, kept or not.

use std::path::PathBuf;

use bevy::prelude::*;

use super::{Item, LearnFile, OpenExercise};
use crate::app::ActiveGame;
use crate::app::table::review::{LearnMistakes, TableReview};
use crate::app::table::review_panel::{LEARNED, persons_side};
use crate::app::table::{LiveAside, Seats, TableGame, Viewing};
use crate::app::ui::Notice;
use crate::puzzles::own::{self, Book, OwnPuzzle};
use crate::rules::GameId;
use crate::rules::review::Mark;

/// The personal puzzles kept, and where (`None`: nowhere, as in headless apps and tests
/// unless one names a learning file).
#[derive(Resource, Debug, Default)]
pub struct OwnBook {
    pub book: Book,
    pub path: Option<PathBuf>,
    /// False when an unreadable file could not be moved aside: it is never saved over.
    writable: bool,
}

impl OwnBook {
    /// The puzzles of `game`, oldest first.
    pub fn of_game(&self, game: GameId) -> Vec<&OwnPuzzle> {
        self.book.of_game(game)
    }

    /// Keeps `puzzles` (those not kept yet) and writes the book; how many were new, or
    /// why they could not be written.
    fn keep(&mut self, puzzles: Vec<OwnPuzzle>) -> Result<usize, String> {
        let new = puzzles
            .into_iter()
            .filter(|p| self.book.add(p.clone()))
            .count();
        match self.path.as_ref().filter(|_| new > 0 && self.writable) {
            Some(path) => own::save(path, &self.book).map(|()| new),
            None => Ok(new),
        }
    }
}

/// The reviewed game's mistakes, stepped through by "Learn from your mistakes".
#[derive(Resource, Debug, Default, Clone)]
pub struct Mistakes(pub Vec<OwnPuzzle>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OwnBook>()
        .init_resource::<Mistakes>()
        .add_systems(Startup, load_book);
}

pub(super) fn plugin_for<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        (keep_blunders::<G>, learn_mistakes::<G>)
            .run_if(resource_exists::<crate::app::table::Played<G>>),
    );
}

fn load_book(file: Option<Res<LearnFile>>, mut own: ResMut<OwnBook>, mut notice: ResMut<Notice>) {
    let Some(path) = file.and_then(|f| f.0.clone()) else {
        return;
    };
    let path = path.with_file_name(own::FILE);
    let (book, said) = own::load(&path);
    own.writable = !said
        .as_deref()
        .is_some_and(|s| s.contains("nor moved aside"));
    if let Some(said) = said {
        warn!("{said}");
        notice.show(said, 10.0);
    }
    own.book = book;
    own.path = Some(path);
}

/// Once the review of a game people played here is done, each blunder of a person's
/// side is kept as a personal puzzle.
fn keep_blunders<G: TableGame>(
    review: Res<TableReview<G>>,
    seats: Res<Seats>,
    viewing: Res<Viewing>,
    live: Res<LiveAside<G>>,
    mut own: ResMut<OwnBook>,
    mut notice: ResMut<Notice>,
    mut was_done: Local<bool>,
) {
    let done = review.done();
    if done == *was_done {
        return;
    }
    *was_done = done;
    // A replay watched is nobody's game here; a game looked back at is.
    let replay = viewing.0.is_some() && live.0.is_none();
    if !done || replay || !seats.people_play() {
        return;
    }
    let blunders = review.puzzles(&[Mark::Blunder], |side| seats.human_to_move(side));
    match own.keep(blunders) {
        Ok(0) => {}
        Ok(n) => notice.show(
            format!(
                "{n} blunder{} kept in Your puzzles (Learn).",
                if n == 1 { "" } else { "s" }
            ),
            6.0,
        ),
        Err(e) => notice.show(format!("Your puzzles could not be saved ({e})."), 8.0),
    }
}

/// "Learn from your mistakes": the reviewed game's mistakes and blunders of a person's
/// side, set out one after another.
fn learn_mistakes<G: TableGame>(
    mut asks: MessageReader<LearnMistakes>,
    review: Res<TableReview<G>>,
    seats: Res<Seats>,
    viewing: Res<Viewing>,
    live: Res<LiveAside<G>>,
    active: Option<Res<ActiveGame>>,
    mut mistakes: ResMut<Mistakes>,
    mut open: MessageWriter<OpenExercise>,
    mut notice: ResMut<Notice>,
) {
    if asks.read().count() == 0 {
        return;
    }
    let Some(game) = active
        .map(|a| a.game)
        .filter(|g| *g == <G::Rules as crate::rules::Rules>::GAME)
    else {
        return;
    };
    let replay = viewing.0.is_some() && live.0.is_none();
    let found = review.puzzles(&LEARNED, |side| persons_side(&seats, replay, side));
    if found.is_empty() {
        notice.show("No mistakes of yours to learn from in this game.", 5.0);
        return;
    }
    mistakes.0 = found;
    open.write(OpenExercise {
        game,
        item: Item::Mistake(0),
    });
}
