//! The rules cores. Nothing in here depends on Bevy: `cargo test --no-default-features`
//! builds and tests all of it.

pub mod hexchess;
pub mod polarity;
pub mod rng;
pub mod vectress;
pub mod wavefield;

/// The games Lodestone serves, by their protocol ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameId {
    Vectress,
    Hexchess,
    Wavefield,
    Polarity,
}

impl GameId {
    pub const ALL: [GameId; 4] = [
        GameId::Vectress,
        GameId::Hexchess,
        GameId::Wavefield,
        GameId::Polarity,
    ];

    /// The protocol id (`"vectress"`, ...).
    pub fn id(self) -> &'static str {
        match self {
            GameId::Vectress => "vectress",
            GameId::Hexchess => "hexchess",
            GameId::Wavefield => "wavefield",
            GameId::Polarity => "polarity",
        }
    }

    /// The name shown to players.
    pub fn title(self) -> &'static str {
        match self {
            GameId::Vectress => "Vectress",
            GameId::Hexchess => "Hex chess v011",
            GameId::Wavefield => "Wave Field",
            GameId::Polarity => "Polarity",
        }
    }

    pub fn parse(id: &str) -> Option<GameId> {
        GameId::ALL.into_iter().find(|g| g.id() == id)
    }
}
