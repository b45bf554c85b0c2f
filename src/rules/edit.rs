//! Setting a position up by hand (the window's position editor, docs/codes.md). Every
//! edit is made on the position's code and read back by the rules, so a position the
//! rules could not play from is refused as it is edited, with the reader's own sentence;
//! an edit never leaves a position the rules refuse.
//!
//! A game says what its palette holds, which cell each place of its board field is, its
//! settings (the side to move first, then its own state) and what an edit changes beside
//! the board (a bond, an en passant cell, a mark, a result); the rest is here, once.

use super::{Rules, Setup};

mod words;
pub use words::{CellReader, cell_words, piece_on, position_words};

/// A piece the palette offers: its letter in the code, its name, and its side (as in
/// `Rules::SIDES`; `None` for a piece of no side, Polarity's stones).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paint {
    pub letter: char,
    pub name: &'static str,
    pub side: Option<usize>,
}

/// One change to a position, cells named as the engine names them (`E3`, `f5`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Puts the palette's piece `letter` on `cell`, or takes away what stands there (`None`).
    Put { cell: String, piece: Option<char> },
    /// Moves what stands on `from` to `to`; what stood on `to` goes.
    Move { from: String, to: String },
    /// Steps setting `n` (as [`Editable::settings`] lists them) to its next value.
    Step(usize),
    /// Joins two neighbouring pieces, or parts them (Vectress's bonds).
    Bond(String, String),
    /// Takes every piece away but those the game cannot do without.
    Clear,
    /// The start position of the ruleset.
    Start,
}

/// A setting of a position, as the editor shows it: "To move: White"; settings of one
/// thing (a side's hand, its tuning) share a group, shown as their heading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    pub group: String,
    pub name: String,
    pub value: String,
}

/// What a game brings to the position editor.
pub trait Editable: Rules {
    /// The pieces the palette offers, the first side's first.
    fn palette() -> Vec<Paint>;
    /// The cell names of the code's board field, row by row as the field writes them.
    fn board_cells() -> Vec<Vec<String>>;
    /// The pieces a clear leaves (the kings); `None` where no position without pieces is
    /// one to play from (Vectress: pieces off the board are lost, and five lost end it).
    fn clear_keeps() -> Option<&'static [char]>;
    /// The settings of `code`'s position (a code the rules read): the side to move first.
    fn settings(fields: &[&str]) -> Vec<Setting>;
    /// The fields after setting `n` steps to its next value.
    fn step(fields: &mut [String], n: usize) -> Result<(), String>;
    /// What changes beside the board when the pieces on `cells` changed (a bond to a piece
    /// gone, the en passant cell, the result: a position set up is one to play on).
    fn after_board_edit(fields: &mut [String], cells: &[String]);
    /// Whether pieces bond (a Bond brush).
    fn has_bonds() -> bool {
        false
    }
    /// Joins or parts the pieces on `a` and `b`; by default the game has no bonds.
    fn bond(_fields: &mut [String], _a: &str, _b: &str) -> Result<(), String> {
        Err("this game has no bonds".to_string())
    }
    /// The game a changed code sets up (Wave Field settles its marks first).
    fn read_edited(code: &str) -> Result<Self, String> {
        Self::from_code(code)
    }
}

/// A board field read into its places: each a piece's letter with any marks after it
/// (`A!`), or empty. Runs of empty places are counts of one or more digits (hex chess's
/// `11`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid(pub Vec<Vec<Option<String>>>);

impl Grid {
    /// Reads `field` as rows of the given widths; `None` when it does not fit them (a code
    /// the rules read always does).
    pub fn read(field: &str, widths: &[usize]) -> Option<Grid> {
        let rows: Vec<&str> = field.split('/').collect();
        if rows.len() != widths.len() {
            return None;
        }
        let mut grid = Vec::with_capacity(rows.len());
        for (text, width) in rows.iter().zip(widths) {
            let mut row: Vec<Option<String>> = Vec::with_capacity(*width);
            let mut run = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = run.checked_mul(10)?.checked_add(d as usize)?;
                    continue;
                }
                row.extend(std::iter::repeat_n(None, run));
                run = 0;
                if c == '!' {
                    row.last_mut()?.as_mut()?.push(c);
                } else {
                    row.push(Some(c.to_string()));
                }
                if row.len() > *width {
                    return None;
                }
            }
            row.extend(std::iter::repeat_n(None, run));
            if row.len() != *width {
                return None;
            }
            grid.push(row);
        }
        Some(Grid(grid))
    }

    /// The field again: pieces, and counts for runs of empty places.
    pub fn write(&self) -> String {
        let rows: Vec<String> = self
            .0
            .iter()
            .map(|row| {
                let mut text = String::new();
                let mut run = 0;
                for place in row {
                    match place {
                        None => run += 1,
                        Some(piece) => {
                            if run > 0 {
                                text += &run.to_string();
                                run = 0;
                            }
                            text += piece;
                        }
                    }
                }
                if run > 0 {
                    text += &run.to_string();
                }
                text
            })
            .collect();
        rows.join("/")
    }
}

/// Where `cell` is in the board field of `R`.
fn place_of<R: Editable>(cell: &str) -> Result<(usize, usize), String> {
    place_in(&R::board_cells(), cell).ok_or_else(|| format!("{cell} is not a cell of the board"))
}

