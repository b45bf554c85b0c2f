//! The one seeded generator every game state owns. ChaCha8 is portable and its stream is
//! fixed by its specification, so a seed and a list of actions replay identically on every
//! machine; it serializes, so a saved game resumes the same stream.

use rand::SeedableRng;

pub type GameRng = rand_chacha::ChaCha8Rng;

/// A generator for `seed`.
pub fn seeded(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn same_seed_same_stream() {
        let a: Vec<u32> = seeded(7).random_iter().take(8).collect();
        let b: Vec<u32> = seeded(7).random_iter().take(8).collect();
        let c: Vec<u32> = seeded(8).random_iter().take(8).collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }
}
