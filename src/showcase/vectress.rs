//! Vectress's scores and captions: waves, pieces set moving, shoves and shove trains,
//! bonds formed and broken, pieces knocked off, enemies dragged off by a bond, a Core
//! going over, a win.

use std::collections::BTreeSet;

use super::library::scenario;
use super::{Scores, Showcase, pick, pick_lowest};
use crate::rules::rng::GameRng;
use crate::rules::vectress::resolution::{PlayerMove, Shove, Wave};
use crate::rules::vectress::{Action, Dir, Game, Kind, PieceId, Position, Resolution};

mod short;
use short::{short_player_caption, short_wave_caption};

impl Showcase for Game {
    const MIDGAME: std::ops::RangeInclusive<usize> = 0..=40;

    const SCENARIOS: &'static [(&'static str, &'static str)] = &[
        scenario!("vectress", "ten-waves"),
        scenario!("vectress", "nine-waves-fifteen-magnets"),
        scenario!("vectress", "the-chain-turns-back"),
        scenario!("vectress", "both-cores-fall"),
        scenario!("vectress", "eight-over-the-edge"),
        scenario!("vectress", "the-body-goes-over"),
        scenario!("vectress", "seven-bonds"),
        scenario!("vectress", "fifteen-in-motion"),
        scenario!("vectress", "shoved-and-pushed"),
        scenario!("vectress", "dragged-by-a-bond"),
    ];

    fn scores(before: &Game, resolution: &Resolution, _after: &Game) -> Scores {
        let pos = before.position();
        let waves = &resolution.waves;
        let mut set_moving = BTreeSet::new();
        let mut lost: Vec<PieceId> = Vec::new();
        for wave in waves {
            set_moving.extend(wave.moves.iter().map(|m| m.id));
            set_moving.extend(wave.lost.iter().map(|l| l.id));
            lost.extend(wave.lost.iter().map(|l| l.id));
        }
        let knocked_off = lost.len();
        if let Some(player) = &resolution.player {
            lost.extend(player.dropped.iter().map(|d| d.id));
        }
        let enemy = resolution.side.opponent();
        // An enemy that was bonded when the move began went over with its body.
        let dragged_off = lost
            .iter()
            .filter(|&&id| pos.piece(id).is_some_and(|p| p.owner == enemy) && pos.is_bonded(id))
            .count();
        let core_off = lost
            .iter()
            .filter(|&&id| pos.piece(id).is_some_and(|p| p.kind == Kind::Octagon))
            .count();
        let broken_by_player = resolution
            .player
            .as_ref()
            .map_or(0, |p| p.bonds_broken.len());
        let win = resolution
            .outcome
            .is_some_and(|o| o.winner == Some(resolution.side));

        let mut s = Scores::new();
        s.add("waves", waves.len(), 4);
        s.add("pieces_moved", set_moving.len(), 1);
        s.add(
            "shoves",
            waves.iter().map(|w| w.shoves.len()).sum::<usize>(),
            2,
        );
        s.add(
            "shove_train",
            waves
                .iter()
                .map(|w| longest_train(&w.shoves))
                .max()
                .unwrap_or(0),
            2,
        );
        s.add(
            "bonds_formed",
            waves.iter().map(|w| w.bonds_formed.len()).sum::<usize>(),
            1,
        );
        let broken = waves.iter().map(|w| w.bonds_broken.len()).sum::<usize>() + broken_by_player;
        s.add("bonds_broken", broken, 1);
        s.add("knocked_off", knocked_off, 4);
        s.add("dragged_off", dragged_off, 4);
        s.add("core_off", core_off, 12);
        s.add("win", u8::from(win), 6);
        s
    }

    fn waves(resolution: Option<&Resolution>) -> Option<usize> {
        Some(resolution.map_or(0, |r| r.shown_waves().len()))
    }

    fn captions(before: &Game, resolution: &Resolution) -> Vec<String> {
        let pos = before.position();
        let mut captions = Vec::new();
        if let Some(player) = &resolution.player {
            captions.push(player_caption(pos, resolution, player));
        }
        // The chain's empty stop gets no caption and is not counted (the window's
        // stages skip it too); `waves` above still scores every wave.
        let shown = resolution.shown_waves();
        let total = shown.len();
        for (i, wave) in shown.iter().enumerate() {
            captions.push(format!(
                "wave {} of {total}: {}",
                i + 1,
                wave_caption(pos, wave)
            ));
        }
        captions
    }

    fn short_captions(before: &Game, resolution: &Resolution) -> Vec<String> {
        let pos = before.position();
        let mut captions = Vec::new();
        if let Some(player) = &resolution.player {
            captions.push(short_player_caption(pos, resolution, player));
        }
        let shown = resolution.shown_waves();
        let total = shown.len();
        for (i, wave) in shown.iter().enumerate() {
            captions.push(short_wave_caption(pos, wave, i + 1, total));
        }
        captions
    }

    fn playout_turn(&self, rng: &mut GameRng, dense: bool) -> Option<Vec<Action>> {
        let legal = self.legal_actions();
        let action = if dense {
            // Toward the middle, where magnets meet.
            pick_lowest(&legal, 6, rng, |a| match a {
                Action::Move { to, .. } | Action::PullFree { to, .. } => {
                    i64::from((to.x() - 4).abs() + (to.y() - 4).abs())
                }
                Action::Pass => 100,
            })
        } else {
            pick(&legal, rng)
        }?;
        Some(vec![action])
    }
}

