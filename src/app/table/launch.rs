//! How a table starts: one [`TableLaunch`], inserted by whoever opens the table (the
//! new-game dialog, the command line, the replay list, the learn sheet, the showcase,
//! `render`, `film`, `bench`) and taken once as the table is set out; and how it goes.

use bevy::prelude::*;

use super::clock::TurnClock;
use super::look_back::LiveAside;
use super::saving::{LastSaved, SlotKey, Slots};
use super::state::{PendingSync, PlaybackEffects, Played, Requests, Seats, TableNote};
use super::viewer::{StartFrom, Viewer, Viewing};
use super::{Computer, TableGame, play_action};
use crate::app::boards::BoardCell;
use crate::app::choice::{GameChoice, ModeChoice};
use crate::app::playback::PlaybackQueue;
use crate::app::settings::Settings;
use crate::app::ui::Notice;
use crate::app::{ArrowKeysTaken, PlayMode, Presentation};
use crate::replay::Replay;
use crate::rules::{GameId, Match, Rules, Setup};
use crate::time_control::TimeControl;

/// How the next table starts (consumed as it is set out).
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct TableLaunch {
    pub game: GameId,
    pub start: Start,
}

/// What the table is set out with.
#[derive(Debug, Clone, PartialEq)]
pub enum Start {
    /// A new game as chosen: mode, side, level, ruleset.
    New(GameChoice),
    /// A new game as chosen, from a position code (`--position`, a pasted code, the
    /// position editor); the code was checked when it was chosen.
    Position(GameChoice, String),
    /// The position editor, at a position code, to be played as chosen once set up; and
    /// where Cancel goes back to (`None`: the menu).
    Edit(GameChoice, String, Option<Box<TableLaunch>>),
    /// The game left under way in the chosen mode's slot, exactly as it was; a new game
    /// as chosen when there is none.
    Resume(GameChoice),
    /// A replay: watched from its start in the viewer, or played on from its last ply.
    Replay(StartFrom),
    /// A lesson or a puzzle (the learn module sets its position out after the table).
    Exercise,
    /// A still: the moves played, the last through its playback, frozen where asked.
    Still(StillShot),
    /// A film: the moves before the filmed ones, played at once from the start given.
    Film(Setup, Vec<String>),
    /// A showcase scenario: its lead-up set out, watched (the showcase plays the rest).
    Showcase(StartFrom),
}

/// What `lodestone render` asks to see.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StillShot {
    pub moves: Vec<String>,
    /// The ruleset and position code the moves start from (its seed is the table's).
    pub start: Setup,
    /// Where the last move's playback freezes: (0-based stage, fraction).
    pub freeze: Option<(usize, f32)>,
    /// A view of the game's own to show (Wave Field's `CMYK`, `Influence` ...).
    pub view: Option<String>,
    /// The game's developer mode (Wave Field's wave editor).
    pub developer: bool,
    /// A cell whose piece is selected, with its targets.
    pub select: Option<String>,
    /// A turn to preview after the moves, as if hovered (`render --preview`), in the
    /// engine's notation (a turn of several actions comma separated).
    pub preview: Option<String>,
    /// Show the threat (`render --threat`).
    pub threat: bool,
    /// Review the moves (`render --review`).
    pub review: bool,
}

impl TableLaunch {
    /// How a table so launched is presented.
    pub fn presentation(&self) -> Presentation {
        match self.start {
            Start::Still(_) => Presentation::Still,
            Start::Film(..) => Presentation::Film,
            Start::Showcase(_) => Presentation::Showcase,
            _ => Presentation::Live,
        }
    }

    /// A launch of `game` in `mode` with the default choices (tests, the bare board).
    pub fn in_mode(game: GameId, mode: PlayMode) -> TableLaunch {
        let choice = |mode| GameChoice {
            mode,
            ..GameChoice::default()
        };
        let start = match mode {
            PlayMode::HotSeat => Start::New(choice(ModeChoice::TwoPlayers)),
            PlayMode::VsComputer => Start::New(choice(ModeChoice::VsComputer)),
            PlayMode::Demo => Start::New(choice(ModeChoice::Demo)),
            PlayMode::Board | PlayMode::Setup => Start::New(choice(ModeChoice::Board)),
            PlayMode::Exercise => Start::Exercise,
            PlayMode::Showcase => Start::Showcase(StartFrom::default()),
        };
        TableLaunch { game, start }
    }
}

