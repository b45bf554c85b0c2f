//! Rules tests: hand-made positions named after the rulings they pin, property tests
//! (exact arithmetic, symmetry, incremental updates) and seeded random games. The turn
//! scenarios (W7..W9) are in `tests/turns.rs`; tuning (W6, W12), resignation and whole
//! games in `tests/games.rs`; multi-slot tuning (W11) in `tests/slots.rs` and its rescue
//! search in `tests/slot_rescue.rs`.

mod games;
mod slot_rescue;
mod slots;
mod turns;

use rand::Rng;

use super::ai;
use super::game::Game;
use super::geometry::{Cell, Kind, Side};
use super::notation::{Action, parse_action};
use super::patterns::{Tables, UNIT};
use super::position::{Move, Position, Profile};
use super::rescue;
use crate::rules::rng::seeded;

fn t() -> &'static Tables {
    Tables::builtin()
}

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

fn mv(text: &str) -> Move {
    match parse_action(text).unwrap() {
        Action::Move(m) => m,
        other => panic!("{other:?} is not a move"),
    }
}

/// An exact rational (i128 numerator / denominator), independent of the field units.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Q(i128, i128);

impl Q {
    fn add(self, o: Q) -> Q {
        let (n, d) = (self.0 * o.1 + o.0 * self.1, self.1 * o.1);
        let g = gcd(n.abs(), d).max(1);
        Q(n / g, d / g)
    }
    fn mul(self, k: i128) -> Q {
        Q(self.0 * k, self.1).add(Q(0, 1))
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// W3/W4 written out directly with rationals: the reference the tables must match.
fn reference_field(pos: &Position) -> Vec<Q> {
    let basis = |kind: Kind, dx: i32, dy: i32| -> i128 {
        let (ax, ay) = (dx.abs(), dy.abs());
        let r = ax.max(ay);
        let plus = match kind {
            Kind::RoundHat => (ax + ay) % 2 == 0,
            Kind::Tower => matches!(r % 6, 0..=2),
            Kind::TriangleHat => ax == 0 || ay == 0 || ax == ay,
            Kind::BigHat => (ax / 2 + ay / 2) % 2 == 0,
        };
        if plus { 1 } else { -1 }
    };
    let scales = |kind: Kind| match kind {
        Kind::RoundHat => (4, 1, 1),
        Kind::Tower => (3, 1, 2),
        Kind::TriangleHat => (3, 0, 2),
        Kind::BigHat => (4, 2, 2),
    };
    Cell::all()
        .map(|c| {
            let mut sum = Q(0, 1);
            for p in pos.pieces().iter().filter(|p| p.alive) {
                let owner = p.owner.sign() as i128;
                if p.cell == c {
                    if p.kind == Kind::TriangleHat {
                        sum = sum.add(Q(owner, 2));
                    }
                    continue;
                }
                let (dx, dy) = (c.x() - p.cell.x(), c.y() - p.cell.y());
                let ring = dx.abs().max(dy.abs());
                let coef = pos.profile(p.owner).coef(p.kind) as i128;
                let v = Q(coef * basis(p.kind, dx, dy), 1 << ring);
                let (fr, ho, st) = scales(p.kind);
                let scaled = if v.0 >= 0 { v.mul(fr) } else { v.mul(ho) };
                sum = sum.add(scaled.mul(owner * st));
            }
            sum
        })
        .collect()
}

fn assert_field_matches_reference(pos: &Position) {
    let reference = reference_field(pos);
    for c in Cell::all() {
        let units = pos.value(c) as i128;
        let q = Q(units, UNIT as i128).add(Q(0, 1));
        assert_eq!(q, reference[c.index()], "field at {c}");
    }
}

/// Seeded random play (random profiles now and then), calling `f` after every move.
fn random_games(
    games: u64,
    max_plies: u32,
    seed: u64,
    mut f: impl FnMut(&Game, &super::game::Resolution),
) {
    let mut rng = seeded(seed);
    for _ in 0..games {
        let mut game = Game::new(rng.random());
        while game.outcome().is_none() && game.position().ply() < max_plies {
            if rng.random_bool(0.25) {
                let p = Profile(rng.random_range(0..16));
                game.play(Action::Tune(p)).unwrap();
            }
            let moves = game.legal_moves();
            let action = if moves.is_empty() {
                match rescue::find_rescue(game.tables(), game.position()) {
                    Some(r) => {
                        game.play(Action::Tune(r.profile)).unwrap();
                        Action::Move(r.mv)
                    }
                    None => Action::Resign,
                }
            } else {
                Action::Move(moves[rng.random_range(0..moves.len())])
            };
            let res = game.play(action).unwrap();
            f(&game, &res);
        }
    }
}

#[test]
fn w4_red_round_hat_check() {
    // W4: a Red Round Hat puts +2 on its diagonal and -1/2 on its orthogonal neighbours.
    let d4 = cell("D4");
    let row = t().row(Kind::RoundHat, 0, false, d4);
    for n in ["C5", "E5", "C3", "E3"] {
        assert_eq!(row[cell(n).index()], 2 * UNIT, "{n}");
    }
    for n in ["D5", "D3", "C4", "E4"] {
        assert_eq!(row[cell(n).index()], -UNIT / 2, "{n}");
    }
    // W3: Triangle Hat home energy is 1/2 (not the table's 0).
    assert_eq!(t().home[Kind::TriangleHat.index()], UNIT / 2);
}

#[test]
fn w2_w3_initial_field_and_setup() {
    let game = Game::new(0);
    let pos = game.position();
    assert_eq!(pos.to_move(), Side::Blue);
    assert_field_matches_reference(pos);
    // W2 spot checks.
    assert_eq!(
        pos.piece_at(cell("D7")).map(|p| (p.kind, p.owner)),
        Some((Kind::BigHat, Side::Blue))
    );
    assert_eq!(pos.piece_at(cell("C7")).map(|p| p.kind), Some(Kind::Tower));
    assert_eq!(
        pos.piece_at(cell("D2")).map(|p| (p.kind, p.owner)),
        Some((Kind::TriangleHat, Side::Red))
    );
    assert_eq!(pos.piece_at(cell("E1")).map(|p| p.kind), Some(Kind::Tower));
    // The middle row is Neutral by symmetry; each side's half is its own colour.
    for c in Cell::all() {
        match c.row() {
            4 => assert_eq!(pos.territory(c), None),
            1..=3 => assert_eq!(pos.territory(c), Some(Side::Red)),
            _ => assert_eq!(pos.territory(c), Some(Side::Blue)),
        }
    }
    assert!(!pos.trapped());
}

#[test]
fn w5_exact_field_matches_rational_reference_on_random_positions() {
    let mut checked = 0;
    random_games(20, 60, 11, |game, _| {
        assert_field_matches_reference(game.position());
        checked += 1;
    });
    assert!(checked > 200);
}

#[test]
fn incremental_field_equals_recomputation() {
    random_games(30, 120, 12, |game, _| {
        let mut p = game.position().clone();
        p.recompute_field(t());
        assert_eq!(p.field(), game.position().field());
    });
}

#[test]
fn colour_swap_symmetry_negates_the_field() {
    // Rotating the board 180 degrees and swapping colours (and profiles) negates the field.
    random_games(10, 40, 13, |game, _| {
        let pos = game.position();
        let rotated: Vec<(Kind, Side, Cell)> = pos
            .pieces()
            .iter()
            .filter(|p| p.alive)
            .map(|p| {
                (
                    p.kind,
                    p.owner.opponent(),
                    Cell::new(6 - p.cell.x(), 6 - p.cell.y()).unwrap(),
                )
            })
            .collect();
        let mut mirror = Position::custom(t(), &rotated, pos.to_move().opponent()).unwrap();
        mirror.set_side_profile(t(), Side::Red, pos.profile(Side::Blue));
        mirror.set_side_profile(t(), Side::Blue, pos.profile(Side::Red));
        for c in Cell::all() {
            let m = Cell::new(6 - c.x(), 6 - c.y()).unwrap();
            assert_eq!(mirror.value(m), -pos.value(c));
        }
    });
}

#[test]
fn check_move_agrees_with_full_resolution() {
    // The pointwise legality test (W8, W9) must agree with actually playing the move.
    let mut compared = 0;
    random_games(20, 80, 14, |game, _| {
        let pos = game.position();
        pos.for_each_move(t(), |m, check| {
            let side = pos.to_move();
            let before = ai::material(pos, side);
            let mut after = pos.clone();
            after.play_unchecked(t(), m);
            let safe = !after.big_hat_hostile(side);
            assert_eq!(check.legal, safe, "{m}");
            assert_eq!(
                check.own_losses as usize,
                before - ai::material(&after, side),
                "{m}"
            );
            compared += 1;
        });
    });
    assert!(compared > 1000);
}