/// Where `cell` is among a board field's cell names, row and column.
fn place_in(cells: &[Vec<String>], cell: &str) -> Option<(usize, usize)> {
    cells
        .iter()
        .enumerate()
        .find_map(|(r, row)| row.iter().position(|c| c == cell).map(|c| (r, c)))
}

/// `word` with its first letter upper case.
pub fn capital(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn grid_of<R: Editable>(field: &str) -> Option<Grid> {
    let widths: Vec<usize> = R::board_cells().iter().map(Vec::len).collect();
    Grid::read(field, &widths)
}

/// The settings of `code`'s position, the side to move first.
pub fn settings<R: Editable>(code: &str) -> Vec<Setting> {
    let fields: Vec<&str> = code.split(' ').collect();
    R::settings(&fields)
}

/// `code` with `edit` made, as the rules write it back; an edit the rules refuse is
/// refused with one sentence (the reader's, without its field's name where that is the
/// board's). `ruleset` is the table's, for [`Edit::Start`].
pub fn edited<R: Editable>(
    code: &str,
    edit: &Edit,
    ruleset: Option<&str>,
) -> Result<String, String> {
    let changed = change::<R>(code, edit, ruleset)?;
    let game = R::read_edited(&changed).map_err(|why| plain(&why))?;
    Ok(game.code())
}

fn change<R: Editable>(code: &str, edit: &Edit, ruleset: Option<&str>) -> Result<String, String> {
    if *edit == Edit::Start {
        let setup = Setup {
            ruleset: ruleset.map(str::to_string),
            ..Setup::default()
        };
        return Ok(R::start(&setup)?.code());
    }
    let mut fields: Vec<String> = code.split(' ').map(str::to_string).collect();
    let mut grid = fields
        .first()
        .and_then(|f| grid_of::<R>(f))
        .ok_or("the position's board could not be read")?;
    let touched: Vec<String> = match edit {
        Edit::Put { cell, piece } => {
            let (r, c) = place_of::<R>(cell)?;
            if let Some(letter) = piece
                && !R::palette().iter().any(|p| p.letter == *letter)
            {
                return Err(format!("{letter} is no piece of this game"));
            }
            let now = piece.map(|p| p.to_string());
            if grid.0[r][c] == now {
                return Err(match piece {
                    Some(_) => format!("That piece already stands on {cell}."),
                    None => format!("Nothing stands on {cell}."),
                });
            }
            grid.0[r][c] = now;
            vec![cell.clone()]
        }
        Edit::Move { from, to } => {
            let (fr, fc) = place_of::<R>(from)?;
            let (tr, tc) = place_of::<R>(to)?;
            if from == to {
                return Err(format!("The piece is already on {to}."));
            }
            let piece = grid.0[fr][fc]
                .take()
                .ok_or_else(|| format!("Nothing stands on {from} to move."))?;
            // Marks are the position's to settle, not the piece's to carry.
            grid.0[tr][tc] = Some(piece.trim_end_matches('!').to_string());
            vec![from.clone(), to.clone()]
        }
        Edit::Clear => {
            let keeps = R::clear_keeps().ok_or(
                "This game's board cannot be cleared: a piece off the board is lost, and five lost end the game. Take pieces away one by one.",
            )?;
            let mut touched = Vec::new();
            for (row, names) in grid.0.iter_mut().zip(R::board_cells()) {
                for (place, name) in row.iter_mut().zip(names) {
                    let kept = place
                        .as_ref()
                        .and_then(|p| p.chars().next())
                        .is_some_and(|l| keeps.contains(&l));
                    if place.is_some() && !kept {
                        *place = None;
                        touched.push(name);
                    }
                }
            }
            if touched.is_empty() {
                return Err("The board is already clear.".to_string());
            }
            touched
        }
        Edit::Step(n) => {
            R::step(&mut fields, *n)?;
            return Ok(fields.join(" "));
        }
        Edit::Bond(a, b) => {
            R::bond(&mut fields, a, b)?;
            return Ok(fields.join(" "));
        }
        Edit::Start => unreachable!("answered above"),
    };
    fields[0] = grid.write();
    R::after_board_edit(&mut fields, &touched);
    Ok(fields.join(" "))
}

/// A reader's refusal as a player reads it: "the board (field 1): Black has 2 kings"
/// becomes "Black has 2 kings."; other fields keep their names.
pub fn plain(why: &str) -> String {
    let text = why
        .strip_prefix("the board (field 1): ")
        .unwrap_or(why)
        .trim_end_matches('.');
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

/// The palette of a game of two coloured sides: each kind (its upper-case letter and name)
/// for the first side, then lower case for the second, as the codes write them.
pub fn two_sided(kinds: &[(char, &'static str)]) -> Vec<Paint> {
    (0..2)
        .flat_map(|side| {
            kinds.iter().map(move |&(letter, name)| Paint {
                letter: if side == 0 {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                },
                name,
                side: Some(side),
            })
        })
        .collect()
}

/// Steps `value` to the one after it in `values` (the first after the last).
pub fn next_of<'a>(values: &[&'a str], value: &str) -> &'a str {
    let at = values.iter().position(|v| *v == value);
    values[at.map_or(0, |i| (i + 1) % values.len())]
}

#[cfg(test)]
mod tests;
