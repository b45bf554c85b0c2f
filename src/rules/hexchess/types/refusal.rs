//! Refused moves (H12): [`IllegalAction`] carries the rule broken ([`Illegal`], for a
//! piece's movement a [`MovementRule`]); each `Display` is the sentence naming it.

use std::fmt;

use super::super::geometry::Cell;
use super::{Color, Kind, Move, Reason, Ruleset};

/// A refused move: the rule it breaks ([`Illegal`]); its `Display` is one sentence naming
/// that rule. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalAction {
    pub reason: Illegal,
}

impl IllegalAction {
    pub fn new(reason: Illegal) -> Self {
        IllegalAction { reason }
    }
}

impl From<Illegal> for IllegalAction {
    fn from(reason: Illegal) -> Self {
        IllegalAction { reason }
    }
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.reason.fmt(f)
    }
}

impl std::error::Error for IllegalAction {}

/// The rule a refused move (or move text) breaks. Variants carrying `mv` explain a move
/// that is not legal; those carrying `text` refuse what was typed; `Display` writes the
/// sentence, prefixed by the move or the quoted text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Illegal {
    /// No piece stands on the origin.
    NoPiece { mv: Move },
    /// The piece on the origin belongs to the side not to move.
    NotYourPiece { mv: Move, owner: Color, turn: Color },
    /// Origin and destination are the same cell.
    MustLeaveCell { mv: Move },
    /// The destination holds a piece of the mover's side.
    OwnCapture { mv: Move },
    /// The piece (`kind`) cannot make that move by its movement rule.
    Movement {
        mv: Move,
        kind: Kind,
        rule: MovementRule,
    },
    /// A pawn reaching its far edge without a promotion choice.
    MustPromote { mv: Move },
    /// A promotion choice on a move that is not a pawn reaching its far edge.
    OnlyFarEdgePromotes { mv: Move },
    /// A promotion to a king or a pawn.
    BadPromotionPiece { mv: Move },
    /// The side to move (`color`) is in check and the move does not resolve it.
    CheckNotResolved { mv: Move, color: Color },
    /// The move would leave the mover's (`color`) king in check.
    LeavesKingInCheck { mv: Move, color: Color },
    /// The text is not hex chess notation.
    NotNotation { text: String },
    /// The text's `=X` names no queen, rook, bishop or knight.
    BadPromotionLetter { text: String },
    /// The text's destination (`cell`, as written) is not on the board.
    NoSuchCell { text: String, cell: String },
    /// The text's move captures on `to` but has no `x`.
    CaptureNotWritten { text: String, to: Cell },
    /// The text has an `x` but `to` holds no enemy piece.
    NotACapture { text: String, to: Cell },
    /// The text's pawn reaches its far edge without `=X`.
    TextMustPromote { text: String },
    /// No `color` piece of `kind` can legally move to `to`.
    NoPieceCanMove {
        text: String,
        color: Color,
        kind: Kind,
        to: Cell,
    },
    /// More than one piece of `kind` can move to `to`.
    Ambiguous { text: String, kind: Kind, to: Cell },
    /// The game is over (`reason`).
    GameOver { reason: Reason },
    /// A forced move was asked for, and the side to move has more than one legal move.
    NoneForced,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::NoPiece { mv } => write!(f, "{mv}: there is no piece on {}", mv.from),
            Illegal::NotYourPiece { mv, owner, turn } => write!(
                f,
                "{mv}: the piece on {} is {}'s, and it is {}'s turn to move",
                mv.from,
                owner.name(),
                turn.name()
            ),
            Illegal::MustLeaveCell { mv } => {
                write!(
                    f,
                    "{mv}: a move must leave its cell; passing is not allowed"
                )
            }
            Illegal::OwnCapture { mv } => {
                write!(f, "{mv}: a piece may never capture a piece of its own side")
            }
            Illegal::Movement { mv, rule, .. } => write!(f, "{mv}: {rule}"),
            Illegal::MustPromote { mv } => write!(
                f,
                "{mv}: a pawn reaching the far edge must promote; add =Q, =R, =B or =N"
            ),
            Illegal::OnlyFarEdgePromotes { mv } => {
                write!(f, "{mv}: only a pawn moving onto its far edge promotes")
            }
            Illegal::BadPromotionPiece { mv } => write!(
                f,
                "{mv}: a pawn promotes only to a queen, rook, bishop or knight"
            ),
            Illegal::CheckNotResolved { mv, color } => write!(
                f,
                "{mv}: the {} king is in check and this move does not resolve it",
                color.name()
            ),
            Illegal::LeavesKingInCheck { mv, color } => write!(
                f,
                "{mv}: this move would leave the {} king in check",
                color.name()
            ),
            Illegal::NotNotation { text } => write!(
                f,
                "\"{text}\" is not a move in hex chess notation (for example f5f6, f6, Nxe5, e10=Q)"
            ),
            Illegal::BadPromotionLetter { text } => write!(
                f,
                "\"{text}\": a pawn promotes only to a queen, rook, bishop or knight (=Q, =R, =B or =N)"
            ),
            Illegal::NoSuchCell { text, cell } => {
                write!(f, "\"{text}\": there is no cell {cell} on the board")
            }
            Illegal::CaptureNotWritten { text, to } => write!(
                f,
                "\"{text}\" captures on {to}, and a capture must be written with x"
            ),
            Illegal::NotACapture { text, to } => write!(
                f,
                "\"{text}\" is written as a capture, but {to} holds no enemy piece"
            ),
            Illegal::TextMustPromote { text } => write!(
                f,
                "\"{text}\": a pawn reaching the far edge must promote; add =Q, =R, =B or =N"
            ),
            Illegal::NoPieceCanMove {
                text,
                color,
                kind,
                to,
            } => write!(
                f,
                "\"{text}\": no {} {} can move to {to} in this position",
                color.name(),
                kind.name()
            ),
            Illegal::Ambiguous { text, kind, to } => write!(
                f,
                "\"{text}\" is ambiguous: more than one {} can move to {to}; add the origin file or rank",
                kind.name()
            ),
            Illegal::GameOver { reason } => write!(
                f,
                "the game is over ({}); no more moves may be played",
                reason.name()
            ),
            Illegal::NoneForced => write!(
                f,
                "the side to move has more than one legal move, so none is forced"
            ),
        }
    }
}

