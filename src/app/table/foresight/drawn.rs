//! The threat, the hint and the viewer's best turns on the board: each an arrow from the
//! turn's piece to where it goes, its ghost outcome and its line at the arrow's tip (the
//! viewer's three best as arrows only, of falling weight). Redrawn when what is known or
//! asked changes.

use bevy::prelude::*;

use super::insight::Insight;
use super::{Drawn, Foreseen, ForesightShown, Mark, MarkWhat, SightKind, kind_colour, spawn_mark};
use crate::app::table::{ActionOf, Played, TableGame, TableSystems, Viewing};
use crate::rules::Rules;
use crate::rules::analysis::Assessed;

/// Drawing the sights, after the study's answer is taken in.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DrawSights;

/// What is drawn now, and for what.
#[derive(Resource)]
struct SightsShown<G: TableGame> {
    key: Option<SightsKey<G>>,
    drawn: Drawn,
}

#[derive(Clone)]
struct SightsKey<G: TableGame> {
    changes: u64,
    threat: Option<Vec<ActionOf<G>>>,
    hint: Option<Vec<ActionOf<G>>>,
    best: Vec<Vec<ActionOf<G>>>,
}

// By hand: a derive would ask `G` itself to be comparable.
impl<G: TableGame> PartialEq for SightsKey<G> {
    fn eq(&self, other: &Self) -> bool {
        (self.changes, &self.threat, &self.hint, &self.best)
            == (other.changes, &other.threat, &other.hint, &other.best)
    }
}

impl<G: TableGame> Default for SightsShown<G> {
    fn default() -> Self {
        SightsShown {
            key: None,
            drawn: Drawn::default(),
        }
    }
}

/// The arrows' meshes and one material per kind (and per weight of the best).
#[derive(Resource)]
struct ArrowLooks {
    shaft: Handle<Mesh>,
    head: Handle<Mesh>,
    threat: Handle<StandardMaterial>,
    hint: Handle<StandardMaterial>,
    best: [Handle<StandardMaterial>; 3],
}

/// How high over the board the arrows fly, and how thick the best one is.
const ARROW_LIFT: f32 = 0.5;
const ARROW_WIDTH: f32 = 0.11;

pub(super) fn plugin<G: TableGame>(app: &mut App) {
    app.init_resource::<SightsShown<G>>().add_systems(
        Update,
        draw_sights::<G>
            .in_set(TableSystems::Show)
            .in_set(DrawSights)
            .run_if(resource_exists::<Played<G>>),
    );
}

pub(super) fn configure(app: &mut App) {
    app.add_systems(Startup, make_arrow_looks);
}

fn make_arrow_looks(
    mut commands: Commands,
    meshes: Option<ResMut<Assets<Mesh>>>,
    materials: Option<ResMut<Assets<StandardMaterial>>>,
) {
    let (Some(mut meshes), Some(mut materials)) = (meshes, materials) else {
        return;
    };
    let mut material = |colour: Color, alpha: f32| {
        materials.add(StandardMaterial {
            base_color: colour.with_alpha(alpha),
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        })
    };
    let best = kind_colour(SightKind::Best(0));
    commands.insert_resource(ArrowLooks {
        shaft: meshes.add(Cuboid::new(1.0, 0.02, 1.0)),
        head: meshes.add(Cone::new(0.5, 1.0)),
        threat: material(kind_colour(SightKind::Threat), 0.85),
        hint: material(kind_colour(SightKind::Hint), 0.85),
        best: [
            material(best, 0.9),
            material(best, 0.6),
            material(best, 0.38),
        ],
    });
}

/// Redraws the threat, the hint and the best turns when they or the position change.
fn draw_sights<G: TableGame>(
    mut commands: Commands,
    played: Res<Played<G>>,
    looks: Res<G::Looks>,
    arrows: Option<Res<ArrowLooks>>,
    insight: Res<Insight<G>>,
    shown: Res<ForesightShown>,
    viewing: Res<Viewing>,
    mut sights: ResMut<SightsShown<G>>,
) {
    let changes = played.changes;
    let known = insight.known(changes);
    let turn = |a: &Assessed<ActionOf<G>>| a.turn.clone();
    let threat = shown
        .threat
        .then(|| known.and_then(|k| k.threat.clone().flatten()))
        .flatten();
    let best = known.and_then(|k| k.best.clone()).unwrap_or_default();
    let hint = (insight.hint_asked == Some(changes) && viewing.0.is_none())
        .then(|| best.first().map(turn))
        .flatten();
    let key = SightsKey::<G> {
        changes,
        threat: threat.as_ref().map(turn),
        hint,
        best: if viewing.0.is_some() {
            best.iter().take(3).map(turn).collect()
        } else {
            Vec::new()
        },
    };
    if sights.key.as_ref() == Some(&key) {
        return;
    }
    let sights = &mut *sights;
    sights.drawn.clear(&mut commands);
    let game = played.game.rules();
    let mut entities = Vec::new();
    if let (Some(turn), Some(passed)) = (&key.threat, game.passed()) {
        entities.extend(sight::<G>(
            &mut commands,
            &looks,
            arrows.as_deref(),
            SightKind::Threat,
            &passed,
            turn,
        ));
    }
    if let Some(turn) = &key.hint {
        entities.extend(sight::<G>(
            &mut commands,
            &looks,
            arrows.as_deref(),
            SightKind::Hint,
            game,
            turn,
        ));
    }
    for (rank, turn) in key.best.iter().enumerate() {
        entities.extend(best_arrow::<G>(
            &mut commands,
            arrows.as_deref(),
            rank,
            game,
            turn,
        ));
    }
    sights.drawn.entities = entities;
    sights.key = Some(key);
}

