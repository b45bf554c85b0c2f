//! The position checks a code's reader and a position editor share, in a player's words,
//! and the small helpers that build a checked position and game piece by piece.

use super::super::Game;
use super::super::geometry::{Cell, Kind, Side};
use super::super::patterns::Tables;
use super::super::position::{Position, Profile, check_counts};
use super::{FIELDS, MAX_COUNT};

/// Refuses a position (under the standard definitions) that cannot arise, in a player's
/// words:
/// - a side with no Big Hat, or more pieces of a kind than it starts with (W2);
/// - marks that fit no tuning the side to move could have begun its turn with: at the end
///   of every turn each piece but a Big Hat is unstable exactly when it stands on hostile
///   territory (W8), the side to move is trapped exactly when its Big Hat does (W12), and
///   the side that moved last has its Big Hat protected (W9); since then only the side to
///   move can have tuned, so the marks must fit the field under one of its 16 tunings.
pub fn check(position: &Position) -> Result<(), String> {
    let alive = position.pieces().iter().filter(|p| p.alive);
    check_counts(alive.map(|p| (p.kind, p.owner)))?;
    let t = Tables::builtin();
    let side = position.to_move();
    let now = position.profile(side);
    let mut trial = position.clone();
    // The field under the standard definitions, whatever the position was built with.
    trial.recompute_field(t);
    let mut always: Option<Vec<String>> = None;
    let mut first = Vec::new();
    for (n, profile) in std::iter::once(now).chain(Profile::all()).enumerate() {
        trial.set_profile(t, profile);
        let wrong = misfits(&trial);
        if wrong.is_empty() {
            return Ok(());
        }
        if n == 0 {
            first = wrong.clone();
        }
        always = Some(match always {
            None => wrong,
            Some(all) => all.into_iter().filter(|w| wrong.contains(w)).collect(),
        });
    }
    let who = side.title();
    match always.and_then(|all| all.into_iter().next()) {
        Some(wrong) => Err(format!(
            "{wrong}, whatever tuning {who} began its turn with"
        )),
        None => Err(format!(
            "the marks fit no tuning {who} could have begun its turn with (with its tuning now, {})",
            first.first().map_or("they do not fit", String::as_str)
        )),
    }
}

/// How the marks of `pos` disagree with its field, in reading order (see [`check`]).
fn misfits(pos: &Position) -> Vec<String> {
    let mut out = Vec::new();
    for cell in Cell::all() {
        let Some(p) = pos.piece_at(cell) else {
            continue;
        };
        let hostile = pos.hostile(p.owner, cell);
        let (who, what) = (p.owner.title(), p.kind.title());
        if p.kind != Kind::BigHat {
            if hostile && !p.unstable {
                out.push(format!(
                    "{who}'s {what} on {cell} stands on hostile territory but is not marked unstable"
                ));
            } else if !hostile && p.unstable {
                out.push(format!(
                    "{who}'s {what} on {cell} is marked unstable but does not stand on hostile territory"
                ));
            }
        } else if p.owner == pos.to_move() {
            if hostile && !pos.trapped() {
                out.push(format!(
                    "{who}'s Big Hat on {cell} stands on hostile territory but {who} is not marked trapped"
                ));
            } else if !hostile && pos.trapped() {
                out.push(format!(
                    "{who} is marked trapped but its Big Hat on {cell} does not stand on hostile territory"
                ));
            }
        } else if hostile {
            out.push(format!(
                "{who}'s Big Hat on {cell} stands on hostile territory, yet {who} moved last and a move must leave the mover's Big Hat protected"
            ));
        }
    }
    out
}

/// Marks `position` as at the end of a turn under its tunings now (what an editor offers
/// once the pieces stand): each piece but a Big Hat is unstable exactly when it stands on
/// hostile territory (W8), and the side to move is trapped exactly when its Big Hat does.
pub fn settle(position: &mut Position) {
    let hostile: Vec<_> = position
        .pieces()
        .iter()
        .filter(|p| p.alive)
        .map(|p| (p.id, position.hostile(p.owner, p.cell)))
        .collect();
    for (id, hostile) in hostile {
        position.set_unstable(id, hostile);
    }
    position.refresh_trapped();
}

/// A checked position: `pieces` (kind, owner, square, marked unstable) on the board in
/// reading order (their ids follow it, kind by kind), `to_move` to move, each side's
/// tuning (W6), the trap mark of the side to move and the moves made (W12's `ply`).
/// Refused with [`check`]'s sentences (or "two pieces stand on C4").
pub fn position(
    pieces: &[(Kind, Side, Cell, bool)],
    to_move: Side,
    blue: Profile,
    red: Profile,
    trapped: bool,
    moves: u32,
) -> Result<Position, String> {
    let pos = placed(pieces, to_move, blue, red, trapped, moves)?;
    check(&pos)?;
    Ok(pos)
}

/// [`position`] before its checks: only two pieces on one square are refused.
pub(super) fn placed(
    pieces: &[(Kind, Side, Cell, bool)],
    to_move: Side,
    blue: Profile,
    red: Profile,
    trapped: bool,
    moves: u32,
) -> Result<Position, String> {
    let t = Tables::builtin();
    let board: Vec<_> = pieces.iter().map(|p| (p.0, p.1, p.2)).collect();
    let mut pos = Position::from_board(t, &board, to_move)?;
    pos.set_side_profile(t, Side::Blue, blue);
    pos.set_side_profile(t, Side::Red, red);
    for (_, _, cell, unstable) in pieces {
        if let Some(id) = pos.piece_at(*cell).map(|p| p.id) {
            pos.set_unstable(id, *unstable);
        }
    }
    pos.set_trapped(trapped);
    pos.set_ply(moves);
    Ok(pos)
}

/// A checked game that goes on from `position` (resigned or not) after `actions` actions
/// played (the contract's `ply`; at least the moves made, and one more once resigned);
/// undo stops there, the generator is seeded with 0.
pub fn game(position: Position, actions: usize) -> Result<Game, String> {
    counts(
        u64::from(position.ply()),
        actions as u64,
        position.outcome().is_some(),
    )?;
    check(&position)?;
    Ok(Game::resumed(position, actions))
}

/// Refuses counts that do not fit: each at most [`MAX_COUNT`], every move is an action, and
/// a resignation is one more.
pub(super) fn counts(moves: u64, actions: u64, resigned: bool) -> Result<(), String> {
    for (n, count) in [(5, moves), (6, actions)] {
        if count > MAX_COUNT {
            return Err(format!(
                "{} (field {}) must be at most {MAX_COUNT}, not {count}",
                FIELDS[n],
                n + 1
            ));
        }
    }
    let least = moves + u64::from(resigned);
    if actions < least {
        let why = if resigned {
            "every move is an action, and so is the resignation"
        } else {
            "every move is an action"
        };
        return Err(format!(
            "{} (field 7) must be at least {least} with {moves} moves made, not {actions}: {why}",
            FIELDS[6]
        ));
    }
    Ok(())
}
