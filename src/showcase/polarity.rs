//! Polarity's scores and captions: stones moved by one power, stones it could not move,
//! lines taken and their stones, a regather, a win.

use super::library::scenario;
use super::{Scores, Showcase, pick, pick_lowest, short_line};
use crate::rules::polarity::{Action, Game, Mode, Resolution, Side, StayReason, TARGET};
use crate::rules::rng::GameRng;

impl Showcase for Game {
    const MIDGAME: std::ops::RangeInclusive<usize> = 0..=40;

    const SCENARIOS: &'static [(&'static str, &'static str)] = &[
        scenario!("polarity", "nine-in-a-block"),
        scenario!("polarity", "sixteen-at-once"),
        scenario!("polarity", "a-push-takes-five-lines"),
        scenario!("polarity", "the-rooks-pull"),
        scenario!("polarity", "the-rooks-push-wins"),
        scenario!("polarity", "eight-stand-firm"),
        scenario!("polarity", "the-pieces-come-back"),
        scenario!("polarity", "queen-pull-two-lines"),
    ];

    fn scores(_before: &Game, resolution: &Resolution, _after: &Game) -> Scores {
        let win = resolution
            .outcome
            .is_some_and(|o| o.winner == Some(resolution.mover));
        let mut s = Scores::new();
        s.add("moved", resolution.moved.len(), 2);
        s.add("held", resolution.stayed.len(), 1);
        s.add("lines", resolution.runs.len(), 6);
        s.add("taken", resolution.removed.len(), 3);
        s.add("regathered", u8::from(resolution.regathered), 4);
        s.add("win", u8::from(win), 10);
        s
    }

    fn captions(_before: &Game, resolution: &Resolution) -> Vec<String> {
        let who = player(resolution.mover);
        let cell = resolution.placed.cell;
        let mut captions = vec![match resolution.power {
            Some(p) => format!(
                "{who} places a stone on {cell} and spends the {} to {}",
                p.piece.name(),
                p.mode.name()
            ),
            None if resolution.regathered => {
                format!("{who} has no piece to spend: a plain stone on {cell}")
            }
            None => format!("{who} places a plain stone on {cell}"),
        }];
        // The window's stages: the placement, the power (when it reached a stone), the
        // lines taken, the regather.
        if let Some(p) = resolution.power
            && (!resolution.moved.is_empty() || !resolution.stayed.is_empty())
        {
            let (verb, way) = match p.mode {
                Mode::Push => ("pushes", "away from"),
                Mode::Pull => ("pulls", "toward"),
            };
            let moved = resolution.moved.len();
            let mut text = if moved > 0 {
                format!(
                    "the {} {verb} {} one step {way} {cell}",
                    p.piece.name(),
                    stones(moved)
                )
            } else {
                format!("the {} {verb}, but nothing moves", p.piece.name())
            };
            if !resolution.stayed.is_empty() {
                let count =
                    |r: StayReason| resolution.stayed.iter().filter(|s| s.reason == r).count();
                let reasons: Vec<String> = [
                    (StayReason::Locked, "locked"),
                    (StayReason::Edge, "at the edge"),
                    (StayReason::Occupied, "blocked"),
                ]
                .into_iter()
                .filter(|&(r, _)| count(r) > 0)
                .map(|(r, why)| format!("{} {why}", count(r)))
                .collect();
                let n = resolution.stayed.len();
                let verb = if n == 1 { "holds" } else { "hold" };
                text += &format!("; {} {verb} ({})", stones(n), reasons.join(", "));
            }
            captions.push(text);
        }
        if !resolution.removed.is_empty() {
            let lines = match resolution.runs.len() {
                1 => "a line".to_string(),
                n => format!("{n} lines"),
            };
            let ending = match resolution.outcome {
                Some(o) if o.winner == Some(resolution.mover) => {
                    format!(": {TARGET} or more, {who} wins")
                }
                _ => String::new(),
            };
            captions.push(format!(
                "{lines} taken: {} go to {who} ({} in all){ending}",
                stones(resolution.removed.len()),
                resolution.collected
            ));
        }
        if resolution.regathered {
            captions.push(format!("{who}'s five pieces come back"));
        }
        captions
    }

    fn short_captions(_before: &Game, resolution: &Resolution) -> Vec<String> {
        let who = player(resolution.mover);
        let cell = resolution.placed.cell;
        let mut captions = vec![match resolution.power {
            Some(p) => format!(
                "{who}: a stone on {cell}, the {} to {}",
                p.piece.name(),
                p.mode.name()
            ),
            None => format!("{who}: a plain stone on {cell}"),
        }];
        if let Some(p) = resolution.power
            && (!resolution.moved.is_empty() || !resolution.stayed.is_empty())
        {
            let verb = match p.mode {
                Mode::Push => "pushes",
                Mode::Pull => "pulls",
            };
            let head = match resolution.moved.len() {
                0 => format!("the {} {verb}: nothing moves", p.piece.name()),
                n => format!("the {} {verb} {}", p.piece.name(), stones(n)),
            };
            let held = resolution.stayed.len();
            captions.push(short_line(
                head,
                (held > 0).then(|| {
                    format!(
                        "{} {}",
                        stones(held),
                        if held == 1 { "holds" } else { "hold" }
                    )
                }),
            ));
        }
        if !resolution.removed.is_empty() {
            let lines = match resolution.runs.len() {
                1 => "a line".to_string(),
                n => format!("{n} lines"),
            };
            let won = resolution
                .outcome
                .is_some_and(|o| o.winner == Some(resolution.mover));
            captions.push(short_line(
                format!("{lines} · {} to {who}", stones(resolution.removed.len())),
                [if won {
                    format!("{who} wins")
                } else {
                    format!("{} of {TARGET}", resolution.collected)
                }],
            ));
        }
        if resolution.regathered {
            captions.push(format!("{who}'s five pieces come back"));
        }
        captions
    }

    fn playout_turn(&self, rng: &mut GameRng, dense: bool) -> Option<Vec<Action>> {
        let legal = self.legal_actions();
        let action = if dense {
            // Plain stones near the middle pile up into crowds a power can move.
            pick_lowest(&legal, 6, rng, |a| {
                let centre = (2 * i64::from(a.cell.file()) - 7).abs()
                    + (2 * i64::from(a.cell.rank()) - 7).abs();
                centre + if a.power.is_some() { 6 } else { 0 }
            })
        } else {
            pick(&legal, rng)
        }?;
        Some(vec![action])
    }
}

