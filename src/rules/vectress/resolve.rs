//! Magnet resolution in waves (section 4, V3..V10, V15). Every wave reads one fixed board:
//! bodies, contacts, forces, shoves and blocking are computed as sets, so the result never
//! depends on piece ids or the order pieces are stored in (V7).

use super::geometry::{CELLS, Dir};
use super::pieces::{CONTACTS, Contact};
use super::position::{EMPTY, MAX_PIECES, Position, bits};
use super::resolution::{BondChange, Cause, LostPiece, PieceMove, Sink};

/// The safety net of V10: resolution stops after this many waves. Tests assert it is
/// never reached.
pub const WAVE_CAP: usize = 100;

/// How a resolution went, for statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ResolveStats {
    /// Waves run, including the final one in which nothing moved.
    pub waves: usize,
    pub capped: bool,
    pub bonds_formed: usize,
}

/// Resolves the magnets after a player's move. `actors` are the pieces the player moved;
/// `held` is every body containing one of them, held in place for wave 1 (V4, V15).
pub fn resolve<S: Sink>(pos: &mut Position, actors: u32, held: u32, sink: &mut S) -> ResolveStats {
    let mut stats = ResolveStats::default();
    let mut actors = actors;
    let mut held = held;
    while stats.waves < WAVE_CAP {
        stats.waves += 1;
        sink.wave_start(actors);
        let result = wave(pos, actors, held, sink);
        stats.bonds_formed += result.bonds_formed;
        if result.moved == 0 && !result.any_lost {
            return stats;
        }
        actors = result.moved;
        held = 0;
    }
    stats.capped = true;
    stats
}

struct WaveResult {
    moved: u32,
    any_lost: bool,
    bonds_formed: usize,
}

/// Small fixed-capacity list so the hot loop never allocates.
struct List<T: Copy, const N: usize> {
    items: [T; N],
    len: usize,
}

impl<T: Copy, const N: usize> List<T, N> {
    fn new(fill: T) -> Self {
        List {
            items: [fill; N],
            len: 0,
        }
    }
    #[inline]
    fn push(&mut self, item: T) {
        if self.len < N {
            self.items[self.len] = item;
            self.len += 1;
        }
    }
    fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            None
        } else {
            self.len -= 1;
            Some(self.items[self.len])
        }
    }
    fn as_slice(&self) -> &[T] {
        &self.items[..self.len]
    }
}

fn sign(v: i8) -> i8 {
    v.signum()
}