/// The longest chain of shoves in one wave (A shoves B, B shoves C: 2).
fn longest_train(shoves: &[Shove]) -> usize {
    fn from(id: PieceId, shoves: &[Shove], depth: usize) -> usize {
        if depth == 0 {
            return 0;
        }
        shoves
            .iter()
            .filter(|s| s.shover == id)
            .map(|s| 1 + from(s.shoved, shoves, depth - 1))
            .max()
            .unwrap_or(0)
    }
    shoves
        .iter()
        .map(|s| from(s.shover, shoves, shoves.len()))
        .max()
        .unwrap_or(0)
}

/// "the Black Core", "the White Triangle".
fn piece_name(pos: &Position, id: PieceId) -> String {
    match pos.piece(id) {
        Some(p) => format!("the {} {}", p.owner.title(), p.kind.title()),
        None => "a piece".to_string(),
    }
}

fn dir_name(dir: Dir) -> &'static str {
    match dir {
        Dir::N => "north",
        Dir::NE => "north-east",
        Dir::E => "east",
        Dir::SE => "south-east",
        Dir::S => "south",
        Dir::SW => "south-west",
        Dir::W => "west",
        Dir::NW => "north-west",
    }
}

/// "the Black Core, two Black Squares and the White Triangle": pieces of one owner and
/// kind counted together, in the order they first appear.
fn group(pos: &Position, ids: &[PieceId]) -> String {
    let mut kinds: Vec<((&'static str, Kind), usize)> = Vec::new();
    for p in ids.iter().filter_map(|&id| pos.piece(id)) {
        let key = (p.owner.title(), p.kind);
        match kinds.iter_mut().find(|(k, _)| *k == key) {
            Some((_, n)) => *n += 1,
            None => kinds.push((key, 1)),
        }
    }
    const WORDS: [&str; 10] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    let names: Vec<String> = kinds
        .iter()
        .map(|&((owner, kind), n)| match n {
            1 => format!("the {owner} {}", kind.title()),
            n => format!(
                "{} {owner} {}",
                WORDS.get(n).copied().unwrap_or("many"),
                kind.plural_title()
            ),
        })
        .collect();
    match names.split_last() {
        None => "nothing".to_string(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

fn player_caption(pos: &Position, resolution: &Resolution, player: &PlayerMove) -> String {
    let side = resolution.side.title();
    let name = pos.piece(player.piece).map_or("piece", |p| p.kind.title());
    let (from, to) = match resolution.action {
        Action::Move { from, to } | Action::PullFree { from, to } => (from.name(), to.name()),
        Action::Pass => (String::new(), String::new()),
    };
    let mut text = if player.pulled_free {
        format!("{side} pulls the {name} free, {from} to {to}")
    } else {
        format!("{side} moves the {name} {from} to {to}")
    };
    let carried = player.moved.len().saturating_sub(1);
    if carried > 0 {
        text += &format!(
            ", carrying {} with it",
            plural(carried, "bonded piece", "bonded pieces")
        );
    }
    if !player.dropped.is_empty() {
        let ids: Vec<PieceId> = player.dropped.iter().map(|d| d.id).collect();
        let verb = if ids.len() == 1 { "drops" } else { "drop" };
        text += &format!("; {} {verb} off the edge", group(pos, &ids));
    }
    text
}

fn wave_caption(pos: &Position, wave: &Wave) -> String {
    let mut parts = Vec::new();
    if let Some(push) = wave.pushes.first() {
        let mut text = format!(
            "{} pushes {} {}",
            piece_name(pos, push.pusher),
            piece_name(pos, push.pushed),
            dir_name(push.dir)
        );
        if wave.pushes.len() > 1 {
            text += &format!(" ({} in all)", plural(wave.pushes.len(), "push", "pushes"));
        }
        parts.push(text);
    }
    if !wave.had_movement() {
        // A shown wave without movement has cancelled or blocked pushes, or bonds
        // closing after the last move.
        parts.push(if wave.pushes.is_empty() {
            "nothing more moves".to_string()
        } else {
            "the forces cancel and nothing moves".to_string()
        });
    }
    match wave.shoves.len() {
        0 => {}
        1 => {
            let s = wave.shoves[0];
            parts.push(format!(
                "{} shoves {} {}",
                piece_name(pos, s.shover),
                piece_name(pos, s.shoved),
                dir_name(s.dir)
            ));
        }
        n => parts.push(format!(
            "{n} shoves, a train of {}",
            longest_train(&wave.shoves)
        )),
    }
    if !wave.lost.is_empty() {
        let ids: Vec<PieceId> = wave.lost.iter().map(|l| l.id).collect();
        let core = ids
            .iter()
            .any(|&id| pos.piece(id).is_some_and(|p| p.kind == Kind::Octagon));
        let verb = if ids.len() == 1 { "goes" } else { "go" };
        let bang = if core { "!" } else { "" };
        parts.push(format!("{} {verb} over the edge{bang}", group(pos, &ids)));
    }
    if !wave.bonds_formed.is_empty() {
        parts.push(match wave.bonds_formed.len() {
            1 => "a bond snaps shut".to_string(),
            n => format!("{n} bonds snap shut"),
        });
    }
    if !wave.bonds_broken.is_empty() {
        parts.push(match wave.bonds_broken.len() {
            1 => "a bond breaks".to_string(),
            n => format!("{n} bonds break"),
        });
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::showcase::score_last;

    /// The README's chain: five waves as the engine counts them (its `last.waves`), two
    /// bonds formed, nothing knocked off; a caption for the move and one per wave.
    #[test]
    fn the_five_wave_chain_scores_five_waves() {
        let (scores, captions) = score_last::<Game>(&["E3-G5", "F7-H5", "F5-F7"]);
        assert_eq!(scores.get("waves"), Some(5));
        assert_eq!(scores.get("bonds_formed"), Some(2));
        assert_eq!(scores.get("knocked_off"), Some(0));
        assert_eq!(scores.get("core_off"), Some(0));
        assert_eq!(captions.len(), 6, "{captions:#?}");
        assert!(
            captions[0].starts_with("White moves the Core F5 to F7"),
            "{}",
            captions[0]
        );
        assert!(
            captions[5].starts_with("wave 5 of 5: nothing more moves"),
            "{}",
            captions[5]
        );
        // The short words, one line each.
        let short = crate::showcase::short_last::<Game>(&["E3-G5", "F7-H5", "F5-F7"]);
        assert_eq!(short[0], "White moves the Core F5-F7");
        assert_eq!(short[5], "Wave 5 of 5 · nothing more moves · 1 bond shut");
    }

    /// A step next to nothing: the miner still scores its one (empty) wave, and the
    /// captions show only the move, since that wave has nothing to show.
    #[test]
    fn an_empty_last_wave_gets_no_caption() {
        let (scores, captions) = score_last::<Game>(&["D3-C4"]);
        assert_eq!(scores.get("waves"), Some(1));
        assert_eq!(captions, ["White moves the Triangle D3 to C4"]);
    }

    #[test]
    fn a_shove_train_is_the_longest_chain_in_the_wave() {
        let shove = |shover, shoved| Shove {
            shover,
            shoved,
            dir: Dir::N,
        };
        assert_eq!(longest_train(&[]), 0);
        assert_eq!(longest_train(&[shove(1, 2), shove(2, 3), shove(7, 8)]), 2);
        assert_eq!(
            longest_train(&[shove(1, 2), shove(2, 1)]),
            2,
            "a cycle stops"
        );
    }
}
