//! The HUD's texts, filled every frame: the whole interface live and in the showcase, the
//! stage captions alone in a film (each run by the root's presentation sets).

use bevy::prelude::*;

use super::lines::{caption_line, hint_line, mode_name, playback_line};
use super::{CAPTION_SIZE, CaptionStyle, Heading, HudText, LeftColumn, StatusPanel};
use crate::app::playback::PlaybackQueue;
use crate::app::table::Seats;
use crate::app::table::score::Scoreboard;
use crate::app::ui::{CaptionWords, Notice};
use crate::app::{ActiveGame, Overlay, PlayMode, Screen};

/// Shows or hides a HUD node: hidden nodes take no room and are not drawn.
fn show(visibility: &mut Mut<Visibility>, node: &mut Mut<Node>, on: bool) {
    let want = if on {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    visibility.set_if_neq(want);
    let display = if on { Display::Flex } else { Display::None };
    if node.display != display {
        node.display = display;
    }
}

/// The HUD's texts, with their nodes.
type HudTexts<'w, 's> = Query<
    'w,
    's,
    (
        &'static HudText,
        &'static mut Text,
        &'static mut Node,
        &'static mut Visibility,
        &'static mut TextFont,
    ),
    Without<StatusPanel>,
>;

/// Fills every HUD text with `value`, the caption at `caption_size` and `caption_width`;
/// whether the status panel has anything to show.
fn fill_texts(
    texts: &mut HudTexts,
    value: impl Fn(HudText) -> String,
    caption_size: f32,
    caption_width: Val,
) -> bool {
    let mut panel_shown = false;
    for (which, mut text, mut node, mut visibility, mut font) in texts {
        let line = value(*which);
        let on = !line.is_empty();
        if matches!(which, HudText::Title | HudText::Status) {
            panel_shown |= on;
        }
        if text.0 != line {
            text.0 = line;
        }
        if *which == HudText::Caption {
            if font.font_size != FontSize::Px(caption_size) {
                font.font_size = FontSize::Px(caption_size);
            }
            if node.max_width != caption_width {
                node.max_width = caption_width;
            }
        }
        show(&mut visibility, &mut node, on);
    }
    panel_shown
}

#[allow(clippy::type_complexity, clippy::too_many_arguments)]
pub(super) fn update_hud(
    screen: Res<State<Screen>>,
    active: Option<Res<ActiveGame>>,
    seats: Res<Seats>,
    score: Res<Scoreboard>,
    queue: Res<PlaybackQueue>,
    notice: Res<Notice>,
    overlay: Res<State<Overlay>>,
    heading: Res<Heading>,
    words: Res<CaptionWords>,
    mut texts: HudTexts,
    mut panels: Query<(&mut Node, &mut Visibility), (With<StatusPanel>, Without<HudText>)>,
    mut columns: Query<&mut Node, (With<LeftColumn>, Without<StatusPanel>, Without<HudText>)>,
) {
    let playing = *screen.get() == Screen::Playing;
    let value = |which: HudText| -> String {
        match which {
            HudText::Title => match &active {
                Some(_) if playing && heading.0.is_some() => heading.0.clone().unwrap_or_default(),
                Some(active) if playing => {
                    format!("{} - {}", active.game.title(), mode_name(seats.mode))
                }
                _ => String::new(),
            },
            HudText::Status if playing => score.notes.clone(),
            HudText::Playback if playing => playback_line(&queue),
            HudText::Caption if playing => caption_line(&queue, *words),
            HudText::Notice => notice.text.clone().unwrap_or_default(),
            HudText::Hint => hint_line(playing, *overlay.get() == Overlay::Help).to_string(),
            _ => String::new(),
        }
    };
    let panel_shown = fill_texts(&mut texts, value, CAPTION_SIZE, percent(64));
    // An exercise's banner takes the top centre: the status keeps to the left third.
    let exercise = playing && seats.mode == PlayMode::Exercise;
    let status_width = if exercise { percent(29) } else { percent(40) };
    for (mut node, mut visibility) in &mut panels {
        show(&mut visibility, &mut node, panel_shown);
    }
    for mut node in &mut columns {
        if node.max_width != status_width {
            node.max_width = status_width;
        }
    }
}

/// A film shows the board and, if asked, the captions: nothing else of the HUD. In a film
/// the caption is all there is: it may use most of the width.
#[allow(clippy::type_complexity)]
pub(super) fn film_captions(
    screen: Res<State<Screen>>,
    style: Res<CaptionStyle>,
    queue: Res<PlaybackQueue>,
    words: Res<CaptionWords>,
    mut texts: HudTexts,
    mut panels: Query<(&mut Node, &mut Visibility), (With<StatusPanel>, Without<HudText>)>,
) {
    let playing = *screen.get() == Screen::Playing;
    let value = |which: HudText| match which {
        HudText::Caption if playing && style.shown => caption_line(&queue, *words),
        _ => String::new(),
    };
    fill_texts(&mut texts, value, style.size, percent(92));
    for (mut node, mut visibility) in &mut panels {
        show(&mut visibility, &mut node, false);
    }
}

/// The caption playing is a live region: a screen reader says each stage's words (short,
/// or the full sentence with W) as it plays.
pub(super) fn voice_caption(
    mut commands: Commands,
    mut captions: Query<
        (
            Entity,
            &HudText,
            &Text,
            Option<&mut bevy::a11y::AccessibilityNode>,
        ),
        Changed<Text>,
    >,
) {
    for (entity, which, text, voice) in &mut captions {
        if *which != HudText::Caption {
            continue;
        }
        match voice {
            Some(mut voice) => voice.set_label(text.0.as_str()),
            None => {
                commands
                    .entity(entity)
                    .insert(bevy::a11y::AccessibilityNode(crate::app::ui::spoken(
                        &text.0,
                    )));
            }
        }
    }
}
