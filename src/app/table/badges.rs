//! The board says what a stage does: small badges at the acting pieces while the stage
//! plays (the game's own, such as a Vectress wave's number and push direction or a bond,
//! and a cross on a piece taken), a faint trail from where each moved piece came, and a
//! cross where a piece went over the edge. Trails and crosses stay until the playback
//! ends; then the last move's marks take over. Badges sit under every panel.

use bevy::prelude::*;

use crate::app::Screen;
use crate::app::boards::BoardLabel;
use crate::app::playback::{BadgeTone, Motion, PlaybackQueue, PlaybackSystems, Stage};
use crate::app::ui::LayoutChecked;

pub fn plugin(app: &mut App) {
    app.init_resource::<Shown>()
        .add_systems(Update, draw_badges.after(PlaybackSystems))
        .add_systems(
            PostUpdate,
            follow_pieces.after(bevy::transform::TransformSystems::Propagate),
        )
        .add_systems(OnExit(Screen::Playing), forget);
}

/// A badge on screen; it follows `follows` (else stays at its board point).
#[derive(Component, Clone, Copy, Debug)]
pub struct StageBadge {
    pub follows: Option<Entity>,
}

/// A faint strip on the board from where a piece came to where it went.
#[derive(Component)]
pub struct Trail;

/// What is drawn for the playback now: the stage the badges are for, and every entity.
#[derive(Resource, Default)]
struct Shown {
    stage: Option<(usize, usize)>,
    badges: Vec<Entity>,
    /// Trails and edge crosses: they stay until the playback ends.
    marks: Vec<Entity>,
    looks: Option<(Handle<Mesh>, Handle<StandardMaterial>)>,
}

/// How high over a piece's foot its badge floats.
const BADGE_LIFT: f32 = 0.9;

/// Moves shorter than this leave no trail (a piece that settles in place).
const TRAIL_MIN: f32 = 0.3;

fn tone_colour(tone: BadgeTone) -> Color {
    match tone {
        BadgeTone::Push => Color::srgb(1.0, 0.78, 0.35),
        BadgeTone::Bond => Color::srgb(0.5, 0.85, 1.0),
        BadgeTone::Loss => Color::srgb(1.0, 0.42, 0.36),
    }
}

/// A word on the board at `world`, under every panel, named `name` in the layout report:
/// the stages' badges and the foresight's marks alike.
pub fn board_word(world: Vec3, name: &'static str, text: String, colour: Color) -> impl Bundle {
    (
        BoardLabel { world },
        LayoutChecked(name),
        DespawnOnExit(Screen::Playing),
        // Under every panel: a word on the board never draws over the HUD.
        GlobalZIndex(-1),
        Pickable::IGNORE,
        Node {
            position_type: PositionType::Absolute,
            padding: UiRect::axes(px(5), px(1)),
            border_radius: BorderRadius::all(px(8)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.05, 0.05, 0.07, 0.78)),
        Text::new(text),
        TextFont::from_font_size(13.0),
        TextColor(colour),
    )
}

fn badge(
    commands: &mut Commands,
    name: &'static str,
    text: String,
    tone: BadgeTone,
    world: Vec3,
    follows: Option<Entity>,
) -> Entity {
    commands
        .spawn((
            StageBadge { follows },
            board_word(world, name, text, tone_colour(tone)),
        ))
        .id()
}

/// The arrow of the eight that points most nearly along `screen` (y grows downward).
pub fn arrow(screen: Vec2) -> char {
    const ARROWS: [char; 8] = ['→', '↘', '↓', '↙', '←', '↖', '↑', '↗'];
    let turn = screen.y.atan2(screen.x) / std::f32::consts::FRAC_PI_4;
    ARROWS[(turn.round() as i32).rem_euclid(8) as usize]
}

