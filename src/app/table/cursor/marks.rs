//! What the board cursor shows: a ring on its cell and a diamond floating over it, a diamond around the picked cell, a dot
//! on each target of the pick and a ring on the one Tab chose (shapes, so they read
//! without colour), and its line of words at the bottom of the window.

use std::f32::consts::FRAC_PI_4;

use bevy::a11y::AccessibilityNode;
use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use super::BoardCursor;
use crate::app::Screen;
use crate::app::boards::{BoardCell, CELL_TOP};
use crate::app::table::{Played, TableGame};
use crate::app::ui::spoken;
use crate::app::ui::theme::{CORNER, INK_BRIGHT, glass};

/// One mark of the cursor on the board.
#[derive(Component)]
pub struct CursorMark;

/// The cursor's line of words.
#[derive(Component)]
pub struct CursorLine;

/// The line's box, which a screen reader hears: a polite live region whose label is the
/// line.
#[derive(Component)]
pub struct CursorVoice;

/// The marks' meshes and material.
#[derive(Resource)]
struct CursorLook {
    ring: Handle<Mesh>,
    /// A small diamond floating over the cursor's cell, seen over any piece standing there.
    pin: Handle<Mesh>,
    diamond: Handle<Mesh>,
    dot: Handle<Mesh>,
    chosen: Handle<Mesh>,
    material: Handle<StandardMaterial>,
}

/// Above the last move's frame, under every piece's foot.
const LIFT: f32 = 0.012;
/// The pin's height over the board: above the tallest piece.
const PIN_HEIGHT: f32 = 1.0;

pub(super) fn configure(app: &mut App) {
    app.add_systems(Startup, make_look)
        .add_systems(OnEnter(Screen::Playing), spawn_line)
        .add_systems(
            Update,
            show_line.in_set(crate::app::table::TableSystems::Show),
        );
}

pub(super) fn plugin<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        draw_marks::<G>
            .in_set(crate::app::table::TableSystems::Show)
            .run_if(resource_exists::<Played<G>>),
    );
}

fn make_look(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    use crate::app::boards::marks::frame;
    commands.insert_resource(CursorLook {
        ring: meshes.add(frame(32, 0.0, 0.52, 0.44)),
        pin: meshes.add(frame(4, 0.0, 0.2, 0.0)),
        diamond: meshes.add(frame(4, 0.0, 0.62, 0.52)),
        dot: meshes.add(frame(16, 0.0, 0.11, 0.0)),
        chosen: meshes.add(frame(4, FRAC_PI_4, 0.24, 0.15)),
        material: materials.add(StandardMaterial {
            base_color: Color::srgba(1.0, 0.86, 0.3, 0.95),
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        }),
    });
}

fn draw_marks<G: TableGame>(
    mut commands: Commands,
    cursor: Res<BoardCursor>,
    look: Option<Res<CursorLook>>,
    cells: Query<(&BoardCell, &GlobalTransform)>,
    marks: Query<Entity, With<CursorMark>>,
) {
    let Some(look) = look else { return };
    if !cursor.is_changed() {
        return;
    }
    for mark in &marks {
        commands.entity(mark).despawn();
    }
    let at = |name: &str| {
        cells
            .iter()
            .find(|(cell, _)| G::cell_name(cell).as_deref() == Some(name))
            .map(|(_, t)| t.translation().with_y(CELL_TOP + LIFT))
    };
    let mut put = |mesh: &Handle<Mesh>, name: &str, lift: f32| {
        if let Some(point) = at(name).map(|p| p + Vec3::Y * lift) {
            commands.spawn((
                Name::new("Cursor mark"),
                CursorMark,
                DespawnOnExit(Screen::Playing),
                Mesh3d(mesh.clone()),
                MeshMaterial3d(look.material.clone()),
                Transform::from_translation(point),
                Pickable::IGNORE,
                NotShadowCaster,
            ));
        }
    };
    if let Some(cell) = &cursor.cell {
        put(&look.ring, cell, 0.0);
        put(&look.pin, cell, PIN_HEIGHT);
    }
    if let Some(pick) = &cursor.pick {
        put(&look.diamond, &pick.cell, 0.0);
        for (i, choice) in pick.choices.iter().enumerate() {
            let Some(to) = &choice.reach.to else { continue };
            let mesh = if pick.chosen == Some(i) {
                &look.chosen
            } else {
                &look.dot
            };
            put(mesh, to, 0.0);
        }
    }
}

fn spawn_line(mut commands: Commands) {
    commands.spawn((
        Name::new("Cursor line"),
        DespawnOnExit(Screen::Playing),
        Node {
            position_type: PositionType::Absolute,
            bottom: px(46),
            width: percent(100),
            justify_content: JustifyContent::Center,
            ..default()
        },
        Pickable::IGNORE,
        Visibility::Hidden,
        children![(
            CursorVoice,
            AccessibilityNode(spoken("")),
            Node {
                padding: UiRect::axes(px(10), px(4)),
                border_radius: BorderRadius::all(px(CORNER)),
                ..default()
            },
            BackgroundColor(glass(0.85)),
            children![(
                CursorLine,
                Text::new(""),
                TextFont::from_font_size(15.0),
                TextColor(INK_BRIGHT),
            )],
        )],
    ));
}

fn show_line(
    cursor: Res<BoardCursor>,
    mut voices: Query<&mut AccessibilityNode, With<CursorVoice>>,
    mut lines: Query<(&mut Text, &ChildOf), With<CursorLine>>,
    parents: Query<&ChildOf>,
    mut roots: Query<&mut Visibility>,
) {
    if !cursor.is_changed() {
        return;
    }
    for mut voice in &mut voices {
        if voice.label() != Some(cursor.said.as_str()) {
            voice.set_label(cursor.said.as_str());
        }
    }
    for (mut text, parent) in &mut lines {
        if text.0 != cursor.said {
            text.0.clone_from(&cursor.said);
        }
        let Ok(root) = parents.get(parent.parent()) else {
            continue;
        };
        if let Ok(mut visibility) = roots.get_mut(root.parent()) {
            let want = if cursor.said.is_empty() {
                Visibility::Hidden
            } else {
                Visibility::Inherited
            };
            visibility.set_if_neq(want);
        }
    }
}
