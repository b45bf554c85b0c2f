//! A game judged turn by turn (#43): for every turn the chance to win its mover had
//! before it (the engine's best turn's), the chance it left (the opponent's best answer's,
//! turned over, or the outcome once the game is over) and a mark from the fall between
//! them. Pure: the positions are judged one by one ([`judge`]), by whoever drives it (the
//! engine shares them out over threads), then put together ([`assemble`]).
//!
//! The marks, from the fall of the mover's chance to win (docs/review.md):
//! - `?!` an inaccuracy: at least [`INACCURACY`] (0.10);
//! - `?` a mistake: at least [`MISTAKE`] (0.20);
//! - `??` a blunder: at least [`BLUNDER`] (0.30);
//! - `!` an only move: the engine's own best turn, at least an even game
//!   ([`ONLY_KEEPS`]), where every other turn gives at least [`ONLY_GAP`] (0.30) less: the
//!   one turn that keeps a won game, or the single one that wins.

use super::analysis::assess;
use super::contract::{Level, Rules};
use super::stop::Stop;

pub const INACCURACY: f64 = 0.10;
pub const MISTAKE: f64 = 0.20;
pub const BLUNDER: f64 = 0.30;
/// How much less every other turn must give for the best to be an only move.
pub const ONLY_GAP: f64 = 0.30;
/// The chance an only move must keep.
pub const ONLY_KEEPS: f64 = 0.5;
/// How far below the best turn's chance a turn may fall and still be accepted when a
/// mistake is replayed as a puzzle.
pub const REGAIN_WITHIN: f64 = 0.05;

/// What a turn is called.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    Only,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    pub const ALL: [Mark; 4] = [Mark::Only, Mark::Inaccuracy, Mark::Mistake, Mark::Blunder];

    /// `!`, `?!`, `?`, `??`.
    pub fn glyph(self) -> &'static str {
        match self {
            Mark::Only => "!",
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// The plural a summary counts them by.
    pub fn plural(self) -> &'static str {
        match self {
            Mark::Only => "only_moves",
            Mark::Inaccuracy => "inaccuracies",
            Mark::Mistake => "mistakes",
            Mark::Blunder => "blunders",
        }
    }

    /// The mark a fall of `fall` in the mover's chance earns, if any.
    pub fn of_fall(fall: f64) -> Option<Mark> {
        if fall >= BLUNDER {
            Some(Mark::Blunder)
        } else if fall >= MISTAKE {
            Some(Mark::Mistake)
        } else if fall >= INACCURACY {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }
}

/// What the engine thinks of one position: its best turn and that turn's chance for the
/// side to move, and the second best's chance (`None` where only one turn can be played).
#[derive(Debug, Clone, PartialEq)]
pub struct Judged<A> {
    pub best: Vec<A>,
    pub best_win: f64,
    pub second_win: Option<f64>,
}

/// The two best turns of `game` at `level` (tie-breaks from a copy of its generator);
/// `None` once the game is over or nothing can be played.
pub fn judge<G: Rules>(game: &G, level: Level, stop: &Stop) -> Option<Judged<G::Action>> {
    if game.is_over() {
        return None;
    }
    let ranked = assess(game, level, 2, 1, game.rng(), stop);
    let best = ranked.first()?;
    Some(Judged {
        best: best.turn.clone(),
        best_win: best.win_chance,
        second_win: ranked.get(1).map(|a| a.win_chance),
    })
}

/// The chance to win its mover has after `turn` is played from `before`: the outcome once
/// the game is over, else what the engine's best answer leaves (turned over when the
/// other side moves next). A refused action is one sentence.
pub fn chance_after<G: Rules>(
    before: &G,
    turn: &[G::Action],
    level: Level,
    stop: &Stop,
) -> Result<f64, String> {
    let mover = before.to_move();
    let mut after = before.clone();
    for &action in turn {
        let text = after.write_action(action);
        after
            .play(action)
            .map_err(|e| format!("{text} is refused here: {e}"))?;
    }
    if after.is_over() {
        return Ok(match after.winner() {
            Some(w) if w == mover => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        });
    }
    Ok(match judge(&after, level, stop) {
        Some(next) if after.to_move() != mover => 1.0 - next.best_win,
        Some(next) => next.best_win,
        None => 0.5,
    })
}

/// One turn of a game: the position it was played from, its actions (every action of one
/// side in a row, so a Wave Field tuning and its move are one turn) and the index of its
/// first action.
#[derive(Debug, Clone)]
pub struct PlayedTurn<G: Rules> {
    pub before: G,
    pub actions: Vec<G::Action>,
    pub first_ply: usize,
}

