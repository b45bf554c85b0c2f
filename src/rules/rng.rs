//! The one seeded generator every game state owns. ChaCha8 is portable and its stream is
//! fixed by its specification, so a seed and a list of actions replay identically on every
//! machine; it serializes, so a saved game resumes the same stream.

use rand::SeedableRng;

pub type GameRng = rand_chacha::ChaCha8Rng;

/// A generator for `seed`.
pub fn seeded(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// The generator as plain integers for `#[serde(with = "crate::rules::rng::ron_safe")]`:
/// its `u128` word position is split in two because RON (the project's save format) has
/// no 128-bit integers.
pub mod ron_safe {
    use rand::SeedableRng;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::GameRng;

    #[derive(Serialize, Deserialize)]
    struct Saved {
        seed: [u8; 32],
        stream: u64,
        word_pos_high: u64,
        word_pos_low: u64,
    }

    pub fn serialize<S: Serializer>(rng: &GameRng, serializer: S) -> Result<S::Ok, S::Error> {
        let pos = rng.get_word_pos();
        Saved {
            seed: rng.get_seed(),
            stream: rng.get_stream(),
            word_pos_high: (pos >> 64) as u64,
            word_pos_low: pos as u64,
        }
        .serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<GameRng, D::Error> {
        let saved = Saved::deserialize(deserializer)?;
        let mut rng = GameRng::from_seed(saved.seed);
        rng.set_stream(saved.stream);
        rng.set_word_pos(((saved.word_pos_high as u128) << 64) | saved.word_pos_low as u128);
        Ok(rng)
    }
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
