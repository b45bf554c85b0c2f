//! Board labels and badges never show over a panel: one that falls under any panel the
//! layout check knows (the HUD's, a game's, a dialog) is marked [`UnderPanel`], and the
//! board hides it.

use bevy::prelude::*;

use crate::app::boards::{BoardLabel, UnderPanel};
use crate::app::ui::LayoutChecked;

pub fn plugin(app: &mut App) {
    app.add_systems(PostUpdate, mark_labels_under_panels);
}

/// A node's rectangle in UI pixels.
fn rect(node: &ComputedNode, at: &UiGlobalTransform) -> Rect {
    let k = node.inverse_scale_factor();
    Rect::from_center_size(at.translation * k, node.size() * k)
}

/// The panels the layout check knows, with where they are and whether they show.
type Panels<'w, 's> = Query<
    'w,
    's,
    (
        &'static ComputedNode,
        &'static UiGlobalTransform,
        &'static InheritedVisibility,
    ),
    (With<LayoutChecked>, Without<BoardLabel>),
>;

fn mark_labels_under_panels(
    mut commands: Commands,
    panels: Panels,
    labels: Query<
        (
            Entity,
            &ComputedNode,
            &UiGlobalTransform,
            Option<&UnderPanel>,
        ),
        With<BoardLabel>,
    >,
) {
    let covers: Vec<Rect> = panels
        .iter()
        .filter(|(node, _, visible)| visible.get() && !node.is_empty())
        .map(|(node, at, _)| rect(node, at))
        .collect();
    for (label, node, at, under) in &labels {
        let own = rect(node, at);
        let covered = covers.iter().any(|c| !c.intersect(own).is_empty());
        if under.map(|u| u.0) != Some(covered) {
            commands.entity(label).try_insert(UnderPanel(covered));
        }
    }
}
