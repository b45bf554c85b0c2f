//! Why an action is refused: [`IllegalAction`], the rule broken, and its sentence.

use super::super::geometry::{Cell, Kind, Side};
use super::super::position::Move;

/// A refused action: the rule broken; its `Display` is one sentence. A refused action
/// changes nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalAction {
    /// The game is over: `loser` resigned (or is the side to move of a drawn game).
    GameOver { loser: Side },
    /// W7: no piece stands on the move's origin.
    NoPiece(Cell),
    /// W7: the piece (`kind`) on `cell` belongs to `owner`, and `to_move` is to move.
    NotYours {
        kind: Kind,
        cell: Cell,
        owner: Side,
        to_move: Side,
    },
    /// W7: origin and destination are the same square.
    Stationary(Move),
    /// W7: the destination is not along one of the eight rays.
    NotARay(Move),
    /// W7: the path is blocked at `cell` by an `owner` `kind`.
    Blocked {
        mv: Move,
        cell: Cell,
        owner: Side,
        kind: Kind,
    },
    /// W7: a `side` `kind` (not a triAngle Hat) crosses the opponent's territory at `cell`.
    HostileCrossing {
        mv: Move,
        cell: Cell,
        side: Side,
        kind: Kind,
    },
    /// W9: the move leaves `side`'s Big Hat on hostile territory.
    BigHatExposed { mv: Move, side: Side },
    /// W9: a hint asked for while the Big Hat is not trapped.
    HintNotTrapped,
    /// W9: a hint asked for, and no tuning and move rescues the trapped Big Hat.
    NoRescue,
    /// W11: a press of slot `slot` (0-based) of `kind`, which has `slots` slots.
    NoSuchSlot { kind: Kind, slots: u8, slot: usize },
    /// W11: a whole tuning gives `kind` `given` controls, and it has `slots` slots.
    SlotCount { kind: Kind, slots: u8, given: u8 },
    /// W11: a whole tuning turns `on` components of `kind` on, outside 1..=`limit`.
    ActiveLimit { kind: Kind, limit: u8, on: u8 },
}

/// "1 slot", "3 slots".
fn count(n: u8, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

impl std::fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IllegalAction::GameOver { loser } => write!(
                f,
                "the game is over ({} resigned); no further actions are allowed",
                loser.name()
            ),
            IllegalAction::NoPiece(cell) => write!(f, "there is no piece on {cell}"),
            IllegalAction::NotYours {
                kind,
                cell,
                owner,
                to_move,
            } => write!(
                f,
                "the {} on {cell} belongs to {}, and it is {}'s turn",
                kind.title(),
                owner.name(),
                to_move.name()
            ),
            IllegalAction::Stationary(mv) => write!(
                f,
                "{mv} does not move the piece; a move must go at least one square"
            ),
            IllegalAction::NotARay(mv) => write!(
                f,
                "{mv} is not along one of the eight rays (horizontal, vertical or diagonal) (W7)"
            ),
            IllegalAction::Blocked {
                mv,
                cell,
                owner,
                kind,
            } => write!(
                f,
                "{mv} is blocked: {cell} is occupied by a {} {}, and pieces cannot jump or capture (W7)",
                owner.name(),
                kind.title()
            ),
            IllegalAction::HostileCrossing {
                mv,
                cell,
                side,
                kind,
            } => write!(
                f,
                "{mv} crosses {cell}, which is {} territory; a {} {} may only cross friendly or Neutral squares (W7)",
                side.opponent().name(),
                side.name(),
                kind.title()
            ),
            IllegalAction::BigHatExposed { mv, side } => write!(
                f,
                "{mv} would leave {}'s Big Hat on hostile territory, and a move must end with it protected (W9)",
                side.name()
            ),
            IllegalAction::HintNotTrapped => write!(
                f,
                "the hint is only offered while your Big Hat is trapped (W9)"
            ),
            IllegalAction::NoRescue => write!(
                f,
                "no tuning and move can rescue the trapped Big Hat, so there is no hint (W9)"
            ),
            IllegalAction::NoSuchSlot { kind, slots, slot } => write!(
                f,
                "{} has {slots} component slots; there is no slot {}",
                kind.title(),
                slot + 1
            ),
            IllegalAction::SlotCount { kind, slots, given } => write!(
                f,
                "{} has {}, but the tuning gives it {}; write one control per slot (W11)",
                kind.title(),
                count(*slots, "component slot"),
                count(*given, "control")
            ),
            IllegalAction::ActiveLimit { kind, limit, on } => write!(
                f,
                "the tuning turns on {} of the {}, which needs 1 to {limit} on (its active limit, W11)",
                count(*on, "component"),
                kind.title()
            ),
        }
    }
}

impl std::error::Error for IllegalAction {}
