//! Reading a code: each field in turn, refusing the first wrong one with one sentence
//! that names it, then the position checks (`check.rs`). Never panics.

use super::super::Game;
use super::super::geometry::{Cell, Kind, SIZE, Side};
use super::super::position::Profile;
use super::check::{counts, game, placed, position};
use super::{FIELDS, MAX_COUNT, letter};

/// The field's name and number, as refusals begin: "the board (field 1)".
fn name(n: usize) -> String {
    format!("{} (field {})", FIELDS[n], n + 1)
}

/// Text as a refusal quotes it: escaped (no newline gets through) and cut after 20
/// characters.
fn quote(text: &str) -> String {
    let mut cut: String = text.chars().take(20).collect();
    if cut.len() < text.len() {
        cut.push_str("...");
    }
    format!("{cut:?}")
}

/// One piece read from the board: kind, owner, square, `!`.
type Placed = (Kind, Side, Cell, bool);

/// The game a code writes; a bad code is refused with one sentence naming the first wrong
/// field, then a position that cannot arise with [`super::check`]'s sentences.
pub fn read(code: &str) -> Result<Game, String> {
    read_marked(code, false)
}

/// The game a code writes with its marks set anew: each `!` is dropped and the position
/// settled ([`super::settle`]) under its tunings now, as a position set up by hand is
/// (the editor's); then checked as [`read`] checks.
pub fn read_settled(code: &str) -> Result<Game, String> {
    read_marked(code, true)
}

fn read_marked(code: &str, settled: bool) -> Result<Game, String> {
    if code.is_empty() {
        return Err(format!("the code is empty; it begins with {}", name(0)));
    }
    let fields: Vec<&str> = code.split(' ').collect();
    let field = |n: usize| {
        let Some(field) = fields.get(n).copied() else {
            return Err(format!("{} is missing", name(n)));
        };
        if field.is_empty() {
            return Err(format!(
                "{} is empty: fields are separated by single spaces, with none before or after",
                name(n)
            ));
        }
        if let Some(c) = field.chars().find(|c| !c.is_ascii_graphic()) {
            return Err(format!(
                "{} holds {c:?}, which is not printable ASCII",
                name(n)
            ));
        }
        Ok(field)
    };
    let pieces = board(field(0)?)?;
    let to_move = match field(1)? {
        "b" => Side::Blue,
        "r" => Side::Red,
        other => {
            return Err(format!(
                "{} must be b (Blue) or r (Red), not {}",
                name(1),
                quote(other)
            ));
        }
    };
    let blue = tuning(2, field(2)?)?;
    let red = tuning(3, field(3)?)?;
    let resigned = match field(4)? {
        "-" => false,
        "resigned" => true,
        other => {
            return Err(format!(
                "{} must be - (the game goes on) or resigned (the side to move has resigned), not {}",
                name(4),
                quote(other)
            ));
        }
    };
    let moves = count(5, field(5)?)?;
    let actions = count(6, field(6)?)?;
    if let Some(extra) = fields.get(FIELDS.len()) {
        return Err(format!(
            "the code has {} fields, and field {} ({}) is one too many",
            FIELDS.len(),
            FIELDS.len() + 1,
            quote(extra)
        ));
    }
    counts(moves, actions, resigned)?;
    let mut trapped = false;
    let mut on_board = Vec::new();
    for (kind, owner, cell, mark) in pieces {
        if kind == Kind::BigHat && mark {
            if owner != to_move {
                return Err(format!(
                    "{}: {}'s Big Hat on {cell} is marked trapped (!), but only the side to move can be trapped",
                    name(0),
                    owner.title()
                ));
            }
            trapped = true;
        }
        on_board.push((kind, owner, cell, mark && kind != Kind::BigHat));
    }
    // `counts` has kept both at most MAX_COUNT, so they fit.
    let moves = u32::try_from(moves).map_err(|_| format!("{} is too large", name(5)))?;
    let actions = usize::try_from(actions).map_err(|_| format!("{} is too large", name(6)))?;
    let mut pos = if settled {
        let unmarked: Vec<Placed> = on_board.iter().map(|p| (p.0, p.1, p.2, false)).collect();
        let mut pos = placed(&unmarked, to_move, blue, red, false, moves)?;
        super::settle(&mut pos);
        super::check(&pos)?;
        pos
    } else {
        position(&on_board, to_move, blue, red, trapped, moves)?
    };
    if resigned {
        pos.resign();
    }
    game(pos, actions)
}

