//! The new-game dialog behind each game in the menu: the mode, the side a person takes
//! against the computer (the computer opens when it is the second), the computer's level
//! and, for hex chess, the ruleset; the clock (none, or a time control); Start, Resume (the game left for the menu, or hex
//! chess's save) and Back. The choice is remembered per game in the settings.

use bevy::prelude::*;

use crate::rules::edit::capital;

use crate::app::choice::{GameChoice, ModeChoice};
use crate::app::settings::Settings;
use crate::app::table::{SaveFolder, SaveSlots, SlotKey, Start, TableLaunch};
use crate::app::ui::LayoutChecked;
use crate::app::ui::theme::{BUTTON, BUTTON_DISABLED, BUTTON_HOVER, CHOSEN, INK_BRIGHT, SHEET};
use crate::app::ui::widgets::{Activate, button};
use crate::app::{Overlay, Screen};
use crate::rules::{GameId, Level};
use crate::time_control::TimeControl;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (close_on_escape, show_dialog, style_dialog)
            .chain()
            .run_if(in_state(Screen::Menu)),
    )
    .add_systems(OnExit(Screen::Menu), close_dialog)
    .add_observer(press_dialog_button);
}

/// The choice being made in the dialog (open while the overlay is `Overlay::NewGame`,
/// which names the game).
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct NewGameDialog {
    pub draft: GameChoice,
}

impl NewGameDialog {
    /// Starts the draft from `game`'s remembered choice (as the dialog opens for it).
    pub fn load_remembered(&mut self, game: GameId, settings: Option<&Settings>) {
        let remembered = settings
            .and_then(|s| s.new_game.get(&game).cloned())
            .unwrap_or_default();
        self.draft = remembered.checked(game).0;
    }
}

/// The game the dialog is open for, if it is.
fn open_for(overlay: &State<Overlay>) -> Option<GameId> {
    match overlay.get() {
        Overlay::NewGame(game) => Some(*game),
        _ => None,
    }
}

/// Escape closes the dialog without starting anything.
fn close_on_escape(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    overlay: Res<State<Overlay>>,
    mut next: ResMut<NextState<Overlay>>,
) {
    if open_for(&overlay).is_some() && keys.is_some_and(|k| k.just_pressed(KeyCode::Escape)) {
        next.set(Overlay::None);
    }
}

/// What a dialog button does.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub enum DialogButton {
    Choose(DialogField),
    Start,
    Resume,
    /// The position editor at the chosen ruleset's start, played as chosen afterwards.
    SetUp,
    Back,
}

/// One value of one of the dialog's choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogField {
    Mode(ModeChoice),
    Side(usize),
    Level(Level),
    Ruleset(&'static str),
    /// A time control: `None` no clock, else an index into [`TimeControl::PRESETS`].
    Clock(Option<usize>),
}

/// The clock a [`DialogField::Clock`] stands for.
fn preset(index: Option<usize>) -> Option<TimeControl> {
    index
        .and_then(|i| TimeControl::PRESETS.get(i))
        .map(|(_, c)| *c)
}

/// A preset's short name on its button (chess players' "3+2"); the full name is in the HUD.
const CLOCK_LABELS: [&str; 5] = ["5+0", "3+2", "10+5", "5, delay 3", "5 vs 2 min"];

impl DialogField {
    fn selected(&self, draft: &GameChoice, game: GameId) -> bool {
        match self {
            DialogField::Mode(m) => draft.mode == *m,
            DialogField::Side(s) => draft.side == *s,
            DialogField::Level(l) => draft.level == *l,
            DialogField::Ruleset(r) => draft.ruleset.as_deref().unwrap_or(game.rulesets()[0]) == *r,
            DialogField::Clock(index) => draft.clock == preset(*index),
        }
    }

    /// Whether the choice matters in the draft's mode (the side only against the
    /// computer, the level when the computer plays).
    fn enabled(&self, draft: &GameChoice) -> bool {
        match self {
            DialogField::Side(_) => draft.mode == ModeChoice::VsComputer,
            DialogField::Level(_) => {
                matches!(draft.mode, ModeChoice::VsComputer | ModeChoice::Demo)
            }
            // Clocks are for games people play.
            DialogField::Clock(_) => {
                matches!(draft.mode, ModeChoice::TwoPlayers | ModeChoice::VsComputer)
            }
            _ => true,
        }
    }