/// The movement rule a move breaks; `Display` is the rule's sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MovementRule {
    /// A pawn's straight step onto an occupied cell.
    PawnPushBlocked,
    /// A pawn onto a forward diagonal cell with nothing to capture.
    PawnDiagonalOnlyCaptures,
    /// Any other pawn move: the ruleset's pawn rule.
    PawnStep(Ruleset),
    /// Not a knight's leap.
    KnightLeap,
    /// Not a king's step under the ruleset.
    KingStep(Ruleset),
    /// A slider (`kind`) along its line, stopped by the occupied `cell`.
    Blocked { kind: Kind, cell: Cell },
    /// A bishop off its diagonal lines.
    BishopLines,
    /// A rook off its orthogonal lines.
    RookLines,
    /// A queen off its orthogonal and diagonal lines.
    QueenLines,
}

impl fmt::Display for MovementRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MovementRule::PawnPushBlocked => f.write_str(
                "a pawn moves forward only onto an empty cell; it captures on its forward diagonals",
            ),
            MovementRule::PawnDiagonalOnlyCaptures => {
                f.write_str("a pawn moves onto a forward diagonal cell only to capture")
            }
            MovementRule::PawnStep(Ruleset::Classic) => f.write_str(
                "a pawn moves one cell straight forward (two from its start cell), or captures one cell forward-left or forward-right",
            ),
            MovementRule::PawnStep(Ruleset::V011) => f.write_str(
                "a pawn moves one cell straight forward, or captures on one of its two forward diagonal cells",
            ),
            MovementRule::KnightLeap => f.write_str(
                "a knight leaps one orthogonal step then one diagonal step outward, and that is not such a leap",
            ),
            MovementRule::KingStep(Ruleset::V011) => {
                f.write_str("a king moves one cell to one of its six orthogonal neighbours")
            }
            MovementRule::KingStep(Ruleset::Classic) => f.write_str(
                "a king moves one cell to one of its six orthogonal or six diagonal neighbours",
            ),
            MovementRule::Blocked { kind, cell } => write!(
                f,
                "a {} may not pass through the occupied cell {cell}",
                kind.name()
            ),
            MovementRule::BishopLines => {
                f.write_str("a bishop moves only along diagonal (vertex-sharing) lines")
            }
            MovementRule::RookLines => {
                f.write_str("a rook moves only along orthogonal (edge-sharing) lines")
            }
            MovementRule::QueenLines => {
                f.write_str("a queen moves only along orthogonal or diagonal lines")
            }
        }
    }
}
