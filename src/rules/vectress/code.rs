//! The Vectress position code (docs/codes/vectress.md): the board, the side to move, the
//! bonds, the board ko forbids, whether the last move was a pass, the result and the
//! moves played, e.g. the start [`START`].

use super::game::{EndReason, Game, MOVE_CAP, Outcome, crossed, more_pieces};
use super::geometry::{Cell, Side};
use super::pieces::Kind;
use super::position::Position;
use board::{board, bonds};

/// The start's code.
pub const START: &str = "1sr3rs1/1t5t1/3tot3/9/9/9/3TOT3/1T5T1/1SR3RS1 w - - - - 0";

/// The fields in order, as refusals name them.
const FIELDS: [&str; 7] = [
    "the board",
    "the side to move",
    "the bonds",
    "the ko board",
    "the last move",
    "the result",
    "the moves played",
];

/// Pieces of each kind a side starts with (section 1), in the order ids are given.
const KINDS: [(Kind, char, usize); 4] = [
    (Kind::Octagon, 'O', 1),
    (Kind::Square, 'S', 2),
    (Kind::Rhombus, 'R', 2),
    (Kind::Triangle, 'T', 4),
];

const PER_SIDE: usize = 9;

/// The position as a code.
pub fn write(game: &Game) -> String {
    let position = game.position();
    let side = match game.to_move() {
        Side::White => "w",
        Side::Black => "b",
    };
    let ko = match game.ko_board() {
        None => "-".to_string(),
        Some(key) => {
            let (board, bonds) = key_board(&key);
            if bonds == "-" {
                board
            } else {
                format!("{board}:{bonds}")
            }
        }
    };
    let pass = if game.last_was_pass() { "pass" } else { "-" };
    let result = game.outcome().map_or("-", |o| o.reason.name());
    format!(
        "{} {side} {} {ko} {pass} {result} {}",
        board_of(|cell| position.at(cell).map(|p| (p.kind, p.owner))),
        bonds_of(position),
        game.ply()
    )
}

fn letter(kind: Kind, owner: Side) -> char {
    let upper = KINDS
        .iter()
        .find(|(k, _, _)| *k == kind)
        .map_or('?', |k| k.1);
    match owner {
        Side::White => upper,
        Side::Black => upper.to_ascii_lowercase(),
    }
}

