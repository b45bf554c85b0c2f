//! Rules tests: the pole tables against the rulebook, one hand-made position per
//! mechanism, the endings, and properties over random games. Ruling ids are cited where a
//! test pins one.

mod endings;
mod mechanics;
mod naive;
mod player_moves;
mod poles;
mod properties;
mod shown_waves;

use super::geometry::{Cell, Side};
use super::moves::Action;
use super::notation::parse;
use super::pieces::Kind;
use super::position::{Position, bits};
use super::resolution::{Wave, WaveLog};
use super::resolve::resolve;

pub(super) use Kind::{Octagon as O, Rhombus as R, Square as S, Triangle as T};
pub(super) use Side::{Black as B, White as W};

pub(super) fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap_or_else(|| panic!("bad cell {name}"))
}

pub(super) fn act(text: &str) -> Action {
    parse(text).unwrap_or_else(|e| panic!("{e}"))
}

/// A position with pieces given ids in list order, and bonds between cells.
pub(super) fn build(pieces: &[(&str, Kind, Side)], bonds: &[(&str, &str)]) -> Position {
    let mut pos = Position::empty();
    for (i, (name, kind, side)) in pieces.iter().enumerate() {
        pos.place(i as u8, *kind, *side, cell(name)).unwrap();
    }
    for (a, b) in bonds {
        pos.bond_cells(cell(a), cell(b)).unwrap();
    }
    pos
}

/// Resolves magnets with the pieces on `actors` as wave-1 actors and nothing held (for
/// mechanisms that need actors a single player move cannot produce).
pub(super) fn resolve_from(pos: &Position, actors: &[&str]) -> (Position, Vec<Wave>) {
    let mut pos = *pos;
    let mut mask = 0u32;
    for name in actors {
        mask |= 1 << pos.at(cell(name)).unwrap().id;
    }
    let mut log = WaveLog::default();
    let stats = resolve(&mut pos, mask, 0, &mut log);
    assert!(!stats.capped);
    (pos, log.waves)
}

/// A wave by cells, as the protocol reports it: moved (from, to), lost, bonds formed,
/// each sorted.
pub(super) type Summary = (Vec<(String, String)>, Vec<String>, Vec<(String, String)>);

pub(super) fn summary(wave: &Wave) -> Summary {
    let mut moved: Vec<_> = wave
        .moves
        .iter()
        .map(|m| (m.from.name(), m.to.name()))
        .collect();
    moved.sort();
    let mut lost: Vec<_> = wave.lost.iter().map(|l| l.from.name()).collect();
    lost.sort();
    let mut bonds: Vec<_> = wave
        .bonds_formed
        .iter()
        .map(|b| {
            let (x, y) = (b.a_cell.name(), b.b_cell.name());
            if x < y { (x, y) } else { (y, x) }
        })
        .collect();
    bonds.sort();
    (moved, lost, bonds)
}

/// Shorthand for an expected wave.
pub(super) fn expect(moved: &[(&str, &str)], lost: &[&str], bonds: &[(&str, &str)]) -> Summary {
    let mut moved: Vec<_> = moved
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    moved.sort();
    let mut lost: Vec<_> = lost.iter().map(|a| a.to_string()).collect();
    lost.sort();
    let mut bonds: Vec<_> = bonds
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    bonds.sort();
    (moved, lost, bonds)
}

pub(super) fn summaries(waves: &[Wave]) -> Vec<Summary> {
    waves.iter().map(summary).collect()
}

/// The piece kinds and owners by cell, for comparing boards.
pub(super) fn board(pos: &Position) -> Vec<(String, Kind, Side)> {
    let mut out: Vec<_> = pos
        .pieces()
        .map(|p| (p.cell.name(), p.kind, p.owner))
        .collect();
    out.sort();
    out
}

/// Bonds by cells.
pub(super) fn bond_cells(pos: &Position) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for p in pos.pieces() {
        for j in bits(pos.bond_mask(p.id)) {
            let q = pos.piece(j).unwrap();
            if p.cell.name() < q.cell.name() {
                out.push((p.cell.name(), q.cell.name()));
            }
        }
    }
    out.sort();
    out
}
