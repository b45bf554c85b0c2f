//! Wave Field's scores and captions: removal rounds, pieces removed in one move (always the
//! mover's own, W8; Big Hats never go, W9), the territory swing, and the opponent left
//! trapped. A turn may tune before it moves, so the miner tries every profile with every
//! move.

use super::library::scenario;
use super::{Scores, Showcase, pick, pick_lowest, short_line};
use crate::rules::Rules;
use crate::rules::rng::GameRng;
use crate::rules::wavefield::game::{Field, Removed};
use crate::rules::wavefield::geometry::{CELLS, Cell};
use crate::rules::wavefield::position::Piece;
use crate::rules::wavefield::{Action, Event, Game, Position, Profile, Resolution, Side};

impl Showcase for Game {
    const MIDGAME: std::ops::RangeInclusive<usize> = 0..=30;

    const SCENARIOS: &'static [(&'static str, &'static str)] = &[
        scenario!("wavefield", "five-round-collapse"),
        scenario!("wavefield", "blue-collapses"),
        scenario!("wavefield", "four-rounds-and-a-trap"),
        scenario!("wavefield", "three-round-collapse"),
        scenario!("wavefield", "twenty-six-cells"),
        scenario!("wavefield", "a-swing-that-traps"),
        scenario!("wavefield", "the-big-hats-bargain"),
        scenario!("wavefield", "trapped-within-four-moves"),
        scenario!("wavefield", "four-rounds-in-six-moves"),
    ];

    fn scores(before: &Game, resolution: &Resolution, after: &Game) -> Scores {
        let mover = resolution.side;
        let (rounds, removed, trapped) = match &resolution.event {
            Event::Moved {
                rounds,
                opponent_trapped,
                ..
            } => (
                rounds.len(),
                rounds.iter().map(|(r, _)| r.len()).sum(),
                *opponent_trapped,
            ),
            _ => (0, 0, false),
        };
        // Cells won from the opponent, from the mover's side: (mine - theirs) after
        // minus before. A tuning earlier in the turn is already in `before`.
        let swing = lead(after.position(), mover) - lead(before.position(), mover);

        let mut s = Scores::new();
        s.add("rounds", rounds, 12);
        s.add("removed", removed, 6);
        s.add("territory_swing", swing, 1);
        s.add("trapped", u8::from(trapped), 10);
        s
    }

    fn captions(before: &Game, resolution: &Resolution) -> Vec<String> {
        // Only a move plays back; a tuning has no stages.
        let Some(Said {
            mover,
            from,
            to,
            rounds,
            trapped,
            swing,
        }) = said(before, resolution)
        else {
            return Vec::new();
        };
        let set_off = match rounds.len() {
            0 => String::new(),
            1 => " and sets off a removal round".to_string(),
            n => format!(" and sets off {n} removal rounds"),
        };
        // The swing is said when it is large; a trap always.
        let mut effect = Vec::new();
        if swing.abs() >= SWING_WORTH_SAYING {
            let toward = if swing > 0 {
                mover.owner
            } else {
                mover.owner.opponent()
            };
            effect.push(format!(
                "the field swings {} cells {}'s way",
                swing.abs(),
                toward.title()
            ));
        }
        if trapped {
            effect.push(format!(
                "traps the {} Big Hat",
                mover.owner.opponent().title()
            ));
        }
        let effect = match effect.as_slice() {
            [] => String::new(),
            [one] if one.starts_with("traps") => format!(" and {one}"),
            parts => format!(": {}", parts.join(" and ")),
        };
        let mut captions = vec![format!(
            "the {} {} moves {from}-{to}{set_off}{effect}",
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

    fn short_captions(before: &Game, resolution: &Resolution) -> Vec<String> {
        let Some(Said {
            mover,
            from,
            to,
            rounds,
            trapped,
            swing,
        }) = said(before, resolution)
        else {
            return Vec::new();
        };
        let head = format!("{} {} {from}-{to}", mover.owner.title(), mover.kind.title());
        let mut captions = vec![short_line(
            head,
            [
                trapped.then(|| format!("traps the {} Big Hat", mover.owner.opponent().title())),
                match rounds.len() {
                    0 => None,
                    1 => Some("1 removal round".to_string()),
                    n => Some(format!("{n} removal rounds")),
                },
                (swing.abs() >= SWING_WORTH_SAYING).then(|| {
                    let toward = if swing > 0 {
                        mover.owner
                    } else {
                        mover.owner.opponent()
                    };
                    format!("{} cells to {}", swing.abs(), toward.title())
                }),
            ]
            .into_iter()
            .flatten(),
        )];
        let total = rounds.len();
        for (n, (removed, _)) in rounds.iter().enumerate() {
            let taken = match removed.as_slice() {
                [one] => format!(
                    "the {} {} on {} goes",
                    one.owner.title(),
                    one.kind.title(),
                    one.cell
                ),
                many => format!("{} pieces go", many.len()),
            };
            captions.push(short_line(format!("Round {} of {total}", n + 1), [taken]));
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

/// What a move's captions tell, read once for the full and the short words.
struct Said<'a> {
    mover: Piece,
    from: Cell,
    to: Cell,
    rounds: &'a [(Vec<Removed>, Field)],
    trapped: bool,
    /// Cells won from the opponent by the whole turn, from the mover's side.
    swing: i64,
}

/// What `resolution` tells, if it is a move (a tuning plays nothing).
fn said<'a>(before: &Game, resolution: &'a Resolution) -> Option<Said<'a>> {
    let Event::Moved {
        rounds,
        field_after_move,
        opponent_trapped,
        piece,
        from,
        to,
        ..
    } = &resolution.event
    else {
        return None;
    };
    let mover = *before.position().piece(*piece);
    let last = rounds.last().map_or(field_after_move, |(_, field)| field);
    Some(Said {
        mover,
        from: *from,
        to: *to,
        rounds,
        trapped: *opponent_trapped,
        swing: field_lead(&last.0, mover.owner) - lead(before.position(), mover.owner),
    })
}

/// A swing of at least this many cells is named in the move's caption.
const SWING_WORTH_SAYING: i64 = 8;

/// The mover's territory lead in cells: its squares minus the opponent's.
fn lead(pos: &Position, side: Side) -> i64 {
    field_lead(pos.field(), side)
}

/// The lead of `side` over a field (W5: positive is Red's, negative Blue's).
fn field_lead(field: &[i32; CELLS], side: Side) -> i64 {
    field
        .iter()
        .map(|&v| match v.signum() * side.sign() {
            1 => 1,
            -1 => -1,
            _ => 0,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::showcase::score_last;

    /// Four removal rounds of one piece each (the engine's record of this line); the
    /// move and each round are a stage.
    #[test]
    fn a_four_round_collapse_scores_four_rounds() {
        let line = ["tune R+T-A-B-", "D6-D3", "E2-F2", "tune R-T+A-B-", "C6-B6"];
        let (scores, captions) = score_last::<Game>(&line);
        assert_eq!(scores.get("rounds"), Some(4));
        assert_eq!(scores.get("removed"), Some(4));
        assert_eq!(captions.len(), 5, "{captions:#?}");
        assert!(
            captions[4].starts_with("removal round 4 of 4 takes"),
            "{}",
            captions[4]
        );
        let short = crate::showcase::short_last::<Game>(&line);
        assert!(short[0].contains("4 removal rounds"), "{short:#?}");
        assert!(short[4].starts_with("Round 4 of 4 · "), "{short:#?}");
    }

    /// A tuning plays no stage and removes nothing (its field may still swing).
    #[test]
    fn a_tuning_has_no_stages_and_no_rounds() {
        let (scores, captions) = score_last::<Game>(&["tune R-T-A-B-"]);
        assert_eq!(scores.get("rounds"), Some(0));
        assert_eq!(scores.get("removed"), Some(0));
        assert!(captions.is_empty());
    }
}