/// Field 1: seven rows from row 7 down, each seven squares of pieces and runs of empty
/// squares, a `!` after a marked piece.
fn board(text: &str) -> Result<Vec<Placed>, String> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != SIZE {
        return Err(format!(
            "{} has {} rows, not {SIZE} (rows 7 to 1 apart by /)",
            name(0),
            rows.len()
        ));
    }
    let mut pieces: Vec<Placed> = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        let number = SIZE - y;
        let wrong = |what: String| format!("{}: row {number} {what}", name(0));
        let bytes = row.as_bytes();
        let mut x = 0usize;
        let mut i = 0;
        // Whether the last thing read is a piece that may still take a `!`.
        let mut markable = false;
        while i < bytes.len() {
            let b = bytes[i];
            if b.is_ascii_digit() {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                let run = &row[start..i];
                if run.starts_with('0') {
                    return Err(wrong(format!(
                        "has the run {}; a run of empty squares is 1 to {SIZE}",
                        quote(run)
                    )));
                }
                // Saturating: a huge run is simply too many squares.
                let n = run.parse::<usize>().unwrap_or(usize::MAX);
                x = x.saturating_add(n);
                if x > SIZE {
                    return Err(wrong(format!("has more than {SIZE} squares")));
                }
                markable = false;
                continue;
            }
            i += 1;
            if b == b'!' {
                if !markable {
                    return Err(wrong(
                        "has a ! that does not follow a piece (a piece takes one at most)"
                            .to_string(),
                    ));
                }
                if let Some(last) = pieces.last_mut() {
                    last.3 = true;
                }
                markable = false;
                continue;
            }
            let found = Kind::ALL.into_iter().find_map(|kind| {
                [Side::Blue, Side::Red]
                    .into_iter()
                    .find(|side| letter(kind, *side) as u32 == u32::from(b))
                    .map(|side| (kind, side))
            });
            let Some((kind, owner)) = found else {
                return Err(wrong(format!(
                    "has {:?}, which is no piece (R, T, A, B for Blue; r, t, a, b for Red), run of empty squares or !",
                    b as char
                )));
            };
            if x >= SIZE {
                return Err(wrong(format!("has more than {SIZE} squares")));
            }
            let Some(cell) = Cell::new(x as i32, y as i32) else {
                return Err(wrong(format!("has more than {SIZE} squares")));
            };
            pieces.push((kind, owner, cell, false));
            x += 1;
            markable = true;
        }
        if x != SIZE {
            return Err(wrong(format!("has {x} squares, not {SIZE}")));
        }
    }
    Ok(pieces)
}

/// Fields 3 and 4: the four kinds in order with a sign each, as `tune` writes a profile.
fn tuning(n: usize, text: &str) -> Result<Profile, String> {
    let bytes = text.as_bytes();
    let mut profile = Profile::DEFAULT;
    let fits = bytes.len() == 8
        && Kind::ALL.into_iter().enumerate().all(|(k, kind)| {
            let sign = bytes[2 * k + 1];
            profile = profile.with(kind, if sign == b'-' { -1 } else { 1 });
            bytes[2 * k] == kind.letter() as u8 && (sign == b'+' || sign == b'-')
        });
    if !fits {
        return Err(format!(
            "{} must be the four kinds in order with a sign each, like R+T-A+B+, not {}",
            name(n),
            quote(text)
        ));
    }
    Ok(profile)
}

/// Fields 6 and 7: a whole number written plainly, at most [`MAX_COUNT`].
fn count(n: usize, text: &str) -> Result<u64, String> {
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "{} must be a whole number like 12, not {}",
            name(n),
            quote(text)
        ));
    }
    if text.len() > 1 && text.starts_with('0') {
        return Err(format!(
            "{} must be written without leading zeros, not {}",
            name(n),
            quote(text)
        ));
    }
    match text.parse::<u64>() {
        Ok(v) if v <= MAX_COUNT => Ok(v),
        _ => Err(format!(
            "{} must be at most {MAX_COUNT}, not {}",
            name(n),
            quote(text)
        )),
    }
}
