//! Wave Field's scores and captions: removal rounds, pieces removed in one move (and how
//! many were the enemy's, and Big Hats), the territory swing, and a trap. A turn may tune
//! before it moves, so the miner tries every profile with every move.

use super::{Scores, Showcase, pick, pick_lowest};
use crate::rules::Rules;
use crate::rules::rng::GameRng;
use crate::rules::wavefield::{Action, Cell, Event, Game, Kind, Position, Profile, Resolution, Side};

impl Showcase for Game {
    const MIDGAME: std::ops::RangeInclusive<usize> = 0..=30;

    fn scores(before: &Game, resolution: &Resolution, after: &Game) -> Scores {
        let mover = resolution.side;
        let (rounds, removed, trapped) = match &resolution.event {
            Event::Moved {
                rounds,
                opponent_trapped,
                ..
            } => (
                rounds.len(),
                rounds.iter().flat_map(|(r, _)| r.iter()).copied().collect(),
                *opponent_trapped,
            ),
            _ => (0, Vec::new(), false),
        };
        let enemy_removed = removed.iter().filter(|r| r.owner != mover).count();
        let big_hats = removed.iter().filter(|r| r.kind == Kind::BigHat).count();
        // Cells won from the opponent, from the mover's side: (mine - theirs) after
        // minus before. A tuning earlier in the turn is already in `before`.
        let swing = lead(after.position(), mover) - lead(before.position(), mover);

        let mut s = Scores::new();
        s.add("rounds", rounds, 12);
        s.add("removed", removed.len(), 6);
        s.add("enemy_removed", enemy_removed, 4);
        s.add("big_hats_removed", big_hats, 10);
        s.add("territory_swing", swing, 1);
        s.add("trapped", u8::from(trapped), 10);
        s
    }

    fn captions(before: &Game, resolution: &Resolution) -> Vec<String> {
        // Only a move plays back; a tuning has no stages.
        let Event::Moved {
            piece,
            from,
            to,
            rounds,
            ..
        } = &resolution.event
        else {
            return Vec::new();
        };
        let mover = before.position().piece(*piece);
        let set_off = match rounds.len() {
            0 => String::new(),
            1 => " and sets off a removal round".to_string(),
            n => format!(" and sets off {n} removal rounds"),
        };
        let mut captions = vec![format!(
            "{} {} {from}-{to}{set_off}",
            mover.owner.title(),
            mover.kind.title()
        )];
        let total = rounds.len();
        for (n, (removed, _)) in rounds.iter().enumerate() {
            let names: Vec<String> = removed
                .iter()
                .map(|r| format!("the {} {} on {}", r.owner.title(), r.kind.title(), r.cell))
                .collect();
            captions.push(format!(
                "removal round {} of {total} takes {}",
                n + 1,
                names.join(", ")
            ));
        }
        captions
    }

    fn turns(&self) -> Vec<Vec<Action>> {
        if self.is_over() {
            return Vec::new();
        }
        let current = self.position().profile(self.to_move());
        let mut out: Vec<Vec<Action>> = self.legal_actions().into_iter().map(|a| vec![a]).collect();
        let mut tuned = self.clone();
        for profile in Profile::all().filter(|p| *p != current) {
            if tuned.play(Action::Tune(profile)).is_ok() {
                let moves = tuned.legal_actions();
                out.extend(moves.into_iter().map(|a| vec![Action::Tune(profile), a]));
                tuned.undo();
            }
        }
        out
    }

    fn playout_turn(&self, rng: &mut GameRng, dense: bool) -> Option<Vec<Action>> {
        if self.is_over() {
            return None;
        }
        use rand::Rng;
        let current = self.position().profile(self.to_move());
        // Mostly the current tuning, sometimes a random one first; when nothing moves
        // under it, every profile in turn.
        let first = if rng.random_range(0..3) == 0 {
            Profile(rng.random_range(0..16))
        } else {
            current
        };
        let order = std::iter::once(first).chain(Profile::all());
        for profile in order {
            let mut game = self.clone();
            let mut turn = Vec::new();
            if profile != current {
                game.play(Action::Tune(profile)).ok()?;
                turn.push(Action::Tune(profile));
            }
            let legal = game.legal_actions();
            let chosen = if dense {
                // Toward the middle, where the waves overlap most.
                pick_lowest(&legal, 5, rng, |a| match a {
                    Action::Move(m) => i64::from((m.to.x() - 3).abs() + (m.to.y() - 3).abs()),
                    _ => 100,
                })
            } else {
                pick(&legal, rng)
            };
            if let Some(action) = chosen {
                turn.push(action);
                return Some(turn);
            }
        }
        None
    }
}

/// The mover's territory lead in cells: its squares minus the opponent's.
fn lead(pos: &Position, side: Side) -> i64 {
    Cell::all()
        .map(|c| match pos.territory(c) {
            Some(s) if s == side => 1,
            Some(_) => -1,
            None => 0,
        })
        .sum()
}
