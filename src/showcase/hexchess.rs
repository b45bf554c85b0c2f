//! Hex chess's scores and captions: what was taken, threats the renaming made that the
//! departed type would not have, checks and mates given by the renaming, promotions, a
//! pawn arriving as a queen, and the forced replies that follow (H8).

use super::library::scenario;
use super::{Scores, Showcase, pick, pick_lowest};
use crate::rules::Rules;
use crate::rules::hexchess::geometry::tables;
use crate::rules::hexchess::movegen::piece_targets;
use crate::rules::hexchess::{Color, Event, Game, Kind, Move, Position, Reason, Resolution};
use crate::rules::rng::GameRng;

/// Forced replies are followed at most this far.
const FORCED_LOOKAHEAD: usize = 8;

impl Showcase for Game {
    const MIDGAME: std::ops::RangeInclusive<usize> = 0..=50;

    const SCENARIOS: &'static [(&'static str, &'static str)] = &[
        scenario!("hexchess", "pawn-takes-queen-mates"),
        scenario!("hexchess", "promote-rook-mate-bishop"),
        scenario!("hexchess", "bishop-arrives-knight-mate"),
        scenario!("hexchess", "rook-arrives-bishop-mate"),
        scenario!("hexchess", "quiet-step-queen-mate"),
        scenario!("hexchess", "ten-threats"),
        scenario!("hexchess", "one-way-out"),
        scenario!("hexchess", "queen-arrives-rook-mate"),
        scenario!("hexchess", "fast-pawn-mate"),
    ];

    fn scores(_before: &Game, resolution: &Resolution, after: &Game) -> Scores {
        let Renaming {
            threats: renamed_threats,
            check: renamed_check,
        } = renaming(after.position(), resolution);
        let mate = resolution
            .outcome
            .is_some_and(|o| o.reason == Reason::Checkmate);
        let queen_arrives = resolution.departed_as == Kind::Pawn
            && resolution.mv.promotion.is_none()
            && resolution.arrived_as == Kind::Queen;

        let mut s = Scores::new();
        s.add(
            "captured",
            resolution.captured.map_or(0, |(_, k, _)| value(k)),
            2,
        );
        s.add("renamed_threats", renamed_threats, 2);
        s.add("check", u8::from(resolution.gives_check), 1);
        s.add("renamed_check", u8::from(renamed_check), 4);
        s.add("promoted", u8::from(resolution.mv.promotion.is_some()), 6);
        s.add("queen_arrives", u8::from(queen_arrives), 1);
        s.add("forced_replies", forced_replies(after), 3);
        s.add("mate", u8::from(mate), 20);
        s.add("renamed_mate", u8::from(mate && renamed_check), 15);
        s
    }

    fn captions(before: &Game, resolution: &Resolution) -> Vec<String> {
        stage_captions(before, resolution, true)
    }

    fn short_captions(before: &Game, resolution: &Resolution) -> Vec<String> {
        short_stage_captions(before, resolution, true)
    }

    fn playout_turn(&self, rng: &mut GameRng, dense: bool) -> Option<Vec<Move>> {
        let legal = self.legal_actions();
        let mv = if dense {
            // Quiet moves toward the middle keep the men on the board and close together.
            let pos = self.position();
            pick_lowest(&legal, 8, rng, |m| {
                let (q, r) = m.to.axial();
                let capture = i64::from(pos.piece_at(m.to).is_some()) * 10;
                i64::from(q.abs().max(r.abs()).max((q + r).abs())) + capture
            })
        } else {
            pick(&legal, rng)
        }?;
        Some(vec![mv])
    }
}

/// One caption per stage the window plays of `resolution`: the move, a promotion, the
/// renaming, the check (captures and endings play inside those). With
/// `announce_renaming` false (live v011 play: the document has nothing announce it) the
/// renaming has no stage and so no caption.
pub fn stage_captions(
    before: &Game,
    resolution: &Resolution,
    announce_renaming: bool,
) -> Vec<String> {
    captions_in(before, resolution, announce_renaming, false)
}

/// The same stages' captions in one short line each ("the pawn arrives as a queen · 10
/// new targets").
pub fn short_stage_captions(
    before: &Game,
    resolution: &Resolution,
    announce_renaming: bool,
) -> Vec<String> {
    captions_in(before, resolution, announce_renaming, true)
}

