//! Every game without a mouse (#45): the menu, the new-game dialog and the pause menu by
//! Tab, the arrows and Enter; moves by the board cursor (arrows, Enter, Tab) and by the
//! typed move (`/`). Nothing here writes a pointer event or a table message: only keys.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input_focus::InputFocus;
use bevy::prelude::*;
use lodestone::app::boards::BoardCell;
use lodestone::app::camera::MainCamera;
use lodestone::app::choice::ModeChoice;
use lodestone::app::menu::MenuButton;
use lodestone::app::new_game::{DialogButton, DialogField};
use lodestone::app::table::cursor::BoardCursor;
use lodestone::app::table::{Played, TableGame};
use lodestone::app::{Overlay, Screen};
use lodestone::rules::reach::Reaching;
use lodestone::rules::{GameId, Rules};

use super::headless::{headless_app, overlay, screen};

/// One key as the window sends it: its message (which the focus and a text field read)
/// and its pressed state (which the shared keys read), held for one frame, with
/// `modifiers` held around it.
pub fn key_with(app: &mut App, modifiers: &[KeyCode], code: KeyCode, logical: Key) {
    for m in modifiers {
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(*m);
    }
    app.world_mut().write_message(KeyboardInput {
        key_code: code,
        logical_key: logical,
        state: ButtonState::Pressed,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(code);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release_all();
    keys.clear();
    app.update();
}

pub fn key(app: &mut App, code: KeyCode) {
    let logical = match code {
        KeyCode::Enter => Key::Enter,
        KeyCode::Escape => Key::Escape,
        KeyCode::Tab => Key::Tab,
        KeyCode::Space => Key::Space,
        KeyCode::ArrowUp => Key::ArrowUp,
        KeyCode::ArrowDown => Key::ArrowDown,
        KeyCode::ArrowLeft => Key::ArrowLeft,
        KeyCode::ArrowRight => Key::ArrowRight,
        KeyCode::Backspace => Key::Backspace,
        _ => Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
    };
    key_with(app, &[], code, logical);
}

/// Types `text` key by key (as a US keyboard sends it).
pub fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        let code = match c.to_ascii_lowercase() {
            'a'..='z' => {
                let i = c.to_ascii_lowercase() as u8 - b'a';
                [
                    KeyCode::KeyA,
                    KeyCode::KeyB,
                    KeyCode::KeyC,
                    KeyCode::KeyD,
                    KeyCode::KeyE,
                    KeyCode::KeyF,
                    KeyCode::KeyG,
                    KeyCode::KeyH,
                    KeyCode::KeyI,
                    KeyCode::KeyJ,
                    KeyCode::KeyK,
                    KeyCode::KeyL,
                    KeyCode::KeyM,
                    KeyCode::KeyN,
                    KeyCode::KeyO,
                    KeyCode::KeyP,
                    KeyCode::KeyQ,
                    KeyCode::KeyR,
                    KeyCode::KeyS,
                    KeyCode::KeyT,
                    KeyCode::KeyU,
                    KeyCode::KeyV,
                    KeyCode::KeyW,
                    KeyCode::KeyX,
                    KeyCode::KeyY,
                    KeyCode::KeyZ,
                ][i as usize]
            }
            '0'..='9' => [
                KeyCode::Digit0,
                KeyCode::Digit1,
                KeyCode::Digit2,
                KeyCode::Digit3,
                KeyCode::Digit4,
                KeyCode::Digit5,
                KeyCode::Digit6,
                KeyCode::Digit7,
                KeyCode::Digit8,
                KeyCode::Digit9,
            ][(c as u8 - b'0') as usize],
            '-' => KeyCode::Minus,
            '+' | '=' => KeyCode::Equal,
            '~' => KeyCode::Backquote,
            '/' => KeyCode::Slash,
            ' ' => {
                key_with(app, &[], KeyCode::Space, Key::Space);
                continue;
            }
            other => panic!("no key for {other:?}"),
        };
        let shift: &[KeyCode] = if c.is_ascii_uppercase() || c == '+' || c == '~' {
            &[KeyCode::ShiftLeft]
        } else {
            &[]
        };
        key_with(app, shift, code, Key::Character(c.to_string().into()));
    }
}

