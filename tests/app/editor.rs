//! The position editor (#44): a position set up by hand, checked by the rules as it is
//! edited (refused with one line of why), then played by two players, against the
//! computer or on the board with the analysis shown; opened from any position with
//! Ctrl+E, and Cancel goes back to the game left. Headless: the editor is asked as its
//! panel and the pointer ask it.

use bevy::prelude::*;
use lodestone::app::PlayMode;
use lodestone::app::choice::GameChoice;
use lodestone::app::hexchess::Hexchess;
use lodestone::app::playback::PlaybackQueue;
use lodestone::app::polarity::Polarity;
use lodestone::app::table::editor::panel::{EditorButton, EditorPanel};
use lodestone::app::table::editor::{Brush, Editor, EditorAsk, Finish};
use lodestone::app::table::foresight::bar::EvaluationBar;
use lodestone::app::table::{Start, TableInput, TableLaunch};
use lodestone::app::ui::widgets::Activate;
use lodestone::app::vectress::Vectress;
use lodestone::app::wavefield::Wavefield;
use lodestone::rules::edit::Edit;
use lodestone::rules::{GameId, Rules};

use super::headless::{launched_app, played, seats, send};

fn settle(app: &mut App) {
    for _ in 0..10 {
        app.world_mut().resource_mut::<PlaybackQueue>().skip();
        app.update();
    }
}

fn ask(app: &mut App, asks: impl IntoIterator<Item = EditorAsk>) {
    for a in asks {
        app.world_mut().write_message(a);
        app.update();
    }
}

fn editor(app: &App) -> &Editor {
    app.world().resource::<Editor>()
}

fn cell(name: &str) -> EditorAsk {
    EditorAsk::Cell(name.to_string())
}

fn set_up(game: GameId, ruleset: Option<&str>) -> App {
    let choice = GameChoice {
        ruleset: ruleset.map(str::to_string),
        ..GameChoice::default()
    };
    let setup = lodestone::rules::Setup {
        ruleset: choice.ruleset.clone(),
        ..Default::default()
    };
    let code = lodestone::app::table::editor::start_code(game, &setup);
    let mut app = launched_app(TableLaunch {
        game,
        start: Start::Edit(choice, code, None),
    });
    settle(&mut app);
    app
}

/// Presses the panel's button that asks `what`.
fn press(app: &mut App, what: EditorAsk) {
    let world = app.world_mut();
    let button = world
        .query::<(Entity, &EditorButton)>()
        .iter(world)
        .find(|(_, b)| b.0 == what)
        .map(|(e, _)| e)
        .unwrap_or_else(|| panic!("no button asks {what:?}"));
    world.trigger(Activate { entity: button });
    app.update();
}

#[test]
fn hex_chess_set_up_by_hand_refuses_as_edited_and_is_played_by_two() {
    let mut app = set_up(GameId::Hexchess, Some("classic"));
    assert_eq!(seats(&app).mode, PlayMode::Setup);
    let panels = app
        .world_mut()
        .query::<&EditorPanel>()
        .iter(app.world())
        .count();
    assert_eq!(panels, 1);
    let start = played::<Hexchess>(&app).game.code();
    assert_eq!(editor(&app).code, start);
    // Clear keeps the kings; a second white king is refused and changes nothing.
    press(&mut app, EditorAsk::Edit(Edit::Clear));
    let bare = "1/2k/5/7/9/11/11/11/11/11/6K4 w - 0 1";
    assert_eq!(played::<Hexchess>(&app).game.code(), bare);
    ask(&mut app, [EditorAsk::Brush(Brush::Piece('K')), cell("f6")]);
    assert_eq!(editor(&app).line, "White has 2 kings.");
    assert_eq!(played::<Hexchess>(&app).game.code(), bare);
    // A white pawn on f11, White's last rank in classic: refused with its why.
    ask(&mut app, [EditorAsk::Brush(Brush::Piece('P')), cell("f11")]);
    assert!(
        editor(&app).line.contains("last rank"),
        "{}",
        editor(&app).line
    );
    // A black knight and a white rook put, the white king dragged, Black to move; one
    // edit undone.
    ask(
        &mut app,
        [
            EditorAsk::Brush(Brush::Piece('n')),
            cell("f7"),
            EditorAsk::Drag("g1".into(), "f5".into()),
            EditorAsk::Brush(Brush::Piece('R')),
            cell("a1"),
            EditorAsk::Edit(Edit::Step(0)),
        ],
    );
    let black = "1/2k/5/7/4n4/11/5K5/11/11/11/R10 b - 0 1";
    assert_eq!(played::<Hexchess>(&app).game.code(), black);
    ask(&mut app, [EditorAsk::Undo]);
    assert_eq!(
        played::<Hexchess>(&app).game.code(),
        black.replace(" b ", " w ")
    );
    ask(&mut app, [EditorAsk::Edit(Edit::Step(0))]);
    // Nobody moves while it is set up.
    let action = played::<Hexchess>(&app).game.legal_actions()[0];
    send::<Hexchess>(&mut app, TableInput::Play(action));
    settle(&mut app);
    assert_eq!(played::<Hexchess>(&app).game.code(), black);
    // Two players: the position played on, the editor gone.
    press(&mut app, EditorAsk::Finish(Finish::TwoPlayers));
    settle(&mut app);
    assert_eq!(seats(&app).mode, PlayMode::HotSeat);
    assert!(app.world().get_resource::<Editor>().is_none());
    let table = played::<Hexchess>(&app);
    assert_eq!(table.game.code(), black);
    let action = table.game.legal_actions()[0];
    send::<Hexchess>(&mut app, TableInput::Play(action));
    settle(&mut app);
    assert_eq!(played::<Hexchess>(&app).game.turns(), 1);
}

