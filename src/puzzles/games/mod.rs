//! What each game's puzzles count and say: one file per game, named here once.

mod hexchess;
mod polarity;
mod vectress;
mod wavefield;

/// "1 stone", "2 stones".
pub(super) fn counted(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
