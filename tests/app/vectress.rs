//! Vectress on the table, headless: a scripted game with a multi-wave chain reaction is
//! played back one stage per wave, in order, and every magnet ends where the rules say.

use bevy::prelude::*;
use lodestone::app::PlayMode;
use lodestone::app::playback::{Motion, PlaybackQueue};
use lodestone::app::table::TableInput;
use lodestone::app::vectress::pieces::rest_transform;
use lodestone::app::vectress::{Vectress, VectressPlayed, VectressScene};
use lodestone::rules::GameId;
use lodestone::rules::vectress::Action;

fn vectress_app() -> App {
    let app = super::headless::game_app(GameId::Vectress, PlayMode::HotSeat);
    assert!(app.world().contains_resource::<VectressPlayed>());
    app
}

fn play(app: &mut App, text: &str) {
    let action: Action = text.parse().unwrap();
    app.world_mut()
        .write_message(TableInput::<Vectress>::Play(action));
    app.update();
}

fn finish(app: &mut App) {
    for _ in 0..2000 {
        app.update();
        if app.world().resource::<PlaybackQueue>().is_idle() {
            app.update();
            return;
        }
    }
    panic!("playback never ended");
}

fn assert_matches_rules(app: &mut App) {
    let game = app.world().resource::<VectressPlayed>().game.clone();
    let entities = app.world().resource::<VectressScene>().entities.clone();
    for piece in game.position().pieces() {
        let e = entities.pieces[&piece.id].piece;
        let transform = app.world().get::<Transform>(e).unwrap();
        assert_eq!(
            *transform,
            rest_transform(piece.cell, piece.owner),
            "piece {} ({:?}) should rest on {}",
            piece.id,
            piece.kind,
            piece.cell
        );
    }
}

#[test]
fn a_chain_reaction_plays_one_stage_per_wave_in_order() {
    let mut app = vectress_app();
    for m in ["E3-G5", "F7-H5"] {
        play(&mut app, m);
        finish(&mut app);
        assert_matches_rules(&mut app);
    }
    // The same move played on the rules alone: what the stages must show.
    let mut rules = app
        .world()
        .resource::<VectressPlayed>()
        .game
        .rules()
        .clone();
    let resolution = rules.play("F5-F7".parse().unwrap()).unwrap();
    assert!(
        resolution.waves.len() >= 4,
        "a long chain: {} waves",
        resolution.waves.len()
    );

    play(&mut app, "F5-F7");
    let entities = app.world().resource::<VectressScene>().entities.clone();
    {
        let queue = app.world().resource::<PlaybackQueue>();
        // The player's move, then one stage per wave.
        assert_eq!(queue.stage_count(), 1 + resolution.waves.len());
        for (i, wave) in resolution.waves.iter().enumerate() {
            let stage = queue.stage(i + 1).unwrap();
            let mut moved: Vec<Entity> = stage
                .tweens
                .iter()
                .filter(|t| matches!(t.motion, Motion::Move { .. } | Motion::FallOff { .. }))
                .map(|t| t.entity)
                .collect();
            let mut expected: Vec<Entity> = wave
                .moves
                .iter()
                .map(|m| m.id)
                .chain(wave.lost.iter().map(|l| l.id))
                .map(|id| entities.pieces[&id].piece)
                .collect();
            moved.sort();
            expected.sort();
            assert_eq!(
                moved,
                expected,
                "stage {} moves exactly wave {}'s pieces",
                i + 1,
                i + 1
            );
        }
    }
    // Watch the stages go by: each starts only after the one before ended, and the pieces
    // of a later wave stay still while an earlier wave plays.
    let wave1: Vec<Entity> = resolution.waves[0]
        .moves
        .iter()
        .map(|m| entities.pieces[&m.id].piece)
        .collect();
    let wave2_only: Vec<Entity> = resolution.waves[1]
        .moves
        .iter()
        .filter(|m| !resolution.waves[0].moves.iter().any(|n| n.id == m.id))
        .map(|m| entities.pieces[&m.id].piece)
        .collect();
    let start: Vec<Transform> = wave2_only
        .iter()
        .map(|&e| *app.world().get::<Transform>(e).unwrap())
        .collect();
    let mut last_stage = 0;
    for _ in 0..2000 {
        app.update();
        let queue = app.world().resource::<PlaybackQueue>();
        let Some((stage, _)) = queue.progress() else {
            break;
        };
        assert!(
            stage >= last_stage,
            "stages never go back ({last_stage} -> {stage})"
        );
        last_stage = stage;
        if stage <= 2 {
            for (e, t0) in wave2_only.iter().zip(&start) {
                assert_eq!(
                    app.world().get::<Transform>(*e).unwrap(),
                    t0,
                    "wave 2 piece moved during wave 1"
                );
            }
        }
        if stage == 3 {
            // Wave 1 is over: its pieces are at rest where wave 1 put them.
            for (m, e) in resolution.waves[0].moves.iter().zip(&wave1) {
                if resolution.waves[1..]
                    .iter()
                    .all(|w| w.moves.iter().all(|n| n.id != m.id))
                {
                    let owner =
                        app.world().resource::<VectressScene>().entities.pieces[&m.id].owner;
                    assert_eq!(
                        *app.world().get::<Transform>(*e).unwrap(),
                        rest_transform(m.to, owner)
                    );
                }
            }
        }
    }
    assert_eq!(last_stage, 1 + resolution.waves.len(), "every stage played");
    finish(&mut app);
    assert_eq!(*app.world().resource::<VectressPlayed>().game, rules);
    assert_matches_rules(&mut app);
}