#[test]
fn ctrl_e_sets_up_the_game_shown_and_cancel_goes_back_to_it() {
    let mut app = launched_app(TableLaunch::in_mode(GameId::Vectress, PlayMode::HotSeat));
    let action = played::<Vectress>(&app).game.legal_actions()[0];
    send::<Vectress>(&mut app, TableInput::Play(action));
    settle(&mut app);
    let code = played::<Vectress>(&app).game.code();
    {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.press(KeyCode::ControlLeft);
        keys.press(KeyCode::KeyE);
    }
    app.update();
    {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release_all();
        keys.clear();
    }
    settle(&mut app);
    assert_eq!(seats(&app).mode, PlayMode::Setup);
    assert_eq!(editor(&app).code, code);
    // A bond between Black's Core and the Triangle beside it.
    ask(
        &mut app,
        [EditorAsk::Brush(Brush::Bond), cell("E7"), cell("F7")],
    );
    let bonded = played::<Vectress>(&app).game.code();
    assert!(
        bonded.split(' ').nth(2).unwrap().contains("E7F7"),
        "{bonded}"
    );
    assert_eq!(editor(&app).line, "Bonded E7 and F7.");
    ask(&mut app, [cell("F7"), cell("E7")]);
    assert_eq!(editor(&app).line, "Parted F7 and E7.");
    let bonds = |c: &str| c.split(' ').nth(2).unwrap().to_string();
    assert_eq!(bonds(&played::<Vectress>(&app).game.code()), bonds(&code));
    // Cancel: back to the game left, as it was.
    press(&mut app, EditorAsk::Finish(Finish::Cancel));
    settle(&mut app);
    assert_eq!(seats(&app).mode, PlayMode::HotSeat);
    assert_eq!(played::<Vectress>(&app).game.code(), code);
    assert_eq!(played::<Vectress>(&app).game.turns(), 1);
}

#[test]
fn wave_field_refuses_a_big_hat_on_hostile_ground_and_plays_the_computer() {
    let mut app = set_up(GameId::Wavefield, None);
    let start = played::<Wavefield>(&app).game.code();
    ask(&mut app, [EditorAsk::Drag("D1".into(), "D6".into())]);
    let line = editor(&app).line.clone();
    assert!(
        line.contains("Big Hat") && line.contains("hostile"),
        "{line}"
    );
    assert_eq!(played::<Wavefield>(&app).game.code(), start);
    // Red to move, then the computer (at its next level) against the person on Red.
    ask(
        &mut app,
        [
            EditorAsk::Brush(Brush::Move),
            cell("C2"),
            cell("C3"),
            EditorAsk::Edit(Edit::Step(0)),
            EditorAsk::Level,
        ],
    );
    let code = played::<Wavefield>(&app).game.code();
    assert!(code.contains(" r "), "{code}");
    let level = editor(&app).choice.level;
    press(&mut app, EditorAsk::Finish(Finish::VsComputer));
    settle(&mut app);
    let s = seats(&app);
    assert_eq!(
        (s.mode, s.human, s.level),
        (PlayMode::VsComputer, Some(1), level)
    );
    assert_eq!(played::<Wavefield>(&app).game.code(), code);
}

