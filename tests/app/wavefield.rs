//! Wave Field on the table, headless: tuning feeds the engine's field to the surface
//! material, and a move's removal rounds become playback stages in order.

use bevy::prelude::*;
use lodestone::app::PlayMode;
use lodestone::app::playback::{Motion, PlaybackQueue};
use lodestone::app::wavefield::panel::PanelButton;
use lodestone::app::wavefield::surface::{FieldMaterial, unpack};
use lodestone::app::wavefield::{Control, WavefieldTable};
use lodestone::rules::GameId;
use lodestone::rules::wavefield::{Action, Event, Kind, parse_action};

fn wavefield_app() -> App {
    let app = super::headless::game_app(GameId::Wavefield, PlayMode::HotSeat);
    assert!(
        app.world().get_resource::<WavefieldTable>().is_some(),
        "the Wave Field table is set out"
    );
    app
}

fn engine_field(app: &App) -> [f32; 49] {
    let table = app.world().resource::<WavefieldTable>();
    table.game.position().field().map(|v| v as f32 / 64.0)
}

fn material_target(app: &App) -> (FieldMaterial, [f32; 49]) {
    let table = app.world().resource::<WavefieldTable>();
    let material = app
        .world()
        .resource::<Assets<FieldMaterial>>()
        .get(&table.surface)
        .expect("the surface has its material")
        .clone();
    let target = unpack(&material.data.after);
    (material, target)
}

fn wait_idle(app: &mut App) {
    for _ in 0..400 {
        app.update();
        if app.world().resource::<PlaybackQueue>().is_idle() {
            return;
        }
    }
    panic!("playback never finished");
}

#[test]
fn a_tuning_change_feeds_the_engines_field_to_the_surface() {
    let mut app = wavefield_app();
    let start = engine_field(&app);
    assert_eq!(
        material_target(&app).1,
        start,
        "the surface starts on the engine's field"
    );

    // Press "-" on the Round Hat row of the tuning panel.
    let mut buttons = app.world_mut().query::<(Entity, &PanelButton)>();
    let minus = buttons
        .iter(app.world())
        .find(|(_, b)| b.0 == Control::Tune(Kind::RoundHat, -1))
        .map(|(e, _)| e)
        .expect("the panel has a Round Hat - button");
    app.world_mut()
        .entity_mut(minus)
        .insert(Interaction::Pressed);
    for _ in 0..3 {
        app.update();
    }

    let table = app.world().resource::<WavefieldTable>();
    let side = table.game.to_move();
    assert_eq!(table.game.position().profile(side).coef(Kind::RoundHat), -1);
    assert!(matches!(
        table.game.last().map(|r| r.action),
        Some(Action::Tune(_))
    ));
    let tuned = engine_field(&app);
    assert_ne!(tuned, start, "the tuning changed the field");
    let (material, target) = material_target(&app);
    assert_eq!(
        target, tuned,
        "the material's field data is the engine's field"
    );
    assert!(
        material.data.blend < 1.0,
        "the surface flows from the old field to the new one"
    );
    assert_eq!(unpack(&material.data.before), start);

    // The flow ends on the new field.
    for _ in 0..20 {
        app.update();
    }
    let (material, target) = material_target(&app);
    assert_eq!(target, tuned);
    assert_eq!(material.data.blend, 1.0);
}

/// A game whose last move sets off two removal rounds: Red's Tower goes to G1 and is
/// removed in round 1, then the Round Hat on G2 in round 2.
pub const TWO_ROUNDS: [&str; 8] = [
    "tune R+T-A-B+",
    "C6-B5",
    "tune R+T-A-B-",
    "E2-G2",
    "tune R+T-A-B+",
    "D6-D4",
    "tune R+T+A-B+",
    "E1-G1",
];

#[test]
fn removal_rounds_become_playback_stages_in_order() {
    let mut app = wavefield_app();
    for text in TWO_ROUNDS {
        let action = parse_action(text).expect("a Wave Field action");
        wait_idle(&mut app);
        app.world_mut()
            .resource_mut::<WavefieldTable>()
            .controls
            .push(Control::Play(action));
        app.update();
        assert_eq!(
            app.world()
                .resource::<WavefieldTable>()
                .game
                .last()
                .map(|r| r.action),
            Some(action),
            "{text} was played"
        );
    }

    let table = app.world().resource::<WavefieldTable>();
    let Some(Event::Moved { rounds, .. }) = table.game.last().map(|r| r.event.clone()) else {
        panic!("the last action is a move");
    };
    assert_eq!(rounds.len(), 2, "two removal rounds");
    let queue = app.world().resource::<PlaybackQueue>();
    assert_eq!(
        queue.stage_count(),
        1 + rounds.len(),
        "the move, then one stage per round"
    );
    assert!(
        queue
            .stage(0)
            .is_some_and(|s| s.label.starts_with("move E1-G1"))
    );
    for (n, (removed, _)) in rounds.iter().enumerate() {
        let stage = queue.stage(n + 1).expect("a stage per round");
        assert!(
            stage
                .label
                .starts_with(&format!("removal round {} of 2", n + 1)),
            "{}",
            stage.label
        );
        for piece in removed {
            let (entity, _) = table.pieces[&piece.id];
            assert!(
                stage
                    .tweens
                    .iter()
                    .any(|t| t.entity == entity && matches!(t.motion, Motion::Disappear)),
                "round {}: {} {} on {} vanishes",
                n + 1,
                piece.owner.title(),
                piece.kind.title(),
                piece.cell
            );
            assert!(stage.label.contains(&piece.cell.to_string()));
        }
        // Nobody else vanishes in this round.
        let vanishing = stage
            .tweens
            .iter()
            .filter(|t| matches!(t.motion, Motion::Disappear))
            .count();
        assert_eq!(vanishing, removed.len());
        assert_eq!(
            stage.effects.len(),
            removed.len(),
            "one loss burst per piece"
        );
    }

    // After playback the surface rests on the engine's field and the pieces are gone.
    wait_idle(&mut app);
    app.update();
    let field = engine_field(&app);
    let (material, target) = material_target(&app);
    assert_eq!(target, field);
    assert_eq!(material.data.blend, 1.0);
    let table = app.world().resource::<WavefieldTable>();
    for (removed, _) in &rounds {
        for piece in removed {
            let (entity, _) = table.pieces[&piece.id];
            let scale = app.world().get::<Transform>(entity).map(|t| t.scale);
            assert_eq!(scale, Some(Vec3::ZERO), "{} is off the board", piece.cell);
        }
    }
}
