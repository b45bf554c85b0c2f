//! Every player (#45): the buttons in Tab's reach, the screen reader's nodes (AccessKit
//! through `bevy_a11y`), the position and the last move read aloud, and zen.

use bevy::a11y::AccessibilityNode;
use bevy::input_focus::InputFocus;
use bevy::prelude::*;
use lodestone::app::boards::BoardCell;
use lodestone::app::menu::MenuButton;
use lodestone::app::new_game::DialogButton;
use lodestone::app::pause::PauseButton;
use lodestone::app::table::cursor::BoardCursor;
use lodestone::app::table::{Played, TableGame};
use lodestone::app::vectress::Vectress;
use lodestone::rules::edit::cell_words;
use lodestone::rules::{GameId, Rules};

use super::headless::{headless_app, paused};
use super::keys_only::{key, play_typed, start_from_the_menu};

/// The buttons Tab visits going once round, in order.
fn tab_round(app: &mut App, presses: usize) -> Vec<Entity> {
    (0..presses)
        .filter_map(|_| {
            key(app, KeyCode::Tab);
            app.world().resource::<InputFocus>().get()
        })
        .collect()
}

fn all_of<C: Component>(app: &mut App) -> Vec<Entity> {
    let mut q = app.world_mut().query_filtered::<Entity, With<C>>();
    q.iter(app.world()).collect()
}

/// While an overlay is up, Tab reaches each of its buttons (those carrying `C`) and
/// nothing under it.
fn modal_round<C: Component>(app: &mut App, what: &str) {
    let buttons = all_of::<C>(app);
    let round = tab_round(app, buttons.len() * 2);
    for button in &buttons {
        assert!(round.contains(button), "Tab reaches every button of {what}");
    }
    assert!(
        round.iter().all(|e| buttons.contains(e)),
        "and nothing under {what}"
    );
}

#[test]
fn tab_reaches_every_button_of_the_menu_the_dialog_and_the_pause_menu() {
    let mut app = headless_app();
    let menu = all_of::<MenuButton>(&mut app);
    let buttons = all_of::<bevy::ui_widgets::Button>(&mut app).len();
    let round = tab_round(&mut app, buttons + 2);
    for button in &menu {
        assert!(
            round.contains(button),
            "Tab reaches every menu button: not {:?}",
            app.world().get::<MenuButton>(*button)
        );
    }
    // Once round and back to the first.
    let mut distinct = round.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(round.get(distinct.len()), Some(&round[0]), "Tab goes round");
    // The dialog: while it is up, Tab stays in it and reaches each of its buttons.
    super::keys_only::tab_to(&mut app, MenuButton::NewGame(GameId::Vectress));
    key(&mut app, KeyCode::Enter);
    modal_round::<DialogButton>(&mut app, "the dialog");
    // The pause menu, over a game.
    let mut app = start_from_the_menu(GameId::Vectress);
    key(&mut app, KeyCode::Escape);
    assert!(paused(&app));
    modal_round::<PauseButton>(&mut app, "the pause menu");
    // Enter presses the focused one: Resume.
    super::keys_only::tab_to(&mut app, PauseButton::Resume);
    key(&mut app, KeyCode::Enter);
    assert!(!paused(&app), "Enter on Resume resumes");
}

/// At the Wave Field table Tab goes through the tuning buttons and the panel's row to
/// Resign, and Enter there resigns; the thumbnails (the pointer's, in developer mode) are
/// no stops (as 4-pixel cells under Xvfb they once made 196 stops with no ring to show).
#[test]
fn tab_reaches_wave_fields_resign_past_the_thumbnails() {
    use lodestone::app::table::TableInput;
    use lodestone::app::wavefield::panel::{PanelButton, Thumbnail};
    use lodestone::app::wavefield::{Control, Wavefield};
    use lodestone::rules::wavefield::Action;
    let mut app = start_from_the_menu(GameId::Wavefield);
    let buttons = all_of::<bevy::ui_widgets::Button>(&mut app).len();
    let thumbs = all_of::<Thumbnail>(&mut app);
    assert!(!thumbs.is_empty(), "the panel has its thumbnails");
    let round = tab_round(&mut app, buttons - thumbs.len() + 2);
    assert!(
        round.iter().all(|e| !thumbs.contains(e)),
        "no thumbnail is a Tab stop"
    );
    let is_resign = |app: &App, e: Entity| {
        app.world()
            .get::<PanelButton>(e)
            .is_some_and(|b| matches!(b.0, TableInput::Game(Control::Play(Action::Resign))))
    };
    assert!(
        round.iter().any(|e| is_resign(&app, *e)),
        "Tab reaches Resign"
    );
    for _ in 0..round.len() {
        let at = app.world().resource::<InputFocus>().get();
        if at.is_some_and(|e| is_resign(&app, e)) {
            break;
        }
        key(&mut app, KeyCode::Tab);
    }
    key(&mut app, KeyCode::Enter);
    for _ in 0..5 {
        app.update();
    }
    assert!(
        super::keys_only::rules_of::<Wavefield>(&app).is_over(),
        "Enter on Resign ends the game"
    );
}

