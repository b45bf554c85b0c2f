//! `bench app --long-lists`: the presentation with a long history behind it. A Vectress
//! game of 199 seeded plies plays its 200th, the last the move cap allows; a hex chess
//! game of 20 plies gets 4,980 more entries typed into its move list (struck through, as
//! typed, where they cannot be replayed), and the table idles with all 5,000 shown.

use bevy::prelude::*;
use rand::seq::IndexedRandom;

use super::{BenchPlan, Case, measure, summary};
use crate::engine::cli::CliError;
use crate::rules::rng::seeded;
use crate::rules::vectress::game::MOVE_CAP;
use crate::rules::{GameId, Rules, Setup, hexchess, vectress};

/// Entries in the hex chess case's move list.
pub const HEXCHESS_ENTRIES: usize = 5_000;
/// Plies played (legally) before the rest are typed.
const HEXCHESS_PLAYED: usize = 20;

/// The long cases, named.
pub fn cases() -> Vec<(&'static str, Case)> {
    let cap = usize::from(MOVE_CAP);
    let mut vectress = seeded_play::<vectress::Game>(cap, 7);
    let last = vectress.pop();
    vec![
        (
            "vectress at the 200-move cap",
            Case {
                game: GameId::Vectress,
                before: vectress,
                prepare: None,
                heavy: last,
            },
        ),
        (
            "hexchess move list of 5,000 entries",
            Case {
                game: GameId::Hexchess,
                before: seeded_play::<hexchess::Game>(HEXCHESS_PLAYED, 7),
                prepare: Some(type_the_rest),
                heavy: None,
            },
        ),
    ]
}

/// Each long case measured, as the `long_lists` array of the bench's answer.
pub(super) fn measure_all(plan: &BenchPlan) -> Result<serde_json::Value, CliError> {
    let mut long = Vec::new();
    for (name, case) in cases() {
        let samples = measure(plan, &case).map_err(CliError::Failed)?;
        long.push(serde_json::json!({
            "case": name,
            "game": case.game.id(),
            "plies": case.before.len() + usize::from(case.heavy.is_some()),
            "stages": samples.stages,
            "frames": samples.update.len(),
            "update_ms": summary(&samples.update),
            "frame_ms": summary(&samples.frame),
        }));
    }
    Ok(serde_json::Value::Array(long))
}

/// `plies` actions from the start, in notation, each drawn (seeded) from those that leave
/// the game running, but for the last, which may end it.
pub fn seeded_play<G: Rules>(plies: usize, seed: u64) -> Vec<String> {
    let mut rng = seeded(seed);
    let mut game = G::start(&Setup::default()).expect("the default setup starts");
    let mut played = Vec::new();
    for ply in 0..plies {
        let legal = game.legal_actions();
        let running: Vec<G::Action> = legal
            .iter()
            .copied()
            .filter(|&a| {
                let mut next = game.clone();
                next.play(a).is_ok() && !next.is_over()
            })
            .collect();
        let pool = if running.is_empty() || ply + 1 == plies {
            &legal
        } else {
            &running
        };
        let Some(&action) = pool.choose(&mut rng) else {
            break;
        };
        played.push(game.write_action(action));
        if game.play(action).is_err() || game.is_over() {
            break;
        }
    }
    played
}

/// Types the opening's entries again and again after it until the list holds
/// [`HEXCHESS_ENTRIES`].
fn type_the_rest(world: &mut World) {
    let Some(mut played) = world.get_resource_mut::<crate::app::hexchess::HexchessPlayed>() else {
        return;
    };
    let opening: Vec<String> = played.game.entries().0;
    let typed: Vec<String> = opening
        .iter()
        .cycle()
        .take(HEXCHESS_ENTRIES.saturating_sub(opening.len()))
        .cloned()
        .collect();
    crate::app::hexchess::type_entries(&mut played, typed);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_long_cases_are_legal_and_as_long_as_they_say() {
        let cases = cases();
        let (_, vectress) = &cases[0];
        assert_eq!(vectress.before.len(), usize::from(MOVE_CAP) - 1);
        let mut actions = vectress.before.clone();
        actions.extend(vectress.heavy.clone());
        let replay = crate::replay::Replay::new(GameId::Vectress, actions);
        replay.check().unwrap();
        let (over, _) = replay.ending().unwrap();
        assert!(over, "the 200th ply meets the cap");
        let (_, hexchess) = &cases[1];
        assert_eq!(hexchess.before.len(), HEXCHESS_PLAYED);
        crate::replay::Replay::new(GameId::Hexchess, hexchess.before.clone())
            .check()
            .unwrap();
    }

    #[test]
    fn typing_the_opening_again_fills_the_list_to_five_thousand() {
        let mut session = hexchess::GameSession::new(hexchess::Ruleset::V011);
        for text in seeded_play::<hexchess::Game>(HEXCHESS_PLAYED, 7) {
            session.play_text(&text).unwrap();
        }
        let opening = session.entries().0;
        for text in opening
            .iter()
            .cycle()
            .take(HEXCHESS_ENTRIES - opening.len())
        {
            session.append(text);
        }
        let (reached, struck) = session.entries();
        assert_eq!(reached.len() + struck.len(), HEXCHESS_ENTRIES);
    }
}
