//! A pick and its choices: what the cursor says of a cell, Enter's pick or play, and
//! Tab's round of the choices.

use bevy::prelude::*;

use super::{BoardCursor, Choice, Pick, start_cell};
use crate::app::table::TableGame;
use crate::rules::Rules;
use crate::rules::edit::cell_words;
use crate::rules::reach::{Reaching, picked_at};

/// What the cursor says on `cell`: what stands there, and what Enter would do.
pub(super) fn describe<R: Reaching + crate::rules::edit::Editable>(
    cursor: &BoardCursor,
    code: &str,
    cell: &str,
    rules: &R,
) -> String {
    let words = cell_words::<R>(code, cell);
    let landing = cursor.landing(cell);
    if let Some(pick) = &cursor.pick
        && let Some(first) = landing.first()
    {
        let more = if landing.len() > 1 {
            " (Tab for the others)"
        } else {
            ""
        };
        return format!(
            "{words}: Enter plays {}{more}",
            pick.choices[*first].written
        );
    }
    let offered = picked_at(rules, cell).len();
    match offered {
        0 => words,
        1 => format!("{words}: Enter picks its 1 move"),
        n => format!("{words}: Enter picks, {n} moves"),
    }
}

/// Tab's next (or previous) choice of the pick; the cursor goes to where it lands.
pub(super) fn cycle(cursor: &mut BoardCursor, step: i32) {
    let Some(pick) = cursor.pick.as_mut() else {
        return;
    };
    let count = pick.choices.len() as i32;
    let next = match pick.chosen {
        Some(i) => (i as i32 + step).rem_euclid(count),
        None if step > 0 => 0,
        None => count - 1,
    } as usize;
    pick.chosen = Some(next);
    let choice = &pick.choices[next];
    cursor.said = format!(
        "{} ({} of {count}): Enter plays it",
        choice.written,
        next + 1
    );
    if let Some(to) = &choice.reach.to {
        cursor.cell = Some(to.clone());
    }
}

/// Enter: plays the pick's choice landing under the cursor (the one Tab chose, if it
/// lands there), or picks the cell under the cursor. The action to play, written.
pub(super) fn enter<G: TableGame>(
    cursor: &mut BoardCursor,
    rules: &G::Rules,
    code: &str,
    named: &[(String, Vec3)],
) -> Option<String> {
    let Some(cell) = cursor.cell.clone() else {
        cursor.cell = start_cell(named);
        if let Some(cell) = cursor.cell.clone() {
            cursor.said = describe(cursor, code, &cell, rules);
        }
        return None;
    };
    let landing = cursor.landing(&cell);
    if let Some(pick) = cursor.pick.take()
        && let Some(&first) = landing.first()
    {
        let at = pick.chosen.filter(|i| landing.contains(i)).unwrap_or(first);
        let written = pick.choices[at].written.clone();
        cursor.said = format!("Played {written}.");
        return Some(written);
    }
    let offered = picked_at(rules, &cell);
    if offered.is_empty() {
        cursor.said = format!(
            "{}: nothing to play from here.",
            cell_words::<G::Rules>(code, &cell)
        );
        return None;
    }
    let choices: Vec<Choice> = offered
        .iter()
        .map(|a| Choice {
            written: rules.write_action(*a),
            reach: <G::Rules as Reaching>::reach(a),
        })
        .collect();
    let count = choices.len();
    cursor.pick = Some(Pick {
        cell: cell.clone(),
        choices,
        chosen: None,
    });
    let placed = cursor.landing(&cell).len() == count;
    cursor.said = if placed {
        format!(
            "{}: picked, {count} ways to play here. Enter plays the first, Tab goes through them.",
            cell_words::<G::Rules>(code, &cell)
        )
    } else {
        format!(
            "{}: picked, {count} moves. Arrows or Tab to a target, Enter plays, Esc drops.",
            cell_words::<G::Rules>(code, &cell)
        )
    };
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::reach::Reach;

    #[test]
    fn tab_goes_round_the_choices_and_moves_the_cursor_to_each() {
        let choice = |w: &str, to: &str| Choice {
            written: w.to_string(),
            reach: Reach::travel("A1", to),
        };
        let mut cursor = BoardCursor {
            cell: Some("A1".into()),
            pick: Some(Pick {
                cell: "A1".into(),
                choices: vec![choice("A1-A2", "A2"), choice("A1-B2", "B2")],
                chosen: None,
            }),
            said: String::new(),
        };
        cycle(&mut cursor, 1);
        assert_eq!(cursor.cell.as_deref(), Some("A2"));
        cycle(&mut cursor, 1);
        assert_eq!(cursor.cell.as_deref(), Some("B2"));
        assert!(cursor.said.starts_with("A1-B2 (2 of 2)"), "{}", cursor.said);
        cycle(&mut cursor, 1);
        assert_eq!(cursor.cell.as_deref(), Some("A2"), "round again");
        cycle(&mut cursor, -1);
        assert_eq!(cursor.cell.as_deref(), Some("B2"), "and back");
        assert_eq!(cursor.landing("B2"), vec![1]);
    }
}