fn role_and_label(node: &AccessibilityNode) -> (accesskit::Role, String) {
    (node.role(), node.label().unwrap_or_default().to_string())
}

#[test]
fn the_board_is_a_grid_of_labelled_cells_and_the_caption_is_spoken_as_it_plays() {
    let mut app = start_from_the_menu(GameId::Vectress);
    app.update();
    let code = app
        .world()
        .resource::<Played<Vectress>>()
        .game
        .rules()
        .code();
    let mut cells = app
        .world_mut()
        .query::<(&BoardCell, Option<&AccessibilityNode>)>();
    let labelled: Vec<(String, Option<(accesskit::Role, String)>)> = cells
        .iter(app.world())
        .filter_map(|(c, n)| Some((Vectress::cell_name(c)?, n.map(role_and_label))))
        .collect();
    assert_eq!(labelled.len(), 81, "a node per cell");
    for (name, node) in &labelled {
        let expected = cell_words::<<Vectress as TableGame>::Rules>(&code, name);
        assert_eq!(
            node.clone(),
            Some((accesskit::Role::GridCell, expected)),
            "{name}"
        );
    }
    // Every cell is a child of one grid, the board (AccessKit's tree follows the
    // entities' hierarchy: without a parent node the cells were a flat list).
    let mut parents = app
        .world_mut()
        .query_filtered::<&ChildOf, With<BoardCell>>();
    let mut grids: Vec<Entity> = parents.iter(app.world()).map(|c| c.parent()).collect();
    grids.dedup();
    assert_eq!(grids.len(), 1, "one parent for all 81 cells");
    let grid = app
        .world()
        .get::<AccessibilityNode>(grids[0])
        .map(role_and_label);
    assert_eq!(
        grid,
        Some((accesskit::Role::Grid, "Vectress board".to_string()))
    );
    // The caption's live region says each stage as it plays.
    let mut heard = Vec::new();
    for (i, written) in ["E3-G5", "F7-H5"].iter().enumerate() {
        play_typed(&mut app, written);
        for _ in 0..400 {
            app.update();
            let mut voices = app.world_mut().query_filtered::<
            &AccessibilityNode,
            Without<lodestone::app::table::cursor::marks::CursorVoice>,
        >();
            for node in voices.iter(app.world()) {
                if node.role() == accesskit::Role::Status
                    && node.live() == Some(accesskit::Live::Polite)
                    && let Some(label) = node.label()
                    && !label.is_empty()
                    && !heard.iter().any(|h: &String| h == label)
                {
                    heard.push(label.to_string());
                }
            }
            if app
                .world()
                .resource::<lodestone::app::playback::PlaybackQueue>()
                .is_idle()
            {
                break;
            }
        }
        assert!(
            heard.len() > i,
            "each move's caption is heard as it plays: {heard:?}"
        );
    }
    assert_eq!(heard.len(), 3, "two moves, three stages: {heard:?}");
    // After the moves, G5's label says what arrived and E3's that it is empty.
    app.update();
    app.update();
    let code = app
        .world()
        .resource::<Played<Vectress>>()
        .game
        .rules()
        .code();
    let mut cells = app.world_mut().query::<(&BoardCell, &AccessibilityNode)>();
    let mut changed = 0;
    for (cell, node) in cells.iter(app.world()) {
        let Some(name) = Vectress::cell_name(cell) else {
            continue;
        };
        let now = cell_words::<<Vectress as TableGame>::Rules>(&code, &name);
        assert_eq!(node.label(), Some(now.as_str()), "{name} is relabelled");
        changed += usize::from(
            labelled
                .iter()
                .any(|(n, l)| *n == name && l.as_ref().map(|l| &l.1) != Some(&now)),
        );
    }
    assert!(changed >= 2, "the moves changed labels ({changed})");
}

