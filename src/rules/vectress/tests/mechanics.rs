//! One hand-made position per mechanism of section 4. Expected waves are worked out by
//! hand from the pole tables, not copied from the engine.

use super::*;
use crate::rules::vectress::Game;
use crate::rules::vectress::geometry::Dir;
use crate::rules::vectress::resolution::Cause;

fn play(pos: Position, side: Side, text: &str) -> (Game, crate::rules::vectress::Resolution) {
    let mut game = Game::from_position(pos, side);
    let res = game.play(act(text)).unwrap_or_else(|e| panic!("{e}"));
    (game, res)
}

#[test]
fn cradle_shover_and_shoved_fly_apart() {
    // Section 4 step 1, V4, V6: the White Core lands on E4 and pushes the Black Core (like
    // fronts); that shoves the White Core on E6 (back against back); in wave 2 the two fly
    // apart; in wave 3 the returning Black Core pushes the mover back to E3.
    let pos = build(&[("E2", O, W), ("E5", O, B), ("E6", O, W)], &[]);
    let (game, res) = play(pos, W, "E2-E4");
    assert_eq!(
        summaries(&res.waves),
        vec![
            expect(&[("E5", "E6"), ("E6", "E7")], &[], &[]),
            expect(&[("E6", "E5"), ("E7", "E8")], &[], &[]),
            expect(&[("E4", "E3")], &[], &[]),
            expect(&[], &[], &[]),
        ]
    );
    let w1 = &res.waves[0];
    assert_eq!(w1.actors, vec![0]);
    assert_eq!(w1.pushes.len(), 1);
    assert_eq!(
        (w1.pushes[0].pusher, w1.pushes[0].pushed, w1.pushes[0].dir),
        (0, 1, Dir::N)
    );
    assert_eq!(w1.shoves.len(), 1);
    assert_eq!(
        (w1.shoves[0].shover, w1.shoves[0].shoved, w1.shoves[0].dir),
        (1, 2, Dir::N)
    );
    let causes: Vec<_> = w1.moves.iter().map(|m| (m.id, m.cause)).collect();
    assert!(causes.contains(&(1, Cause::Magnet)) && causes.contains(&(2, Cause::Shove)));
    // Wave 2: both actors push each other.
    assert_eq!(res.waves[1].pushes.len(), 2);
    assert_eq!(
        board(game.position()),
        vec![
            ("E3".to_string(), O, W),
            ("E5".to_string(), O, B),
            ("E8".to_string(), O, W)
        ]
    );
}

#[test]
fn shove_chain_passes_along_and_springs_back() {
    // V6: each link has like poles at the contact, so one push moves three Cores; in wave
    // 2 the middle one is pushed both ways (V5: cancels) and the ends fly outward.
    let pos = build(
        &[("E2", O, W), ("E5", O, B), ("E6", O, W), ("E7", O, B)],
        &[],
    );
    let (_, res) = play(pos, W, "E2-E4");
    assert_eq!(
        summaries(&res.waves),
        vec![
            expect(&[("E5", "E6"), ("E6", "E7"), ("E7", "E8")], &[], &[]),
            expect(&[("E6", "E5"), ("E8", "E9")], &[], &[]),
            expect(&[("E4", "E3")], &[], &[]),
            expect(&[], &[], &[]),
        ]
    );
    let links: Vec<_> = res.waves[0]
        .shoves
        .iter()
        .map(|s| (s.shover, s.shoved))
        .collect();
    assert_eq!(links.len(), 2);
    assert!(links.contains(&(1, 2)) && links.contains(&(2, 3)));
}

/// Two White Cores push two Black Cores/squares into one two-piece White body from
/// two directions (C5 pushes D5 east, F4 pushes F5 north; the body is E5+F6).
fn jam_position(with_second_pusher: bool) -> Position {
    let mut pieces = vec![
        ("C5", O, W),
        ("D5", O, B),
        ("E5", S, W),
        ("F6", O, W),
        ("F5", O, B),
    ];
    if with_second_pusher {
        pieces.push(("F4", O, W));
    }
    build(&pieces, &[("E5", "F6")])
}

#[test]
fn a_body_shoved_from_two_directions_jams() {
    // V6, V7: the E5+F6 body is shoved east (by D5) and north (by F5): it jams, and both
    // shovers are blocked, so nothing moves.
    let (pos, waves) = resolve_from(&jam_position(true), &["C5", "F4"]);
    assert_eq!(summaries(&waves), vec![expect(&[], &[], &[])]);
    assert_eq!(board(&pos), board(&jam_position(true)));
    // Control: with only the east shove the whole chain moves (the body shoves F5 on).
    let (_, waves) = resolve_from(&jam_position(false), &["C5"]);
    assert_eq!(
        summary(&waves[0]),
        expect(
            &[("D5", "E5"), ("E5", "F5"), ("F6", "G6"), ("F5", "G5")],
            &[],
            &[]
        )
    );
}

