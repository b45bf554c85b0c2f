//! The HUD's pictures and the board's badges, headless (#27): the trays hold as many
//! pieces as the rules count after captures in every game, the turn chip names the side
//! to move in its colour, a click in the move list shows that position in the viewer and
//! "back to the game" returns to it, and a Vectress wave badges its pushed pieces with
//! its number.

use bevy::prelude::*;
use lodestone::app::PlayMode;
use lodestone::app::hexchess::Hexchess;
use lodestone::app::hud::score::{Tray, TrayToken};
use lodestone::app::playback::PlaybackQueue;
use lodestone::app::polarity::Polarity;
use lodestone::app::table::badges::StageBadge;
use lodestone::app::table::score::Scoreboard;
use lodestone::app::table::{LiveAside, Played, TableGame, TableInput, Viewing};
use lodestone::app::ui::widgets::Activate;
use lodestone::app::vectress::Vectress;
use lodestone::app::wavefield::Wavefield;
use lodestone::rules::{GameId, Match, Rules};

fn settle<G: TableGame>(app: &mut App) {
    for _ in 0..300 {
        app.world_mut().resource_mut::<PlaybackQueue>().skip();
        app.update();
        if super::headless::no_requests::<G>(app)
            && app.world().resource::<PlaybackQueue>().is_idle()
        {
            // One more frame: the pictures are drawn from the settled position.
            app.update();
            app.update();
            return;
        }
    }
    panic!("the table never settled");
}

/// Asks `G`'s table to play `text`.
fn ask<G: TableGame>(app: &mut App, text: &str) {
    let action = app
        .world()
        .resource::<Played<G>>()
        .game
        .parse_action(text)
        .expect("a legal action");
    app.world_mut().write_message(TableInput::<G>::Play(action));
    app.update();
}

/// Pieces drawn in each tray on screen.
fn drawn_trays(app: &mut App) -> [usize; 2] {
    let mut counts = [0, 0];
    let world = app.world_mut();
    let tokens: Vec<Entity> = world
        .query_filtered::<&ChildOf, With<TrayToken>>()
        .iter(world)
        .map(|c| c.parent())
        .collect();
    for row in tokens {
        if let Some(tray) = world.get::<Tray>(row) {
            counts[tray.side] += 1;
        }
    }
    counts
}

/// Plays `moves` (the stills' captures) and checks the trays against `count` after them.
fn trays_follow_the_rules<G: TableGame>(
    game: GameId,
    moves: &[&str],
    count: impl Fn(&Match<G::Rules>) -> [usize; 2],
) {
    let mut app = super::headless::game_app(game, PlayMode::HotSeat);
    settle::<G>(&mut app);
    for text in moves {
        ask::<G>(&mut app, text);
        settle::<G>(&mut app);
    }
    let table = app.world().resource::<Played<G>>();
    assert_eq!(
        table.game.actions().len(),
        moves.len(),
        "{game:?}: every move played"
    );
    let want = count(&table.game);
    assert!(
        want.iter().any(|&n| n > 0),
        "{game:?}: no capture was reached ({want:?})"
    );
    let board = app.world().resource::<Scoreboard>();
    let held: Vec<usize> = board.sides.iter().map(|s| s.tokens.len()).collect();
    assert_eq!(held, want.to_vec(), "{game:?}: the scoreboard's trays");
    assert_eq!(drawn_trays(&mut app), want, "{game:?}: the trays drawn");
}

/// The stills' capturing lines, a game each: the match is over `GameId` (a fifth game
/// must say its own here).
fn captures(game: GameId) {
    match game {
        GameId::Vectress => {
            use lodestone::rules::vectress::Side as VSide;
            // A Core and more pushed off the edge.
            trays_follow_the_rules::<Vectress>(game, &["E3-E1", "E7-E5", "G1-F2", "E5-G3"], |t| {
                let pos = t.position();
                [VSide::White, VSide::Black].map(|s| usize::from(pos.lost(s)))
            });
        }
        // A queen takes a queen.
        GameId::Hexchess => {
            trays_follow_the_rules::<Hexchess>(game, &["b1b2", "b7b6", "b2b6"], |t| {
                let mut taken = [0, 0];
                for r in t.game().history() {
                    if r.captured.is_some() {
                        taken[r.color.index()] += 1;
                    }
                }
                taken
            })
        }
        // Two removal rounds take five pieces.
        GameId::Wavefield => {
            let removal = ["tune R+T-A-B-", "D6-D3", "D2-E3", "tune R+T+A+B-", "D7-D6"];
            trays_follow_the_rules::<Wavefield>(game, &removal, |t| {
                let sides = <lodestone::rules::wavefield::Game as Rules>::SIDES;
                sides.map(|side| {
                    t.position()
                        .pieces()
                        .iter()
                        .filter(|p| p.owner == side && !p.alive)
                        .count()
                })
            });
        }
        // The queen pulls eight stones into a block; nine are taken.
        GameId::Polarity => {
            let regather = ["d6", "d2", "b4", "f4", "b6", "f6", "b2", "f2", "d4 Q-"];
            trays_follow_the_rules::<Polarity>(game, &regather, |t| {
                let pos = t.position();
                lodestone::rules::polarity::Side::BOTH.map(|s| pos.collected(s) as usize)
            });
        }
    }
}

#[test]
fn trays_hold_what_the_rules_count_after_captures_in_every_game() {
    for game in GameId::ALL {
        captures(game);
    }
}

