//! The hex chess position code (docs/codes/hexchess.md).

use super::{Game, GameSession};

/// The position as a code.
pub fn write(_game: &Game) -> String {
    String::new()
}

/// The game a code writes; one sentence naming the first wrong field when it is bad.
pub fn read(_code: &str) -> Result<Game, String> {
    Err("position codes are not read yet".to_string())
}

/// The session's code: the game's, with the session's own state after it.
pub fn write_session(session: &GameSession) -> String {
    write(session.game())
}

/// The session a code writes.
pub fn read_session(code: &str) -> Result<GameSession, String> {
    read(code).map(GameSession::from_game)
}
