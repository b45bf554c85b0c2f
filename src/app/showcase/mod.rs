//! The showcase: the scenario library (`showcase::library`) played as an exhibition.
//! Each scenario opens at the ply before its focus (a cut: the lead-up is set out at
//! once), holds a moment, plays the focus ply in slow motion with the cinematic camera and
//! the captions, holds on the result, then fades to black and on to the next scenario,
//! game after game. Attract mode is the same showcase started by itself after a while
//! without input on the menu (or with `lodestone --attract`); any key or click returns
//! to the menu.

mod attract;

use bevy::prelude::*;

use super::hud::Heading;
use super::playback::PlaybackQueue;
use super::settings::Settings;
use super::table::script::ActionScript;
use super::table::{Start, StartFrom, TableLaunch};
use super::ui::widgets::Activate;
use super::{Presentation, Screen};
use crate::replay::Replay;
use crate::rules::GameId;

pub fn plugin(app: &mut App) {
    app.init_resource::<attract::IdleClock>()
        .add_systems(Startup, spawn_fade)
        .add_systems(
            OnEnter(Screen::Interlude),
            |mut next: ResMut<NextState<Screen>>| next.set(Screen::Playing),
        )
        .add_systems(OnEnter(Screen::Menu), end_showcase)
        .add_systems(
            Update,
            (
                start_attract_at_start,
                attract::attract_when_idle.run_if(in_state(Screen::Menu)),
                attract::leave_attract_on_input,
                run_showcase,
                name_the_scenario,
                draw_fade,
            )
                .chain(),
        )
        .add_observer(start_from_button);
}

/// Seconds a scenario's position is shown before its focus ply plays.
const LEAD: f32 = 1.5;
/// Seconds the result is held.
const HOLD: f32 = 3.0;
/// Seconds of each fade (out to black, in from black).
const FADE: f32 = 0.6;

/// Start the showcase in attract mode as soon as the window opens (`--attract`).
#[derive(Resource, Debug, Clone, Copy)]
pub struct AttractAtStart;

/// A menu button that starts a showcase: of one game, or of all (`None`).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowcaseButton(pub Option<GameId>);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The scenario's table is being set out; the screen fades in.
    Lead,
    /// The focus ply plays in slow motion.
    Focus,
    /// The result stays on screen.
    Hold,
    /// Fading to black before the next scenario.
    FadeOut,
}

/// The showcase being played.
#[derive(Resource, Debug, Clone)]
pub struct ShowcaseRun {
    pub scenarios: Vec<(GameId, Replay)>,
    pub index: usize,
    pub phase: Phase,
    /// Seconds in this phase.
    pub clock: f32,
    /// Started by itself (or `--attract`): any input ends it.
    pub attract: bool,
    /// Times the whole playlist has been played through.
    pub cycles: u32,
}

impl ShowcaseRun {
    /// The scenario on the table now.
    pub fn current(&self) -> Option<&(GameId, Replay)> {
        self.scenarios.get(self.index)
    }

    /// The HUD's title line: "Showcase 3/36 - Nine waves from one pull".
    pub fn heading(&self) -> String {
        let title = self
            .current()
            .and_then(|(_, r)| r.title.clone())
            .unwrap_or_default();
        format!(
            "Showcase {}/{} - {title}",
            self.index + 1,
            self.scenarios.len()
        )
    }
}

/// The library's scenarios in showcase order: game after game (one of each in turn), or
/// only `game`'s. A library that cannot be read gives none (and the reason).
pub fn playlist(game: Option<GameId>) -> Result<Vec<(GameId, Replay)>, String> {
    let all = crate::showcase::library::scenarios()?;
    let mut by_game: Vec<Vec<(GameId, Replay)>> = GameId::ALL
        .iter()
        .filter(|g| game.is_none_or(|only| only == **g))
        .map(|g| {
            all.iter()
                .filter(|s| s.game == *g)
                .map(|s| (s.game, s.replay.clone()))
                .collect()
        })
        .collect();
    let mut list = Vec::new();
    while by_game.iter().any(|g| !g.is_empty()) {
        for scenarios in &mut by_game {
            if !scenarios.is_empty() {
                list.push(scenarios.remove(0));
            }
        }
    }
    Ok(list)
}

