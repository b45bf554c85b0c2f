//! What the engines know, shown at the table. While a move is hovered, its whole outcome,
//! played by the rules on a copy: ghosts at the pieces' final places, a mark on each
//! piece lost, one line beside the pointer (`preview`). On asking, what the opponent
//! threatens (T) and the best turn (H, a hint), each as an arrow, its ghost outcome and
//! its line; the evaluation bar (E); in the replay viewer the three best turns as arrows
//! (`insight`, searched off the main thread, `drawn`, `bar`).
//!
//! A game draws what a turn leaves ([`TableGame::foresee`]) and says which turn is under
//! the pointer ([`TableGame::hovered`]); everything else is here, once.

pub mod bar;
mod drawn;
pub mod insight;
pub mod keys;
pub mod preview;

use bevy::prelude::*;

use super::{ActionOf, ResolutionOf, TableGame};
use crate::app::Screen;
use crate::rules::Rules;

pub use insight::{HintsUsed, Insight};
pub use preview::PreviewShown;

/// How high over its point a sight's line floats (world units): above the marks on the
/// pieces, which float at about one unit, each kind at its own height so that a threat's
/// and a hint's lines (and a still's preview) never sit on one another.
pub fn line_lift(kind: SightKind) -> f32 {
    match kind {
        SightKind::Preview => 1.9,
        SightKind::Threat => 2.4,
        SightKind::Hint => 3.0,
        SightKind::Best(_) => 0.8,
    }
}

/// What a sight is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SightKind {
    /// The turn under the pointer.
    Preview,
    /// The opponent's best turn, were it to move now.
    Threat,
    /// The best turn for the side to move (H).
    Hint,
    /// One of the viewer's three best turns, 0 the best.
    Best(u8),
}

impl SightKind {
    pub fn name(self) -> &'static str {
        match self {
            SightKind::Preview => "preview",
            SightKind::Threat => "threat",
            SightKind::Hint => "hint",
            SightKind::Best(_) => "best",
        }
    }
}

/// What a mark on the board says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkWhat {
    /// A piece that would be lost or taken.
    Lost,
    /// A piece that arrives changed (hex chess's type on arrival).
    Arrives,
    /// A cell the arrived piece then attacks.
    Attacks,
    /// A piece left unstable (Wave Field).
    Unstable,
    /// The sight's line, at its arrow's tip.
    Line,
}

/// The layout report's name of a mark: the sight's kind, then what it marks.
pub fn mark_name(kind: SightKind, what: MarkWhat) -> &'static str {
    use MarkWhat as W;
    use SightKind as K;
    match (kind, what) {
        (K::Preview, W::Lost) => "preview lost",
        (K::Preview, W::Arrives) => "preview arrives",
        (K::Preview, W::Attacks) => "preview attacks",
        (K::Preview, W::Unstable) => "preview unstable",
        (K::Preview, W::Line) => "preview line",
        (K::Threat, W::Lost) => "threat lost",
        (K::Threat, W::Arrives) => "threat arrives",
        (K::Threat, W::Attacks) => "threat attacks",
        (K::Threat, W::Unstable) => "threat unstable",
        (K::Threat, W::Line) => "threat line",
        (K::Hint, W::Lost) => "hint lost",
        (K::Hint, W::Arrives) => "hint arrives",
        (K::Hint, W::Attacks) => "hint attacks",
        (K::Hint, W::Unstable) => "hint unstable",
        (K::Hint, W::Line) => "hint line",
        (K::Best(_), _) => "best line",
    }
}

/// A turn foreseen: the game before it, its actions, the game after them and what each
/// action set off, all played by the rules on a copy.
pub struct Foreseen<G: TableGame> {
    pub kind: SightKind,
    /// Under a live pointer, where a game's own hover preview may already draw part of
    /// it (Polarity's placed stone); false for a still's preview, a threat or a hint.
    pub live_hover: bool,
    pub before: G::Rules,
    pub turn: Vec<ActionOf<G>>,
    pub after: G::Rules,
    pub resolutions: Vec<ResolutionOf<G>>,
}

impl<G: TableGame> Foreseen<G> {
    /// `turn` played on a copy of `before`; its refusal, in the rules' words.
    pub fn play(kind: SightKind, before: &G::Rules, turn: &[ActionOf<G>]) -> Result<Self, String> {
        let mut after = before.clone();
        let mut resolutions = Vec::with_capacity(turn.len());
        for &action in turn {
            resolutions.push(after.play(action).map_err(|e| e.to_string())?);
        }
        Ok(Foreseen {
            kind,
            live_hover: false,
            before: before.clone(),
            turn: turn.to_vec(),
            after,
            resolutions,
        })
    }

    /// The index (as in `Rules::SIDES`) of the side whose turn it is.
    pub fn mover(&self) -> usize {
        super::side_index::<G::Rules>(self.before.to_move())
    }

    /// The side the sight's words speak to ("your", "you win"): the player to move, who
    /// previews a move or asks a hint; for a threat the player the threat is against.
    pub fn viewer(&self) -> usize {
        match self.kind {
            SightKind::Threat => 1 - self.mover(),
            _ => self.mover(),
        }
    }

