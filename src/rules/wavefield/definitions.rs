//! Wave definitions per piece kind (W3, W11), their validation, and their compilation
//! into exact contribution tables.

use serde::{Deserialize, Serialize};

use super::geometry::{CELLS, Cell, Kind};
use super::patterns::{MAX_SLOTS, Pattern, Preset, UNIT, parse_units};

/// One piece kind's wave definition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KindDef {
    /// 1..=3 component patterns.
    pub slots: Vec<Pattern>,
    /// How many slots may be active at once.
    pub active_limit: u8,
    /// The default control per slot in intrinsic (Red) signs: +1, -1, or 0 for off.
    pub default_controls: Vec<i8>,
    /// Multiplies non-negative component values.
    pub friendly_scale: i32,
    /// Multiplies negative component values.
    pub hostile_scale: i32,
    /// The "Energy" column of the piece table.
    pub strength: i32,
    /// The energy on the piece's own square, an exact dyadic fraction such as "1/2".
    pub home_energy: String,
}

/// The wave definitions of all four kinds, in `Kind::ALL` order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Definitions {
    pub round_hat: KindDef,
    pub tower: KindDef,
    pub triangle_hat: KindDef,
    pub big_hat: KindDef,
}

fn builtin(preset: Preset, friendly: i32, hostile: i32, strength: i32, home: &str) -> KindDef {
    KindDef {
        slots: vec![Pattern::Preset(preset)],
        active_limit: 1,
        default_controls: vec![1],
        friendly_scale: friendly,
        hostile_scale: hostile,
        strength,
        home_energy: home.to_string(),
    }
}

impl Default for Definitions {
    /// The normal ruleset (W3, W4).
    fn default() -> Self {
        Definitions {
            round_hat: builtin(Preset::Checkerboard, 4, 1, 1, "0"),
            tower: builtin(Preset::Cadence, 3, 1, 2, "0"),
            triangle_hat: builtin(Preset::CompassRose, 3, 0, 2, "1/2"),
            big_hat: builtin(Preset::BlockChecker, 4, 2, 2, "0"),
        }
    }
}

/// A definition that cannot be used: the field path and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefinitionError {
    pub field: String,
    pub problem: String,
}

impl std::fmt::Display for DefinitionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.problem)
    }
}

impl std::error::Error for DefinitionError {}

impl Definitions {
    pub fn kind(&self, kind: Kind) -> &KindDef {
        match kind {
            Kind::RoundHat => &self.round_hat,
            Kind::Tower => &self.tower,
            Kind::TriangleHat => &self.triangle_hat,
            Kind::BigHat => &self.big_hat,
        }
    }

    pub fn kind_mut(&mut self, kind: Kind) -> &mut KindDef {
        match kind {
            Kind::RoundHat => &mut self.round_hat,
            Kind::Tower => &mut self.tower,
            Kind::TriangleHat => &mut self.triangle_hat,
            Kind::BigHat => &mut self.big_hat,
        }
    }

