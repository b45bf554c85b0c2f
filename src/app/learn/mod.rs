//! Learn: each game's lessons and puzzles (`crate::lessons`, `crate::puzzles`), opened from
//! the menu's Learn button (or `lodestone --game GAME --lesson N`) and played on the
//! game's own table in [`PlayMode::Exercise`].
//!
//! - `panel`: the Learn sheet over the menu (the lessons with what is done, the puzzles
//!   with the streak);
//! - `exercise`: a lesson or puzzle set out on the table, every turn judged by the rules
//!   (a wrong try is answered in one line and taken back, a right one said and kept);
//! - `banner`: the goal, the verdict and the buttons (hint, start over, next, Learn) over
//!   the board, so every exercise plays with the mouse alone;
//! - `own`: the player's own puzzles (blunders of games played here) and "Learn from your
//!   mistakes".
//!
//! Progress is kept in the data folder (`learning.ron`, `crate::lessons::progress`), the
//! player's own puzzles beside it (`crate::puzzles::own`).

mod banner;
mod exercise;
pub use exercise::JUDGING;
mod own;
mod panel;

use std::path::PathBuf;

use bevy::prelude::*;

pub use banner::BannerButton;
pub use own::{Mistakes, OwnBook};
pub use panel::SheetButton;

use super::ui::Notice;
use super::{ActiveGame, Overlay, PlayMode, Screen};
use crate::lessons::progress::{self, Progress};
use crate::lessons::{Lesson, Lessoned, library as lesson_library};
use crate::puzzles::own::OwnPuzzle;
use crate::puzzles::{Puzzle, Puzzler, library as puzzle_library};
use crate::rules::GameId;

pub fn plugin(app: &mut App) {
    app.init_resource::<LearnProgress>()
        .add_message::<OpenExercise>()
        .add_systems(Startup, load_progress)
        .add_systems(Update, (open_exercise, save_progress).chain())
        .add_observer(follow_lesson_link)
        .add_plugins((panel::plugin, banner::plugin, own::plugin));
    for game in GameId::ALL {
        crate::with_table!(game, G => {
            exercise::plugin::<G>(app, game);
            own::plugin_for::<G>(app);
        });
    }
}

/// Which exercise of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item {
    /// The lesson at this index of the game's list.
    Lesson(usize),
    /// The puzzle at this index of the game's library (easy to hard).
    Puzzle(usize),
    /// The player's own puzzle at this index (oldest first).
    Own(usize),
    /// The mistake at this index of the reviewed game ("Learn from your mistakes").
    Mistake(usize),
}

/// Asks for an exercise to be set out (the Learn sheet, the banner's Next, a rules page's
/// link, the command line).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenExercise {
    pub game: GameId,
    pub item: Item,
}

/// What the turn must do.
#[derive(Debug, Clone, PartialEq)]
pub enum Task {
    Lesson(Lesson),
    Puzzle(Puzzle),
    /// Find a turn that keeps the chance a mistake gave away.
    Regain(OwnPuzzle),
}

/// The last try's verdict: the line said, and whether it met the goal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub text: String,
    pub met: bool,
}

/// The exercise on the table.
#[derive(Resource, Debug, Clone)]
pub struct Exercise {
    pub game: GameId,
    pub item: Item,
    /// Lessons (or puzzles) the game has.
    pub count: usize,
    /// The lesson's file name or the puzzle's name (what progress records).
    pub name: String,
    /// "Lesson 2 of 9: Like poles push", "Puzzle 5 of 36 · difficulty 2".
    pub title: String,
    pub goal: String,
    pub task: Task,
    pub verdict: Option<Verdict>,
    /// Wrong tries so far.
    pub wrong: u32,
    pub solved: bool,
    /// The hint was asked for: the table shows its move (once it may).
    pub hint_asked: bool,
    /// The table has been set out at this exercise (until then the table still holds the
    /// last one, whose turns are not this one's to judge).
    pub set_out: bool,
}

impl Exercise {
    /// The exercise `item` of `game`, read from the compiled-in lists; a missing one or a
    /// file that does not read is one sentence.
    pub fn new(game: GameId, item: Item) -> Result<Exercise, String> {
        crate::with_rules!(game, R => Exercise::of::<R>(item))
    }

