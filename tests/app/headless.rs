//! Headless apps: the menu's state transitions and the `PlaybackQueue`'s ordering, speed
//! and stepping, with a manual clock so every frame is the same length.

use std::time::Duration;

use bevy::prelude::*;
use lodestone::app::menu::MenuButton;
use lodestone::app::playback::{Motion, PieceTween, PlaybackQueue, STAGE_SECONDS, Stage};
use lodestone::app::table::{
    Played, Requests, Seats, TableGame, TableInput, TableLaunch, TableNote,
};
use lodestone::app::ui::widgets::Activate;
use lodestone::app::{ActiveGame, Overlay, Pause, PlayMode, Screen};
use lodestone::rules::GameId;

const FRAME: Duration = Duration::from_millis(50);

pub fn headless_app() -> App {
    headless_app_with(|_| {})
}

/// A headless app with `more` added before its first frame.
pub fn headless_app_with(more: impl FnOnce(&mut App)) -> App {
    let mut app = lodestone::app::headless::app(FRAME);
    more(&mut app);
    app.update();
    app
}

/// A headless app with `game` set out in `mode` (like every headless app, it saves nothing).
pub fn game_app(game: GameId, mode: PlayMode) -> App {
    game_app_with(game, mode, |_| {})
}

/// [`game_app`] with `more` added before the game starts.
pub fn game_app_with(game: GameId, mode: PlayMode, more: impl FnOnce(&mut App)) -> App {
    let mut app = headless_app();
    more(&mut app);
    lodestone::app::headless::set_out(&mut app, game, mode);
    app
}

/// A headless app with the table opened as `launch` says.
pub fn launched_app(launch: TableLaunch) -> App {
    let mut app = headless_app();
    lodestone::app::headless::launch(&mut app, launch);
    app
}

/// [`launched_app`] with the table's searches run in step with the frames
/// ([`ComputerPace::Lockstep`]), so what they find is there after a known update.
pub fn launched_lockstep(launch: TableLaunch) -> App {
    let mut app = headless_app_with(|app| {
        app.insert_resource(lodestone::app::table::ComputerPace::Lockstep);
    });
    lodestone::app::headless::launch(&mut app, launch);
    app
}

/// The game on `G`'s table.
pub fn played<G: TableGame>(app: &App) -> &Played<G> {
    app.world().resource::<Played<G>>()
}

/// `G`'s scene on the table.
pub fn scene<G: TableGame>(app: &App) -> &G::Scene {
    app.world().resource::<G::Scene>()
}

/// How the table is played (mode, the person's side, level).
pub fn seats(app: &App) -> Seats {
    *app.world().resource::<Seats>()
}

/// What the table has to say.
pub fn note(app: &App) -> Option<String> {
    app.world().resource::<TableNote>().0.clone()
}

/// Sends `input` to `G`'s table (as a key, a click or a script would).
pub fn send<G: TableGame>(app: &mut App, input: TableInput<G>) {
    lodestone::app::headless::send::<G>(app, input);
}

/// Whether `G`'s table has no request waiting.
pub fn no_requests<G: TableGame>(app: &App) -> bool {
    app.world().resource::<Requests<G>>().is_empty()
}

/// Runs frames, skipping playback, until nothing waits or plays on `G`'s table.
pub fn settle<G: TableGame>(app: &mut App) {
    for _ in 0..400 {
        app.world_mut().resource_mut::<PlaybackQueue>().skip();
        app.update();
        if no_requests::<G>(app) && app.world().resource::<PlaybackQueue>().is_idle() {
            return;
        }
    }
    panic!("the table never settled");
}

fn x_of(app: &App, e: Entity) -> f32 {
    app.world().get::<Transform>(e).unwrap().translation.x
}

fn slide(entity: Entity) -> Stage {
    Stage {
        label: String::new(),
        short_label: String::new(),
        tweens: vec![PieceTween {
            entity,
            from: Transform::from_xyz(0.0, 0.0, 0.0),
            motion: Motion::Move {
                to: Transform::from_xyz(1.0, 0.0, 0.0),
                lift: 0.0,
            },
        }],
        effects: Vec::new(),
        cues: Vec::new(),
        badges: Vec::new(),
    }
}