/// `actions` played from `start`, cut into turns; the position after the last, last. A
/// refused action is one sentence naming its ply.
pub fn turns_of<G: Rules>(
    start: &G,
    actions: &[G::Action],
) -> Result<(Vec<PlayedTurn<G>>, G), String> {
    let mut game = start.clone();
    let mut turns: Vec<PlayedTurn<G>> = Vec::new();
    for (ply, &action) in actions.iter().enumerate() {
        let mover = game.to_move();
        match turns.last_mut() {
            Some(turn) if turn.before.to_move() == mover => turn.actions.push(action),
            _ => turns.push(PlayedTurn {
                before: game.clone(),
                actions: vec![action],
                first_ply: ply,
            }),
        }
        let text = game.write_action(action);
        game.play(action)
            .map_err(|e| format!("ply {ply} ({text}) is refused: {e}"))?;
    }
    Ok((turns, game))
}

/// A turn as the review judges it.
#[derive(Debug, Clone, PartialEq)]
pub struct Reviewed<A> {
    pub first_ply: usize,
    /// The mover, as an index into `Rules::SIDES`.
    pub side: usize,
    pub actions: Vec<A>,
    pub win_before: f64,
    pub win_after: f64,
    pub best: Vec<A>,
    pub best_win: f64,
    pub mark: Option<Mark>,
}

impl<A> Reviewed<A> {
    /// How much of the mover's chance the turn gave away (never below 0).
    pub fn fall(&self) -> f64 {
        (self.win_before - self.win_after).max(0.0)
    }

    /// The turn's accuracy, 0 to 100, from its fall in points of chance (lichess's
    /// published curve: 103.1668 e^(-0.04354 x) - 3.1669).
    pub fn accuracy(&self) -> f64 {
        let points = self.fall() * 100.0;
        (103.1668 * (-0.04354 * points).exp() - 3.1669).clamp(0.0, 100.0)
    }
}

/// The review of `turns`, given each position's judgement (`judged[i]` of `turns[i]`'s
/// position, then one of the position after the last turn; `None` where the game was
/// over). `end` is the position after the last turn.
pub fn assemble<G: Rules>(
    turns: &[PlayedTurn<G>],
    end: &G,
    judged: &[Option<Judged<G::Action>>],
) -> Vec<Reviewed<G::Action>> {
    let side_of = |side: G::Side| G::SIDES.iter().position(|s| *s == side).unwrap_or(0);
    let mut out = Vec::with_capacity(turns.len());
    for (i, turn) in turns.iter().enumerate() {
        let Some(Some(here)) = judged.get(i) else {
            continue;
        };
        let mover = turn.before.to_move();
        let after = turns.get(i + 1).map_or(end, |t| &t.before);
        let win_after = if turn.actions == here.best {
            // The engine's own turn keeps what it promised, whatever a later search says.
            here.best_win
        } else if after.is_over() {
            match after.winner() {
                Some(w) if w == mover => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            }
        } else {
            match judged.get(i + 1).cloned().flatten() {
                Some(next) if after.to_move() != mover => 1.0 - next.best_win,
                Some(next) => next.best_win,
                None => here.best_win,
            }
        };
        let mut reviewed = Reviewed {
            first_ply: turn.first_ply,
            side: side_of(mover),
            actions: turn.actions.clone(),
            win_before: here.best_win,
            win_after,
            best: here.best.clone(),
            best_win: here.best_win,
            mark: None,
        };
        let only = turn.actions == here.best
            && here.best_win >= ONLY_KEEPS
            && here
                .second_win
                .is_some_and(|second| second <= here.best_win - ONLY_GAP);
        reviewed.mark = if only {
            Some(Mark::Only)
        } else {
            Mark::of_fall(reviewed.fall())
        };
        out.push(reviewed);
    }
    out
}

