//! What the panel reads out: the tuning lines with their signed field contribution
//! (every slot in a multi-slot game, the active controls lit), the level, Pressure, the
//! History Roll and developer mode's raw field, breakdown and mobility (the definitions
//! are in the wave editor's own panel). It is written again only when what it is made
//! from changes: Pressure alone lists every legal move.

use bevy::prelude::*;

use super::panel::{
    DevSection, Lit, PanelText, SlotButton, SlotLabel, THUMB_SIDE, Thumbnail, thumb_color,
};
use super::{WavefieldPlayed, WavefieldScene};
use crate::app::table::Seats;
use crate::rules::Level;
use crate::rules::wavefield::patterns::format_units;
use crate::rules::wavefield::views;
use crate::rules::wavefield::{Cell, Game, Kind, PieceId};

fn sign(v: i32) -> char {
    if v < 0 { '-' } else { '+' }
}

/// The marks of one kind's controls: `+`, `-`, `0` (off) per slot.
fn marks(controls: &[i8], side_sign: i32) -> String {
    controls
        .iter()
        .map(|c| match i32::from(*c) * side_sign {
            0 => '0',
            v if v < 0 => '-',
            _ => '+',
        })
        .collect()
}

/// What the panel was last written from: the game, by the table's count of its changes
/// ([`Played::changes`](crate::app::table::Played::changes)), and the table's own choices.
#[derive(Clone, Copy, PartialEq)]
pub(super) struct PanelSource {
    changes: u64,
    level: Level,
    dev: bool,
    selected: Option<PieceId>,
}