fn two_pieces(app: &mut App) -> (Entity, Entity) {
    let a = app.world_mut().spawn(Transform::default()).id();
    let b = app.world_mut().spawn(Transform::default()).id();
    (a, b)
}

fn queue(app: &mut App) -> Mut<'_, PlaybackQueue> {
    app.world_mut().resource_mut::<PlaybackQueue>()
}

#[test]
fn wave_two_never_starts_before_wave_one_ends() {
    let mut app = headless_app();
    let (a, b) = two_pieces(&mut app);
    queue(&mut app).play(vec![slide(a), slide(b)]);
    let mut a_done_at = None;
    let mut b_started_at = None;
    for frame in 0..60 {
        app.update();
        let (ax, bx) = (x_of(&app, a), x_of(&app, b));
        if a_done_at.is_none() && ax == 1.0 {
            a_done_at = Some(frame);
        }
        if b_started_at.is_none() && bx > 0.0 {
            b_started_at = Some(frame);
        }
        if bx > 0.0 {
            assert_eq!(ax, 1.0, "frame {frame}: b moved while a was still moving");
        }
    }
    let (done, started) = (a_done_at.unwrap(), b_started_at.unwrap());
    assert!(
        started > done,
        "b started at frame {started}, a ended at {done}"
    );
    assert_eq!(x_of(&app, b), 1.0);
    assert!(app.world().resource::<PlaybackQueue>().is_idle());
}

fn frames_to_finish(app: &mut App) -> usize {
    for frame in 1..1000 {
        app.update();
        if app.world().resource::<PlaybackQueue>().is_idle() {
            return frame;
        }
    }
    panic!("playback never finished");
}

#[test]
fn slower_speed_takes_proportionally_longer() {
    let mut app = headless_app();
    let (a, _) = two_pieces(&mut app);
    queue(&mut app).play(vec![slide(a)]);
    let normal = frames_to_finish(&mut app);
    queue(&mut app).slower(); // 0.75x
    queue(&mut app).slower(); // 0.5x
    assert_eq!(queue(&mut app).speed, 0.5);
    queue(&mut app).play(vec![slide(a)]);
    let half = frames_to_finish(&mut app);
    let expected = (STAGE_SECONDS / FRAME.as_secs_f32()).round() as usize;
    assert!(normal.abs_diff(expected) <= 1, "{normal} frames at 1x");
    assert!(half.abs_diff(2 * expected) <= 1, "{half} frames at 0.5x");
}

#[test]
fn step_plays_exactly_one_wave_then_pauses() {
    let mut app = headless_app();
    let (a, b) = two_pieces(&mut app);
    queue(&mut app).play(vec![slide(a), slide(b)]);
    queue(&mut app).toggle_pause();
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(x_of(&app, a), 0.0, "paused: nothing moves");
    queue(&mut app).step();
    for _ in 0..40 {
        app.update();
    }
    assert_eq!(x_of(&app, a), 1.0);
    assert_eq!(
        x_of(&app, b),
        0.0,
        "the second wave waits for the next step"
    );
    assert!(queue(&mut app).paused);
    assert_eq!(queue(&mut app).progress(), Some((2, 2)));
    queue(&mut app).step();
    for _ in 0..40 {
        app.update();
    }
    assert_eq!(x_of(&app, b), 1.0);
}

