//! The wave editor's state and edits (W11), on a copy of the definitions: an edit that
//! would leave them invalid is refused with one sentence naming the field, and the
//! definitions stay as they were.

use crate::rules::wavefield::Kind;
use crate::rules::wavefield::definitions::{DefinitionError, Definitions};
use crate::rules::wavefield::patterns::{
    MAX_SLOTS, Pattern, Preset, UNIT, format_units, parse_units,
};

/// The editor's grid and ring values stay within this (the document's Grid mode uses
/// values such as 4 or 8 to send energy far; the rules accept up to 64).
pub const EDIT_LIMIT: i32 = 8;

/// Home energy moves in quarters.
const HOME_STEP: i32 = UNIT / 4;

/// The kind and slot the editor works on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Focus {
    pub kind: Kind,
    /// 0-based.
    pub slot: usize,
}

impl Default for Focus {
    fn default() -> Self {
        Focus {
            kind: Kind::RoundHat,
            slot: 0,
        }
    }
}

/// One step of the wave editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    /// Work on this kind (from its first slot).
    Kind(Kind),
    /// Work on this slot (0-based) of the kind.
    Slot(usize),
    /// One slot more (+1) or fewer (-1); a new slot starts as a checkerboard, off.
    SlotCount(i32),
    ActiveLimit(i32),
    /// The slot becomes the next named preset ...
    NextPreset,
    /// ... or a ring table read off it along a row ...
    Rings,
    /// ... or a 7 x 7 grid of raw integers read off it.
    Grid,
    /// Steps the value at (|dx|, |dy|) by `step` (a ring table: that cell's ring; a preset
    /// becomes a grid first).
    Cell {
        ax: u8,
        ay: u8,
        step: i32,
    },
    /// Cycles the slot's default control: +, -, off.
    DefaultControl,
    FriendlyScale(i32),
    HostileScale(i32),
    Strength(i32),
    /// Home energy, in quarters.
    HomeEnergy(i32),
}

/// What the last edit, restart or file operation said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// One sentence.
    pub text: String,
    pub error: bool,
}

/// The wave editor's state: where it works and what it last said. The definitions being
/// edited are the table's `draft`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Editor {
    pub focus: Focus,
    pub note: Option<Note>,
}

impl Editor {
    pub fn say(&mut self, text: impl Into<String>) {
        self.note = Some(Note {
            text: text.into(),
            error: false,
        });
    }

    pub fn refuse(&mut self, text: impl Into<String>) {
        self.note = Some(Note {
            text: text.into(),
            error: true,
        });
    }
}

/// What a pattern is, in a few words.
pub fn describe(pattern: &Pattern) -> String {
    match pattern {
        Pattern::Preset(p) => p.name().to_string(),
        Pattern::Rings(r) => format!("ring table of {}", r.len()),
        Pattern::Grid(_) => "grid".to_string(),
    }
}

/// The sentence for a refused edit.
fn refused(e: &DefinitionError) -> String {
    format!("Not applied: {e}.")
}

fn too_big(kind: Kind, slot: usize, v: i32) -> String {
    refused(&DefinitionError {
        field: format!("{}.slots[{slot}]", kind.name()),
        problem: format!("the editor keeps values within -{EDIT_LIMIT}..{EDIT_LIMIT}, {v} is not"),
    })
}

/// The pattern read as a 7 x 7 grid (own square 0).
fn as_grid(pattern: &Pattern) -> [[i32; 7]; 7] {
    let mut grid = [[0; 7]; 7];
    for (y, row) in grid.iter_mut().enumerate() {
        for (x, v) in row.iter_mut().enumerate() {
            if (x, y) != (0, 0) {
                *v = pattern.basis(x as i32, y as i32);
            }
        }
    }
    grid
}

