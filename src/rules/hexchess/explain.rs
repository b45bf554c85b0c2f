//! One sentence naming the rule a refused move breaks.

use super::geometry::{Cell, tables};
use super::movegen::piece_targets;
use super::position::Position;
use super::types::{Illegal, IllegalAction, Kind, Move, MovementRule};

/// Why `mv` is not legal in `pos` (the caller has established that it is not).
pub fn explain(pos: &Position, mv: Move) -> IllegalAction {
    IllegalAction::new(reason(pos, mv))
}

fn reason(pos: &Position, mv: Move) -> Illegal {
    let t = tables();
    let Some(piece) = pos.piece_at(mv.from) else {
        return Illegal::NoPiece { mv };
    };
    let turn = pos.turn();
    if piece.color != turn {
        return Illegal::NotYourPiece {
            mv,
            owner: piece.color,
            turn,
        };
    }
    if mv.from == mv.to {
        return Illegal::MustLeaveCell { mv };
    }
    if pos.piece_at(mv.to).is_some_and(|p| p.color == turn) {
        return Illegal::OwnCapture { mv };
    }
    let kind = piece.kind;
    let targets = piece_targets(pos, t, mv.from.index(), kind, turn);
    if targets & mv.to.bit() == 0 {
        return Illegal::Movement {
            mv,
            kind,
            rule: movement_rule(pos, kind, mv.from, mv.to),
        };
    }
    let promotes = kind == Kind::Pawn && t.far_edge[turn.index()] & mv.to.bit() != 0;
    match (promotes, mv.promotion) {
        (true, None) => return Illegal::MustPromote { mv },
        (false, Some(_)) => return Illegal::OnlyFarEdgePromotes { mv },
        (true, Some(Kind::King | Kind::Pawn)) => return Illegal::BadPromotionPiece { mv },
        _ => {}
    }
    if pos.in_check() {
        Illegal::CheckNotResolved { mv, color: turn }
    } else {
        Illegal::LeavesKingInCheck { mv, color: turn }
    }
}

fn movement_rule(pos: &Position, kind: Kind, from: Cell, to: Cell) -> MovementRule {
    let t = tables();
    let direction = t.direction[from.index()][to.index()];
    let blocked =
        || super::geometry::cells(t.between(from.index(), to.index()) & pos.occupied()).next();
    match kind {
        Kind::Pawn => {
            let step = t.pawn_push[pos.turn().index()][from.index()] as usize;
            let captures = t.pawn_capture[pos.ruleset().index()][pos.turn().index()][from.index()];
            if step == to.index() {
                MovementRule::PawnPushBlocked
            } else if captures & to.bit() != 0 {
                MovementRule::PawnDiagonalOnlyCaptures
            } else {
                MovementRule::PawnStep(pos.ruleset())
            }
        }
        Kind::Knight => MovementRule::KnightLeap,
        Kind::King => MovementRule::KingStep(pos.ruleset()),
        Kind::Bishop | Kind::Rook | Kind::Queen => {
            let fits = match kind {
                Kind::Bishop => (6..12).contains(&direction),
                Kind::Rook => direction < 6,
                _ => direction < 12,
            };
            if fits && let Some(cell) = blocked() {
                return MovementRule::Blocked { kind, cell };
            }
            match kind {
                Kind::Bishop => MovementRule::BishopLines,
                Kind::Rook => MovementRule::RookLines,
                _ => MovementRule::QueenLines,
            }
        }
    }
}
