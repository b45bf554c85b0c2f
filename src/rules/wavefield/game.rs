//! The game: a position, its definitions and generator, and the undo timeline of every
//! action (tuning, dice, reset, hint, move, resignation). `play` validates and returns a
//! `Resolution` with everything the action set off, in order.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::geometry::{CELLS, Cell, Kind, Side, arr49};
use super::notation::Action;
use super::patterns::{DefinitionError, Definitions, Tables};
use super::position::{Controls, Move, Outcome, PieceId, Position};
use super::rescue::{self, Rescue};
use super::slots::Tuning;
use crate::rules::rng::{GameRng, seeded};

mod moves;
mod refusal;

pub use refusal::IllegalAction;

/// The whole field at one moment, in units of 1/64 (cell index order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Field(#[serde(with = "arr49")] pub [i32; CELLS]);

/// A piece taken off the board by a removal round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Removed {
    pub id: PieceId,
    pub kind: Kind,
    pub owner: Side,
    /// Where it stood when removed (W12).
    pub cell: Cell,
}

/// One side's controls for all four kinds.
pub type SideControls = [Controls; 4];

/// What an action set off, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Moved {
        piece: PieceId,
        kind: Kind,
        from: Cell,
        to: Cell,
        /// The field right after the piece arrived, before any removal.
        field_after_move: Field,
        /// One entry per removal round (W8), pieces in id order, with the field after it.
        rounds: Vec<(Vec<Removed>, Field)>,
        /// Pieces (both sides) flagged unstable at the end of the turn.
        unstable: Vec<PieceId>,
        /// Whether the opponent now begins its turn trapped.
        opponent_trapped: bool,
    },
    /// Tune, dice, reset, hint or a developer press: the controls before and after.
    Tuned {
        before: SideControls,
        after: SideControls,
        field_after: Field,
        /// For a hint: the rescue whose profile was applied (its piece is the selection).
        hint: Option<Rescue>,
    },
    Resigned,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolution {
    pub side: Side,
    pub action: Action,
    pub event: Event,
}

