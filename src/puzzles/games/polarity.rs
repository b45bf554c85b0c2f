//! What Polarity's puzzles count (stones taken in lines) and say.

use super::counted;
use crate::puzzles::Puzzler;
use crate::rules::polarity;

impl Puzzler for polarity::Game {
    const COUNTS: &'static str = "stones";
    const TAKE_AT_LEAST: u32 = 4;
    const WIN_GOAL: &'static str = "Win now: take your tenth stone";
    const PUZZLES: &'static str = include_str!("../../../assets/puzzles/polarity.ron");

    /// Stones taken in lines by the placement.
    fn taken(_before: &Self, r: &polarity::Resolution, _after: &Self) -> u32 {
        r.removed.len() as u32
    }

    fn amount(n: u32) -> String {
        counted(n, "stone", "stones")
    }

    fn take_goal(at_least: u32) -> String {
        format!(
            "Take at least {} with one placement",
            Self::amount(at_least)
        )
    }
}
