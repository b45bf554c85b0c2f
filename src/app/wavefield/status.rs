//! The status line.

use super::*;

pub(super) fn update_status(table: Res<WavefieldTable>, mut status: ResMut<StatusLine>) {
    let mut line = table.game.status();
    if table.thinking.is_some() {
        line += " | the computer is thinking";
    }
    line += &format!(
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
    if let Some(message) = &table.message {
        line += &format!("\n{message}");
    }
    if status.0 != line {
        status.0 = line;
    }
}
