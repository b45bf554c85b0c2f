//! What Vectress's puzzles count (enemy magnets off the board) and say.

use super::counted;
use crate::puzzles::Puzzler;
use crate::rules::vectress;

impl Puzzler for vectress::Game {
    const COUNTS: &'static str = "magnets";
    const TAKE_AT_LEAST: u32 = 2;
    const WIN_GOAL: &'static str = "Win now: the enemy Core or a fifth enemy magnet off";
    const PUZZLES: &'static str = include_str!("../../../assets/puzzles/vectress.ron");

    /// Enemy magnets off the board: knocked off in a wave or over the edge with a body.
    fn taken(_before: &Self, r: &vectress::Resolution, _after: &Self) -> u32 {
        let enemy = r.side.opponent();
        let in_waves = r
            .waves
            .iter()
            .flat_map(|w| &w.lost)
            .filter(|l| l.owner == enemy);
        let dropped = r
            .player
            .iter()
            .flat_map(|p| &p.dropped)
            .filter(|d| d.owner == enemy);
        (in_waves.count() + dropped.count()) as u32
    }

    fn amount(n: u32) -> String {
        format!(
            "{} off the board",
            counted(n, "enemy magnet", "enemy magnets")
        )
    }

    fn take_goal(at_least: u32) -> String {
        format!("Push at least {} with one move", Self::amount(at_least))
    }
}
