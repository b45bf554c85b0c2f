//! Turn scenarios: movement (W7), instability and removal rounds (W8), the Big Hat rule
//! and rescues (W9), tuning (W6), W12's details, undo and the computer.

use rand::Rng;

use super::super::ai::{self, AiConfig, Choice};
use super::super::game::{Event, Game, IllegalAction};
use super::super::geometry::{Kind, Side};
use super::super::notation::Action;
use super::super::position::{Position, Profile};
use super::super::rescue;
use super::super::selfplay;
use super::{cell, mv, random_games, t};
use crate::rules::rng::seeded;

#[test]
fn w7_rays_territory_and_triangle_hat() {
    let mut game = Game::new(0);
    // Row 3 is Red territory: a Blue Round Hat stops before it.
    let err = game.play(Action::Move(mv("C6-C3"))).unwrap_err();
    assert!(
        matches!(
            err,
            IllegalAction::HostileCrossing {
                side: Side::Blue,
                kind: Kind::RoundHat,
                ..
            }
        ),
        "{err}"
    );
    let text = err.to_string();
    assert!(text.contains("W7") && text.contains("C3"), "{err}");
    // Not along a ray.
    let err = game.play(Action::Move(mv("C6-D4"))).unwrap_err();
    assert_eq!(err, IllegalAction::NotARay(mv("C6-D4")));
    assert!(err.to_string().contains("ray"), "{err}");
    // Occupied squares block; no capture.
    let err = game.play(Action::Move(mv("C7-C5"))).unwrap_err();
    assert!(matches!(err, IllegalAction::Blocked { .. }), "{err}");
    assert!(err.to_string().contains("occupied"), "{err}");
    // Not your piece.
    let err = game.play(Action::Move(mv("C2-C3"))).unwrap_err();
    assert!(
        matches!(
            err,
            IllegalAction::NotYours {
                owner: Side::Red,
                to_move: Side::Blue,
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("red"), "{err}");
    let err = game.play(Action::Move(mv("A1-A2"))).unwrap_err();
    assert_eq!(err, IllegalAction::NoPiece(cell("A1")));
    assert!(err.to_string().contains("no piece"), "{err}");
    assert_eq!(game.timeline().len(), 0, "refused actions change nothing");
    // The Triangle Hat crosses the Neutral middle row and lands on Red territory.
    assert_eq!(game.position().territory(cell("D3")), Some(Side::Red));
    assert!(game.legal_moves().contains(&mv("D6-D3")));
    assert!(game.legal_moves().contains(&mv("D6-G3")));
    game.play(Action::Move(mv("D6-D3"))).unwrap();
    assert_eq!(
        game.position().piece_at(cell("D3")).map(|p| p.kind),
        Some(Kind::TriangleHat)
    );
}

#[test]
fn w8_newly_unstable_piece_survives_until_its_owners_next_turn() {
    let mut game = Game::new(0);
    game.play(Action::Move(mv("D6-D3"))).unwrap();
    let tri = *game.position().piece_at(cell("D3")).unwrap();
    // After the move D3 is still Red: the Blue Triangle Hat is flagged, not removed.
    assert!(game.position().hostile(Side::Blue, cell("D3")));
    assert!(tri.unstable && tri.alive);
    // Red's turn passes without removing it (only the mover's flagged pieces are checked).
    let red_move = game
        .legal_moves()
        .into_iter()
        .find(|m| game.position().piece_at(m.from).unwrap().kind == Kind::Tower)
        .unwrap();
    game.play(Action::Move(red_move)).unwrap();
    assert!(game.position().piece(tri.id).alive);
    // Blue moves something else; if D3 is still hostile afterwards the flagged piece goes.
    let blue_moves = game.legal_moves();
    let mut removed_some = false;
    let mut kept_some = false;
    for m in blue_moves.into_iter().filter(|m| m.from != cell("D3")) {
        let mut g = game.clone();
        let res = g.play(Action::Move(m)).unwrap();
        let Event::Moved {
            field_after_move,
            rounds,
            ..
        } = res.event
        else {
            panic!()
        };
        // Blue's hostile territory is a positive field.
        let hostile_after = field_after_move.0[cell("D3").index()] > 0;
        if hostile_after {
            assert!(!g.position().piece(tri.id).alive, "{m}");
            assert_eq!(rounds[0].0[0].cell, cell("D3"));
            removed_some = true;
        } else {
            assert!(g.position().piece(tri.id).alive, "{m}");
            kept_some = true;
        }
    }
    assert!(
        removed_some,
        "some Blue move leaves D3 Red and loses the Triangle Hat"
    );
    let _ = kept_some;
}

#[test]
fn w8_removal_rounds_cascade() {
    // Find resolutions with a second removal round and check its cause: the piece removed
    // in round 2 was safe right after the move and became hostile only when round 1's
    // pieces' waves disappeared.
    let mut found = 0;
    random_games(300, 200, 15, |_, res| {
        if let Event::Moved {
            field_after_move,
            rounds,
            ..
        } = &res.event
            && rounds.len() >= 2
        {
            let side = res.side;
            for r in &rounds[1].0 {
                let v = field_after_move.0[r.cell.index()];
                assert!(
                    side.sign() * v >= 0,
                    "round-2 piece {} was already hostile",
                    r.cell
                );
                let after_first = rounds[0].1.0[r.cell.index()];
                assert!(
                    side.sign() * after_first < 0,
                    "round-2 piece {} hostile after round 1",
                    r.cell
                );
                assert_eq!(r.owner, side, "only the mover's pieces are removed");
            }
            found += 1;
        }
    });
    assert!(found > 0, "seeded games contain a two-round removal");
}

#[test]
fn w9_big_hat_rule_refuses_and_changes_nothing() {
    let mut found = false;
    random_games(40, 100, 16, |game, _| {
        if found {
            return;
        }
        let pos = game.position();
        let mut blocked = None;
        pos.for_each_move(t(), |m, check| {
            if !check.legal && blocked.is_none() {
                blocked = Some(m);
            }
        });
        if let Some(m) = blocked {
            let mut g = game.clone();
            let err = g.play(Action::Move(m)).unwrap_err();
            assert!(matches!(err, IllegalAction::BigHatExposed { .. }), "{err}");
            let text = err.to_string();
            assert!(text.contains("W9") && text.contains("Big Hat"), "{err}");
            assert_eq!(g.position(), game.position());
            assert_eq!(g.timeline().len(), game.timeline().len());
            assert!(!game.legal_moves().contains(&m));
            found = true;
        }
    });
    assert!(found);
}

#[test]
fn w9_rescues_by_tuning_by_other_piece_and_none() {
    let (mut by_tuning, mut by_other, mut none) = (false, false, false);
    let mut rng = seeded(17);
    for _ in 0..400 {
        let mut pos = Position::start(t());
        let mut buf = Vec::new();
        while pos.outcome().is_none() && pos.ply() < 300 {
            if pos.trapped() {
                let side = pos.to_move();
                match rescue::find_rescue(t(), &pos) {
                    Some(r) => {
                        // The rescue is legal under its profile and leaves the Big Hat safe.
                        let mut trial = pos.clone();
                        trial.set_profile(t(), r.profile);
                        let i = trial.index_at(r.mv.from).unwrap();
                        assert!(trial.check_move(t(), i, r.mv.to).legal);
                        trial.play_unchecked(t(), r.mv);
                        assert!(!trial.big_hat_hostile(side));
                        // W12: no profile with fewer changes has a legal move.
                        for p in Profile::all().filter(|p| p.changes(pos.profile(side)) < r.changes)
                        {
                            let mut q = pos.clone();
                            q.set_profile(t(), p);
                            assert!(!q.has_legal_move(t()));
                        }
                        if r.changes > 0 && !pos.has_legal_move(t()) {
                            by_tuning = true;
                        }
                        if r.mv.from != pos.big_hat(side).cell {
                            by_other = true;
                        }
                    }
                    None => {
                        for p in Profile::all() {
                            let mut q = pos.clone();
                            q.set_profile(t(), p);
                            assert!(!q.has_legal_move(t()));
                        }
                        let game = Game::from_position(pos.clone(), 0);
                        assert_eq!(game.status(), rescue::NO_RESCUE);
                        assert!(game.legal_moves().is_empty());
                        assert!(
                            game.outcome().is_none(),
                            "W9: the trapped player keeps control"
                        );
                        // W9: the computer player resigns.
                        assert_eq!(
                            ai::choose(&game, &AiConfig::default(), &mut seeded(0)),
                            vec![Action::Resign]
                        );
                        none = true;
                    }
                }
            }
            let c = selfplay::random_choice(t(), &pos, &mut buf, &mut rng);
            selfplay::apply(t(), &mut pos, c);
        }
        if by_tuning && by_other && none {
            break;
        }
    }
    assert!(by_tuning, "a rescue by tuning alone");
    assert!(by_other, "a rescue by moving another piece");
    assert!(none, "a trap with no rescue");
}

#[test]
fn hint_applies_the_rescue_profile_and_names_the_piece() {
    let mut rng = seeded(18);
    for _ in 0..200 {
        let mut game = Game::new(0);
        let mut buf = Vec::new();
        while game.outcome().is_none() && game.position().ply() < 200 {
            if game.position().trapped() {
                if let Some(r) = game.rescue() {
                    assert!(game.status().contains(&rescue::hint_text(&r)));
                    assert!(rescue::hint_text(&r).ends_with(&format!(
                        "move {} to {}",
                        r.kind.title(),
                        r.mv.to
                    )));
                    let res = game.play(Action::Hint).unwrap();
                    let Event::Tuned { hint, .. } = res.event else {
                        panic!()
                    };
                    assert_eq!(hint, Some(r));
                    assert_eq!(game.position().profile(game.to_move()), r.profile);
                    assert!(game.legal_moves().contains(&r.mv));
                    return;
                }
            } else {
                assert!(game.play(Action::Hint).is_err(), "no hint when not trapped");
            }
            let c = selfplay::random_choice(t(), game.position(), &mut buf, &mut rng);
            match c {
                Choice::Resign => break,
                Choice::Play { profile, mv } => {
                    game.play(Action::Tune(profile)).unwrap();
                    game.play(Action::Move(mv)).unwrap();
                }
            }
        }
    }
    panic!("no rescuable trap found");
}

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
    let a = ai::choose(&game, &AiConfig::default(), &mut seeded(4));
    let b = ai::choose(&game, &AiConfig::default(), &mut seeded(4));
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
        let end = selfplay::lean_random_game(t(), 300, &mut rng);
        assert!(end.plies <= 300);
    }
    let mut wins = 0;
    for n in 0..200 {
        let side = if n % 2 == 0 { Side::Red } else { Side::Blue };
        let end = selfplay::ai_vs_random(t(), side, &AiConfig::default(), 300, &mut rng);
        wins += usize::from(end.winner == Some(side));
    }
    assert!(
        wins >= 190,
        "the computer beats random in at least 95% of 200 games: {wins}"
    );
}

