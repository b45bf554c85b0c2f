//! Perft: leaf counts of the legal-move tree, with bulk counting at the last ply. Draw
//! rules are ignored; only checkmate and stalemate end a line (H12). In v011 renaming
//! applies at every ply and a promotion counts as four moves.

use std::sync::atomic::{AtomicUsize, Ordering};

#[cfg(target_arch = "x86_64")]
use super::movegen::has_bit_instructions;
use super::movegen::{count_legal, legal_moves};
use super::position::Position;
use super::types::{Move, Ruleset};

/// Leaf positions `depth` plies below `pos`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if has_bit_instructions() {
        // SAFETY: the features the walk is compiled for were just detected.
        return unsafe { perft_bit_instructions(pos, depth) };
    }
    perft_portable(pos, depth)
}

/// One perft walk: the last ply counted in bulk by `count_legal`, inlined so that the
/// whole walk is compiled with its function's target features.
macro_rules! perft_walk {
    ($(#[$attr:meta])* $vis:vis $name:ident) => {
        $(#[$attr])*
        $vis fn $name(pos: &Position, depth: u32) -> u64 {
            match depth {
                0 => 1,
                1 => count_legal(pos),
                _ => {
                    let rename = pos.ruleset == Ruleset::V011;
                    let mut nodes = 0;
                    for mv in legal_moves(pos) {
                        let mut next = pos.clone();
                        next.play_unchecked(mv, rename);
                        nodes += $name(&next, depth - 1);
                    }
                    nodes
                }
            }
        }
    };
}

perft_walk!(
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt,bmi1")]
    perft_bit_instructions
);
// Crate-visible so the tests walk the portable copy too.
perft_walk!(pub(crate) perft_portable);

/// Leaf counts per first move, sorted by the move's long form.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    divide_on(pos, depth, 1)
}

/// [`perft`] with the first moves shared out among `threads` threads (one or fewer: this
/// thread alone). The count is the same whatever the number of threads.
pub fn perft_on(pos: &Position, depth: u32, threads: usize) -> u64 {
    if depth < 2 || threads < 2 {
        return perft(pos, depth);
    }
    divide_on(pos, depth, threads).iter().map(|(_, n)| n).sum()
}

/// [`divide`] with the first moves shared out among `threads` threads: each takes the
/// next move not yet counted, so a thread that drew small subtrees takes more of them.
pub fn divide_on(pos: &Position, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    let rename = pos.ruleset == Ruleset::V011;
    let moves = legal_moves(pos);
    let below = |mv: Move| {
        let mut next = pos.clone();
        next.play_unchecked(mv, rename);
        perft(&next, depth.saturating_sub(1))
    };
    let mut out: Vec<(Move, u64)> = if threads < 2 || moves.len() < 2 {
        moves.iter().map(|mv| (*mv, below(*mv))).collect()
    } else {
        let next = AtomicUsize::new(0);
        let counted: Vec<Vec<(Move, u64)>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads.min(moves.len()))
                .map(|_| {
                    scope.spawn(|| {
                        let mut mine = Vec::new();
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some(mv) = moves.get(i) else { break };
                            mine.push((*mv, below(*mv)));
                        }
                        mine
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().unwrap_or_default())
                .collect()
        });
        counted.into_iter().flatten().collect()
    };
    out.sort_by_key(|(mv, _)| mv.long());
    out
}
