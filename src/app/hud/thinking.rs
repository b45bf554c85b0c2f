//! The thinking indicator: a small pill, top centre, whose dots pulse while the computer
//! chooses its move (it thinks off the main thread, so they keep moving).

use bevy::prelude::*;

use crate::app::Screen;
use crate::app::table::status::ComputerThinking;
use crate::app::ui::LayoutChecked;
use crate::app::ui::theme::{DIM, INK, PANEL};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_thinking)
        .add_systems(Update, show_thinking);
}

#[derive(Component)]
struct ThinkingPill;

#[derive(Component)]
struct ThinkingDot(usize);

fn spawn_thinking(mut commands: Commands) {
    commands
        .spawn((
            Name::new("Thinking"),
            ThinkingPill,
            LayoutChecked("thinking"),
            Node {
                position_type: PositionType::Absolute,
                top: px(12),
                left: percent(50),
                margin: UiRect::left(px(-62)),
                width: px(124),
                padding: UiRect::axes(px(10), px(5)),
                column_gap: px(5),
                align_items: AlignItems::Center,
                border_radius: BorderRadius::all(px(12)),
                display: Display::None,
                ..default()
            },
            BackgroundColor(PANEL),
            Pickable::IGNORE,
        ))
        .with_children(|pill| {
            pill.spawn((
                Text::new("thinking"),
                TextFont::from_font_size(13.0),
                TextColor(DIM),
                Pickable::IGNORE,
            ));
            for i in 0..3 {
                pill.spawn((
                    ThinkingDot(i),
                    Node {
                        width: px(6),
                        height: px(6),
                        border_radius: BorderRadius::all(px(3)),
                        ..default()
                    },
                    BackgroundColor(INK),
                    Pickable::IGNORE,
                ));
            }
        });
}

/// The pill shows while the computer thinks; its dots pulse one after another (the
/// computer thinks off the main thread, so they keep moving).
fn show_thinking(
    thinking: Res<ComputerThinking>,
    screen: Res<State<Screen>>,
    time: Res<Time>,
    mut pill: Query<&mut Node, With<ThinkingPill>>,
    mut dots: Query<(&ThinkingDot, &mut BackgroundColor)>,
) {
    // Only over a game: a thought abandoned by leaving for the menu shows nothing.
    let on = thinking.0 && *screen.get() == Screen::Playing;
    let display = if on { Display::Flex } else { Display::None };
    for mut node in &mut pill {
        if node.display != display {
            node.display = display;
        }
    }
    if !on {
        return;
    }
    let t = time.elapsed_secs();
    for (dot, mut color) in &mut dots {
        let phase = (t * 4.0 - dot.0 as f32 * 0.8).sin() * 0.5 + 0.5;
        color.0 = INK.with_alpha(0.25 + 0.75 * phase);
    }
}