    fn apply(&self, draft: &mut GameChoice) {
        match self {
            DialogField::Mode(m) => draft.mode = *m,
            DialogField::Side(s) => draft.side = *s,
            DialogField::Level(l) => draft.level = *l,
            DialogField::Ruleset(r) => draft.ruleset = Some((*r).to_string()),
            DialogField::Clock(index) => draft.clock = preset(*index),
        }
    }
}

/// The dialog's panel (despawned when it closes).
#[derive(Component)]
struct DialogRoot;

const SELECTED: Color = CHOSEN;
const INK: Color = INK_BRIGHT;
const LABEL_WIDTH: f32 = 110.0;

/// Whether `game` has a game of the draft's mode (and ruleset) under way to resume.
fn resumable(
    game: GameId,
    draft: &GameChoice,
    slots: &SaveSlots,
    folder: Option<&SaveFolder>,
) -> bool {
    SlotKey::new(game, draft.ruleset.as_deref(), draft.mode)
        .is_some_and(|key| slots.holds(&key, folder.and_then(|f| f.0.as_deref())))
}

/// Sets the dialog out when it opens or its game changes, and takes it away when it closes.
fn show_dialog(
    mut commands: Commands,
    dialog: Res<NewGameDialog>,
    overlay: Res<State<Overlay>>,
    slots: Res<SaveSlots>,
    folder: Option<Res<SaveFolder>>,
    roots: Query<Entity, With<DialogRoot>>,
    mut shown: Local<Option<(GameId, bool)>>,
) {
    let want = open_for(&overlay).map(|game| {
        (
            game,
            resumable(game, &dialog.draft, &slots, folder.as_deref()),
        )
    });
    if *shown == want && (want.is_none() || !roots.is_empty()) {
        return;
    }
    *shown = want;
    for root in &roots {
        commands.entity(root).despawn();
    }
    let Some((game, can_resume)) = want else {
        return;
    };
    commands
        .spawn((
            Name::new("New game dialog"),
            DialogRoot,
            DespawnOnExit(Screen::Menu),
            DespawnOnExit(Overlay::NewGame(game)),
            LayoutChecked("new game dialog"),
            Node {
                position_type: PositionType::Absolute,
                align_self: AlignSelf::Center,
                justify_self: JustifySelf::Center,
                flex_direction: FlexDirection::Column,
                row_gap: px(10),
                padding: UiRect::axes(px(24), px(20)),
                border_radius: BorderRadius::all(px(10)),
                ..default()
            },
            GlobalZIndex(10),
            BackgroundColor(SHEET),
        ))
        .with_children(|panel| {
            panel.spawn((
                Text::new(format!("New game: {}", game.title())),
                TextFont::from_font_size(26.0),
                TextColor(Color::srgb(0.95, 0.78, 0.42)),
            ));
            choice_row(
                panel,
                "Mode",
                ModeChoice::ALL.map(|m| (DialogField::Mode(m), m.label().to_string())),
            );
            let [first, second] = game.side_names();
            choice_row(
                panel,
                "Your side",
                [
                    (DialogField::Side(0), format!("{} (opens)", capital(first))),
                    (DialogField::Side(1), capital(second)),
                ],
            );
            choice_row(
                panel,
                "Computer",
                Level::ALL.map(|l| (DialogField::Level(l), capital(l.name()))),
            );
            if !game.rulesets().is_empty() {
                choice_row(
                    panel,
                    "Rules",
                    game.rulesets().iter().map(|r| {
                        let label = match *r {
                            "v011" => "v011 (renaming)".to_string(),
                            "classic" => "Classic Glinski".to_string(),
                            other => other.to_string(),
                        };
                        (DialogField::Ruleset(r), label)
                    }),
                );
            }
            choice_row(
                panel,
                "Clock",
                std::iter::once((DialogField::Clock(None), "None".to_string())).chain(
                    CLOCK_LABELS
                        .iter()
                        .enumerate()
                        .map(|(i, label)| (DialogField::Clock(Some(i)), label.to_string())),
                ),
            );
            panel
                .spawn(Node {
                    column_gap: px(8),
                    margin: UiRect::top(px(8)),
                    justify_content: JustifyContent::End,
                    ..default()
                })
                .with_children(|row| {
                    row.spawn((DialogButton::Back, button("Back", 110.0, BUTTON, INK)));
                    row.spawn((
                        DialogButton::SetUp,
                        button("Set up a position", 160.0, BUTTON, INK),
                    ));
                    if can_resume {
                        row.spawn((
                            DialogButton::Resume,
                            button("Resume game", 140.0, BUTTON, INK),
                        ));
                    }
                    row.spawn((
                        DialogButton::Start,
                        button("Start new game", 160.0, SELECTED, INK),
                    ));
                });
        });
}

