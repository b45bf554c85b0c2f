//! Wave Field on the shared table: setting the surface and the pieces out, tidying before an action's playback, and the
//! selection with its W10 markers.

use super::*;
use crate::app::boards::{BoardLook, BoardShape, Finish, SquareBoard};
use crate::app::camera::Seat;
use crate::app::playback::CueReached;
use crate::app::table::{MoveMarks, RulesPage};
use crate::showcase::Showcase;
use crate::sound::{Cue, CueKind};

fn spawn_pieces(
    commands: &mut Commands,
    looks: &Looks,
    played: &WavefieldPlayed,
    scene: &mut WavefieldScene,
) {
    let field = scene.anim.current();
    let position = played.game.position().clone();
    for piece in position.pieces().iter().filter(|p| p.alive) {
        let view = PieceView {
            id: piece.id,
            kind: piece.kind,
            owner: piece.owner,
        };
        let (entity, ring) = spawn_piece(commands, looks, view, rest_transform(piece.cell, &field));
        commands
            .entity(entity)
            .observe(on_pick)
            .observe(on_piece_drag_start)
            .observe(on_piece_drag)
            .observe(on_piece_drag_end)
            .observe(on_piece_cancel);
        scene.pieces.insert(piece.id, (entity, ring));
    }
}

impl TableGame for Wavefield {
    const RULES_PAGE: RulesPage = RulesPage {
        text: include_str!("../../../assets/rules/wavefield.md"),
        stills: &[
            (
                "wavefield-cmyk.png",
                include_bytes!("../../../assets/stills/wavefield-cmyk.png"),
            ),
            (
                "wavefield-removal-round.png",
                include_bytes!("../../../assets/stills/wavefield-removal-round.png"),
            ),
            (
                "wavefield-territory.png",
                include_bytes!("../../../assets/stills/wavefield-territory.png"),
            ),
        ],
    };
    // A near-black stage for the energy surface.
    const BOARD: BoardLook = BoardLook {
        shape: BoardShape::Square {
            board: SquareBoard { cols: 7, rows: 7 },
            lower_case_files: false,
        },
        finish: Finish {
            tones: &[Color::srgb(0.30, 0.31, 0.34), Color::srgb(0.25, 0.26, 0.29)],
            roughness: 0.6,
            grain: false,
            frame: Color::srgb(0.07, 0.07, 0.08),
        },
    };
    // Two removal rounds take five pieces (every Blue piece but the Big Hat).
    const HEAVIEST: (&'static [&'static str], &'static str) = (
        &["tune R+T-A-B-", "D6-D3", "D2-E3", "tune R+T+A+B-"],
        "D7-D6",
    );
    type Rules = Game;
    type Core = Game;
    type Looks = Looks;
    type Scene = WavefieldScene;
    type Control = Control;
    const FRAMED_FOR_RIGHT_PANEL: bool = true;

    fn cell_name(cell: &crate::app::boards::BoardCell) -> Option<String> {
        super::pieces::board_cell(cell.x, cell.y).map(|c| c.to_string())
    }
    const SEED: u64 = 0x0057_A7E5;
    const MOVE_LIST: Option<crate::app::ui::MoveListAnchor> = status::MOVE_LIST;
    /// The list sits under the tall tuning panel, with no room below: the review's part
    /// hangs in the left column, under the status.
    const REVIEW_PLACE: crate::app::table::review_panel::ReviewPlace =
        crate::app::table::review_panel::ReviewPlace::Column(crate::app::ui::MoveListAnchor::Left);
    const MOVE_ROWS: usize = 7;
    const SIDE_LOOKS: [crate::app::table::score::SideLook; 2] = status::SIDE_LOOKS;
    const TRAY: crate::app::table::score::TrayKind = status::TRAY;
    /// Red sits nearest the home view, as in the document's diagram (Blue at the top);
    /// the aim leaves room for the panel on the right, the board above the captions.
    const SEAT: Seat = Seat {
        aim: Vec3::new(1.4, 0.0, AIM_Z),
        home: (0.0, 0.92, 11.5),
        near_side: 1,
    };
    /// The computer's tuning shows on the surface before its move.
    const COMPUTER_PAUSE: f32 = 0.6;
    const OWN_H: bool = true;

    fn make_looks(meshes: &mut Assets<Mesh>, materials: &mut Assets<StandardMaterial>) -> Looks {
        Looks::new(meshes, materials)
    }

    fn spawn(
        commands: &mut Commands,
        looks: &Looks,
        played: &WavefieldPlayed,
        scene: &mut WavefieldScene,
    ) {
        spawn_pieces(commands, looks, played, scene);
    }

    fn observe_cell(cell: &mut EntityCommands) {
        cell.observe(on_pick);
    }

    fn forget_entities(scene: &mut WavefieldScene) {
        scene.pieces.clear();
        scene.markers.clear();
        scene.selected = None;
        scene.preview = None;
        scene.hovered = None;
        scene.stage_fields.clear();
        scene.drag = None;
        scene.dropped = None;
    }

    fn stages(
        commands: &mut Commands,
        looks: &Looks,
        table: &mut WavefieldScene,
        played: &WavefieldPlayed,
        game_before: &Game,
        resolution: &Resolution,
        _viewing: bool,
    ) -> Vec<Stage> {
        // What the previous playback left behind goes now (it was kept for replay); a
        // move's stages carry the field through each removal round.
        let before = game_before.position();
        let dropped = table.dropped.take();
        let shown = table.anim.current();
        clear_selection(commands, table);
        table.pieces.retain(|id, (entity, _)| {
            let alive = before.piece(*id).alive;
            if !alive {
                commands.entity(*entity).despawn();
            }
            alive
        });
        let entities: HashMap<PieceId, Entity> =
            table.pieces.iter().map(|(id, (e, _))| (*id, *e)).collect();
        let mut out = Vec::new();
        if let Some((stages, fields)) =
            stages_for(commands, looks, &entities, before, &resolution.event)
        {
            table.anim = FieldAnim::settled(fields[fields.len() - 1]);
            table.stage_fields = fields;
            out = Stage::captioned(
                stages,
                Game::captions(game_before, resolution),
                Game::short_captions(game_before, resolution),
            );
        }
        // A dropped piece moves on from where it was let go, and the surface and the
        // pieces riding it from the preview it showed, so nothing jumps back first (a
        // replay of this move starts there too).
        if let (Some((id, at)), Event::Moved { piece, .. }) = (dropped, &resolution.event)
            && id == *piece
            && let Some(first) = out.first_mut()
        {
            for (id, (entity, _)) in &table.pieces {
                if let Some(tween) = first.tweens.iter_mut().find(|t| t.entity == *entity) {
                    tween.from = if id == piece {
                        at
                    } else {
                        rest_transform(before.piece(*id).cell, &shown)
                    };
                }
            }
            if let Some(field) = table.stage_fields.first_mut() {
                *field = shown;
            }
        }
        if let Event::Tuned { .. } = &resolution.event {
            // A press has no playback of its own: it sounds at once.
            let kind = if matches!(resolution.action, Action::Dice) {
                CueKind::Dice
            } else {
                CueKind::Tune
            };
            commands.write_message(CueReached {
                cue: Cue::new(kind, 0.0),
                offset: 0.0,
            });
        }
        if let Event::Tuned {
            hint: Some(rescue), ..
        } = &resolution.event
        {
            // W9: the hint selects the rescuing piece.
            select(commands, looks, played, table, rescue.mv.from);
        }
        out
    }

    fn hovered(played: &WavefieldPlayed, scene: &WavefieldScene) -> Option<Vec<Action>> {
        super::foresight::hovered(played, scene)
    }

    fn foresee(
        commands: &mut Commands,
        looks: &Looks,
        seen: &crate::app::table::foresight::Foreseen<Wavefield>,
    ) -> crate::app::table::foresight::Sight {
        super::foresight::foresee(commands, looks, seen)
    }

    fn turn_arrow(before: &Game, turn: &[Action]) -> Option<(Vec3, Vec3)> {
        super::foresight::turn_arrow(before, turn)
    }

    fn left_column_taken(scene: &WavefieldScene) -> bool {
        scene.dev
    }

    fn hover_note(scene: &WavefieldScene) -> Option<&str> {
        scene.hover.as_deref()
    }

    /// The last move's two squares (a tuning between turns leaves it marked), on the
    /// energy surface as it stands there.
    fn last_move_marks(played: &WavefieldPlayed, _scene: &WavefieldScene) -> Option<MoveMarks> {
        use crate::rules::wavefield::Action;
        let mv = played.game.actions().iter().rev().find_map(|a| match a {
            Action::Move(mv) => Some(*mv),
            _ => None,
        })?;
        let field = field(played);
        // The surface bends between squares toward its neighbours': a mark as high as
        // the highest of them stays above it all round.
        let top = |c: Cell| {
            (-1..=1)
                .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
                .filter_map(|(dx, dy)| Cell::new(c.x() + dx, c.y() + dy))
                .map(|n| surface::lift(field[n.index()]))
                .fold(f32::MIN, f32::max)
        };
        let at = |c: Cell| pieces::cell_point(c, top(c) + 0.01);
        Some(MoveMarks {
            from: Some(at(mv.from)),
            to: at(mv.to),
        })
    }

    fn headline(played: &WavefieldPlayed, scene: &WavefieldScene) -> String {
        let key = (
            played.changes,
            crate::rules::Rules::ply(played.game.rules()),
        );
        let Ok(mut cached) = scene.headline.lock() else {
            return played.game.status();
        };
        match cached.as_ref() {
            Some((k, text)) if *k == key => text.clone(),
            _ => {
                let text = played.game.status();
                *cached = Some((key, text.clone()));
                text
            }
        }
    }

    fn trays(played: &WavefieldPlayed) -> [Vec<crate::app::table::score::Token>; 2] {
        status::trays(played)
    }

    fn status_tail(_played: &WavefieldPlayed, scene: &WavefieldScene) -> String {
        status::tail(scene)
    }

    fn keys(
        _played: &WavefieldPlayed,
        scene: &WavefieldScene,
        keymap: &crate::app::keymap::Keymap,
    ) -> Vec<(String, String)> {
        status::keys(scene, keymap)
    }

    /// The hint's piece selected with its markers (under the tuning in force: a hint
    /// that tunes first says so in words).
    fn show_hint(
        commands: &mut Commands,
        looks: &Looks,
        played: &WavefieldPlayed,
        scene: &mut WavefieldScene,
        action: Action,
    ) {
        if let Action::Move(m) = action {
            select(commands, looks, played, scene, m.from);
        }
    }

    /// A demo varies its play; an empty plan resigns.
    fn think(
        game: &Game,
        level: crate::rules::Level,
        demo: bool,
        rng: &mut GameRng,
        stop: &crate::rules::Stop,
    ) -> Vec<Action> {
        let config = if demo {
            AiConfig {
                variety: 20,
                ..AiConfig::strong()
            }
        } else {
            AiConfig::at(level)
        };
        let actions = choose(game, &config, rng, stop);
        if actions.is_empty() {
            vec![Action::Resign]
        } else {
            actions
        }
    }

    /// A new game keeps the definitions in force (W11).
    fn new_match(played: &WavefieldPlayed, _seed: u64) -> Match<Game> {
        let mut game = played.game.rules().clone();
        game.restart();
        super::controls::restarted(played, game)
    }

    /// A game on edited definitions cannot be replayed from its setup.
    fn savable(played: &WavefieldPlayed) -> bool {
        played.game.definitions() == &crate::rules::wavefield::definitions::Definitions::default()
    }

    fn core(rules: &Game) -> &Game {
        rules
    }

    fn from_core(core: Game) -> Game {
        core
    }

    /// The energy surface, its sides and the tuning panel.
    fn on_enter(world: &mut World) {
        let _ = world.run_system_cached(super::set_out::set_out_surface);
    }
}