#[test]
fn skip_replay_and_freeze() {
    let mut app = headless_app();
    let (a, b) = two_pieces(&mut app);
    queue(&mut app).play(vec![slide(a), slide(b)]);
    app.update();
    queue(&mut app).skip();
    app.update();
    assert_eq!(
        (x_of(&app, a), x_of(&app, b)),
        (1.0, 1.0),
        "skip jumps to the end"
    );
    queue(&mut app).replay();
    app.update();
    assert!(
        x_of(&app, a) < 1.0 && x_of(&app, b) == 0.0,
        "replay starts over"
    );
    queue(&mut app).freeze_at(1, 0.5);
    app.update();
    assert_eq!(x_of(&app, a), 1.0);
    let mid = x_of(&app, b);
    let expected = lodestone::app::playback::travel(0.5);
    assert!(
        (mid - expected).abs() < 1e-3 && mid > 0.5,
        "frozen halfway in time, past halfway in distance (a move speeds up): {mid}"
    );
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(x_of(&app, b), mid, "a frozen stage stays frozen");
}

#[test]
fn fall_off_ends_out_of_sight() {
    let mut app = headless_app();
    let (a, _) = two_pieces(&mut app);
    queue(&mut app).play(vec![Stage {
        label: String::new(),
        short_label: String::new(),
        tweens: vec![PieceTween {
            entity: a,
            from: Transform::default(),
            motion: Motion::FallOff {
                edge: Vec3::new(0.5, 0.0, 0.0),
                direction: Vec3::X,
            },
        }],
        effects: Vec::new(),
        cues: Vec::new(),
        badges: Vec::new(),
    }]);
    let mut lowest = 0.0f32;
    for _ in 0..30 {
        app.update();
        lowest = lowest.min(app.world().get::<Transform>(a).unwrap().translation.y);
    }
    let end = app.world().get::<Transform>(a).unwrap();
    assert_eq!(end.scale, Vec3::ZERO);
    assert!(lowest < -1.0, "it fell below the table: {lowest}");
}

/// The times (seconds on the app's clock) of the cues a one-stage playback with cues at a
/// quarter and three quarters of the stage passes at `speed`; `skip` skips it at once.
fn cue_times(speed: f32, skip: bool) -> Vec<f64> {
    played_cues(speed, skip).iter().map(|c| c.seconds).collect()
}

/// The cues [`cue_times`] logs, with their times.
fn played_cues(speed: f32, skip: bool) -> Vec<lodestone::sound::TimedCue> {
    use lodestone::app::sound::CueLog;
    use lodestone::sound::{Cue, CueKind};
    let mut app = headless_app();
    let log = CueLog::default();
    app.insert_resource(log.clone());
    let (a, _) = two_pieces(&mut app);
    let mut stage = slide(a);
    // Two clacks (a landing is a tumble and a thud: two onsets of its own).
    stage.cues = vec![Cue::new(CueKind::Push, 0.25), Cue::new(CueKind::Push, 0.75)];
    queue(&mut app).speed = speed;
    queue(&mut app).play(vec![stage]);
    if skip {
        queue(&mut app).skip();
    }
    for _ in 0..(2.0 * STAGE_SECONDS / speed / FRAME.as_secs_f32()) as usize + 4 {
        app.update();
    }
    log.cues()
}

#[test]
fn cues_sound_at_their_moment_spaced_by_the_speed_and_a_skip_is_silent() {
    for speed in [1.0f32, 0.25] {
        let times = cue_times(speed, false);
        assert_eq!(times.len(), 2, "{speed}x: {times:?}");
        let gap = times[1] - times[0];
        let expected = f64::from(0.5 * STAGE_SECONDS / speed);
        assert!(
            (gap - expected).abs() < 1e-3,
            "{speed}x: the cues are {gap} s apart, not {expected}"
        );
    }
    assert!(
        cue_times(1.0, true).is_empty(),
        "a skip plays no burst of cues"
    );
    // Mixed, the sounds are as far apart as the cues: slow motion spaces them out.
    for speed in [1.0f32, 0.25] {
        let cues = played_cues(speed, false);
        let end = cues[1].seconds + 1.0;
        let samples = lodestone::app::film::soundtrack(&cues, end);
        let heard = lodestone::sound::analysis::onsets(&samples, 0.02);
        assert_eq!(heard.len(), 2, "{speed}x: {heard:?}");
        for (onset, cue) in heard.iter().zip(&cues) {
            assert!(
                (onset - cue.seconds).abs() < 0.010,
                "{speed}x: heard at {onset}, played at {}",
                cue.seconds
            );
        }
    }
}

