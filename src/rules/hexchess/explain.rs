//! One sentence naming the rule a refused move breaks.

use super::geometry::{Cell, tables};
use super::movegen::piece_targets;
use super::position::Position;
use super::types::{IllegalAction, Kind, Move, Ruleset};

/// Why `mv` is not legal in `pos` (the caller has established that it is not).
pub fn explain(pos: &Position, mv: Move) -> IllegalAction {
    IllegalAction::new(sentence(pos, mv))
}

fn sentence(pos: &Position, mv: Move) -> String {
    let t = tables();
    let Some(piece) = pos.piece_at(mv.from) else {
        return format!("{mv}: there is no piece on {}", mv.from);
    };
    let turn = pos.turn();
    if piece.color != turn {
        return format!(
            "{mv}: the piece on {} is {}'s, and it is {}'s turn to move",
            mv.from,
            piece.color.name(),
            turn.name()
        );
    }
    if mv.from == mv.to {
        return format!("{mv}: a move must leave its cell; passing is not allowed");
    }
    if pos.piece_at(mv.to).is_some_and(|p| p.color == turn) {
        return format!("{mv}: a piece may never capture a piece of its own side");
    }
    let kind = piece.kind;
    let targets = piece_targets(pos, t, mv.from.index(), kind, turn);
    if targets & mv.to.bit() == 0 {
        return format!("{mv}: {}", movement_rule(pos, kind, mv.from, mv.to));
    }
    let promotes = kind == Kind::Pawn && t.far_edge[turn.index()] & mv.to.bit() != 0;
    match (promotes, mv.promotion) {
        (true, None) => {
            return format!(
                "{mv}: a pawn reaching the far edge must promote; add =Q, =R, =B or =N"
            );
        }
        (false, Some(_)) => {
            return format!("{mv}: only a pawn moving onto its far edge promotes");
        }
        (true, Some(Kind::King | Kind::Pawn)) => {
            return format!("{mv}: a pawn promotes only to a queen, rook, bishop or knight");
        }
        _ => {}
    }
    if pos.in_check() {
        format!(
            "{mv}: the {} king is in check and this move does not resolve it",
            turn.name()
        )
    } else {
        format!(
            "{mv}: this move would leave the {} king in check",
            turn.name()
        )
    }
}

fn movement_rule(pos: &Position, kind: Kind, from: Cell, to: Cell) -> String {
    let t = tables();
    let direction = t.direction[from.index()][to.index()];
    let blocked =
        || super::geometry::cells(t.between(from.index(), to.index()) & pos.occupied()).next();
    match kind {
        Kind::Pawn => {
            let step = t.pawn_push[pos.turn().index()][from.index()] as usize;
            let captures = t.pawn_capture[pos.ruleset().index()][pos.turn().index()][from.index()];
            if step == to.index() {
                "a pawn moves forward only onto an empty cell; it captures on its forward diagonals"
                    .to_string()
            } else if captures & to.bit() != 0 {
                "a pawn moves onto a forward diagonal cell only to capture".to_string()
            } else if pos.ruleset() == Ruleset::Classic {
                "a pawn moves one cell straight forward (two from its start cell), or captures one cell forward-left or forward-right".to_string()
            } else {
                "a pawn moves one cell straight forward, or captures on one of its two forward diagonal cells".to_string()
            }
        }
        Kind::Knight => {
            "a knight leaps one orthogonal step then one diagonal step outward, and that is not such a leap"
                .to_string()
        }
        Kind::King => match pos.ruleset() {
            Ruleset::V011 => "a king moves one cell to one of its six orthogonal neighbours".to_string(),
            Ruleset::Classic => {
                "a king moves one cell to one of its six orthogonal or six diagonal neighbours"
                    .to_string()
            }
        },
        Kind::Bishop | Kind::Rook | Kind::Queen => {
            let fits = match kind {
                Kind::Bishop => (6..12).contains(&direction),
                Kind::Rook => direction < 6,
                _ => direction < 12,
            };
            if fits && let Some(cell) = blocked() {
                return format!(
                    "a {} may not pass through the occupied cell {cell}",
                    kind.name()
                );
            }
            match kind {
                Kind::Bishop => "a bishop moves only along diagonal (vertex-sharing) lines",
                Kind::Rook => "a rook moves only along orthogonal (edge-sharing) lines",
                _ => "a queen moves only along orthogonal or diagonal lines",
            }
            .to_string()
        }
    }
}
