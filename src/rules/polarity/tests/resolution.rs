//! The resolution and stable stone ids the presentation relies on.

use super::*;

#[test]
fn stones_keep_their_ids_when_they_move() {
    let mut game = Game::new(0);
    let a = game.play(act("d6")).unwrap().placed;
    let b = game.play(act("b2")).unwrap().placed;
    assert_ne!(a.id, b.id);
    let r = game.play(act("d4 Q+")).unwrap();
    assert_ne!(r.placed.id, a.id);
    assert_ne!(r.placed.id, b.id);
    assert_eq!(
        r.moved,
        [
            StoneMove {
                id: b.id,
                from: cell("b2"),
                to: cell("a1")
            },
            StoneMove {
                id: a.id,
                from: cell("d6"),
                to: cell("d7")
            },
        ]
    );
    assert_eq!(game.stone_at(cell("a1")), Some(b.id));
    assert_eq!(game.stone_at(cell("d7")), Some(a.id));
    assert_eq!(game.stone_at(cell("d6")), None);
    assert_eq!(game.stone_at(cell("d4")), Some(r.placed.id));
}

#[test]
fn removed_stones_carry_their_ids_and_cells() {
    let mut game = game_with(&["d6", "f4", "d2", "b4"]);
    let ids: Vec<StoneId> = ["b4", "d2", "d6", "f4"]
        .iter()
        .map(|c| game.stone_at(cell(c)).unwrap())
        .collect();
    let r = game.play(act("d4 R-")).unwrap();
    // b4 went to c4, d2 to d3, d6 to d5, f4 to e4; all of them and d4 are removed where
    // they ended up.
    let removed: Vec<(StoneId, String)> = r
        .removed
        .iter()
        .map(|s| (s.id, s.cell.to_string()))
        .collect();
    assert_eq!(
        removed,
        [
            (ids[0], "c4".to_string()),
            (ids[1], "d3".to_string()),
            (r.placed.id, "d4".to_string()),
            (ids[2], "d5".to_string()),
            (ids[3], "e4".to_string()),
        ]
    );
    assert!(game.stones().is_empty());
}

#[test]
fn the_resolution_records_the_power_and_the_mover() {
    let mut game = Game::new(0);
    game.play(act("a1")).unwrap();
    let r = game.play(act("c3 B-")).unwrap();
    assert_eq!(r.mover, Side::Two);
    assert_eq!(
        r.power,
        Some(Power {
            piece: Piece::Bishop,
            mode: Mode::Pull
        })
    );
    assert_eq!(r.placed.cell, cell("c3"));
    assert_eq!(r.action, act("c3 B-"));
    assert_eq!(moves_of(&r), [("a1".to_string(), "b2".to_string())]);
    assert!(!r.regathered);
}

#[test]
fn game_and_resolution_round_trip_through_serde() {
    let mut game = game_with(&["d6", "f4", "d2", "b4"]);
    let r = game.play(act("d4 R-")).unwrap();
    let json = serde_json::to_string(&r).unwrap();
    assert_eq!(serde_json::from_str::<Resolution>(&json).unwrap(), r);
    game.play(act("h8 Q+")).unwrap();
    let saved = ron::to_string(&game).unwrap();
    let mut restored: Game = ron::from_str(&saved).unwrap();
    assert_eq!(restored, game);
    // The restored game plays on identically, stone ids included.
    let mut original = game.clone();
    assert_eq!(restored.play(act("a1 R+")), original.play(act("a1 R+")));
    // The generator resumes its stream where it stood.
    let mut used = game.clone();
    let _: u64 = rand::Rng::random(&mut used.rng);
    let restored: Game = ron::from_str(&ron::to_string(&used).unwrap()).unwrap();
    assert_eq!(restored.rng, used.rng);
    // A save with a damaged id table is refused, not trusted.
    let mut value = serde_json::to_value(&game).unwrap();
    value["ids"].as_array_mut().unwrap().pop();
    assert!(serde_json::from_value::<Game>(value).is_err());
}

#[test]
fn the_game_can_travel_to_a_worker_thread() {
    // The presentation runs the computer player on a task pool.
    fn portable<T: Clone + Send + 'static>(_: &T) {}
    let game = Game::new(0);
    portable(&game);
    portable(game.position());
    let handle = std::thread::spawn(move || game.legal_actions().len());
    assert_eq!(handle.join().ok(), Some(64 * 7));
}
