//! What hex chess's puzzles count (material won, retaking counted) and say.

use super::counted;
use crate::puzzles::Puzzler;
use crate::rules::hexchess;

impl Puzzler for hexchess::Game {
    const COUNTS: &'static str = "points";
    const TAKE_AT_LEAST: u32 = 5;
    const WIN_GOAL: &'static str = "Mate in one";
    const PUZZLES: &'static str = include_str!("../../../assets/puzzles/hexchess.ron");

    /// The material the move wins: the captured man's worth (pawn 1, knight and bishop 3,
    /// rook 5, queen 9), less the capturer's worth as it arrived when the reply can take it
    /// back on that cell, so that a queen taken by a pawn that falls at once still counts
    /// 8 and a rook taken by a queen that falls counts nothing.
    fn taken(_before: &Self, r: &hexchess::Resolution, after: &Self) -> u32 {
        use crate::showcase::hexchess::value;
        let Some((_, kind, _)) = r.captured else {
            return 0;
        };
        let retaken = after.legal_moves().iter().any(|m| m.to == r.mv.to);
        let lost = if retaken { value(r.arrived_as) } else { 0 };
        value(kind).saturating_sub(lost)
    }

    fn amount(n: u32) -> String {
        counted(n, "point", "points")
    }

    fn take_goal(at_least: u32) -> String {
        format!(
            "Win at least {} of material, taking back counted (rook 5, queen 9)",
            Self::amount(at_least)
        )
    }
}
