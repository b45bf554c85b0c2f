//! What the panel reads out, every frame: the tuning lines with their signed field
//! contribution, the level, Pressure, the History Roll and developer mode's raw field,
//! breakdown, mobility and definitions.

use bevy::prelude::*;

use super::WavefieldTable;
use super::panel::{DevSection, PanelButton, PanelText, ThumbCell, thumb_color};
use crate::rules::wavefield::patterns::{Pattern, format_units};
use crate::rules::wavefield::views;
use crate::rules::wavefield::{Cell, Kind};

fn sign(v: i32) -> char {
    if v < 0 { '-' } else { '+' }
}

pub(super) fn update_panel(
    table: Res<WavefieldTable>,
    mut texts: Query<(&PanelText, &mut Text)>,
    mut dev: Query<&mut Node, With<DevSection>>,
    mut thumbs: Query<(&ThumbCell, &mut BackgroundColor), Without<PanelButton>>,
) {
    let game = &table.game;
    let pos = game.position();
    let side = pos.to_move();
    let profile = pos.profile(side);
    // In developer mode the thumbnails show the draft being edited.
    let defs = match (&table.draft, table.dev) {
        (Some(draft), true) => draft,
        _ => game.definitions(),
    };
    for (cell, mut color) in &mut thumbs {
        let value: i32 = defs
            .kind(cell.kind)
            .slots
            .first()
            .map(|p| p.basis(cell.dx, cell.dy))
            .unwrap_or(0)
            * profile.coef(cell.kind)
            * side.sign();
        let wanted = thumb_color(value, cell.dx.abs().max(cell.dy.abs()));
        if color.0 != wanted {
            color.0 = wanted;
        }
    }
    for (which, mut t) in &mut texts {
        let value = match which {
            PanelText::Header => format!("Tuning: {} ({profile})", side.title()),
            PanelText::KindLine(kind) => {
                let coef = profile.coef(*kind);
                format!(
                    "{}: {} (field {})",
                    kind.title(),
                    sign(coef),
                    sign(coef * side.sign()),
                )
            }
            PanelText::Level => table.level.name().to_string(),
            PanelText::Pressure => {
                let p = game.pressure();
                let trend: Vec<String> = p.trend.iter().map(|v| format_units(*v)).collect();
                format!(
                    "Pressure ({})\nlegal moves {} | unstable: own {}, theirs {}\nBig Hat margin {}{}\ntrend {}",
                    p.side.title(),
                    p.legal_moves,
                    p.unstable_own,
                    p.unstable_opponent,
                    p.big_hat_margin_text,
                    if p.trapped { " (trapped)" } else { "" },
                    trend.join(" ")
                )
            }
            PanelText::History if table.dev => String::new(),
            PanelText::History => {
                let lines = game.history_roll();
                let recent: Vec<String> = lines
                    .iter()
                    .rev()
                    .take(9)
                    .rev()
                    .map(|l| format!("{:>3} {}", l.entry + 1, l.text))
                    .collect();
                format!("History Roll\n{}", recent.join("\n"))
            }
            PanelText::Dev => {
                if table.dev {
                    dev_text(&table)
                } else {
                    String::new()
                }
            }
        };
        if t.0 != value {
            t.0 = value;
        }
    }
    let display = if table.dev {
        Display::Flex
    } else {
        Display::None
    };
    for mut node in &mut dev {
        if node.display != display {
            node.display = display;
        }
    }
}

/// Developer mode: the raw field, the selected square's contributions, mobility and the
/// wave definitions.
fn dev_text(table: &WavefieldTable) -> String {
    let game = &table.game;
    let pos = game.position();
    let mut out = String::from("Raw field (1/64 units), row 7 first\n");
    for y in 0..7 {
        let row: Vec<String> = (0..7)
            .filter_map(|x| Cell::new(x, y))
            .map(|c| format!("{:>6}", pos.value(c)))
            .collect();
        out += &row.join("");
        out.push('\n');
    }
    if let Some(id) = table.selected {
        let cell = pos.piece(id).cell;
        let b = game.breakdown(cell);
        out += &format!(
            "{cell}: total {} | R {} T {} A {} B {}\n",
            format_units(b.total),
            format_units(b.per_kind[0]),
            format_units(b.per_kind[1]),
            format_units(b.per_kind[2]),
            format_units(b.per_kind[3])
        );
    }
    let mobility: Vec<String> = views::mobility(pos)
        .iter()
        .map(|(id, n)| {
            let p = pos.piece(*id);
            format!("{}{}:{n}", p.kind.letter(), p.cell)
        })
        .collect();
    out += &format!("mobility {}\n", mobility.join(" "));
    let defs = game.definitions();
    for kind in Kind::ALL {
        let d = defs.kind(kind);
        let slots: Vec<String> = d
            .slots
            .iter()
            .map(|s| match s {
                Pattern::Preset(p) => p.name().to_string(),
                Pattern::Rings(r) => format!("rings {r:?}"),
                Pattern::Grid(_) => "grid".to_string(),
            })
            .collect();
        out += &format!(
            "{}: {} | slots {} (limit {}) | defaults {:?} | scales {}/{} | energy {} | home {}\n",
            kind.letter(),
            slots.join(","),
            d.slots.len(),
            d.active_limit,
            d.default_controls,
            d.friendly_scale,
            d.hostile_scale,
            d.strength,
            d.home_energy
        );
    }
    out
}
