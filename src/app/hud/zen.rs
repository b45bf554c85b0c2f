//! Zen (Z at the table): the HUD steps away but for the turn chip, so only the board and
//! whose turn it is remain; Z again brings every panel back as it was. The board's own
//! labels and the pieces' badges (drawn below the HUD) stay.

use bevy::prelude::*;

use super::score::TurnChip;
use crate::app::{KeyboardSystems, Screen};

/// Whether zen is on, and what it hid with the visibility each had.
#[derive(Resource, Default, Debug)]
pub struct Zen {
    pub on: bool,
    hidden: Vec<(Entity, Visibility)>,
    /// The chip's panels, their fill cleared (the chip stands alone), with the fill each had.
    faded: Vec<(Entity, BackgroundColor)>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Zen>()
        .add_systems(
            Update,
            zen_key
                .in_set(KeyboardSystems)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(OnExit(Screen::Playing), leave)
        .add_systems(
            PostUpdate,
            apply_zen.before(bevy::camera::visibility::VisibilitySystems::VisibilityPropagate),
        );
}

fn zen_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    keymap: Res<crate::app::keymap::Keymap>,
    mut zen: ResMut<Zen>,
) {
    if keys.is_some_and(|k| keymap.just_pressed(&k, crate::app::keymap::ZEN)) {
        zen.on = !zen.on;
    }
}

fn leave(mut zen: ResMut<Zen>) {
    zen.on = false;
    zen.hidden.clear();
    zen.faded.clear();
}

/// On: hides every HUD root but the turn chip's, and in that one every branch but the
/// chip's; nodes the HUD adds meanwhile are hidden as they come. Off: puts back what it hid.
fn apply_zen(
    mut zen: ResMut<Zen>,
    chips: Query<Entity, With<TurnChip>>,
    parents: Query<&ChildOf>,
    children: Query<&Children>,
    roots: Query<(Entity, Option<&GlobalZIndex>), (With<Node>, Without<ChildOf>)>,
    mut visibility: Query<&mut Visibility, With<Node>>,
    mut fills: Query<&mut BackgroundColor>,
) {
    if !zen.on {
        for (entity, was) in std::mem::take(&mut zen.hidden) {
            if let Ok(mut v) = visibility.get_mut(entity) {
                *v = was;
            }
        }
        for (entity, was) in std::mem::take(&mut zen.faded) {
            if let Ok(mut fill) = fills.get_mut(entity) {
                *fill = was;
            }
        }
        return;
    }
    // The chip and the panels it hangs in; of the panels, only the branch to the chip.
    let mut keep: Vec<Entity> = Vec::new();
    let mut panels: Vec<Entity> = Vec::new();
    for chip in &chips {
        keep.push(chip);
        panels.extend(parents.iter_ancestors(chip));
    }
    for panel in &panels {
        if let Ok(mut fill) = fills.get_mut(*panel)
            && fill.0 != Color::NONE
        {
            zen.faded.push((*panel, *fill));
            fill.0 = Color::NONE;
        }
    }
    keep.extend(panels.iter().copied());
    let mut hide: Vec<Entity> = roots
        .iter()
        // The board's labels and the badges sit below the HUD: they are the board's.
        .filter(|(root, z)| !keep.contains(root) && z.is_none_or(|z| z.0 >= 0))
        .map(|(root, _)| root)
        .collect();
    for panel in &panels {
        for child in children.get(*panel).into_iter().flatten() {
            if !keep.contains(child) {
                hide.push(*child);
            }
        }
    }
    for entity in hide {
        let Ok(mut v) = visibility.get_mut(entity) else {
            continue;
        };
        if *v != Visibility::Hidden {
            zen.hidden.push((entity, *v));
            *v = Visibility::Hidden;
        }
    }
}
