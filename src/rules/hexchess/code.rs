//! The hex chess position code (docs/codes/hexchess.md): hexchess.club's hex chess FEN
//! for classic Glinski positions, the same string read and written back
//! (`b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1`), and for
//! v011 the FEN followed by `v011` and the session's forced moves so far (H8).

use super::geometry::{Cell, FILE_LETTERS};
use super::position::{EnPassant, Position};
use super::types::{Color, Kind, Ruleset};
use super::{Game, GameSession};
use crate::rules::Rules;

/// The fields in order, as refusals name them.
const FIELDS: [&str; 7] = [
    "the board",
    "the side to move",
    "the en passant cell",
    "the halfmove clock",
    "the move number",
    "the ruleset",
    "the forced moves",
];

/// The largest clock or move number a code may give (no game comes near).
pub const MAX_COUNT: u32 = 100_000;

/// Each FEN row is a rank, 11 down to 1, its cells in file order a..l.
fn rows() -> impl Iterator<Item = Vec<Cell>> {
    (1..=11u32).rev().map(|rank| {
        (0..FILE_LETTERS.len())
            .filter_map(|file| Cell::from_file_rank(file, rank))
            .collect()
    })
}

fn letter(kind: Kind, color: Color) -> char {
    let upper = match kind {
        Kind::King => 'K',
        Kind::Queen => 'Q',
        Kind::Rook => 'R',
        Kind::Bishop => 'B',
        Kind::Knight => 'N',
        Kind::Pawn => 'P',
    };
    match color {
        Color::White => upper,
        Color::Black => upper.to_ascii_lowercase(),
    }
}

/// The position as a code: the FEN, and for v011 `v011 0` after it.
pub fn write(game: &Game) -> String {
    write_with(game, 0)
}

