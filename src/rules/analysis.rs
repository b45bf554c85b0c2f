//! What the engines know about a position, for players and scripts: its best turns, each
//! with its value, the chance to win it gives the side to move and the continuation the
//! computer expects; and the threat, the opponent's best turn were it to move now. All of
//! it is played by the rules on copies, so every line is legal.

use super::contract::{Level, Rules};
use super::rng::GameRng;
use super::stop::Stop;

/// One turn as the analysis sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct Assessed<A> {
    /// The turn's actions in order (Wave Field may tune before it moves).
    pub turn: Vec<A>,
    /// Its value for the side to move, in the game's units.
    pub score: i32,
    /// The chance to win the value gives the side to move, 0 to 1.
    pub win_chance: f64,
    /// The turn's actions, then the turns the computer expects of both sides after it.
    pub line: Vec<A>,
}

/// The chance to win that a value `score` for the side to move gives it, by the game's
/// fitted curve (a draw counts half).
pub fn win_chance<G: Rules>(score: i32) -> f64 {
    1.0 / (1.0 + (-f64::from(score) / G::SCORE_SCALE).exp())
}

/// The `top` best turns for the side to move of `game` at `level`, best first, each with a
/// continuation of `line_turns` turns in all (the turn itself included). Tie-breaks come
/// from a copy of `rng`; `stop` cuts every search short.
pub fn assess<G: Rules>(
    game: &G,
    level: Level,
    top: usize,
    line_turns: usize,
    rng: &GameRng,
    stop: &Stop,
) -> Vec<Assessed<G::Action>> {
    let mut rng = rng.clone();
    let ranked = game.rank(level, top, &mut rng, stop);
    ranked
        .into_iter()
        .map(|ranked| Assessed {
            line: continuation(game, &ranked.turn, level, line_turns, &rng, stop),
            win_chance: win_chance::<G>(ranked.score),
            score: ranked.score,
            turn: ranked.turn,
        })
        .collect()
}

/// What the side not to move threatens: its best turn were it to move now, assessed from
/// its side; `None` where the game cannot be passed ([`Rules::passed`]).
pub fn threat<G: Rules>(
    game: &G,
    level: Level,
    line_turns: usize,
    rng: &GameRng,
    stop: &Stop,
) -> Option<Assessed<G::Action>> {
    let passed = game.passed()?;
    assess(&passed, level, 1, line_turns, rng, stop)
        .into_iter()
        .next()
}

/// `turn` played on a copy of `game`, then the computer's turns at `level` for both sides,
/// `turns` turns in all, until the game ends: every action as played.
pub fn continuation<G: Rules>(
    game: &G,
    turn: &[G::Action],
    level: Level,
    turns: usize,
    rng: &GameRng,
    stop: &Stop,
) -> Vec<G::Action> {
    let (mut game, mut rng) = (game.clone(), rng.clone());
    let mut line = Vec::new();
    let mut next = turn.to_vec();
    for _ in 0..turns {
        for &action in &next {
            if game.play(action).is_err() {
                return line;
            }
            line.push(action);
        }
        if game.is_over() || stop.is_raised() {
            break;
        }
        next = game.choose(level, &mut rng, stop);
        if next.is_empty() {
            break;
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Match, Setup, hexchess, polarity, vectress, wavefield};

    fn midgame<G: Rules>(plies: usize) -> Match<G> {
        let mut game = Match::<G>::new(Setup::default()).expect("the default start");
        for _ in 0..plies {
            if game.play_computer(Level::Easy, &Stop::never()).is_err() {
                break;
            }
        }
        game
    }

    /// The best of `rank` is `choose`'s turn, the values come best first, and every line
    /// replays by the rules from the position.
    fn ranks_and_lines<G: Rules>() {
        for plies in [0, 3, 8] {
            let game = midgame::<G>(plies);
            let rng = game.rules().rng().clone();
            let chosen = game
                .rules()
                .choose(Level::Normal, &mut rng.clone(), &Stop::never());
            let best = assess(game.rules(), Level::Normal, 3, 3, &rng, &Stop::never());
            assert!(
                !best.is_empty(),
                "{:?} at {plies}: something to play",
                G::GAME
            );
            assert_eq!(best[0].turn, chosen, "{:?}: top 1 is the choice", G::GAME);
            let scores: Vec<i32> = best.iter().map(|a| a.score).collect();
            assert!(
                scores.windows(2).all(|w| w[0] >= w[1]),
                "{:?} at {plies}: {scores:?}",
                G::GAME
            );
            for a in &best {
                assert!((0.0..=1.0).contains(&a.win_chance));
                assert!(a.line.starts_with(&a.turn));
                let mut replay = game.rules().clone();
                for &action in &a.line {
                    assert!(
                        replay.play(action).is_ok(),
                        "{:?}: the line is legal",
                        G::GAME
                    );
                }
            }
            let distinct: Vec<_> = best.iter().map(|a| &a.turn).collect();
            assert!(
                distinct
                    .iter()
                    .enumerate()
                    .all(|(i, t)| !distinct[..i].contains(t)),
                "{:?}: three different turns",
                G::GAME
            );
        }
    }

    #[test]
    fn the_best_turns_come_ranked_with_legal_lines() {
        ranks_and_lines::<vectress::Game>();
        ranks_and_lines::<hexchess::Game>();
        ranks_and_lines::<wavefield::Game>();
        ranks_and_lines::<polarity::Game>();
    }

    /// The threat is a turn of the side not to move, legal in the passed game.
    fn threatens<G: Rules>() {
        let game = midgame::<G>(4);
        let rules = game.rules();
        let threat = threat(rules, Level::Normal, 2, rules.rng(), &Stop::never())
            .unwrap_or_else(|| panic!("{:?}: a threat", G::GAME));
        let mut passed = rules.passed().expect("passable");
        assert_ne!(passed.to_move(), rules.to_move());
        for &action in &threat.turn {
            assert!(
                passed.play(action).is_ok(),
                "{:?}: the threat is legal",
                G::GAME
            );
        }
    }

    #[test]
    fn the_threat_is_the_other_sides_turn() {
        threatens::<vectress::Game>();
        threatens::<hexchess::Game>();
        threatens::<wavefield::Game>();
        threatens::<polarity::Game>();
    }

    #[test]
    fn the_curve_is_even_at_zero_and_rises() {
        assert!((win_chance::<vectress::Game>(0) - 0.5).abs() < 1e-12);
        assert!(win_chance::<hexchess::Game>(300) > win_chance::<hexchess::Game>(100));
        assert!(win_chance::<polarity::Game>(1_000_000) > 0.999);
        assert!(win_chance::<wavefield::Game>(-1_000_000) < 0.001);
    }
}