#[test]
fn i_reads_the_position_and_o_the_last_move() {
    let mut app = start_from_the_menu(GameId::Vectress);
    key(&mut app, KeyCode::KeyO);
    assert_eq!(
        app.world().resource::<BoardCursor>().said,
        "No move has been played yet."
    );
    key(&mut app, KeyCode::KeyI);
    let said = app.world().resource::<BoardCursor>().said.clone();
    assert!(said.starts_with("White: "), "{said}");
    assert!(
        said.contains("Core E3") && said.contains(". Black: "),
        "{said}"
    );
    assert!(said.ends_with("White to move."), "{said}");
    play_typed(&mut app, "E3-G5");
    for _ in 0..400 {
        app.update();
    }
    key(&mut app, KeyCode::KeyO);
    let said = app.world().resource::<BoardCursor>().said.clone();
    let queue = app
        .world()
        .resource::<lodestone::app::playback::PlaybackQueue>();
    let first = queue.stage(0).unwrap().label.clone();
    assert!(said.starts_with(&first), "{said} begins with {first}");
}

#[test]
fn zen_hides_all_but_the_turn_chip_and_gives_it_all_back() {
    use lodestone::app::hud::score::TurnChip;
    let mut app = start_from_the_menu(GameId::Vectress);
    app.update();
    let visibility = |app: &mut App| {
        let mut q = app.world_mut().query::<(Entity, &Visibility)>();
        let mut all: Vec<(Entity, Visibility)> =
            q.iter(app.world()).map(|(e, v)| (e, *v)).collect();
        all.sort_by_key(|(e, _)| *e);
        all
    };
    let fills = |app: &mut App| {
        let mut q = app.world_mut().query::<(Entity, &BackgroundColor)>();
        let mut all: Vec<(Entity, Color)> = q.iter(app.world()).map(|(e, c)| (e, c.0)).collect();
        all.sort_by_key(|(e, _)| *e);
        all
    };
    let before = visibility(&mut app);
    let filled = fills(&mut app);
    key(&mut app, KeyCode::KeyZ);
    let chip = all_of::<TurnChip>(&mut app)[0];
    let mut line = vec![chip];
    let mut at = chip;
    while let Some(parent) = app.world().get::<ChildOf>(at) {
        at = parent.parent();
        line.push(at);
    }
    let words: Vec<Entity> = app
        .world()
        .get::<Children>(chip)
        .map(|c| c.to_vec())
        .unwrap_or_default();
    assert!(!words.is_empty(), "the chip has its words");
    for e in line.iter().chain(&words) {
        assert_ne!(
            app.world().get::<Visibility>(*e),
            Some(&Visibility::Hidden),
            "the chip shows, words and all"
        );
    }
    let mut roots = app
        .world_mut()
        .query_filtered::<(Entity, Option<&GlobalZIndex>, &Visibility), (With<Node>, Without<ChildOf>)>();
    let shown: Vec<Entity> = roots
        .iter(app.world())
        .filter(|(e, z, v)| {
            !line.contains(e) && z.is_none_or(|z| z.0 >= 0) && **v != Visibility::Hidden
        })
        .map(|(e, _, _)| e)
        .collect();
    assert!(shown.is_empty(), "every other panel hides: {shown:?}");
    key(&mut app, KeyCode::KeyZ);
    assert_eq!(
        visibility(&mut app),
        before,
        "Z again gives every panel back as it was"
    );
    assert_eq!(fills(&mut app), filled, "fills and all");
}

/// #45 (5): the menu's backdrop board shows no coordinates (they showed below the menu's
/// panel); a game's board keeps them.
#[test]
fn the_menu_backdrop_has_no_board_labels_and_a_game_has_them() {
    let mut app = headless_app();
    for _ in 0..5 {
        app.update();
    }
    assert!(
        !all_of::<BoardCell>(&mut app).is_empty(),
        "the backdrop is set out"
    );
    assert!(all_of::<lodestone::app::boards::BoardLabel>(&mut app).is_empty());
    let mut app = start_from_the_menu(GameId::Vectress);
    app.update();
    assert!(!all_of::<lodestone::app::boards::BoardLabel>(&mut app).is_empty());
}
