//! What the engines know, shown at the table (#42): a hovered move's whole outcome as
//! ghosts at the places the rules' resolution names (gone when the pointer leaves), with
//! its line; the threat T shows is the engine's own answer for the side not to move; a
//! hint asked for is counted in the game's save and said at its end.

use bevy::picking::backend::HitData;
use bevy::picking::events::{Click, Out, Over};
use bevy::picking::pointer::{Location, PointerButton, PointerId};
use bevy::prelude::*;
use lodestone::app::PlayMode;
use lodestone::app::boards::BoardCell;
use lodestone::app::table::foresight::{HintsUsed, Insight, PreviewShown};
use lodestone::app::table::{ComputerPace, Seats, TableGame, TableInput};
use lodestone::app::ui::LayoutChecked;
use lodestone::rules::{GameId, Level, Rules, Stop};

use crate::headless::{game_app, game_app_with, played, send, settle, tap};

fn hit() -> HitData {
    HitData::new(Entity::PLACEHOLDER, 0.0, None, None)
}

/// A pointer event on `entity`, the pointer in the window's middle.
fn point<E: Clone + std::fmt::Debug + Reflect>(app: &mut App, entity: Entity, event: E) {
    let location = Location {
        target: bevy::camera::NormalizedRenderTarget::None {
            width: 1280,
            height: 720,
        },
        position: Vec2::new(640.0, 360.0),
    };
    app.world_mut()
        .trigger(Pointer::new(PointerId::Mouse, location, event, entity));
    app.update();
    app.update();
}

/// Board-plane points (x, z) of the entities named `name`, rounded to a hundredth.
fn named(app: &mut App, name: &str) -> Vec<(i32, i32)> {
    let mut at: Vec<(i32, i32)> = app
        .world_mut()
        .query::<(&Name, &Transform)>()
        .iter(app.world())
        .filter(|(n, _)| n.as_str() == name)
        .map(|(_, t)| plane(t.translation))
        .collect();
    at.sort();
    at
}

fn plane(p: Vec3) -> (i32, i32) {
    ((p.x * 100.0).round() as i32, (p.z * 100.0).round() as i32)
}

/// How many marks the layout report would list as `name`.
fn marks(app: &mut App, name: &str) -> usize {
    app.world_mut()
        .query::<&LayoutChecked>()
        .iter(app.world())
        .filter(|c| c.0 == name)
        .count()
}

fn preview<G: TableGame>(app: &App) -> (usize, Option<String>) {
    let shown = app.world().resource::<PreviewShown<G>>();
    (shown.drawn(), shown.line().map(str::to_string))
}

fn play_text<G: TableGame>(app: &mut App, text: &str) {
    let action = played::<G>(app)
        .game
        .rules()
        .parse_action(text)
        .unwrap_or_else(|e| panic!("{text}: {e:?}"));
    send::<G>(app, TableInput::Play(action));
    settle::<G>(app);
}