fn focused(app: &App) -> Option<Entity> {
    app.world().resource::<InputFocus>().get()
}

/// Tabs until the focused button carries `component` (at most once round the screen).
pub fn tab_to<C: Component + PartialEq + std::fmt::Debug>(app: &mut App, component: C) {
    for _ in 0..80 {
        if focused(app).and_then(|f| app.world().get::<C>(f)) == Some(&component) {
            return;
        }
        key(app, KeyCode::Tab);
    }
    panic!("Tab never reached {component:?}");
}

/// Opens `game` from the menu for two players, by the keyboard alone.
pub fn start_from_the_menu(game: GameId) -> App {
    let mut app = headless_app();
    open_from_the_menu(&mut app, game);
    app
}

/// On the menu, opens `game` for two players by the keyboard alone.
pub fn open_from_the_menu(app: &mut App, game: GameId) {
    assert_eq!(screen(app), Screen::Menu);
    tab_to(app, MenuButton::NewGame(game));
    key(app, KeyCode::Enter);
    assert_eq!(
        overlay(app),
        Overlay::NewGame(game),
        "Enter opened the dialog"
    );
    tab_to(
        app,
        DialogButton::Choose(DialogField::Mode(ModeChoice::TwoPlayers)),
    );
    key(app, KeyCode::Space);
    tab_to(app, DialogButton::Start);
    key(app, KeyCode::Enter);
    app.update();
    assert_eq!(
        screen(app),
        Screen::Playing,
        "Enter on Start opened the table"
    );
}

fn cursor(app: &App) -> BoardCursor {
    app.world().resource::<BoardCursor>().clone()
}

fn settle(app: &mut App) {
    for _ in 0..2000 {
        app.update();
        if app
            .world()
            .resource::<lodestone::app::playback::PlaybackQueue>()
            .is_idle()
        {
            app.update();
            return;
        }
    }
    panic!("playback never ended");
}

/// The arrow (with Ctrl or not) that goes most nearly from `from` to `to` as the board is
/// seen: the cursor's own model of the screen's directions.
fn arrow_toward<G: TableGame>(app: &mut App, from: &str, to: &str) -> (Vec<KeyCode>, KeyCode) {
    let mut cells = app.world_mut().query::<(&BoardCell, &GlobalTransform)>();
    let named: Vec<(String, Vec2)> = cells
        .iter(app.world())
        .filter_map(|(c, t)| Some((G::cell_name(c)?, t.translation().xz())))
        .collect();
    let at = |name: &str| {
        named
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, p)| *p)
            .unwrap_or_else(|| panic!("{name} is on the board"))
    };
    let offset = at(to) - at(from);
    let mut cameras = app
        .world_mut()
        .query_filtered::<&GlobalTransform, With<MainCamera>>();
    let (right, up) = cameras
        .iter(app.world())
        .next()
        .map(|c| {
            (
                c.right().as_vec3().xz().normalize_or(Vec2::X),
                c.forward().as_vec3().xz().normalize_or(Vec2::NEG_Y),
            )
        })
        .unwrap_or((Vec2::X, Vec2::NEG_Y));
    let hex = matches!(G::BOARD.shape, lodestone::app::boards::BoardShape::Hex);
    let mut options = vec![
        (vec![], KeyCode::ArrowUp, up),
        (vec![], KeyCode::ArrowDown, -up),
    ];
    if hex {
        for (ctrl, tilt) in [(false, -0.5), (true, 0.5)] {
            let mods = if ctrl {
                vec![KeyCode::ControlLeft]
            } else {
                vec![]
            };
            options.push((mods.clone(), KeyCode::ArrowRight, right + up * tilt));
            options.push((mods, KeyCode::ArrowLeft, -right + up * tilt));
        }
    } else {
        options.push((vec![], KeyCode::ArrowRight, right));
        options.push((vec![], KeyCode::ArrowLeft, -right));
    }
    let best = options
        .into_iter()
        .max_by(|a, b| {
            let score = |d: Vec2| d.normalize().dot(offset.normalize());
            score(a.2).total_cmp(&score(b.2))
        })
        .unwrap();
    (best.0, best.1)
}

