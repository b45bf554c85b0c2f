//! Turn scenarios: movement (W7), instability and removal rounds (W8), the Big Hat rule
//! and rescues (W9), and the exact sentences of refused actions. Tuning, resignation and
//! whole games are in `games.rs`.

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
                            ai::choose(
                                &game,
                                &AiConfig::default(),
                                &mut seeded(0),
                                &crate::rules::Stop::never()
                            ),
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