#[test]
fn a_refused_move_changes_nothing() {
    let mut app = vectress_app();
    let before = app
        .world()
        .resource::<VectressPlayed>()
        .game
        .rules()
        .clone();
    play(&mut app, "E3-E9");
    finish(&mut app);
    assert_eq!(*app.world().resource::<VectressPlayed>().game, before);
    let status = &app
        .world()
        .resource::<lodestone::app::table::status::StatusLine>()
        .0;
    assert!(
        status.contains("E3-E9"),
        "the refusal is explained: {status}"
    );
}

/// Cue times closer than the ear (and `onsets`) can part, 25 ms, heard as one.
fn heard_moments(times: &[f64]) -> Vec<f64> {
    let mut moments: Vec<f64> = Vec::new();
    for &t in times {
        if moments.last().is_none_or(|&last| t - last > 0.025) {
            moments.push(t);
        }
    }
    moments
}

#[test]
fn the_readme_chain_sounds_an_onset_per_cue_in_stage_order() {
    use lodestone::app::playback::STAGE_SECONDS;
    use lodestone::sound::analysis::{onsets, peak};
    let frame = std::time::Duration::from_secs_f64(1.0 / 60.0);
    let played = lodestone::app::headless::played_cues(
        GameId::Vectress,
        &["E3-G5", "F7-H5"],
        "F5-F7",
        frame,
    )
    .unwrap();
    // The move and its five waves, each with its sounds, played stage after stage: the
    // cues logged are the stages' cues in stage order, each at its moment of its stage.
    assert_eq!(played.staged.len(), 6);
    assert!(played.staged.iter().all(|cues| !cues.is_empty()));
    let first = played.first_stage;
    let expected: Vec<(f64, lodestone::sound::Cue)> = played
        .staged
        .iter()
        .enumerate()
        .flat_map(|(stage, cues)| {
            cues.iter().map(move |c| {
                let within = f64::from((stage as f32 + c.at) * STAGE_SECONDS);
                (first + within, *c)
            })
        })
        .collect();
    let mut in_time_order = expected.clone();
    in_time_order.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut logged = played.logged.clone();
    logged.sort_by(|a, b| a.seconds.total_cmp(&b.seconds));
    assert_eq!(logged.len(), expected.len());
    for (logged, (at, cue)) in logged.iter().zip(&in_time_order) {
        assert_eq!(logged.cue, *cue);
        assert!(
            (logged.seconds - at).abs() < 0.010,
            "{:?} played at {:.4} s, due at {at:.4} s",
            cue.kind,
            logged.seconds
        );
    }
    // Mixed as a film's soundtrack, each moment is heard where the stages schedule it (not
    // where the log that made the signal says): one onset per moment, within 10 ms.
    let samples = lodestone::app::film::soundtrack(&played.logged, played.seconds + 1.0);
    assert!(
        peak(&samples) > 0.1 && peak(&samples) < 1.0,
        "audible and never clipped"
    );
    let times: Vec<f64> = in_time_order.iter().map(|(at, _)| *at).collect();
    let moments = heard_moments(&times);
    assert!(moments.len() >= 10, "a chain of five waves: {moments:?}");
    let heard = onsets(&samples, 0.02);
    assert_eq!(
        heard.len(),
        moments.len(),
        "onsets {heard:?} for the cues' moments {moments:?}"
    );
    for (onset, moment) in heard.iter().zip(&moments) {
        assert!(
            (onset - moment).abs() < 0.010,
            "an onset at {onset:.4} s for a cue at {moment:.4} s"
        );
    }
}

