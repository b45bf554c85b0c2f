//! The keyboard on the screen's buttons: Tab and Shift+Tab go through the buttons of the
//! topmost layer in the order they are set out (an overlay's panel alone while one is up),
//! the arrows too once a button has the focus; Enter or Space presses the focused button
//! (Bevy's button reads them from the input focus); a ring shows where the focus is.
//! Escape on a button of the screen below the overlays lets the focus go.

use bevy::input_focus::{FocusCause, InputDispatchPlugin, InputFocus, InputFocusVisible};
use bevy::prelude::*;
use bevy::ui_widgets::Button as Pressable;

/// Layers at or above this `GlobalZIndex` lie over the screen (a dialog, the pause menu,
/// the settings, the help): while one shows, only its buttons take the focus.
pub const MODAL_Z: i32 = 10;

/// The ring around the focused button.
const RING: Color = Color::srgb(1.0, 0.82, 0.25);

/// Tab belongs to someone else this frame (the board cursor cycling a pick's choices).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TabTaken(pub bool);

/// A button for the pointer alone, which Tab passes by: Wave Field's 4-pixel thumbnail
/// cells (a click opens the kind in the wave editor) would be 196 stops the ring can
/// hardly show, between the tuning buttons and Resign.
#[derive(Component, Debug, Default, Clone, Copy)]
pub struct PointerOnly;

/// Marks the button the ring is drawn on, with the outline it had before.
#[derive(Component)]
struct Ringed(Option<Outline>);

pub(super) fn plugin(app: &mut App) {
    // `DefaultPlugins` bring it; headless apps (tests) get it here.
    if !app.is_plugin_added::<InputDispatchPlugin>() {
        app.add_plugins(InputDispatchPlugin);
    }
    // The keys' messages (the input plugin's, which headless apps go without).
    app.add_message::<bevy::input::keyboard::KeyboardInput>()
        .add_message::<bevy::input::mouse::MouseWheel>()
        .add_message::<bevy::input::gamepad::GamepadButtonChangedEvent>()
        .init_resource::<InputFocusVisible>()
        .init_resource::<TabTaken>()
        .add_systems(
            Update,
            (move_focus, draw_ring, keep_focus_speakable)
                .chain()
                .in_set(FocusSystems),
        );
}

/// AccessKit's bridge sends the tree to a screen reader only while the input focus is
/// none or one of its nodes (bevy_winit's `update_accessibility_nodes`). Bevy gives the
/// focus to the window at start, which is no node, so nothing was ever heard (seen
/// through AT-SPI: an empty frame). The window's focus goes (the keys still reach the
/// window), and a text field taking the focus becomes a node of its own.
fn keep_focus_speakable(
    mut commands: Commands,
    mut focus: ResMut<InputFocus>,
    windows: Query<(), With<bevy::window::PrimaryWindow>>,
    fields: Query<
        (),
        (
            With<crate::app::TextField>,
            Without<bevy::a11y::AccessibilityNode>,
        ),
    >,
) {
    let Some(at) = focus.get() else { return };
    if windows.contains(at) {
        focus.clear();
    } else if fields.contains(at) {
        let mut node = accesskit::Node::new(accesskit::Role::TextInput);
        node.set_label("Type a move");
        commands
            .entity(at)
            .insert(bevy::a11y::AccessibilityNode(node));
    }
}

/// Moving the focus and its ring: what takes Tab or Escape first runs before.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FocusSystems;

/// What the layer walk reads of a node.
type NodeParts<'a> = (
    Entity,
    &'a Node,
    Option<&'a Visibility>,
    Option<&'a Children>,
    Option<&'a GlobalZIndex>,
    Has<Pressable>,
    Has<bevy::ui::InteractionDisabled>,
    Has<PointerOnly>,
);

/// The buttons the keyboard may focus now, in order: those of the topmost overlay when
/// one shows, else every button on the screen; in the order the UI sets them out (its
/// roots by layer, top first, then each tree depth first), skipping hidden ones.
pub fn focus_order(
    roots: &Query<Entity, (With<Node>, Without<ChildOf>)>,
    nodes: &Query<NodeParts>,
) -> Vec<Entity> {
    let mut layers: Vec<(i32, Entity)> = roots
        .iter()
        .filter_map(|root| {
            let (_, node, visibility, _, z, _, _, _) = nodes.get(root).ok()?;
            let shown = node.display != Display::None && visibility != Some(&Visibility::Hidden);
            shown.then_some((z.map_or(0, |z| z.0), root))
        })
        .collect();
    // Top layer first; within a layer, the order the roots were made.
    layers.sort_by_key(|(z, root)| (-z, root.index()));
    let gathered: Vec<(i32, Vec<Entity>)> = layers
        .into_iter()
        .map(|(z, root)| {
            let mut buttons = Vec::new();
            gather(root, nodes, &mut buttons);
            (z, buttons)
        })
        .collect();
    // The topmost overlay with a button to press has the keyboard alone.
    let modal = gathered
        .iter()
        .find(|(z, buttons)| *z >= MODAL_Z && !buttons.is_empty())
        .map(|(z, _)| *z);
    gathered
        .into_iter()
        .filter(|(z, _)| modal.is_none_or(|m| *z == m))
        .flat_map(|(_, buttons)| buttons)
        .collect()
}

