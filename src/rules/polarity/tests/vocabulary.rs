//! Polarity's part of the one vocabulary (issue #28): every refusal names the pieces as
//! players read them.

use crate::rules::polarity::{Cell, Game, Piece};
use crate::rules::vocabulary_tests::{Names, problems, refusals};

/// Every cell, plain and with every power written.
fn texts(_: &Game) -> Vec<String> {
    let mut texts = Vec::new();
    for cell in Cell::all() {
        texts.push(cell.to_string());
        for power in ["R+", "R-", "B+", "B-", "Q+", "Q-", "K+"] {
            texts.push(format!("{cell} {power}"));
        }
    }
    texts
}

#[test]
fn refusals_name_pieces_as_players_read_them() {
    let names = Names::of(Piece::ALL.map(|p| (p.name(), p.name())));
    let found = refusals::<Game>(0..4, 120, 6, &[], texts);
    let all = problems("polarity", &found, &names);
    assert!(all.is_empty(), "{} problems: {all:#?}", all.len());
}