/// A pointer event of kind `event` on `entity`, with the pointer at `at` (window pixels).
/// White's magnets on the table.
fn white_magnets(app: &mut App) -> Vec<Entity> {
    use lodestone::app::vectress::pieces::Magnet;
    app.world_mut()
        .query::<(Entity, &Magnet)>()
        .iter(app.world())
        .filter(|(_, m)| m.owner == lodestone::rules::vectress::Side::White)
        .map(|(e, _)| e)
        .collect()
}

fn point<E: Clone + std::fmt::Debug + Reflect>(app: &mut App, entity: Entity, event: E, at: Vec2) {
    use bevy::picking::pointer::{Location, PointerId};
    let location = Location {
        target: bevy::camera::NormalizedRenderTarget::None {
            width: 1280,
            height: 720,
        },
        position: at,
    };
    app.world_mut()
        .trigger(Pointer::new(PointerId::Mouse, location, event, entity));
    app.update();
}

/// A red target says why beside the pointer, in one short line, not in the status
/// panel; leaving it hides the note (#27, point 6).
#[test]
fn a_refused_target_says_why_at_the_pointer() {
    use bevy::picking::backend::HitData;
    use bevy::picking::events::{Click, Out, Over};
    use bevy::picking::pointer::PointerButton;
    use lodestone::app::table::pointer_note::PointerNote;
    use lodestone::app::vectress::Target;
    let mut app = vectress_app();
    let hit = || HitData::new(Entity::PLACEHOLDER, 0.0, None, None);
    let white = white_magnets(&mut app);
    // The first white magnet with a refused destination (the start has several).
    let mut refused = None;
    for magnet in white {
        let click = Click {
            button: PointerButton::Primary,
            hit: hit(),
            duration: std::time::Duration::from_millis(80),
            count: 1,
        };
        point(&mut app, magnet, click, Vec2::new(640.0, 600.0));
        refused = app
            .world_mut()
            .query::<(Entity, &Target)>()
            .iter(app.world())
            .find_map(|(e, t)| t.reason.clone().map(|why| (e, why)));
        if refused.is_some() {
            break;
        }
    }
    let (target, why) = refused.expect("a white magnet has a red target at the start");
    assert!(why.chars().count() <= 50, "one short line: {why:?}");

    let note = |app: &mut App| {
        let mut notes = app
            .world_mut()
            .query_filtered::<(&Node, &Visibility, &Children), With<PointerNote>>();
        let (node, visibility, children) = notes.single(app.world()).expect("one note");
        let text = app.world().get::<Text>(children[0]).unwrap().0.clone();
        (node.left, node.top, *visibility, text)
    };
    assert_eq!(note(&mut app).2, Visibility::Hidden);
    point(
        &mut app,
        target,
        Over { hit: hit() },
        Vec2::new(300.0, 200.0),
    );
    let (left, top, visibility, text) = note(&mut app);
    assert_eq!(visibility, Visibility::Inherited, "the note shows");
    assert_eq!(text, why);
    assert_eq!(
        (left, top),
        (Val::Px(316.0), Val::Px(218.0)),
        "beside the pointer"
    );
    let status = &app
        .world()
        .resource::<lodestone::app::table::status::StatusLine>()
        .0;
    assert!(!status.contains(&why), "not in the status panel: {status}");

    point(
        &mut app,
        target,
        Out { hit: hit() },
        Vec2::new(300.0, 200.0),
    );
    assert_eq!(
        note(&mut app).2,
        Visibility::Hidden,
        "gone with the pointer"
    );
}