/// The table for `scenario`: its position just before the focus ply, watched.
fn start_from(scenario: &(GameId, Replay)) -> TableLaunch {
    let (game, replay) = scenario;
    let focus = replay
        .focus
        .unwrap_or(replay.actions.len().saturating_sub(1));
    let from = StartFrom {
        setup: replay.setup(),
        actions: replay.actions[..focus.min(replay.actions.len())].to_vec(),
        title: replay.title.clone(),
        view: false,
        review: false,
        seconds: Vec::new(),
    };
    TableLaunch {
        game: *game,
        start: Start::Showcase(from),
    }
}

/// The focus ply's action, which the showcase plays when the lead is over.
fn focus_action(replay: &Replay) -> Option<String> {
    let focus = replay
        .focus
        .unwrap_or(replay.actions.len().saturating_sub(1));
    replay.actions.get(focus).cloned()
}

/// Opens scenario `index` of `run` (through the interlude screen, so the table is set out
/// afresh even when the game does not change).
fn open_scenario(commands: &mut Commands, run: &mut ShowcaseRun) {
    let Some(scenario) = run.current().cloned() else {
        return;
    };
    super::reopen_table(commands, start_from(&scenario));
    commands.insert_resource(ActionScript {
        actions: focus_action(&scenario.1).into_iter().collect(),
        running: false,
        table_idle: true,
    });
    run.phase = Phase::Lead;
    run.clock = 0.0;
}

/// Starts a showcase of `game` (all games when `None`); says why when there is nothing.
pub fn start_showcase(
    commands: &mut Commands,
    game: Option<GameId>,
    attract: bool,
) -> Result<(), String> {
    let scenarios = playlist(game)?;
    if scenarios.is_empty() {
        return Err("The scenario library is empty.".to_string());
    }
    let mut run = ShowcaseRun {
        scenarios,
        index: 0,
        phase: Phase::Lead,
        clock: 0.0,
        attract,
        cycles: 0,
    };
    open_scenario(commands, &mut run);
    commands.insert_resource(run);
    Ok(())
}

fn start_from_button(
    activate: On<Activate>,
    mut commands: Commands,
    buttons: Query<&ShowcaseButton>,
    mut notice: ResMut<super::ui::Notice>,
) {
    if let Ok(&ShowcaseButton(game)) = buttons.get(activate.entity)
        && let Err(e) = start_showcase(&mut commands, game, false)
    {
        notice.show(e, 6.0);
    }
}

/// `--attract` starts attract mode as soon as the menu is up.
fn start_attract_at_start(
    mut commands: Commands,
    at_start: Option<Res<AttractAtStart>>,
    mut notice: ResMut<super::ui::Notice>,
) {
    if at_start.is_some() {
        commands.remove_resource::<AttractAtStart>();
        if let Err(e) = start_showcase(&mut commands, None, true) {
            notice.show(e, 6.0);
        }
    }
}

