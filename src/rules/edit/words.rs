//! Positions in words: what stands on a cell, and the whole position as a screen reader
//! reads it out.

use super::{Editable, Grid, Paint, capital, place_in};

/// The letter of the piece on `cell` of `code`'s position, if one stands there.
pub fn piece_on<R: Editable>(code: &str, cell: &str) -> Option<char> {
    CellReader::<R>::new(code).piece_on(cell)
}

/// What stands on `cell` of `code`'s position in words, as a screen reader or the
/// keyboard's cursor says it: "E3, One's Triangle", "d4, a stone", "f5, empty".
pub fn cell_words<R: Editable>(code: &str, cell: &str) -> String {
    CellReader::<R>::new(code).words(cell)
}

/// One position's board, read once, for what stands on many of its cells: reading the
/// code and naming the board's cells again for each cell cost a Vectress move's first
/// frame a millisecond and a half (81 cells relabelled for the screen reader).
pub struct CellReader<R> {
    grid: Option<Grid>,
    cells: Vec<Vec<String>>,
    palette: Vec<Paint>,
    rules: std::marker::PhantomData<R>,
}

impl<R: Editable> CellReader<R> {
    pub fn new(code: &str) -> Self {
        let cells = R::board_cells();
        let widths: Vec<usize> = cells.iter().map(Vec::len).collect();
        let grid = code
            .split(' ')
            .next()
            .and_then(|field| Grid::read(field, &widths));
        CellReader {
            grid,
            cells,
            palette: R::palette(),
            rules: std::marker::PhantomData,
        }
    }

    /// The letter of the piece on `cell`, if one stands there.
    pub fn piece_on(&self, cell: &str) -> Option<char> {
        let (r, c) = place_in(&self.cells, cell)?;
        self.grid.as_ref()?.0[r][c].as_ref()?.chars().next()
    }

    /// What stands on `cell` in words (see [`cell_words`]).
    pub fn words(&self, cell: &str) -> String {
        let sides = R::GAME.side_names();
        let Some(letter) = self.piece_on(cell) else {
            return format!("{cell}, empty");
        };
        match self.palette.iter().find(|p| p.letter == letter) {
            Some(Paint {
                name,
                side: Some(side),
                ..
            }) => format!("{cell}, {}'s {name}", capital(sides[*side])),
            Some(paint) => format!("{cell}, a {}", paint.name.to_lowercase()),
            None => format!("{cell}, {letter}"),
        }
    }
}

/// The position of `code` in words, a list per side as a screen reader reads it out:
/// "White: Core E3, Square D2. Black: Core E7." (pieces of no side, Polarity's stones,
/// after), each side's pieces in the board field's order.
pub fn position_words<R: Editable>(code: &str) -> String {
    let sides = R::GAME.side_names();
    let reader = CellReader::<R>::new(code);
    let palette = &reader.palette;
    let mut lists: Vec<(Option<usize>, Vec<String>)> = vec![
        (Some(0), Vec::new()),
        (Some(1), Vec::new()),
        (None, Vec::new()),
    ];
    for cell in reader.cells.iter().flatten() {
        let Some(letter) = reader.piece_on(cell) else {
            continue;
        };
        let Some(paint) = palette.iter().find(|p| p.letter == letter) else {
            continue;
        };
        let entry = match paint.side {
            Some(_) => format!("{} {cell}", paint.name),
            None => cell.clone(),
        };
        if let Some((_, list)) = lists.iter_mut().find(|(side, _)| *side == paint.side) {
            list.push(entry);
        }
    }
    let mut words = Vec::new();
    for (side, list) in lists {
        let name = match side {
            Some(side) => capital(sides[side]),
            None if list.is_empty() => continue,
            None => format!(
                "{}s",
                palette
                    .iter()
                    .find(|p| p.side.is_none())
                    .map_or("Piece", |p| p.name)
            ),
        };
        let pieces = if list.is_empty() {
            "none".to_string()
        } else {
            list.join(", ")
        };
        words.push(format!("{name}: {pieces}."));
    }
    words.join(" ")
}
