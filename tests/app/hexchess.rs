//! The hexchess table in a headless app: playback ends where the rules say, forced moves
//! wait the session's delay, edits strike through the right entries.

use std::time::Duration;

use bevy::prelude::*;
use bevy::text::Strikethrough;
use lodestone::app::PlayMode;
use lodestone::app::boards::hex_center;
use lodestone::app::hexchess::panel::MoveEntry;
use lodestone::app::hexchess::pieces::{HexLooks, HexPiece};
use lodestone::app::hexchess::{Control, Hexchess, HexchessPlayed, HexchessScene};
use lodestone::app::playback::PlaybackQueue;
use lodestone::app::table::TableInput;
use lodestone::rules::GameId;
use lodestone::rules::hexchess::{GameSession, Kind, Ruleset};
use lodestone::sound::CueKind;

const FRAME: Duration = Duration::from_millis(50);

pub(super) fn hex_app(mode: PlayMode) -> App {
    let app = super::headless::game_app(GameId::Hexchess, mode);
    assert!(
        app.world().contains_resource::<HexchessPlayed>(),
        "the table is set"
    );
    app
}

pub(super) fn table(app: &mut App) -> Mut<'_, HexchessPlayed> {
    app.world_mut().resource_mut::<HexchessPlayed>()
}

pub(super) fn scene(app: &mut App) -> Mut<'_, HexchessScene> {
    app.world_mut().resource_mut::<HexchessScene>()
}

pub(super) fn send(app: &mut App, input: TableInput<Hexchess>) {
    app.world_mut().write_message(input);
}

pub(super) fn play_text(app: &mut App, text: &str) {
    let mv = table(app)
        .game
        .game()
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    send(app, TableInput::Play(mv));
}

pub(super) fn run_until_idle(app: &mut App) -> usize {
    for frame in 1..400 {
        app.update();
        if app.world().resource::<PlaybackQueue>().is_idle() {
            app.update();
            return frame;
        }
    }
    panic!("playback never finished");
}

/// Every man on the board stands on its rules cell with its rules type; men taken are
/// shrunk away.
fn assert_table_matches_rules(app: &mut App) {
    let looks = app.world().resource::<HexLooks>().clone();
    let position = app
        .world()
        .resource::<HexchessPlayed>()
        .game
        .game()
        .position()
        .clone();
    let pieces = app.world().resource::<HexchessScene>().pieces.clone();
    let mut on_board = 0;
    for (cell, piece) in position.pieces() {
        on_board += 1;
        let entity = *pieces.get(&piece.id).expect("every man has an entity");
        let world = app.world();
        let transform = world.get::<Transform>(entity).expect("a transform");
        let (q, r) = cell.axial();
        assert!(
            transform.translation.distance(hex_center(q, r)) < 1e-4,
            "{piece:?} stands at {} instead of {cell}",
            transform.translation
        );
        assert_eq!(transform.scale, Vec3::ONE, "{piece:?} at full size");
        let look = looks.look(piece.color, piece.kind);
        assert_eq!(
            world.get::<Mesh3d>(entity).map(|m| m.0.clone()),
            Some(look.mesh),
            "{piece:?} on {cell} looks like its type"
        );
    }
    let mut men = app.world_mut().query::<(&HexPiece, &Transform)>();
    let visible = men
        .iter(app.world())
        .filter(|(_, t)| t.scale != Vec3::ZERO)
        .count();
    assert_eq!(
        visible, on_board,
        "exactly the men on the board are visible"
    );
}

#[test]
fn playback_ends_with_every_man_on_its_rules_cell_and_type() {
    let mut app = hex_app(PlayMode::HotSeat);
    assert_table_matches_rules(&mut app);
    // A pawn arrives renamed a queen; a pawn takes it and is renamed; a knight hops.
    for text in ["f5f6", "g7f6", "d1c3"] {
        play_text(&mut app, text);
        app.update();
        let stages = app.world().resource::<PlaybackQueue>().stage_count();
        assert_eq!(
            stages, 1,
            "{text}: in live play the renaming is part of the arrival, not a stage"
        );
        run_until_idle(&mut app);
        assert_table_matches_rules(&mut app);
    }
    let table = app.world().resource::<HexchessPlayed>();
    assert_eq!(table.game.game().history().len(), 3);
}

/// The entity of the man that made the last move.
fn last_mover(app: &mut App) -> Entity {
    let id = table(app).game.game().last().map(|r| r.piece).unwrap();
    scene(app).pieces[&id]
}

/// The mesh a white man of `kind` wears.
fn white_look(app: &App, kind: Kind) -> Handle<Mesh> {
    app.world()
        .resource::<HexLooks>()
        .look(lodestone::rules::hexchess::Color::White, kind)
        .mesh
}