/// The README's chain: hovering F5-F7 after E3-G5, F7-H5 draws a ghost at every magnet's
/// final cell, a cross on each magnet that goes over, and says how many waves.
#[test]
fn a_hovered_vectress_move_shows_every_magnet_where_it_ends() {
    use lodestone::app::vectress::pieces::{Magnet, rest_transform};
    use lodestone::app::vectress::{Target, Vectress};
    use lodestone::rules::vectress::{Action, Cell};
    let mut app = game_app(GameId::Vectress, PlayMode::HotSeat);
    play_text::<Vectress>(&mut app, "E3-G5");
    play_text::<Vectress>(&mut app, "F7-H5");
    let (from, to) = (Cell::parse("F5").unwrap(), Cell::parse("F7").unwrap());
    let before = played::<Vectress>(&app).game.rules().clone();
    let mover = before.position().at(from).expect("a magnet on F5");
    let magnet = app
        .world_mut()
        .query::<(Entity, &Magnet)>()
        .iter(app.world())
        .find(|(_, m)| m.id == mover.id)
        .map(|(e, _)| e)
        .unwrap();
    let click = Click {
        button: PointerButton::Primary,
        hit: hit(),
        duration: std::time::Duration::from_millis(80),
        count: 1,
    };
    point(&mut app, magnet, click);
    let target = app
        .world_mut()
        .query::<(Entity, &Target)>()
        .iter(app.world())
        .find(|(_, t)| t.action == Some(Action::Move { from, to }))
        .map(|(e, _)| e)
        .expect("F7 is a target of F5");
    assert_eq!(
        named(&mut app, "Ghost magnet"),
        vec![],
        "no ghost before the hover"
    );
    point(&mut app, target, Over { hit: hit() });

    let mut after = before.clone();
    let resolution = after.play(Action::Move { from, to }).unwrap();
    let (b, a) = (before.position(), after.position());
    let mut expected: Vec<(i32, i32)> = a
        .pieces()
        .filter(|p| b.piece(p.id).is_none_or(|q| q.cell != p.cell))
        .map(|p| plane(rest_transform(p.cell, p.owner).translation))
        .collect();
    expected.sort();
    assert!(expected.len() >= 3, "the chain moves several magnets");
    assert_eq!(
        named(&mut app, "Ghost magnet"),
        expected,
        "a ghost on every final cell"
    );
    let lost = b.pieces().filter(|p| a.piece(p.id).is_none()).count();
    assert_eq!(
        marks(&mut app, "preview lost"),
        lost,
        "a cross on each magnet gone"
    );
    let waves = resolution.shown_waves().len();
    let (drawn, line) = preview::<Vectress>(&app);
    assert!(drawn >= expected.len());
    let line = line.expect("a line beside the pointer");
    assert!(line.starts_with(&format!("{waves} waves")), "{line}");

    point(&mut app, target, Out { hit: hit() });
    assert_eq!(
        named(&mut app, "Ghost magnet"),
        vec![],
        "gone when the pointer leaves"
    );
    assert_eq!(marks(&mut app, "preview lost"), 0);
    assert_eq!(preview::<Vectress>(&app), (0, None));
}

/// A hex chess man hovered over a destination: its ghost stands there as the type it
/// arrives as (v011), every cell it then attacks is shaded, and the line says both.
#[test]
fn a_hovered_hex_chess_move_shows_the_type_on_arrival_and_what_it_attacks() {
    use lodestone::app::hexchess::pieces::{HexLooks, rest_transform};
    use lodestone::app::hexchess::{Control, Hexchess};
    use lodestone::rules::hexchess::Cell;
    let mut app = game_app(GameId::Hexchess, PlayMode::HotSeat);
    play_text::<Hexchess>(&mut app, "f5f6");
    play_text::<Hexchess>(&mut app, "b7b6");
    let before = played::<Hexchess>(&app).game.rules().game().clone();
    // A knight's move: it arrives as a pawn.
    let mv = before
        .legal_moves()
        .into_iter()
        .find(|m| {
            before
                .position()
                .piece_at(m.from)
                .is_some_and(|p| p.kind == lodestone::rules::hexchess::Kind::Knight)
        })
        .expect("a knight can move");
    send::<Hexchess>(&mut app, TableInput::Game(Control::Pick(mv.from)));
    app.update();
    let cell = app
        .world_mut()
        .query::<(Entity, &BoardCell)>()
        .iter(app.world())
        .find(|(_, c)| Cell::from_axial(c.x, c.y) == Some(mv.to))
        .map(|(e, _)| e)
        .expect("the destination's cell");
    point(&mut app, cell, Over { hit: hit() });

    let mut after = before.clone();
    let resolution = after.play(mv).unwrap();
    assert_ne!(
        resolution.arrived_as, resolution.departed_as,
        "v011 renames on arrival"
    );
    assert_eq!(
        named(&mut app, "Ghost man"),
        vec![plane(rest_transform(mv.to).translation)]
    );
    let ghost_mesh = app
        .world_mut()
        .query::<(&Name, &Mesh3d)>()
        .iter(app.world())
        .find(|(n, _)| n.as_str() == "Ghost man")
        .map(|(_, m)| m.0.clone())
        .unwrap();
    let looks = app.world().resource::<HexLooks>();
    assert_eq!(
        ghost_mesh,
        looks.meshes[resolution.color.index()][resolution.arrived_as.index()],
        "drawn as the type it arrives as"
    );
    let attacked = after.position().attacked_from(mv.to);
    assert_eq!(named(&mut app, "Attacked cell").len(), attacked.len());
    assert_eq!(marks(&mut app, "preview arrives"), 1);
    let line = preview::<Hexchess>(&app).1.expect("a line");
    assert!(
        line.starts_with(&format!("arrives as a {}", resolution.arrived_as.name())),
        "{line}"
    );

    point(&mut app, cell, Out { hit: hit() });
    assert_eq!(named(&mut app, "Ghost man"), vec![]);
    assert_eq!(named(&mut app, "Attacked cell"), vec![]);
    assert_eq!(preview::<Hexchess>(&app), (0, None));
}