/// The table's game from its launch, with how it is played and what to say.
struct SetOut<G: TableGame> {
    played: Played<G>,
    seats: Seats,
    viewer: Option<Viewer>,
    note: Option<String>,
    /// The turn clock a resumed game had.
    clock: Vec<f32>,
    /// The hints a resumed game had used.
    hints: [u32; 2],
    /// The time control the game is played on.
    control: Option<TimeControl>,
}

/// The game's start for `setup`, or the default start when the setup is refused.
fn fresh<G: TableGame>(setup: Setup) -> Match<G::Rules> {
    Match::<G::Rules>::new(setup).unwrap_or_else(|e| {
        warn!("{e}; starting the default rules");
        Match::new(Setup {
            seed: G::SEED,
            ..Setup::default()
        })
        .expect("every game starts from the default setup")
    })
}

fn seats_for(choice: &GameChoice) -> Seats {
    let mode = choice.mode.play_mode();
    Seats {
        mode,
        human: (mode == PlayMode::VsComputer).then_some(choice.side.min(1)),
        level: choice.level,
    }
}

fn new_game<G: TableGame>(choice: &GameChoice) -> SetOut<G> {
    from_position(choice, None)
}

fn from_position<G: TableGame>(choice: &GameChoice, position: Option<&str>) -> SetOut<G> {
    SetOut {
        played: Played::new(fresh::<G>(Setup {
            seed: G::SEED,
            ruleset: choice.ruleset.clone(),
            position: position.map(str::to_string),
        })),
        seats: seats_for(choice),
        viewer: None,
        note: None,
        clock: Vec::new(),
        hints: [0, 0],
        control: choice
            .clock
            .filter(|_| choice.mode.play_mode() != PlayMode::Demo),
    }
}

/// The game saved in `replay`'s slot, exactly as it was.
fn resumed<G: TableGame>(replay: &Replay) -> Result<SetOut<G>, String> {
    let game = replay.resumed::<G::Rules>()?;
    let resume = replay
        .resume
        .as_ref()
        .ok_or("it says nothing of how it was played")?;
    let mode = ModeChoice::parse(&resume.mode)
        .filter(|m| matches!(m, ModeChoice::TwoPlayers | ModeChoice::VsComputer))
        .ok_or_else(|| format!("its mode \"{}\" is not one people play", resume.mode))?;
    let choice = GameChoice {
        mode,
        side: resume.side.min(1),
        level: resume.level,
        ruleset: replay.ruleset.clone(),
        clock: replay.timing.as_ref().and_then(|t| t.control),
    };
    Ok(SetOut {
        played: Played::new(game),
        seats: seats_for(&choice),
        viewer: None,
        note: None,
        clock: resume.clock.clone(),
        hints: replay.hints.unwrap_or_default(),
        control: replay.timing.as_ref().and_then(|t| t.control),
    })
}

/// The slot's game for `choice`, or a new game as chosen (saying why when the save could
/// not be resumed).
fn resume_or_new<G: TableGame>(choice: &GameChoice, slots: &Slots) -> SetOut<G> {
    let game = <G::Rules as Rules>::GAME;
    let Some(key) = SlotKey::new(game, choice.ruleset.as_deref(), choice.mode) else {
        return new_game(choice);
    };
    let found = slots.load(&key).and_then(|saved| match saved {
        Some(replay) => resumed::<G>(&replay)
            .map(Some)
            .map_err(|e| format!("the saved game could not be resumed ({e}); a new game started")),
        None => Ok(None),
    });
    match found {
        Ok(Some(set_out)) => set_out,
        Ok(None) => new_game(choice),
        Err(why) => SetOut {
            note: Some(why),
            ..new_game(choice)
        },
    }
}

