//! V2: the pole diagrams and move lists of section 2, parsed from the rulebook itself.

use crate::rules::vectress::pieces::{Face, Frame, Kind, Pole};

const RULEBOOK: &str = include_str!("../../../../seeds/000_a6cd751102095d0d.txt");

/// The diagram under "<Name> (working name" as faces in frame order, and the move list.
fn parse_piece(name: &str) -> ([Face; 8], Vec<Frame>) {
    let lines: Vec<&str> = RULEBOOK.lines().collect();
    let head = lines
        .iter()
        .position(|l| l.starts_with(&format!("{name} (working name")))
        .unwrap_or_else(|| panic!("no section for {name}"));
    let rows: Vec<&str> = lines[head + 1..]
        .iter()
        .filter(|l| l.starts_with("    "))
        .take(3)
        .copied()
        .collect();
    assert_eq!(rows.len(), 3, "{name}: three diagram rows");
    // Each row is a 4-space indent and three 3-character cells: "[x]" edge, " x " corner.
    let cells: Vec<Vec<Face>> = rows
        .iter()
        .map(|row| {
            let chars: Vec<char> = row.chars().collect();
            (0..3)
                .map(|i| {
                    let c = &chars[4 + 3 * i..4 + 3 * i + 3];
                    let pole = match c[1] {
                        '+' => Pole::Plus,
                        '-' => Pole::Minus,
                        'o' | '#' => Pole::Neutral,
                        other => panic!("{name}: unexpected {other:?} in {row:?}"),
                    };
                    let edge = c[0] == '[' && c[2] == ']';
                    assert!(edge || (c[0] == ' ' && c[2] == ' '), "{name}: {row:?}");
                    Face { pole, edge }
                })
                .collect()
        })
        .collect();
    assert_eq!(
        rows[1].chars().nth(8),
        Some('#'),
        "{name}: the piece is in the middle"
    );
    // Top row: front-left, front, front-right; middle: left, (piece), right; bottom:
    // back-left, back, back-right (V2). Frame order is F, FR, R, BR, B, BL, L, FL.
    let faces = [
        cells[0][1],
        cells[0][2],
        cells[1][2],
        cells[2][2],
        cells[2][1],
        cells[2][0],
        cells[1][0],
        cells[0][0],
    ];
    let moves_line = lines[head..]
        .iter()
        .find(|l| l.starts_with("Moves:"))
        .unwrap_or_else(|| panic!("{name}: no moves line"));
    let words = moves_line
        .trim_start_matches("Moves:")
        .split(',')
        .map(str::trim)
        .filter(|w| !w.contains("cells"));
    let moves = words
        .map(|w| match w {
            "front" => Frame::Front,
            "front-right" => Frame::FrontRight,
            "right" => Frame::Right,
            "back-right" => Frame::BackRight,
            "back" => Frame::Back,
            "back-left" => Frame::BackLeft,
            "left" => Frame::Left,
            "front-left" => Frame::FrontLeft,
            other => panic!("{name}: unknown direction {other:?}"),
        })
        .collect();
    (faces, moves)
}

#[test]
fn pole_tables_match_the_rulebook_diagrams() {
    // V2
    for (name, kind) in [
        ("Triangle", Kind::Triangle),
        ("Square", Kind::Square),
        ("Rhombus", Kind::Rhombus),
        ("Octagon", Kind::Octagon),
    ] {
        let (faces, moves) = parse_piece(name);
        assert_eq!(faces, kind.faces(), "{name} poles");
        let mut expected = moves.clone();
        let mut actual = kind.moves().to_vec();
        expected.sort_by_key(|f| *f as usize);
        actual.sort_by_key(|f| *f as usize);
        assert_eq!(actual, expected, "{name} moves");
    }
}

#[test]
fn corners_follow_their_edges_except_the_triangle_sides() {
    // Section 2: a corner presents the pole of its two neighbouring edges when they agree
    // and is neutral when they disagree; the triangle's left and right corners are +.
    for kind in Kind::ALL {
        let faces = kind.faces();
        for i in 0..8 {
            if faces[i].edge {
                continue;
            }
            let prev = faces[(i + 7) % 8];
            let next = faces[(i + 1) % 8];
            let exception = kind == Kind::Triangle && (i == 2 || i == 6);
            if prev.edge && next.edge && !exception {
                let expected = if prev.pole == next.pole {
                    prev.pole
                } else {
                    Pole::Neutral
                };
                assert_eq!(faces[i].pole, expected, "{kind:?} corner {i}");
            }
        }
    }
    let tri = Kind::Triangle.faces();
    assert_eq!(tri[2].pole, Pole::Plus);
    assert_eq!(tri[6].pole, Pole::Plus);
}
