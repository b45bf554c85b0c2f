//! Vectress lessons: magnets by side, kind (`core` for the octagon) and cell, bonds and
//! magnets lost already.

use crate::lessons::library::lesson;
use crate::lessons::{Facts, Lesson, Lessoned, side, words3};
use crate::rules::vectress::{Cell, Game, Kind, Position, Resolution};

impl Lessoned for Game {
    const LESSONS: &'static [(&'static str, &'static str)] = &[
        lesson!("vectress", "01-moves"),
        lesson!("vectress", "02-like-poles-push"),
        lesson!("vectress", "03-waves"),
        lesson!("vectress", "04-shoves"),
        lesson!("vectress", "05-bonds"),
        lesson!("vectress", "06-bodies"),
        lesson!("vectress", "07-pulling-free"),
        lesson!("vectress", "08-the-core"),
        lesson!("vectress", "09-five-off"),
    ];

    fn set_up(lesson: &Lesson) -> Result<Game, String> {
        let mut pos = Position::empty();
        for (id, entry) in lesson.board.iter().enumerate() {
            let [owner, kind, cell] = words3(entry)?;
            let owner = side::<Game>(owner)?;
            let kind = match kind {
                "core" => Kind::Octagon,
                _ => Kind::ALL
                    .into_iter()
                    .find(|k| k.name() == kind)
                    .ok_or_else(|| {
                        format!(
                            "\"{kind}\" is no Vectress magnet (triangle, square, rhombus, core)"
                        )
                    })?,
            };
            let cell = parse_cell(cell)?;
            pos.place(id as u8, kind, owner, cell).map_err(|e| e.0)?;
        }
        for bond in &lesson.bonds {
            let (a, b) = bond
                .split_once('-')
                .ok_or_else(|| format!("\"{bond}\" is not a bond; write two cells, like E5-E6"))?;
            pos.bond_cells(parse_cell(a)?, parse_cell(b)?)
                .map_err(|e| e.0)?;
        }
        for (i, &lost) in lesson.lost.iter().enumerate().take(2) {
            pos.set_lost(crate::rules::vectress::Side::BOTH[i], lost, false);
        }
        Ok(Game::from_position(pos, side::<Game>(&lesson.to_move)?))
    }

    fn facts(before: &Game, r: &Resolution, after: &Game) -> Facts {
        let cell_before = |id| before.position().piece(id).map(|p| p.cell.to_string());
        let mut off: Vec<String> = r
            .waves
            .iter()
            .flat_map(|w| &w.lost)
            .filter_map(|l| cell_before(l.id))
            .collect();
        if let Some(player) = &r.player {
            off.extend(player.dropped.iter().filter_map(|d| cell_before(d.id)));
        }
        let shown = r.shown_waves();
        Facts {
            off,
            reached: r
                .player
                .as_ref()
                .and_then(|p| after.position().piece(p.piece))
                .map(|p| p.cell.to_string()),
            waves: shown
                .iter()
                .filter(|w| !w.moves.is_empty() || !w.lost.is_empty())
                .count() as u32,
            bonds: r.waves.iter().map(|w| w.bonds_formed.len() as u32).sum(),
            shoves: r.waves.iter().map(|w| w.shoves.len() as u32).sum(),
            pulled_free: r.player.as_ref().is_some_and(|p| p.pulled_free),
            ..Facts::default()
        }
    }
}

fn parse_cell(text: &str) -> Result<Cell, String> {
    Cell::parse(&text.to_ascii_uppercase())
        .ok_or_else(|| format!("\"{text}\" is no Vectress cell (A1 to I9)"))
}
