//! The game session the interface drives: the move list (H6), undo and new game, editing
//! an entry in place (H7), and forced moves with their decaying delay (H8). It reads no
//! file and no clock: saving it (H10) is the window's (`app::hexchess::autosave`), and
//! the waiting before a forced move is the presentation's.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::game::{Game, Resolution};
use super::types::{Illegal, IllegalAction, Move, Ruleset};

/// What an edit of the move list reached (H7).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditReport {
    /// Entries replayed (the board shows the position after them).
    pub reached: usize,
    /// The first entry that could not be replayed; it and all after it are struck through.
    pub first_unreachable: Option<usize>,
    /// Why that entry could not be replayed.
    pub error: Option<String>,
}

/// The delay before the `n`-th automatic move of a session (n from 1):
/// max(0, 850 - 50 n) ms, so 800, 750, ..., 50, then 0 from the 17th on (H8).
pub fn forced_delay(n: u32) -> Duration {
    Duration::from_millis(850u64.saturating_sub(50 * n as u64))
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameSession {
    game: Game,
    /// Entries struck through by the last edit, as typed.
    struck: Vec<String>,
    /// Automatic moves played so far this session (spans Undo, reset by New game).
    forced_count: u32,
    /// Set by an edit; such a game is never autosaved (H7, H10).
    edited: bool,
}

impl GameSession {
    pub fn new(ruleset: Ruleset) -> GameSession {
        GameSession {
            game: Game::new(ruleset),
            struck: Vec::new(),
            forced_count: 0,
            edited: false,
        }
    }

    /// A session around a game already under way (a puzzle, a hand-made position).
    pub fn from_game(game: Game) -> GameSession {
        GameSession {
            game,
            ..GameSession::new(Ruleset::V011)
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The position on the board.
    pub fn position(&self) -> &super::Position {
        self.game.position()
    }

    pub fn is_edited(&self) -> bool {
        self.edited
    }

    pub fn forced_count(&self) -> u32 {
        self.forced_count
    }

    /// The entries struck through by the last edit, as typed.
    pub fn struck(&self) -> &[String] {
        &self.struck
    }

    /// The move list: reachable entries in H6 notation, then the struck entries as typed.
    pub fn entries(&self) -> (Vec<String>, &[String]) {
        let reached = self
            .game
            .history()
            .iter()
            .map(|r| r.notation.clone())
            .collect();
        (reached, &self.struck)
    }

    /// Starts over; the forced-move delay starts again at 800 ms (H8).
    pub fn new_game(&mut self) {
        self.game = Game::new(self.game.ruleset());
        self.struck.clear();
        self.forced_count = 0;
        self.edited = false;
    }

    /// Plays a move by pointer (renamed as in normal play).
    pub fn play(&mut self, mv: Move) -> Result<Resolution, IllegalAction> {
        let resolution = self.game.play(mv)?;
        self.struck.clear();
        Ok(resolution)
    }

    /// Plays a move typed in notation.
    pub fn play_text(&mut self, text: &str) -> Result<Resolution, IllegalAction> {
        let mv = self.game.parse_move(text)?;
        self.play(mv)
    }

    /// Takes back the last move (struck entries go too).
    pub fn undo(&mut self) -> Option<Resolution> {
        let undone = self.game.undo();
        self.struck.clear();
        undone
    }

    /// When the side to move has exactly one legal move: that move and how long to wait
    /// before playing it with [`GameSession::play_forced`] (H8). A promotion with four
    /// choices is four moves, so never forced.
    pub fn forced_move(&self) -> Option<(Move, Duration)> {
        match self.game.legal_moves().as_slice() {
            [mv] => Some((*mv, forced_delay(self.forced_count + 1))),
            _ => None,
        }
    }

    /// Plays the forced move (after the caller has waited) and counts it.
    pub fn play_forced(&mut self) -> Result<Resolution, IllegalAction> {
        let (mv, _) = self
            .forced_move()
            .ok_or_else(|| IllegalAction::new(Illegal::NoneForced))?;
        let resolution = self.play(mv)?;
        self.count_forced();
        Ok(resolution)
    }

    /// Counts a forced move played through [`GameSession::play`] (the table plays every
    /// move the same way, then counts).
    /// Puts the forced-move count back (a saved session resumed).
    pub fn set_forced_count(&mut self, count: u32) {
        self.forced_count = count;
    }

    pub fn count_forced(&mut self) {
        self.forced_count += 1;
    }

    pub fn rng(&self) -> &crate::rules::rng::GameRng {
        self.game.rng()
    }

    pub fn rng_mut(&mut self) -> &mut crate::rules::rng::GameRng {
        self.game.rng_mut()
    }

    /// Appends `text` to the move list, as typed into its empty last slot (H7).
    pub fn append(&mut self, text: &str) -> EditReport {
        let end = self.game.history().len() + self.struck.len();
        self.edit(end, text)
    }

    /// Replaces entry `index` (or appends when `index` is the list's length) and replays
    /// the whole list from the start without renaming (H7). The session is marked edited
    /// (the window then removes its save, so a restart does not bring it back).
    pub fn edit(&mut self, index: usize, text: &str) -> EditReport {
        let (mut list, struck) = self.entries();
        list.extend(struck.iter().cloned());
        if index < list.len() {
            list[index] = text.to_string();
        } else {
            list.push(text.to_string());
        }
        self.edited = true;
        let mut game = self.game.restarted();
        let mut report = EditReport {
            reached: list.len(),
            first_unreachable: None,
            error: None,
        };
        for (i, entry) in list.iter().enumerate() {
            let played = game
                .parse_move(entry)
                .and_then(|mv| game.play_unrenamed(mv));
            if let Err(e) = played {
                report = EditReport {
                    reached: i,
                    first_unreachable: Some(i),
                    error: Some(e.to_string()),
                };
                break;
            }
        }
        self.struck = list[report.reached..].to_vec();
        self.game = game;
        report
    }
}