/// The badges every stage shows, from its tweens: a cross on a piece taken.
fn common_badges(stage: &Stage) -> impl Iterator<Item = (Entity, &'static str)> + '_ {
    stage.tweens.iter().filter_map(|t| match t.motion {
        Motion::Disappear => Some((t.entity, "×")),
        _ => None,
    })
}

fn draw_badges(
    mut commands: Commands,
    queue: Res<PlaybackQueue>,
    mut shown: ResMut<Shown>,
    places: Query<&GlobalTransform>,
    children: Query<(), With<ChildOf>>,
    cameras: Query<(&Camera, &GlobalTransform), With<crate::app::camera::MainCamera>>,
    meshes: Option<ResMut<Assets<Mesh>>>,
    materials: Option<ResMut<Assets<StandardMaterial>>>,
) {
    let now = queue.progress();
    if now == shown.stage {
        return;
    }
    for e in std::mem::take(&mut shown.badges) {
        commands.entity(e).try_despawn();
    }
    // A playback ended, or another began: its trails and crosses go.
    let same_playback =
        matches!((shown.stage, now), (Some((a, t)), Some((b, u))) if t == u && b > a);
    if !same_playback {
        for e in std::mem::take(&mut shown.marks) {
            commands.entity(e).try_despawn();
        }
    }
    shown.stage = now;
    let Some((n, _)) = now else { return };
    let Some(stage) = queue.stage(n - 1) else {
        return;
    };
    let at = |e: Entity| places.get(e).map_or(Vec3::ZERO, |g| g.translation());
    let mut badges = Vec::new();
    let camera = cameras.single().ok();
    for b in &stage.badges {
        let foot = at(b.entity);
        let mut text = b.text.clone();
        if let (Some(heading), Some((camera, view))) = (b.heading, camera) {
            let screen = |p: Vec3| camera.world_to_viewport(view, p).ok();
            if let (Some(a), Some(b)) = (screen(foot), screen(foot + heading)) {
                text.push(arrow(b - a));
            }
        }
        let world = foot + Vec3::Y * BADGE_LIFT;
        badges.push(badge(
            &mut commands,
            "badge",
            text,
            b.tone,
            world,
            Some(b.entity),
        ));
    }
    for (entity, text) in common_badges(stage) {
        let world = at(entity) + Vec3::Y * BADGE_LIFT;
        badges.push(badge(
            &mut commands,
            "badge taken",
            text.to_string(),
            BadgeTone::Loss,
            world,
            Some(entity),
        ));
    }
    shown.badges = badges;
    if shown.looks.is_none()
        && let (Some(mut meshes), Some(mut materials)) = (meshes, materials)
    {
        shown.looks = Some((
            meshes.add(Cuboid::new(1.0, 0.004, 1.0)),
            materials.add(StandardMaterial {
                base_color: Color::srgba(1.0, 0.9, 0.7, 0.4),
                alpha_mode: AlphaMode::Blend,
                unlit: true,
                ..default()
            }),
        ));
    }
    let mut marks = Vec::new();
    for tween in &stage.tweens {
        // A child's transform is its parent's (a bond's bar): only pieces leave trails.
        if children.contains(tween.entity) {
            continue;
        }
        let from = tween.from.translation;
        let to = match &tween.motion {
            Motion::Move { to, .. } | Motion::Slide { to } => to.translation,
            Motion::FallOff { edge, .. } => {
                marks.push(badge(
                    &mut commands,
                    "badge edge",
                    "×".to_string(),
                    BadgeTone::Loss,
                    *edge,
                    None,
                ));
                *edge
            }
            _ => continue,
        };
        let run = Vec2::new(to.x - from.x, to.z - from.z);
        if run.length() < TRAIL_MIN {
            continue;
        }
        if let Some((mesh, material)) = &shown.looks {
            let mid = (from + to) / 2.0;
            marks.push(
                commands
                    .spawn((
                        Trail,
                        DespawnOnExit(Screen::Playing),
                        Mesh3d(mesh.clone()),
                        MeshMaterial3d(material.clone()),
                        Transform::from_xyz(mid.x, from.y.min(to.y) + 0.02, mid.z)
                            .with_rotation(Quat::from_rotation_y(-run.y.atan2(run.x)))
                            .with_scale(Vec3::new(run.length(), 1.0, 0.2)),
                        Pickable::IGNORE,
                    ))
                    .id(),
            );
        }
    }
    shown.marks.extend(marks);
}

/// Each badge keeps over its piece as the piece moves.
fn follow_pieces(
    mut badges: Query<(&StageBadge, &mut BoardLabel)>,
    places: Query<&GlobalTransform>,
) {
    for (badge, mut label) in &mut badges {
        if let Some(place) = badge.follows.and_then(|e| places.get(e).ok()) {
            let world = place.translation() + Vec3::Y * BADGE_LIFT;
            if label.world != world {
                label.world = world;
            }
        }
    }
}

/// Leaving the table: what was drawn is despawned with it.
fn forget(mut shown: ResMut<Shown>) {
    shown.stage = None;
    shown.badges.clear();
    shown.marks.clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_point_the_way_on_screen() {
        assert_eq!(arrow(Vec2::new(1.0, 0.0)), '→');
        assert_eq!(arrow(Vec2::new(0.0, -1.0)), '↑');
        assert_eq!(arrow(Vec2::new(-1.0, 1.0)), '↙');
        assert_eq!(arrow(Vec2::new(0.9, -1.0)), '↗');
        assert_eq!(arrow(Vec2::new(-1.0, -0.1)), '←');
    }
}
