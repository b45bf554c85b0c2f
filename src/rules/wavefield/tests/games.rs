//! Tuning within a turn (W6, W12), resignation, and whole games: random play keeps the
//! invariants, a seed replays its game, undo restores every step, a game saves and
//! restores, and the computer plays legally and beats random play.

use rand::Rng;

use super::super::ai::{self, AiConfig, Choice};
use super::super::game::Game;
use super::super::geometry::{Kind, Side};
use super::super::notation::Action;
use super::super::position::{Position, Profile};
use super::super::selfplay;
use super::{mv, random_games, t};
use crate::rules::rng::seeded;

#[test]
fn w6_w12_tuning_dice_reset_undo() {
    let mut game = Game::new(5);
    let before = game.position().clone();
    let p = Profile::DEFAULT.with(Kind::Tower, -1);
    game.play(Action::Tune(p)).unwrap();
    assert_eq!(game.position().ply(), 0, "W12: tuning does not add to ply");
    assert_eq!(
        game.to_move(),
        Side::Blue,
        "W6: tuning does not end the turn"
    );
    assert_eq!(game.position().profile(Side::Blue), p);
    assert_ne!(game.position().field(), before.field());
    // Tuning to the current profile is allowed and changes nothing (W12).
    let f = *game.position().field();
    game.play(Action::Tune(p)).unwrap();
    assert_eq!(*game.position().field(), f);
    game.play(Action::Reset).unwrap();
    assert_eq!(game.position().field(), before.field());
    assert_eq!(game.position().profile(Side::Blue), Profile::DEFAULT);
    // Dice is seeded: the same seed draws the same profile; undo restores the generator.
    game.play(Action::Dice).unwrap();
    let rolled = game.position().profile(Side::Blue);
    let mut twin = Game::new(5);
    twin.play(Action::Tune(p)).unwrap();
    twin.play(Action::Tune(p)).unwrap();
    twin.play(Action::Reset).unwrap();
    twin.play(Action::Dice).unwrap();
    assert_eq!(twin.position().profile(Side::Blue), rolled);
    game.undo().unwrap();
    game.play(Action::Dice).unwrap();
    assert_eq!(game.position().profile(Side::Blue), rolled);
    while game.undo().is_some() {}
    assert_eq!(game.position(), &before);
}

#[test]
fn w12_trapped_is_fixed_for_the_turn_and_resignation_freezes() {
    let mut rng = seeded(19);
    let mut seen = false;
    for _ in 0..300 {
        let mut game = Game::new(0);
        let mut buf = Vec::new();
        while game.outcome().is_none() && game.position().ply() < 200 && !seen {
            let trapped = game.position().trapped();
            for p in Profile::all() {
                game.play(Action::Tune(p)).unwrap();
                assert_eq!(
                    game.position().trapped(),
                    trapped,
                    "W12: tuning does not change trapped"
                );
            }
            game.play(Action::Reset).unwrap();
            if trapped {
                let (side, ply) = (game.to_move(), game.position().ply());
                game.play(Action::Resign).unwrap();
                let o = game.outcome().unwrap();
                assert_eq!(o.winner, Some(side.opponent()));
                assert_eq!(
                    (
                        game.to_move(),
                        game.position().ply(),
                        game.position().trapped()
                    ),
                    (side, ply, true)
                );
                assert!(game.legal_moves().is_empty());
                assert!(game.play(Action::Tune(Profile::DEFAULT)).is_err());
                seen = true;
            }
            if let Choice::Play { profile, mv } =
                selfplay::random_choice(t(), game.position(), &mut buf, &mut rng)
            {
                game.play(Action::Tune(profile)).unwrap();
                game.play(Action::Move(mv)).unwrap();
            } else {
                break;
            }
        }
        if seen {
            return;
        }
    }
    panic!("no trap seen");
}

#[test]
fn random_games_keep_the_invariants() {
    // Hundreds of random games: W8 flags, W9 safety after every move, ply counting.
    let mut games = 0;
    let mut rng = seeded(20);
    for _ in 0..300 {
        let mut pos = Position::start(t());
        let mut buf = Vec::new();
        while pos.outcome().is_none() && pos.ply() < 150 {
            let c = selfplay::random_choice(t(), &pos, &mut buf, &mut rng);
            let mover = pos.to_move();
            let ply = pos.ply();
            selfplay::apply(t(), &mut pos, c);
            if pos.outcome().is_none() {
                assert_eq!(pos.ply(), ply + 1);
                assert!(!pos.big_hat_hostile(mover), "W9");
                for p in pos.pieces() {
                    assert_eq!(
                        p.unstable,
                        p.alive && p.kind != Kind::BigHat && pos.hostile(p.owner, p.cell),
                        "W8 flags"
                    );
                }
                assert!(pos.big_hat(Side::Red).alive && pos.big_hat(Side::Blue).alive);
                assert_eq!(pos.trapped(), pos.big_hat_hostile(pos.to_move()));
            }
        }
        games += 1;
    }
    assert_eq!(games, 300);
}

#[test]
fn same_seed_same_game() {
    let run = |seed| {
        let mut out = Vec::new();
        random_games(3, 60, seed, |g, _| out.push(g.position().clone()));
        out
    };
    assert_eq!(run(21), run(21));
}

#[test]
fn undo_restores_every_step() {
    let mut rng = seeded(22);
    let mut game = Game::new(1);
    let mut snapshots = vec![game.position().clone()];
    for _ in 0..40 {
        let a = if rng.random_bool(0.3) {
            Action::Dice
        } else {
            match game.legal_moves().first() {
                Some(m) => Action::Move(*m),
                None => break,
            }
        };
        game.play(a).unwrap();
        snapshots.push(game.position().clone());
    }
    snapshots.pop();
    while let Some(expected) = snapshots.pop() {
        game.undo().unwrap();
        assert_eq!(game.position(), &expected);
    }
    assert!(game.undo().is_none());
}

#[test]
fn game_serializes_and_restores() {
    let mut game = Game::new(3);
    game.play(Action::Move(mv("D6-D3"))).unwrap();
    let text = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(back.position(), game.position());
    assert_eq!(back.timeline().len(), 1);
}

#[test]
fn computer_is_deterministic_and_legal() {
    let game = Game::new(0);
    let a = ai::choose(
        &game,
        &AiConfig::default(),
        &mut seeded(4),
        &crate::rules::Stop::never(),
    );
    let b = ai::choose(
        &game,
        &AiConfig::default(),
        &mut seeded(4),
        &crate::rules::Stop::never(),
    );
    assert_eq!(a, b);
    let mut g = game.clone();
    for action in a {
        g.play(action).unwrap();
    }
    assert_eq!(g.position().ply(), 1);
}

#[cfg(not(debug_assertions))]
#[test]
fn release_many_random_games_and_ai_beats_random() {
    let mut rng = seeded(23);
    for _ in 0..3000 {
        let end = selfplay::lean_random_game(t(), &Position::start(t()), 300, &mut rng);
        assert!(end.plies <= 300);
    }
    let mut wins = 0;
    for n in 0..200 {
        let side = if n % 2 == 0 { Side::Red } else { Side::Blue };
        let end = selfplay::ai_vs_random(
            t(),
            &Position::start(t()),
            side,
            &AiConfig::default(),
            300,
            &mut rng,
            &mut crate::rules::stop::ToBudget,
        );
        wins += usize::from(end.winner == Some(side));
    }
    assert!(
        wins >= 190,
        "the computer beats random in at least 95% of 200 games: {wins}"
    );
}