/// A replay opened on the table: watched from its start, or its game at the last ply.
fn replayed<G: TableGame>(from: &StartFrom, mode: PlayMode) -> SetOut<G> {
    let mut game = fresh::<G>(from.setup.clone());
    let mut viewer = None;
    if from.view {
        let mut watched = Viewer::new(from.setup.clone(), from.actions.clone(), from.title.clone());
        watched.seconds = from.seconds.clone();
        viewer = Some(watched);
    } else {
        for text in &from.actions {
            if let Err(e) = game.play_text(text) {
                warn!("the replay's {text} was refused: {e}");
                break;
            }
        }
    }
    SetOut {
        played: Played::new(game),
        seats: Seats {
            mode: if from.view { PlayMode::Board } else { mode },
            ..Seats::default()
        },
        viewer,
        note: None,
        clock: Vec::new(),
        hints: [0, 0],
        control: None,
    }
}

/// Moves played at once but the last, which plays through its playback once the game
/// has set out ([`play_launch_move`]).
fn shot<G: TableGame>(start: &Setup, moves: &[String]) -> SetOut<G> {
    let mut game = fresh::<G>(Setup {
        seed: G::SEED,
        ..start.clone()
    });
    for (i, text) in moves.iter().enumerate().take(moves.len().saturating_sub(1)) {
        if let Err(e) = game.play_text(text.trim()) {
            warn!("ply {i} ({text}) was refused: {e}");
        }
    }
    SetOut {
        played: Played::new(game),
        seats: Seats::default(),
        viewer: None,
        note: None,
        clock: Vec::new(),
        hints: [0, 0],
        control: None,
    }
}

/// The launch's last move, played through its playback: a still's frozen where it asks
/// (else skipped to its end), a film's lead-up skipped.
pub(super) fn play_launch_move<G: TableGame>(
    mut commands: Commands,
    launch: Option<Res<TableLaunch>>,
    looks: Res<G::Looks>,
    mut played: ResMut<Played<G>>,
    mut scene: ResMut<G::Scene>,
    mut stage: super::turns::Staging,
) {
    let Some(launch) = launch.filter(|l| l.game == <G::Rules as Rules>::GAME) else {
        return;
    };
    let (moves, freeze) = match &launch.start {
        Start::Still(still) => (&still.moves, still.freeze),
        Start::Film(_, before) => (before, None),
        _ => return,
    };
    let Some(text) = moves.last().map(|t| t.trim().to_string()) else {
        return;
    };
    let result = played
        .game
        .parse_action(&text)
        .map_err(|e| e.to_string())
        .and_then(|action| {
            let mut hand = stage.hand();
            play_action(
                &mut commands,
                &*looks,
                &mut played,
                &mut scene,
                &mut hand,
                action,
            )
        });
    if let Err(e) = result {
        warn!("the last move ({text}) was refused: {e}");
    }
    match freeze {
        Some((step, t)) => stage.queue.freeze_at(step, t),
        None => stage.queue.skip(),
    }
}

/// Everything the table's start sets anew.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Fresh<'w> {
    seats: ResMut<'w, Seats>,
    note: ResMut<'w, TableNote>,
    viewing: ResMut<'w, Viewing>,
    effects: ResMut<'w, PlaybackEffects>,
    sync: ResMut<'w, PendingSync>,
    clock: ResMut<'w, TurnClock>,
    hints: ResMut<'w, super::foresight::HintsUsed>,
    saved: ResMut<'w, LastSaved>,
    kept: ResMut<'w, super::keeping::Kept>,
    time: Res<'w, super::clock::ClockTime>,
}

