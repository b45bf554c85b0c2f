//! What the interface shows, computed here so the presentation only draws: move markers
//! (W10), per-square breakdowns (per piece, per kind = the four CMYK channels,
//! composition ratios), a piece's own wave, the History Roll and the Pressure summary.

use serde::{Deserialize, Serialize};

use super::game::{Event, Game};
use super::geometry::{CELLS, Cell, Kind, Side};
use super::patterns::{Tables, format_units};
use super::position::{PIECES, PieceId, Position};

mod history;

pub use history::{HistoryLine, LineKind, history_roll};

/// W10's marker for one reachable destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MarkerKind {
    /// White ring: a legal destination.
    Legal,
    /// Yellow B: reachable, but the Big Hat rule (W9) forbids ending there.
    BlockedByBigHat,
    /// Yellow diamond with !: legal, but one of the mover's own pieces will be removed.
    CostsOwnPiece,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marker {
    pub to: Cell,
    pub kind: MarkerKind,
    /// How many of the mover's pieces the move removes.
    pub own_losses: u8,
}

/// The markers for the piece on `from` (empty unless it belongs to the side to move),
/// destinations in reading order.
pub fn markers(t: &Tables, pos: &Position, from: Cell) -> Vec<Marker> {
    let Some(i) = pos.index_at(from) else {
        return Vec::new();
    };
    if pos.pieces()[i].owner != pos.to_move() || pos.outcome().is_some() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut mask = pos.reachable(i);
    while mask != 0 {
        let c = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        let Some(to) = Cell::from_index(c) else {
            continue;
        };
        let check = pos.check_move(t, i, to);
        let kind = if !check.legal {
            MarkerKind::BlockedByBigHat
        } else if check.own_losses > 0 {
            MarkerKind::CostsOwnPiece
        } else {
            MarkerKind::Legal
        };
        out.push(Marker {
            to,
            kind,
            own_losses: check.own_losses,
        });
    }
    out
}

/// One square's field split up (units of 1/64).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Breakdown {
    pub cell: Cell,
    pub total: i32,
    /// Every alive piece's contribution, in id order.
    pub per_piece: Vec<(PieceId, i32)>,
    /// Per kind (both sides together): the four CMYK channels.
    pub per_kind: [i32; 4],
    /// Per side (Red, Blue) and kind.
    pub per_side_kind: [[i32; 4]; 2],
    /// Each kind's share of the square's energy, |channel| / sum of |channels|, as an
    /// exact (numerator, denominator) pair; (0, 0) when the square has no energy.
    pub composition: [(i32, i32); 4],
}

pub fn breakdown(t: &Tables, pos: &Position, cell: Cell) -> Breakdown {
    let mut per_piece = Vec::new();
    let mut per_kind = [0; 4];
    let mut per_side_kind = [[0; 4]; 2];
    for (i, p) in pos.pieces().iter().enumerate() {
        if !p.alive {
            continue;
        }
        let v = pos.contribution(t, i, p.cell, cell);
        per_piece.push((p.id, v));
        per_kind[p.kind.index()] += v;
        per_side_kind[p.owner.index()][p.kind.index()] += v;
    }
    let energy: i32 = per_kind.iter().map(|v| v.abs()).sum();
    let composition = per_kind.map(|v| {
        if energy == 0 {
            (0, 0)
        } else {
            (v.abs(), energy)
        }
    });
    Breakdown {
        cell,
        total: pos.value(cell),
        per_piece,
        per_kind,
        per_side_kind,
        composition,
    }
}

/// One kind's channel over the whole board (both sides), for the isolated CMYK view.
pub fn channel(t: &Tables, pos: &Position, kind: Kind) -> [i32; CELLS] {
    let mut out = [0; CELLS];
    for (i, p) in pos.pieces().iter().enumerate() {
        if p.alive && p.kind == kind {
            for c in Cell::all() {
                out[c.index()] += pos.contribution(t, i, p.cell, c);
            }
        }
    }
    out
}

/// One piece's wave over the whole board (the selected piece's influence border).
pub fn piece_wave(t: &Tables, pos: &Position, id: PieceId) -> [i32; CELLS] {
    let mut out = [0; CELLS];
    let i = id.0 as usize;
    if i < PIECES && pos.pieces()[i].alive {
        let origin = pos.pieces()[i].cell;
        for c in Cell::all() {
            out[c.index()] = pos.contribution(t, i, origin, c);
        }
    }
    out
}

/// Each alive piece's number of reachable squares (developer mode's mobility view).
pub fn mobility(pos: &Position) -> Vec<(PieceId, u32)> {
    (0..PIECES)
        .filter(|i| pos.pieces()[*i].alive)
        .map(|i| (pos.pieces()[i].id, pos.reachable(i).count_ones()))
        .collect()
}

/// The Pressure panel for the side to move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pressure {
    pub side: Side,
    /// Legal moves under the current tuning.
    pub legal_moves: usize,
    /// Unstable pieces: the side to move's, then the opponent's.
    pub unstable_own: usize,
    pub unstable_opponent: usize,
    /// The Big Hat's safety margin (positive = friendly), units of 1/64, and as text.
    pub big_hat_margin: i32,
    pub big_hat_margin_text: String,
    pub trapped: bool,
    /// The side's margin at the end of each of its recent turns, oldest first (up to 8).
    pub trend: Vec<i32>,
}

