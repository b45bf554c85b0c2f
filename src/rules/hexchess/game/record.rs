//! A game as a record: its start (the standard one, or a hand-made [`Setup`]) and its
//! moves with their renamings, which a game is rebuilt from move by move.

use serde::{Deserialize, Serialize};

use super::{Cell, Color, Game, Kind, PieceId, Position, RecordedMove, Ruleset};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameRecord {
    pub ruleset: Ruleset,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<Setup>,
    pub moves: Vec<RecordedMove>,
}

/// A hand-made start position: pieces with their ids, side to move, clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub pieces: Vec<(PieceId, Cell, Color, Kind)>,
    pub turn: Color,
    pub halfmove_clock: u32,
}

impl Setup {
    pub(super) fn of(pos: &Position) -> Setup {
        Setup {
            pieces: pos
                .pieces()
                .map(|(c, p)| (p.id, c, p.color, p.kind))
                .collect(),
            turn: pos.turn(),
            halfmove_clock: pos.halfmove_clock(),
        }
    }

    pub(super) fn position(&self, ruleset: Ruleset) -> Result<Position, String> {
        let mut pos = Position::empty(ruleset);
        for &(id, cell, color, kind) in &self.pieces {
            pos.put_with_id(id, cell, color, kind).ok_or_else(|| {
                format!(
                    "the setup places two pieces on {cell} or reuses id {}",
                    id.0
                )
            })?;
        }
        pos.set_turn(self.turn);
        pos.halfmove_clock = self.halfmove_clock;
        Ok(pos)
    }
}

impl From<Game> for GameRecord {
    fn from(game: Game) -> Self {
        GameRecord {
            ruleset: game.ruleset(),
            setup: game.setup.clone(),
            moves: game
                .moves
                .iter()
                .map(|r| RecordedMove {
                    mv: r.mv,
                    renamed: r.renamed,
                })
                .collect(),
        }
    }
}

impl TryFrom<GameRecord> for Game {
    type Error = String;
    fn try_from(record: GameRecord) -> Result<Self, String> {
        let mut game = match &record.setup {
            None => Game::new(record.ruleset),
            Some(setup) => Game::from_position(setup.position(record.ruleset)?),
        };
        for (i, m) in record.moves.iter().enumerate() {
            game.play_with(m.mv, m.renamed)
                .map_err(|e| format!("move {} of the record: {e}", i + 1))?;
        }
        Ok(game)
    }
}
