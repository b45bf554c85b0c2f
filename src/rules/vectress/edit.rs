//! Vectress in the position editor (`rules::edit`): the palette, the board's cells, the
//! settings (the side to move, whether the last move was a pass) and the bonds.

use super::Game;
use crate::rules::edit::{Editable, Paint, Setting, next_of, two_sided};

const SIDE: [&str; 2] = ["w", "b"];
const LAST: [&str; 2] = ["-", "pass"];

impl Editable for Game {
    fn palette() -> Vec<Paint> {
        let kinds = [
            ('O', "Core"),
            ('S', "Square"),
            ('R', "Rhombus"),
            ('T', "Triangle"),
        ];
        two_sided(&kinds)
    }

    fn board_cells() -> Vec<Vec<String>> {
        (1..=9)
            .rev()
            .map(|row| ('A'..='I').map(|column| format!("{column}{row}")).collect())
            .collect()
    }

    fn clear_keeps() -> Option<&'static [char]> {
        None
    }

    fn settings(fields: &[&str]) -> Vec<Setting> {
        let field = |n: usize| fields.get(n).copied().unwrap_or("-");
        vec![
            Setting {
                group: String::new(),
                name: "To move".to_string(),
                value: if field(1) == "b" { "Black" } else { "White" }.to_string(),
            },
            Setting {
                group: String::new(),
                name: "Last move".to_string(),
                value: if field(4) == "pass" {
                    "a pass"
                } else {
                    "a move"
                }
                .to_string(),
            },
        ]
    }

    fn step(fields: &mut [String], n: usize) -> Result<(), String> {
        let (at, values): (usize, &[&str]) = match n {
            0 => (1, &SIDE),
            1 => (4, &LAST),
            _ => return Err(format!("Vectress has no setting {n}")),
        };
        let field = fields.get_mut(at).ok_or("the code is too short")?;
        *field = next_of(values, field).to_string();
        // The ko board is the one before the opponent's last move: with the side to move
        // changed, it no longer is.
        if at == 1 {
            fields[3] = "-".to_string();
        }
        Ok(())
    }

    fn after_board_edit(fields: &mut [String], cells: &[String]) {
        let kept: Vec<&str> = fields[2]
            .split(',')
            .filter(|pair| *pair != "-" && !cells.iter().any(|c| pair_has(pair, c)))
            .collect();
        fields[2] = if kept.is_empty() {
            "-".to_string()
        } else {
            kept.join(",")
        };
        // A position set up is one to play on: no ko (the board before the last move is
        // another board now), no result.
        fields[3] = "-".to_string();
        fields[5] = "-".to_string();
    }

    fn has_bonds() -> bool {
        true
    }

    fn bond(fields: &mut [String], a: &str, b: &str) -> Result<(), String> {
        let pairs: Vec<String> = fields[2]
            .split(',')
            .filter(|p| *p != "-")
            .map(str::to_string)
            .collect();
        let same = |p: &String| pair_has(p, a) && pair_has(p, b);
        let mut kept: Vec<String> = pairs.iter().filter(|p| !same(p)).cloned().collect();
        if kept.len() == pairs.len() {
            kept.push(format!("{a}{b}"));
        }
        fields[2] = if kept.is_empty() {
            "-".to_string()
        } else {
            kept.join(",")
        };
        fields[3] = "-".to_string();
        Ok(())
    }
}

/// Whether the bond `E3F3` joins the piece on `cell`.
fn pair_has(pair: &str, cell: &str) -> bool {
    pair.get(..2) == Some(cell) || pair.get(2..) == Some(cell)
}
