//! Hundreds of random games, each action checked against a naive model of the rules
//! written straight from the document and rulings (a grid of booleans, no bitboards),
//! and against the invariants the presentation relies on.

use std::collections::BTreeSet;

use rand::Rng;

use super::*;
use crate::rules::rng::seeded;

const PIECES: [(char, &[(i8, i8)]); 3] = [
    ('R', &[(0, 1), (1, 0), (0, -1), (-1, 0)]),
    ('B', &[(1, 1), (1, -1), (-1, -1), (-1, 1)]),
    (
        'Q',
        &[
            (0, 1),
            (1, 0),
            (0, -1),
            (-1, 0),
            (1, 1),
            (1, -1),
            (-1, -1),
            (-1, 1),
        ],
    ),
];

/// The naive model. `next` per piece: 0 any, 1 push, 2 pull.
#[derive(Clone)]
struct Naive {
    grid: [[bool; 8]; 8],
    counts: [[u8; 3]; 2],
    next: [[u8; 2]; 2],
    collected: [u16; 2],
    turn: usize,
    over: Option<Option<usize>>,
}

fn on(f: i8, r: i8) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

impl Naive {
    fn new() -> Naive {
        Naive {
            grid: [[false; 8]; 8],
            counts: [[2, 2, 1]; 2],
            next: [[0; 2]; 2],
            collected: [0; 2],
            turn: 0,
            over: None,
        }
    }

    fn stone(&self, f: i8, r: i8) -> bool {
        on(f, r) && self.grid[f as usize][r as usize]
    }

    fn lonely(&self, f: i8, r: i8) -> bool {
        !self.stone(f + 1, r)
            && !self.stone(f - 1, r)
            && !self.stone(f, r + 1)
            && !self.stone(f, r - 1)
    }

    fn can_place_anywhere(&self) -> bool {
        (0..8).any(|f| (0..8).any(|r| !self.stone(f, r) && self.lonely(f, r)))
    }

    /// `power`: (piece index 0 R / 1 B / 2 Q, push?).
    fn legal(&self, f: i8, r: i8, power: Option<(usize, bool)>) -> bool {
        if self.over.is_some() || self.stone(f, r) || !self.lonely(f, r) {
            return false;
        }
        let Some((piece, push)) = power else {
            return true;
        };
        let hand = self.counts[self.turn];
        if hand == [0, 0, 0] || hand[piece] == 0 {
            return false;
        }
        piece == 2 || !matches!((self.next[self.turn][piece], push), (1, false) | (2, true))
    }

    fn play(&mut self, f: i8, r: i8, power: Option<(usize, bool)>) {
        self.grid[f as usize][r as usize] = true;
        if let Some((piece, push)) = power {
            let before = self.clone();
            let mut leave = Vec::new();
            let mut land = Vec::new();
            for &(df, dr) in PIECES[piece].1 {
                let (mut x, mut y) = (f + df, r + dr);
                while on(x, y) && !before.stone(x, y) {
                    x += df;
                    y += dr;
                }
                if !on(x, y) || !before.lonely(x, y) {
                    continue;
                }
                let (tx, ty) = if push {
                    (x + df, y + dr)
                } else {
                    (x - df, y - dr)
                };
                if on(tx, ty) && !before.stone(tx, ty) {
                    leave.push((x, y));
                    land.push((tx, ty));
                }
            }
            for (x, y) in leave {
                self.grid[x as usize][y as usize] = false;
            }
            for (x, y) in land {
                self.grid[x as usize][y as usize] = true;
            }
            let hand = &mut self.counts[self.turn];
            hand[piece] -= 1;
            if piece < 2 {
                self.next[self.turn][piece] = if push { 2 } else { 1 };
            }
        } else if self.counts[self.turn] == [0, 0, 0] {
            self.counts[self.turn] = [2, 2, 1];
        }
        let mut gone = [[false; 8]; 8];
        for a in 0..8i8 {
            for b in 0..6i8 {
                if (0..3).all(|k| self.stone(a, b + k)) {
                    (0..3).for_each(|k| gone[a as usize][(b + k) as usize] = true);
                }
                if (0..3).all(|k| self.stone(b + k, a)) {
                    (0..3).for_each(|k| gone[(b + k) as usize][a as usize] = true);
                }
            }
        }
        for (column, gone_column) in self.grid.iter_mut().zip(gone) {
            for (stone, gone) in column.iter_mut().zip(gone_column) {
                if gone {
                    *stone = false;
                    self.collected[self.turn] += 1;
                }
            }
        }
        let mover = self.turn;
        self.turn = 1 - mover;
        if self.collected[mover] >= 10 {
            self.over = Some(Some(mover));
        } else if !self.can_place_anywhere() {
            self.over = Some(match self.collected[0].cmp(&self.collected[1]) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            });
        }
    }

    fn legal_texts(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for f in 0..8i8 {
            for r in 0..8i8 {
                let name = format!("{}{}", (b'a' + f as u8) as char, r + 1);
                if self.legal(f, r, None) {
                    out.insert(name.clone());
                }
                for (piece, (letter, _)) in PIECES.iter().enumerate() {
                    for (push, sign) in [(true, '+'), (false, '-')] {
                        if self.legal(f, r, Some((piece, push))) {
                            out.insert(format!("{name} {letter}{sign}"));
                        }
                    }
                }
            }
        }
        out
    }

    fn board(&self) -> u64 {
        Cell::all()
            .filter(|c| self.grid[c.file() as usize][c.rank() as usize])
            .fold(0, |b, c| b | c.bit())
    }
}

