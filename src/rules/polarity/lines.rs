//! Runs of three or more stones in a row or column, which are removed and collected (P7).

use super::geometry::{Cell, Dir, bits};

/// Every stone that lies in a horizontal or vertical run of 3 or more (the fast path).
/// A stone in two runs is in the mask once, so an L or a cross counts each stone once.
pub fn removed_mask(stones: u64) -> u64 {
    // Cells whose two southern neighbours are stones too end a vertical run of three.
    let v = stones & bits::north(stones) & bits::north(bits::north(stones));
    let vertical = v | bits::south(v) | bits::south(bits::south(v));
    let h = stones & bits::east(stones) & bits::east(bits::east(stones));
    let horizontal = h | bits::west(h) | bits::west(bits::west(h));
    vertical | horizontal
}

/// The maximal runs of 3 or more, each listed from its west or south end: columns first
/// (a..h), then rows (1..8). For the resolution; [`removed_mask`] is the union.
pub fn runs(stones: u64) -> Vec<Vec<Cell>> {
    let mut found = Vec::new();
    // A run starts at a stone whose predecessor (south, or west) is not a stone.
    for dir in [Dir::N, Dir::E] {
        let back = dir.opposite();
        for start in bits::cells(stones) {
            let begins = start.step(back).is_none_or(|c| stones & c.bit() == 0);
            if !begins {
                continue;
            }
            let mut run = vec![start];
            let mut cell = start;
            while let Some(next) = cell.step(dir).filter(|c| stones & c.bit() != 0) {
                run.push(next);
                cell = next;
            }
            if run.len() >= 3 {
                found.push(run);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    fn board(names: &[&str]) -> u64 {
        names
            .iter()
            .map(|n| n.parse::<Cell>().map(Cell::bit).unwrap_or(0))
            .fold(0, |a, b| a | b)
    }

    #[test]
    fn two_in_a_row_is_not_a_run_and_wraps_do_not_count() {
        assert_eq!(removed_mask(board(&["a1", "a2"])), 0);
        // a7 a8 b1 are consecutive indexes but not a column.
        assert_eq!(removed_mask(board(&["a7", "a8", "b1"])), 0);
        assert!(runs(board(&["a7", "a8", "b1"])).is_empty());
    }

    #[test]
    fn runs_union_is_the_mask_on_random_boards() {
        let mut rng = crate::rules::rng::seeded(3);
        for _ in 0..2000 {
            let stones: u64 = rng.random::<u64>() & rng.random::<u64>();
            let union = runs(stones).iter().flatten().fold(0u64, |a, c| a | c.bit());
            assert_eq!(union, removed_mask(stones), "{stones:#x}");
        }
    }
}
