//! A move through the game: validation that names the broken rule (W7, W9) and the
//! resolution record (the field after the move and after every removal round).

use super::super::geometry::{Cell, Kind};
use super::super::patterns::Tables;
use super::super::position::Move;
use super::{Event, Field, Game, IllegalAction, Removed};

impl Game {
    /// Checks a move against W7 and W9 and says which rule it breaks.
    pub fn validate_move(&self, mv: Move) -> Result<usize, IllegalAction> {
        let pos = &self.position;
        let side = pos.to_move();
        let Some(i) = pos.index_at(mv.from) else {
            return Err(IllegalAction::NoPiece(mv.from));
        };
        let piece = pos.pieces()[i];
        if piece.owner != side {
            return Err(IllegalAction::NotYours {
                kind: piece.kind,
                cell: mv.from,
                owner: piece.owner,
                to_move: side,
            });
        }
        let (dx, dy) = (mv.to.x() - mv.from.x(), mv.to.y() - mv.from.y());
        if (dx, dy) == (0, 0) {
            return Err(IllegalAction::Stationary(mv));
        }
        if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
            return Err(IllegalAction::NotARay(mv));
        }
        let dir = (dx.signum(), dy.signum());
        let mut cell = mv.from;
        while cell != mv.to {
            let Some(next) = cell.step(dir) else { break };
            if let Some(other) = pos.piece_at(next) {
                return Err(IllegalAction::Blocked {
                    mv,
                    cell: next,
                    owner: other.owner,
                    kind: other.kind,
                });
            }
            if piece.kind != Kind::TriangleHat && pos.hostile(side, next) {
                return Err(IllegalAction::HostileCrossing {
                    mv,
                    cell: next,
                    side,
                    kind: piece.kind,
                });
            }
            cell = next;
        }
        if !pos.check_move(&self.tables, i, mv.to).legal {
            return Err(IllegalAction::BigHatExposed { mv, side });
        }
        Ok(i)
    }

    pub(super) fn play_move(&mut self, t: &Tables, mv: Move) -> Result<Event, IllegalAction> {
        let i = self.validate_move(mv)?;
        let piece = self.position.pieces()[i];
        let mut rounds: Vec<(Vec<Removed>, Field)> = Vec::new();
        // The field right after the piece arrives, before any removal.
        let mut after_move = *self.position.field();
        for c in Cell::all() {
            after_move[c.index()] += self.position.contribution(t, i, mv.to, c)
                - self.position.contribution(t, i, mv.from, c);
        }
        let mut pos = self.position.clone();
        let mut removed_log: Vec<(usize, usize, Cell)> = Vec::new();
        pos.play_move_with(t, i, mv.to, |round, j, cell| {
            removed_log.push((round, j, cell))
        });
        if !removed_log.is_empty() {
            // Rebuild the per-round fields by taking the pieces away in order.
            let mut field = after_move;
            for (round, j, cell) in &removed_log {
                if rounds.len() <= *round {
                    rounds.push((Vec::new(), Field(field)));
                }
                let p = self.position.pieces()[*j];
                for c in Cell::all() {
                    field[c.index()] -= self.position.contribution(t, *j, *cell, c);
                }
                if let Some(r) = rounds.last_mut() {
                    r.0.push(Removed {
                        id: p.id,
                        kind: p.kind,
                        owner: p.owner,
                        cell: *cell,
                    });
                    r.1 = Field(field);
                }
            }
        }
        let unstable = pos
            .pieces()
            .iter()
            .filter(|p| p.unstable)
            .map(|p| p.id)
            .collect();
        let opponent_trapped = pos.trapped();
        self.position = pos;
        Ok(Event::Moved {
            piece: piece.id,
            kind: piece.kind,
            from: mv.from,
            to: mv.to,
            field_after_move: Field(after_move),
            rounds,
            unstable,
            opponent_trapped,
        })
    }
}
