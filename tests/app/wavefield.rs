//! Wave Field on the table, headless: tuning feeds the engine's field to the surface
//! material, a move's removal rounds become playback stages in order, a drag previews the
//! field after the move on the surface, the panel presses every slot of a multi-slot
//! definition and is written again when what it shows changes (and only then), its
//! thumbnails follow the tuning, the developer panel is there in developer mode only, and
//! the wave editor's definitions file round-trips.

use bevy::prelude::*;
use lodestone::app::PlayMode;
use lodestone::app::playback::{Motion, PlaybackQueue};
use lodestone::app::table::TableInput;
use lodestone::app::ui::widgets::Activate;
use lodestone::app::wavefield::panel::editor::EditorText;
use lodestone::app::wavefield::panel::{PanelButton, PanelText, SlotButton};
use lodestone::app::wavefield::surface::{FieldMaterial, unpack};
use lodestone::app::wavefield::{
    Control, DefinitionsFile, Edit, Wavefield, WavefieldPlayed, WavefieldScene,
};
use lodestone::rules::GameId;
use lodestone::rules::wavefield::definitions::Definitions;
use lodestone::rules::wavefield::{Action, Event, Kind, parse_action};

fn wavefield_app() -> App {
    let app = super::headless::game_app(GameId::Wavefield, PlayMode::HotSeat);
    assert!(
        app.world().get_resource::<WavefieldPlayed>().is_some(),
        "the Wave Field table is set out"
    );
    app
}

fn engine_field(app: &App) -> [f32; 49] {
    let table = app.world().resource::<WavefieldPlayed>();
    table.game.position().field().map(|v| v as f32 / 64.0)
}

fn material_target(app: &App) -> (FieldMaterial, [f32; 49]) {
    let table = app.world().resource::<WavefieldScene>();
    let material = app
        .world()
        .resource::<Assets<FieldMaterial>>()
        .get(&table.surface)
        .expect("the surface has its material")
        .clone();
    let target = unpack(&material.data.after);
    (material, target)
}

/// Presses the tuning panel's `coef` button on `kind`'s row.
fn press_tune(app: &mut App, kind: Kind, coef: i32) {
    let mut buttons = app.world_mut().query::<(Entity, &PanelButton)>();
    let button = buttons
        .iter(app.world())
        .find(
            |(_, b)| matches!(b.0, TableInput::Game(Control::Tune(k, c)) if k == kind && c == coef),
        )
        .map(|(e, _)| e)
        .unwrap_or_else(|| panic!("the panel has a {kind:?} {coef:+} button"));
    app.world_mut().trigger(Activate { entity: button });
}

fn wait_idle(app: &mut App) {
    for _ in 0..400 {
        app.update();
        if app.world().resource::<PlaybackQueue>().is_idle() {
            return;
        }
    }
    panic!("playback never finished");
}

#[test]
fn a_tuning_change_feeds_the_engines_field_to_the_surface() {
    let mut app = wavefield_app();
    let start = engine_field(&app);
    assert_eq!(
        material_target(&app).1,
        start,
        "the surface starts on the engine's field"
    );

    // Press "-" on the Round Hat row of the tuning panel.
    press_tune(&mut app, Kind::RoundHat, -1);
    for _ in 0..3 {
        app.update();
    }

    let table = app.world().resource::<WavefieldPlayed>();
    let side = table.game.to_move();
    assert_eq!(table.game.position().profile(side).coef(Kind::RoundHat), -1);
    assert!(matches!(
        table.game.last().map(|r| r.action),
        Some(Action::Tune(_))
    ));
    let tuned = engine_field(&app);
    assert_ne!(tuned, start, "the tuning changed the field");
    let (material, target) = material_target(&app);
    assert_eq!(
        target, tuned,
        "the material's field data is the engine's field"
    );
    assert!(
        material.data.blend < 1.0,
        "the surface flows from the old field to the new one"
    );
    assert_eq!(unpack(&material.data.before), start);

    // The flow ends on the new field.
    for _ in 0..20 {
        app.update();
    }
    let (material, target) = material_target(&app);
    assert_eq!(target, tuned);
    assert_eq!(material.data.blend, 1.0);
}

