//! The game as the presentation sees it: the position plus stable stone ids, the seeded
//! generator, and a [`Resolution`] for every action that records what happened, in order.

use serde::{Deserialize, Serialize};

use super::geometry::{Cell, bits};
use super::hand::{Power, Side};
use super::lines;
use super::notation::Action;
use super::position::{IllegalAction, Outcome, Position};
use super::powers::{self, RayEffect, StayReason};
use crate::rules::rng::{GameRng, seeded};

/// A stone's identity: assigned when placed, kept while it is pushed and pulled, gone
/// when it is removed. Ids are never reused within a game.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct StoneId(pub u32);

/// A stone and the cell it is on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct StoneAt {
    pub id: StoneId,
    pub cell: Cell,
}

/// A stone moved by a power.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct StoneMove {
    pub id: StoneId,
    pub from: Cell,
    pub to: Cell,
}

/// A stone a power reached but could not move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct StoneStay {
    pub id: StoneId,
    pub cell: Cell,
    pub reason: StayReason,
}

/// Everything one action set off, in the order it happens: the placement, then the power
/// (all its moves at once), then the removal of the runs, then the regather.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Resolution {
    pub mover: Side,
    pub action: Action,
    pub placed: StoneAt,
    /// The piece spent and how, if any.
    pub power: Option<Power>,
    /// Stones that moved, sorted by `from` (they move simultaneously).
    pub moved: Vec<StoneMove>,
    /// Stones the power reached that stayed put, and why, sorted by cell.
    pub stayed: Vec<StoneStay>,
    /// Each maximal run of 3 or more after the moves, cells from its south or west end.
    /// Runs may share a stone (an L or a cross).
    pub runs: Vec<Vec<Cell>>,
    /// The stones removed, each once, sorted by cell (where they stood when removed).
    pub removed: Vec<StoneAt>,
    /// The mover's collection after the action.
    pub collected: u16,
    /// True when this was the forced plain placement and the five pieces came back.
    pub regathered: bool,
    /// The game's outcome when this action ended it.
    pub outcome: Option<Outcome>,
}

/// A game of Polarity.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Game {
    position: Position,
    /// The id of the stone on each cell, by cell index (64 entries).
    #[serde(deserialize_with = "sixty_four")]
    ids: Vec<Option<StoneId>>,
    next_id: u32,
    /// The game's own seeded generator (the computer player's tie-breaks draw from it).
    #[serde(with = "crate::rules::rng::ron_safe")]
    pub rng: GameRng,
    /// One entry per action played, for [`Game::undo`]: what the action replaced (saved
    /// with the game, so undo works after loading too).
    #[serde(default)]
    past: Vec<Past>,
}

/// What one action replaced, so that undo restores it exactly.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
struct Past {
    position: Position,
    ids: Vec<Option<StoneId>>,
    next_id: u32,
    resolution: Resolution,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(0)
    }
}

impl Game {
    /// A new game; `seed` seeds the game's generator.
    pub fn new(seed: u64) -> Game {
        Game {
            position: Position::new(),
            ids: vec![None; 64],
            next_id: 0,
            rng: seeded(seed),
            past: Vec::new(),
        }
    }

    /// A game starting from a hand-made position (stones get ids in cell order).
    pub fn from_position(position: Position, seed: u64) -> Game {
        let mut game = Game::new(seed);
        for cell in bits::cells(position.stones()) {
            game.ids[cell.index()] = Some(StoneId(game.next_id));
            game.next_id += 1;
        }
        game.position = position;
        game
    }

    pub const fn position(&self) -> &Position {
        &self.position
    }

    pub const fn to_move(&self) -> Side {
        self.position.to_move()
    }

    pub const fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    /// The id of the stone on `cell`, if any.
    pub fn stone_at(&self, cell: Cell) -> Option<StoneId> {
        self.ids.get(cell.index()).copied().flatten()
    }

    /// All stones with their cells, in cell order.
    pub fn stones(&self) -> Vec<StoneAt> {
        bits::cells(self.position.stones())
            .filter_map(|cell| self.stone_at(cell).map(|id| StoneAt { id, cell }))
            .collect()
    }

    pub fn legal_actions(&self) -> Vec<Action> {
        self.position.legal_actions()
    }

    pub fn rng(&self) -> &GameRng {
        &self.rng
    }

    pub fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    /// What the last action set off, `None` at the start.
    pub fn last(&self) -> Option<&Resolution> {
        self.past.last().map(|p| &p.resolution)
    }

    /// Takes back the last action exactly (stones, ids, hands, collections); returns its
    /// resolution, or `None` with nothing changed at the start.
    /// The game with the turn handed to the other side (what the opponent threatens);
    /// `None` once it is over.
    pub fn passed(&self) -> Option<Game> {
        let position = self.position.passed()?;
        Some(Game {
            position,
            ..self.clone()
        })
    }

    pub fn undo(&mut self) -> Option<Resolution> {
        let past = self.past.pop()?;
        self.position = past.position;
        self.ids = past.ids;
        self.next_id = past.next_id;
        Some(past.resolution)
    }

    /// Validates and plays `action`; a refused action changes nothing.
    pub fn play(&mut self, action: Action) -> Result<Resolution, IllegalAction> {
        self.position.check(action)?;
        let (position, ids, next_id) = (self.position, self.ids.clone(), self.next_id);
        let mover = self.position.to_move();
        let placed = StoneAt {
            id: StoneId(self.next_id),
            cell: action.cell,
        };
        self.next_id += 1;
        self.ids[action.cell.index()] = Some(placed.id);

        let board = self.position.stones() | action.cell.bit();
        let (mut moved, mut stayed) = (Vec::new(), Vec::new());
        for effect in action
            .power
            .into_iter()
            .flat_map(|power| powers::effects(board, action.cell, power))
        {
            match effect {
                RayEffect::Moved { from, to } => {
                    if let Some(id) = self.stone_at(from) {
                        moved.push(StoneMove { id, from, to });
                    }
                }
                RayEffect::Stayed { at, reason } => {
                    if let Some(id) = self.stone_at(at) {
                        stayed.push(StoneStay {
                            id,
                            cell: at,
                            reason,
                        });
                    }
                }
            }
        }
        moved.sort_by_key(|m| m.from);
        stayed.sort_by_key(|s| s.cell);
        // Lift every mover first, then set them down: the moves are simultaneous.
        for m in &moved {
            self.ids[m.from.index()] = None;
        }
        for m in &moved {
            self.ids[m.to.index()] = Some(m.id);
        }

        let applied = self.position.apply_unchecked(action);
        let runs = lines::runs(applied.before_removal);
        let removed: Vec<StoneAt> = bits::cells(applied.removed)
            .filter_map(|cell| self.ids[cell.index()].take().map(|id| StoneAt { id, cell }))
            .collect();
        let resolution = Resolution {
            mover,
            action,
            placed,
            power: action.power,
            moved,
            stayed,
            runs,
            removed,
            collected: self.position.collected(mover),
            regathered: applied.regathered,
            outcome: self.position.outcome(),
        };
        self.past.push(Past {
            position,
            ids,
            next_id,
            resolution: resolution.clone(),
        });
        Ok(resolution)
    }
}

/// Reads the id table, refusing one of the wrong size (so indexing by cell is safe).
fn sixty_four<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<Option<StoneId>>, D::Error> {
    let ids = Vec::<Option<StoneId>>::deserialize(deserializer)?;
    if ids.len() == 64 {
        Ok(ids)
    } else {
        Err(serde::de::Error::invalid_length(ids.len(), &"64 cells"))
    }
}