pub fn pressure(game: &Game) -> Pressure {
    let pos = game.position();
    let side = pos.to_move();
    let count = |s: Side| {
        pos.pieces()
            .iter()
            .filter(|p| p.alive && p.owner == s && p.unstable)
            .count()
    };
    let mut trend: Vec<i32> = game
        .timeline()
        .iter()
        .filter(|e| matches!(e.resolution.event, Event::Moved { .. }) && e.before.to_move() == side)
        .map(|e| e.before.big_hat_margin(side))
        .collect();
    trend.push(pos.big_hat_margin(side));
    let trend = trend[trend.len().saturating_sub(8)..].to_vec();
    Pressure {
        side,
        legal_moves: game.legal_moves().len(),
        unstable_own: count(side),
        unstable_opponent: count(side.opponent()),
        big_hat_margin: pos.big_hat_margin(side),
        big_hat_margin_text: format_units(pos.big_hat_margin(side)),
        trapped: pos.trapped(),
        trend,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::wavefield::notation::{Action, parse_action};

    #[test]
    fn w10_markers_cover_every_reachable_square() {
        let game = Game::new(0);
        let pos = game.position();
        let t = game.tables();
        let ms = markers(t, pos, Cell::parse("D6").unwrap());
        assert_eq!(
            ms.len() as u32,
            pos.reachable(pos.index_at(Cell::parse("D6").unwrap()).unwrap())
                .count_ones()
        );
        let legal = game.legal_moves();
        for m in &ms {
            let is_legal = legal
                .iter()
                .any(|l| l.from.to_string() == "D6" && l.to == m.to);
            assert_eq!(is_legal, m.kind != MarkerKind::BlockedByBigHat);
        }
        // Not the side to move: no markers.
        assert!(markers(t, pos, Cell::parse("D2").unwrap()).is_empty());
    }

    #[test]
    fn breakdown_sums_to_the_field() {
        let mut game = Game::new(0);
        game.play(parse_action("D6-D3").unwrap()).unwrap();
        let t = game.tables();
        for c in Cell::all() {
            let b = breakdown(t, game.position(), c);
            assert_eq!(b.per_piece.iter().map(|p| p.1).sum::<i32>(), b.total);
            assert_eq!(b.per_kind.iter().sum::<i32>(), b.total);
            let shares: i32 = b.composition.iter().map(|r| r.0).sum();
            assert!(b.composition.iter().all(|r| r.1 == 0) || shares == b.composition[0].1);
        }
        let chan: i32 = Kind::ALL
            .iter()
            .map(|k| channel(t, game.position(), *k)[10])
            .sum();
        assert_eq!(chan, game.position().field()[10]);
    }

    #[test]
    fn history_roll_and_pressure_follow_the_timeline() {
        let mut game = Game::new(2);
        for a in ["tune R+T-A+B+", "dice", "reset", "D6-D3", "resign"] {
            game.play(parse_action(a).unwrap()).unwrap();
        }
        let kinds: Vec<LineKind> = history_roll(&game).iter().map(|l| l.kind).collect();
        assert_eq!(
            kinds,
            [
                LineKind::Tune,
                LineKind::Dice,
                LineKind::Reset,
                LineKind::Move,
                LineKind::Turn,
                LineKind::Resign
            ]
        );
        assert_eq!(history_roll(&game)[3].text, "Blue moves Triangle Hat D6-D3");
        game.undo();
        let p = pressure(&game);
        assert_eq!(p.side, Side::Red);
        assert_eq!(p.legal_moves, game.legal_moves().len());
        assert_eq!(p.unstable_opponent, 1);
        assert_eq!(*p.trend.last().unwrap(), p.big_hat_margin);
    }

    #[test]
    fn w10_markers_predict_what_the_move_does() {
        use crate::rules::rng::seeded;
        use crate::rules::wavefield::selfplay;
        let (mut costs, mut blocked) = (0, 0);
        let mut rng = seeded(31);
        for _ in 0..200 {
            let mut game = Game::new(0);
            let mut buf = Vec::new();
            while game.outcome().is_none() && game.position().ply() < 120 {
                let pos = game.position().clone();
                for from in Cell::all() {
                    for m in game.markers(from) {
                        let mut g = game.clone();
                        let played = g.play(Action::Move(super::super::position::Move {
                            from,
                            to: m.to,
                        }));
                        match m.kind {
                            MarkerKind::BlockedByBigHat => {
                                assert!(played.unwrap_err().to_string().contains("W9"));
                                blocked += 1;
                            }
                            MarkerKind::CostsOwnPiece => {
                                let Ok(r) = played else {
                                    panic!("{from}-{} is legal", m.to)
                                };
                                let Event::Moved { rounds, .. } = r.event else {
                                    panic!()
                                };
                                let lost: usize = rounds.iter().map(|r| r.0.len()).sum();
                                assert_eq!(lost, m.own_losses as usize);
                                assert!(
                                    rounds
                                        .iter()
                                        .flat_map(|r| &r.0)
                                        .all(|p| p.owner == pos.to_move())
                                );
                                costs += 1;
                            }
                            MarkerKind::Legal => {
                                let Ok(r) = played else {
                                    panic!("{from}-{} is legal", m.to)
                                };
                                assert!(
                                    matches!(r.event, Event::Moved { ref rounds, .. } if rounds.is_empty())
                                );
                            }
                        }
                    }
                }
                match selfplay::random_choice(game.tables(), &pos, &mut buf, &mut rng) {
                    super::super::ai::Choice::Resign => break,
                    super::super::ai::Choice::Play { profile, mv } => {
                        game.play(Action::Tune(profile)).unwrap();
                        game.play(Action::Move(mv)).unwrap();
                    }
                }
            }
            if costs > 0 && blocked > 0 {
                return;
            }
        }
        panic!("seeded games show both yellow markers: costs {costs}, blocked {blocked}");
    }
}