    /// Checks every field; the error names the first bad one (`tower.slots[1]`, ...).
    pub fn validate(&self) -> Result<(), DefinitionError> {
        for kind in Kind::ALL {
            let def = self.kind(kind);
            let name = kind.name();
            let bad = |field: &str, problem: String| DefinitionError {
                field: format!("{name}.{field}"),
                problem,
            };
            if def.slots.is_empty() || def.slots.len() > MAX_SLOTS {
                return Err(bad(
                    "slots",
                    format!("needs 1 to {MAX_SLOTS} patterns, has {}", def.slots.len()),
                ));
            }
            for (i, pattern) in def.slots.iter().enumerate() {
                match pattern {
                    Pattern::Preset(_) => {}
                    Pattern::Rings(table) => {
                        if table.is_empty() || table.len() > 12 {
                            return Err(bad(
                                &format!("slots[{i}]"),
                                "a ring table needs 1 to 12 entries".into(),
                            ));
                        }
                        if let Some(v) = table.iter().find(|v| v.abs() > 64) {
                            return Err(bad(
                                &format!("slots[{i}]"),
                                format!("ring value {v} is outside -64..64"),
                            ));
                        }
                    }
                    Pattern::Grid(grid) => {
                        if let Some(v) = grid.iter().flatten().find(|v| v.abs() > 64) {
                            return Err(bad(
                                &format!("slots[{i}]"),
                                format!("grid value {v} is outside -64..64"),
                            ));
                        }
                    }
                }
            }
            if def.active_limit == 0 || def.active_limit as usize > def.slots.len() {
                return Err(bad(
                    "active_limit",
                    format!(
                        "must be 1 to {} (the slot count), is {}",
                        def.slots.len(),
                        def.active_limit
                    ),
                ));
            }
            if def.default_controls.len() != def.slots.len() {
                return Err(bad(
                    "default_controls",
                    format!(
                        "needs one control per slot ({}), has {}",
                        def.slots.len(),
                        def.default_controls.len()
                    ),
                ));
            }
            if let Some(v) = def.default_controls.iter().find(|v| !matches!(v, -1..=1)) {
                return Err(bad("default_controls", format!("{v} is not +1, -1 or 0")));
            }
            let active = def.default_controls.iter().filter(|v| **v != 0).count();
            if active == 0 || active > def.active_limit as usize {
                return Err(bad(
                    "default_controls",
                    format!(
                        "{active} active controls; must be 1 to the active limit {}",
                        def.active_limit
                    ),
                ));
            }
            if !(0..=16).contains(&def.friendly_scale) {
                return Err(bad(
                    "friendly_scale",
                    format!("{} is outside 0..16", def.friendly_scale),
                ));
            }
            if !(0..=16).contains(&def.hostile_scale) {
                return Err(bad(
                    "hostile_scale",
                    format!("{} is outside 0..16", def.hostile_scale),
                ));
            }
            if !(1..=8).contains(&def.strength) {
                return Err(bad("strength", format!("{} is outside 1..8", def.strength)));
            }
            match parse_units(&def.home_energy) {
                Some(u) if u.abs() <= 16 * UNIT => {}
                _ => {
                    return Err(bad(
                        "home_energy",
                        format!(
                            "\"{}\" is not a dyadic fraction (denominator 1..64, a power of two) within -16..16",
                            def.home_energy
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Compiles validated definitions into tables.
    pub fn compile(&self) -> Result<Tables, DefinitionError> {
        self.validate()?;
        let mut rows = vec![[0i32; CELLS]; 4 * MAX_SLOTS * 2 * CELLS];
        let mut home = [0i32; 4];
        let mut slots = [0u8; 4];
        let mut limits = [0u8; 4];
        let mut defaults = [[0i8; MAX_SLOTS]; 4];
        for kind in Kind::ALL {
            let def = self.kind(kind);
            let k = kind.index();
            home[k] = parse_units(&def.home_energy).unwrap_or(0);
            slots[k] = def.slots.len() as u8;
            limits[k] = def.active_limit;
            for (s, c) in def.default_controls.iter().enumerate() {
                defaults[k][s] = *c;
            }
            for (s, pattern) in def.slots.iter().enumerate() {
                for (sign_index, coef) in [1i32, -1].into_iter().enumerate() {
                    for origin in Cell::all() {
                        let row = &mut rows[Tables::row_index(kind, s, sign_index, origin)];
                        for cell in Cell::all() {
                            if cell == origin {
                                continue;
                            }
                            let (dx, dy) = (cell.x() - origin.x(), cell.y() - origin.y());
                            let ring = dx.abs().max(dy.abs());
                            // v_c = coef * basis * 2^-ring, exact in units of 1/64.
                            let v = coef * pattern.basis(dx, dy) * (UNIT >> ring);
                            let scaled = if v >= 0 {
                                v * def.friendly_scale
                            } else {
                                v * def.hostile_scale
                            };
                            row[cell.index()] = def.strength * scaled;
                        }
                    }
                }
            }
        }
        Ok(Tables {
            rows,
            home,
            slots,
            limits,
            defaults,
        })
    }
}

/// Compiled definitions: for each kind, slot, sign and origin, the Red-oriented
/// contribution to every square (own square 0; home energy is kept apart).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tables {
    rows: Vec<[i32; CELLS]>,
    /// Home energy per kind, in units, Red-oriented.
    pub home: [i32; 4],
    /// Slot count per kind.
    pub slots: [u8; 4],
    /// Active limit per kind.
    pub limits: [u8; 4],
    /// Default controls per kind and slot (intrinsic signs, 0 = off).
    pub defaults: [[i8; MAX_SLOTS]; 4],
}

impl Tables {
    fn row_index(kind: Kind, slot: usize, sign_index: usize, origin: Cell) -> usize {
        ((kind.index() * MAX_SLOTS + slot) * 2 + sign_index) * CELLS + origin.index()
    }

    /// The Red-oriented contribution row of one component of `kind` at `origin`.
    #[inline]
    pub fn row(&self, kind: Kind, slot: usize, negative: bool, origin: Cell) -> &[i32; CELLS] {
        &self.rows[Self::row_index(kind, slot, negative as usize, origin)]
    }

    /// The built-in tables of the normal ruleset, compiled once.
    pub fn builtin() -> &'static std::sync::Arc<Tables> {
        static BUILTIN: std::sync::OnceLock<std::sync::Arc<Tables>> = std::sync::OnceLock::new();
        BUILTIN.get_or_init(|| {
            std::sync::Arc::new(
                Definitions::default()
                    .compile()
                    .unwrap_or_else(|e| panic!("the built-in definitions are valid: {e}")),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validation_names_the_bad_field() {
        // W11: validation errors name the field.
        let mut defs = Definitions::default();
        defs.tower.friendly_scale = 99;
        assert_eq!(defs.validate().unwrap_err().field, "tower.friendly_scale");
        let mut defs = Definitions::default();
        defs.triangle_hat.home_energy = "1/3".into();
        assert_eq!(
            defs.validate().unwrap_err().field,
            "triangle_hat.home_energy"
        );
        let mut defs = Definitions::default();
        defs.big_hat.slots.push(Pattern::Rings(vec![]));
        defs.big_hat.default_controls.push(0);
        assert_eq!(defs.validate().unwrap_err().field, "big_hat.slots[1]");
        let mut defs = Definitions::default();
        defs.round_hat.active_limit = 2;
        assert_eq!(defs.validate().unwrap_err().field, "round_hat.active_limit");
        assert!(Definitions::default().validate().is_ok());
    }
}