#[test]
fn the_turn_chip_names_the_side_to_move() {
    let mut app = super::headless::game_app(GameId::Vectress, PlayMode::HotSeat);
    settle::<Vectress>(&mut app);
    let board = app.world().resource::<Scoreboard>();
    assert_eq!(board.headline, "White to move");
    assert_eq!(board.chip, Some(0));
    let action = app
        .world()
        .resource::<Played<Vectress>>()
        .game
        .legal_actions()[0];
    app.world_mut()
        .write_message(TableInput::<Vectress>::Play(action));
    settle::<Vectress>(&mut app);
    let board = app.world().resource::<Scoreboard>();
    assert_eq!(board.headline, "Black to move");
    assert_eq!(board.chip, Some(1));
    assert_eq!(board.sides[1].name, "Black");
}

fn find<C: Component + Copy>(app: &mut App, pick: impl Fn(&C) -> bool) -> Option<Entity> {
    let world = app.world_mut();
    world
        .query::<(Entity, &C)>()
        .iter(world)
        .find(|(_, c)| pick(c))
        .map(|(e, _)| e)
}

#[test]
fn a_move_clicked_in_the_list_is_shown_and_the_game_comes_back() {
    use lodestone::app::table::move_list::MoveRow;
    let mut app = super::headless::game_app(GameId::Polarity, PlayMode::HotSeat);
    settle::<Polarity>(&mut app);
    for text in ["d4", "e5 R+", "c3 B-"] {
        ask::<Polarity>(&mut app, text);
        settle::<Polarity>(&mut app);
    }
    let live = app
        .world()
        .resource::<Played<Polarity>>()
        .game
        .notation()
        .to_vec();
    let row = find::<MoveRow>(&mut app, |r| r.ply == 1).expect("a row for the first move");
    app.world_mut().trigger(Activate { entity: row });
    settle::<Polarity>(&mut app);
    let table = app.world().resource::<Played<Polarity>>();
    assert_eq!(table.game.actions().len(), 1, "the position after move 1");
    let aside = |app: &App| {
        (
            app.world().resource::<Viewing>().0.is_some(),
            app.world().resource::<LiveAside<Polarity>>().0.is_some(),
        )
    };
    assert_eq!(aside(&app), (true, true), "in the viewer");
    assert_eq!(
        super::headless::seats(&app).mode,
        PlayMode::HotSeat,
        "the game's own mode is kept"
    );
    let back = find_back(&mut app).expect("a button back to the game");
    app.world_mut().trigger(Activate { entity: back });
    settle::<Polarity>(&mut app);
    assert_eq!(aside(&app), (false, false));
    let table = app.world().resource::<Played<Polarity>>();
    assert_eq!(table.game.notation(), live.as_slice(), "the game as it was");
}

fn find_back(app: &mut App) -> Option<Entity> {
    use lodestone::app::table::move_list::BackToGame;
    let world = app.world_mut();
    world
        .query_filtered::<Entity, With<BackToGame>>()
        .iter(world)
        .next()
}

#[test]
fn a_vectress_wave_badges_its_pieces_with_its_number() {
    let (before, last) = <Vectress as TableGame>::HEAVIEST;
    let mut app = super::headless::game_app(GameId::Vectress, PlayMode::HotSeat);
    settle::<Vectress>(&mut app);
    for text in before.iter().chain([&last]) {
        let action = app
            .world()
            .resource::<Played<Vectress>>()
            .game
            .parse_action(text)
            .expect("a legal move");
        app.world_mut()
            .write_message(TableInput::<Vectress>::Play(action));
        if *text != last {
            app.update();
            settle::<Vectress>(&mut app);
        }
    }
    // The last move plays at 1x: on to its second stage (the first wave).
    for _ in 0..400 {
        app.update();
        let at = app.world().resource::<PlaybackQueue>().progress();
        if at.is_some_and(|(n, _)| n >= 2) {
            break;
        }
    }
    let progress = app.world().resource::<PlaybackQueue>().progress();
    let Some((stage, _)) = progress else {
        panic!("the move is playing");
    };
    let wave = (stage - 1).to_string();
    let world = app.world_mut();
    let badges: Vec<(String, Option<Entity>)> = world
        .query::<(&Text, &StageBadge)>()
        .iter(world)
        .map(|(t, b)| (t.0.clone(), b.follows))
        .collect();
    assert!(!badges.is_empty(), "stage {stage} shows badges");
    assert!(
        badges
            .iter()
            .all(|(t, _)| t.starts_with(&wave) || t == "∞" || t == "×"),
        "wave {wave}: {badges:?}"
    );
    // Which pieces carry the wave's number: exactly those the rules say this wave pushed,
    // shoved or lost, found from the rules' own resolution of the same moves.
    let mut rules = lodestone::rules::vectress::Game::new();
    for text in before {
        let action = lodestone::rules::vectress::notation::parse(text).expect("notation");
        rules.play(action).expect("a legal move");
    }
    let action = lodestone::rules::vectress::notation::parse(last).expect("notation");
    let resolution = rules.play(action).expect("a legal move");
    let first_wave = &resolution.shown_waves()[stage - 2];
    let acted: std::collections::BTreeSet<_> = first_wave
        .pushes
        .iter()
        .map(|p| p.pushed)
        .chain(first_wave.shoves.iter().map(|s| s.shoved))
        .chain(first_wave.lost.iter().map(|l| l.id))
        .collect();
    let pieces = &app
        .world()
        .resource::<lodestone::app::vectress::VectressScene>()
        .entities
        .pieces;
    let expected: std::collections::BTreeSet<Entity> =
        acted.iter().map(|id| pieces[id].piece).collect();
    let numbered: std::collections::BTreeSet<Entity> = badges
        .iter()
        .filter(|(t, _)| t.starts_with(&wave))
        .map(|(_, follows)| follows.expect("a wave's badge follows its piece"))
        .collect();
    assert!(!expected.is_empty(), "the first wave acts on some piece");
    assert_eq!(numbered, expected, "wave {wave}: badged pieces");
}