/// A game whose last move sets off two removal rounds: Red's Tower goes to G1 and is
/// removed in round 1, then the Round Hat on G2 in round 2.
pub const TWO_ROUNDS: [&str; 8] = [
    "tune R+T-A-B+",
    "C6-B5",
    "tune R+T-A-B-",
    "E2-G2",
    "tune R+T-A-B+",
    "D6-D4",
    "tune R+T+A-B+",
    "E1-G1",
];

#[test]
fn removal_rounds_become_playback_stages_in_order() {
    let mut app = wavefield_app();
    for text in TWO_ROUNDS {
        let action = parse_action(text).expect("a Wave Field action");
        wait_idle(&mut app);
        app.world_mut()
            .write_message(TableInput::<Wavefield>::Game(Control::Play(action)));
        app.update();
        assert_eq!(
            app.world()
                .resource::<WavefieldPlayed>()
                .game
                .last()
                .map(|r| r.action),
            Some(action),
            "{text} was played"
        );
    }

    let table = app.world().resource::<WavefieldScene>();
    let Some(Event::Moved { rounds, .. }) = app
        .world()
        .resource::<WavefieldPlayed>()
        .game
        .last()
        .map(|r| r.event.clone())
    else {
        panic!("the last action is a move");
    };
    assert_eq!(rounds.len(), 2, "two removal rounds");
    let queue = app.world().resource::<PlaybackQueue>();
    assert_eq!(
        queue.stage_count(),
        1 + rounds.len(),
        "the move, then one stage per round"
    );
    assert!(queue.stage(0).is_some_and(|s| {
        s.label
            .contains(" moves E1-G1 and sets off 2 removal rounds")
    }));
    for (n, (removed, _)) in rounds.iter().enumerate() {
        let stage = queue.stage(n + 1).expect("a stage per round");
        assert!(
            stage
                .label
                .starts_with(&format!("removal round {} of 2", n + 1)),
            "{}",
            stage.label
        );
        for piece in removed {
            let (entity, _) = table.pieces[&piece.id];
            assert!(
                stage
                    .tweens
                    .iter()
                    .any(|t| t.entity == entity && matches!(t.motion, Motion::Disappear)),
                "round {}: {} {} on {} vanishes",
                n + 1,
                piece.owner.title(),
                piece.kind.title(),
                piece.cell
            );
            assert!(stage.label.contains(&piece.cell.to_string()));
        }
        // Nobody else vanishes in this round.
        let vanishing = stage
            .tweens
            .iter()
            .filter(|t| matches!(t.motion, Motion::Disappear))
            .count();
        assert_eq!(vanishing, removed.len());
        assert_eq!(
            stage.effects.len(),
            removed.len(),
            "one loss burst per piece"
        );
    }

    // After playback the surface rests on the engine's field and the pieces are gone.
    wait_idle(&mut app);
    app.update();
    let field = engine_field(&app);
    let (material, target) = material_target(&app);
    assert_eq!(target, field);
    assert_eq!(material.data.blend, 1.0);
    let table = app.world().resource::<WavefieldScene>();
    for (removed, _) in &rounds {
        for piece in removed {
            let (entity, _) = table.pieces[&piece.id];
            let scale = app.world().get::<Transform>(entity).map(|t| t.scale);
            assert_eq!(scale, Some(Vec3::ZERO), "{} is off the board", piece.cell);
        }
    }
}

fn table(app: &App) -> &WavefieldPlayed {
    app.world().resource::<WavefieldPlayed>()
}

fn scene(app: &App) -> &WavefieldScene {
    app.world().resource::<WavefieldScene>()
}

/// Drives the scene's drag with the game on the table (what the pointer's observers do).
fn drag<T>(app: &mut App, what: impl FnOnce(&WavefieldPlayed, &mut WavefieldScene) -> T) -> T {
    app.world_mut()
        .resource_scope(|world, mut scene: Mut<WavefieldScene>| {
            what(world.resource::<WavefieldPlayed>(), &mut scene)
        })
}

fn send(app: &mut App, controls: &[Control]) {
    for control in controls {
        app.world_mut()
            .write_message(TableInput::<Wavefield>::Game(*control));
    }
    app.update();
}

