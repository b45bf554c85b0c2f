//! Multi-slot tuning in developer mode (W6, W11): dice, reset and the least-recently-pressed
//! rule over every slot of every type, each undoable exactly.

use rand::Rng;

use super::super::game::Game;
use super::super::geometry::{Kind, Side};
use super::super::notation::Action;
use super::super::patterns::{Definitions, Pattern, Preset};
use super::super::slots::Tuning;
use crate::rules::rng::seeded;

/// Round Hat: 3 slots, limit 2; Tower: 3 slots, limit 3; Triangle Hat: 2 slots, limit 1;
/// Big Hat: the built-in single slot.
pub(super) fn dev_defs() -> Definitions {
    let mut d = Definitions::default();
    d.round_hat.slots = vec![
        Pattern::Preset(Preset::Checkerboard),
        Pattern::Preset(Preset::CompassRose),
        Pattern::Rings(vec![1, -1]),
    ];
    d.round_hat.active_limit = 2;
    d.round_hat.default_controls = vec![1, 0, -1];
    d.tower.slots = vec![
        Pattern::Preset(Preset::Cadence),
        Pattern::Preset(Preset::BlockChecker),
        Pattern::Preset(Preset::Checkerboard),
    ];
    d.tower.active_limit = 3;
    d.tower.default_controls = vec![1, 0, 0];
    d.triangle_hat.slots = vec![
        Pattern::Preset(Preset::CompassRose),
        Pattern::Rings(vec![0, 1]),
    ];
    d.triangle_hat.default_controls = vec![0, -1];
    d
}

fn press(game: &mut Game, kind: Kind, slot: u8, coef: i8) {
    game.play(Action::Press { kind, slot, coef }).unwrap();
}

fn field_is_the_sum_of_active_components(game: &Game) {
    let mut p = game.position().clone();
    p.recompute_field(game.tables());
    assert_eq!(p.field(), game.position().field());
}

#[test]
fn w6_w11_dice_turns_every_slot_and_keeps_full_active_strength() {
    // "The dice control randomizes every piece type's tuning while keeping each type at
    // full active strength. It counts as tuning and does not end the turn." (W6, W11)
    let defs = dev_defs();
    let mut game = Game::with_definitions(defs.clone(), 9).unwrap();
    let red = game.tuning(Side::Red);
    // Per type and slot: seen +, seen -, seen off.
    let mut seen = [[[false; 3]; 3]; 4];
    let mut rolled = Vec::new();
    for _ in 0..80 {
        game.play(Action::Dice).unwrap();
        assert_eq!((game.position().ply(), game.to_move()), (0, Side::Blue));
        let tuning = game.tuning(Side::Blue);
        assert_eq!(tuning.check(game.tables()), Ok(()));
        for kind in Kind::ALL {
            let def = defs.kind(kind);
            let on = tuning.kind(kind).iter().filter(|c| **c != 0).count();
            assert_eq!(on, def.active_limit as usize, "{kind:?} at full strength");
            for (s, c) in tuning.kind(kind).iter().enumerate() {
                seen[kind.index()][s][match c {
                    1 => 0,
                    -1 => 1,
                    _ => 2,
                }] = true;
            }
        }
        field_is_the_sum_of_active_components(&game);
        rolled.push(tuning);
    }
    for kind in Kind::ALL {
        let def = defs.kind(kind);
        for (s, [plus, minus, off]) in seen[kind.index()].iter().take(def.slots.len()).enumerate() {
            assert!(*plus && *minus, "{kind:?} slot {} takes both signs", s + 1);
            assert_eq!(*off, (def.active_limit as usize) < def.slots.len());
        }
    }
    assert_eq!(
        game.tuning(Side::Red),
        red,
        "dice tunes the side to move only"
    );
    // The History Roll names every slot it rolled.
    let last = game.history_roll().pop().unwrap();
    assert_eq!(
        last.text,
        format!("Blue rolls the dice: {}", rolled.last().unwrap())
    );
    // From the game's seeded generator: a twin rolls the same; undo restores the generator.
    let mut twin = Game::with_definitions(defs, 9).unwrap();
    for tuning in &rolled {
        twin.play(Action::Dice).unwrap();
        assert_eq!(&twin.tuning(Side::Blue), tuning);
    }
    game.undo().unwrap();
    game.play(Action::Dice).unwrap();
    assert_eq!(&game.tuning(Side::Blue), rolled.last().unwrap());
}

#[test]
fn w6_dice_with_one_slot_draws_one_sign_per_type() {
    // W6: "Dice draws every sign at random from the game's seeded generator": with one slot
    // per type, one draw per type in type order, as recorded games rely on.
    for seed in 0..20 {
        let mut game = Game::new(seed);
        game.play(Action::Dice).unwrap();
        let mut rng = seeded(seed);
        for kind in Kind::ALL {
            let coef = if rng.random_bool(0.5) { -1 } else { 1 };
            assert_eq!(game.position().profile(Side::Blue).coef(kind), coef);
        }
        assert_eq!(game.rng(), &rng, "no other draw");
    }
}