/// Sets the table out as its launch says (no launch: a game of two players). Observers
/// go on the board's cells.
pub(super) fn start<G: TableGame>(
    mut commands: Commands,
    launch: Option<Res<TableLaunch>>,
    looks: Res<G::Looks>,
    mut slots: Slots,
    mut fresh: Fresh,
    mut notice: ResMut<Notice>,
    settings: Option<ResMut<Settings>>,
    mut queue: ResMut<PlaybackQueue>,
    cells: Query<Entity, With<BoardCell>>,
) {
    queue.clear();
    for cell in &cells {
        G::observe_cell(&mut commands.entity(cell));
    }
    let start = launch
        .filter(|l| l.game == <G::Rules as Rules>::GAME)
        .map_or(Start::New(GameChoice::default()), |l| l.start.clone());
    let mut set_out = match &start {
        Start::New(choice) | Start::Position(choice, _) => {
            // A new game takes the place of the one left under way in its slot.
            let abandoned = SlotKey::new(
                <G::Rules as Rules>::GAME,
                choice.ruleset.as_deref(),
                choice.mode,
            )
            .and_then(|key| slots.abandon(&key));
            let position = match &start {
                Start::Position(_, code) => Some(code.as_str()),
                _ => None,
            };
            SetOut {
                note: abandoned,
                ..from_position::<G>(choice, position)
            }
        }
        // Nothing is played while a position is set up: no one moves, no clock runs,
        // nothing is kept, and the slot's game stays as it was.
        Start::Edit(choice, code, _) => SetOut {
            seats: Seats {
                mode: PlayMode::Setup,
                ..seats_for(choice)
            },
            control: None,
            ..from_position::<G>(choice, Some(code))
        },
        Start::Resume(choice) => resume_or_new::<G>(choice, &slots),
        Start::Replay(from) => replayed::<G>(from, PlayMode::HotSeat),
        Start::Showcase(from) => replayed::<G>(from, PlayMode::Showcase),
        Start::Exercise => SetOut {
            seats: Seats {
                mode: PlayMode::Exercise,
                ..Seats::default()
            },
            ..new_game::<G>(&GameChoice::default())
        },
        Start::Still(still) => shot::<G>(&still.start, &still.moves),
        Start::Film(start, before) => shot::<G>(start, before),
    };
    // The game the player chose is the one the menu remembers (not an exercise's, nor
    // what is shown to watchers).
    let chosen = matches!(
        start,
        Start::New(_) | Start::Position(..) | Start::Resume(_) | Start::Replay(_)
    );
    if let Some(mut settings) = settings.filter(|_| chosen) {
        let game = <G::Rules as Rules>::GAME;
        if settings.last_game != Some(game) {
            settings.last_game = Some(game);
        }
    }
    if let Some(note) = &set_out.note {
        warn!("{note}");
        notice.show(note.clone(), 10.0);
    }
    *fresh.seats = set_out.seats;
    *fresh.note = TableNote(set_out.note.take());
    *fresh.viewing = Viewing(set_out.viewer.take());
    fresh.effects.0.clear();
    fresh.sync.clear();
    *fresh.clock = TurnClock::resumed(set_out.clock.clone(), fresh.time.0);
    fresh.clock.control = set_out.control;
    // Nothing is saved until the game changes: a new game leaves the slot's game as it
    // was until its first move.
    fresh.saved.changes = Some(set_out.played.changes);
    fresh.hints.0 = set_out.hints;
    fresh.saved.hints = set_out.hints;
    fresh.kept.0 = None;
    let mut scene = G::Scene::default();
    let played = set_out.played;
    G::spawn(&mut commands, &*looks, &played, &mut scene);
    commands.insert_resource(played);
    commands.insert_resource(scene);
    commands.insert_resource(Requests::<G>::default());
    commands.insert_resource(Computer::<G>::default());
    commands.insert_resource(LiveAside::<G>::default());
}

/// The launch is taken once the table and its game have set out.
pub(super) fn consume_launch(mut commands: Commands) {
    commands.remove_resource::<TableLaunch>();
}

/// Takes the table off the screen (its entities are being despawned; the game was saved
/// and kept as it left).
pub(super) fn leave<G: TableGame>(mut commands: Commands, mut arrows: ResMut<ArrowKeysTaken>) {
    *arrows = ArrowKeysTaken::default();
    commands.remove_resource::<Played<G>>();
    commands.remove_resource::<G::Scene>();
    commands.remove_resource::<Requests<G>>();
    commands.remove_resource::<Computer<G>>();
    commands.remove_resource::<LiveAside<G>>();
}
