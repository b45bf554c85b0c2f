//! The polarity table in a headless app: after each action's playback the stone entities
//! stand exactly on the rules' cells, removed stones lie in the mover's pile, and the hand
//! pieces stand or lie as the rules' hands say.

use std::collections::HashSet;

use bevy::prelude::*;
use lodestone::app::playback::PlaybackQueue;
use lodestone::app::polarity::pieces::{
    HandPiece, SLOTS, Stone, hand_rest, pile_rest, slot_standing, stone_rest,
};
use lodestone::app::polarity::{Polarity, PolarityPlayed, PolarityScene};
use lodestone::app::table::TableInput;
use lodestone::app::{AvailableModes, PlayMode};
use lodestone::rules::GameId;
use lodestone::rules::polarity::{Action, Game, Side};

fn table_app(mode: PlayMode) -> App {
    let app = super::headless::game_app(GameId::Polarity, mode);
    assert!(
        app.world().get_resource::<PolarityPlayed>().is_some(),
        "the table is set"
    );
    app
}

fn table(app: &App) -> &PolarityPlayed {
    app.world().resource::<PolarityPlayed>()
}

fn scene(app: &App) -> &PolarityScene {
    app.world().resource::<PolarityScene>()
}

fn send(app: &mut App, input: TableInput<Polarity>) {
    app.world_mut().write_message(input);
}

fn transform(app: &App, e: Entity) -> Transform {
    *app.world()
        .get::<Transform>(e)
        .unwrap_or_else(|| panic!("entity {e:?} has no transform"))
}

/// Plays `action` through the table, skips its playback and lets the table settle.
fn play(app: &mut App, action: &str) {
    let action: Action = action.parse().expect("a polarity action");
    let before = table(app).game.notation().len();
    send(app, TableInput::Play(action));
    app.update();
    assert_eq!(
        table(app).game.notation().len(),
        before + 1,
        "{action} was played ({:?})",
        super::headless::note(app)
    );
    app.update();
    app.world_mut().resource_mut::<PlaybackQueue>().skip();
    for _ in 0..3 {
        app.update();
    }
    assert!(app.world().resource::<PlaybackQueue>().is_idle());
}

/// Every entity on the table matches the rules' state exactly.
fn check_table(app: &mut App) {
    let game = table(app).game.clone();
    let t = scene(app);
    let position = *game.position();
    let mut expected = Vec::new();
    for stone in game.stones() {
        let e = *t
            .entities
            .stones
            .get(&stone.id)
            .unwrap_or_else(|| panic!("stone {:?} on {} has an entity", stone.id, stone.cell));
        expected.push((
            e,
            stone_rest(stone.cell, stone.id),
            format!("stone on {}", stone.cell),
        ));
    }
    assert_eq!(
        t.entities.stones.len(),
        game.stones().len(),
        "no stray stones on the board"
    );
    for side in Side::BOTH {
        let pile = &t.entities.piles[side.index()];
        assert_eq!(
            pile.len(),
            position.collected(side) as usize,
            "{side:?}'s pile holds its collection"
        );
        for (k, &e) in pile.iter().enumerate() {
            expected.push((e, pile_rest(side, k), format!("{side:?}'s pile stone {k}")));
        }
        let hand = position.hand(side);
        for (slot, piece) in SLOTS.iter().enumerate() {
            let e = t.entities.hands[side.index()][slot];
            expected.push((
                e,
                hand_rest(side, slot, slot_standing(hand, slot)),
                format!("{side:?}'s {} in slot {slot} (hand {hand:?})", piece.name()),
            ));
        }
    }
    for (e, rest, what) in &expected {
        assert_eq!(transform(app, *e), *rest, "{what}");
    }
    // Every stone entity is on the board or in a pile, and each hand piece is accounted for.
    let stones: HashSet<Entity> = app
        .world_mut()
        .query_filtered::<Entity, With<Stone>>()
        .iter(app.world())
        .collect();
    let t = scene(app);
    let known: HashSet<Entity> = t
        .entities
        .stones
        .values()
        .copied()
        .chain(t.entities.piles.iter().flatten().copied())
        .collect();
    assert_eq!(
        stones, known,
        "stone entities are the board's and the piles'"
    );
    let hands = app
        .world_mut()
        .query::<&HandPiece>()
        .iter(app.world())
        .count();
    assert_eq!(hands, 10);
}

#[test]
fn a_pull_that_makes_a_cross_sends_five_stones_to_the_movers_pile() {
    let mut app = table_app(PlayMode::HotSeat);
    for action in ["d6", "f4", "d2", "b4"] {
        play(&mut app, action);
        check_table(&mut app);
    }
    let on_board: HashSet<Entity> = scene(&app).entities.stones.values().copied().collect();
    assert_eq!(on_board.len(), 4);
    play(&mut app, "d4 R-");
    check_table(&mut app);
    let t = scene(&app);
    assert!(t.entities.stones.is_empty(), "the whole cross was taken");
    let pile: HashSet<Entity> = t.entities.piles[Side::One.index()]
        .iter()
        .copied()
        .collect();
    assert_eq!(pile.len(), 5);
    assert!(
        on_board.is_subset(&pile),
        "the stones that were on the board are in One's pile"
    );
    assert!(t.entities.piles[Side::Two.index()].is_empty());
    // One's spent rook lies down; Two's hand is untouched.
    let rook = t.entities.hands[Side::One.index()][1];
    assert_eq!(transform(&app, rook), hand_rest(Side::One, 1, false));
}

