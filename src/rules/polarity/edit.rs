//! Polarity in the position editor (`rules::edit`): stones alike, the board's cells, and
//! the settings: the side to move, then each side's hand (how many rooks, bishops and
//! queens are left, and whether the next rook or bishop must push or pull, P5) and its
//! collection.

use super::Game;
use crate::rules::edit::{Editable, Paint, Setting, next_of};

const SIDE: [&str; 2] = ["1", "2"];
const NAMES: [&str; 2] = ["One", "Two"];
const NEXT: [&str; 3] = ["", "+", "-"];
/// A collection of ten ends the game (P7): nine is the most a position to play on shows.
const COLLECTED: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];

/// A hand's field, `R2B1+Q1`: rooks and bishops each with their next push (`+`) or pull
/// (`-`), the queen.
#[derive(Clone, Debug, PartialEq, Eq)]
struct HandField {
    rooks: (u8, &'static str),
    bishops: (u8, &'static str),
    queens: u8,
}

impl HandField {
    fn read(text: &str) -> Option<HandField> {
        let bytes = text.as_bytes();
        let mut at = 0;
        let mut part = |letter: u8| -> Option<(u8, &'static str)> {
            if bytes.get(at) != Some(&letter) {
                return None;
            }
            let count = bytes.get(at + 1).filter(|b| b.is_ascii_digit())? - b'0';
            at += 2;
            let next = match bytes.get(at) {
                Some(b'+') => "+",
                Some(b'-') => "-",
                _ => "",
            };
            at += next.len();
            Some((count, next))
        };
        let rooks = part(b'R')?;
        let bishops = part(b'B')?;
        let queens = part(b'Q')?.0;
        Some(HandField {
            rooks,
            bishops,
            queens,
        })
    }

    fn write(&self) -> String {
        format!(
            "R{}{}B{}{}Q{}",
            self.rooks.0, self.rooks.1, self.bishops.0, self.bishops.1, self.queens
        )
    }
}

fn next_name(next: &str) -> &'static str {
    match next {
        "+" => "push",
        "-" => "pull",
        _ => "any",
    }
}

impl Editable for Game {
    fn palette() -> Vec<Paint> {
        vec![Paint {
            letter: 's',
            name: "Stone",
            side: None,
        }]
    }

    fn board_cells() -> Vec<Vec<String>> {
        (1..=8)
            .rev()
            .map(|rank| ('a'..='h').map(|file| format!("{file}{rank}")).collect())
            .collect()
    }

    fn clear_keeps() -> Option<&'static [char]> {
        Some(&[])
    }

    fn settings(fields: &[&str]) -> Vec<Setting> {
        let field = |n: usize| fields.get(n).copied().unwrap_or("");
        let to_move = if field(1) == "2" { "Two" } else { "One" };
        let mut settings = vec![Setting {
            group: String::new(),
            name: "To move".to_string(),
            value: to_move.to_string(),
        }];
        for (side, name) in NAMES.iter().enumerate() {
            let Some(hand) = HandField::read(field(2 + side)) else {
                continue;
            };
            let mut add = |what: &str, value: String| {
                settings.push(Setting {
                    group: format!("{name}'s hand"),
                    name: what.to_string(),
                    value,
                })
            };
            add("Rooks", hand.rooks.0.to_string());
            add("Bishops", hand.bishops.0.to_string());
            add("Queen", hand.queens.to_string());
            add("Next rook", next_name(hand.rooks.1).to_string());
            add("Next bishop", next_name(hand.bishops.1).to_string());
            add("Collected", field(4 + side).to_string());
        }
        settings
    }

    fn step(fields: &mut [String], n: usize) -> Result<(), String> {
        if n == 0 {
            fields[1] = next_of(&SIDE, &fields[1]).to_string();
            return Ok(());
        }
        let (side, what) = ((n - 1) / 6, (n - 1) % 6);
        if side > 1 {
            return Err(format!("Polarity has no setting {n}"));
        }
        if what == 5 {
            fields[4 + side] = next_of(&COLLECTED, &fields[4 + side]).to_string();
            return Ok(());
        }
        let mut hand = HandField::read(&fields[2 + side]).ok_or("the hand could not be read")?;
        // Counts step down, as pieces are spent, and round to full again.
        let down = |count: u8, most: u8| if count == 0 { most } else { count - 1 };
        match what {
            0 => hand.rooks.0 = down(hand.rooks.0, 2),
            1 => hand.bishops.0 = down(hand.bishops.0, 2),
            2 => hand.queens = down(hand.queens, 1),
            3 => hand.rooks.1 = next_of(&NEXT, hand.rooks.1),
            _ => hand.bishops.1 = next_of(&NEXT, hand.bishops.1),
        }
        fields[2 + side] = hand.write();
        Ok(())
    }

    fn after_board_edit(_fields: &mut [String], _cells: &[String]) {}
}
