//! The rescue search over every slot (W9, W11, W12): "The game looks for a rescue across
//! every valid combined tuning profile, followed by one legal move."

use rand::Rng;

use super::super::ai::{self, AiConfig};
use super::super::game::Game;
use super::super::geometry::Kind;
use super::super::notation::Action;
use super::super::patterns::{Definitions, Pattern, Tables};
use super::super::position::{Position, Profile};
use super::super::rescue;
use super::super::slots::{self, Tuning};
use super::slots::dev_defs;
use crate::rules::contract::{Match, Setup};
use crate::rules::rng::seeded;

/// Every type: an empty pattern in slot 1 and its built-in pattern in slot 2 (on), limit
/// one. The field is the built-in game's, but only slot 2's sign or turning slot 1 on
/// (which silences the type) can change it; flipping slot 1's sign changes nothing.
fn slot_two_defs() -> Definitions {
    let mut d = Definitions::default();
    for kind in Kind::ALL {
        let def = d.kind_mut(kind);
        def.slots.insert(0, Pattern::Rings(vec![0]));
        def.default_controls = vec![0, 1];
    }
    d
}

/// Every valid tuning in W12's order, sorted here by brute force: changed slots, then the
/// controls read type by type, slot by slot, + before - before off.
fn brute_force_order(t: &Tables, current: &Tuning) -> Vec<Tuning> {
    let total: u32 = t.slots.iter().map(|n| u32::from(*n)).sum();
    let rank = |c: i8| [1, -1, 0].iter().position(|x| *x == c).unwrap_or(3);
    let mut all = Vec::new();
    for code in 0..3u32.pow(total) {
        let mut tuning = Tuning {
            slots: t.slots,
            ..Tuning::default()
        };
        let mut digits = (0..total).map(|i| code / 3u32.pow(i) % 3);
        for k in 0..4 {
            for s in 0..t.slots[k] as usize {
                tuning.controls[k][s] = [1, -1, 0][digits.next().unwrap_or(0) as usize];
            }
        }
        if tuning.check(t).is_ok() {
            all.push(tuning);
        }
    }
    all.sort_by_key(|tu| {
        let lex: Vec<usize> = (0..4)
            .flat_map(|k| (0..t.slots[k] as usize).map(move |s| (k, s)))
            .map(|(k, s)| rank(tu.controls[k][s]))
            .collect();
        (tu.changes(current), lex)
    });
    all
}

fn in_order(t: &Tables, current: &Tuning) -> Vec<Tuning> {
    let mut out = Vec::new();
    let _ = slots::for_each_in_order(t, current, |tu| {
        out.push(*tu);
        std::ops::ControlFlow::<()>::Continue(())
    });
    out
}

#[test]
fn w12_with_one_slot_per_type_the_order_is_the_sixteen_profiles_order() {
    // W12: "profiles by number of changed signs, ties in the order Round Hat, Tower,
    // Triangle Hat, Big Hat with + before -".
    let t = Tables::builtin();
    for p in Profile::all() {
        let order: Vec<Profile> = in_order(t, &Tuning::from_profile(p))
            .iter()
            .map(|tu| tu.single().unwrap())
            .collect();
        assert_eq!(order, rescue::profile_order(p));
    }
}

#[test]
fn w11_w12_the_order_covers_every_valid_tuning_of_every_slot() {
    let t = dev_defs().compile().unwrap();
    let mut game = Game::with_definitions(dev_defs(), 1).unwrap();
    for _ in 0..3 {
        let current = game.tuning(game.to_move());
        let order = in_order(&t, &current);
        // Round Hat 3 slots / limit 2: 18; Tower 3 / 3: 26; Triangle Hat 2 / 1: 4; Big Hat: 2.
        assert_eq!(order.len() as u64, 18 * 26 * 4 * 2);
        assert_eq!(slots::count(&t), 18 * 26 * 4 * 2);
        assert_eq!(order, brute_force_order(&t, &current));
        game.play(Action::Dice).unwrap();
    }
}