fn choice_row(
    panel: &mut ChildSpawnerCommands,
    label: &str,
    choices: impl IntoIterator<Item = (DialogField, String)>,
) {
    panel
        .spawn(Node {
            column_gap: px(6),
            align_items: AlignItems::Center,
            ..default()
        })
        .with_children(|row| {
            row.spawn((
                Node {
                    width: px(LABEL_WIDTH),
                    flex_shrink: 0.0,
                    ..default()
                },
                children![(
                    Text::new(label),
                    TextFont::from_font_size(16.0),
                    TextColor(Color::srgb(0.8, 0.8, 0.85)),
                )],
            ));
            for (field, text) in choices {
                let width = 24.0 + 8.5 * text.len() as f32;
                row.spawn((
                    DialogButton::Choose(field),
                    button(&text, width.max(96.0), BUTTON, INK),
                ));
            }
        });
}

/// Shows the draft: the chosen values lit, the choices that do not matter greyed.
fn style_dialog(
    dialog: Res<NewGameDialog>,
    overlay: Res<State<Overlay>>,
    mut buttons: Query<(&DialogButton, &Interaction, &mut BackgroundColor, &Children)>,
    mut inks: Query<&mut TextColor>,
) {
    let Some(game) = open_for(&overlay) else {
        return;
    };
    for (button, interaction, mut fill, children) in &mut buttons {
        let DialogButton::Choose(field) = button else {
            continue;
        };
        let enabled = field.enabled(&dialog.draft);
        fill.0 = if !enabled {
            BUTTON_DISABLED
        } else if field.selected(&dialog.draft, game) {
            SELECTED
        } else if *interaction == Interaction::Hovered {
            BUTTON_HOVER
        } else {
            BUTTON
        };
        for child in children.iter() {
            if let Ok(mut ink) = inks.get_mut(child) {
                ink.0 = if enabled {
                    INK
                } else {
                    Color::srgb(0.4, 0.4, 0.42)
                };
            }
        }
    }
}

fn press_dialog_button(
    activate: On<Activate>,
    mut commands: Commands,
    buttons: Query<&DialogButton>,
    mut dialog: ResMut<NewGameDialog>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    settings: Option<ResMut<Settings>>,
) {
    let (Some(game), Ok(button)) = (open_for(&overlay), buttons.get(activate.entity)) else {
        return;
    };
    match button {
        DialogButton::Choose(field) => {
            if field.enabled(&dialog.draft) {
                field.apply(&mut dialog.draft);
            }
        }
        DialogButton::Back => next_overlay.set(Overlay::None),
        DialogButton::SetUp => {
            let draft = dialog.draft.clone();
            let setup = crate::rules::Setup {
                ruleset: draft.ruleset.clone(),
                ..Default::default()
            };
            let code = crate::app::table::editor::start_code(game, &setup);
            crate::app::table::editor::open(&mut commands, game, draft, code, None);
            next_overlay.set(Overlay::None);
        }
        DialogButton::Start | DialogButton::Resume => {
            let draft = dialog.draft.clone();
            if let Some(mut settings) = settings {
                settings.new_game.insert(game, draft.clone());
            }
            let start = if *button == DialogButton::Resume {
                Start::Resume(draft)
            } else {
                Start::New(draft)
            };
            crate::app::open_table(&mut commands, TableLaunch { game, start });
            next_overlay.set(Overlay::None);
        }
    }
}

fn close_dialog(overlay: Res<State<Overlay>>, mut next: ResMut<NextState<Overlay>>) {
    if open_for(&overlay).is_some() {
        next.set(Overlay::None);
    }
}