fn settle(app: &mut App) {
    for _ in 0..3 {
        app.update();
    }
}

#[test]
fn a_drag_preview_feeds_the_field_after_the_move_to_the_surface_and_ends_on_the_real_field() {
    let mut app = wavefield_app();
    let real = engine_field(&app);
    // A move of the side to move that changes the field, and that field, from the rules.
    let game = table(&app).game.rules().clone();
    let (mv, after) = game
        .legal_moves()
        .into_iter()
        .find_map(|mv| {
            let mut probe = game.clone();
            probe.play(Action::Move(mv)).ok()?;
            let field = probe.position().field().map(|v| v as f32 / 64.0);
            (field != real).then_some((mv, field))
        })
        .expect("some opening move changes the field");
    let piece = game.position().piece_at(mv.from).expect("a mover").id;

    assert!(drag(&mut app, |p, s| s.start_drag(p, piece)));
    drag(&mut app, |p, s| s.drag_over(p, Some(mv.to)));
    settle(&mut app);
    let (material, target) = material_target(&app);
    assert_eq!(target, after, "over {}, the surface previews {mv}", mv.to);
    let before = unpack(&material.data.before);
    assert_eq!(before, real, "it flows there from the real field");
    assert_eq!(engine_field(&app), real, "a preview plays nothing");
    assert!(table(&app).game.last().is_none());

    // Back over its own square (no move there), and off the board: the real field.
    for (over, shown) in [(Some(mv.from), real), (Some(mv.to), after), (None, real)] {
        drag(&mut app, |p, s| s.drag_over(p, over));
        settle(&mut app);
        assert_eq!(material_target(&app).1, shown, "over {over:?}");
    }

    // Let go off the board: nothing is played, the preview is gone.
    drag(&mut app, |p, s| s.drag_over(p, Some(mv.to)));
    assert!(drag(&mut app, |_, s| s.end_drag(None)).is_none());
    settle(&mut app);
    assert_eq!(material_target(&app).1, real);
    assert!(scene(&app).drag.is_none() && table(&app).game.last().is_none());

    // Let go over the square: the move is asked for (as the observer does), played, and
    // the surface ends on its field.
    assert!(drag(&mut app, |p, s| s.start_drag(p, piece)));
    drag(&mut app, |p, s| s.drag_over(p, Some(mv.to)));
    let asked = drag(&mut app, |_, s| s.end_drag(Some(mv.to)))
        .expect("over a square it can move to")
        .expect("a legal move");
    assert_eq!(asked, Action::Move(mv));
    app.world_mut()
        .write_message(TableInput::<Wavefield>::Play(asked));
    app.update();
    let played = table(&app).game.last().map(|r| r.action);
    assert_eq!(played, Some(Action::Move(mv)), "dropping plays the move");
    wait_idle(&mut app);
    app.update();
    assert_eq!(engine_field(&app), after);
    let (material, target) = material_target(&app);
    assert_eq!(target, after);
    assert_eq!(material.data.blend, 1.0);
}

