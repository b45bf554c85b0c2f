//! Wave Field lessons: pieces by side, kind (`round_hat`, `tower`, `triangle_hat`,
//! `big_hat`) and cell; each side needs its Big Hat. The tunings start at the defaults.

use crate::lessons::library::lesson;
use crate::lessons::{Facts, Lesson, Lessoned, side, words3};
use crate::rules::wavefield::{Cell, Event, Game, Kind, Position, Resolution};

impl Lessoned for Game {
    const LESSONS: &'static [(&'static str, &'static str)] = &[
        lesson!("wavefield", "01-territory"),
        lesson!("wavefield", "02-moving-a-wave"),
        lesson!("wavefield", "03-tuning"),
        lesson!("wavefield", "04-instability"),
        lesson!("wavefield", "05-removal"),
        lesson!("wavefield", "06-the-trap"),
        lesson!("wavefield", "07-beyond-rescue"),
    ];

    fn set_up(lesson: &Lesson) -> Result<Game, String> {
        let mut pieces = Vec::new();
        for entry in &lesson.board {
            let [owner, kind, cell] = words3(entry)?;
            let owner = side::<Game>(owner)?;
            let kind = Kind::ALL
                .into_iter()
                .find(|k| k.name() == kind)
                .ok_or_else(|| format!("\"{kind}\" is no Wave Field piece (round_hat, tower, triangle_hat, big_hat)"))?;
            let cell = Cell::parse(&cell.to_ascii_uppercase())
                .ok_or_else(|| format!("\"{cell}\" is no Wave Field cell (A1 to G7)"))?;
            pieces.push((kind, owner, cell));
        }
        let game = Game::new(0);
        let mut pos = Position::custom(game.tables(), &pieces, side::<Game>(&lesson.to_move)?)?;
        // The board stands as at the end of a turn: every piece but a Big Hat on hostile
        // territory is unstable (W8), and is removed unless this turn saves it.
        let hostile: Vec<_> = pos
            .pieces()
            .iter()
            .filter(|p| p.alive && pos.hostile(p.owner, p.cell))
            .map(|p| p.id)
            .collect();
        for id in hostile {
            pos.set_unstable(id, true);
        }
        Ok(Game::from_position(pos, 0))
    }

    fn facts(_before: &Game, r: &Resolution, after: &Game) -> Facts {
        let Event::Moved { to, rounds, .. } = &r.event else {
            return Facts::default();
        };
        let pos = after.position();
        Facts {
            reached: Some(to.to_string()),
            // Only the mover's own pieces are ever removed by its turn (W8).
            off: rounds
                .iter()
                .flat_map(|(removed, _)| removed)
                .map(|p| p.cell.to_string())
                .collect(),
            trapped: pos.trapped(),
            owned: Cell::all()
                .filter(|&c| pos.territory(c) == Some(r.side))
                .map(|c| c.to_string())
                .collect(),
            ..Facts::default()
        }
    }
}
