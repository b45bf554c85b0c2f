//! The Wave Field position code (docs/codes/wavefield.md): one line of printable ASCII
//! with everything the rules need to go on, seven fields apart by single spaces:
//!
//! ```text
//! 2TBT2/2RAR2/7/7/7/2rar2/2tbt2 b R+T+A+B+ R+T+A+B+ - 0 0
//! ```
//!
//! the board (rows 7 to 1, Blue upper case, Red lower case, `!` after an unstable piece
//! or the trapped Big Hat of the side to move), the side to move, Blue's and Red's tunings
//! (W6, as `tune` writes them), the result (`-` or `resigned`), the moves made (W12's
//! `ply`) and the actions played (the contract's `ply`).
//!
//! A code assumes the standard wave definitions: a game under developer-mode definitions
//! (W11) is written all the same, with each side's slot-1 signs, and reads back as a game
//! under the standard ones (if its marks fit their field). Reading: [`read`] in `code/read.rs`;
//! the position checks an editor shares ([`check`], [`settle`], [`position`], [`game`]) in
//! `code/check.rs`.

mod check;
mod read;
#[cfg(test)]
mod tests;

use super::Game;
use super::geometry::{Cell, Kind, SIZE, Side};

pub use check::{check, game, position, settle};
pub use read::{read, read_settled};

/// The fields in order, as refusals name them ("the board (field 1)").
pub const FIELDS: [&str; 7] = [
    "the board",
    "the side to move",
    "Blue's tuning",
    "Red's tuning",
    "the result",
    "the move count",
    "the action count",
];

/// The largest count a code holds (fields 6 and 7).
pub const MAX_COUNT: u64 = 1_000_000_000;

/// The code of the start position (W2).
pub const START: &str = "2TBT2/2RAR2/7/7/7/2rar2/2tbt2 b R+T+A+B+ R+T+A+B+ - 0 0";

/// A piece's letter: R, T, A, B (the tuning notation's), upper case for Blue.
pub fn letter(kind: Kind, owner: Side) -> char {
    match owner {
        Side::Blue => kind.letter(),
        Side::Red => kind.letter().to_ascii_lowercase(),
    }
}

/// The position as a code. Never fails: under developer-mode definitions it writes each
/// side's slot-1 signs (the module's doc says what that reads back as).
pub fn write(game: &Game) -> String {
    let pos = game.position();
    let mut out = String::new();
    for y in 0..SIZE as i32 {
        if y > 0 {
            out.push('/');
        }
        let mut run = 0;
        for x in 0..SIZE as i32 {
            let Some(p) = Cell::new(x, y).and_then(|c| pos.piece_at(c)) else {
                run += 1;
                continue;
            };
            if run > 0 {
                out.push_str(&run.to_string());
                run = 0;
            }
            out.push(letter(p.kind, p.owner));
            let trapped = p.kind == Kind::BigHat && p.owner == pos.to_move() && pos.trapped();
            if p.unstable || trapped {
                out.push('!');
            }
        }
        if run > 0 {
            out.push_str(&run.to_string());
        }
    }
    let side = match pos.to_move() {
        Side::Blue => 'b',
        Side::Red => 'r',
    };
    let result = if pos.outcome().is_some() {
        "resigned"
    } else {
        "-"
    };
    format!(
        "{out} {side} {} {} {result} {} {}",
        pos.profile(Side::Blue),
        pos.profile(Side::Red),
        pos.ply(),
        game.actions()
    )
}
