//! What Wave Field's puzzles count (enemy pieces left unstable) and say; a win is the
//! enemy Big Hat trapped beyond rescue.

use super::counted;
use crate::puzzles::Puzzler;
use crate::rules::wavefield;

impl Puzzler for wavefield::Game {
    const COUNTS: &'static str = "unstable_pieces";
    const TAKE_AT_LEAST: u32 = 2;
    const WIN_GOAL: &'static str = "Trap the enemy Big Hat beyond rescue";
    const PUZZLES: &'static str = include_str!("../../../assets/puzzles/wavefield.ron");

    /// Enemy pieces other than the Big Hat left on hostile territory: a move never removes
    /// an enemy piece (removal takes the mover's own pieces that stayed unstable, W8), it
    /// leaves them unstable, to be removed unless their owner rescues them.
    fn taken(_before: &Self, r: &wavefield::Resolution, after: &Self) -> u32 {
        let wavefield::Event::Moved { unstable, .. } = &r.event else {
            return 0;
        };
        let pos = after.position();
        unstable
            .iter()
            .map(|&id| pos.piece(id))
            .filter(|p| p.owner == r.side.opponent() && p.kind != wavefield::Kind::BigHat)
            .count() as u32
    }

    /// Wave Field never ends but by resignation: a win is the enemy Big Hat trapped with
    /// no tuning and move that rescues it (W9), so the trapped side can only resign.
    fn won(after: &Self, _mover: wavefield::Side) -> bool {
        after.position().trapped() && after.rescue().is_none()
    }

    /// A move may not leave the mover's own Big Hat hostile (W9), so none loses at once.
    fn lost(_after: &Self, _mover: wavefield::Side) -> bool {
        false
    }

    fn amount(n: u32) -> String {
        format!("{} unstable", counted(n, "enemy piece", "enemy pieces"))
    }

    fn take_goal(at_least: u32) -> String {
        format!("Leave at least {} with one turn", Self::amount(at_least))
    }
}