pub(super) fn update_panel(
    played: Res<WavefieldPlayed>,
    table: Res<WavefieldScene>,
    seats: Res<Seats>,
    mut written_from: Local<Option<PanelSource>>,
    new_parts: Query<
        (),
        Or<(
            Added<PanelText>,
            Added<Thumbnail>,
            Added<SlotButton>,
            Added<SlotLabel>,
            Added<DevSection>,
        )>,
    >,
    mut texts: Query<(&PanelText, &mut Text), Without<SlotLabel>>,
    mut dev: Query<&mut Node, (With<DevSection>, Without<SlotButton>)>,
    thumbnails: Query<(&Thumbnail, &ImageNode)>,
    mut images: ResMut<Assets<Image>>,
    mut slot_buttons: Query<(&SlotButton, &mut Lit, &mut Node), Without<DevSection>>,
    mut slot_labels: Query<(&SlotLabel, &mut Text), Without<PanelText>>,
) {
    let source = PanelSource {
        changes: played.changes,
        level: seats.level,
        dev: table.dev,
        selected: table.selected,
    };
    // A table set out afresh counts its changes from 0 again: its panel parts are new.
    if *written_from == Some(source) && !played.is_added() && new_parts.is_empty() {
        return;
    }
    *written_from = Some(source);
    let game = &played.game;
    let pos = game.position();
    let side = pos.to_move();
    let tuning = game.tuning(side);
    let multi = game.multi_slot();
    for (thumbnail, picture) in &thumbnails {
        let texels = thumbnail_texels(game, thumbnail.0);
        // Written only when it differs: a written picture goes to the renderer again.
        if images
            .get(&picture.image)
            .is_some_and(|image| image.data.as_deref() != Some(&texels[..]))
            && let Some(mut image) = images.get_mut(&picture.image)
        {
            image.data = Some(texels);
        }
    }
    for (button, mut lit, mut node) in &mut slot_buttons {
        let controls = tuning.kind(button.kind);
        let shown = button.slot < controls.len();
        let on = controls
            .get(button.slot)
            .is_some_and(|c| i32::from(*c) == button.coef);
        if lit.0 != on {
            lit.0 = on;
        }
        let display = if shown { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
    }
    for (label, mut t) in &mut slot_labels {
        let sign = if label.0.coef < 0 { '-' } else { '+' };
        let value = if multi {
            format!("{}{sign}", label.0.slot + 1)
        } else {
            sign.to_string()
        };
        if t.0 != value {
            t.0 = value;
        }
    }
    for (which, mut t) in &mut texts {
        let value = match which {
            PanelText::Header => format!("Tuning: {} ({tuning})", side.title()),
            PanelText::KindLine(kind) if multi => {
                let controls = tuning.kind(*kind);
                format!(
                    "{}\n{} (field {})",
                    kind.title(),
                    marks(controls, 1),
                    marks(controls, side.sign()),
                )
            }
            PanelText::KindLine(kind) => {
                let coef = tuning.profile().coef(*kind);
                format!(
                    "{}: {} (field {})",
                    kind.title(),
                    sign(coef),
                    sign(coef * side.sign()),
                )
            }
            PanelText::Level => seats.level.name().to_string(),
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
                    dev_text(&played, &table)
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

/// A thumbnail's texels, sRGB RGBA, one per square: row dy = -3 first (the direction
/// the side to move's pieces face), each row from dx = -3. A square shows the active
/// slots' patterns, each turned by its control, in the side to move's sign.
pub(super) fn thumbnail_texels(game: &Game, kind: Kind) -> Vec<u8> {
    let side = game.position().to_move();
    let tuning = game.tuning(side);
    let controls = tuning.kind(kind);
    let slots = &game.definitions().kind(kind).slots;
    let reach = (THUMB_SIDE / 2) as i32;
    let mut texels = Vec::with_capacity(4 * (THUMB_SIDE * THUMB_SIDE) as usize);
    for dy in -reach..=reach {
        for dx in -reach..=reach {
            let value: i32 = slots
                .iter()
                .zip(controls)
                .map(|(p, c)| p.basis(dx, dy) * i32::from(*c))
                .sum::<i32>()
                * side.sign();
            let colour = thumb_color(value, dx.abs().max(dy.abs()));
            texels.extend_from_slice(&colour.to_srgba().to_u8_array());
        }
    }
    texels
}

/// Developer mode: the raw field, the selected square's contributions and mobility.
fn dev_text(played: &WavefieldPlayed, table: &WavefieldScene) -> String {
    let game = &played.game;
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
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::wavefield::notation::parse_action;

    fn texel(texels: &[u8], dx: i32, dy: i32) -> [u8; 4] {
        let i = 4 * ((dy + 3) * 7 + (dx + 3)) as usize;
        texels[i..i + 4].try_into().unwrap()
    }

    /// The side to move tunes its Tower's control the other way (its turn goes on: a
    /// tuning comes before the move).
    fn flip_tower(game: &mut Game) {
        let profile = game.tuning(game.position().to_move()).profile();
        let mark = |kind: Kind, flip: bool| {
            let coef = profile.coef(kind) * if flip { -1 } else { 1 };
            sign(coef)
        };
        let tune = format!(
            "tune R{}T{}A{}B{}",
            mark(Kind::RoundHat, false),
            mark(Kind::Tower, true),
            mark(Kind::TriangleHat, false),
            mark(Kind::BigHat, false),
        );
        game.play(parse_action(&tune).unwrap()).unwrap();
    }

    /// The piece's own square is the white middle texel; once the side to move has tuned
    /// its Tower the other way, every warm square of the Tower's thumbnail is cool and
    /// every cool one warm, in the same place, and the other kinds' are as they were.
    #[test]
    fn a_thumbnail_shows_its_kind_s_wave_square_by_square_and_follows_its_tuning() {
        let mut game = Game::new(7);
        let side = game.position().to_move();
        let before: Vec<Vec<u8>> = Kind::ALL.map(|k| thumbnail_texels(&game, k)).to_vec();
        flip_tower(&mut game);
        assert_eq!(game.position().to_move(), side);
        let after: Vec<Vec<u8>> = Kind::ALL.map(|k| thumbnail_texels(&game, k)).to_vec();
        let white = thumb_color(0, 0).to_srgba().to_u8_array();
        let (mut warm, mut cool) = (0, 0);
        for dy in -3..=3 {
            for dx in -3..=3 {
                let (b, a) = (texel(&before[1], dx, dy), texel(&after[1], dx, dy));
                if (dx, dy) == (0, 0) {
                    assert_eq!((b, a), (white, white));
                } else if b[0] > b[2] {
                    warm += 1;
                    assert!(a[2] > a[0], "({dx}, {dy}): {b:?} -> {a:?}");
                } else if b[2] > b[0] {
                    cool += 1;
                    assert!(a[0] > a[2], "({dx}, {dy}): {b:?} -> {a:?}");
                } else {
                    assert_eq!(b, a, "({dx}, {dy})");
                }
            }
        }
        assert!(warm > 0 && cool > 0, "{warm} warm, {cool} cool squares");
        for k in [0, 2, 3] {
            assert_eq!(before[k], after[k], "{:?}", Kind::ALL[k]);
        }
    }
}