/// One wave (section 4, steps 1..6).
fn wave<S: Sink>(pos: &mut Position, actors: u32, held: u32, sink: &mut S) -> WaveResult {
    // Bodies at the start of the wave: rep[piece] names the body (its lowest id, only a
    // label), comp[rep] is the body's member mask.
    let mut rep = [EMPTY; MAX_PIECES];
    let mut comp = [0u32; MAX_PIECES];
    let mut rest = pos.live_mask();
    while rest != 0 {
        let first = rest.trailing_zeros() as u8;
        let body = pos.body_mask(first);
        for j in bits(body) {
            rep[j as usize] = first;
        }
        comp[first as usize] = body;
        rest &= !body;
    }

    // 1. Contacts: only actors push (V4); held bodies receive no push in wave 1.
    let mut force = [(0i8, 0i8); MAX_PIECES];
    let mut pushed = 0u32; // reps that received any push
    let mut candidates: List<(u8, u8), 256> = List::new((0, 0));
    for a in bits(actors) {
        let pa = pos.get(a);
        let own = comp[rep[a as usize] as usize];
        for d in Dir::ALL {
            let Some(t) = pa.cell.step(d, 1) else {
                continue;
            };
            let n = pos.id_at(t);
            if n == EMPTY || own & (1 << n) != 0 {
                continue;
            }
            let pn = pos.get(n);
            match CONTACTS[pa.code()][d.index()][pn.code()] {
                Contact::Push => {
                    if held & (1 << n) == 0 {
                        let r = rep[n as usize] as usize;
                        let (dx, dy) = d.delta();
                        force[r].0 += dx;
                        force[r].1 += dy;
                        pushed |= 1 << r;
                        sink.push(a, n, comp[r], d);
                    }
                }
                Contact::Bond => candidates.push((a, n)),
                Contact::Nothing => {}
            }
        }
    }

    // 2. Forces add, clamped per axis (V5).
    let mut magnet = 0u32; // reps with a magnet step
    let mut step = [Dir::N; MAX_PIECES];
    for r in 0..MAX_PIECES {
        let (fx, fy) = force[r];
        if let Some(d) = Dir::from_delta(sign(fx), sign(fy)) {
            magnet |= 1 << r;
            step[r] = d;
        }
    }

    // 3-4. Shoves and blocking as a fixed point (V6, V7, V15).
    let mut active = magnet;
    let (dirs, links) = loop {
        let mut dirs = [0u8; MAX_PIECES];
        let mut links: List<(u8, u8, u8), 256> = List::new((0, 0, 0));
        let mut work: List<(u8, u8), 256> = List::new((0, 0));
        for r in bits(active) {
            dirs[r as usize] = 1 << step[r as usize].index();
            work.push((r, step[r as usize].index() as u8));
        }
        // Shove closure: a moving body passes a shove to a resting, non-magnet body on
        // like poles, for every step it moves with (jammed bodies still pass shoves on).
        while let Some((x, v)) = work.pop() {
            let dir = Dir::from_index(v as usize);
            let members = comp[x as usize];
            for b in bits(members) {
                let pb = pos.get(b);
                let Some(t) = pb.cell.step(dir, 1) else {
                    continue;
                };
                let o = pos.id_at(t);
                if o == EMPTY || members & (1 << o) != 0 {
                    continue;
                }
                let c = rep[o as usize];
                if (magnet | held) & (1 << c) != 0 {
                    continue;
                }
                if CONTACTS[pb.code()][v as usize][pos.get(o).code()] == Contact::Push {
                    links.push((b, o, v));
                    if dirs[c as usize] & (1 << v) == 0 {
                        dirs[c as usize] |= 1 << v;
                        work.push((c, v));
                    }
                }
            }
        }
        // Blocking: jams, cells wanted by two bodies, cells held by anything not moving
        // the same way; then spread along follow/shove dependencies.
        let mut blocked = 0u32;
        let mut demand = [EMPTY; CELLS];
        let mut deps: List<(u8, u8), 256> = List::new((0, 0));
        for x in 0..MAX_PIECES as u8 {
            let xd = dirs[x as usize];
            if xd == 0 {
                continue;
            }
            if xd.count_ones() > 1 {
                blocked |= 1 << x;
                continue;
            }
            let dir = Dir::from_index(xd.trailing_zeros() as usize);
            let members = comp[x as usize];
            for b in bits(members) {
                let Some(t) = pos.get(b).cell.step(dir, 1) else {
                    continue;
                };
                let want = &mut demand[t.index()];
                if *want == EMPTY {
                    *want = x;
                } else if *want != x {
                    blocked |= (1 << x) | (1 << *want);
                }
                let o = pos.id_at(t);
                if o == EMPTY || members & (1 << o) != 0 {
                    continue;
                }
                let c = rep[o as usize];
                if dirs[c as usize] == xd {
                    deps.push((x, c));
                } else {
                    blocked |= 1 << x;
                }
            }
        }
        let mut changed = true;
        while changed {
            changed = false;
            for &(x, c) in deps.as_slice() {
                if blocked & (1 << c) != 0 && blocked & (1 << x) == 0 {
                    blocked |= 1 << x;
                    changed = true;
                }
            }
        }
        let remove = blocked & active;
        if remove == 0 {
            // At the fixed point nothing is blocked; mask anyway so a stray blocked
            // shoved body could never move.
            for x in bits(blocked) {
                dirs[x as usize] = 0;
            }
            break (dirs, links);
        }
        active &= !remove;
    };

    // Everything left moves at once: lift all, then set down or drop off (V8).
    let mut movers = 0u32;
    for x in 0..MAX_PIECES {
        if dirs[x] != 0 {
            movers |= comp[x];
        }
    }
    for r in bits(pushed) {
        let step = (magnet & (1 << r) != 0).then_some(step[r as usize]);
        sink.force(comp[r as usize], step, dirs[r as usize] != 0);
    }
    for &(b, o, v) in links.as_slice() {
        if movers & (1 << b) != 0 {
            sink.shove(b, o, Dir::from_index(v as usize));
        }
    }
    let mut moved = 0u32;
    let mut any_lost = false;
    let before = if movers != 0 { *pos } else { Position::empty() };
    for b in bits(movers) {
        pos.lift(b);
    }
    for b in bits(movers) {
        let r = rep[b as usize] as usize;
        let dir = Dir::from_index(dirs[r].trailing_zeros() as usize);
        let cause = if magnet & (1 << r) != 0 {
            Cause::Magnet
        } else {
            Cause::Shove
        };
        let p = before.get(b);
        match p.cell.step(dir, 1) {
            Some(to) => {
                pos.set_down(b, to);
                moved |= 1 << b;
                sink.moved(PieceMove {
                    id: b,
                    from: p.cell,
                    to,
                    cause,
                });
            }
            None => {
                any_lost = true;
                let partners = pos.drop_off(b);
                sink.lost(LostPiece {
                    id: b,
                    kind: p.kind,
                    owner: p.owner,
                    from: p.cell,
                    dir,
                    cause,
                });
                for j in bits(partners) {
                    sink.bond_broken(BondChange {
                        a: b,
                        b: j,
                        a_cell: p.cell,
                        b_cell: before.get(j).cell,
                    });
                }
            }
        }
    }

    // 5. Bonds: candidates still adjacent with unlike poles after the wave (V9, V15).
    let mut bonds_formed = 0;
    for &(a, n) in candidates.as_slice() {
        let (Some(pa), Some(pn)) = (pos.piece(a), pos.piece(n)) else {
            continue;
        };
        let Some(d) = pa.cell.dir_to(pn.cell) else {
            continue;
        };
        if pos.bond_mask(a) & (1 << n) != 0 {
            continue;
        }
        if CONTACTS[pa.code()][d.index()][pn.code()] == Contact::Bond {
            pos.link(a, n);
            bonds_formed += 1;
            sink.bond_formed(BondChange {
                a,
                b: n,
                a_cell: pa.cell,
                b_cell: pn.cell,
            });
        }
    }

    // 6. The next wave's actors are the pieces that moved.
    WaveResult {
        moved,
        any_lost,
        bonds_formed,
    }
}