#[test]
fn w6_w11_reset_restores_every_slot_of_every_type() {
    // "The adjacent reset control restores the current player to the configured defaults
    // as one undoable tuning action." (W6); the defaults are per slot (W11).
    let defs = dev_defs();
    let mut game = Game::with_definitions(defs.clone(), 3).unwrap();
    let start = game.position().clone();
    let first = game.legal_moves()[0];
    game.play(Action::Move(first)).unwrap();
    let blue_after_move = game.tuning(Side::Blue);
    let red_start = game.tuning(Side::Red);
    press(&mut game, Kind::RoundHat, 1, -1);
    press(&mut game, Kind::Tower, 2, 1);
    press(&mut game, Kind::TriangleHat, 0, 1);
    game.play(Action::Dice).unwrap();
    assert_ne!(game.tuning(Side::Red), red_start);
    let before_reset = game.position().clone();
    game.play(Action::Reset).unwrap();
    for kind in Kind::ALL {
        let defaults: Vec<i8> = defs.kind(kind).default_controls.clone();
        assert_eq!(game.tuning(Side::Red).kind(kind), &defaults[..], "{kind:?}");
        assert_eq!(
            game.position().controls(Side::Red, kind),
            start.controls(Side::Red, kind),
            "{kind:?}: signs, activity and press order as at the start"
        );
    }
    assert_eq!(
        game.tuning(Side::Blue),
        blue_after_move,
        "the opponent is untouched"
    );
    field_is_the_sum_of_active_components(&game);
    // One undoable action.
    game.undo().unwrap();
    assert_eq!(game.position(), &before_reset);
}

#[test]
fn w11_the_least_recently_pressed_component_goes_off_and_undo_restores_the_order() {
    // "If developer mode expands a piece type to multiple patterns, activating another
    // component at the active limit turns off the least recently pressed component." (W11)
    let mut game = Game::with_definitions(dev_defs(), 0).unwrap();
    let order = |g: &Game| {
        g.position()
            .controls(Side::Blue, Kind::RoundHat)
            .press_order()
    };
    let rh = |g: &Game| g.tuning(Side::Blue).kind(Kind::RoundHat).to_vec();
    let tower = game.position().controls(Side::Blue, Kind::Tower);
    let mut snapshots = vec![game.position().clone()];
    // Defaults: slots 1 and 3 on (the limit 2).
    assert_eq!(rh(&game), [1, 0, -1]);
    press(&mut game, Kind::RoundHat, 0, -1); // re-pressing slot 1 flips it; nothing goes off
    snapshots.push(game.position().clone());
    assert_eq!((rh(&game), order(&game)), (vec![-1, 0, -1], [0, 1, 2]));
    press(&mut game, Kind::RoundHat, 2, 1); // slot 3 is now the most recent
    snapshots.push(game.position().clone());
    assert_eq!((rh(&game), order(&game)), (vec![-1, 0, 1], [2, 0, 1]));
    press(&mut game, Kind::RoundHat, 1, 1); // at the limit: slot 1 was pressed before slot 3
    snapshots.push(game.position().clone());
    assert_eq!((rh(&game), order(&game)), (vec![0, 1, 1], [1, 2, 0]));
    press(&mut game, Kind::RoundHat, 2, -1); // a flip counts as a press
    press(&mut game, Kind::RoundHat, 0, 1); // so slot 2 goes off, not slot 3
    snapshots.push(game.position().clone());
    assert_eq!((rh(&game), order(&game)), (vec![1, 0, -1], [0, 2, 1]));
    // The order is per type and per side.
    assert_eq!(game.position().controls(Side::Blue, Kind::Tower), tower);
    assert_eq!(
        game.position()
            .controls(Side::Red, Kind::RoundHat)
            .press_order(),
        [0, 1, 2]
    );
    field_is_the_sum_of_active_components(&game);
    // Undo walks back through every press and restores the order exactly.
    snapshots.pop();
    game.undo().unwrap();
    assert_eq!(order(&game), [2, 1, 0]);
    game.undo().unwrap();
    while let Some(expected) = snapshots.pop() {
        assert_eq!(game.position(), &expected);
        game.undo();
    }
    assert!(game.timeline().is_empty());
}

#[test]
fn w11_a_whole_tuning_sets_every_slot_and_counts_as_pressing_what_it_changes() {
    let mut game = Game::with_definitions(dev_defs(), 0).unwrap();
    let mut tuning = game.tuning(Side::Blue);
    tuning.controls[Kind::RoundHat.index()] = [0, 1, -1]; // slot 2 turned on
    tuning.controls[Kind::Tower.index()] = [-1, 1, 1];
    game.play(Action::TuneSlots(tuning)).unwrap();
    assert_eq!(game.tuning(Side::Blue), tuning);
    let order = |kind| game.position().controls(Side::Blue, kind).press_order();
    assert_eq!(order(Kind::RoundHat), [1, 0, 2]);
    assert_eq!(
        order(Kind::Tower),
        [2, 1, 0],
        "pressed in slot order: 1, 2, 3"
    );
    field_is_the_sum_of_active_components(&game);
    // Checked against the definitions: slot counts and the active limit, in one sentence.
    let before = game.position().clone();
    let mut wrong = tuning;
    wrong.slots[Kind::Tower.index()] = 1;
    let err = game.play(Action::TuneSlots(wrong)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Tower has 3 component slots, but the tuning gives it 1 control; write one control per slot (W11)"
    );
    let mut over = tuning;
    over.controls[Kind::RoundHat.index()] = [1, 1, 1];
    let err = game.play(Action::TuneSlots(over)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the tuning turns on 3 components of the Round Hat, which needs 1 to 2 on (its active limit, W11)"
    );
    let mut none = tuning;
    none.controls[Kind::BigHat.index()] = [0, 0, 0];
    assert!(game.play(Action::TuneSlots(none)).is_err());
    assert_eq!(game.position(), &before, "a refused tuning changes nothing");
    // With one slot per type a whole tuning is a W6 profile.
    let single = Tuning::from_profile(super::super::position::Profile(0b0101));
    assert_eq!(Action::tune_to(single), Action::Tune(single.profile()));
}
