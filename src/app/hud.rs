//! The heads-up display: what is being played, the status line, playback (wave n of m,
//! speed, paused), passing notices, and the keys.

use bevy::prelude::*;

use super::playback::PlaybackQueue;
use super::{ActiveGame, PlayMode, Screen};

pub fn plugin(app: &mut App) {
    app.init_resource::<Notice>()
        .init_resource::<StatusLine>()
        .add_systems(Startup, spawn_hud)
        .add_systems(Update, (tick_notice, update_hud).chain());
}

/// A message shown for a while (settings trouble, where a screenshot went).
#[derive(Resource, Default, Debug)]
pub struct Notice {
    pub text: Option<String>,
    remaining: f32,
}

impl Notice {
    pub fn show(&mut self, text: impl Into<String>, seconds: f32) {
        self.text = Some(text.into());
        self.remaining = seconds;
    }
}

/// The game's status line (side to move, check, the end of the game); set by the game.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct StatusLine(pub String);

#[derive(Component)]
struct HudTitle;
#[derive(Component)]
struct HudPlayback;
#[derive(Component)]
struct HudNotice;
#[derive(Component)]
struct HudCaption;
#[derive(Component)]
struct HudKeys;

fn hud_text(size: f32) -> impl Bundle {
    (
        Text::new(""),
        Pickable::IGNORE,
        TextFont::from_font_size(size),
        TextColor(Color::srgb(0.94, 0.92, 0.86)),
        TextShadow::default(),
    )
}

fn spawn_hud(mut commands: Commands) {
    commands.spawn((
        Name::new("HUD"),
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::SpaceBetween,
            padding: UiRect::all(px(12)),
            ..default()
        },
        Pickable::IGNORE,
        children![
            (
                Node {
                    justify_content: JustifyContent::SpaceBetween,
                    ..default()
                },
                Pickable::IGNORE,
                children![
                    (
                        HudTitle,
                        hud_text(16.0),
                        Node {
                            max_width: percent(68),
                            ..default()
                        }
                    ),
                    (HudPlayback, hud_text(18.0))
                ],
            ),
            (
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(4),
                    ..default()
                },
                Pickable::IGNORE,
                children![
                    (
                        HudCaption,
                        hud_text(18.0),
                        BackgroundColor(Color::srgba(0.05, 0.04, 0.04, 0.55)),
                        Node {
                            align_self: AlignSelf::Start,
                            padding: UiRect::axes(px(6), px(2)),
                            ..default()
                        }
                    ),
                    (HudNotice, hud_text(16.0)),
                    (HudKeys, hud_text(14.0))
                ],
            ),
        ],
    ));
}

fn tick_notice(mut notice: ResMut<Notice>, time: Res<Time>) {
    if notice.text.is_some() {
        notice.remaining -= time.delta_secs();
        if notice.remaining <= 0.0 {
            notice.text = None;
        }
    }
}

/// The playback line: "stage 3 of 5 | 0.25x | paused".
pub fn playback_line(queue: &PlaybackQueue) -> String {
    let mut parts = Vec::new();
    if let Some((n, total)) = queue.progress() {
        parts.push(format!("stage {n} of {total}"));
    }
    parts.push(format!("{}x", trim_speed(queue.speed)));
    if queue.paused {
        parts.push("paused".to_string());
    }
    parts.join(" | ")
}

/// The caption of the stage playing: what it shows, in plain words (empty between
/// playbacks, and for a stage the game leaves unannounced).
pub fn caption_line(queue: &PlaybackQueue) -> String {
    queue
        .progress()
        .and_then(|(n, _)| queue.stage(n - 1))
        .map(|stage| stage.label.clone())
        .unwrap_or_default()
}

fn trim_speed(speed: f32) -> String {
    let s = format!("{speed:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn update_hud(
    screen: Res<State<Screen>>,
    active: Option<Res<ActiveGame>>,
    status: Res<StatusLine>,
    queue: Res<PlaybackQueue>,
    notice: Res<Notice>,
    film: Option<Res<super::film::FilmOverlay>>,
    mut texts: ParamSet<(
        Query<&mut Text, With<HudTitle>>,
        Query<&mut Text, With<HudPlayback>>,
        Query<&mut Text, With<HudNotice>>,
        Query<&mut Text, With<HudKeys>>,
        Query<&mut Text, With<HudCaption>>,
    )>,
    mut caption_box: Query<(&mut Visibility, &mut TextFont), With<HudCaption>>,
) {
    // The caption's backing shows only behind a caption.
    let captioned = texts.p4().iter().any(|t| !t.0.is_empty());
    let size = film.as_ref().map_or(18.0, |f| f.caption_size);
    for (mut visibility, mut font) in &mut caption_box {
        let want = if captioned {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *visibility != want {
            *visibility = want;
        }
        if font.font_size != FontSize::Px(size) {
            font.font_size = FontSize::Px(size);
        }
    }
    let playing = *screen.get() == Screen::Playing;
    // A film shows the board and, if asked, the captions: nothing else of the HUD.
    if let Some(film) = film {
        set(&mut texts.p0(), String::new());
        set(&mut texts.p1(), String::new());
        set(&mut texts.p2(), String::new());
        set(&mut texts.p3(), String::new());
        let caption = if playing && film.captions {
            caption_line(&queue)
        } else {
            String::new()
        };
        set(&mut texts.p4(), caption);
        return;
    }
    let title = match (&active, playing) {
        (Some(active), true) => {
            let mode = match active.mode {
                PlayMode::HotSeat => "two players",
                PlayMode::VsComputer => "against the computer",
                PlayMode::Demo => "demo",
                PlayMode::Board => "the board",
            };
            if status.0.is_empty() {
                format!("{} - {mode}", active.game.title())
            } else {
                format!("{} - {mode}\n{}", active.game.title(), status.0)
            }
        }
        _ => String::new(),
    };
    set(&mut texts.p0(), title);
    set(
        &mut texts.p1(),
        if playing {
            playback_line(&queue)
        } else {
            String::new()
        },
    );
    set(&mut texts.p2(), notice.text.clone().unwrap_or_default());
    set(
        &mut texts.p4(),
        if playing {
            caption_line(&queue)
        } else {
            String::new()
        },
    );
    let keys = if playing {
        "[ ] speed | Space pause | . one wave | R replay | Enter skip | right-drag/arrows orbit | wheel zoom | Home view | F2 colours | F12 screenshot | Esc menu"
    } else {
        "Choose a game and how to play it | F12 screenshot"
    };
    set(&mut texts.p3(), keys.to_string());
}

fn set(query: &mut Query<&mut Text, impl bevy::ecs::query::QueryFilter>, value: String) {
    for mut text in query.iter_mut() {
        if text.0 != value {
            text.0 = value.clone();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playback_line_reads_naturally() {
        let mut queue = PlaybackQueue::default();
        assert_eq!(playback_line(&queue), "1x");
        queue.slower();
        queue.paused = true;
        assert_eq!(playback_line(&queue), "0.75x | paused");
        for _ in 0..10 {
            queue.slower();
        }
        assert_eq!(playback_line(&queue), "0.05x | paused");
    }
}