fn mesh_of(app: &App, entity: Entity) -> Handle<Mesh> {
    app.world().get::<Mesh3d>(entity).unwrap().0.clone()
}

/// The kinds of the cues of each stage of the playback.
fn cue_kinds(app: &App) -> Vec<Vec<CueKind>> {
    let queue = app.world().resource::<PlaybackQueue>();
    (0..queue.stage_count())
        .map(|i| {
            queue
                .stage(i)
                .unwrap()
                .cues
                .iter()
                .map(|c| c.kind)
                .collect()
        })
        .collect()
}

/// Rings flashing under renamed men.
fn change_glows(app: &mut App) -> usize {
    app.world_mut()
        .query::<&lodestone::app::hexchess::stages::ChangeGlow>()
        .iter(app.world())
        .count()
}

fn freeze_at(app: &mut App, stage: usize, fraction: f32) {
    app.world_mut()
        .resource_mut::<PlaybackQueue>()
        .freeze_at(stage, fraction);
    app.update();
}

fn skip_playback(app: &mut App) {
    app.world_mut().resource_mut::<PlaybackQueue>().skip();
    app.update();
}

#[test]
fn live_v011_play_shows_a_renaming_only_as_the_new_look_on_arrival() {
    let mut app = hex_app(PlayMode::HotSeat);
    play_text(&mut app, "f5f6");
    app.update();
    let entity = last_mover(&mut app);
    // One stage: the move. No stage, ring or caption of its own for the renaming.
    assert_eq!(
        app.world()
            .resource::<PlaybackQueue>()
            .progress()
            .map(|p| p.1),
        Some(1),
        "the renaming has no stage of its own"
    );
    assert_eq!(change_glows(&mut app), 0, "no highlight entity");
    // Nothing announces the renaming: the move's own sound only.
    assert_eq!(
        cue_kinds(&app),
        vec![vec![CueKind::WoodMove]],
        "the live renaming adds no cue"
    );
    freeze_at(&mut app, 0, 0.5);
    assert_eq!(
        mesh_of(&app, entity),
        white_look(&app, Kind::Pawn),
        "a pawn while it moves"
    );
    skip_playback(&mut app);
    assert_eq!(
        mesh_of(&app, entity),
        white_look(&app, Kind::Queen),
        "a queen once it has arrived"
    );
}

#[test]
fn a_promotion_that_also_renames_shows_the_pawn_until_it_changes() {
    let mut app = hex_app(PlayMode::HotSeat);
    // The last move takes on d9, promotes to a queen and arrives renamed a rook.
    for text in ["f2b6", "k7k6", "b6e8", "b7b6"] {
        play_text(&mut app, text);
        run_until_idle(&mut app);
    }
    play_text(&mut app, "e8d9=Q");
    app.update();
    let entity = last_mover(&mut app);
    assert_eq!(
        app.world().resource::<PlaybackQueue>().stage_count(),
        3,
        "the move, the promotion (which the renaming joins), the check"
    );
    freeze_at(&mut app, 1, 0.3);
    assert_eq!(
        mesh_of(&app, entity),
        white_look(&app, Kind::Pawn),
        "a pawn early in the promotion"
    );
    skip_playback(&mut app);
    assert_eq!(
        mesh_of(&app, entity),
        white_look(&app, Kind::Rook),
        "a rook once it has arrived"
    );
}

#[test]
fn with_show_renaming_on_the_renaming_morphs_under_a_ring_halfway_through_its_stage() {
    let mut app = hex_app(PlayMode::HotSeat);
    app.insert_resource(lodestone::app::settings::Settings {
        show_renaming: true,
        ..Default::default()
    });
    app.update();
    play_text(&mut app, "f5f6");
    app.update();
    let entity = last_mover(&mut app);
    assert_eq!(change_glows(&mut app), 1, "the ring under the renamed man");
    // Shown, the renaming is heard too, in its own stage.
    assert_eq!(
        cue_kinds(&app),
        vec![vec![CueKind::WoodMove], vec![CueKind::Renaming]]
    );
    freeze_at(&mut app, 1, 0.3);
    assert_eq!(
        mesh_of(&app, entity),
        white_look(&app, Kind::Pawn),
        "still a pawn early in the change"
    );
    skip_playback(&mut app);
    assert_eq!(mesh_of(&app, entity), white_look(&app, Kind::Queen));
}