fn player(side: Side) -> &'static str {
    match side {
        Side::One => "One",
        Side::Two => "Two",
    }
}

fn stones(n: usize) -> String {
    if n == 1 {
        "1 stone".to_string()
    } else {
        format!("{n} stones")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::showcase::score_last;

    /// The queen pulls eight stones into a three-by-three block, which is taken (the
    /// engine's record of this line): placement, power and lines are three stages.
    #[test]
    fn a_queen_pull_that_takes_a_block() {
        let line = ["d6", "d2", "b4", "f4", "b6", "f6", "b2", "f2", "d4 Q-"];
        let (scores, captions) = score_last::<Game>(&line);
        assert_eq!(scores.get("moved"), Some(8));
        assert_eq!(scores.get("taken"), Some(9));
        assert_eq!(scores.get("held"), Some(0));
        assert_eq!(captions.len(), 3, "{captions:#?}");
        assert!(
            captions[1].starts_with("the queen pulls 8 stones"),
            "{}",
            captions[1]
        );
        let short = crate::showcase::short_last::<Game>(&line);
        assert_eq!(short[1], "the queen pulls 8 stones");
        assert_eq!(short[2], "6 lines · 9 stones to One · 9 of 10");
    }

    #[test]
    fn a_plain_stone_is_one_stage() {
        let (scores, captions) = score_last::<Game>(&["d4"]);
        assert_eq!(scores.spectacle(), 0);
        assert_eq!(captions, ["One places a plain stone on d4"]);
    }
}
