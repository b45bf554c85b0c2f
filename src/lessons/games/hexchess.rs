//! Hex chess lessons (v011): men by colour, kind and cell (`"white rook f5"`).

use crate::lessons::library::lesson;
use crate::lessons::{Facts, Lesson, Lessoned, side, words3};
use crate::rules::hexchess::{Cell, Game, Kind, Position, Resolution, Ruleset};

impl Lessoned for Game {
    const LESSONS: &'static [(&'static str, &'static str)] = &[
        lesson!("hexchess", "01-the-rook"),
        lesson!("hexchess", "02-the-bishop"),
        lesson!("hexchess", "03-the-knight"),
        lesson!("hexchess", "04-the-king"),
        lesson!("hexchess", "05-the-renaming"),
        lesson!("hexchess", "06-capture-and-rename"),
        lesson!("hexchess", "07-promotion"),
        lesson!("hexchess", "08-forced-moves"),
        lesson!("hexchess", "09-check"),
        lesson!("hexchess", "10-mate"),
    ];

    fn set_up(lesson: &Lesson) -> Result<Game, String> {
        let mut pos = Position::empty(Ruleset::V011);
        for entry in &lesson.board {
            let [color, kind, cell] = words3(entry)?;
            let color = side::<Game>(color)?;
            let kind = Kind::ALL
                .into_iter()
                .find(|k| k.name() == kind)
                .ok_or_else(|| format!("\"{kind}\" is no hex chess man"))?;
            let cell = Cell::parse(&cell.to_ascii_lowercase())
                .ok_or_else(|| format!("\"{cell}\" is no cell of the hex board"))?;
            pos.put(cell, color, kind)
                .ok_or_else(|| format!("{cell} holds two men"))?;
        }
        pos.set_turn(side::<Game>(&lesson.to_move)?);
        Ok(Game::from_position(pos))
    }

    fn facts(_before: &Game, r: &Resolution, _after: &Game) -> Facts {
        Facts {
            off: r
                .captured
                .iter()
                .map(|(_, _, cell)| cell.to_string())
                .collect(),
            reached: Some(r.mv.to.to_string()),
            check: r.gives_check,
            arrived_as: Some(r.arrived_as.name().to_string()),
            promoted: r.mv.promotion.is_some(),
            ..Facts::default()
        }
    }
}
