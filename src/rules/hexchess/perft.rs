//! Perft: leaf counts of the legal-move tree, with bulk counting at the last ply. Draw
//! rules are ignored; only checkmate and stalemate end a line (H12). In v011 renaming
//! applies at every ply and a promotion counts as four moves.

use super::movegen::{count_moves, legal_moves};
use super::position::Position;
use super::types::{Move, Ruleset};

/// Leaf positions `depth` plies below `pos`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_moves(pos),
        _ => {
            let rename = pos.ruleset == Ruleset::V011;
            let mut nodes = 0;
            for mv in legal_moves(pos) {
                let mut next = pos.clone();
                next.play_unchecked(mv, rename);
                nodes += perft(&next, depth - 1);
            }
            nodes
        }
    }
}

/// Leaf counts per first move, sorted by the move's long form.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let rename = pos.ruleset == Ruleset::V011;
    let mut out: Vec<(Move, u64)> = legal_moves(pos)
        .into_iter()
        .map(|mv| {
            let mut next = pos.clone();
            next.play_unchecked(mv, rename);
            (mv, perft(&next, depth.saturating_sub(1)))
        })
        .collect();
    out.sort_by_key(|(mv, _)| mv.long());
    out
}