/// #45: a target's kind is told by shape as well as hue: a refused target's disc carries
/// a cross, a body move's is plain. (A pull-free's carries a ring; the start has no bond
/// to pull free from, so this test does not reach one.)
#[test]
fn every_target_shows_its_kind_by_shape() {
    use bevy::picking::backend::HitData;
    use bevy::picking::events::Click;
    use bevy::picking::pointer::PointerButton;
    use lodestone::app::vectress::Target;
    use lodestone::app::vectress::pieces::MagnetLooks;
    let mut app = vectress_app();
    let white = white_magnets(&mut app);
    let cross = app.world().resource::<MagnetLooks>().marker_cross.id();
    let (mut refused, mut moves) = (0, 0);
    for magnet in white {
        let click = Click {
            button: PointerButton::Primary,
            hit: HitData::new(Entity::PLACEHOLDER, 0.0, None, None),
            duration: std::time::Duration::from_millis(80),
            count: 1,
        };
        point(&mut app, magnet, click, Vec2::new(640.0, 600.0));
        let targets: Vec<(Option<AssetId<Mesh>>, bool, bool)> = app
            .world_mut()
            .query::<(&Target, Option<&Children>)>()
            .iter(app.world())
            .map(|(t, children)| {
                let sign = children.map(|c| {
                    assert_eq!(c.len(), 1, "one sign over a disc");
                    app.world().get::<Mesh3d>(c[0]).expect("a shape").id()
                });
                (sign, t.reason.is_some(), t.action.is_some())
            })
            .collect();
        for (sign, is_refused, is_move) in targets {
            if is_refused {
                refused += 1;
                assert_eq!(sign, Some(cross), "a refused target is crossed");
            } else if is_move {
                moves += 1;
                assert_eq!(sign, None, "a body move's disc is plain");
            }
        }
    }
    assert!(refused > 0 && moves > 0, "{refused} refused, {moves} moves");
}

/// #45: every pole is marked by its sign as well as its colour: a `+` is two bars, a `-`
/// one, a neutral face none, on every magnet as the rules give its faces.
#[test]
fn every_pole_carries_its_sign_as_a_shape() {
    use lodestone::app::vectress::pieces::{Magnet, Sign};
    use lodestone::rules::vectress::Pole;
    let mut app = vectress_app();
    let mut magnets = app.world_mut().query::<(&Magnet, &Children)>();
    let mut signs = 0;
    let found: Vec<(Magnet, Vec<Entity>)> = magnets
        .iter(app.world())
        .map(|(m, c)| (*m, c.iter().collect()))
        .collect();
    let pieces = app
        .world()
        .resource::<VectressPlayed>()
        .game
        .position()
        .pieces()
        .count();
    assert_eq!(found.len(), pieces, "every magnet is on the board");
    for (magnet, children) in found {
        let bars = |pole: Pole| {
            children
                .iter()
                .filter(|c| app.world().get::<Sign>(**c) == Some(&Sign(pole)))
                .count()
        };
        let faces = magnet.kind.faces();
        let count = |pole: Pole| faces.iter().filter(|f| f.pole == pole).count();
        assert_eq!(
            bars(Pole::Plus),
            2 * count(Pole::Plus),
            "{magnet:?}: a + is two bars"
        );
        assert_eq!(
            bars(Pole::Minus),
            count(Pole::Minus),
            "{magnet:?}: a - is one bar"
        );
        assert_eq!(bars(Pole::Neutral), 0);
        signs += bars(Pole::Plus) + bars(Pole::Minus);
    }
    assert!(signs > 0);
}

/// #45: reduced motion glides a move straight to its cell in the first half of its stage
/// (and stays), where the full motion is still on its way at seven tenths of it.
#[test]
fn reduced_motion_arrives_early_and_stays() {
    use lodestone::app::playback::{ReducedMotion, STAGE_SECONDS};
    use lodestone::rules::vectress::Cell;
    let at_seven_tenths = |calm: bool| {
        let mut app = super::headless::game_app_with(GameId::Vectress, PlayMode::HotSeat, |app| {
            app.insert_resource(ReducedMotion(calm));
        });
        let game = app.world().resource::<VectressPlayed>().game.clone();
        let from = Cell::parse("C1").unwrap();
        let piece = game
            .position()
            .pieces()
            .find(|p| p.cell == from)
            .expect("a piece on C1");
        let entity = app.world().resource::<VectressScene>().entities.pieces[&piece.id].piece;
        play(&mut app, "C1-D2");
        // 50 ms frames: seven tenths of the first stage.
        let frames = (0.7 * STAGE_SECONDS / 0.05).round() as usize;
        for _ in 0..frames {
            app.update();
        }
        let now = app.world().get::<Transform>(entity).unwrap().translation;
        let rest = rest_transform(Cell::parse("D2").unwrap(), piece.owner).translation;
        now.distance(rest)
    };
    assert!(at_seven_tenths(true) < 1e-3, "calm: arrived and still");
    assert!(
        at_seven_tenths(false) > 0.01,
        "full motion: still travelling"
    );
}
