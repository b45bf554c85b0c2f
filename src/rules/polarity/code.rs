//! The Polarity position code (docs/codes/polarity.md): the board, the side to move, each
//! side's hand, each side's collection and the count of actions, e.g. the start
//! `8/8/8/8/8/8/8/8 1 R2B2Q1 R2B2Q1 0 0 0`.

use super::Game;
use super::geometry::{Cell, bits};
use super::hand::{Hand, Next, Side};
use super::lines;
use super::position::{Position, TARGET};

/// The start's code.
pub const START: &str = "8/8/8/8/8/8/8/8 1 R2B2Q1 R2B2Q1 0 0 0";

/// The fields in order, as refusals name them.
const FIELDS: [&str; 7] = [
    "the board",
    "the side to move",
    "player one's hand",
    "player two's hand",
    "player one's collection",
    "player two's collection",
    "the count of actions",
];

/// The largest collection or count a code may give (no game comes near).
pub const MAX_COUNT: u32 = 1_000_000_000;

/// The position as a code.
pub fn write(game: &Game) -> String {
    let position = game.position();
    let mut rows = Vec::with_capacity(8);
    for rank in (0..8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..8 {
            let stone = Cell::new(file, rank).is_some_and(|c| position.has_stone(c));
            if stone {
                if empty > 0 {
                    row += &empty.to_string();
                    empty = 0;
                }
                row.push('s');
            } else {
                empty += 1;
            }
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    let side = match position.to_move() {
        Side::One => "1",
        Side::Two => "2",
    };
    format!(
        "{} {side} {} {} {} {} {}",
        rows.join("/"),
        hand_code(position.hand(Side::One)),
        hand_code(position.hand(Side::Two)),
        position.collected(Side::One),
        position.collected(Side::Two),
        position.ply()
    )
}

/// `R2B2Q1`; a `+` or `-` after a count: the next of those must push or pull (P5).
fn hand_code(hand: &Hand) -> String {
    let sign = |next: Next| match next {
        Next::Any => "",
        Next::Push => "+",
        Next::Pull => "-",
    };
    format!(
        "R{}{}B{}{}Q{}",
        hand.rooks,
        sign(hand.next_rook),
        hand.bishops,
        sign(hand.next_bishop),
        hand.queens
    )
}

/// The game a code writes; one sentence naming the first wrong field when it is bad.
pub fn read(code: &str) -> Result<Game, String> {
    let fields: Vec<&str> = code.split(' ').collect();
    let field = |k: usize| format!("{} (field {})", FIELDS[k], k + 1);
    if !code.is_ascii() {
        return Err("a position code is printable ASCII, and this one is not".to_string());
    }
    if fields.len() != FIELDS.len() || fields.iter().any(|f| f.is_empty()) {
        return Err(format!(
            "a Polarity code has {} fields apart by single spaces ({}), and this one has {}",
            FIELDS.len(),
            FIELDS.join(", "),
            fields.iter().filter(|f| !f.is_empty()).count()
        ));
    }
    let stones = board(fields[0]).map_err(|why| format!("{}: {why}", field(0)))?;
    let to_move = match fields[1] {
        "1" => Side::One,
        "2" => Side::Two,
        other => {
            return Err(format!("{} must be 1 or 2, not \"{other}\"", field(1)));
        }
    };
    let one = hand(fields[2]).map_err(|why| format!("{}: {why}", field(2)))?;
    let two = hand(fields[3]).map_err(|why| format!("{}: {why}", field(3)))?;
    let count = |k: usize| {
        number(fields[k]).ok_or_else(|| {
            format!(
                "{} must be a whole number from 0 to {MAX_COUNT}, not \"{}\"",
                field(k),
                fields[k]
            )
        })
    };
    let collected = [count(4)? as u16, count(5)? as u16];
    let ply = count(6)?;
    let position = Position::from_parts(stones, [one, two], collected, to_move).at_ply(ply);
    check(&position)?;
    Ok(Game::from_position(position, 0))
}

/// What the rules refuse in a position set up by hand (a code, the editor), in a player's
/// words: a run of three standing (runs are taken at once), a collection of ten or more
/// on the side to move (its own action would have ended the game).
pub fn check(position: &Position) -> Result<(), String> {
    let runs = lines::removed_mask(position.stones());
    if let Some(cell) = bits::cells(runs).next() {
        return Err(format!(
            "the board (field 1): the stone on {cell} stands in a run of three or more, which is taken at once"
        ));
    }
    let side = position.to_move();
    if position.collected(side) >= TARGET {
        let k = side.index() + 5;
        return Err(format!(
            "{} (field {k}): the side to move has {} collected, but reaching {TARGET} ends the game at once",
            FIELDS[k - 1],
            position.collected(side)
        ));
    }
    Ok(())
}

fn number(text: &str) -> Option<u32> {
    crate::rules::code_number(text, MAX_COUNT)
}

/// The stones of a board field: 8 rows, rank 8 first, `s` a stone, 1-8 empty cells.
fn board(text: &str) -> Result<u64, String> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 8 {
        return Err(format!("it has {} rows, not 8", rows.len()));
    }
    let mut stones = 0u64;
    for (k, row) in rows.iter().enumerate() {
        let rank = 7 - k as u8;
        let mut file = 0u8;
        let mut last_digit = false;
        for c in row.chars() {
            match c {
                's' => {
                    let cell = Cell::new(file, rank)
                        .ok_or_else(|| format!("row {} has more than 8 cells", k + 1))?;
                    stones |= cell.bit();
                    file += 1;
                    last_digit = false;
                }
                '1'..='8' if !last_digit => {
                    file = file.saturating_add(c as u8 - b'0');
                    last_digit = true;
                }
                '1'..='8' => {
                    return Err(format!(
                        "row {} writes two counts of empty cells in a row",
                        k + 1
                    ));
                }
                other => {
                    return Err(format!(
                        "row {} has \"{other}\", which is neither s (a stone) nor a count of empty cells from 1 to 8",
                        k + 1
                    ));
                }
            }
            if file > 8 {
                return Err(format!("row {} has more than 8 cells", k + 1));
            }
        }
        if file != 8 {
            return Err(format!("row {} has {file} cells, not 8", k + 1));
        }
    }
    Ok(stones)
}

/// A hand: `R<rooks>[+|-]B<bishops>[+|-]Q<queens>`.
fn hand(text: &str) -> Result<Hand, String> {
    let bytes = text.as_bytes();
    let mut at = 0;
    let mut take = |letter: u8, most: u8, signed: bool| -> Result<(u8, Next), String> {
        if bytes.get(at) != Some(&letter) {
            return Err(format!(
                "it must read like R2B2Q1 (rooks, bishops, the queen left, a + or - after R or B when the next must push or pull), not \"{text}\""
            ));
        }
        let count = bytes
            .get(at + 1)
            .filter(|b| b.is_ascii_digit())
            .map(|b| b - b'0')
            .filter(|n| *n <= most)
            .ok_or_else(|| {
                format!(
                    "{} {} left must be 0 to {most}",
                    letter as char,
                    if most == 1 { "is" } else { "count" }
                )
            })?;
        at += 2;
        let next = match (signed, bytes.get(at)) {
            (true, Some(b'+')) => Next::Push,
            (true, Some(b'-')) => Next::Pull,
            _ => Next::Any,
        };
        if next != Next::Any {
            at += 1;
        }
        Ok((count, next))
    };
    let (rooks, next_rook) = take(b'R', 2, true)?;
    let (bishops, next_bishop) = take(b'B', 2, true)?;
    let (queens, _) = take(b'Q', 1, false)?;
    if at != bytes.len() {
        return Err(format!(
            "it must end after the queen's count, not go on as \"{}\"",
            &text[at..]
        ));
    }
    Ok(Hand {
        rooks,
        bishops,
        queens,
        next_rook,
        next_bishop,
    })
}

#[cfg(test)]
mod tests;
