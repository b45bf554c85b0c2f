//! A second, deliberately plain implementation of one wave (section 4, V3..V9, V15),
//! written from the rulings with maps and sets keyed by cell, compared with the engine's
//! bit-mask resolver on positions from random games.

use std::collections::{BTreeMap, BTreeSet};

use rand::seq::IndexedRandom;

use super::*;
use crate::rules::rng::seeded;
use crate::rules::vectress::game::Game;
use crate::rules::vectress::geometry::Dir;
use crate::rules::vectress::pieces::{Contact, contact};

type Board = BTreeMap<Cell, (Kind, Side)>;
type Bonds = BTreeSet<(Cell, Cell)>;

fn pair(a: Cell, b: Cell) -> (Cell, Cell) {
    if a < b { (a, b) } else { (b, a) }
}

fn touch(board: &Board, a: Cell, d: Dir, n: Cell) -> Contact {
    let (ak, ao) = board[&a];
    let (nk, no) = board[&n];
    contact(ak, ao, d, nk, no)
}

/// Bodies as sets of cells, and each cell's body index.
fn bodies(board: &Board, bonds: &Bonds) -> (Vec<BTreeSet<Cell>>, BTreeMap<Cell, usize>) {
    let mut list: Vec<BTreeSet<Cell>> = Vec::new();
    let mut of = BTreeMap::new();
    for &start in board.keys() {
        if of.contains_key(&start) {
            continue;
        }
        let mut body = BTreeSet::from([start]);
        let mut todo = vec![start];
        while let Some(c) = todo.pop() {
            for &(a, b) in bonds {
                let other = if a == c {
                    b
                } else if b == c {
                    a
                } else {
                    continue;
                };
                if body.insert(other) {
                    todo.push(other);
                }
            }
        }
        for &c in &body {
            of.insert(c, list.len());
        }
        list.push(body);
    }
    (list, of)
}

/// One wave; returns the cells that moved (new cells), whether anything left the board,
/// and the wave as the protocol reports it.
fn wave(
    board: &mut Board,
    bonds: &mut Bonds,
    actors: &BTreeSet<Cell>,
    held: &BTreeSet<Cell>,
) -> (BTreeSet<Cell>, bool, Summary) {
    let (list, of) = bodies(board, bonds);
    let held_bodies: BTreeSet<usize> = held.iter().map(|c| of[c]).collect();
    let mut force: BTreeMap<usize, (i8, i8)> = BTreeMap::new();
    let mut candidates = Vec::new();
    for &a in actors {
        for d in Dir::ALL {
            let Some(n) = a.step(d, 1) else { continue };
            if !board.contains_key(&n) || of[&n] == of[&a] {
                continue;
            }
            match touch(board, a, d, n) {
                Contact::Push if !held_bodies.contains(&of[&n]) => {
                    let f = force.entry(of[&n]).or_default();
                    f.0 += d.delta().0;
                    f.1 += d.delta().1;
                }
                Contact::Bond => candidates.push((a, n)),
                _ => {}
            }
        }
    }
    let magnet: BTreeMap<usize, Dir> = force
        .iter()
        .filter_map(|(&b, &(x, y))| Some((b, Dir::from_delta(x.signum(), y.signum())?)))
        .collect();
    let mut active = magnet.clone();
    let moving: BTreeMap<usize, Dir> = loop {
        let mut steps: BTreeMap<usize, BTreeSet<Dir>> = active
            .iter()
            .map(|(&b, &d)| (b, BTreeSet::from([d])))
            .collect();
        let mut queue: Vec<(usize, Dir)> = active.iter().map(|(&b, &d)| (b, d)).collect();
        while let Some((x, v)) = queue.pop() {
            for &m in &list[x] {
                let Some(t) = m.step(v, 1) else { continue };
                let Some(&c) = of.get(&t).filter(|_| board.contains_key(&t)) else {
                    continue;
                };
                if c == x || magnet.contains_key(&c) || held_bodies.contains(&c) {
                    continue;
                }
                if touch(board, m, v, t) == Contact::Push && steps.entry(c).or_default().insert(v) {
                    queue.push((c, v));
                }
            }
        }
        let mut blocked: BTreeSet<usize> = steps
            .iter()
            .filter(|(_, s)| s.len() > 1)
            .map(|(&b, _)| b)
            .collect();
        let single: BTreeMap<usize, Dir> = steps
            .iter()
            .filter(|(_, s)| s.len() == 1)
            .map(|(&b, s)| (b, *s.iter().next().unwrap()))
            .collect();
        let mut claims: BTreeMap<Cell, BTreeSet<usize>> = BTreeMap::new();
        let mut deps = Vec::new();
        for (&x, &v) in &single {
            for &m in &list[x] {
                let Some(t) = m.step(v, 1) else { continue };
                claims.entry(t).or_default().insert(x);
                if board.contains_key(&t) && of[&t] != x {
                    let c = of[&t];
                    if single.get(&c) == Some(&v) {
                        deps.push((x, c));
                    } else {
                        blocked.insert(x);
                    }
                }
            }
        }
        for who in claims.values().filter(|w| w.len() > 1) {
            blocked.extend(who);
        }
        loop {
            let more: Vec<usize> = deps
                .iter()
                .filter(|(x, c)| blocked.contains(c) && !blocked.contains(x))
                .map(|(x, _)| *x)
                .collect();
            if more.is_empty() {
                break;
            }
            blocked.extend(more);
        }
        let remove: Vec<usize> = active
            .keys()
            .filter(|b| blocked.contains(b))
            .copied()
            .collect();
        if remove.is_empty() {
            break single;
        }
        for b in remove {
            active.remove(&b);
        }
    };
    // Move everything at once.
    let mut moved_cells = BTreeSet::new();
    let mut moved = Vec::new();
    let mut lost = Vec::new();
    let mut relocate: BTreeMap<Cell, Option<Cell>> = BTreeMap::new();
    for (&x, &v) in &moving {
        for &m in &list[x] {
            relocate.insert(m, m.step(v, 1));
        }
    }
    let mut next = Board::new();
    for (&c, &piece) in board.iter() {
        match relocate.get(&c) {
            None => {
                next.insert(c, piece);
            }
            Some(Some(t)) => {
                next.insert(*t, piece);
                moved.push((c.name(), t.name()));
                moved_cells.insert(*t);
            }
            Some(None) => lost.push(c.name()),
        }
    }
    let place = |c: Cell| relocate.get(&c).copied().unwrap_or(Some(c));
    let mut next_bonds = Bonds::new();
    for &(a, b) in bonds.iter() {
        if let (Some(a), Some(b)) = (place(a), place(b)) {
            next_bonds.insert(pair(a, b));
        }
    }
    *board = next;
    let mut formed = Vec::new();
    for (a, n) in candidates {
        let (Some(a), Some(n)) = (place(a), place(n)) else {
            continue;
        };
        let Some(d) = a.dir_to(n) else { continue };
        if touch(board, a, d, n) == Contact::Bond && next_bonds.insert(pair(a, n)) {
            let (x, y) = (a.name(), n.name());
            formed.push(if x < y { (x, y) } else { (y, x) });
        }
    }
    *bonds = next_bonds;
    moved.sort();
    lost.sort();
    formed.sort();
    let any_lost = !lost.is_empty();
    (moved_cells, any_lost, (moved, lost, formed))
}