#[test]
fn polarity_analysed_from_a_position_set_up() {
    let mut app = set_up(GameId::Polarity, None);
    ask(
        &mut app,
        [
            EditorAsk::Brush(Brush::Piece('s')),
            cell("d4"),
            cell("e4"),
            cell("f4"),
        ],
    );
    assert!(
        editor(&app).line.contains("run of three"),
        "{}",
        editor(&app).line
    );
    ask(
        &mut app,
        [
            EditorAsk::Edit(Edit::Step(1)),
            EditorAsk::Edit(Edit::Step(12)),
        ],
    );
    let code = played::<Polarity>(&app).game.code();
    assert_eq!(code, "8/8/8/8/3ss3/8/8/8 1 R1B2Q1 R2B2Q1 0 1 0");
    assert_eq!(editor(&app).line, "Two's hand: Collected 1.");
    press(&mut app, EditorAsk::Finish(Finish::Analyse));
    settle(&mut app);
    assert_eq!(seats(&app).mode, PlayMode::Board);
    let shown = *app
        .world()
        .resource::<lodestone::app::table::foresight::ForesightShown>();
    assert!(shown.evaluation_bar && shown.threat);
    assert_eq!(played::<Polarity>(&app).game.code(), code);
    let bars = app
        .world_mut()
        .query::<&EvaluationBar>()
        .iter(app.world())
        .count();
    assert_eq!(bars, 1);
}

/// A game the position has ended is not played from.
#[test]
fn a_position_the_game_has_ended_is_not_played() {
    let mut app = set_up(GameId::Hexchess, Some("classic"));
    // Black's king on f11, White's queen on f9 and king on f7, Black to move.
    ask(
        &mut app,
        [
            EditorAsk::Edit(Edit::Clear),
            EditorAsk::Drag("g10".into(), "f11".into()),
            EditorAsk::Drag("g1".into(), "f7".into()),
            EditorAsk::Brush(Brush::Piece('Q')),
            cell("f9"),
            EditorAsk::Edit(Edit::Step(0)),
        ],
    );
    let code = played::<Hexchess>(&app).game.code();
    assert!(
        played::<Hexchess>(&app).game.is_over(),
        "{code}: {}",
        editor(&app).line
    );
    press(&mut app, EditorAsk::Finish(Finish::TwoPlayers));
    settle(&mut app);
    assert_eq!(seats(&app).mode, PlayMode::Setup);
    assert!(editor(&app).line.contains("over"), "{}", editor(&app).line);
}

/// The new-game dialog's "Set up a position" opens the editor at the chosen ruleset's
/// start, with the dialog's level for the computer.
#[test]
fn the_new_game_dialog_sets_up_a_position() {
    use lodestone::app::choice::ModeChoice;
    use lodestone::app::menu::MenuButton;
    use lodestone::app::new_game::{DialogButton, DialogField};
    use lodestone::rules::Level;

    use super::headless::{headless_app, press as press_button};
    let mut app = headless_app();
    press_button(&mut app, MenuButton::NewGame(GameId::Hexchess));
    press_button(
        &mut app,
        DialogButton::Choose(DialogField::Mode(ModeChoice::VsComputer)),
    );
    press_button(
        &mut app,
        DialogButton::Choose(DialogField::Ruleset("classic")),
    );
    press_button(
        &mut app,
        DialogButton::Choose(DialogField::Level(Level::Easy)),
    );
    press_button(&mut app, DialogButton::SetUp);
    settle(&mut app);
    assert_eq!(seats(&app).mode, PlayMode::Setup);
    let e = editor(&app);
    assert_eq!(e.game, GameId::Hexchess);
    assert_eq!(e.choice.ruleset.as_deref(), Some("classic"));
    assert_eq!(e.choice.level, Level::Easy);
    assert_eq!(
        e.code,
        "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1"
    );
    // Cancel from the dialog's editor goes back to the menu.
    press(&mut app, EditorAsk::Finish(Finish::Cancel));
    settle(&mut app);
    assert_eq!(super::headless::screen(&app), lodestone::app::Screen::Menu);
}