/// Rows 9 down to 1, columns A to I.
fn board_of(at: impl Fn(Cell) -> Option<(Kind, Side)>) -> String {
    let mut rows = Vec::with_capacity(9);
    for y in (0..9).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for x in 0..9 {
            match Cell::new(x, y).and_then(&at) {
                Some((kind, owner)) => {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row.push(letter(kind, owner));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    rows.join("/")
}

/// Every bond as its two cells, lower cell first, sorted: `E3F3,E4E5`; `-` for none.
fn bonds_of(position: &Position) -> String {
    let mut pairs: Vec<(Cell, Cell)> = position
        .bonds()
        .into_iter()
        .filter_map(|(a, b)| Some((position.piece(a)?.cell, position.piece(b)?.cell)))
        .map(|(a, b)| {
            if a.index() < b.index() {
                (a, b)
            } else {
                (b, a)
            }
        })
        .collect();
    pairs.sort_by_key(|(a, b)| (a.index(), b.index()));
    if pairs.is_empty() {
        return "-".to_string();
    }
    pairs
        .iter()
        .map(|(a, b)| format!("{a}{b}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// The board and bonds a ko key stands for (the key holds each piece's kind and owner and
/// its bonds as upward steps).
fn key_board(key: &super::key::BoardKey) -> (String, String) {
    // Rebuilt as a position, so its bonds are written as the board's are.
    let position = position_of(key);
    (
        board_of(|cell| position.at(cell).map(|p| (p.kind, p.owner))),
        bonds_of(&position),
    )
}

/// The position a ko key stands for (ids in cell order).
fn position_of(key: &super::key::BoardKey) -> Position {
    let mut position = Position::empty();
    let mut id = 0u8;
    for cell in Cell::all() {
        let byte = key.0[cell.index()];
        if let Some((kind, owner)) = decode(byte & 15) {
            let _ = position.place(id, kind, owner, cell);
            id += 1;
        }
    }
    for cell in Cell::all() {
        let byte = key.0[cell.index()];
        for (bit, (dx, dy)) in [(0, (1, 0)), (1, (-1, 1)), (2, (0, 1)), (3, (1, 1))] {
            if byte & (16 << bit) != 0
                && let Some(other) = Cell::new(cell.x() + dx, cell.y() + dy)
            {
                let _ = position.bond_cells(cell, other);
            }
        }
    }
    position
}

/// A key's piece (its kind and owner's code, plus one) back to the piece.
fn decode(byte: u8) -> Option<(Kind, Side)> {
    KINDS
        .iter()
        .flat_map(|(k, _, _)| Side::BOTH.map(|s| (*k, s)))
        .find(|(k, s)| super::pieces::code(*k, *s) as u8 + 1 == byte)
}

/// The game a code writes; one sentence naming the first wrong field when it is bad.
pub fn read(code: &str) -> Result<Game, String> {
    if !code.is_ascii() {
        return Err("a position code is printable ASCII, and this one is not".to_string());
    }
    let fields: Vec<&str> = code.split(' ').collect();
    if fields.len() != FIELDS.len() || fields.iter().any(|f| f.is_empty()) {
        return Err(format!(
            "a Vectress code has {} fields apart by single spaces ({}), and this one has {}",
            FIELDS.len(),
            FIELDS.join(", "),
            fields.iter().filter(|f| !f.is_empty()).count()
        ));
    }
    let field = |k: usize| format!("{} (field {})", FIELDS[k], k + 1);
    let mut position = board(fields[0]).map_err(|why| format!("{}: {why}", field(0)))?;
    let to_move = match fields[1] {
        "w" => Side::White,
        "b" => Side::Black,
        other => return Err(format!("{} must be w or b, not \"{other}\"", field(1))),
    };
    bonds(&mut position, fields[2]).map_err(|why| format!("{}: {why}", field(2)))?;
    let ko = match fields[3] {
        "-" => None,
        text => {
            let (rows, links) = text.split_once(':').unwrap_or((text, "-"));
            let mut before = board(rows).map_err(|why| format!("{}: {why}", field(3)))?;
            bonds(&mut before, links).map_err(|why| format!("{}: {why}", field(3)))?;
            Some(before.key())
        }
    };
    let last_was_pass = match fields[4] {
        "-" => false,
        "pass" => true,
        other => {
            return Err(format!(
                "{} must be pass (the last move was a pass) or -, not \"{other}\"",
                field(4)
            ));
        }
    };
    let reason = match fields[5] {
        "-" => None,
        name => Some(
            [
                EndReason::Core,
                EndReason::Five,
                EndReason::Repetition,
                EndReason::Cap,
                EndReason::Passes,
            ]
            .into_iter()
            .find(|r| r.name() == name)
            .ok_or_else(|| {
                format!(
                    "{} must be - (the game goes on) or core, five, repetition, cap or passes, not \"{name}\"",
                    field(5)
                )
            })?,
        ),
    };
    let ply = fields[6]
        .parse::<u16>()
        .ok()
        .filter(|n| {
            *n <= MOVE_CAP
                && fields[6].bytes().all(|b| b.is_ascii_digit())
                && !(fields[6].len() > 1 && fields[6].starts_with('0'))
        })
        .ok_or_else(|| {
            format!(
                "{} must be a whole number from 0 to {MOVE_CAP} (the move cap), not \"{}\"",
                field(6),
                fields[6]
            )
        })?;
    if ply == 0 && (ko.is_some() || last_was_pass) {
        return Err(format!(
            "{}: no move has been played, so there is no ko board and no last move",
            field(6)
        ));
    }
    let outcome = check(&position, ply, reason)?;
    Ok(Game::resumed_at(
        position,
        to_move,
        ply,
        ko,
        last_was_pass,
        outcome,
    ))
}

/// Whether the position and its result agree with the rules (V14): a side that crossed
/// the line has ended the game, the cap too; `reason` is the result the code gives.
pub fn check(
    position: &Position,
    ply: u16,
    reason: Option<EndReason>,
) -> Result<Option<Outcome>, String> {
    let result = FIELDS[5];
    let (w, b) = (
        crossed(position, Side::White),
        crossed(position, Side::Black),
    );
    let forced = if w || b {
        let core = (w && position.core_lost(Side::White)) || (b && position.core_lost(Side::Black));
        Some(if core {
            EndReason::Core
        } else {
            EndReason::Five
        })
    } else if ply >= MOVE_CAP && reason != Some(EndReason::Repetition) {
        Some(EndReason::Cap)
    } else {
        None
    };
    match (forced, reason) {
        (Some(must), Some(said)) if must != said => Err(format!(
            "{result} (field 6) is {}, but the position ended the game by {}",
            said.name(),
            must.name()
        )),
        (Some(must), None) => Err(format!(
            "{result} (field 6) is -, but the position has ended the game ({})",
            must.name()
        )),
        (None, Some(said @ (EndReason::Core | EndReason::Five))) => Err(format!(
            "{result} (field 6) is {}, but neither side has crossed the line",
            said.name()
        )),
        (_, None) => Ok(None),
        (_, Some(said)) => {
            let winner = match (w, b) {
                (true, false) => Some(Side::Black),
                (false, true) => Some(Side::White),
                _ => more_pieces(position),
            };
            Ok(Some(Outcome {
                winner,
                reason: said,
            }))
        }
    }
}

mod board;

#[cfg(test)]
mod tests;
