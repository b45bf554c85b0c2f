//! A second, deliberately plain move generator for cross-checking: an 11 x 11 mailbox in
//! axial coordinates, directions derived from the document's words rather than copied from
//! the engine's tables, legality by playing the move and scanning every enemy attack.

use crate::rules::hexchess::{Color, Kind, Position, Ruleset};

pub type Hex = (i32, i32);
pub type NaiveMove = (Hex, Hex, Option<Kind>);

/// H4's renaming cycle as the document writes it, Q -> R -> B -> N -> P -> Q; a king is
/// not in it and keeps its type.
const ROTATION: [Kind; 5] = [
    Kind::Queen,
    Kind::Rook,
    Kind::Bishop,
    Kind::Knight,
    Kind::Pawn,
];

fn on_board((q, r): Hex) -> bool {
    q.abs() <= 5 && r.abs() <= 5 && (q + r).abs() <= 5
}

fn add(a: Hex, b: Hex) -> Hex {
    (a.0 + b.0, a.1 + b.1)
}

/// Edge-sharing neighbours, in circular order.
pub fn orthogonal() -> Vec<Hex> {
    vec![(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
}

/// Vertex-sharing neighbours: the cell beyond the shared corner of two adjacent edges.
pub fn diagonal() -> Vec<Hex> {
    let o = orthogonal();
    (0..6).map(|i| add(o[i], o[(i + 1) % 6])).collect()
}

fn hex_distance((q, r): Hex) -> i32 {
    q.abs().max(r.abs()).max((q + r).abs())
}

/// One orthogonal step then one diagonal step outward, landing off every line.
pub fn knight() -> Vec<Hex> {
    let mut out = Vec::new();
    for o in orthogonal() {
        for d in diagonal() {
            let k = add(o, d);
            let on_line = orthogonal()
                .into_iter()
                .chain(diagonal())
                .any(|l| (1..=5).any(|n| (l.0 * n, l.1 * n) == k));
            if hex_distance(k) == 3 && !on_line && !out.contains(&k) {
                out.push(k);
            }
        }
    }
    out
}

/// Axial coordinates of a cell name, computed from the document's file heights.
pub fn hex_of(name: &str) -> Hex {
    let files = "abcdefghikl";
    let f = files.find(&name[..1]).unwrap_or(0) as i32;
    let rank: i32 = name[1..].parse().unwrap_or(1);
    let q = f - 5;
    // The lowest cell of file q has r = -5 - q for q <= 0 and r = -5 for q > 0.
    let r_low = if q <= 0 { -5 - q } else { -5 };
    (q, r_low + rank - 1)
}

#[derive(Clone)]
pub struct Naive {
    pub ruleset: Ruleset,
    pub board: [[Option<(Color, Kind)>; 11]; 11],
    pub turn: Color,
    /// (skipped cell, pawn cell) after a classic double step.
    pub ep: Option<(Hex, Hex)>,
}

impl Naive {
    pub fn get(&self, (q, r): Hex) -> Option<(Color, Kind)> {
        self.board[(q + 5) as usize][(r + 5) as usize]
    }

    fn set(&mut self, (q, r): Hex, v: Option<(Color, Kind)>) {
        self.board[(q + 5) as usize][(r + 5) as usize] = v;
    }

    /// The start position, set up from the document's list (and H2, H11) independently.
    pub fn start(ruleset: Ruleset) -> Naive {
        let mut n = Naive {
            ruleset,
            board: [[None; 11]; 11],
            turn: Color::White,
            ep: None,
        };
        let white = [
            ("g1", Kind::King),
            ("e1", Kind::Queen),
            ("f1", Kind::Bishop),
            ("f2", Kind::Bishop),
            ("f3", Kind::Bishop),
            ("d1", Kind::Knight),
            ("h1", Kind::Knight),
            ("c1", Kind::Rook),
            ("i1", Kind::Rook),
        ];
        for (name, kind) in white {
            let h = hex_of(name);
            n.set(h, Some((Color::White, kind)));
            let black_kind = match (ruleset, kind) {
                (Ruleset::Classic, Kind::King) => Kind::Queen,
                (Ruleset::Classic, Kind::Queen) => Kind::King,
                _ => kind,
            };
            n.set((-h.0, -h.1), Some((Color::Black, black_kind)));
        }
        for name in Self::pawn_starts() {
            let h = hex_of(name);
            n.set(h, Some((Color::White, Kind::Pawn)));
            n.set((-h.0, -h.1), Some((Color::Black, Kind::Pawn)));
        }
        n
    }

    fn pawn_starts() -> [&'static str; 9] {
        ["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"]
    }

    fn is_pawn_start(color: Color, h: Hex) -> bool {
        Self::pawn_starts().iter().any(|name| {
            let s = hex_of(name);
            match color {
                Color::White => s == h,
                Color::Black => (-s.0, -s.1) == h,
            }
        })
    }

    /// A copy of an engine position (the cross-check compares the two generators on it).
    pub fn from_position(pos: &Position) -> Naive {
        let mut n = Naive {
            ruleset: pos.ruleset(),
            board: [[None; 11]; 11],
            turn: pos.turn(),
            ep: pos
                .en_passant()
                .map(|ep| (ep.target.axial(), ep.pawn.axial())),
        };
        for (cell, piece) in pos.pieces() {
            n.set(cell.axial(), Some((piece.color, piece.kind)));
        }
        n
    }

    fn forward(color: Color) -> i32 {
        if color == Color::White { 1 } else { -1 }
    }

    fn pawn_captures(&self, color: Color) -> Vec<Hex> {
        let s = Self::forward(color);
        match self.ruleset {
            Ruleset::V011 => vec![(-s, 2 * s), (s, s)],
            Ruleset::Classic => vec![(-s, s), (s, 0)],
        }
    }

    fn king_steps(&self) -> Vec<Hex> {
        match self.ruleset {
            Ruleset::V011 => orthogonal(),
            Ruleset::Classic => orthogonal().into_iter().chain(diagonal()).collect(),
        }
    }

    /// Cells the piece on `from` attacks (pawns: their capture cells, occupied or not).
    fn attacks(&self, from: Hex, color: Color, kind: Kind) -> Vec<Hex> {
        let mut out = Vec::new();
        let steps = |dirs: Vec<Hex>, out: &mut Vec<Hex>| {
            for d in dirs {
                let c = add(from, d);
                if on_board(c) {
                    out.push(c);
                }
            }
        };
        let slides = |dirs: Vec<Hex>, out: &mut Vec<Hex>| {
            for d in dirs {
                let mut c = add(from, d);
                while on_board(c) {
                    out.push(c);
                    if self.get(c).is_some() {
                        break;
                    }
                    c = add(c, d);
                }
            }
        };
        match kind {
            Kind::Pawn => steps(self.pawn_captures(color), &mut out),
            Kind::Knight => steps(knight(), &mut out),
            Kind::King => steps(self.king_steps(), &mut out),
            Kind::Bishop => slides(diagonal(), &mut out),
            Kind::Rook => slides(orthogonal(), &mut out),
            Kind::Queen => slides(
                orthogonal().into_iter().chain(diagonal()).collect(),
                &mut out,
            ),
        }
        out
    }

    fn pieces(&self) -> Vec<(Hex, Color, Kind)> {
        let mut out = Vec::new();
        for q in -5..=5 {
            for r in -5..=5 {
                if let Some((c, k)) = self.get((q, r)) {
                    out.push(((q, r), c, k));
                }
            }
        }
        out
    }

    fn attacked(&self, cell: Hex, by: Color) -> bool {
        self.pieces()
            .into_iter()
            .filter(|&(_, c, _)| c == by)
            .any(|(h, c, k)| self.attacks(h, c, k).contains(&cell))
    }

    fn push_pawn_move(out: &mut Vec<NaiveMove>, from: Hex, to: Hex, color: Color) {
        let far = !on_board(add(to, (0, Self::forward(color))));
        if far {
            for k in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
                out.push((from, to, Some(k)));
            }
        } else {
            out.push((from, to, None));
        }
    }

    pub fn pseudo_moves(&self) -> Vec<NaiveMove> {
        let me = self.turn;
        let mut out = Vec::new();
        for (from, color, kind) in self.pieces() {
            if color != me {
                continue;
            }
            if kind == Kind::Pawn {
                let f = (0, Self::forward(me));
                let one = add(from, f);
                if on_board(one) && self.get(one).is_none() {
                    Self::push_pawn_move(&mut out, from, one, me);
                    let two = add(one, f);
                    if self.ruleset == Ruleset::Classic
                        && Self::is_pawn_start(me, from)
                        && on_board(two)
                        && self.get(two).is_none()
                    {
                        Self::push_pawn_move(&mut out, from, two, me);
                    }
                }
                for d in self.pawn_captures(me) {
                    let to = add(from, d);
                    if !on_board(to) {
                        continue;
                    }
                    let enemy = self.get(to).is_some_and(|(c, _)| c != me);
                    let ep = self.ep.is_some_and(|(target, _)| target == to);
                    if enemy || ep {
                        Self::push_pawn_move(&mut out, from, to, me);
                    }
                }
                continue;
            }
            for to in self.attacks(from, me, kind) {
                if self.get(to).is_none_or(|(c, _)| c != me) {
                    out.push((from, to, None));
                }
            }
        }
        out
    }

    pub fn apply(&mut self, (from, to, promo): NaiveMove, rename: bool) {
        let Some((color, kind)) = self.get(from) else {
            return;
        };
        if kind == Kind::Pawn
            && self.get(to).is_none()
            && let Some((target, pawn)) = self.ep
            && target == to
        {
            self.set(pawn, None);
        }
        self.ep = None;
        if kind == Kind::Pawn && (to.1 - from.1).abs() == 2 && to.0 == from.0 {
            self.ep = Some(((from.0, (from.1 + to.1) / 2), to));
        }
        let mut arrived = promo.unwrap_or(kind);
        if rename && let Some(i) = ROTATION.iter().position(|&k| k == arrived) {
            arrived = ROTATION[(i + 1) % ROTATION.len()];
        }
        self.set(from, None);
        self.set(to, Some((color, arrived)));
        self.turn = color.other();
    }

    pub fn legal_moves(&self) -> Vec<NaiveMove> {
        let me = self.turn;
        self.pseudo_moves()
            .into_iter()
            .filter(|&mv| {
                let mut next = self.clone();
                next.apply(mv, false);
                let king = next
                    .pieces()
                    .into_iter()
                    .find(|&(_, c, k)| c == me && k == Kind::King);
                king.is_none_or(|(h, _, _)| !next.attacked(h, me.other()))
            })
            .collect()
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let rename = self.ruleset == Ruleset::V011;
        self.legal_moves()
            .into_iter()
            .map(|mv| {
                let mut next = self.clone();
                next.apply(mv, rename);
                next.perft(depth - 1)
            })
            .sum()
    }
}
