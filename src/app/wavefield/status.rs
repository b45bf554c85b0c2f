//! The status line's own part (the view and what it shows), and the keys for the help
//! overlay.

use super::*;
use crate::app::keymap::Keymap;
use crate::app::table::score::{SideLook, Token};
use crate::rules::wavefield::Kind;

/// Blue and Red, as the board's pieces and territory show them (`Rules::SIDES` order).
pub(super) const SIDE_LOOKS: [SideLook; 2] = [
    SideLook {
        chip: Color::srgb(0.2, 0.42, 0.9),
        ink: Color::srgb(0.97, 0.97, 1.0),
    },
    SideLook {
        chip: Color::srgb(0.86, 0.2, 0.16),
        ink: Color::srgb(1.0, 0.97, 0.95),
    },
];

/// The move list: in the HUD's right column, under the tuning panel.
pub(super) const MOVE_LIST: Option<crate::app::ui::MoveListAnchor> =
    Some(crate::app::ui::MoveListAnchor::Right);

/// What the trays hold: the pieces each side had removed, with no places to fill.
pub(super) const TRAY: crate::app::table::score::TrayKind = crate::app::table::score::TrayKind {
    word: "removed",
    slots: None,
};

/// The pieces each side has had removed (W8's instability), by shape.
pub(super) fn trays(played: &WavefieldPlayed) -> [Vec<Token>; 2] {
    let sides = <Game as crate::rules::Rules>::SIDES;
    sides.map(|side| {
        let index = sides.iter().position(|s| *s == side).unwrap_or(0);
        played
            .game
            .position()
            .pieces()
            .iter()
            .filter(|p| p.owner == side && !p.alive)
            .map(|p| Token {
                glyph: match p.kind {
                    Kind::RoundHat => '●',
                    Kind::Tower => '■',
                    Kind::TriangleHat => '▲',
                    Kind::BigHat => '◆',
                },
                side: index,
            })
            .collect()
    })
}

/// The view after the rules' status line, and what it shows.
pub(super) fn tail(table: &WavefieldScene) -> String {
    let mut line = format!("\nView: {}", table.view.title());
    if table.view == View::Cmyk {
        let names = ["C Round Hat", "M Tower", "Y Triangle Hat", "K Big Hat"];
        let on: Vec<&str> = (0..4)
            .filter(|k| table.channels & (1 << k) != 0)
            .map(|k| names[k])
            .collect();
        line += &format!(" | showing: {}", on.join(", "));
    }
    if table.view == View::Contributions {
        line += " | squares: Round Hat, Tower / Triangle Hat, Big Hat";
    }
    if table.view == View::Influence && table.selected.is_none() {
        line += " | click a piece";
    }
    line
}

/// Wave Field's keys for the help overlay.
pub(super) fn keys(table: &WavefieldScene, keymap: &Keymap) -> Vec<(String, String)> {
    use super::input as keys;
    let channels: Vec<String> = keys::CHANNELS.iter().map(|c| keymap.name(*c)).collect();
    vec![
        (
            "click / drag".to_string(),
            "pick a piece, then click a marker, or drag it there (the surface previews the move)"
                .to_string(),
        ),
        (
            keymap.name(keys::VIEW),
            format!("next view (now {})", table.view.title()),
        ),
        (
            channels.join(" "),
            "isolate a channel (CMYK view)".to_string(),
        ),
        (
            keymap.name(crate::app::keymap::HINT),
            "the rescue hint".to_string(),
        ),
        (keymap.name(keys::DICE), "dice".to_string()),
        (keymap.name(keys::LEVEL), "the computer's level".to_string()),
        (
            keymap.name(keys::DEV),
            "developer mode and the wave editor".to_string(),
        ),
    ]
}