/// Steps the showcase through its phases.
fn run_showcase(
    mut commands: Commands,
    run: Option<ResMut<ShowcaseRun>>,
    time: Res<Time>,
    screen: Res<State<Screen>>,
    settings: Option<Res<Settings>>,
    mut queue: ResMut<PlaybackQueue>,
    script: Option<ResMut<ActionScript>>,
) {
    let Some(mut run) = run else { return };
    if *screen.get() != Screen::Playing {
        return;
    }
    run.clock += time.delta_secs();
    match run.phase {
        Phase::Lead => {
            if run.clock >= LEAD.max(FADE)
                && let Some(mut script) = script
            {
                script.running = true;
                run.phase = Phase::Focus;
                run.clock = 0.0;
            }
        }
        Phase::Focus => {
            // Slow motion for this playback only: the chosen speed is left alone.
            if !queue.is_idle() {
                queue.slow_this_playback(attract::attract_settings(settings.as_deref()).1);
            }
            let done = script
                .as_ref()
                .map_or(queue.is_idle(), |s| s.finished(&queue));
            // A frame for the script to hand its action over before judging.
            if done && run.clock > 0.2 {
                run.phase = Phase::Hold;
                run.clock = 0.0;
            }
        }
        Phase::Hold => {
            if run.clock >= HOLD {
                run.phase = Phase::FadeOut;
                run.clock = 0.0;
            }
        }
        Phase::FadeOut => {
            if run.clock >= FADE {
                run.index = (run.index + 1) % run.scenarios.len();
                if run.index == 0 {
                    run.cycles += 1;
                }
                open_scenario(&mut commands, &mut run);
            }
        }
    }
}

/// The HUD's title names the scenario playing ("Showcase 3/36 - ...").
fn name_the_scenario(run: Option<Res<ShowcaseRun>>, mut heading: ResMut<Heading>) {
    let wanted = run.map(|r| r.heading());
    if heading.0 != wanted {
        heading.0 = wanted;
    }
}

/// Leaving the showcase (Escape, or any input in attract mode).
fn end_showcase(mut commands: Commands, run: Option<Res<ShowcaseRun>>) {
    if run.is_some() {
        commands.remove_resource::<ActionScript>();
        commands.remove_resource::<ShowcaseRun>();
        commands.set_state(Presentation::Live);
    }
}

/// The black veil of the cross-fade.
#[derive(Component)]
struct Fade;

fn spawn_fade(mut commands: Commands) {
    commands.spawn((
        Name::new("Showcase fade"),
        Fade,
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            ..default()
        },
        BackgroundColor(Color::NONE),
        GlobalZIndex(15),
        Pickable::IGNORE,
    ));
}

/// How dark the veil is: fading in over the lead, out at the end.
pub fn fade_alpha(phase: Phase, clock: f32) -> f32 {
    match phase {
        Phase::Lead => (1.0 - clock / FADE).clamp(0.0, 1.0),
        Phase::FadeOut => (clock / FADE).clamp(0.0, 1.0),
        Phase::Focus | Phase::Hold => 0.0,
    }
}

fn draw_fade(run: Option<Res<ShowcaseRun>>, mut veil: Query<&mut BackgroundColor, With<Fade>>) {
    let alpha = run.map_or(0.0, |r| fade_alpha(r.phase, r.clock));
    for mut color in &mut veil {
        let want = Color::srgba(0.0, 0.0, 0.0, alpha);
        if color.0 != want {
            color.0 = want;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_veil_fades_in_on_the_lead_and_out_at_the_end() {
        assert_eq!(fade_alpha(Phase::Lead, 0.0), 1.0);
        assert_eq!(fade_alpha(Phase::Lead, FADE), 0.0);
        assert_eq!(fade_alpha(Phase::Focus, 0.1), 0.0);
        assert_eq!(fade_alpha(Phase::FadeOut, FADE), 1.0);
    }

    #[test]
    fn a_scenario_opens_one_ply_before_its_focus() {
        let mut replay = Replay::new(
            GameId::Vectress,
            vec!["E3-G5".into(), "F7-H5".into(), "F5-F7".into()],
        );
        replay.focus = Some(2);
        let launch = start_from(&(GameId::Vectress, replay.clone()));
        assert_eq!(launch.game, GameId::Vectress);
        let Start::Showcase(from) = launch.start else {
            panic!("a showcase launch: {:?}", launch.start);
        };
        assert_eq!(from.actions, vec!["E3-G5".to_string(), "F7-H5".to_string()]);
        assert!(!from.view);
        assert_eq!(focus_action(&replay).as_deref(), Some("F5-F7"));
    }
}