fn read(action: Action) -> (i8, i8, Option<(usize, bool)>) {
    let power = action.power.map(|p| {
        let piece = match p.piece {
            Piece::Rook => 0,
            Piece::Bishop => 1,
            Piece::Queen => 2,
        };
        (piece, p.mode == Mode::Push)
    });
    (action.cell.file() as i8, action.cell.rank() as i8, power)
}

fn compare(game: &Game, naive: &Naive, context: &str) {
    let p = game.position();
    assert_eq!(p.stones(), naive.board(), "{context}: board");
    assert_eq!(
        [p.collected(Side::One), p.collected(Side::Two)],
        naive.collected,
        "{context}"
    );
    assert_eq!(p.to_move().index(), naive.turn, "{context}");
    for side in Side::BOTH {
        let h = p.hand(side);
        assert_eq!(
            [h.rooks, h.bishops, h.queens],
            naive.counts[side.index()],
            "{context}"
        );
        let code = |n: Next| match n {
            Next::Any => 0,
            Next::Push => 1,
            Next::Pull => 2,
        };
        assert_eq!(
            [code(h.next_rook), code(h.next_bishop)],
            naive.next[side.index()],
            "{context}"
        );
    }
    assert_eq!(
        p.outcome().map(|o| o.winner.map(Side::index)),
        naive.over,
        "{context}"
    );
    let legal: Vec<String> = game.legal_actions().iter().map(Action::to_string).collect();
    let expected: Vec<String> = naive.legal_texts().into_iter().collect();
    assert_eq!(
        legal, expected,
        "{context}: legal actions (and their byte order)"
    );
}

fn check_invariants(game: &Game, r: &Resolution, context: &str) {
    let p = game.position();
    assert_eq!(
        lines::removed_mask(p.stones()),
        0,
        "{context}: a run was left standing"
    );
    let stones = game.stones();
    assert_eq!(
        stones.len(),
        p.stones().count_ones() as usize,
        "{context}: every stone has an id"
    );
    let ids: BTreeSet<StoneId> = stones.iter().map(|s| s.id).collect();
    assert_eq!(ids.len(), stones.len(), "{context}: ids are unique");
    assert!(
        r.moved.windows(2).all(|w| w[0].from < w[1].from),
        "{context}: moved sorted"
    );
    assert!(
        r.removed.windows(2).all(|w| w[0].cell < w[1].cell),
        "{context}: removed sorted"
    );
    for m in &r.moved {
        let (df, dr) = (
            m.to.file() as i8 - m.from.file() as i8,
            m.to.rank() as i8 - m.from.rank() as i8,
        );
        assert!(
            df.abs() <= 1 && dr.abs() <= 1 && (df, dr) != (0, 0),
            "{context}: one step"
        );
    }
    let union = r.runs.iter().flatten().fold(0u64, |b, c| b | c.bit());
    assert_eq!(
        union,
        r.removed.iter().fold(0u64, |b, s| b | s.cell.bit()),
        "{context}: runs = removed"
    );
}

#[test]
fn random_games_follow_the_naive_model() {
    let mut rng = seeded(2024);
    let games = if cfg!(debug_assertions) { 300 } else { 1500 };
    let mut endings = [0u32; 2];
    for g in 0..games {
        let mut game = Game::new(g);
        let mut naive = Naive::new();
        compare(&game, &naive, "start");
        while game.outcome().is_none() {
            let legal = game.legal_actions();
            assert!(
                game.position().ply() <= selfplay::MAX_PLIES,
                "game {g} runs too long"
            );
            // Now and then try something illegal: it is refused and changes nothing.
            if rng.random_range(0..4) == 0 {
                let cell = Cell::from_index(rng.random_range(0..64)).unwrap_or_else(|| cell("a1"));
                let piece = Piece::ALL[rng.random_range(0..3)];
                let mode = Mode::BOTH[rng.random_range(0..2)];
                let attempt = Action::with(cell, piece, mode);
                if !legal.contains(&attempt) {
                    let before = game.clone();
                    assert!(game.play(attempt).is_err(), "game {g}: {attempt} accepted");
                    assert_eq!(game, before);
                }
            }
            let action = legal[rng.random_range(0..legal.len())];
            let context = format!("game {g} ply {} {action}", game.position().ply());
            let mut fast = *game.position();
            fast.apply_unchecked(action);
            let r = game
                .play(action)
                .unwrap_or_else(|e| panic!("{context}: {e}"));
            let (f, rk, power) = read(action);
            naive.play(f, rk, power);
            compare(&game, &naive, &context);
            assert_eq!(fast, *game.position(), "{context}: the fast path agrees");
            check_invariants(&game, &r, &context);
        }
        match game.outcome().map(|o| o.reason) {
            Some(EndReason::Ten) => endings[0] += 1,
            Some(EndReason::Blocked) => endings[1] += 1,
            None => {}
        }
    }
    // Random play reaches both endings (so both were checked above).
    assert!(endings[0] > 0 && endings[1] > 0, "{endings:?}");
}