#[test]
fn refusals_are_worded_exactly() {
    let cases = [
        (
            IllegalAction::GameOver { loser: Side::Red },
            "the game is over (red resigned); no further actions are allowed",
        ),
        (
            IllegalAction::NoPiece(cell("A1")),
            "there is no piece on A1",
        ),
        (
            IllegalAction::NotYours {
                kind: Kind::RoundHat,
                cell: cell("C2"),
                owner: Side::Red,
                to_move: Side::Blue,
            },
            "the Round Hat on C2 belongs to red, and it is blue's turn",
        ),
        (
            IllegalAction::Stationary(mv("C6-C6")),
            "C6-C6 does not move the piece; a move must go at least one square",
        ),
        (
            IllegalAction::NotARay(mv("C6-D4")),
            "C6-D4 is not along one of the eight rays (horizontal, vertical or diagonal) (W7)",
        ),
        (
            IllegalAction::Blocked {
                mv: mv("C7-C5"),
                cell: cell("C6"),
                owner: Side::Blue,
                kind: Kind::Tower,
            },
            "C7-C5 is blocked: C6 is occupied by a blue Tower, and pieces cannot jump or capture (W7)",
        ),
        (
            IllegalAction::HostileCrossing {
                mv: mv("C6-C3"),
                cell: cell("C3"),
                side: Side::Blue,
                kind: Kind::RoundHat,
            },
            "C6-C3 crosses C3, which is red territory; a blue Round Hat may only cross friendly or Neutral squares (W7)",
        ),
        (
            IllegalAction::BigHatExposed {
                mv: mv("D6-D5"),
                side: Side::Blue,
            },
            "D6-D5 would leave blue's Big Hat on hostile territory, and a move must end with it protected (W9)",
        ),
        (
            IllegalAction::HintNotTrapped,
            "the hint is only offered while your Big Hat is trapped (W9)",
        ),
        (
            IllegalAction::NoRescue,
            "no tuning and move can rescue the trapped Big Hat, so there is no hint (W9)",
        ),
        (
            IllegalAction::NoSuchSlot {
                kind: Kind::Tower,
                slots: 1,
                slot: 1,
            },
            "Tower has 1 component slots; there is no slot 2",
        ),
    ];
    for (err, sentence) in cases {
        assert_eq!(err.to_string(), sentence, "{err:?}");
    }
}