/// A threat or a hint: its ghost outcome, its arrow and its line at the arrow's tip.
fn sight<G: TableGame>(
    commands: &mut Commands,
    looks: &G::Looks,
    arrows: Option<&ArrowLooks>,
    kind: SightKind,
    before: &G::Rules,
    turn: &[ActionOf<G>],
) -> Vec<Entity> {
    let Ok(seen) = Foreseen::<G>::play(kind, before, turn) else {
        return Vec::new();
    };
    let sight = G::foresee(commands, looks, &seen);
    let mut entities = sight.entities;
    for mark in &sight.marks {
        entities.push(spawn_mark(commands, kind, mark));
    }
    let towards = G::turn_arrow(before, turn);
    let tip = towards.map(|(_, to)| to);
    if let (Some((from, to)), Some(arrows)) = (towards, arrows) {
        let material = match kind {
            SightKind::Threat => arrows.threat.clone(),
            _ => arrows.hint.clone(),
        };
        entities.extend(arrow(commands, arrows, material, from, to, ARROW_WIDTH));
    }
    let written = turn
        .iter()
        .map(|a| before.write_action(*a))
        .collect::<Vec<_>>()
        .join(" ");
    let words = match kind {
        SightKind::Threat => format!("threat {written}: {}", sight.line),
        _ => format!("hint {written}: {}", sight.line),
    };
    let at = tip
        .or(sight.marks.first().map(|m| m.at))
        .unwrap_or(Vec3::ZERO);
    let line = Mark {
        at: at + Vec3::Y * super::line_lift(kind),
        text: words,
        what: MarkWhat::Line,
    };
    entities.push(spawn_mark(commands, kind, &line));
    entities
}

/// One of the viewer's best turns: an arrow, thinner and fainter by rank, and its rank.
fn best_arrow<G: TableGame>(
    commands: &mut Commands,
    arrows: Option<&ArrowLooks>,
    rank: usize,
    before: &G::Rules,
    turn: &[ActionOf<G>],
) -> Vec<Entity> {
    let kind = SightKind::Best(rank as u8);
    // Only the arrow: the ghosts of three turns at once would hide the board.
    let Some((from, to)) = G::turn_arrow(before, turn) else {
        return Vec::new();
    };
    let mut entities = Vec::new();
    if let Some(arrows) = arrows {
        let material = arrows.best[rank.min(2)].clone();
        let width = ARROW_WIDTH * [1.0, 0.7, 0.5][rank.min(2)];
        entities.extend(arrow(commands, arrows, material, from, to, width));
    }
    let written = turn
        .iter()
        .map(|a| before.write_action(*a))
        .collect::<Vec<_>>()
        .join(" ");
    let mark = Mark {
        at: to + Vec3::Y * (ARROW_LIFT + 0.3),
        text: format!("{} {written}", rank + 1),
        what: MarkWhat::Line,
    };
    entities.push(spawn_mark(commands, kind, &mark));
    entities
}

/// A flat shaft and a cone from `from` to `to`, over the board.
fn arrow(
    commands: &mut Commands,
    looks: &ArrowLooks,
    material: Handle<StandardMaterial>,
    from: Vec3,
    to: Vec3,
    width: f32,
) -> [Entity; 2] {
    let lift = Vec3::Y * ARROW_LIFT;
    let (a, b) = (from + lift, to + lift);
    let run = b - a;
    let length = run.length().max(0.01);
    let dir = run / length;
    let head = (width * 3.0).min(length * 0.5);
    let shaft_end = b - dir * head;
    let shaft_length = (shaft_end - a).length();
    let flat = Vec2::new(dir.x, dir.z);
    let turn = Quat::from_rotation_y(-flat.y.atan2(flat.x));
    let shaft = super::spawn_part(
        commands,
        "Arrow shaft",
        looks.shaft.clone(),
        material.clone(),
        Transform::from_translation((a + shaft_end) / 2.0)
            .with_rotation(turn)
            .with_scale(Vec3::new(shaft_length, 1.0, width)),
    );
    let tip = super::spawn_part(
        commands,
        "Arrow head",
        looks.head.clone(),
        material,
        Transform::from_translation(shaft_end + dir * head / 2.0)
            .with_rotation(Quat::from_rotation_arc(Vec3::Y, dir))
            .with_scale(Vec3::new(width * 2.6, head, width * 2.6)),
    );
    [shaft, tip]
}
