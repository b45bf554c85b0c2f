//! Vectress's captions in one short line each: "Wave 2 of 4 · 3 pushes · the White
//! Square falls".

use super::{piece_name, plural};
use crate::rules::vectress::resolution::{PlayerMove, Wave};
use crate::rules::vectress::{Action, Kind, PieceId, Position, Resolution};
use crate::showcase::short_line;

/// "White moves the Core F5-F7 · 2 carried".
pub(super) fn short_player_caption(
    pos: &Position,
    resolution: &Resolution,
    player: &PlayerMove,
) -> String {
    let side = resolution.side.title();
    let name = pos.piece(player.piece).map_or("piece", |p| p.kind.title());
    let head = match resolution.action {
        Action::Move { from, to } if !player.pulled_free => {
            format!("{side} moves the {name} {}-{}", from.name(), to.name())
        }
        Action::Move { from, to } | Action::PullFree { from, to } => {
            format!("{side} pulls the {name} free {}-{}", from.name(), to.name())
        }
        Action::Pass => format!("{side} passes"),
    };
    let carried = player.moved.len().saturating_sub(1);
    let dropped: Vec<PieceId> = player.dropped.iter().map(|d| d.id).collect();
    short_line(
        head,
        [
            (!dropped.is_empty()).then(|| falls(pos, &dropped)),
            (carried > 0).then(|| format!("{carried} carried")),
        ]
        .into_iter()
        .flatten(),
    )
}

/// "Wave 2 of 4 · 3 pushes · the White Square falls": what fell first, then the
/// pushes, shoves and bonds, as many as fit.
pub(super) fn short_wave_caption(pos: &Position, wave: &Wave, n: usize, total: usize) -> String {
    let lost: Vec<PieceId> = wave.lost.iter().map(|l| l.id).collect();
    let pushes = if !wave.had_movement() {
        Some(if wave.pushes.is_empty() {
            "nothing more moves".to_string()
        } else {
            "the forces cancel".to_string()
        })
    } else {
        (!wave.pushes.is_empty()).then(|| plural(wave.pushes.len(), "push", "pushes"))
    };
    let bonds =
        |n: usize, verb: &str| (n > 0).then(|| format!("{} {verb}", plural(n, "bond", "bonds")));
    short_line(
        format!("Wave {n} of {total}"),
        [
            (!lost.is_empty()).then(|| falls(pos, &lost)),
            pushes,
            (!wave.shoves.is_empty()).then(|| plural(wave.shoves.len(), "shove", "shoves")),
            bonds(wave.bonds_formed.len(), "shut"),
            bonds(wave.bonds_broken.len(), "break"),
        ]
        .into_iter()
        .flatten(),
    )
}

/// "the White Square falls", "3 fall", "the Black Core falls!".
fn falls(pos: &Position, ids: &[PieceId]) -> String {
    let core = ids
        .iter()
        .any(|&id| pos.piece(id).is_some_and(|p| p.kind == Kind::Octagon));
    let bang = if core { "!" } else { "" };
    match ids {
        [one] => format!("{} falls{bang}", piece_name(pos, *one)),
        many => format!("{} fall{bang}", many.len()),
    }
}