fn write_with(game: &Game, forced: u32) -> String {
    let pos = game.position();
    let board: Vec<String> = rows()
        .map(|cells| {
            let mut row = String::new();
            let mut empty = 0;
            for cell in cells {
                match pos.piece_at(cell) {
                    Some(piece) => {
                        if empty > 0 {
                            row += &empty.to_string();
                            empty = 0;
                        }
                        row.push(letter(piece.kind, piece.color));
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            row
        })
        .collect();
    let side = match pos.turn() {
        Color::White => "w",
        Color::Black => "b",
    };
    let ep = pos
        .en_passant()
        .map_or("-".to_string(), |ep| ep.target.to_string());
    let black = u32::from(pos.turn() == Color::Black);
    let fullmove = pos.ply().saturating_sub(black) / 2 + 1;
    let fen = format!(
        "{} {side} {ep} {} {fullmove}",
        board.join("/"),
        pos.halfmove_clock()
    );
    match pos.ruleset() {
        Ruleset::Classic => fen,
        Ruleset::V011 => format!("{fen} v011 {forced}"),
    }
}

/// The game a code writes; one sentence naming the first wrong field when it is bad.
pub fn read(code: &str) -> Result<Game, String> {
    read_with_forced(code).map(|(game, _)| game)
}

/// The session's code: the game's, with the forced moves so far (v011).
pub fn write_session(session: &GameSession) -> String {
    write_with(session.game(), session.forced_count())
}

/// The session a code writes, its forced-move count restored (H8).
pub fn read_session(code: &str) -> Result<GameSession, String> {
    let (game, forced) = read_with_forced(code)?;
    let mut session = GameSession::from_game(game);
    session.restore_session_count(u64::from(forced));
    Ok(session)
}

fn read_with_forced(code: &str) -> Result<(Game, u32), String> {
    if !code.is_ascii() {
        return Err("a position code is printable ASCII, and this one is not".to_string());
    }
    let fields: Vec<&str> = code.split(' ').collect();
    if !(fields.len() == 5 || fields.len() == 7) || fields.iter().any(|f| f.is_empty()) {
        return Err(format!(
            "a hex chess code is a FEN of 5 fields ({}), then for v011 `v011` and the forced moves, apart by single spaces; this one has {}",
            FIELDS[..5].join(", "),
            fields.iter().filter(|f| !f.is_empty()).count()
        ));
    }
    let field = |k: usize| format!("{} (field {})", FIELDS[k], k + 1);
    let (ruleset, forced) = if fields.len() == 7 {
        if fields[5] != "v011" {
            return Err(format!(
                "{} must be v011 (a bare FEN is classic), not \"{}\"",
                field(5),
                fields[5]
            ));
        }
        (
            Ruleset::V011,
            number(fields[6]).ok_or_else(|| bad_number(&field(6), fields[6]))?,
        )
    } else {
        (Ruleset::Classic, 0)
    };
    let mut pos = board(fields[0], ruleset).map_err(|why| format!("{}: {why}", field(0)))?;
    let turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(format!("{} must be w or b, not \"{other}\"", field(1))),
    };
    pos.set_turn(turn);
    pos.ep = match fields[2] {
        "-" => None,
        text => {
            Some(en_passant(&pos, text, ruleset).map_err(|why| format!("{}: {why}", field(2)))?)
        }
    };
    pos.halfmove_clock = number(fields[3]).ok_or_else(|| bad_number(&field(3), fields[3]))?;
    let fullmove = number(fields[4]).filter(|n| *n >= 1).ok_or_else(|| {
        format!(
            "{} must be a whole number from 1 to {MAX_COUNT}, not \"{}\"",
            field(4),
            fields[4]
        )
    })?;
    pos.ply = (fullmove - 1) * 2 + u32::from(turn == Color::Black);
    check(&pos)?;
    Ok((Game::from_position(pos), forced))
}

fn number(text: &str) -> Option<u32> {
    crate::rules::code_number(text, MAX_COUNT)
}

fn bad_number(field: &str, text: &str) -> String {
    format!("{field} must be a whole number from 0 to {MAX_COUNT}, not \"{text}\"")
}

/// The pieces of a FEN board: 11 ranks, 11 down to 1, each its cells a..l.
fn board(text: &str, ruleset: Ruleset) -> Result<Position, String> {
    let given: Vec<&str> = text.split('/').collect();
    if given.len() != 11 {
        return Err(format!(
            "it has {} rows, not 11 (ranks 11 down to 1)",
            given.len()
        ));
    }
    let mut pos = Position::empty(ruleset);
    let mut placed: Vec<(Cell, Color, Kind)> = Vec::new();
    for ((k, row), cells) in given.iter().enumerate().zip(rows()) {
        let rank = 11 - k;
        let mut at = 0usize;
        let mut digits = String::new();
        let flush = |digits: &mut String, at: &mut usize| -> Result<(), String> {
            if digits.is_empty() {
                return Ok(());
            }
            let n: usize = digits
                .parse()
                .ok()
                .filter(|n| *n >= 1 && !digits.starts_with('0'))
                .ok_or_else(|| format!("rank {rank} has the count \"{digits}\""))?;
            *at += n;
            digits.clear();
            Ok(())
        };
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            flush(&mut digits, &mut at)?;
            let kind = match c.to_ascii_uppercase() {
                'K' => Kind::King,
                'Q' => Kind::Queen,
                'R' => Kind::Rook,
                'B' => Kind::Bishop,
                'N' => Kind::Knight,
                'P' => Kind::Pawn,
                _ => {
                    return Err(format!(
                        "rank {rank} has \"{c}\", which is no piece (K Q R B N P; lower case for Black) nor a count of empty cells"
                    ));
                }
            };
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let cell = *cells
                .get(at)
                .ok_or_else(|| format!("rank {rank} has more than {} cells", cells.len()))?;
            placed.push((cell, color, kind));
            at += 1;
        }
        flush(&mut digits, &mut at)?;
        if at != cells.len() {
            return Err(format!("rank {rank} has {at} cells, not {}", cells.len()));
        }
    }
    // White's ids first, then Black's, each in cell order.
    placed.sort_by_key(|(cell, color, _)| (color.index(), cell.index()));
    for (cell, color, kind) in placed {
        pos.put(cell, color, kind)
            .ok_or_else(|| "there are more pieces than a game can have".to_string())?;
    }
    Ok(pos)
}

/// The en passant cell (classic only): empty, with the pawn that just stepped over it
/// one step beyond.
fn en_passant(pos: &Position, text: &str, ruleset: Ruleset) -> Result<EnPassant, String> {
    if ruleset == Ruleset::V011 {
        return Err(
            "v011 has no en passant (the pawn that steps two arrives renamed), so it must be -"
                .to_string(),
        );
    }
    let target =
        Cell::parse(text).ok_or_else(|| format!("\"{text}\" is not a cell (a1 to l6) or -"))?;
    let mover = pos.turn().other();
    let forward = match mover {
        Color::White => (0, 1),
        Color::Black => (0, -1),
    };
    let pawn = target
        .offset(forward)
        .filter(|cell| {
            pos.piece_at(*cell)
                .is_some_and(|p| p.color == mover && p.kind == Kind::Pawn)
        })
        .filter(|_| pos.piece_at(target).is_none())
        .ok_or_else(|| format!("{text} has no pawn of the side that just moved beyond it"))?;
    Ok(EnPassant { target, pawn })
}

/// What the rules refuse in a position set up by hand (a code, the editor), in a player's
/// words: a king missing or two of one colour; in classic a pawn on its last rank; the
/// side not to move in check.
pub fn check(pos: &Position) -> Result<(), String> {
    for color in [Color::White, Color::Black] {
        let name = match color {
            Color::White => "White",
            Color::Black => "Black",
        };
        let kings = pos
            .pieces()
            .filter(|(_, p)| p.color == color && p.kind == Kind::King)
            .count();
        match kings {
            0 => return Err(format!("the board (field 1): {name} has no king")),
            1 => {}
            _ => return Err(format!("the board (field 1): {name} has {kings} kings")),
        }
        // H5: a far-edge pawn of v011 arrived renamed and stands; classic promotes.
        if pos.ruleset() == Ruleset::Classic
            && let Some((cell, _)) = pos.pieces().find(|(cell, p)| {
                p.color == color && p.kind == Kind::Pawn && last_rank(*cell, color)
            })
        {
            return Err(format!(
                "the board (field 1): a {} pawn stands on its last rank ({cell})",
                name.to_lowercase()
            ));
        }
    }
    let mut other = pos.clone();
    other.pass_turn();
    if other.in_check() {
        return Err(
            "the side to move (field 2): the side not to move is in check, which no move leaves"
                .to_string(),
        );
    }
    Ok(())
}

/// A pawn's far edge (H5): the top cell of its file for White, rank 1 for Black.
fn last_rank(cell: Cell, color: Color) -> bool {
    match color {
        Color::White => Cell::from_file_rank(cell.file(), cell.rank() + 1).is_none(),
        Color::Black => cell.rank() == 1,
    }
}

#[cfg(test)]
mod tests;