/// Presses the first button carrying `component`: the activation a click on it ends in.
pub fn press<C: Component + PartialEq>(app: &mut App, component: C) {
    let mut buttons = app.world_mut().query::<(Entity, &C)>();
    let target = buttons
        .iter(app.world())
        .find(|(_, c)| **c == component)
        .map(|(e, _)| e)
        .expect("the button is on screen");
    app.world_mut().trigger(Activate { entity: target });
    app.update();
    app.update();
}

pub fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

#[test]
fn the_menu_opens_a_dialog_that_starts_the_chosen_game_and_escape_pauses_it() {
    use lodestone::app::choice::ModeChoice;
    use lodestone::app::new_game::{DialogButton, DialogField};
    use lodestone::app::pause::PauseButton;
    let mut app = headless_app();
    assert_eq!(screen(&app), Screen::Menu);
    press(&mut app, MenuButton::NewGame(GameId::Hexchess));
    press(
        &mut app,
        DialogButton::Choose(DialogField::Mode(ModeChoice::Board)),
    );
    press(&mut app, DialogButton::Start);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(
        *app.world().resource::<ActiveGame>(),
        ActiveGame {
            game: GameId::Hexchess,
        }
    );
    assert_eq!(seats(&app).mode, PlayMode::Board);
    let cells = app
        .world_mut()
        .query::<&lodestone::app::boards::BoardPart>()
        .iter(app.world())
        .count();
    assert!(cells > 91, "the hex board is on the table ({cells} parts)");
    tap(&mut app, KeyCode::Escape);
    assert!(paused(&app), "Escape pauses");
    assert_eq!(screen(&app), Screen::Playing);
    press(&mut app, PauseButton::Menu);
    assert_eq!(screen(&app), Screen::Menu);
    let pause_buttons = app
        .world_mut()
        .query::<&PauseButton>()
        .iter(app.world())
        .count();
    assert_eq!(pause_buttons, 0, "the pause menu goes with the game");
    assert!(!app.world().resource::<Time<Virtual>>().is_paused());
    app.update();
    assert!(!paused(&app));
    let left = app
        .world_mut()
        .query::<&lodestone::app::boards::BoardCell>()
        .iter(app.world())
        .count();
    assert_eq!(
        left, 81,
        "leaving the game clears its board; only the menu's Vectress backdrop stands"
    );
}

#[test]
fn back_and_escape_close_the_dialog_without_starting() {
    use lodestone::app::new_game::DialogButton;
    let mut app = headless_app();
    press(&mut app, MenuButton::NewGame(GameId::Polarity));
    assert_eq!(overlay(&app), Overlay::NewGame(GameId::Polarity));
    press(&mut app, DialogButton::Back);
    assert_eq!(overlay(&app), Overlay::None);
    press(&mut app, MenuButton::NewGame(GameId::Vectress));
    tap(&mut app, KeyCode::Escape);
    assert_eq!(overlay(&app), Overlay::None, "Escape closes the dialog");
    assert_eq!(screen(&app), Screen::Menu, "and only that");
    let dialogs = app
        .world_mut()
        .query_filtered::<(), With<DialogButton>>()
        .iter(app.world())
        .count();
    assert_eq!(dialogs, 0, "its panel went with it");
}

/// Presses `key` for one frame, then lets it go and runs one more frame (a state the key
/// changes, such as an overlay or the pause, takes effect between frames).
pub fn tap(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release_all();
    keys.clear();
    app.update();
}

/// Whether the game waits under the pause menu.
pub fn paused(app: &App) -> bool {
    *app.world().resource::<State<Pause>>().get() == Pause::Paused
}

/// What lies over the screen.
pub fn overlay(app: &App) -> Overlay {
    *app.world().resource::<State<Overlay>>().get()
}