    /// The player's own puzzle or mistake `puzzle`, `item` of `count`.
    pub fn own(item: Item, count: usize, puzzle: OwnPuzzle) -> Exercise {
        let (index, what) = match item {
            Item::Mistake(i) => (i, "Your mistake"),
            Item::Own(i) | Item::Lesson(i) | Item::Puzzle(i) => (i, "Your puzzle"),
        };
        Exercise {
            game: puzzle.game,
            item,
            count,
            name: puzzle.name.clone(),
            title: format!("{what} {} of {count}", index + 1),
            goal: puzzle.goal(),
            task: Task::Regain(puzzle),
            verdict: None,
            wrong: 0,
            solved: false,
            hint_asked: false,
            set_out: false,
        }
    }

    fn of<R: Lessoned>(item: Item) -> Result<Exercise, String> {
        let game = R::GAME;
        match item {
            Item::Own(_) | Item::Mistake(_) => {
                Err("the player's own puzzles are read from the data folder".to_string())
            }
            Item::Lesson(i) => {
                let lessons = lesson_library::lessons::<R>()?;
                let count = lessons.len();
                let (name, lesson) = lessons.into_iter().nth(i).ok_or_else(|| {
                    format!("{} has {count} lessons, not {}", game.title(), i + 1)
                })?;
                Ok(Exercise {
                    game,
                    item,
                    count,
                    name: name.to_string(),
                    title: format!("Lesson {} of {count}: {}", i + 1, lesson.title),
                    goal: lesson.goal.clone(),
                    task: Task::Lesson(lesson),
                    verdict: None,
                    wrong: 0,
                    solved: false,
                    hint_asked: false,
                    set_out: false,
                })
            }
            Item::Puzzle(i) => {
                let puzzles = puzzle_library::puzzles::<R>()?;
                let count = puzzles.len();
                let puzzle = puzzles.into_iter().nth(i).ok_or_else(|| {
                    format!("{} has {count} puzzles, not {}", game.title(), i + 1)
                })?;
                Ok(Exercise {
                    game,
                    item,
                    count,
                    name: puzzle.name.clone(),
                    title: format!(
                        "Puzzle {} of {count} · difficulty {} of 5",
                        i + 1,
                        puzzle.difficulty
                    ),
                    goal: puzzle.goal.line::<R>(),
                    task: Task::Puzzle(puzzle),
                    verdict: None,
                    wrong: 0,
                    solved: false,
                    hint_asked: false,
                    set_out: false,
                })
            }
        }
    }

    /// A turn that meets the goal, in the engine's notation: the lesson's hint, or the
    /// puzzle's first solution.
    pub fn hint_turn(&self) -> String {
        match &self.task {
            Task::Lesson(l) => l.hint.clone(),
            Task::Puzzle(p) => p.solutions.first().cloned().unwrap_or_default(),
            Task::Regain(p) => p.best.clone(),
        }
    }

    /// The hint in words.
    pub fn hint(&self) -> String {
        format!("Hint: play {}.", self.hint_turn().replace("; ", ", then "))
    }

    /// What comes after: the next lesson (after the last, the first puzzle), or the next
    /// puzzle (after the last, the first again).
    pub fn next(&self) -> Item {
        match self.item {
            Item::Lesson(i) if i + 1 < self.count => Item::Lesson(i + 1),
            Item::Lesson(_) => Item::Puzzle(0),
            Item::Puzzle(i) => Item::Puzzle((i + 1) % self.count.max(1)),
            Item::Own(i) => Item::Own((i + 1) % self.count.max(1)),
            Item::Mistake(i) => Item::Mistake((i + 1) % self.count.max(1)),
        }
    }
}

/// What the player has learned, and where it is kept (`None`: nowhere, as in headless
/// apps and tests unless one names a file).
#[derive(Resource, Debug, Default)]
pub struct LearnProgress {
    pub progress: Progress,
    pub path: Option<PathBuf>,
    /// False when an unreadable file could not be moved aside: it is never saved over.
    pub writable: bool,
    /// The last save failed (said once; every change tries again).
    failing: bool,
}

/// Where the window keeps learning progress: `learning.ron` in the data folder. Headless
/// apps have none unless a test inserts one.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct LearnFile(pub Option<PathBuf>);

impl LearnFile {
    pub fn standard() -> LearnFile {
        LearnFile(crate::app::paths::data_file(progress::FILE))
    }
}

