//! A game: the position, its history (for undo and repetition), the endings of H9/H12 and
//! the [`Resolution`] of each move.

use serde::{Deserialize, Serialize};

use super::geometry::Cell;
use super::movegen::{count_moves, legal_moves};
use super::notation;
use super::position::Position;
use super::types::{Color, Illegal, IllegalAction, Kind, Move, Outcome, PieceId, Reason, Ruleset};
use crate::rules::rng::{GameRng, seeded};

mod record;
pub use record::{GameRecord, Setup};

/// One thing a move set off, in the order it happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// The piece left `from` and arrived on `to`.
    Moved {
        piece: PieceId,
        from: Cell,
        to: Cell,
    },
    /// An enemy piece was removed (on `cell`, which differs from `to` only for classic en
    /// passant).
    Captured {
        piece: PieceId,
        kind: Kind,
        cell: Cell,
    },
    /// A pawn on its far edge became the chosen type (H5).
    Promoted { piece: PieceId, to: Kind },
    /// The arriving piece took the next type of the rotation (H4).
    Renamed {
        piece: PieceId,
        from: Kind,
        to: Kind,
    },
    /// The move gives check to the king with this id.
    Check { king: PieceId, cell: Cell },
    /// The game ended.
    Ended(Outcome),
}

/// Everything one move did, complete enough to animate without recomputing a rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolution {
    pub mv: Move,
    pub color: Color,
    pub piece: PieceId,
    pub from: Cell,
    pub to: Cell,
    /// The captured piece's id, type and cell.
    pub captured: Option<(PieceId, Kind, Cell)>,
    pub departed_as: Kind,
    pub arrived_as: Kind,
    /// Whether the v011 rotation was applied (false in classic and edit replays, H7).
    pub renamed: bool,
    /// H6 notation, written before the move in the position it was played from.
    pub notation: String,
    pub gives_check: bool,
    pub outcome: Option<Outcome>,
    pub events: Vec<Event>,
}

/// A played move as the history keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedMove {
    pub mv: Move,
    pub renamed: bool,
}

/// A game in progress. Serializes as its ruleset and move record (replayed and checked
/// on load), so a save can never hold an inconsistent position.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(into = "GameRecord", try_from = "GameRecord")]
pub struct Game {
    /// The hand-made start, when the game did not begin from the ruleset's setup.
    setup: Option<Setup>,
    pos: Position,
    /// Positions before each move, for undo.
    before: Vec<Position>,
    /// Repetition keys of every position reached, the start included (H12).
    keys: Vec<u64>,
    moves: Vec<Resolution>,
    outcome: Option<Outcome>,
    /// The game's own seeded generator (the computer's tie-breaks); not part of the record.
    rng: GameRng,
}

impl Game {
    pub fn new(ruleset: Ruleset) -> Game {
        let mut game = Game::from_position(Position::start(ruleset));
        game.setup = None;
        game
    }

    /// A game from a hand-made position (tests, puzzles); its endings are evaluated at once.
    pub fn from_position(pos: Position) -> Game {
        let keys = vec![pos.hash()];
        let mut game = Game {
            setup: Some(Setup::of(&pos)),
            pos,
            before: Vec::new(),
            keys,
            moves: Vec::new(),
            outcome: None,
            rng: seeded(0),
        };
        game.outcome = game.evaluate_outcome();
        game
    }

    /// The same game back at its first position (its setup, or the ruleset's start).
    pub fn restarted(&self) -> Game {
        match self.setup.as_ref().map(|s| s.position(self.ruleset())) {
            Some(Ok(pos)) => Game::from_position(pos),
            _ => Game::new(self.ruleset()),
        }
    }

    pub fn rng(&self) -> &GameRng {
        &self.rng
    }