#[test]
fn f1_opens_the_help_and_escape_closes_it_before_leaving_the_game() {
    let mut app = game_app(GameId::Vectress, PlayMode::HotSeat);
    use lodestone::app::hud::HelpTab;
    let help = |app: &App| overlay(app) == Overlay::Help;
    assert!(!help(&app));
    tap(&mut app, KeyCode::F1);
    assert!(help(&app), "F1 opens the help");
    assert_eq!(
        *app.world().resource::<HelpTab>(),
        HelpTab::Rules(GameId::Vectress),
        "on the rules of the game played"
    );
    tap(&mut app, KeyCode::Escape);
    assert!(!help(&app), "Escape closes the help");
    assert!(!paused(&app), "and only that: the game is not paused");
    assert_eq!(screen(&app), Screen::Playing);
    tap(&mut app, KeyCode::Slash);
    assert!(!help(&app), "the slash alone is the typed move's");
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::ShiftLeft);
    tap(&mut app, KeyCode::Slash);
    assert!(help(&app), "? opens it too");
    assert_eq!(
        *app.world().resource::<HelpTab>(),
        HelpTab::Keys,
        "on the keys"
    );
    tap(&mut app, KeyCode::F1);
    assert!(!help(&app), "F1 closes it");
    tap(&mut app, KeyCode::Escape);
    assert!(paused(&app), "with the help closed, Escape pauses");
    assert_eq!(screen(&app), Screen::Playing);
}

/// #23: each overlay closes itself on Escape, and only itself: the settings opened from
/// the pause menu close back to it, the pause menu resumes the game, the help opened from
/// it closes back to it too.
#[test]
fn escape_closes_the_overlay_over_the_pause_menu_and_only_it() {
    use lodestone::app::pause::PauseButton;
    use lodestone::app::settings_screen::SettingRow;
    let mut app = game_app(GameId::Polarity, PlayMode::HotSeat);
    app.insert_resource(lodestone::app::settings::Settings::default());
    tap(&mut app, KeyCode::Escape);
    assert!(paused(&app));
    press(&mut app, PauseButton::Settings);
    assert_eq!(overlay(&app), Overlay::Settings);
    let rows = |app: &mut App| {
        app.world_mut()
            .query_filtered::<(), With<SettingRow>>()
            .iter(app.world())
            .count()
    };
    assert!(rows(&mut app) > 0, "the settings are up");
    tap(&mut app, KeyCode::F1);
    assert_eq!(
        overlay(&app),
        Overlay::Settings,
        "F1 waits while the settings are open: one overlay at a time"
    );
    tap(&mut app, KeyCode::Escape);
    assert_eq!(overlay(&app), Overlay::None);
    assert_eq!(rows(&mut app), 0);
    assert!(paused(&app), "the pause menu is still there");
    press(&mut app, PauseButton::Rules);
    assert_eq!(overlay(&app), Overlay::Help);
    tap(&mut app, KeyCode::Escape);
    assert_eq!(overlay(&app), Overlay::None);
    assert!(paused(&app), "closing the rules leaves the game paused");
    tap(&mut app, KeyCode::Escape);
    assert!(!paused(&app), "Escape in the pause menu resumes");
    assert_eq!(screen(&app), Screen::Playing);
}

/// A tap (press and release in one frame) leaves no button marked pressed, so the next
/// press counts; a button held down stays pressed.
#[test]
fn no_button_stays_pressed_once_the_mouse_is_up() {
    use bevy::ui::Pressed;
    use lodestone::app::ui::widgets::pressable;
    let mut app = headless_app();
    app.insert_resource(ButtonInput::<MouseButton>::default());
    let button = app
        .world_mut()
        .spawn((Node::default(), pressable(), Pressed))
        .id();
    app.world_mut()
        .resource_mut::<ButtonInput<MouseButton>>()
        .press(MouseButton::Left);
    app.update();
    assert!(app.world().get::<Pressed>(button).is_some(), "held down");
    app.world_mut()
        .resource_mut::<ButtonInput<MouseButton>>()
        .release(MouseButton::Left);
    app.update();
    assert!(app.world().get::<Pressed>(button).is_none(), "let go");
}
