//! The scoreboard the HUD draws in pictures: whose turn as a chip in the side's colour,
//! and per side a tray of small pieces (what it lost, captured, had removed or took),
//! with empty places where the count is the point (five Vectress pieces lose, ten
//! Polarity stones win). The table fills it; the HUD only draws it.

use bevy::prelude::*;

use super::{Played, TableGame};
use crate::app::playback::PlaybackQueue;
use crate::rules::Rules;

/// One piece in a tray: its shape or letter, on a chip of side `side`'s colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub glyph: char,
    pub side: usize,
}

/// What a game's trays hold and how they are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrayKind {
    /// What a tray holds, in a word ("lost", "captured", "removed", "taken").
    pub word: &'static str,
    /// Places drawn when the count is the point, filled one by one.
    pub slots: Option<usize>,
}

/// A side's colours in the HUD: its chip and the ink written on it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SideLook {
    pub chip: Color,
    pub ink: Color,
}

/// The pale and the dark side of the board games (ivory and gunmetal).
pub const IVORY: SideLook = SideLook {
    chip: Color::srgb(0.92, 0.9, 0.84),
    ink: Color::srgb(0.1, 0.1, 0.12),
};
pub const EBONY: SideLook = SideLook {
    chip: Color::srgb(0.16, 0.16, 0.19),
    ink: Color::srgb(0.94, 0.92, 0.86),
};

/// One side as the HUD shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct SideScore {
    pub name: String,
    pub look: SideLook,
    pub tokens: Vec<Token>,
}

/// What the HUD's status panel shows in pictures, and the words left beneath them.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Scoreboard {
    /// The turn chip's words: who moves, or how the game ended.
    pub headline: String,
    /// Whose colour the chip takes: the side to move, or the winner (`None`: a draw).
    pub chip: Option<usize>,
    /// The sides in the rules' order (empty off the table).
    pub sides: Vec<SideScore>,
    pub tray: Option<TrayKind>,
    /// What the status says beneath the pictures: notes, messages, the replay watched.
    pub notes: String,
}

/// The side's name as a title ("white" to "White").
pub fn title(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Fills the scoreboard from `table`; the pictures change once a playback has ended, as
/// the pieces land, and are rebuilt only when the position changed.
pub(super) fn update_scoreboard<G: TableGame>(
    played: Res<Played<G>>,
    scene: Res<G::Scene>,
    queue: Res<PlaybackQueue>,
    mut board: ResMut<Scoreboard>,
    mut shown: Local<Option<(u64, usize, Option<usize>)>>,
) {
    // A new table (the next lesson) starts its count of changes again.
    if played.is_added() {
        *shown = None;
    }
    let key = (played.changes, played.game.actions().len(), played.flag);
    // While a move plays, the pictures keep the position before it (once there is one).
    let drawn = !board.sides.is_empty();
    if drawn && !queue.is_idle() {
        return;
    }
    // The chip's words may change with no move (hex chess's forced-move countdown).
    let on_time = played
        .flag
        .map(|side| super::clock::flag_words(&played, side));
    let headline = match &on_time {
        Some((words, _)) => words.clone(),
        None => G::headline(&played, &scene),
    };
    if board.headline != headline {
        board.headline = headline;
    }
    if drawn && *shown == Some(key) {
        return;
    }
    *shown = Some(key);
    let game = played.game.rules();
    let sides = <G::Rules as Rules>::SIDES;
    let index = |side| sides.iter().position(|s| *s == side);
    let chip = if let Some((_, winner)) = on_time {
        winner
    } else if game.is_over() {
        game.winner().and_then(index)
    } else {
        index(game.to_move())
    };
    let names = <G::Rules as Rules>::GAME.side_names();
    let trays = G::trays(&played);
    let next = Scoreboard {
        headline: board.headline.clone(),
        chip,
        sides: (0..2)
            .map(|i| SideScore {
                name: title(names[i]),
                look: G::SIDE_LOOKS[i],
                tokens: trays[i].clone(),
            })
            .collect(),
        tray: Some(G::TRAY),
        notes: board.notes.clone(),
    };
    if *board != next {
        *board = next;
    }
}

/// Off the table, the scoreboard is empty.
pub(super) fn clear_scoreboard(mut board: ResMut<Scoreboard>) {
    *board = Scoreboard::default();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_names_read_as_titles() {
        assert_eq!(title("white"), "White");
        assert_eq!(title("one"), "One");
        assert_eq!(title(""), "");
    }
}