/// The action with the most stones taken (then any power), first in notation order.
fn greedy(game: &Game) -> Option<Action> {
    let mut best: Option<(usize, Action)> = None;
    for action in game.legal_actions() {
        let mut probe = game.clone();
        let Ok(r) = probe.play(action) else { continue };
        let score = r.removed.len() * 10 + usize::from(r.power.is_some()) * (1 + r.moved.len());
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, action));
        }
    }
    best.map(|(_, a)| a)
}

#[test]
fn a_long_game_keeps_every_entity_on_the_rules_state() {
    let mut app = table_app(PlayMode::HotSeat);
    let mut regathers = 0;
    let mut taken = 0;
    for _ in 0..36 {
        let game = table(&app).game.clone();
        if game.outcome().is_some() {
            break;
        }
        let Some(action) = greedy(&game) else { break };
        let mut probe = game.clone();
        if let Ok(r) = probe.play(action) {
            regathers += usize::from(r.regathered);
            taken += r.removed.len();
        }
        play(&mut app, &action.to_string());
        check_table(&mut app);
    }
    assert!(regathers > 0, "the game went through a regather");
    assert!(taken > 0, "stones were taken");
}

#[test]
fn undo_and_new_game_set_the_table_out_again() {
    let mut app = table_app(PlayMode::HotSeat);
    for action in ["d6", "f4", "d2", "b4", "d4 R-"] {
        play(&mut app, action);
    }
    let press = |app: &mut App, key: KeyCode| {
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(key);
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(key);
        keys.clear();
        app.update();
        app.update();
    };
    press(&mut app, KeyCode::KeyU);
    assert_eq!(table(&app).game.notation().len(), 4);
    assert_eq!(table(&app).game.position().collected(Side::One), 0);
    check_table(&mut app);
    press(&mut app, KeyCode::KeyN);
    assert!(table(&app).game.notation().is_empty());
    assert!(table(&app).game.stones().is_empty());
    check_table(&mut app);
}

#[test]
fn a_refused_click_changes_nothing() {
    let mut app = table_app(PlayMode::HotSeat);
    play(&mut app, "d4");
    let action: Action = "d5".parse().expect("an action");
    send(&mut app, TableInput::Play(action));
    app.update();
    app.update();
    assert_eq!(table(&app).game.notation().len(), 1);
    assert!(
        super::headless::note(&app).is_some(),
        "the refusal is explained"
    );
    check_table(&mut app);
}

#[test]
fn the_menu_offers_three_modes_and_the_demo_plays_itself() {
    let mut app = table_app(PlayMode::Demo);
    let modes = &app.world().resource::<AvailableModes>().0;
    for mode in [PlayMode::HotSeat, PlayMode::VsComputer, PlayMode::Demo] {
        assert!(modes.contains(&(GameId::Polarity, mode)), "{mode:?}");
    }
    for _ in 0..3000 {
        app.update();
        if table(&app).game.notation().len() >= 2 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(
        table(&app).game.notation().len() >= 2,
        "the computer played both sides"
    );
    app.world_mut().resource_mut::<PlaybackQueue>().skip();
    for _ in 0..3 {
        app.update();
    }
}

#[test]
fn hovering_previews_the_rays_without_playing() {
    let mut app = table_app(PlayMode::HotSeat);
    for action in ["d7", "c5", "g4", "b2", "g1", "a4"] {
        play(&mut app, action);
    }
    app.update();
    let dots = scene(&app).markers().len();
    let free = table(&app).game.position().placements().count_ones() as usize;
    assert_eq!(dots, free, "a dot on every legal cell");
    send(
        &mut app,
        TableInput::Game(lodestone::app::polarity::Control::Choose(Some(
            lodestone::rules::polarity::Piece::Queen,
        ))),
    );
    app.world_mut()
        .resource_mut::<PolarityScene>()
        .hover("d4".parse().ok());
    app.update();
    let text = scene(&app).hover_text().unwrap_or_default().to_string();
    assert!(text.starts_with("d4 Q+: 4 move, 2 edge"), "{text}");
    assert_eq!(
        scene(&app).hover_refusal(),
        None,
        "a legal cell refuses nothing"
    );
    assert!(
        scene(&app).markers().len() > dots + 6,
        "rays, rings and arrows are drawn"
    );
    assert_eq!(
        table(&app).game.notation().len(),
        6,
        "a preview plays nothing"
    );
    check_table(&mut app);
    app.world_mut()
        .resource_mut::<PolarityScene>()
        .hover("d5".parse().ok());
    app.update();
    let text = scene(&app).hover_text().unwrap_or_default().to_string();
    assert!(
        text.starts_with("d5 Q+: no"),
        "an illegal cell says why: {text}"
    );
    assert_eq!(
        scene(&app).hover_refusal(),
        Some(text.as_str()),
        "said at the pointer"
    );
    // #45: refused by shape too, not by the tile's red alone.
    let meshes = |app: &App| -> Vec<AssetId<Mesh>> {
        scene(app)
            .markers()
            .iter()
            .filter_map(|&e| app.world().get::<Mesh3d>(e).map(|m| m.id()))
            .collect()
    };
    let looks = app
        .world()
        .resource::<lodestone::app::polarity::pieces::PolarityLooks>();
    let (cross, tile) = (looks.cross.id(), looks.tile.id());
    assert!(meshes(&app).contains(&cross), "the refused cell is crossed");
    assert!(meshes(&app).contains(&tile));
    app.world_mut()
        .resource_mut::<PolarityScene>()
        .hover("d4".parse().ok());
    app.update();
    assert!(!meshes(&app).contains(&cross), "a legal cell is not");
}
