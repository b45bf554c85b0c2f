//! The last move stays marked until the next (#27, point 2): its cells tinted once its
//! playback has ended, no mark while a move plays, the marks following each new move; in
//! every game (in Wave Field a tuning leaves the move marked). Its origin is framed at the
//! corners, its destination whole (#45).

use bevy::prelude::*;
use lodestone::app::PlayMode;
use lodestone::app::playback::PlaybackQueue;
use lodestone::app::table::{LastMoveMark, Played, TableGame, TableInput};
use lodestone::rules::{GameId, Rules};

/// The marks' cells on the board plane (x, z), sorted.
fn marks(app: &mut App) -> Vec<(i32, i32)> {
    let mut cells: Vec<(i32, i32)> = app
        .world_mut()
        .query_filtered::<&Transform, With<LastMoveMark>>()
        .iter(app.world())
        .map(|t| {
            let p = t.translation;
            // Square cells of one unit: a centre is on a half or whole unit.
            ((p.x * 2.0).round() as i32, (p.z * 2.0).round() as i32)
        })
        .collect();
    cells.sort();
    cells
}

/// Each mark's end and its mesh, at its cell on the plane.
fn ends(app: &mut App) -> Vec<(LastMoveMark, AssetId<Mesh>, (i32, i32))> {
    let mut ends: Vec<_> = app
        .world_mut()
        .query::<(&LastMoveMark, &Mesh3d, &Transform)>()
        .iter(app.world())
        .map(|(end, mesh, t)| {
            let p = t.translation;
            (
                *end,
                mesh.id(),
                ((p.x * 2.0).round() as i32, (p.z * 2.0).round() as i32),
            )
        })
        .collect();
    ends.sort_by_key(|(end, _, at)| (*end == LastMoveMark::To, *at));
    ends
}

fn on_plane(points: impl IntoIterator<Item = Vec3>) -> Vec<(i32, i32)> {
    let mut cells: Vec<(i32, i32)> = points
        .into_iter()
        .map(|p| ((p.x * 2.0).round() as i32, (p.z * 2.0).round() as i32))
        .collect();
    cells.sort();
    cells
}

/// Plays `text` through `G`'s table; checks no mark shows while it plays, and returns the
/// marks once the playback has ended.
fn play<G: TableGame>(app: &mut App, text: &str) -> Vec<(i32, i32)> {
    let action = {
        let table = app.world().resource::<Played<G>>();
        table
            .game
            .rules()
            .parse_action(text)
            .unwrap_or_else(|e| panic!("{text} is legal here: {e:?}"))
    };
    app.world_mut().write_message(TableInput::<G>::Play(action));
    app.update();
    app.update();
    let playing = !app.world().resource::<PlaybackQueue>().is_idle();
    // Every move plays back (a tuning may only flow the surface).
    assert!(playing || text.starts_with("tune"), "{text} plays back");
    if playing {
        assert_eq!(marks(app), vec![], "no mark while {text} plays");
    }
    for _ in 0..2000 {
        app.update();
        if app.world().resource::<PlaybackQueue>().is_idle() {
            break;
        }
    }
    app.update();
    app.update();
    marks(app)
}

#[test]
fn vectress_marks_the_last_moves_two_cells() {
    use lodestone::app::vectress::{BOARD, Vectress};
    use lodestone::rules::vectress::Cell;
    let at = |name: &str| {
        let c = Cell::parse(name).unwrap();
        BOARD.center(c.x() as i32, c.y() as i32)
    };
    let mut app = super::headless::game_app(GameId::Vectress, PlayMode::HotSeat);
    assert_eq!(
        marks(&mut app),
        vec![],
        "nothing marked before the first move"
    );
    assert_eq!(
        play::<Vectress>(&mut app, "B2-D4"),
        on_plane([at("B2"), at("D4")])
    );
    // #45: where it came from and where it went differ by shape (corners, whole frame).
    let ends = ends(&mut app);
    assert_eq!(
        ends.iter()
            .map(|(end, _, at)| (*end, *at))
            .collect::<Vec<_>>(),
        vec![
            (LastMoveMark::From, on_plane([at("B2")])[0]),
            (LastMoveMark::To, on_plane([at("D4")])[0])
        ]
    );
    assert_ne!(ends[0].1, ends[1].1, "two shapes, not one shape twice");
    assert_eq!(
        play::<Vectress>(&mut app, "E7-C5"),
        on_plane([at("E7"), at("C5")]),
        "the marks follow the new move"
    );
    // Undone, the move before is marked again.
    app.world_mut().write_message(TableInput::<Vectress>::Undo);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(marks(&mut app), on_plane([at("B2"), at("D4")]));
}

#[test]
fn wavefield_keeps_the_move_marked_through_a_tuning() {
    use lodestone::app::wavefield::Wavefield;
    use lodestone::app::wavefield::pieces::cell_point;
    use lodestone::rules::wavefield::{Action, Cell};
    let mut app = super::headless::game_app(GameId::Wavefield, PlayMode::HotSeat);
    // The first legal move of the side to move.
    let (from, to) = app
        .world()
        .resource::<Played<Wavefield>>()
        .game
        .rules()
        .legal_actions()
        .into_iter()
        .find_map(|a| match a {
            Action::Move(mv) => Some((mv.from, mv.to)),
            _ => None,
        })
        .expect("a move at the start");
    let cells = |cells: [Cell; 2]| on_plane(cells.map(|c| cell_point(c, 0.0)));
    let text = format!("{from}-{to}");
    assert_eq!(play::<Wavefield>(&mut app, &text), cells([from, to]));
    assert_eq!(
        play::<Wavefield>(&mut app, "tune R+T-A-B-"),
        cells([from, to]),
        "a tuning is no move: the last move stays marked"
    );
}

#[test]
fn polarity_marks_where_the_last_stone_went() {
    use lodestone::app::polarity::Polarity;
    use lodestone::app::polarity::layout::cell_point;
    use lodestone::rules::polarity::Action;
    let mut app = super::headless::game_app(GameId::Polarity, PlayMode::HotSeat);
    for text in ["d6", "d2"] {
        let cell = text.parse::<Action>().unwrap().cell;
        assert_eq!(
            play::<Polarity>(&mut app, text),
            on_plane([cell_point(cell)])
        );
        let ends: Vec<LastMoveMark> = ends(&mut app).into_iter().map(|e| e.0).collect();
        assert_eq!(ends, vec![LastMoveMark::To], "a placement has no origin");
    }
}

#[test]
fn hexchess_frames_the_last_moves_two_hexes() {
    use lodestone::app::hexchess::Hexchess;
    use lodestone::app::hexchess::pieces::rest_transform;
    use lodestone::rules::hexchess::Cell;
    let mut app = super::headless::game_app(GameId::Hexchess, PlayMode::HotSeat);
    play::<Hexchess>(&mut app, "b1b2");
    let mut points: Vec<Vec3> = app
        .world_mut()
        .query_filtered::<&Transform, With<LastMoveMark>>()
        .iter(app.world())
        .map(|t| t.translation)
        .collect();
    points.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.z.total_cmp(&b.z)));
    let mut wanted: Vec<Vec3> = ["b1", "b2"]
        .map(|c| rest_transform(Cell::parse(c).unwrap()).translation)
        .to_vec();
    wanted.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.z.total_cmp(&b.z)));
    assert_eq!(points.len(), 2, "b1 and b2 are framed: {points:?}");
    for (p, w) in points.iter().zip(&wanted) {
        assert!(
            (p.xz() - w.xz()).length() < 1e-4,
            "a frame on each hex: {p} vs {w}"
        );
    }
}
