//! The HUD's lines of text: the playback line, the stage's caption (and W, which picks
//! its words), the key hint.

use bevy::prelude::*;

use crate::app::playback::PlaybackQueue;
use crate::app::ui::CaptionWords;
use crate::app::{PlayMode, Screen};

/// The playback line: "step 3 of 5 | 0.25x | paused" (a step: one stage of the playback;
/// Vectress captions count its waves, which follow the move's own step).
pub fn playback_line(queue: &PlaybackQueue) -> String {
    let mut parts = Vec::new();
    if let Some((n, total)) = queue.progress() {
        parts.push(format!("step {n} of {total}"));
    }
    // A demo's big move or a showcase moment plays slower than the chosen speed.
    parts.push(format!("{}x", trim_speed(queue.effective_speed())));
    if queue.paused {
        parts.push("paused".to_string());
    }
    parts.join(" | ")
}

/// The caption of the stage playing: what it shows, in plain words, short or full (empty
/// between playbacks, and for a stage the game leaves unannounced).
pub fn caption_line(queue: &PlaybackQueue, words: CaptionWords) -> String {
    queue
        .progress()
        .and_then(|(n, _)| queue.stage(n - 1))
        .map(|stage| match words {
            CaptionWords::Short if !stage.short_label.is_empty() => stage.short_label.clone(),
            _ => stage.label.clone(),
        })
        .unwrap_or_default()
}

/// The HUD's bottom-right line: only the essential keys.
pub fn hint_line(playing: bool, help_open: bool) -> &'static str {
    match (help_open, playing) {
        (true, _) => "F1 / Esc close help",
        (false, true) => "F1 rules · Esc pause",
        (false, false) => "F1 help",
    }
}

fn trim_speed(speed: f32) -> String {
    let s = format!("{speed:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

pub(super) fn mode_name(mode: PlayMode) -> &'static str {
    match mode {
        PlayMode::HotSeat => "two players",
        PlayMode::VsComputer => "against the computer",
        PlayMode::Demo => "demo",
        PlayMode::Board => "the board",
        PlayMode::Showcase => "showcase",
        PlayMode::Exercise => "learning",
        PlayMode::Setup => "setting up a position",
    }
}

/// W shows the captions' full sentences, or their short lines again.
pub(super) fn toggle_caption_words(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    keymap: Res<crate::app::keymap::Keymap>,
    screen: Res<State<Screen>>,
    mut words: ResMut<CaptionWords>,
) {
    let pressed = keys.is_some_and(|k| keymap.just_pressed(&k, crate::app::keymap::WORDS));
    if *screen.get() == Screen::Playing && pressed {
        *words = match *words {
            CaptionWords::Short => CaptionWords::Full,
            CaptionWords::Full => CaptionWords::Short,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::playback::Stage;

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

    #[test]
    fn the_caption_is_the_short_line_unless_the_full_words_are_asked_for() {
        let mut queue = PlaybackQueue::default();
        assert_eq!(caption_line(&queue, CaptionWords::Short), "");
        let stage = |label: &str, short: &str| Stage {
            label: label.to_string(),
            short_label: short.to_string(),
            ..Stage::default()
        };
        queue.play(vec![
            stage(
                "wave 1 of 2: the Black Core pushes the White Core north",
                "Wave 1 of 2 · 1 push",
            ),
            stage("a stage with no short words", ""),
        ]);
        assert_eq!(
            caption_line(&queue, CaptionWords::Short),
            "Wave 1 of 2 · 1 push"
        );
        assert!(caption_line(&queue, CaptionWords::Full).starts_with("wave 1 of 2: the Black"));
    }
}
