//! Wave Field in the position editor (`rules::edit`): the palette, the board's cells, the
//! settings (the side to move and both sides' tunings, W6). The marks are the position's:
//! an edited position drops them and is settled under its tunings now (W13), so a piece
//! on hostile territory is unstable and a Big Hat of the side that moved last may not
//! stand on it (W9), which is refused.

use super::Game;
use crate::rules::edit::{Editable, Paint, Setting, next_of, two_sided};

const SIDE: [&str; 2] = ["b", "r"];
const KINDS: [(char, &str); 4] = [
    ('R', "Round Hat"),
    ('T', "Tower"),
    ('A', "Triangle Hat"),
    ('B', "Big Hat"),
];
/// The kinds as a tuning names them (the Wave Field panel's tabs).
const TUNED: [&str; 4] = ["Round", "Tower", "Triangle", "Big Hat"];

impl Editable for Game {
    fn palette() -> Vec<Paint> {
        two_sided(&KINDS)
    }

    fn board_cells() -> Vec<Vec<String>> {
        (1..=7)
            .rev()
            .map(|row| ('A'..='G').map(|column| format!("{column}{row}")).collect())
            .collect()
    }

    fn clear_keeps() -> Option<&'static [char]> {
        Some(&['B', 'b'])
    }

    fn settings(fields: &[&str]) -> Vec<Setting> {
        let field = |n: usize| fields.get(n).copied().unwrap_or("");
        let mut settings = vec![Setting {
            group: String::new(),
            name: "To move".to_string(),
            value: if field(1) == "r" { "Red" } else { "Blue" }.to_string(),
        }];
        for (side, name) in ["Blue", "Red"].iter().enumerate() {
            let tuning = field(2 + side).as_bytes();
            for (k, kind) in TUNED.iter().enumerate() {
                let sign = tuning.get(2 * k + 1).map_or('?', |b| *b as char);
                settings.push(Setting {
                    group: format!("{name}'s tuning"),
                    name: kind.to_string(),
                    value: sign.to_string(),
                });
            }
        }
        settings
    }

    fn step(fields: &mut [String], n: usize) -> Result<(), String> {
        if n == 0 {
            fields[1] = next_of(&SIDE, &fields[1]).to_string();
            return Ok(());
        }
        let (side, kind) = ((n - 1) / 4, (n - 1) % 4);
        if side > 1 {
            return Err(format!("Wave Field has no setting {n}"));
        }
        let mut tuning: Vec<u8> = fields[2 + side].bytes().collect();
        let sign = tuning
            .get_mut(2 * kind + 1)
            .ok_or("the tuning could not be read")?;
        *sign = if *sign == b'+' { b'-' } else { b'+' };
        fields[2 + side] = String::from_utf8_lossy(&tuning).into_owned();
        fields[4] = "-".to_string();
        Ok(())
    }

    fn after_board_edit(fields: &mut [String], _cells: &[String]) {
        // A position set up is one to play on.
        fields[4] = "-".to_string();
    }

    fn read_edited(code: &str) -> Result<Self, String> {
        super::code::read_settled(code).map_err(|why| under_tuning_now(&why))
    }
}

/// A marks refusal as it reads for a position settled under its tunings now: the misfit
/// under the tuning now, without what other tunings the side to move might have begun
/// its turn with (the editor's position has no turn behind it).
fn under_tuning_now(why: &str) -> String {
    let why = match why.split_once("(with its tuning now, ") {
        Some((_, now)) => now.strip_suffix(')').unwrap_or(now),
        None => why,
    };
    match why.split_once(", whatever tuning") {
        Some((misfit, _)) => misfit.to_string(),
        None => why.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_marks_refusal_names_the_misfit_under_the_tuning_now() {
        assert_eq!(
            under_tuning_now(
                "the board (field 1): the marks fit no tuning Blue could have begun its turn with (with its tuning now, Red's Big Hat on D6 stands on hostile territory, yet Red moved last)"
            ),
            "Red's Big Hat on D6 stands on hostile territory, yet Red moved last"
        );
        assert_eq!(
            under_tuning_now(
                "the board (field 1): Blue's Round Hat on B3 is marked, whatever tuning Blue began its turn with"
            ),
            "the board (field 1): Blue's Round Hat on B3 is marked"
        );
    }
}
