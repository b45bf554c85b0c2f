//! The status line's own part: the view and its keys.

use super::*;

/// The view and its keys after the rules' status line.
pub(super) fn keys(table: &WavefieldTable) -> String {
    let mut line = format!(
        "\nView: {} (V) | H hint, D dice, U undo, N new, G dev",
        table.view.title()
    );
    if table.view == View::Cmyk {
        let names = ["C Round Hat", "M Tower", "Y Triangle Hat", "K Big Hat"];
        let on: Vec<&str> = (0..4)
            .filter(|k| table.channels & (1 << k) != 0)
            .map(|k| names[k])
            .collect();
        line += &format!(" | 1-4 isolate: {}", on.join(", "));
    }
    if table.view == View::Contributions {
        line += " | squares: Round Hat, Tower / Triangle Hat, Big Hat";
    }
    if table.view == View::Influence && table.selected.is_none() {
        line += " | click a piece";
    }
    line
}