/// A Wave Field piece dragged over a square: its ghost there (the surface previews the
/// field), a mark on every piece the rounds remove, and the squares it flips.
#[test]
fn a_dragged_wave_field_piece_shows_the_outcome() {
    use lodestone::app::wavefield::{Wavefield, WavefieldPlayed, WavefieldScene};
    use lodestone::rules::wavefield::{Action, Cell, Event};
    let mut app = game_app(GameId::Wavefield, PlayMode::HotSeat);
    let before = played::<Wavefield>(&app).game.rules().clone();
    let mv = before
        .legal_actions()
        .into_iter()
        .find_map(|a| match a {
            Action::Move(mv) => Some(mv),
            _ => None,
        })
        .expect("a move at the start");
    let piece = before.position().piece_at(mv.from).unwrap().id;
    let drag = |app: &mut App, over: Option<Cell>| {
        app.world_mut()
            .resource_scope(|world, mut scene: Mut<WavefieldScene>| {
                let played = world.resource::<WavefieldPlayed>();
                if scene.drag.is_none() {
                    assert!(scene.start_drag(played, piece));
                }
                scene.drag_over(played, over);
            });
        app.update();
        app.update();
    };
    drag(&mut app, Some(mv.to));
    let mut after = before.clone();
    let resolution = after.play(Action::Move(mv)).unwrap();
    let Event::Moved { rounds, .. } = &resolution.event else {
        panic!("a move")
    };
    let removed: usize = rounds.iter().map(|(gone, _)| gone.len()).sum();
    let ghosts = named(&mut app, "Ghost piece");
    let survives = after.position().piece(piece).alive;
    assert_eq!(ghosts.len(), usize::from(survives));
    if survives {
        let x = (mv.to.x() as f32 - 3.0) * 100.0;
        assert_eq!(ghosts[0].0, x.round() as i32, "over the destination");
    }
    assert_eq!(marks(&mut app, "preview lost"), removed);
    let flips = Cell::all()
        .filter(|&c| before.position().territory(c) != after.position().territory(c))
        .count();
    let line = preview::<Wavefield>(&app).1.expect("a line");
    let said = match flips {
        0 => "flips no square".to_string(),
        1 => "flips 1 square".to_string(),
        n => format!("flips {n} squares"),
    };
    assert!(line.starts_with(&said), "{line} ({said})");

    drag(&mut app, None);
    assert_eq!(named(&mut app, "Ghost piece"), vec![]);
    assert_eq!(preview::<Wavefield>(&app), (0, None));
}

/// Polarity keeps its own preview; the table adds the line (and a cross on each stone a
/// line would take), in agreement with the rules for every legal cell tried.
#[test]
fn a_hovered_polarity_cell_says_what_the_placement_takes() {
    use lodestone::app::polarity::{Polarity, PolarityScene};
    use lodestone::rules::polarity::Action;
    let mut app = game_app(GameId::Polarity, PlayMode::HotSeat);
    for _ in 0..8 {
        let turn = {
            let rules = played::<Polarity>(&app).game.rules();
            rules.choose(Level::Easy, &mut rules.rng().clone(), &Stop::never())
        };
        for action in turn {
            send::<Polarity>(&mut app, TableInput::Play(action));
            settle::<Polarity>(&mut app);
        }
    }
    let before = played::<Polarity>(&app).game.rules().clone();
    let mut tried = 0;
    for action in before
        .legal_actions()
        .into_iter()
        .filter(|a| a.power.is_none())
        .take(10)
    {
        app.world_mut()
            .resource_mut::<PolarityScene>()
            .hover(Some(action.cell));
        app.update();
        app.update();
        let mut after = before.clone();
        let resolution = after
            .play(Action {
                cell: action.cell,
                power: None,
            })
            .unwrap();
        let line = preview::<Polarity>(&app)
            .1
            .expect("a line for a legal cell");
        match resolution.runs.len() {
            0 => assert!(!line.contains("takes"), "{line}"),
            n => assert!(line.contains(&format!("takes {n} line")), "{line}"),
        }
        assert_eq!(marks(&mut app, "preview lost"), resolution.removed.len());
        tried += 1;
    }
    assert!(tried > 0);
    app.world_mut().resource_mut::<PolarityScene>().hover(None);
    app.update();
    assert_eq!(preview::<Polarity>(&app), (0, None));
}

