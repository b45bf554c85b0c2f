//! Each game's rules page, registered by its table for the help overlay.

use bevy::prelude::*;

/// A game's rules page as written in `assets/rules/`, and the stills it shows (by file
/// name), compiled in so the page is illustrated wherever the game runs.
#[derive(Clone, Copy, Debug)]
pub struct RulesPage {
    pub text: &'static str,
    pub stills: &'static [(&'static str, &'static [u8])],
}

/// Every game's rules page, registered by its table (the help overlay reads them).
#[derive(Resource, Default, Debug)]
pub struct RulesPages(pub std::collections::HashMap<crate::rules::GameId, RulesPage>);

impl RulesPages {
    /// A still's PNG, whichever page shows it.
    pub fn still(&self, file: &str) -> Option<&'static [u8]> {
        self.0
            .values()
            .flat_map(|page| page.stills)
            .find(|(name, _)| *name == file)
            .map(|(_, bytes)| *bytes)
    }
}
