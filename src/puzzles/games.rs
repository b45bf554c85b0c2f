//! What each game's puzzles count and say.

use super::Puzzler;
use crate::rules::{hexchess, polarity, vectress, wavefield};

/// "1 stone", "2 stones".
fn counted(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl Puzzler for vectress::Game {
    const COUNTS: &'static str = "magnets";
    const TAKE_AT_LEAST: u32 = 2;
    const WIN_GOAL: &'static str = "Win now: the enemy Core or a fifth enemy magnet off";
    const PUZZLES: &'static str = include_str!("../../assets/puzzles/vectress.ron");

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

impl Puzzler for hexchess::Game {
    const COUNTS: &'static str = "points";
    const TAKE_AT_LEAST: u32 = 5;
    const WIN_GOAL: &'static str = "Mate in one";
    const PUZZLES: &'static str = include_str!("../../assets/puzzles/hexchess.ron");

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

impl Puzzler for wavefield::Game {
    const COUNTS: &'static str = "unstable_pieces";
    const TAKE_AT_LEAST: u32 = 2;
    const WIN_GOAL: &'static str = "Trap the enemy Big Hat beyond rescue";
    const PUZZLES: &'static str = include_str!("../../assets/puzzles/wavefield.ron");

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

impl Puzzler for polarity::Game {
    const COUNTS: &'static str = "stones";
    const TAKE_AT_LEAST: u32 = 4;
    const WIN_GOAL: &'static str = "Win now: take your tenth stone";
    const PUZZLES: &'static str = include_str!("../../assets/puzzles/polarity.ron");

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