    /// How the turn ends the game for the viewer, when it does: "you win", "you lose" or
    /// "a draw".
    pub fn ending(&self) -> Option<&'static str> {
        if !self.after.is_over() {
            return None;
        }
        let winner = self.after.winner().map(super::side_index::<G::Rules>);
        Some(match winner {
            Some(w) if w == self.viewer() => "you win",
            Some(_) => "you lose",
            None => "a draw",
        })
    }
}

/// Parts of a line joined as the pointer's note writes them.
pub fn joined(parts: Vec<String>) -> String {
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" · ")
}

/// What a game draws of a foreseen turn: its ghosts and other meshes (spawned, each
/// `Pickable::IGNORE` and a [`super::TablePart`]), the marks to write on the board, and
/// its one line.
#[derive(Default)]
pub struct Sight {
    pub entities: Vec<Entity>,
    pub marks: Vec<Mark>,
    pub line: String,
}

/// A word at a board point.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub at: Vec3,
    pub text: String,
    pub what: MarkWhat,
}

/// A mark on screen.
#[derive(Component)]
pub struct SightMark;

/// What the table shows of the engines' knowledge: the settings' previews and bar (a
/// headless app has no settings: previews on, bar off), and the threat asked for.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ForesightShown {
    pub previews: bool,
    pub evaluation_bar: bool,
    pub threat: bool,
}

impl Default for ForesightShown {
    fn default() -> Self {
        ForesightShown {
            previews: true,
            evaluation_bar: false,
            threat: false,
        }
    }
}

/// The colour a kind's marks and arrows are drawn in.
pub fn kind_colour(kind: SightKind) -> Color {
    match kind {
        SightKind::Preview => Color::srgb(0.96, 0.9, 0.72),
        SightKind::Threat => Color::srgb(1.0, 0.45, 0.38),
        SightKind::Hint => Color::srgb(0.5, 0.92, 0.62),
        SightKind::Best(_) => Color::srgb(1.0, 0.82, 0.4),
    }
}

fn what_colour(kind: SightKind, what: MarkWhat) -> Color {
    match what {
        MarkWhat::Lost => Color::srgb(1.0, 0.42, 0.36),
        MarkWhat::Unstable => Color::srgb(1.0, 0.7, 0.3),
        _ => kind_colour(kind),
    }
}

/// Spawns one mesh of a sight (a ghost, its ring, an arrow's part): a table part that
/// nothing picks and that casts no shadow.
pub fn spawn_part(
    commands: &mut Commands,
    name: &'static str,
    mesh: Handle<Mesh>,
    material: Handle<StandardMaterial>,
    transform: Transform,
) -> Entity {
    commands
        .spawn((
            Name::new(name),
            super::TablePart,
            DespawnOnExit(Screen::Playing),
            Mesh3d(mesh),
            MeshMaterial3d(material),
            transform,
            Pickable::IGNORE,
            bevy::light::NotShadowCaster,
        ))
        .id()
}

/// Spawns `mark` as a small label over its board point (under every panel).
pub fn spawn_mark(commands: &mut Commands, kind: SightKind, mark: &Mark) -> Entity {
    commands
        .spawn((
            SightMark,
            super::badges::board_word(
                mark.at,
                mark_name(kind, mark.what),
                mark.text.clone(),
                what_colour(kind, mark.what),
            ),
        ))
        .id()
}

/// What is on screen for one sight, to take away whole.
#[derive(Default)]
pub struct Drawn {
    pub entities: Vec<Entity>,
    pub line: Option<String>,
}

impl Drawn {
    pub fn clear(&mut self, commands: &mut Commands) {
        for e in self.entities.drain(..) {
            commands.entity(e).try_despawn();
        }
        self.line = None;
    }
}

/// Runs the table's foresight for `G` (added by the table's plugin).
pub(super) fn plugin<G: TableGame>(app: &mut App) {
    preview::plugin::<G>(app);
    insight::plugin::<G>(app);
    drawn::plugin::<G>(app);
    keys::plugin::<G>(app);
    bar::plugin_for::<G>(app);
}

/// What every game shares: the resources, the settings followed, the bar.
pub(super) fn configure(app: &mut App) {
    app.init_resource::<ForesightShown>()
        .init_resource::<HintsUsed>()
        .add_systems(Update, follow_settings);
    bar::plugin(app);
    drawn::configure(app);
    keys::configure(app);
}

/// The settings' previews and bar, as the table shows them.
fn follow_settings(
    settings: Option<Res<crate::app::settings::Settings>>,
    mut shown: ResMut<ForesightShown>,
) {
    let Some(settings) = settings else { return };
    if !settings.is_changed() {
        return;
    }
    let (previews, bar) = (settings.move_previews, settings.evaluation_bar);
    if shown.previews != previews || shown.evaluation_bar != bar {
        shown.previews = previews;
        shown.evaluation_bar = bar;
    }
}