#[test]
fn the_panels_slot_buttons_press_each_slot_of_a_multi_slot_definition() {
    let mut app = wavefield_app();
    // The wave editor gives the Round Hat a second slot (a cadence, off), then Restart.
    send(
        &mut app,
        &[
            Control::ToggleDev,
            Control::Edit(Edit::Kind(Kind::RoundHat)),
            Control::Edit(Edit::SlotCount(1)),
            Control::Edit(Edit::Slot(1)),
            Control::Edit(Edit::NextPreset),
            Control::Restart,
        ],
    );
    app.update();
    let game = &table(&app).game;
    assert!(game.multi_slot(), "{:?}", scene(&app).editor.note);
    let side = game.to_move();
    assert_eq!(game.tuning(side).kind(Kind::RoundHat), [1, 0]);
    let start = engine_field(&app);

    let mut buttons = app
        .world_mut()
        .query::<(Entity, &SlotButton, &PanelButton, &Node)>();
    let mut find = |app: &App, kind: Kind, slot: usize, coef: i32| {
        buttons
            .iter(app.world())
            .find(|(_, b, _, _)| **b == SlotButton { kind, slot, coef })
            .map(|(e, _, p, n)| (e, p.0.clone(), n.display))
            .expect("a button per slot and sign")
    };
    let (press, command, display) = find(&app, Kind::RoundHat, 1, 1);
    assert_ne!(display, Display::None, "the Round Hat's slot 2 + is shown");
    let tower = find(&app, Kind::Tower, 1, 1).2;
    assert_eq!(tower, Display::None, "the Tower has one slot");
    assert!(
        matches!(
            command,
            TableInput::Game(Control::Play(Action::Press { slot: 1, .. }))
        ),
        "{command:?}"
    );
    app.world_mut().trigger(Activate { entity: press });
    app.update();

    let game = &table(&app).game;
    let pressed = Action::Press {
        kind: Kind::RoundHat,
        slot: 1,
        coef: 1,
    };
    assert_eq!(game.last().map(|r| r.action), Some(pressed));
    // Active limit 1: pressing slot 2 turned slot 1 off.
    assert_eq!(game.tuning(side).kind(Kind::RoundHat), [0, 1]);
    let controls = game.position().controls(side, Kind::RoundHat);
    assert_eq!(controls.press_order()[0], 1, "slot 2 pressed last");
    assert_ne!(
        engine_field(&app),
        start,
        "the cadence took the checkerboard's place"
    );
}

