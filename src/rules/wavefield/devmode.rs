//! Developer mode (W11): wave definitions saved and loaded as RON, validated with errors
//! that name the bad field, and the named presets the editor offers.

use super::patterns::{DefinitionError, Definitions, Pattern, Preset};

/// The editor's named presets.
pub fn presets() -> Vec<(&'static str, Pattern)> {
    Preset::ALL
        .iter()
        .map(|p| (p.name(), Pattern::Preset(*p)))
        .collect()
}

/// Writes definitions as RON.
pub fn to_ron(definitions: &Definitions) -> Result<String, DefinitionError> {
    ron::ser::to_string_pretty(definitions, ron::ser::PrettyConfig::default()).map_err(|e| {
        DefinitionError {
            field: "definitions".into(),
            problem: e.to_string(),
        }
    })
}

/// Reads RON definitions and validates them.
pub fn from_ron(text: &str) -> Result<Definitions, DefinitionError> {
    let definitions: Definitions = ron::from_str(text).map_err(|e| {
        // RON names missing or unknown fields in its message; keep it whole.
        DefinitionError {
            field: "definitions".into(),
            problem: e.to_string(),
        }
    })?;
    definitions.validate()?;
    Ok(definitions)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::wavefield::geometry::{Cell, Kind, Side};
    use crate::rules::wavefield::notation::Action;
    use crate::rules::wavefield::{Game, Position};

    #[test]
    fn w11_definitions_round_trip_through_ron() {
        let mut defs = Definitions::default();
        defs.tower.slots.push(Pattern::Rings(vec![0, 2, -1]));
        defs.tower.slots.push(Pattern::Grid([[1; 7]; 7]));
        defs.tower.default_controls = vec![1, 0, 0];
        defs.tower.active_limit = 2;
        let text = to_ron(&defs).unwrap();
        assert_eq!(from_ron(&text).unwrap(), defs);
    }

    #[test]
    fn w11_bad_ron_names_the_field() {
        let mut defs = Definitions::default();
        defs.big_hat.hostile_scale = -1;
        let text = to_ron(&defs).unwrap();
        let err = from_ron(&text).unwrap_err();
        assert_eq!(err.field, "big_hat.hostile_scale");
        let err = from_ron("(round_hat: ())").unwrap_err();
        assert!(err.to_string().contains("definitions"), "{err}");
    }

    #[test]
    fn w11_active_limit_turns_off_the_least_recently_pressed() {
        let mut defs = Definitions::default();
        defs.round_hat.slots = vec![
            Pattern::Preset(Preset::Checkerboard),
            Pattern::Preset(Preset::CompassRose),
            Pattern::Rings(vec![1, -1]),
        ];
        defs.round_hat.default_controls = vec![1, 0, 0];
        defs.round_hat.active_limit = 2;
        let mut game = Game::with_definitions(defs.clone(), 0).unwrap();
        let press = |g: &mut Game, slot: u8| {
            g.play(Action::Press {
                kind: Kind::RoundHat,
                slot,
                coef: 1,
            })
            .unwrap();
        };
        press(&mut game, 1);
        assert_eq!(
            game.position().controls(Side::Blue, Kind::RoundHat).active,
            0b011
        );
        press(&mut game, 2);
        // Slot 0 (pressed least recently: never) goes off.
        assert_eq!(
            game.position().controls(Side::Blue, Kind::RoundHat).active,
            0b110
        );
        press(&mut game, 1);
        press(&mut game, 0);
        assert_eq!(
            game.position().controls(Side::Blue, Kind::RoundHat).active,
            0b011
        );
        // The field is always the sum of the active components.
        let mut p = game.position().clone();
        p.recompute_field(game.tables());
        assert_eq!(p.field(), game.position().field());
        assert!(
            game.play(Action::Press {
                kind: Kind::Tower,
                slot: 1,
                coef: 1
            })
            .is_err()
        );
        // Restart keeps the definitions; "Restart and reset definitions" restores built-ins.
        game.restart();
        assert_eq!(game.definitions(), &defs);
        assert_eq!(game.timeline().len(), 0);
        game.restart_and_reset_definitions();
        assert_eq!(game.definitions(), &Definitions::default());
        assert_eq!(game.position(), &Position::start(game.tables()));
    }

    #[test]
    fn w11_grids_are_still_multiplied_by_ring_decay() {
        let mut defs = Definitions::default();
        defs.tower.slots = vec![Pattern::Grid([[8; 7]; 7])];
        let t = defs.compile().unwrap();
        let origin = Cell::parse("A1").unwrap();
        let far = Cell::parse("G7").unwrap();
        // 8 * 2^-6 * friendly 3 * strength 2 = 3/4 = 48 units.
        assert_eq!(t.row(Kind::Tower, 0, false, origin)[far.index()], 48);
    }
}