/// T shows what the side not to move threatens: the turn the engine's analysis gives for
/// it, drawn with its line; it follows the game when a move is played.
fn threat_is_the_engines<G: TableGame>(game: GameId, first: &str) {
    let mut app = game_app_with(game, PlayMode::HotSeat, |app| {
        app.insert_resource(ComputerPace::Lockstep);
    });
    app.world_mut().resource_mut::<Seats>().level = Level::Easy;
    play_text::<G>(&mut app, first);
    tap(&mut app, KeyCode::KeyT);
    for _ in 0..4 {
        app.update();
    }
    let engines = |app: &App| {
        let rules = played::<G>(app).game.rules();
        lodestone::rules::analysis::threat(rules, Level::Easy, 1, rules.rng(), &Stop::never())
            .map(|a| a.turn)
    };
    let shown = |app: &App| {
        let played = played::<G>(app);
        app.world()
            .resource::<Insight<G>>()
            .known(played.changes)
            .and_then(|k| k.threat.clone())
            .flatten()
            .map(|a| a.turn)
    };
    let expected = engines(&app).expect("a threat to show");
    assert_eq!(shown(&app), Some(expected), "{game:?}: the engine's threat");
    assert_eq!(
        marks(&mut app, "threat line"),
        1,
        "{game:?}: its line on the board"
    );
    // A move later the threat is the new position's.
    let reply = {
        let rules = played::<G>(&app).game.rules();
        rules.choose(Level::Easy, &mut rules.rng().clone(), &Stop::never())
    };
    for action in reply {
        send::<G>(&mut app, TableInput::Play(action));
        settle::<G>(&mut app);
    }
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(
        shown(&app),
        engines(&app),
        "{game:?}: updated after the move"
    );
    tap(&mut app, KeyCode::KeyT);
    assert_eq!(
        marks(&mut app, "threat line"),
        0,
        "{game:?}: T again hides it"
    );
}

#[test]
fn t_shows_the_threat_the_engine_finds() {
    use lodestone::app::hexchess::Hexchess;
    use lodestone::app::polarity::Polarity;
    use lodestone::app::vectress::Vectress;
    use lodestone::app::wavefield::Wavefield;
    threat_is_the_engines::<Vectress>(GameId::Vectress, "E3-E5");
    threat_is_the_engines::<Hexchess>(GameId::Hexchess, "f5f6");
    let wave_move = {
        let app = game_app(GameId::Wavefield, PlayMode::HotSeat);
        let rules = played::<Wavefield>(&app).game.rules().clone();
        let first = rules
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, lodestone::rules::wavefield::Action::Move(_)))
            .unwrap();
        rules.write_action(first)
    };
    threat_is_the_engines::<Wavefield>(GameId::Wavefield, &wave_move);
    let stone = {
        let app = game_app(GameId::Polarity, PlayMode::HotSeat);
        let rules = played::<Polarity>(&app).game.rules().clone();
        rules.write_action(rules.legal_actions()[0])
    };
    threat_is_the_engines::<Polarity>(GameId::Polarity, &stone);
}

