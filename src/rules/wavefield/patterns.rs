//! Wave definitions (W3, W4, W11) and their compilation into exact contribution tables.
//!
//! All field values are integers in units of 1/64: ring decay halves once per ring and the
//! board has at most 6 rings, so every value of W3 is a whole number of units (W5).

use serde::{Deserialize, Serialize};

use super::geometry::{CELLS, Cell, Kind, SIZE};

/// Field units per 1: 2^6, the deepest ring decay on a 7 x 7 board.
pub const UNIT: i32 = 64;
/// At most this many component slots per piece kind (W11).
pub const MAX_SLOTS: usize = 3;

/// A basis wave: the integer pattern value at offset (dx, dy) before ring decay.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pattern {
    /// A named built-in (W4).
    Preset(Preset),
    /// A Chebyshev ring table indexed by ring mod its length.
    Rings(Vec<i32>),
    /// A 7 x 7 integer grid indexed by `[|dy|][|dx|]` (each 0..6), so it covers every
    /// offset on the board and keeps the pattern's mirror symmetry.
    Grid([[i32; SIZE]; SIZE]),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    Checkerboard,
    Cadence,
    CompassRose,
    BlockChecker,
}

impl Preset {
    pub const ALL: [Preset; 4] = [
        Preset::Checkerboard,
        Preset::Cadence,
        Preset::CompassRose,
        Preset::BlockChecker,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Preset::Checkerboard => "checkerboard",
            Preset::Cadence => "cadence",
            Preset::CompassRose => "compass_rose",
            Preset::BlockChecker => "block_checker",
        }
    }
}

/// W4's tower cadence, indexed by ring mod 6.
const CADENCE: [i32; 6] = [1, 1, 1, -1, -1, -1];

impl Pattern {
    /// The pattern value at offset (dx, dy) from the piece (not its own square).
    pub fn basis(&self, dx: i32, dy: i32) -> i32 {
        let (ax, ay) = (dx.abs(), dy.abs());
        let ring = ax.max(ay);
        match self {
            Pattern::Preset(Preset::Checkerboard) => {
                if (ax + ay) % 2 == 0 {
                    1
                } else {
                    -1
                }
            }
            Pattern::Preset(Preset::Cadence) => CADENCE[ring as usize % CADENCE.len()],
            Pattern::Preset(Preset::CompassRose) => {
                if ax == 0 || ay == 0 || ax == ay {
                    1
                } else {
                    -1
                }
            }
            Pattern::Preset(Preset::BlockChecker) => {
                if (ax / 2 + ay / 2) % 2 == 0 {
                    1
                } else {
                    -1
                }
            }
            Pattern::Rings(table) => {
                if table.is_empty() {
                    0
                } else {
                    table[ring as usize % table.len()]
                }
            }
            Pattern::Grid(grid) => grid[ay as usize][ax as usize],
        }
    }
}

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

/// Parses an exact dyadic fraction ("0", "-3", "1/2", "-3/8") into field units.
pub fn parse_units(text: &str) -> Option<i32> {
    let text = text.trim();
    let (num, den) = match text.split_once('/') {
        Some((n, d)) => (n.trim().parse::<i32>().ok()?, d.trim().parse::<i32>().ok()?),
        None => (text.parse::<i32>().ok()?, 1),
    };
    if den <= 0 || den > UNIT || UNIT % den != 0 || num.abs() > 1 << 16 {
        return None;
    }
    Some(num * (UNIT / den))
}

/// Writes a value in field units as a reduced fraction: `"0"`, `"5"`, `"-3/8"`.
pub fn format_units(units: i32) -> String {
    let mut num = units;
    let mut den = UNIT;
    while den > 1 && num % 2 == 0 {
        num /= 2;
        den /= 2;
    }
    if den == 1 {
        num.to_string()
    } else {
        format!("{num}/{den}")
    }
}

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
    fn fractions_are_reduced() {
        // W5: values are exact reduced fractions.
        assert_eq!(format_units(0), "0");
        assert_eq!(format_units(5 * UNIT), "5");
        assert_eq!(format_units(-24), "-3/8");
        assert_eq!(format_units(32), "1/2");
        assert_eq!(format_units(1), "1/64");
        assert_eq!(parse_units("-3/8"), Some(-24));
        assert_eq!(parse_units("1/3"), None);
        assert_eq!(parse_units("1/128"), None);
        for u in -300..300 {
            assert_eq!(parse_units(&format_units(u)), Some(u));
        }
    }

    #[test]
    fn w4_patterns() {
        // W4: tower cadence: rings 1, 2 are +1, rings 3..5 are -1, ring 6 is +1 again.
        let cadence = Pattern::Preset(Preset::Cadence);
        let rings: Vec<i32> = (1..=6).map(|r| cadence.basis(r, 0)).collect();
        assert_eq!(rings, [1, 1, -1, -1, -1, 1]);
        let rose = Pattern::Preset(Preset::CompassRose);
        assert_eq!(rose.basis(3, 3), 1);
        assert_eq!(rose.basis(0, -5), 1);
        assert_eq!(rose.basis(1, 2), -1);
        let block = Pattern::Preset(Preset::BlockChecker);
        assert_eq!(block.basis(1, 1), 1);
        assert_eq!(block.basis(2, 1), -1);
        assert_eq!(block.basis(2, 2), 1);
        assert_eq!(block.basis(-3, 0), -1);
    }

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