#[test]
fn the_plain_resolver_agrees_with_the_engine() {
    let mut rng = seeded(2024);
    let mut compared = 0;
    let games = if cfg!(debug_assertions) { 40 } else { 400 };
    for _ in 0..games {
        let mut game = Game::new();
        while !game.is_over() {
            let legal = game.legal_actions();
            let action = *legal.choose(&mut rng).unwrap();
            let before = *game.position();
            let res = game.play(action).unwrap();
            let Some(player) = res.player else { continue };
            // Rebuild the board right after the player's own move, then resolve plainly.
            let after_move = before;
            let mut board: Board = Board::new();
            let mut relocated: BTreeMap<u8, Option<Cell>> = BTreeMap::new();
            for m in &player.moved {
                relocated.insert(m.id, Some(m.to));
            }
            for d in &player.dropped {
                relocated.insert(d.id, None);
            }
            for p in after_move.pieces() {
                match relocated.get(&p.id) {
                    None => {
                        board.insert(p.cell, (p.kind, p.owner));
                    }
                    Some(Some(to)) => {
                        board.insert(*to, (p.kind, p.owner));
                    }
                    Some(None) => {}
                }
            }
            let broken: BTreeSet<(u8, u8)> = player
                .bonds_broken
                .iter()
                .map(|b| (b.a.min(b.b), b.a.max(b.b)))
                .collect();
            let mut bonds = Bonds::new();
            for (a, b) in after_move.bonds() {
                if broken.contains(&(a, b)) {
                    continue;
                }
                let cell_of = |id: u8| match relocated.get(&id) {
                    None => after_move.piece(id).map(|p| p.cell),
                    Some(c) => *c,
                };
                if let (Some(x), Some(y)) = (cell_of(a), cell_of(b)) {
                    bonds.insert(pair(x, y));
                }
            }
            let actors: BTreeSet<Cell> = player.moved.iter().map(|m| m.to).collect();
            let (list, of) = bodies(&board, &bonds);
            let held: BTreeSet<Cell> = actors.iter().flat_map(|c| list[of[c]].clone()).collect();
            let mut waves = Vec::new();
            let mut current = actors;
            let mut held = held;
            loop {
                let (moved, lost, summary) = wave(&mut board, &mut bonds, &current, &held);
                waves.push(summary);
                if moved.is_empty() && !lost {
                    break;
                }
                current = moved;
                held = BTreeSet::new();
            }
            assert_eq!(waves, summaries(&res.waves), "{action}");
            let engine_board = super::board(game.position());
            let mut plain: Vec<_> = board.iter().map(|(c, (k, s))| (c.name(), *k, *s)).collect();
            plain.sort();
            assert_eq!(plain, engine_board);
            let mut plain_bonds: Vec<(String, String)> = bonds
                .iter()
                .map(|(a, b)| {
                    let (x, y) = (a.name(), b.name());
                    if x < y { (x, y) } else { (y, x) }
                })
                .collect();
            plain_bonds.sort();
            assert_eq!(plain_bonds, bond_cells(game.position()));
            compared += 1;
        }
    }
    assert!(compared > 1000, "{compared}");
}
