//! The lesson files, compiled in: `assets/lessons/<game>/NN-name.ron`, listed by each
//! game ([`Lessoned::LESSONS`], made with [`lesson!`] in `lessons/games/<game>.rs`).

use super::{Lesson, Lessoned};

/// One lesson file of a game's list: its name and its text.
macro_rules! lesson {
    ($dir:literal, $name:literal) => {
        (
            $name,
            include_str!(concat!(
                "../../../assets/lessons/",
                $dir,
                "/",
                $name,
                ".ron"
            )),
        )
    };
}
pub(crate) use lesson;

/// Reads one lesson; a file that does not parse is one sentence naming it.
pub fn parse<G: Lessoned>(name: &str, text: &str) -> Result<Lesson, String> {
    ron::from_str(text).map_err(|e| format!("assets/lessons/{}/{name}.ron: {e}", G::GAME.id()))
}

/// `G`'s lessons, in order, each with its file name.
pub fn lessons<G: Lessoned>() -> Result<Vec<(&'static str, Lesson)>, String> {
    G::LESSONS
        .iter()
        .map(|&(name, text)| parse::<G>(name, text).map(|l| (name, l)))
        .collect()
}

/// The lesson's board set up, or the sentence naming what is wrong with it.
pub fn board<G: Lessoned>(name: &str, lesson: &Lesson) -> Result<G, String> {
    G::set_up(lesson).map_err(|e| format!("lesson {}/{name}: {e}", G::GAME.id()))
}