fn same_cell_position(with_second_pusher: bool) -> Position {
    let mut pieces = vec![("C4", O, W), ("D5", S, B), ("E5", O, B)];
    if with_second_pusher {
        pieces.push(("E4", O, W));
    }
    build(&pieces, &[])
}

#[test]
fn two_bodies_wanting_one_cell_both_stay() {
    // V7: D5 is pushed north-east and E5 north; both want E6, so neither moves.
    let (_, waves) = resolve_from(&same_cell_position(true), &["C4", "E4"]);
    assert_eq!(summaries(&waves), vec![expect(&[], &[], &[])]);
    // The record shows both forces and that neither body moved.
    let forces: Vec<_> = waves[0].forces.iter().map(|f| (f.step, f.moved)).collect();
    assert_eq!(forces.len(), 2);
    assert!(forces.contains(&(Some(Dir::NE), false)) && forces.contains(&(Some(Dir::N), false)));
}

#[test]
fn a_bond_forms_after_a_push() {
    // V9: the Black square pushed to E6 rests on the Black Core at E5: the square's front
    // (facing south, a + edge) meets the Core's back (facing north, a - edge), so they bond
    // at the end of wave 2, in which nothing moved.
    let (pos, waves) = resolve_from(&same_cell_position(false), &["C4"]);
    assert_eq!(
        summaries(&waves),
        vec![
            expect(&[("D5", "E6")], &[], &[]),
            expect(&[], &[], &[("E5", "E6")]),
        ]
    );
    assert_eq!(bond_cells(&pos), vec![("E5".to_string(), "E6".to_string())]);
}

#[test]
fn forces_add_and_cancel() {
    // V5: north + east = north-east (and the two pushers bond: NW + of E4 meets SE - of D5).
    let pos = build(&[("E4", O, W), ("D5", O, W), ("E5", O, B)], &[]);
    let (_, waves) = resolve_from(&pos, &["E4", "D5"]);
    assert_eq!(
        summaries(&waves),
        vec![
            expect(&[("E5", "F6")], &[], &[("D5", "E4")]),
            expect(&[], &[], &[])
        ]
    );
    // North + south = still.
    let pos = build(&[("E4", O, W), ("E6", O, W), ("E5", O, B)], &[]);
    let (after, waves) = resolve_from(&pos, &["E4", "E6"]);
    assert_eq!(summaries(&waves), vec![expect(&[], &[], &[])]);
    assert_eq!(waves[0].forces.len(), 1);
    assert_eq!(
        (waves[0].forces[0].step, waves[0].forces[0].moved),
        (None, false)
    );
    assert_eq!(board(&after), board(&pos));
}

#[test]
fn a_body_partly_pushed_off_the_edge() {
    // V8: the Black body A5+B5 is pushed west; A5 leaves (its bond breaks), B5 moves on.
    let pos = build(&[("C5", O, W), ("B5", O, B), ("A5", S, B)], &[("A5", "B5")]);
    let (after, waves) = resolve_from(&pos, &["C5"]);
    assert_eq!(
        summaries(&waves),
        vec![expect(&[("B5", "A5")], &["A5"], &[]), expect(&[], &[], &[])]
    );
    assert_eq!(after.lost(B), 1);
    assert_eq!(waves[0].bonds_broken.len(), 1);
    assert_eq!(waves[0].lost[0].dir, Dir::W);
    assert!(after.bonds().is_empty());
}

#[test]
fn a_wave_of_only_losses_is_followed_by_an_empty_wave() {
    // V15: the Core lands on B5 and pushes the Black square off A5; nothing else moved,
    // but the loss counts as movement, so a final empty wave follows.
    let pos = build(&[("C4", O, W), ("A5", S, B)], &[]);
    let (game, res) = play(pos, W, "C4-B5");
    assert_eq!(
        summaries(&res.waves),
        vec![expect(&[], &["A5"], &[]), expect(&[], &[], &[])]
    );
    assert_eq!(game.position().lost(B), 1);
    assert_eq!(res.waves[0].lost[0].cause, Cause::Magnet);
}

#[test]
fn the_movers_are_held_in_wave_one() {
    // V4: the Black Core lands on E5 next to the White Core on E4. Like fronts: the White
    // Core is pushed, the Black one is not pushed back (the White Core is no actor).
    let pos = build(&[("E4", O, W), ("E6", O, B)], &[]);
    let (game, res) = play(pos, B, "E6-E5");
    assert_eq!(
        summaries(&res.waves),
        vec![expect(&[("E4", "E3")], &[], &[]), expect(&[], &[], &[])]
    );
    assert_eq!(game.position().at(cell("E5")).map(|p| p.kind), Some(O));
}

#[test]
fn corner_against_corner_does_nothing() {
    // V3: the White triangle's front (N) is a corner, and so is the Black rhombus's
    // (its south face): no push, no bond.
    let pos = build(&[("E3", T, W), ("F5", R, B)], &[]);
    let (_, res) = play(pos, W, "E3-F4");
    // F4 to F5 is north: triangle N is a + corner, the Black rhombus's S is a + corner.
    assert_eq!(summaries(&res.waves), vec![expect(&[], &[], &[])]);
    assert!(res.waves[0].pushes.is_empty());
}

