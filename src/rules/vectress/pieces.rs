//! The four magnets: their pole tables and move patterns (section 2, V2), read in the
//! piece's own frame and turned into the board frame by the owner (V1).

use serde::{Deserialize, Serialize};

use super::geometry::{Dir, Side};

/// A piece's shape.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Triangle,
    Square,
    Rhombus,
    Octagon,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Triangle, Kind::Square, Kind::Rhombus, Kind::Octagon];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// `triangle`, ..., as the protocol writes kinds.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Triangle => "triangle",
            Kind::Square => "square",
            Kind::Rhombus => "rhombus",
            Kind::Octagon => "octagon",
        }
    }

    /// `Triangle`, ..., `Core`: the name players read (README, rules page, captions,
    /// refusals). [`Kind::name`] stays the protocol's word: the engine's answers use it.
    pub const fn title(self) -> &'static str {
        match self {
            Kind::Triangle => "Triangle",
            Kind::Square => "Square",
            Kind::Rhombus => "Rhombus",
            Kind::Octagon => "Core",
        }
    }

    /// The plural players read: `Triangles`, ..., `Rhombi` (as the rules page writes it).
    pub const fn plural_title(self) -> &'static str {
        match self {
            Kind::Triangle => "Triangles",
            Kind::Square => "Squares",
            Kind::Rhombus => "Rhombi",
            Kind::Octagon => "Cores",
        }
    }

    /// The pole and edge this kind presents in each direction of its own frame, indexed by
    /// [`Frame`] order (front, front-right, right, ..., front-left).
    pub const fn faces(self) -> [Face; 8] {
        use Pole::{Minus as M, Neutral as O, Plus as P};
        const fn e(pole: Pole) -> Face {
            Face { pole, edge: true }
        }
        const fn c(pole: Pole) -> Face {
            Face { pole, edge: false }
        }
        //                  F      FR     R      BR     B      BL     L      FL
        match self {
            Kind::Triangle => [c(P), e(P), c(P), c(O), e(M), c(O), c(P), e(P)],
            Kind::Square => [e(P), c(P), e(P), c(O), e(M), c(M), e(M), c(O)],
            Kind::Rhombus => [c(P), e(P), c(O), e(M), c(M), e(M), c(O), e(P)],
            Kind::Octagon => [e(P), e(P), e(P), e(M), e(M), e(M), e(M), e(P)],
        }
    }

    /// The directions it moves in, in its own frame (section 2).
    pub const fn moves(self) -> &'static [Frame] {
        use Frame::*;
        match self {
            Kind::Triangle => &[FrontLeft, FrontRight, Back],
            Kind::Square => &[Front, Back, Left, Right],
            Kind::Rhombus => &[FrontLeft, FrontRight, BackLeft, BackRight],
            Kind::Octagon => &[
                Front, FrontRight, Right, BackRight, Back, BackLeft, Left, FrontLeft,
            ],
        }
    }
}

/// A direction in a piece's own frame, clockwise from the front.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Frame {
    Front,
    FrontRight,
    Right,
    BackRight,
    Back,
    BackLeft,
    Left,
    FrontLeft,
}

impl Frame {
    pub const ALL: [Frame; 8] = [
        Frame::Front,
        Frame::FrontRight,
        Frame::Right,
        Frame::BackRight,
        Frame::Back,
        Frame::BackLeft,
        Frame::Left,
        Frame::FrontLeft,
    ];

    /// The board direction this frame direction points to for a piece of `owner`.
    pub const fn to_board(self, owner: Side) -> Dir {
        Dir::from_index(self as usize + owner.frame_turn())
    }

    /// The frame direction of board direction `dir` for a piece of `owner`.
    pub const fn from_board(dir: Dir, owner: Side) -> Frame {
        Frame::ALL[(dir.index() + 8 - owner.frame_turn()) % 8]
    }
}

/// A magnetic pole.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Pole {
    Plus,
    Minus,
    Neutral,
}

/// What a piece presents in one direction: a pole, on a true edge or on a corner.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Face {
    pub pole: Pole,
    pub edge: bool,
}

/// What a contact between two pieces does (V3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Contact {
    /// Corner against corner, or a neutral pole: nothing.
    Nothing,
    /// Like poles: the neighbour's body is pushed away.
    Push,
    /// Unlike poles: the two may bond.
    Bond,
}