/// Per side (as in `Rules::SIDES`): how many of each mark, and the mean accuracy of its
/// turns (100 for a side without a turn).
pub fn summary<A>(reviewed: &[Reviewed<A>]) -> [(Vec<(Mark, usize)>, f64); 2] {
    [0, 1].map(|side| {
        let mine: Vec<&Reviewed<A>> = reviewed.iter().filter(|r| r.side == side).collect();
        let counts = Mark::ALL
            .iter()
            .map(|&m| (m, mine.iter().filter(|r| r.mark == Some(m)).count()))
            .collect();
        let accuracy = if mine.is_empty() {
            100.0
        } else {
            mine.iter().map(|r| r.accuracy()).sum::<f64>() / mine.len() as f64
        };
        (counts, accuracy)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Setup, vectress, wavefield};

    #[test]
    fn marks_follow_the_documented_thresholds() {
        assert_eq!(Mark::of_fall(0.0), None);
        assert_eq!(Mark::of_fall(0.099), None);
        assert_eq!(Mark::of_fall(0.10), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of_fall(0.2), Some(Mark::Mistake));
        assert_eq!(Mark::of_fall(0.3), Some(Mark::Blunder));
        assert_eq!(Mark::of_fall(0.9), Some(Mark::Blunder));
        let turn = |before: f64, after: f64| Reviewed::<u8> {
            first_ply: 0,
            side: 0,
            actions: vec![],
            win_before: before,
            win_after: after,
            best: vec![],
            best_win: before,
            mark: None,
        };
        assert!((turn(0.6, 0.6).accuracy() - 100.0).abs() < 0.01);
        assert!(turn(0.6, 0.3).accuracy() < turn(0.6, 0.5).accuracy());
        assert_eq!(
            turn(0.4, 0.9).fall(),
            0.0,
            "a turn that gains gives nothing away"
        );
    }

    /// A Wave Field tuning and the move after it are one turn; the side changes after.
    #[test]
    fn a_sides_actions_in_a_row_are_one_turn() {
        let start = wavefield::Game::start(&Setup::default()).unwrap();
        let mut probe = start.clone();
        let mut actions = Vec::new();
        for text in ["tune R-T+A-B-", "E6-E4"] {
            let a = probe.parse_action(text).unwrap();
            probe.play(a).unwrap();
            actions.push(a);
        }
        let reply = probe.legal_actions().into_iter().last().unwrap();
        actions.push(reply);
        let (turns, end) = turns_of(&start, &actions).unwrap();
        assert_eq!(turns.len(), 2);
        assert_eq!(turns[0].actions.len(), 2);
        assert_eq!((turns[1].first_ply, turns[1].actions.len()), (2, 1));
        assert_eq!(end.ply(), 3);
    }

    /// The chance after a turn is the engine's best answer's, turned over: a chance, and
    /// a refused action is a sentence.
    #[test]
    fn the_chance_after_a_turn_is_the_engines_answer_turned_over() {
        let start = vectress::Game::start(&Setup::default()).unwrap();
        let stop = Stop::never();
        let judged = judge(&start, Level::Easy, &stop).unwrap();
        let best = chance_after(&start, &judged.best, Level::Easy, &stop).unwrap();
        let mut after = start.clone();
        after.play(judged.best[0]).unwrap();
        let answer = judge(&after, Level::Easy, &stop).unwrap();
        assert!(
            (best - (1.0 - answer.best_win)).abs() < 1e-12,
            "{best} {answer:?}"
        );
        let refused = start.legal_actions()[0];
        let again = chance_after(&start, &[refused, refused], Level::Easy, &stop);
        assert!(again.is_err(), "the same move twice is refused: {again:?}");
    }

    /// The engine's own turns, played from every position, earn no `?` and no `??`.
    #[test]
    fn the_engines_own_turns_are_never_mistakes() {
        let start = vectress::Game::start(&Setup::default()).unwrap();
        let mut game = start.clone();
        let mut actions = Vec::new();
        let stop = Stop::never();
        for _ in 0..12 {
            let Some(judged) = judge(&game, Level::Easy, &stop) else {
                break;
            };
            for &a in &judged.best {
                game.play(a).unwrap();
                actions.push(a);
            }
        }
        let (turns, end) = turns_of(&start, &actions).unwrap();
        let mut judged: Vec<_> = turns
            .iter()
            .map(|t| judge(&t.before, Level::Easy, &stop))
            .collect();
        judged.push(judge(&end, Level::Easy, &stop));
        let reviewed = assemble(&turns, &end, &judged);
        assert_eq!(reviewed.len(), turns.len());
        for r in &reviewed {
            assert_eq!(r.actions, r.best);
            assert!(!matches!(
                r.mark,
                Some(Mark::Mistake | Mark::Blunder | Mark::Inaccuracy)
            ));
        }
        let [(_, white), (_, black)] = summary(&reviewed);
        assert!(white > 99.9 && black > 99.9, "{white} {black}");
    }
}