/// Walks the cursor to `to` with the arrows.
fn walk<G: TableGame>(app: &mut App, to: &str) {
    if cursor(app).cell.is_none() {
        key(app, KeyCode::ArrowUp);
    }
    for _ in 0..40 {
        let here = cursor(app).cell.expect("the cursor is on the board");
        if here == to {
            return;
        }
        let (mods, arrow) = arrow_toward::<G>(app, &here, to);
        let logical = match arrow {
            KeyCode::ArrowUp => Key::ArrowUp,
            KeyCode::ArrowDown => Key::ArrowDown,
            KeyCode::ArrowLeft => Key::ArrowLeft,
            _ => Key::ArrowRight,
        };
        key_with(app, &mods, arrow, logical);
    }
    panic!(
        "the cursor never reached {to}: it is on {:?}",
        cursor(app).cell
    );
}

/// Plays `action` by the board cursor: to its piece (or its cell), Enter, Tab to it,
/// Enter. An action naming no cell is typed.
pub fn play_by_cursor<G: TableGame>(app: &mut App, action: <G::Rules as Rules>::Action) {
    let played = app.world().resource::<Played<G>>();
    let written = played.game.rules().write_action(action);
    let reach = <G::Rules as Reaching>::reach(&action);
    let Some(pick) = reach.from.clone().or(reach.to.clone()) else {
        play_typed(app, &written);
        return;
    };
    walk::<G>(app, &pick);
    key(app, KeyCode::Enter);
    let choices = cursor(app).pick.expect("Enter picked").choices;
    assert!(
        choices.iter().any(|c| c.written == written),
        "{written} is among the pick's choices"
    );
    for _ in 0..choices.len() {
        key(app, KeyCode::Tab);
        let now = cursor(app).pick.unwrap();
        if now.choices[now.chosen.unwrap()].written == written {
            break;
        }
    }
    key(app, KeyCode::Enter);
}

/// Plays `written` by the typed move.
pub fn play_typed(app: &mut App, written: &str) {
    type_text(app, "/");
    type_text(app, written);
    key(app, KeyCode::Enter);
}

/// The rules state on `G`'s table now.
pub fn rules_of<G: TableGame>(app: &App) -> G::Rules {
    app.world().resource::<Played<G>>().game.rules().clone()
}

/// A small generator, so the game played is the same every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize % n
    }
}

/// Plays `G` from the menu to its end with keys alone: each turn a drawn legal action,
/// every third typed and the rest by the cursor. The plies it took.
fn play_to_the_end<G: TableGame>(game: GameId, seed: u64, cap: usize) -> usize {
    let mut app = start_from_the_menu(game);
    let mut draw = Lcg(seed);
    for ply in 0..cap {
        let rules = app.world().resource::<Played<G>>().game.rules().clone();
        if rules.is_over() {
            return ply;
        }
        let legal = rules.legal_actions();
        let action = legal[draw.below(legal.len())];
        if ply % 3 == 2 {
            play_typed(&mut app, &rules.write_action(action));
        } else {
            play_by_cursor::<G>(&mut app, action);
        }
        settle(&mut app);
        let after = app.world().resource::<Played<G>>().game.rules().ply();
        assert_eq!(
            after,
            rules.ply() + 1,
            "ply {ply}: {} was played",
            rules.write_action(action)
        );
    }
    panic!("{game:?} did not end in {cap} plies");
}

#[test]
fn a_whole_vectress_game_is_played_from_the_menu_with_keys_alone() {
    let plies = play_to_the_end::<lodestone::app::vectress::Vectress>(GameId::Vectress, 2, 300);
    assert!(plies > 4, "a game of {plies} plies");
}

#[test]
fn a_hex_chess_game_to_mate_is_played_with_keys_alone() {
    use lodestone::app::hexchess::Hexchess;
    let mut app = start_from_the_menu(GameId::Hexchess);
    // The shortest mate in v011 (found by search): Black mates on the fourth ply.
    for (i, written) in ["d1g2", "c8f8", "i1f4", "f8i2"].iter().enumerate() {
        if i == 2 {
            play_typed(&mut app, written);
        } else {
            let action = rules_of::<Hexchess>(&app).parse_action(written).unwrap();
            play_by_cursor::<Hexchess>(&mut app, action);
        }
        settle(&mut app);
    }
    let rules = rules_of::<Hexchess>(&app);
    assert_eq!(rules.ply(), 4);
    assert!(rules.is_over(), "mate ends the game");
    assert_eq!(
        rules.winner(),
        Some(<<Hexchess as TableGame>::Rules as Rules>::SIDES[1])
    );
}