/// Positions of seeded random games under `defs` whose side to move is trapped and has no
/// legal move under its current tuning, with the game that reached each.
fn must_retune(defs: &Definitions, want: usize, seed: u64) -> Vec<Game> {
    let mut rng = seeded(seed);
    let mut out = Vec::new();
    for _ in 0..400 {
        let mut game = Game::with_definitions(defs.clone(), rng.random()).unwrap();
        while game.position().ply() < 120 && out.len() < want {
            if rng.random_bool(0.25) {
                game.play(Action::Dice).unwrap();
            }
            let moves = game.legal_moves();
            if moves.is_empty() {
                if game.position().trapped() {
                    out.push(game.clone());
                }
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            game.play(Action::Move(mv)).unwrap();
        }
        if out.len() >= want {
            break;
        }
    }
    out
}

#[test]
fn w9_w11_the_rescue_search_tries_every_slot_not_only_the_first() {
    // "The game looks for a rescue across every valid combined tuning profile, followed by
    // one legal move." (W9; W11 slots; W12 order)
    let defs = slot_two_defs();
    let t = defs.compile().unwrap();
    let builtin = Position::start(Tables::builtin());
    assert_eq!(Position::start(&t).field(), builtin.field());
    let cases = must_retune(&defs, 6, 21);
    assert!(cases.len() >= 3, "random play finds trapped positions");
    let mut rescued = 0;
    for game in cases {
        let pos = game.position();
        let side = pos.to_move();
        let current = pos.tuning(&t, side);
        // Slot 1's signs alone (the 16 profiles of W6) cannot help here.
        for p in Profile::all() {
            let mut q = pos.clone();
            q.set_profile(&t, p);
            assert!(!q.has_legal_move(&t));
        }
        let expected = brute_force_order(&t, &current).into_iter().find_map(|tu| {
            let mut q = pos.clone();
            q.set_tuning(&t, &tu);
            let mut moves = Vec::new();
            q.legal_moves(&t, &mut moves);
            moves.first().map(|m| (tu, *m))
        });
        let search = rescue::search(&t, pos);
        assert_eq!(search.rescue.map(|r| (r.tuning, r.mv)), expected);
        let computer = ai::choose(
            &game,
            &AiConfig::easy(),
            &mut seeded(0),
            &crate::rules::Stop::never(),
        );
        let Some(r) = search.rescue else {
            assert_eq!(search.examined, slots::count(&t));
            assert_eq!(computer, [Action::Resign]);
            continue;
        };
        rescued += 1;
        assert_eq!(r.changes, r.tuning.changes(&current));
        assert!(r.changes >= 1);
        assert!((0..4).any(|k| r.tuning.controls[k][1] != current.controls[k][1]));
        // The hint applies the whole tuning; its move then keeps the Big Hat safe.
        let mut hinted = game.clone();
        hinted.play(Action::Hint).unwrap();
        assert_eq!(hinted.tuning(side), r.tuning);
        hinted.play(Action::Move(r.mv)).unwrap();
        assert!(!hinted.position().big_hat_hostile(side));
        // W9: the computer resigns only when no tuning and move exists.
        assert_eq!(computer.last(), Some(&Action::Move(r.mv)));
    }
    assert!(
        rescued >= 1,
        "some trapped position has a multi-slot rescue"
    );
}

#[test]
fn w11_dice_is_recorded_as_every_slot_it_rolled() {
    // A replay never depends on the generator: dice is kept as the tuning it rolled.
    let mut m = Match::<Game>::new(Setup::default()).unwrap();
    m.rules_mut().restart_with(dev_defs()).unwrap();
    m.play_text("dice").unwrap();
    let text = m.notation()[0].clone();
    assert_eq!(text, format!("tune {}", m.tuning(m.to_move())));
    assert!(text.len() > "tune R+T+A+B+".len(), "{text}");
    let mut replayed = Game::with_definitions(dev_defs(), 77).unwrap();
    replayed
        .play(super::super::parse_action(&text).unwrap())
        .unwrap();
    assert_eq!(replayed.position(), m.position());
}
