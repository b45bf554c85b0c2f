//! Reading the Vectress code's boards: the pieces of a board field (field 1 and the ko
//! board) and the bonds between them.

use super::{KINDS, PER_SIDE};
use crate::rules::vectress::geometry::{Cell, Side};
use crate::rules::vectress::pieces::Kind;
use crate::rules::vectress::position::Position;

/// The pieces of a board field: rows 9 down to 1, a letter a piece, 1-9 empty cells. A
/// side's missing pieces are lost (V14); no side has more of a kind than it starts with.
pub(super) fn board(text: &str) -> Result<Position, String> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 9 {
        return Err(format!("it has {} rows, not 9", rows.len()));
    }
    let mut found: Vec<(Kind, Side, Cell)> = Vec::new();
    for (k, row) in rows.iter().enumerate() {
        let y = 8 - k as i8;
        let mut x: i8 = 0;
        let mut last_digit = false;
        for c in row.chars() {
            if let Some(n) = c.to_digit(10).filter(|n| (1..=9).contains(n)) {
                if last_digit {
                    return Err(format!(
                        "row {} writes two counts of empty cells in a row",
                        k + 1
                    ));
                }
                x += n as i8;
                last_digit = true;
            } else {
                let kind = KINDS
                    .iter()
                    .find(|(_, l, _)| *l == c.to_ascii_uppercase())
                    .map(|k| k.0)
                    .ok_or_else(|| {
                        format!(
                            "row {} has \"{c}\", which is no piece (O, S, R, T; lower case for Black) nor a count of empty cells from 1 to 9",
                            k + 1
                        )
                    })?;
                let owner = if c.is_ascii_uppercase() {
                    Side::White
                } else {
                    Side::Black
                };
                let cell = Cell::new(x, y)
                    .ok_or_else(|| format!("row {} has more than 9 cells", k + 1))?;
                found.push((kind, owner, cell));
                x += 1;
                last_digit = false;
            }
            if x > 9 {
                return Err(format!("row {} has more than 9 cells", k + 1));
            }
        }
        if x != 9 {
            return Err(format!("row {} has {x} cells, not 9", k + 1));
        }
    }
    let mut position = Position::empty();
    for (s, side) in Side::BOTH.into_iter().enumerate() {
        let mut id = (s * PER_SIDE) as u8;
        let mut on_board = 0;
        for (kind, letter, most) in KINDS {
            let cells: Vec<Cell> = found
                .iter()
                .filter(|(k, o, _)| *k == kind && *o == side)
                .map(|(_, _, c)| *c)
                .collect();
            if cells.len() > most {
                return Err(format!(
                    "{} has {} pieces of {letter}, but a side has only {most}",
                    if side == Side::White {
                        "White"
                    } else {
                        "Black"
                    },
                    cells.len()
                ));
            }
            for cell in cells {
                position.place(id, kind, side, cell).map_err(|e| e.0)?;
                id += 1;
                on_board += 1;
            }
        }
        let core_on_board = found
            .iter()
            .any(|(k, o, _)| *k == Kind::Octagon && *o == side);
        position.set_lost(side, (PER_SIDE - on_board) as u8, !core_on_board);
    }
    Ok(position)
}

/// Bonds `E3F3,E4E5` between neighbouring pieces; `-` for none.
pub(super) fn bonds(position: &mut Position, text: &str) -> Result<(), String> {
    if text == "-" {
        return Ok(());
    }
    for pair in text.split(',') {
        let (a, b) = (pair.get(..2), pair.get(2..));
        let (Some(a), Some(b)) = (a.and_then(Cell::parse), b.and_then(Cell::parse)) else {
            return Err(format!(
                "\"{pair}\" is not two cells like E3F3 (- for no bonds)"
            ));
        };
        position
            .bond_cells(a, b)
            .map_err(|e| format!("{pair}: {}", e.0))?;
    }
    Ok(())
}