#[test]
fn saved_definitions_load_back_and_a_bad_file_is_set_aside_in_one_sentence() {
    let dir = std::env::temp_dir().join(format!(
        "lodestone-app-wavefield-definitions-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("wavefield-definitions.ron");
    let mut app = wavefield_app();
    app.insert_resource(DefinitionsFile(Some(path.clone())));
    let mut edits = vec![
        Control::ToggleDev,
        Control::Edit(Edit::Kind(Kind::Tower)),
        Control::Edit(Edit::SlotCount(1)),
        Control::Edit(Edit::Slot(1)),
    ];
    // Grid mode: (|dx|, |dy|) = (2, 1) of the new checkerboard slot goes from -1 to 2.
    let up = Edit::Cell {
        ax: 2,
        ay: 1,
        step: 1,
    };
    edits.extend([Control::Edit(up); 3]);
    edits.extend([
        Control::Edit(Edit::FriendlyScale(2)),
        Control::Edit(Edit::HomeEnergy(2)),
    ]);
    send(&mut app, &edits);
    let edited = scene(&app).draft.clone().expect("the edits make a draft");
    assert_eq!(edited.tower.slots.len(), 2);
    assert_eq!(edited.tower.slots[1].basis(2, 1), 2);
    assert_eq!(edited.tower.friendly_scale, 5);
    assert_eq!(edited.tower.home_energy, "1/2");

    let note = |app: &App| {
        let note = scene(app).editor.note.clone();
        note.expect("the editor says what happened")
    };
    send(&mut app, &[Control::SaveDefinitions]);
    assert!(!note(&app).error, "{:?}", note(&app));
    assert!(path.exists());
    send(&mut app, &[Control::RestartAndReset]);
    assert_eq!(scene(&app).draft, None);
    assert_eq!(table(&app).game.definitions(), &Definitions::default());
    send(&mut app, &[Control::LoadDefinitions]);
    assert!(!note(&app).error, "{:?}", note(&app));
    let loaded = scene(&app).draft.as_ref();
    assert_eq!(loaded, Some(&edited), "the file gives back what was saved");
    send(&mut app, &[Control::Restart]);
    assert_eq!(table(&app).game.definitions(), &edited);

    // A file that cannot be read: reported in one sentence, kept aside, never overwritten.
    let bad = "(round_hat: (slots: [";
    std::fs::write(&path, bad).unwrap();
    let older = dir.join("wavefield-definitions.ron.unreadable-1");
    std::fs::write(&older, "older").unwrap();
    send(&mut app, &[Control::LoadDefinitions]);
    app.update();
    let said = note(&app);
    assert!(said.error);
    let one_sentence = said.text.ends_with('.')
        && !said.text.contains('\n')
        && said.text.starts_with(char::is_uppercase);
    assert!(one_sentence, "one sentence: {}", said.text);
    assert!(said.text.contains("unreadable-2"), "{}", said.text);
    let aside = dir.join("wavefield-definitions.ron.unreadable-2");
    assert_eq!(std::fs::read_to_string(aside).unwrap(), bad);
    assert_eq!(std::fs::read_to_string(&older).unwrap(), "older");
    assert!(!path.exists());
    assert_eq!(scene(&app).draft, None, "the editor is left as it was");
    assert_eq!(table(&app).game.definitions(), &edited);
    // The developer panel shows the sentence.
    let mut texts = app.world_mut().query::<(&EditorText, &Text)>();
    let shown = texts
        .iter(app.world())
        .find(|(which, _)| **which == EditorText::Note)
        .map(|(_, t)| t.0.clone());
    assert_eq!(shown, Some(said.text));
    let _ = std::fs::remove_dir_all(&dir);
}

/// #45: the territory pattern setting reaches the surface's shader (hatching and dots
/// besides the colours), and leaves it when turned off.
#[test]
fn the_territory_pattern_reaches_the_surface_and_goes() {
    use lodestone::app::look::TerritoryPattern;
    let mut app = wavefield_app();
    app.update();
    assert_eq!(material_target(&app).0.data.pattern, 0, "off by default");
    app.insert_resource(TerritoryPattern(true));
    app.update();
    assert_eq!(material_target(&app).0.data.pattern, 1);
    app.insert_resource(TerritoryPattern(false));
    app.update();
    assert_eq!(material_target(&app).0.data.pattern, 0);
}

fn panel_text(app: &mut App, which: PanelText) -> (String, bevy::ecs::change_detection::Tick) {
    let mut texts = app.world_mut().query::<(&PanelText, Ref<Text>)>();
    texts
        .iter(app.world())
        .find(|(p, _)| **p == which)
        .map(|(_, t)| (t.0.clone(), t.last_changed()))
        .expect("the panel shows it")
}

#[test]
fn the_panel_is_written_again_when_what_it_shows_changes_and_only_then() {
    let mut app = wavefield_app();
    settle(&mut app);
    let (header, _) = panel_text(&mut app, PanelText::Header);
    let (pressure, written) = panel_text(&mut app, PanelText::Pressure);
    let (history, _) = panel_text(&mut app, PanelText::History);
    let (level, _) = panel_text(&mut app, PanelText::Level);
    assert!(pressure.contains("legal moves"), "{pressure}");
    settle(&mut app);
    assert_eq!(
        panel_text(&mut app, PanelText::Pressure).1,
        written,
        "frames that change nothing leave the panel alone"
    );

    // Each thing the panel reads, changed on its own, shows at once.
    send(&mut app, &[Control::ToggleLevel]);
    settle(&mut app);
    assert_ne!(panel_text(&mut app, PanelText::Level).0, level, "the level");

    let tune = parse_action("tune R+T-A-B+").expect("a tuning");
    send(&mut app, &[Control::Play(tune)]);
    wait_idle(&mut app);
    let (tuned_header, _) = panel_text(&mut app, PanelText::Header);
    assert_ne!(tuned_header, header, "the tuning line");
    let (tuned_history, _) = panel_text(&mut app, PanelText::History);
    assert_ne!(tuned_history, history, "the History Roll after a tuning");

    let step = parse_action("C6-B5").expect("a move");
    send(&mut app, &[Control::Play(step)]);
    wait_idle(&mut app);
    assert_ne!(
        panel_text(&mut app, PanelText::History).0,
        tuned_history,
        "the History Roll after a move"
    );
    assert_ne!(
        panel_text(&mut app, PanelText::Pressure).0,
        pressure,
        "Pressure, now for the other side"
    );

    assert_eq!(panel_text(&mut app, PanelText::Dev).0, "");
    send(&mut app, &[Control::ToggleDev]);
    settle(&mut app);
    let (dev, _) = panel_text(&mut app, PanelText::Dev);
    assert!(
        dev.starts_with("Raw field"),
        "developer mode's readout: {dev}"
    );
    let piece = {
        let pos = table(&app).game.position();
        pos.pieces().iter().find(|p| p.alive).map(|p| p.id)
    };
    drag(&mut app, |_, scene| scene.selected = piece);
    settle(&mut app);
    let (selected, _) = panel_text(&mut app, PanelText::Dev);
    assert!(
        selected.contains("total") && selected != dev,
        "the selected square's breakdown: {selected}"
    );
}

/// A thumbnail is its kind's wave as one picture: pressing the Tower's "-" paints the
/// Tower's picture afresh and no other, and a click on it opens the Tower in the wave
/// editor in developer mode (and does nothing outside it).
#[test]
fn a_thumbnail_is_painted_from_its_tuning_and_opens_its_kind_in_developer_mode() {
    use lodestone::app::wavefield::panel::Thumbnail;
    let mut app = wavefield_app();
    settle(&mut app);
    let thumbnails: Vec<(Entity, Kind, Handle<Image>)> = app
        .world_mut()
        .query::<(Entity, &Thumbnail, &ImageNode)>()
        .iter(app.world())
        .map(|(e, t, picture)| (e, t.0, picture.image.clone()))
        .collect();
    let kinds: Vec<Kind> = thumbnails.iter().map(|t| t.1).collect();
    assert_eq!(kinds, Kind::ALL.to_vec(), "one thumbnail a kind, in order");
    let pictures = |app: &App| -> Vec<Vec<u8>> {
        let images = app.world().resource::<Assets<Image>>();
        thumbnails
            .iter()
            .map(|(_, _, h)| images.get(h).and_then(|i| i.data.clone()).unwrap())
            .collect()
    };
    let before = pictures(&app);
    for picture in &before {
        assert_eq!(picture.len(), 4 * 49);
        assert!(
            picture.chunks(4).any(|t| t[..3] != [0, 0, 0]),
            "a thumbnail is painted, not left black"
        );
    }
    press_tune(&mut app, Kind::Tower, -1);
    settle(&mut app);
    let after = pictures(&app);
    assert_ne!(
        after[1], before[1],
        "the Tower's thumbnail follows its tuning"
    );
    for k in [0, 2, 3] {
        assert_eq!(after[k], before[k], "{:?}", Kind::ALL[k]);
    }

    let tower = thumbnails[1].0;
    app.world_mut().trigger(Activate { entity: tower });
    app.update();
    assert_eq!(scene(&app).editor.focus.kind, Kind::RoundHat);
    send(&mut app, &[Control::ToggleDev]);
    app.world_mut().trigger(Activate { entity: tower });
    app.update();
    assert_eq!(scene(&app).editor.focus.kind, Kind::Tower);
}

/// The developer panel is there only in developer mode, filled and shown in the frame it
/// comes (no blank frame), and the kind it was on is still its kind when it comes back.
#[test]
fn the_developer_panel_comes_and_goes_with_developer_mode() {
    use lodestone::app::wavefield::panel::editor::DeveloperPanel;
    let mut app = wavefield_app();
    settle(&mut app);
    let panels = |app: &mut App| -> Vec<Display> {
        app.world_mut()
            .query_filtered::<&Node, With<DeveloperPanel>>()
            .iter(app.world())
            .map(|n| n.display)
            .collect()
    };
    let state_line = |app: &mut App| -> Vec<String> {
        app.world_mut()
            .query::<(&EditorText, &Text)>()
            .iter(app.world())
            .filter(|(which, _)| **which == EditorText::State)
            .map(|(_, t)| t.0.clone())
            .collect()
    };
    assert!(
        panels(&mut app).is_empty(),
        "no developer panel outside the mode"
    );
    send(&mut app, &[Control::ToggleDev]);
    assert_eq!(panels(&mut app), vec![Display::Flex]);
    let line = state_line(&mut app);
    assert!(
        line.len() == 1 && line[0].starts_with("Round Hat"),
        "{line:?}"
    );
    send(&mut app, &[Control::Edit(Edit::Kind(Kind::Tower))]);
    send(&mut app, &[Control::ToggleDev]);
    assert!(panels(&mut app).is_empty(), "the panel goes with the mode");
    assert!(state_line(&mut app).is_empty());
    send(&mut app, &[Control::ToggleDev]);
    assert_eq!(panels(&mut app), vec![Display::Flex]);
    let line = state_line(&mut app);
    assert!(line.len() == 1 && line[0].starts_with("Tower"), "{line:?}");
}
