//! A refusal said at the pointer: what a game's [`TableGame::hover_note`] explains (a red
//! Vectress target, a blocked Wave Field square, a Polarity cell that takes no stone) is
//! one short line beside the pointer, where a newcomer is looking, not in the status
//! panel at the far corner.

use bevy::picking::events::{Move, Over, Pointer};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::TableGame;
use crate::app::Screen;
use crate::app::ui::theme::{CORNER, INK_BRIGHT, glass};

/// Where the pointer last was over something pickable, in the window's logical pixels.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct PointerAt(pub Option<Vec2>);

/// The note's box (one per table, hidden while nothing is refused).
#[derive(Component)]
pub struct PointerNote;

/// How far the note sits from the pointer's tip, right and below (or left and above
/// where the window's edge is near).
const OFFSET: Vec2 = Vec2::new(16.0, 18.0);
/// The room the note keeps for itself before it turns to the other side of the pointer.
const ROOM: Vec2 = Vec2::new(380.0, 40.0);

pub(super) fn configure(app: &mut App) {
    app.init_resource::<PointerAt>()
        .add_observer(track_over)
        .add_observer(track_move)
        .add_systems(OnEnter(Screen::Playing), spawn_note);
}

fn track_over(over: On<Pointer<Over>>, mut at: ResMut<PointerAt>) {
    at.0 = Some(over.pointer_location.position);
}

fn track_move(moved: On<Pointer<Move>>, mut at: ResMut<PointerAt>) {
    at.0 = Some(moved.pointer_location.position);
}

fn spawn_note(mut commands: Commands) {
    commands.spawn((
        Name::new("Pointer note"),
        PointerNote,
        DespawnOnExit(Screen::Playing),
        Node {
            position_type: PositionType::Absolute,
            padding: UiRect::axes(px(8), px(4)),
            border_radius: BorderRadius::all(px(CORNER)),
            ..default()
        },
        BackgroundColor(glass(0.88)),
        // Above the board's labels and the banners; the pointer goes through it.
        GlobalZIndex(9),
        Pickable::IGNORE,
        Visibility::Hidden,
        children![(
            Text::new(""),
            TextFont::from_font_size(14.0),
            TextColor(INK_BRIGHT),
            TextLayout::no_wrap(),
            Pickable::IGNORE,
        )],
    ));
}

/// Shows `G`'s hover note beside the pointer (a refusal, else the previewed turn's line),
/// or hides the box.
pub(super) fn show_pointer_note<G: TableGame>(
    scene: Res<G::Scene>,
    preview: Res<super::foresight::PreviewShown<G>>,
    at: Res<PointerAt>,
    windows: Query<&Window, With<PrimaryWindow>>,
    // A headless app has no UI plugin and so no scale.
    ui_scale: Option<Res<UiScale>>,
    mut notes: Query<(&mut Node, &mut Visibility, &Children), With<PointerNote>>,
    mut texts: Query<&mut Text>,
) {
    // The pointer and the window in UI pixels (the window's grow by the UI scale).
    let per_ui_pixel = ui_scale.map_or(1.0, |s| s.0.max(0.01));
    let words = G::hover_note(&scene).or(preview.line());
    let note = words.zip(at.0.map(|p| p / per_ui_pixel));
    let window = windows
        .single()
        .ok()
        .map(|w| Vec2::new(w.width(), w.height()) / per_ui_pixel);
    for (mut node, mut visibility, children) in &mut notes {
        let Some((words, pointer)) = note else {
            visibility.set_if_neq(Visibility::Hidden);
            continue;
        };
        visibility.set_if_neq(Visibility::Inherited);
        for child in children {
            if let Ok(mut text) = texts.get_mut(*child)
                && text.0 != words
            {
                text.0 = words.to_string();
            }
        }
        let place = placement(pointer, window);
        let (left, right, top, bottom) = place;
        if (node.left, node.right, node.top, node.bottom) != place {
            node.left = left;
            node.right = right;
            node.top = top;
            node.bottom = bottom;
        }
    }
}

/// The note's edges for a pointer at `pointer`: right of and below it, turned to the left
/// or above where the window (when known) leaves no room.
pub fn placement(pointer: Vec2, window: Option<Vec2>) -> (Val, Val, Val, Val) {
    let room = window.map_or(Vec2::splat(f32::INFINITY), |w| w - pointer);
    let (left, right) = if room.x >= ROOM.x {
        (px(pointer.x + OFFSET.x), Val::Auto)
    } else {
        let width = window.map_or(0.0, |w| w.x);
        (Val::Auto, px(width - pointer.x + OFFSET.x))
    };
    let (top, bottom) = if room.y >= ROOM.y {
        (px(pointer.y + OFFSET.y), Val::Auto)
    } else {
        let height = window.map_or(0.0, |w| w.y);
        (Val::Auto, px(height - pointer.y + OFFSET.y / 2.0))
    };
    (left, right, top, bottom)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_note_turns_away_from_the_windows_edges() {
        let window = Some(Vec2::new(960.0, 540.0));
        assert_eq!(
            placement(Vec2::new(100.0, 100.0), window),
            (px(116.0), Val::Auto, px(118.0), Val::Auto)
        );
        // Near the right edge it sits left of the pointer; near the bottom, above it.
        assert_eq!(
            placement(Vec2::new(900.0, 530.0), window),
            (Val::Auto, px(76.0), Val::Auto, px(19.0))
        );
        // Without a window (headless) it always sits right and below.
        assert_eq!(
            placement(Vec2::new(5000.0, 5000.0), None),
            (px(5016.0), Val::Auto, px(5018.0), Val::Auto)
        );
    }
}