    pub fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    pub fn ruleset(&self) -> Ruleset {
        self.pos.ruleset()
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    pub fn turn(&self) -> Color {
        self.pos.turn()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The resolutions of the moves played, in order.
    pub fn history(&self) -> &[Resolution] {
        &self.moves
    }

    pub fn last(&self) -> Option<&Resolution> {
        self.moves.last()
    }

    /// The legal moves; none once the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        legal_moves(&self.pos)
    }

    /// Reads a move written in H6 notation or long form.
    pub fn parse_move(&self, text: &str) -> Result<Move, IllegalAction> {
        self.check_running()?;
        notation::parse(&self.pos, text, &legal_moves(&self.pos))
    }

    /// Writes a legal move in H6 notation.
    pub fn notation(&self, mv: Move) -> String {
        notation::write(&self.pos, mv, &legal_moves(&self.pos))
    }

    fn check_running(&self) -> Result<(), IllegalAction> {
        match self.outcome {
            Some(o) => Err(IllegalAction::new(Illegal::GameOver { reason: o.reason })),
            None => Ok(()),
        }
    }

    /// Plays a move with the ruleset's renaming (v011: always; classic: never).
    pub fn play(&mut self, mv: Move) -> Result<Resolution, IllegalAction> {
        self.play_with(mv, self.ruleset() == Ruleset::V011)
    }

    /// Plays a move without the rotation: the replay of an edited list (H7).
    pub fn play_unrenamed(&mut self, mv: Move) -> Result<Resolution, IllegalAction> {
        self.play_with(mv, false)
    }

    /// Plays a move written in notation (H6 or long form).
    pub fn play_text(&mut self, text: &str) -> Result<Resolution, IllegalAction> {
        let mv = self.parse_move(text)?;
        self.play(mv)
    }

    fn play_with(&mut self, mv: Move, rename: bool) -> Result<Resolution, IllegalAction> {
        self.check_running()?;
        let legal = legal_moves(&self.pos);
        if !legal.contains(&mv) {
            return Err(super::explain::explain(&self.pos, mv));
        }
        let rename = rename && self.ruleset() == Ruleset::V011;
        let notation = notation::write(&self.pos, mv, &legal);
        Ok(self.apply(mv, rename, notation))
    }

    /// Plays a move known to be legal, skipping validation and notation (search).
    pub fn play_unchecked(&mut self, mv: Move) -> Resolution {
        let rename = self.ruleset() == Ruleset::V011;
        self.apply(mv, rename, String::new())
    }

    fn apply(&mut self, mv: Move, rename: bool, notation: String) -> Resolution {
        let color = self.pos.turn();
        self.before.push(self.pos.clone());
        let fx = self.pos.play_unchecked(mv, rename);
        self.keys.push(self.pos.hash());
        self.outcome = self.evaluate_outcome();
        let mut events = vec![Event::Moved {
            piece: fx.piece,
            from: mv.from,
            to: mv.to,
        }];
        if let Some((piece, kind, cell)) = fx.captured {
            events.push(Event::Captured { piece, kind, cell });
        }
        if let Some(to) = mv.promotion {
            events.push(Event::Promoted {
                piece: fx.piece,
                to,
            });
        }
        let before_rename = mv.promotion.unwrap_or(fx.departed_as);
        if before_rename != fx.arrived_as {
            events.push(Event::Renamed {
                piece: fx.piece,
                from: before_rename,
                to: fx.arrived_as,
            });
        }
        let gives_check = self.pos.in_check();
        if gives_check
            && let Some(k) = self.pos.king(self.pos.turn())
            && let Some(king) = self.pos.piece_at(k)
        {
            events.push(Event::Check {
                king: king.id,
                cell: k,
            });
        }
        if let Some(o) = self.outcome {
            events.push(Event::Ended(o));
        }
        let resolution = Resolution {
            mv,
            color,
            piece: fx.piece,
            from: mv.from,
            to: mv.to,
            captured: fx.captured,
            departed_as: fx.departed_as,
            arrived_as: fx.arrived_as,
            renamed: rename,
            notation,
            gives_check,
            outcome: self.outcome,
            events,
        };
        self.moves.push(resolution.clone());
        resolution
    }

    /// Takes back the last move; None when there is none.
    /// The game with the turn handed to the other side (what the opponent threatens), from
    /// the position as it stands: no en passant, the repetition record kept; `None` once it
    /// is over, and while the side to move is in check (its king would be taken).
    pub fn passed(&self) -> Option<Game> {
        if self.outcome.is_some() || self.pos.in_check() {
            return None;
        }
        let mut pos = self.pos.clone();
        pos.pass_turn();
        let mut game = self.clone();
        game.keys.push(pos.hash());
        game.pos = pos;
        game.outcome = game.evaluate_outcome();
        (game.outcome.is_none()).then_some(game)
    }

    pub fn undo(&mut self) -> Option<Resolution> {
        let pos = self.before.pop()?;
        self.pos = pos;
        self.keys.pop();
        self.outcome = self.evaluate_outcome();
        self.moves.pop()
    }

    /// How often the current arrangement (with the side to move) has occurred.
    pub fn repetitions(&self) -> usize {
        let key = self.pos.hash();
        self.keys.iter().filter(|&&k| k == key).count()
    }

    /// Repetition keys of the positions so far (search uses them to score repeats).
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// The endings in H12's order of precedence.
    fn evaluate_outcome(&self) -> Option<Outcome> {
        let mover = self.pos.turn().other();
        if count_moves(&self.pos) == 0 {
            return Some(if self.pos.in_check() {
                Outcome {
                    winner: Some(mover),
                    reason: Reason::Checkmate,
                }
            } else {
                Outcome {
                    winner: None,
                    reason: Reason::Stalemate,
                }
            });
        }
        let draw = |reason| {
            Some(Outcome {
                winner: None,
                reason,
            })
        };
        if self.pos.halfmove_clock() >= 100 {
            return draw(Reason::Fifty);
        }
        if self.repetitions() >= 3 {
            return draw(Reason::Repetition);
        }
        if self.pos.insufficient_material() {
            return draw(Reason::Material);
        }
        None
    }
}