/// The face a piece of `kind` and `owner` presents toward board direction `dir`.
pub const fn face(kind: Kind, owner: Side, dir: Dir) -> Face {
    kind.faces()[Frame::from_board(dir, owner) as usize]
}

/// The contact between piece `a` and its neighbour `n` lying in direction `dir` from it
/// (V3: `a` presents its face for `dir`, `n` its face for the opposite direction).
pub const fn contact(
    a_kind: Kind,
    a_owner: Side,
    dir: Dir,
    n_kind: Kind,
    n_owner: Side,
) -> Contact {
    let fa = face(a_kind, a_owner, dir);
    let fn_ = face(n_kind, n_owner, dir.opposite());
    if !fa.edge && !fn_.edge {
        return Contact::Nothing;
    }
    match (fa.pole, fn_.pole) {
        (Pole::Neutral, _) | (_, Pole::Neutral) => Contact::Nothing,
        (Pole::Plus, Pole::Plus) | (Pole::Minus, Pole::Minus) => Contact::Push,
        _ => Contact::Bond,
    }
}

/// A piece's kind and owner packed into 0..8, the index of [`CONTACTS`].
pub const fn code(kind: Kind, owner: Side) -> usize {
    kind.index() * 2 + owner.index()
}

const fn decode(code: usize) -> (Kind, Side) {
    let kind = Kind::ALL[code / 2];
    let owner = if code & 1 == 0 {
        Side::White
    } else {
        Side::Black
    };
    (kind, owner)
}

/// Every contact precomputed: `CONTACTS[code(a)][dir][code(n)]`, so the hot loop of the
/// resolver is one lookup.
pub static CONTACTS: [[[Contact; 8]; 8]; 8] = {
    let mut table = [[[Contact::Nothing; 8]; 8]; 8];
    let mut a = 0;
    while a < 8 {
        let mut d = 0;
        while d < 8 {
            let mut n = 0;
            while n < 8 {
                let (ak, ao) = decode(a);
                let (nk, no) = decode(n);
                table[a][d][n] = contact(ak, ao, Dir::from_index(d), nk, no);
                n += 1;
            }
            d += 1;
        }
        a += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;
    use Contact::{Bond, Nothing, Push};
    use Dir::{N, NE};
    use Kind::{Octagon, Rhombus, Square, Triangle};
    use Side::{Black, White};

    #[test]
    fn black_is_white_turned_half_a_turn() {
        // V1: a Black piece presents toward d what a White piece presents toward -d.
        for kind in Kind::ALL {
            for d in Dir::ALL {
                assert_eq!(
                    face(kind, Side::Black, d),
                    face(kind, Side::White, d.opposite())
                );
            }
        }
        assert_eq!(Frame::Front.to_board(Side::White), Dir::N);
        assert_eq!(Frame::Right.to_board(Side::White), Dir::E);
        assert_eq!(Frame::Front.to_board(Side::Black), Dir::S);
        assert_eq!(Frame::Right.to_board(Side::Black), Dir::W);
    }

    #[test]
    fn head_on_fronts_push_and_followers_attract() {
        // Section 2: fronts are red, backs blue.
        for kind in Kind::ALL {
            let f = face(kind, Side::White, Dir::N);
            let b = face(kind, Side::White, Dir::S);
            assert_eq!(f.pole, Pole::Plus);
            assert_eq!(b.pole, Pole::Minus);
        }
        // Two octagons facing each other head-on push apart.
        assert_eq!(contact(Octagon, White, N, Octagon, Black), Push);
        // A White octagon behind a White octagon: front (+) meets back (-).
        assert_eq!(contact(Octagon, White, N, Octagon, White), Bond);
    }

    #[test]
    fn corner_against_corner_does_nothing() {
        // V3: the triangle's front is a corner, so is the rhombus's front.
        assert_eq!(contact(Triangle, White, N, Rhombus, Black), Nothing);
        // The square's front-right is a + corner; the octagon's back-left edge is -.
        assert_eq!(contact(Square, White, NE, Octagon, White), Bond);
    }

    #[test]
    fn the_table_matches_the_function() {
        for (a, by_dir) in CONTACTS.iter().enumerate() {
            let (ak, ao) = decode(a);
            assert_eq!(code(ak, ao), a);
            for (d, by_code) in by_dir.iter().enumerate() {
                for (n, found) in by_code.iter().enumerate() {
                    let (nk, no) = decode(n);
                    assert_eq!(*found, contact(ak, ao, Dir::from_index(d), nk, no));
                }
            }
        }
    }
}