/// A session whose side to move has exactly one legal move, found by seeded random play.
fn forced_session() -> GameSession {
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..500 {
        let mut session = GameSession::new(Ruleset::V011);
        for _ in 0..300 {
            if session.game().outcome().is_some() {
                break;
            }
            if session.forced_move().is_some() {
                return session;
            }
            let legal = session.game().legal_moves();
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = legal[(seed >> 33) as usize % legal.len()];
            session.play(mv).expect("a legal move plays");
        }
    }
    panic!("no forced position found");
}

fn frames_until_a_move(app: &mut App, plies: usize) -> usize {
    for frame in 1..200 {
        app.update();
        if table(app).game.game().history().len() != plies {
            return frame;
        }
    }
    panic!("the forced move never played");
}

#[test]
fn forced_moves_wait_the_sessions_delay_also_after_undo() {
    let mut app = hex_app(PlayMode::HotSeat);
    let session = forced_session();
    let (_, delay) = session.forced_move().unwrap();
    assert_eq!(delay, Duration::from_millis(800));
    let plies = session.game().history().len();
    {
        let world = app.world_mut();
        world.resource_scope(|world, mut played: Mut<HexchessPlayed>| {
            let mut scene = world.resource_mut::<HexchessScene>();
            lodestone::app::hexchess::replace_session(&mut played, &mut scene, session);
        });
    }
    let frames = frames_until_a_move(&mut app, plies);
    let expected = (delay.as_secs_f32() / FRAME.as_secs_f32()).round() as usize;
    assert!(
        frames.abs_diff(expected) <= 1,
        "played after {frames} frames, expected {expected}"
    );
    assert_eq!(table(&mut app).game.forced_count(), 1);
    // Undo brings the forced position back; it plays itself again, 50 ms sooner.
    send(&mut app, TableInput::Undo);
    app.update();
    assert_eq!(table(&mut app).game.game().history().len(), plies);
    let (_, delay) = table(&mut app).game.forced_move().unwrap();
    assert_eq!(delay, Duration::from_millis(750));
    let frames = frames_until_a_move(&mut app, plies);
    let expected = (delay.as_secs_f32() / FRAME.as_secs_f32()).round() as usize;
    assert!(
        frames.abs_diff(expected) <= 1,
        "after undo: {frames} frames, expected {expected}"
    );
    assert_eq!(table(&mut app).game.forced_count(), 2);
}

fn entries(app: &mut App) -> Vec<(usize, bool, bool, String)> {
    let mut query = app
        .world_mut()
        .query::<(&MoveEntry, &Text, Option<&Strikethrough>)>();
    let mut found: Vec<_> = query
        .iter(app.world())
        .map(|(e, t, s)| (e.index, e.struck, s.is_some(), t.0.clone()))
        .collect();
    found.sort_by_key(|e| e.0);
    found
}

#[test]
fn an_edit_strikes_through_the_entries_it_cannot_replay() {
    let mut app = hex_app(PlayMode::HotSeat);
    for text in ["f5f6", "g7f6", "d1c3"] {
        play_text(&mut app, text);
        app.update();
        run_until_idle(&mut app);
    }
    let shown = entries(&mut app);
    assert_eq!(
        shown
            .iter()
            .filter(|e| !e.1)
            .map(|e| e.3.as_str())
            .collect::<Vec<_>>(),
        ["f6", "gxf6", "Nc3", "..."]
    );
    // The first move becomes the knight's: "gxf6" then has nothing to take.
    send(&mut app, TableInput::Game(Control::BeginEdit(0)));
    app.update();
    assert_eq!(scene(&mut app).editing, Some(0));
    assert_eq!(scene(&mut app).edit_buffer, "f6");
    send(
        &mut app,
        TableInput::Game(Control::Edit(0, "Nc3".to_string())),
    );
    app.update();
    app.update();
    let session = &table(&mut app).game;
    let (reached, struck) = session.entries();
    assert_eq!(reached, ["Nc3"]);
    assert_eq!(struck, ["gxf6", "Nc3"]);
    assert!(session.is_edited());
    let shown = entries(&mut app);
    let struck_shown: Vec<usize> = shown.iter().filter(|e| e.1).map(|e| e.0).collect();
    assert_eq!(struck_shown, [1, 2], "{shown:?}");
    assert!(
        shown.iter().all(|e| e.1 == e.2),
        "struck entries are drawn struck through: {shown:?}"
    );
    assert!(
        shown.iter().filter(|e| e.1).all(|e| e.3.starts_with('~')),
        "{shown:?}"
    );
    // The board shows the position reached: one move, the knight not renamed.
    assert_table_matches_rules(&mut app);
    assert!(
        super::headless::note(&app)
            .as_deref()
            .is_some_and(|m| m.contains("entry 2"))
    );
}