#[test]
fn nothing_slips_into_a_cell_left_in_another_direction() {
    // V7, V15: E5 is pushed east and leaves; F4, pushed north-west into E5 at the same
    // time, is blocked (a magnet body is never shoved or deflected). In wave 2 the moved
    // Core's front (south, +) meets F4's back (north, -): they bond.
    let pos = build(
        &[("D5", O, W), ("E5", O, B), ("G3", O, W), ("F4", O, B)],
        &[],
    );
    let (_, waves) = resolve_from(&pos, &["D5", "G3"]);
    assert_eq!(
        summaries(&waves),
        vec![
            expect(&[("E5", "F5")], &[], &[]),
            expect(&[], &[], &[("F4", "F5")]),
        ]
    );
}

#[test]
fn a_mover_follows_a_body_moving_the_same_way_without_a_pole_test() {
    // V15: E5 and E6 are both pushed north (E5 by E4, with D5's east and F5's west pushes
    // cancelling; E6 by D5's north-east and F5's north-west). E5's front meets E6's back
    // (unlike), yet E5 simply follows E6. The pushers bond to E4 (wave 1); in wave 2 the
    // moved Cores push the three-piece body south and bond to each other.
    let pos = build(
        &[
            ("E4", O, W),
            ("D5", O, W),
            ("F5", O, W),
            ("E5", O, B),
            ("E6", O, B),
        ],
        &[],
    );
    let (_, waves) = resolve_from(&pos, &["E4", "D5", "F5"]);
    assert_eq!(
        summaries(&waves),
        vec![
            expect(
                &[("E5", "E6"), ("E6", "E7")],
                &[],
                &[("D5", "E4"), ("E4", "F5")]
            ),
            expect(
                &[("D5", "D4"), ("E4", "E3"), ("F5", "F4")],
                &[],
                &[("E6", "E7")]
            ),
            expect(&[], &[], &[]),
        ]
    );
    let causes: Vec<_> = waves[0].moves.iter().map(|m| m.cause).collect();
    assert_eq!(causes, vec![Cause::Magnet, Cause::Magnet]);
    assert!(waves[0].shoves.is_empty());
}

#[test]
fn every_part_of_a_body_split_by_a_drop_is_held_in_wave_one() {
    // V15: the triangle moves its body north-west; the square on A5 falls off, which
    // splits the body into the triangle (A6) and the Black Core (A7). Both parts are held,
    // so although their contact is like (+ against +) neither pushes the other.
    let pos = build(
        &[("B5", T, W), ("A5", S, B), ("B6", O, B)],
        &[("A5", "B5"), ("A5", "B6")],
    );
    let (game, res) = play(pos, W, "B5-A6");
    assert_eq!(res.player.as_ref().unwrap().dropped.len(), 1);
    assert_eq!(summaries(&res.waves), vec![expect(&[], &[], &[])]);
    assert!(res.waves[0].pushes.is_empty());
    assert_eq!(
        board(game.position()),
        vec![("A6".into(), T, W), ("A7".into(), O, B)]
    );
    assert!(game.position().bonds().is_empty());
    assert_eq!(game.position().lost(B), 1);
}

#[test]
fn blocked_movers_are_removed_all_at_once() {
    // V7: the body D5+E5 is pushed north; D5 is walled in by D6 (unlike poles, no shove)
    // and E5 wants E6, which F6 (pushed west) wants too. In the first round both bodies
    // are blocked and both are removed at once, so F6 stays even though the wall alone
    // would have stopped D5+E5.
    let pieces = [
        ("E4", O, W),
        ("D5", S, B),
        ("E5", O, B),
        ("D6", O, B),
        ("G6", O, W),
        ("F6", O, B),
    ];
    let pos = build(&pieces, &[("D5", "E5")]);
    let (after, waves) = resolve_from(&pos, &["E4", "G6"]);
    assert_eq!(summaries(&waves), vec![expect(&[], &[], &[])]);
    assert_eq!(board(&after), board(&pos));
    // Control: without the push on D5+E5, F6 moves into E6.
    let (_, waves) = resolve_from(&pos, &["G6"]);
    assert_eq!(
        summary(&waves[0]).0,
        vec![("F6".to_string(), "E6".to_string())]
    );
}

#[test]
fn a_jammed_body_claims_no_cells() {
    // V7 leaves open whether a jammed body "needs" the cells of the steps it was shoved
    // with. Our choice: it does not (it has no step), so G7, pushed west into F7, moves
    // although the jammed E5+F6 body would have entered F7 with its northward shove.
    let mut pos = jam_position(true);
    pos.place(6, O, W, cell("H7")).unwrap();
    pos.place(7, O, B, cell("G7")).unwrap();
    let (_, waves) = resolve_from(&pos, &["C5", "F4", "H7"]);
    assert_eq!(summary(&waves[0]), expect(&[("G7", "F7")], &[], &[]));
}