fn load_progress(
    file: Option<Res<LearnFile>>,
    mut learn: ResMut<LearnProgress>,
    mut notice: ResMut<Notice>,
) {
    let Some(path) = file.and_then(|f| f.0.clone()) else {
        return;
    };
    let (progress, said) = progress::load(&path);
    learn.writable = !said
        .as_deref()
        .is_some_and(|s| s.contains("nor moved aside"));
    if let Some(said) = said {
        warn!("{said}");
        notice.show(said, 10.0);
    }
    learn.progress = progress;
    learn.path = Some(path);
}

fn save_progress(mut learn: ResMut<LearnProgress>, mut notice: ResMut<Notice>) {
    if !learn.is_changed() || learn.is_added() || !learn.writable {
        return;
    }
    let Some(path) = learn.path.clone() else {
        return;
    };
    match progress::save(&path, &learn.progress) {
        Ok(()) => learn.bypass_change_detection().failing = false,
        Err(e) => {
            if !learn.failing {
                let said = format!(
                    "Learning progress could not be saved ({e}); it is kept until the game closes."
                );
                warn!("{said}");
                notice.show(said, 8.0);
            }
            learn.bypass_change_detection().failing = true;
        }
    }
}

/// A rules page's lesson button opens that lesson.
fn follow_lesson_link(
    activate: On<crate::app::ui::widgets::Activate>,
    links: Query<&crate::app::hud::rules::LessonLink>,
    mut open: MessageWriter<OpenExercise>,
) {
    if let Ok(link) = links.get(activate.entity) {
        open.write(OpenExercise {
            game: link.game,
            item: Item::Lesson(link.index),
        });
    }
}

/// Sets the asked exercise out: its game in [`PlayMode::Exercise`], the table entered
/// afresh (through the interlude when a table is already up).
fn open_exercise(
    mut commands: Commands,
    mut asked: MessageReader<OpenExercise>,
    screen: Res<State<Screen>>,
    mut overlay: ResMut<NextState<Overlay>>,
    mut notice: ResMut<Notice>,
    book: Res<OwnBook>,
    mistakes: Res<Mistakes>,
) {
    let Some(ask) = asked.read().last().copied() else {
        return;
    };
    let own = |list: Vec<&OwnPuzzle>, i: usize| {
        let count = list.len();
        list.get(i)
            .map(|&p| Exercise::own(ask.item, count, p.clone()))
            .ok_or_else(|| format!("there is no puzzle {} of yours here", i + 1))
    };
    let exercise = match ask.item {
        Item::Own(i) => own(book.of_game(ask.game), i),
        Item::Mistake(i) => own(mistakes.0.iter().collect(), i),
        _ => Exercise::new(ask.game, ask.item),
    };
    match exercise {
        Ok(exercise) => {
            commands.insert_resource(exercise);
            overlay.set(Overlay::None);
            let launch = crate::app::table::TableLaunch {
                game: ask.game,
                start: crate::app::table::Start::Exercise,
            };
            match screen.get() {
                Screen::Playing => crate::app::reopen_table(&mut commands, launch),
                _ => crate::app::open_table(&mut commands, launch),
            }
        }
        Err(e) => notice.show(e, 8.0),
    }
}

/// Run condition: an exercise is being played (the last one set out stays as a resource
/// after; a game started from the menu is no exercise).
pub fn exercising(
    active: Option<Res<ActiveGame>>,
    seats: Res<crate::app::table::Seats>,
    exercise: Option<Res<Exercise>>,
) -> bool {
    match (active, exercise) {
        (Some(a), Some(e)) => seats.mode == PlayMode::Exercise && a.game == e.game,
        _ => false,
    }
}

/// Whether `done` for the exercise's game and name.
pub fn is_done(progress: &Progress, game: GameId, item: Item, name: &str) -> bool {
    match item {
        Item::Lesson(_) => progress.lesson_done(game, name),
        Item::Puzzle(_) | Item::Own(_) | Item::Mistake(_) => progress.puzzle_solved(game, name),
    }
}

/// The puzzle library of `game` (for the sheet's summary).
pub fn puzzle_names(game: GameId) -> Vec<String> {
    fn names<R: Puzzler>() -> Vec<String> {
        puzzle_library::puzzles::<R>()
            .map(|l| l.into_iter().map(|p| p.name).collect())
            .unwrap_or_default()
    }
    crate::with_rules!(game, R => names::<R>())
}
