//! Hex chess in the position editor (`rules::edit`): the palette, the board's cells in
//! the FEN's order, the settings (the side to move; v011's forced moves so far, H8). An
//! edited position has no en passant cell and a halfmove clock of 0.

use super::GameSession;
use super::geometry::{Cell, FILE_LETTERS};
use crate::rules::edit::{Editable, Paint, Setting, next_of, two_sided};

const SIDE: [&str; 2] = ["w", "b"];
/// The forced moves a setting steps through: what sets the next forced move's delay (H8).
const FORCED: [&str; 6] = ["0", "1", "2", "3", "4", "5"];

impl Editable for GameSession {
    fn palette() -> Vec<Paint> {
        let kinds = [
            ('K', "King"),
            ('Q', "Queen"),
            ('R', "Rook"),
            ('B', "Bishop"),
            ('N', "Knight"),
            ('P', "Pawn"),
        ];
        two_sided(&kinds)
    }

    fn board_cells() -> Vec<Vec<String>> {
        (1..=11u32)
            .rev()
            .map(|rank| {
                (0..FILE_LETTERS.len())
                    .filter_map(|file| Cell::from_file_rank(file, rank))
                    .map(|cell| cell.to_string())
                    .collect()
            })
            .collect()
    }

    fn clear_keeps() -> Option<&'static [char]> {
        Some(&['K', 'k'])
    }

    fn settings(fields: &[&str]) -> Vec<Setting> {
        let mut settings = vec![Setting {
            group: String::new(),
            name: "To move".to_string(),
            value: if fields.get(1) == Some(&"b") {
                "Black"
            } else {
                "White"
            }
            .to_string(),
        }];
        if let Some(forced) = fields.get(6) {
            settings.push(Setting {
                group: String::new(),
                name: "Forced so far".to_string(),
                value: forced.to_string(),
            });
        }
        settings
    }

    fn step(fields: &mut [String], n: usize) -> Result<(), String> {
        let (at, values): (usize, &[&str]) = match n {
            0 => (1, &SIDE),
            1 if fields.len() > 6 => (6, &FORCED),
            _ => return Err(format!("this hex chess position has no setting {n}")),
        };
        fields[at] = next_of(values, &fields[at]).to_string();
        if at == 1 {
            fields[2] = "-".to_string();
        }
        Ok(())
    }

    fn after_board_edit(fields: &mut [String], _cells: &[String]) {
        // The pawn that just stepped is another pawn, or gone; and the position set up
        // starts the fifty-move count afresh (H9).
        fields[2] = "-".to_string();
        fields[3] = "0".to_string();
    }
}