fn captions_in(
    before: &Game,
    resolution: &Resolution,
    announce_renaming: bool,
    short: bool,
) -> Vec<String> {
    let side = title(resolution.color);
    let other = title(resolution.color.other());
    let mate = resolution
        .outcome
        .is_some_and(|o| o.reason == Reason::Checkmate);
    let mut current = resolution.departed_as;
    let mut captions = Vec::new();
    for event in &resolution.events {
        match event {
            Event::Moved { from, to, .. } => {
                let taken = resolution
                    .captured
                    .map(|(_, kind, _)| format!(", taking the {other} {}", kind.name()))
                    .unwrap_or_default();
                captions.push(format!("{side} {} {from}-{to}{taken}", current.name()));
            }
            Event::Promoted { to, .. } => {
                captions.push(format!("the pawn promotes to a {}", to.name()));
                current = *to;
            }
            Event::Renamed { from, to, .. } => {
                if announce_renaming {
                    let mut after = before.clone();
                    let threats = match after.play(resolution.mv) {
                        Ok(_) => renaming(after.position(), resolution).threats,
                        Err(_) => 0,
                    };
                    let reach = if threats > 1 && short {
                        format!(" · {threats} new targets")
                    } else if threats > 1 {
                        format!(
                            ", attacking {threats} men it could not reach as a {}",
                            from.name()
                        )
                    } else {
                        String::new()
                    };
                    captions.push(format!(
                        "the {} arrives as a {}{reach}",
                        from.name(),
                        to.name()
                    ));
                }
                current = *to;
            }
            Event::Check { .. } if mate && short => captions.push("checkmate".to_string()),
            Event::Check { .. } if mate => {
                captions.push(format!("checkmate: the {other} king has nowhere to go"));
            }
            Event::Check { .. } => captions.push(format!("check to the {other} king")),
            Event::Captured { .. } | Event::Ended(_) => {}
        }
    }
    captions
}

/// What the renaming gave the man that arrived, which the type it had before the
/// rotation (or the promotion's choice) would not have.
struct Renaming {
    /// Enemy men (the king aside) it attacks now and would not have.
    threats: u32,
    /// It gives check and would not have.
    check: bool,
}

fn renaming(after: &Position, resolution: &Resolution) -> Renaming {
    let (color, to) = (resolution.color, resolution.to.index());
    let king = after.king(color.other()).map_or(0, |k| k.bit());
    let enemy = after.color_bb(color.other());
    let before_rename = resolution.mv.promotion.unwrap_or(resolution.departed_as);
    if resolution.arrived_as == before_rename {
        return Renaming {
            threats: 0,
            check: false,
        };
    }
    let t = tables();
    let as_arrived = piece_targets(after, t, to, resolution.arrived_as, color) & enemy;
    let as_before = piece_targets(after, t, to, before_rename, color) & enemy;
    Renaming {
        threats: (as_arrived & !as_before & !king).count_ones(),
        check: resolution.gives_check && as_arrived & king != 0 && as_before & king == 0,
    }
}

/// Material values for the capture score.
pub(crate) fn value(kind: Kind) -> u32 {
    match kind {
        Kind::Pawn => 1,
        Kind::Knight | Kind::Bishop => 3,
        Kind::Rook => 5,
        Kind::Queen => 9,
        Kind::King => 0,
    }
}

fn title(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// How many moves in a row after this one have exactly one legal reply.
fn forced_replies(after: &Game) -> usize {
    if after.legal_moves().len() != 1 {
        return 0; // the common case, without copying the game
    }
    let mut game = after.clone();
    let mut n = 0;
    while n < FORCED_LOOKAHEAD {
        let legal = game.legal_moves();
        if legal.len() != 1 {
            break;
        }
        game.play_unchecked(legal[0]);
        n += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::showcase::score_last;

    /// A pawn takes a knight on its last rank and promotes to a queen, which arrives as
    /// a rook (the engine's record of this line): three stages before any check.
    #[test]
    fn a_promotion_with_renaming_scores_and_captions_each_stage() {
        let (scores, captions) = score_last::<Game>(&["f2b6", "k7k6", "b6e8", "b7b6", "e8d9=Q"]);
        assert_eq!(scores.get("captured"), Some(3));
        assert_eq!(scores.get("promoted"), Some(1));
        assert_eq!(scores.get("queen_arrives"), Some(0));
        assert_eq!(captions[0], "White pawn e8-d9, taking the Black knight");
        assert_eq!(captions[1], "the pawn promotes to a queen");
        assert_eq!(captions[2], "the queen arrives as a rook");
        let check = usize::try_from(scores.get("check").unwrap()).unwrap();
        assert_eq!(captions.len(), 3 + check);
        let short =
            crate::showcase::short_last::<Game>(&["f2b6", "k7k6", "b6e8", "b7b6", "e8d9=Q"]);
        assert_eq!(short[..3], captions[..3]);
    }

    /// A pawn's first step: in v011 it arrives as a queen (H4); nothing is taken.
    #[test]
    fn a_pawn_step_arrives_as_a_queen() {
        let (scores, captions) = score_last::<Game>(&["f5f6"]);
        assert_eq!(scores.get("queen_arrives"), Some(1));
        assert_eq!(scores.get("captured"), Some(0));
        assert_eq!(scores.get("mate"), Some(0));
        assert_eq!(
            captions,
            ["White pawn f5-f6", "the pawn arrives as a queen"]
        );
        assert_eq!(crate::showcase::short_last::<Game>(&["f5f6"]), captions);
    }
}