#[test]
fn polarity_and_wave_field_are_played_by_keys_alone() {
    use lodestone::app::polarity::Polarity;
    use lodestone::app::wavefield::Wavefield;
    for (game, plies) in [(GameId::Polarity, 6), (GameId::Wavefield, 4)] {
        let mut app = start_from_the_menu(game);
        let mut draw = Lcg(7);
        for _ in 0..plies {
            match game {
                GameId::Polarity => {
                    let rules = app
                        .world()
                        .resource::<Played<Polarity>>()
                        .game
                        .rules()
                        .clone();
                    let legal = rules.legal_actions();
                    play_by_cursor::<Polarity>(&mut app, legal[draw.below(legal.len())]);
                }
                _ => {
                    let rules = app
                        .world()
                        .resource::<Played<Wavefield>>()
                        .game
                        .rules()
                        .clone();
                    let moves: Vec<_> = rules
                        .legal_actions()
                        .into_iter()
                        .filter(|a| <Wavefield as TableGame>::Rules::reach(a).to.is_some())
                        .collect();
                    play_by_cursor::<Wavefield>(&mut app, moves[draw.below(moves.len())]);
                }
            }
            settle(&mut app);
        }
        let ply = match game {
            GameId::Polarity => app
                .world()
                .resource::<Played<Polarity>>()
                .game
                .rules()
                .ply(),
            _ => app
                .world()
                .resource::<Played<Wavefield>>()
                .game
                .rules()
                .ply(),
        };
        assert_eq!(ply, plies, "{game:?}: every turn was played by keys");
    }
}

#[test]
fn a_typed_move_that_is_no_move_says_why_and_keeps_the_text() {
    use lodestone::app::table::cursor::typed::TypedMove;
    use lodestone::app::vectress::Vectress;
    let mut app = start_from_the_menu(GameId::Vectress);
    type_text(&mut app, "/");
    assert_eq!(app.world().resource::<TypedMove>().0.as_deref(), Some(""));
    type_text(&mut app, "E3-Z9");
    let mut shown = app
        .world_mut()
        .query_filtered::<&Text, With<lodestone::app::table::cursor::typed::TypedText>>();
    let shown: Vec<String> = shown.iter(app.world()).map(|t| t.0.clone()).collect();
    assert_eq!(shown, ["Move: E3-Z9_"], "the field shows what is typed");
    key(&mut app, KeyCode::Enter);
    assert_eq!(
        app.world().resource::<TypedMove>().0.as_deref(),
        Some("E3-Z9"),
        "the text stays to mend"
    );
    assert!(
        cursor(&app).said.contains("is not a move"),
        "{}",
        cursor(&app).said
    );
    // U is typed while the field is open, not the table's undo.
    key(&mut app, KeyCode::Escape);
    assert_eq!(
        app.world().resource::<TypedMove>().0,
        None,
        "Escape closes it"
    );
    assert!(!super::headless::paused(&app), "and only that");
    assert_eq!(
        app.world()
            .resource::<Played<Vectress>>()
            .game
            .rules()
            .ply(),
        0
    );
}

#[test]
fn escape_drops_a_pick_before_it_pauses() {
    use lodestone::app::vectress::Vectress;
    let mut app = start_from_the_menu(GameId::Vectress);
    let rules = app
        .world()
        .resource::<Played<Vectress>>()
        .game
        .rules()
        .clone();
    let first = rules.legal_actions()[0];
    let from = <Vectress as TableGame>::Rules::reach(&first).from.unwrap();
    walk::<Vectress>(&mut app, &from);
    key(&mut app, KeyCode::Enter);
    assert!(cursor(&app).pick.is_some());
    key(&mut app, KeyCode::Escape);
    assert!(cursor(&app).pick.is_none(), "Escape dropped the pick");
    assert!(!super::headless::paused(&app), "and did not pause");
    key(&mut app, KeyCode::Escape);
    assert!(super::headless::paused(&app), "the next Escape pauses");
}