fn gather(entity: Entity, nodes: &Query<NodeParts>, out: &mut Vec<Entity>) {
    let Ok((_, node, visibility, children, _, button, disabled, pointer_only)) = nodes.get(entity)
    else {
        return;
    };
    if node.display == Display::None || visibility == Some(&Visibility::Hidden) {
        return;
    }
    if button && !disabled && !pointer_only {
        out.push(entity);
        return;
    }
    for child in children.into_iter().flatten() {
        gather(*child, nodes, out);
    }
}

#[allow(clippy::too_many_arguments)]
fn move_focus(
    keys: Option<ResMut<ButtonInput<KeyCode>>>,
    mut focus: ResMut<InputFocus>,
    mut visible: ResMut<InputFocusVisible>,
    taken: Res<TabTaken>,
    fields: Query<(), With<crate::app::TextField>>,
    roots: Query<Entity, (With<Node>, Without<ChildOf>)>,
    nodes: Query<NodeParts>,
    parents: Query<&ChildOf>,
    layers: Query<&GlobalZIndex>,
) {
    let Some(mut keys) = keys else { return };
    // A text field keeps the keyboard.
    if focus.get().is_some_and(|f| fields.contains(f)) {
        return;
    }
    // The layers are walked only when a key that moves the focus is pressed.
    let moving = [
        KeyCode::Tab,
        KeyCode::Escape,
        KeyCode::ArrowUp,
        KeyCode::ArrowDown,
        KeyCode::ArrowLeft,
        KeyCode::ArrowRight,
    ];
    if !keys.any_just_pressed(moving) {
        return;
    }
    let shift = crate::app::shift_held(&keys);
    let order = focus_order(&roots, &nodes);
    let at = focus.get().and_then(|f| order.iter().position(|e| *e == f));
    let on_button = visible.0 && at.is_some();
    let modal = order.first().is_some_and(|first| {
        parents
            .iter_ancestors(*first)
            .chain([*first])
            .filter_map(|e| layers.get(e).ok())
            .any(|z| z.0 >= MODAL_Z)
    });
    let mut step = 0i32;
    if keys.just_pressed(KeyCode::Tab) && !taken.0 {
        step = if shift { -1 } else { 1 };
        keys.clear_just_pressed(KeyCode::Tab);
    } else if (on_button || modal) && !shift {
        if keys.any_just_pressed([KeyCode::ArrowDown, KeyCode::ArrowRight]) {
            step = 1;
        } else if keys.any_just_pressed([KeyCode::ArrowUp, KeyCode::ArrowLeft]) {
            step = -1;
        }
    }
    if on_button && !modal && keys.just_pressed(KeyCode::Escape) {
        keys.clear_just_pressed(KeyCode::Escape);
        focus.clear();
        visible.0 = false;
        return;
    }
    if step == 0 || order.is_empty() {
        return;
    }
    let count = order.len() as i32;
    let next = match at {
        Some(i) => (i as i32 + step).rem_euclid(count),
        None if step > 0 => 0,
        None => count - 1,
    };
    focus.set(order[next as usize], FocusCause::Navigated);
    visible.0 = true;
}

/// The ring stands on the focused button while the keyboard moved the focus there.
fn draw_ring(
    mut commands: Commands,
    mut on_button: ResMut<crate::app::FocusOnButton>,
    focus: Res<InputFocus>,
    visible: Res<InputFocusVisible>,
    buttons: Query<Option<&Outline>, With<Pressable>>,
    ringed: Query<(Entity, &Ringed)>,
) {
    let want = focus.get().filter(|f| visible.0 && buttons.contains(*f));
    on_button.set_if_neq(crate::app::FocusOnButton(want.is_some()));
    for (entity, was) in &ringed {
        if Some(entity) != want {
            let mut e = commands.entity(entity);
            e.remove::<Ringed>();
            match was.0 {
                Some(outline) => e.insert(outline),
                None => e.remove::<Outline>(),
            };
        }
    }
    if let Some(button) = want
        && !ringed.contains(button)
        && let Ok(before) = buttons.get(button)
    {
        commands
            .entity(button)
            .insert((Ringed(before.copied()), Outline::new(px(3), px(2), RING)));
    }
}
