//! What Wave Field sets out when its table opens: the energy surface with its sides and
//! the tuning panel; and, for a still, the view, developer mode and selection it asks for.

use super::*;
use crate::app::table::{Start, TableLaunch};

/// The energy surface and its sides, and the panel, set out once when the game opens.
pub(super) fn set_out_surface(
    mut commands: Commands,
    played: Res<WavefieldPlayed>,
    mut scene: ResMut<WavefieldScene>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<FieldMaterial>>,
    mut images: ResMut<Assets<Image>>,
    anchors: Query<(Entity, &crate::app::ui::MoveListAnchor)>,
) {
    let field = field(&played);
    scene.surface = materials.add(FieldMaterial {
        data: FieldUniform {
            before: pack(&field),
            after: pack(&field),
            ..default()
        },
    });
    scene.anim = FieldAnim::settled(field);
    for (name, mesh) in [
        ("Wave field surface", surface_mesh()),
        ("Wave field sides", surface::skirt_mesh()),
    ] {
        commands.spawn((
            Name::new(name),
            DespawnOnExit(Screen::Playing),
            Mesh3d(meshes.add(mesh)),
            MeshMaterial3d(scene.surface.clone()),
            Transform::default(),
            Pickable::IGNORE,
        ));
    }
    // In the HUD's right column, under the playback line and above the move list.
    let right = anchors
        .iter()
        .find(|(_, a)| **a == crate::app::ui::MoveListAnchor::Right)
        .map(|(e, _)| e);
    panel::spawn_panel(&mut commands, &mut images, right);
}

/// A still shows the view, developer mode and the selection its launch asks for (after
/// its move has played, which would clear a selection).
pub(super) fn still_options(
    mut commands: Commands,
    played: Res<WavefieldPlayed>,
    mut scene: ResMut<WavefieldScene>,
    looks: Res<Looks>,
    launch: Option<Res<TableLaunch>>,
    mut queue: ResMut<PlaybackQueue>,
) {
    let Some(Start::Still(still)) = launch.as_ref().map(|l| &l.start) else {
        return;
    };
    // Stills show the view asked for (territory by default) ...
    if let Some(view) = &still.view {
        scene.view = View::ALL
            .into_iter()
            .find(|v| v.title().starts_with(view.as_str()))
            .unwrap_or(View::Territory);
    }
    scene.dev = still.developer;
    // ... and the selection asked for (markers and influence in a still).
    if let Some(cell) = still.select.as_deref().and_then(Cell::parse)
        && still.freeze.is_none()
    {
        queue.skip();
        select(&mut commands, &looks, &played, &mut scene, cell);
    }
}
