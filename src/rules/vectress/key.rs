//! The board as ko and repetition compare it (V13, V15).

use serde::{Deserialize, Serialize};

use super::geometry::CELLS;

/// A board for ko and repetition: per cell the piece (kind and owner) and its bonds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BoardKey(pub [u8; CELLS]);

impl Serialize for BoardKey {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter())
    }
}

impl<'de> Deserialize<'de> for BoardKey {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let bytes: Vec<u8> = Vec::deserialize(deserializer)?;
        let array: [u8; CELLS] = bytes
            .try_into()
            .map_err(|_| serde::de::Error::custom("a board key has 81 bytes"))?;
        Ok(BoardKey(array))
    }
}