/// H asks for a hint on a person's turn: counted for the side to move, drawn as the
/// hint's line, and said once the game is over.
#[test]
fn a_hint_is_counted_and_drawn() {
    use lodestone::app::vectress::Vectress;
    let mut app = game_app_with(GameId::Vectress, PlayMode::HotSeat, |app| {
        app.insert_resource(ComputerPace::Lockstep);
    });
    app.world_mut().resource_mut::<Seats>().level = Level::Easy;
    tap(&mut app, KeyCode::KeyH);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(app.world().resource::<HintsUsed>().0, [1, 0]);
    assert_eq!(marks(&mut app, "hint line"), 1, "the hint is drawn");
    let best = {
        let rules = played::<Vectress>(&app).game.rules();
        rules.choose(Level::Easy, &mut rules.rng().clone(), &Stop::never())
    };
    let shown = {
        let played = played::<Vectress>(&app);
        app.world()
            .resource::<Insight<Vectress>>()
            .known(played.changes)
            .and_then(|k| k.best.clone())
            .and_then(|b| b.first().map(|a| a.turn.clone()))
    };
    assert_eq!(
        shown,
        Some(best),
        "the hint is the computer's choice at the level"
    );
    // Asked again in the same position it is taken away, not counted twice.
    tap(&mut app, KeyCode::KeyH);
    assert_eq!(app.world().resource::<HintsUsed>().0, [1, 0]);
    assert_eq!(marks(&mut app, "hint line"), 0);
    assert_eq!(app.world().resource::<HintsUsed>().recorded(), Some([1, 0]));
    let said = app
        .world()
        .resource::<HintsUsed>()
        .said::<lodestone::rules::vectress::Game>();
    assert_eq!(said, "hints used: white 1");
}

/// In Wave Field H is the rules' own rescue hint, so the computer's is Shift+H; the hints
/// a game used are said in the status once it is over.
#[test]
fn shift_h_is_wave_fields_hint_and_the_end_says_how_many() {
    use lodestone::app::table::status::StatusLine;
    use lodestone::app::wavefield::Wavefield;
    use lodestone::rules::wavefield::Action;
    let mut app = game_app_with(GameId::Wavefield, PlayMode::HotSeat, |app| {
        app.insert_resource(ComputerPace::Lockstep);
    });
    app.world_mut().resource_mut::<Seats>().level = Level::Easy;
    tap(&mut app, KeyCode::KeyH);
    assert_eq!(
        app.world().resource::<HintsUsed>().0,
        [0, 0],
        "H alone is the rules' hint"
    );
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::ShiftLeft);
    tap(&mut app, KeyCode::KeyH);
    assert_eq!(app.world().resource::<HintsUsed>().0, [1, 0]);
    assert_eq!(
        marks(&mut app, "hint line"),
        1,
        "the computer's hint is drawn"
    );
    send::<Wavefield>(&mut app, TableInput::Play(Action::Resign));
    settle::<Wavefield>(&mut app);
    app.update();
    let status = app.world().resource::<StatusLine>().0.clone();
    assert!(status.contains("hints used: blue 1"), "{status}");
}

/// In the replay viewer the three best turns of the position shown are arrows of falling
/// weight, numbered, the engine's own ranking; a step on shows the next position's.
#[test]
fn the_viewer_shows_the_three_best_turns() {
    use lodestone::app::table::{Start, StartFrom, TableLaunch, viewer};
    use lodestone::app::vectress::Vectress;
    use lodestone::rules::Setup;
    let mut app = crate::headless::launched_lockstep(TableLaunch {
        game: GameId::Vectress,
        start: Start::Replay(StartFrom {
            setup: Setup::default(),
            actions: ["E3-G5", "F7-H5", "F5-F7"].map(String::from).to_vec(),
            title: None,
            view: true,
            review: false,
            seconds: Vec::new(),
        }),
    });
    // The viewer studies at the table's level (strong unless chosen).
    let level = app.world().resource::<Seats>().level;
    let best_marks = |app: &mut App| -> Vec<String> {
        let mut texts: Vec<String> = app
            .world_mut()
            .query::<(&LayoutChecked, &Text)>()
            .iter(app.world())
            .filter(|(c, _)| c.0 == "best line")
            .map(|(_, t)| t.0.clone())
            .collect();
        texts.sort();
        texts
    };
    let ranked = |app: &App| -> Vec<String> {
        let rules = played::<Vectress>(app).game.rules();
        lodestone::rules::analysis::assess(rules, level, 3, 1, rules.rng(), &Stop::never())
            .iter()
            .enumerate()
            .map(|(i, a)| format!("{} {}", i + 1, rules.write_action(a.turn[0])))
            .collect()
    };
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(best_marks(&mut app), ranked(&app), "at the start");
    viewer::step_forward_now::<Vectress>(&mut app);
    for _ in 0..40 {
        app.world_mut()
            .resource_mut::<lodestone::app::playback::PlaybackQueue>()
            .skip();
        app.update();
    }
    assert_eq!(best_marks(&mut app), ranked(&app), "after a step");
}