/// How far toward the near side the camera aims, so the board sits above the captions.
pub(super) const AIM_Z: f32 = 0.6;

pub(super) fn clear_selection(commands: &mut Commands, table: &mut WavefieldScene) {
    for marker in table.markers.drain(..) {
        commands.entity(marker).despawn();
    }
    table.selected = None;
    table.preview = None;
    table.hovered = None;
}

/// Selects the piece on `cell` and lays out its W10 markers.
pub(super) fn select(
    commands: &mut Commands,
    looks: &Looks,
    played: &WavefieldPlayed,
    table: &mut WavefieldScene,
    cell: Cell,
) {
    clear_selection(commands, table);
    let Some(piece) = played.game.position().piece_at(cell).copied() else {
        return;
    };
    table.selected = Some(piece.id);
    let field = field(played);
    let y = surface::lift(field[cell.index()]);
    let selection = spawn_selection(commands, looks, cell, y);
    table.markers.push(selection);
    for marker in played.game.markers(cell) {
        let target = Target {
            to: marker.to,
            kind: marker.kind,
            own_losses: marker.own_losses,
        };
        let y = surface::lift(field[marker.to.index()]);
        for entity in spawn_marker(commands, looks, target, y) {
            commands
                .entity(entity)
                .observe(on_pick)
                .observe(on_target_over)
                .observe(on_target_out);
            table.markers.push(entity);
        }
    }
}