/// One timeline entry: the action, what it did, and what the game was before it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub resolution: Resolution,
    pub before: Position,
    rng_before: GameRng,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct GameData {
    definitions: Definitions,
    position: Position,
    rng: GameRng,
    timeline: Vec<Entry>,
    seed: u64,
    /// Actions played before the timeline began (a game read from a position code).
    #[serde(default, skip_serializing_if = "is_zero")]
    actions_before: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// A game of Wave Field.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(try_from = "GameData", into = "GameData")]
pub struct Game {
    definitions: Definitions,
    tables: Arc<Tables>,
    position: Position,
    rng: GameRng,
    timeline: Vec<Entry>,
    seed: u64,
    actions_before: usize,
}

impl TryFrom<GameData> for Game {
    type Error = DefinitionError;
    fn try_from(d: GameData) -> Result<Self, Self::Error> {
        let tables = Arc::new(d.definitions.compile()?);
        Ok(Game {
            definitions: d.definitions,
            tables,
            position: d.position,
            rng: d.rng,
            timeline: d.timeline,
            seed: d.seed,
            actions_before: d.actions_before,
        })
    }
}

impl From<Game> for GameData {
    fn from(g: Game) -> Self {
        GameData {
            definitions: g.definitions,
            position: g.position,
            rng: g.rng,
            timeline: g.timeline,
            seed: g.seed,
            actions_before: g.actions_before,
        }
    }
}

impl Game {
    /// A new game with the built-in definitions; `seed` drives the dice.
    pub fn new(seed: u64) -> Game {
        let tables = Tables::builtin().clone();
        Game {
            definitions: Definitions::default(),
            position: Position::start(&tables),
            tables,
            rng: seeded(seed),
            timeline: Vec::new(),
            seed,
            actions_before: 0,
        }
    }

    /// A new game with developer-mode definitions (W11).
    pub fn with_definitions(definitions: Definitions, seed: u64) -> Result<Game, DefinitionError> {
        let tables = Arc::new(definitions.compile()?);
        Ok(Game {
            position: Position::start(&tables),
            definitions,
            tables,
            rng: seeded(seed),
            timeline: Vec::new(),
            seed,
            actions_before: 0,
        })
    }

    /// A game from a prepared position (scenarios, tests), built-in definitions.
    pub fn from_position(position: Position, seed: u64) -> Game {
        let mut g = Game::new(seed);
        g.position = position;
        g
    }

    /// A game that goes on from `position` after `actions` actions played before it (a
    /// position code, docs/codes/wavefield.md): built-in definitions, the generator seeded
    /// with 0, and undo stops here. `code::game` checks the position first.
    pub fn resumed(position: Position, actions: usize) -> Game {
        Game {
            actions_before: actions,
            ..Game::from_position(position, 0)
        }
    }

    /// W11 Restart: a new game with the current definitions.
    pub fn restart(&mut self) {
        self.position = Position::start(&self.tables);
        self.rng = seeded(self.seed);
        self.timeline.clear();
        self.actions_before = 0;
    }

    /// W11 "Restart and reset definitions": a new game with the built-ins.
    pub fn restart_and_reset_definitions(&mut self) {
        *self = Game::new(self.seed);
    }

    /// W11: new definitions take effect with a restart.
    pub fn restart_with(&mut self, definitions: Definitions) -> Result<(), DefinitionError> {
        *self = Game::with_definitions(definitions, self.seed)?;
        Ok(())
    }

    pub fn definitions(&self) -> &Definitions {
        &self.definitions
    }

    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The game with the turn handed to the other side (what the opponent threatens);
    /// `None` once it is over. The timeline stays: it is what the pass followed.
    pub fn passed(&self) -> Option<Game> {
        let position = self.position.passed()?;
        Some(Game {
            position,
            ..self.clone()
        })
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn rng(&self) -> &GameRng {
        &self.rng
    }

    pub fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    pub fn to_move(&self) -> Side {
        self.position.to_move()
    }

    /// `side`'s whole tuning, every slot of every type (W11).
    pub fn tuning(&self, side: Side) -> Tuning {
        self.position.tuning(&self.tables, side)
    }

    /// Whether any type has more than one component slot (developer mode, W11).
    pub fn multi_slot(&self) -> bool {
        self.tables.slots.iter().any(|n| *n > 1)
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    /// The timeline since the game began, or since the position it was read from.
    pub fn timeline(&self) -> &[Entry] {
        &self.timeline
    }

    /// Actions played so far (the contract's `ply`): those before the position the game
    /// was read from, if any, and those of the timeline.
    pub fn actions(&self) -> usize {
        self.actions_before + self.timeline.len()
    }

    pub fn last(&self) -> Option<&Resolution> {
        self.timeline.last().map(|e| &e.resolution)
    }

    /// The legal moves under the current tuning (docs/protocol.md: tune and resign are always
    /// allowed and not listed), in reading order; empty when the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.position.legal_moves(&self.tables, &mut out);
        out
    }

    /// The legal actions as `Action`s (the moves under the current tuning).
    pub fn legal_actions(&self) -> Vec<Action> {
        self.legal_moves().into_iter().map(Action::Move).collect()
    }

    /// The rescue the status line offers while trapped (W9).
    pub fn rescue(&self) -> Option<Rescue> {
        if self.position.trapped() {
            rescue::find_rescue(&self.tables, &self.position)
        } else {
            None
        }
    }

    /// The status line.
    pub fn status(&self) -> String {
        let pos = &self.position;
        if let Some(o) = pos.outcome() {
            let loser = o.winner.map_or(pos.to_move(), |w| w.opponent());
            return format!(
                "{} resigned; {} wins.",
                loser.title(),
                loser.opponent().title()
            );
        }
        let side = pos.to_move().title();
        if pos.trapped() {
            return match self.rescue() {
                Some(r) => format!("{side}'s Big Hat is trapped: {}.", rescue::hint_text(&r)),
                None => rescue::NO_RESCUE.to_string(),
            };
        }
        if !self.position.has_legal_move(&self.tables)
            && rescue::find_rescue(&self.tables, &self.position).is_none()
        {
            // W12: not trapped, but stuck under every profile; the game stays open.
            return format!("{side} has no legal move under any tuning: resign or undo.");
        }
        format!("{side} to move.")
    }

    /// Validates and plays one action.
    pub fn play(&mut self, action: Action) -> Result<Resolution, IllegalAction> {
        let pos = &self.position;
        if let Some(o) = pos.outcome() {
            let loser = o.winner.map_or(pos.to_move(), |w| w.opponent());
            return Err(IllegalAction::GameOver { loser });
        }
        let side = pos.to_move();
        let before = pos.clone();
        let rng_before = self.rng.clone();
        let t = self.tables.clone();
        let event = match action {
            Action::Move(mv) => self.play_move(&t, mv)?,
            Action::Tune(profile) => self.tune(&t, |p, t, _| {
                p.set_profile(t, profile);
                Ok(())
            })?,
            Action::TuneSlots(tuning) => self.tune(&t, |p, t, _| {
                tuning.check(t)?;
                p.set_tuning(t, &tuning);
                Ok(())
            })?,
            Action::Dice => self.tune(&t, |p, t, rng| {
                p.dice(t, rng);
                Ok(())
            })?,
            Action::Reset => self.tune(&t, |p, t, _| {
                p.reset_controls(t);
                Ok(())
            })?,
            Action::Press { kind, slot, coef } => {
                self.tune(&t, |p, t, _| p.press(t, kind, slot as usize, coef as i32))?
            }
            Action::Hint => {
                if !self.position.trapped() {
                    return Err(IllegalAction::HintNotTrapped);
                }
                let Some(r) = rescue::find_rescue(&t, &self.position) else {
                    return Err(IllegalAction::NoRescue);
                };
                let mut ev = self.tune(&t, |p, t, _| {
                    p.set_tuning(t, &r.tuning);
                    Ok(())
                })?;
                if let Event::Tuned { hint, .. } = &mut ev {
                    *hint = Some(r);
                }
                ev
            }
            Action::Resign => {
                self.position.resign();
                Event::Resigned
            }
        };
        let resolution = Resolution {
            side,
            action,
            event,
        };
        self.timeline.push(Entry {
            resolution: resolution.clone(),
            before,
            rng_before,
        });
        Ok(resolution)
    }

    fn tune(
        &mut self,
        t: &Tables,
        f: impl FnOnce(&mut Position, &Tables, &mut GameRng) -> Result<(), IllegalAction>,
    ) -> Result<Event, IllegalAction> {
        let side = self.position.to_move();
        let before_controls = Kind::ALL.map(|k| self.position.controls(side, k));
        let mut trial = self.position.clone();
        f(&mut trial, t, &mut self.rng)?;
        self.position = trial;
        Ok(Event::Tuned {
            before: before_controls,
            after: Kind::ALL.map(|k| self.position.controls(side, k)),
            field_after: Field(*self.position.field()),
            hint: None,
        })
    }

    /// W10 markers for the piece on `from` (see [`super::views::markers`]).
    pub fn markers(&self, from: Cell) -> Vec<super::views::Marker> {
        super::views::markers(&self.tables, &self.position, from)
    }

    /// One square's field split by piece, kind and side.
    pub fn breakdown(&self, cell: Cell) -> super::views::Breakdown {
        super::views::breakdown(&self.tables, &self.position, cell)
    }

    /// The History Roll of the active timeline.
    pub fn history_roll(&self) -> Vec<super::views::HistoryLine> {
        super::views::history_roll(self)
    }

    /// The Pressure panel for the side to move.
    pub fn pressure(&self) -> super::views::Pressure {
        super::views::pressure(self)
    }

    /// Takes back the last action (any kind); `None` when there is nothing to undo.
    pub fn undo(&mut self) -> Option<Resolution> {
        let entry = self.timeline.pop()?;
        self.position = entry.before;
        self.rng = entry.rng_before;
        Some(entry.resolution)
    }
}