/// Applies `edit` at `focus`; on refusal `defs` and `focus` are unchanged and the error is
/// one sentence.
pub fn apply(defs: &mut Definitions, focus: &mut Focus, edit: Edit) -> Result<(), String> {
    let mut next = defs.clone();
    let mut at = *focus;
    // The focus may point past a kind's slots after a restart or a load.
    at.slot = at
        .slot
        .min(next.kind(at.kind).slots.len().saturating_sub(1));
    match edit {
        Edit::Kind(kind) => at = Focus { kind, slot: 0 },
        Edit::Slot(slot) => {
            let count = next.kind(at.kind).slots.len();
            if slot >= count {
                return Err(format!(
                    "Not applied: the {} has {count} slot{}; add one first.",
                    at.kind.title(),
                    if count == 1 { "" } else { "s" }
                ));
            }
            at.slot = slot;
        }
        _ => change(&mut next, &mut at, edit)?,
    }
    next.validate().map_err(|e| refused(&e))?;
    at.slot = at
        .slot
        .min(next.kind(at.kind).slots.len().saturating_sub(1));
    *defs = next;
    *focus = at;
    Ok(())
}

fn no_slot() -> String {
    "Not applied: the kind has no such slot.".to_string()
}

/// The edits that change the definitions (validated by [`apply`]).
fn change(defs: &mut Definitions, at: &mut Focus, edit: Edit) -> Result<(), String> {
    let (kind, slot) = (at.kind, at.slot);
    let def = defs.kind_mut(kind);
    let step_by = |v: i32, step: i32| v.saturating_add(step);
    match edit {
        Edit::SlotCount(step) if step > 0 => {
            // Past MAX_SLOTS the validation names the field.
            def.slots.push(Pattern::Preset(Preset::Checkerboard));
            def.default_controls.push(0);
        }
        Edit::SlotCount(_) => {
            if def.slots.len() > 1 {
                def.slots.pop();
                def.default_controls.pop();
                def.active_limit = def.active_limit.min(def.slots.len() as u8);
                // Keep one default on: the slot removed may have been the only one.
                if def.default_controls.iter().all(|c| *c == 0)
                    && let Some(first) = def.default_controls.first_mut()
                {
                    *first = 1;
                }
                at.slot = at.slot.min(def.slots.len() - 1);
            } else {
                def.slots.clear();
                def.default_controls.clear();
            }
        }
        Edit::ActiveLimit(step) => {
            def.active_limit = (i32::from(def.active_limit) + step).clamp(0, 255) as u8;
        }
        Edit::NextPreset => {
            let pattern = def.slots.get_mut(slot).ok_or_else(no_slot)?;
            let next = match pattern {
                Pattern::Preset(p) => {
                    let i = Preset::ALL.iter().position(|q| q == p).unwrap_or(0);
                    Preset::ALL[(i + 1) % Preset::ALL.len()]
                }
                _ => Preset::ALL[0],
            };
            *pattern = Pattern::Preset(next);
        }
        Edit::Rings => {
            let pattern = def.slots.get_mut(slot).ok_or_else(no_slot)?;
            // Rings 0..6 cover the board; ring 0 (the own square) is never used.
            let rings = (0..7)
                .map(|r| if r == 0 { 0 } else { pattern.basis(r, 0) })
                .collect();
            *pattern = Pattern::Rings(rings);
        }
        Edit::Grid => {
            let pattern = def.slots.get_mut(slot).ok_or_else(no_slot)?;
            *pattern = Pattern::Grid(as_grid(pattern));
        }
        Edit::Cell { ax, ay, step } => {
            let (ax, ay) = (usize::from(ax).min(6), usize::from(ay).min(6));
            if (ax, ay) == (0, 0) {
                return Err(
                    "Not applied: the centre is the piece's own square, set by the home energy."
                        .into(),
                );
            }
            let pattern = def.slots.get_mut(slot).ok_or_else(no_slot)?;
            if let Pattern::Preset(_) = pattern {
                *pattern = Pattern::Grid(as_grid(pattern));
            }
            let value = match pattern {
                Pattern::Rings(rings) if !rings.is_empty() => {
                    let len = rings.len();
                    &mut rings[ax.max(ay) % len]
                }
                Pattern::Grid(grid) => &mut grid[ay][ax],
                _ => return Err("Not applied: this ring table is empty.".into()),
            };
            let v = step_by(*value, step);
            // A value from a file past the limit may still step back towards it.
            if v.abs() > EDIT_LIMIT && v.abs() > value.abs() {
                return Err(too_big(kind, slot, v));
            }
            *value = v;
        }
        Edit::DefaultControl => {
            let c = def.default_controls.get_mut(slot).ok_or_else(no_slot)?;
            *c = match *c {
                1 => -1,
                -1 => 0,
                _ => 1,
            };
        }
        Edit::FriendlyScale(step) => def.friendly_scale = step_by(def.friendly_scale, step),
        Edit::HostileScale(step) => def.hostile_scale = step_by(def.hostile_scale, step),
        Edit::Strength(step) => def.strength = step_by(def.strength, step),
        Edit::HomeEnergy(step) => {
            let units = parse_units(&def.home_energy).unwrap_or(0);
            def.home_energy = format_units(step_by(units, step.saturating_mul(HOME_STEP)));
        }
        Edit::Kind(_) | Edit::Slot(_) => {}
    }
    debug_assert!(def.slots.len() <= MAX_SLOTS + 1);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(defs: &mut Definitions, focus: &mut Focus, edit: Edit) -> Result<(), String> {
        apply(defs, focus, edit)
    }

    #[test]
    fn slots_patterns_and_grid_values_edit_the_definitions() {
        let mut defs = Definitions::default();
        let mut focus = Focus::default();
        edit(&mut defs, &mut focus, Edit::Kind(Kind::Tower)).unwrap();
        edit(&mut defs, &mut focus, Edit::SlotCount(1)).unwrap();
        assert_eq!(defs.tower.slots.len(), 2);
        assert_eq!(defs.tower.default_controls, [1, 0]);
        edit(&mut defs, &mut focus, Edit::Slot(1)).unwrap();
        assert_eq!(focus.slot, 1);
        // W11 Grid mode: raw integers, here 8 at (|dx|, |dy|) = (2, 1).
        let raise = Edit::Cell {
            ax: 2,
            ay: 1,
            step: 1,
        };
        for _ in 0..9 {
            edit(&mut defs, &mut focus, raise).unwrap();
        }
        let Pattern::Grid(grid) = &defs.tower.slots[1] else {
            panic!("a cell edit turns the preset into a grid");
        };
        // The checkerboard's -1 at (2, 1) plus nine steps.
        assert_eq!(grid[1][2], 8);
        let before = defs.clone();
        let err = edit(&mut defs, &mut focus, raise).unwrap_err();
        assert!(
            err.contains("tower.slots[1]") && err.ends_with('.'),
            "{err}"
        );
        assert_eq!(defs, before, "a refused edit changes nothing");
        edit(&mut defs, &mut focus, Edit::Rings).unwrap();
        edit(
            &mut defs,
            &mut focus,
            Edit::Cell {
                ax: 3,
                ay: 1,
                step: -1,
            },
        )
        .unwrap();
        let Pattern::Rings(rings) = &defs.tower.slots[1] else {
            panic!("a ring table");
        };
        assert_eq!(
            rings[3],
            Pattern::Preset(Preset::Checkerboard).basis(3, 0) - 1
        );
    }

    #[test]
    fn refusals_name_the_field_in_one_sentence() {
        let mut defs = Definitions::default();
        let mut focus = Focus::default();
        let cases = [
            (Edit::ActiveLimit(1), "round_hat.active_limit"),
            (Edit::DefaultControl, "round_hat.default_controls"),
            (Edit::SlotCount(-1), "round_hat.slots"),
            (Edit::FriendlyScale(13), "round_hat.friendly_scale"),
            (Edit::HostileScale(-2), "round_hat.hostile_scale"),
            (Edit::Strength(-1), "round_hat.strength"),
            (Edit::HomeEnergy(65), "round_hat.home_energy"),
        ];
        // The default control cycles + to - first; - to off is the refusal.
        edit(&mut defs, &mut focus, Edit::DefaultControl).unwrap();
        assert_eq!(defs.round_hat.default_controls, [-1]);
        for (e, field) in cases {
            let before = defs.clone();
            let err = edit(&mut defs, &mut focus, e).unwrap_err();
            assert!(err.contains(field), "{e:?}: {err}");
            assert!(err.ends_with('.') && !err.contains('\n'), "{err}");
            assert_eq!(defs, before);
        }
        edit(&mut defs, &mut focus, Edit::HomeEnergy(2)).unwrap();
        assert_eq!(defs.round_hat.home_energy, "1/2");
        for _ in 0..2 {
            edit(&mut defs, &mut focus, Edit::SlotCount(1)).unwrap();
        }
        assert!(edit(&mut defs, &mut focus, Edit::SlotCount(1)).is_err());
        assert!(edit(&mut defs, &mut focus, Edit::Slot(3)).is_err());
    }
}
