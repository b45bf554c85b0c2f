//! The computer player.

use super::{game, mate_in_one, mv};
use crate::rules::hexchess::ai::{AiConfig, choose};
use crate::rules::hexchess::{Color, Game, Kind, Reason, Ruleset};
use crate::rules::rng::seeded;
use crate::rules::stop::Stop;

use Color::White;
use Kind::{Knight, Pawn, Queen};

fn quick() -> AiConfig {
    AiConfig {
        max_depth: 4,
        max_nodes: 20_000,
    }
}

#[test]
fn finds_a_mate_in_one_through_the_rename() {
    // Only a queen arriving as a rook on the a-file mates (see the H9 scenario).
    let mut g = mate_in_one();
    let m = choose(&g, &quick(), &mut seeded(3), &Stop::never()).expect("a move");
    g.play(m).unwrap();
    assert_eq!(
        g.outcome().map(|o| o.reason),
        Some(Reason::Checkmate),
        "{m}"
    );
}

#[test]
fn takes_a_free_queen() {
    // The rook on f2 takes the undefended queen up the f-file.
    let g = game(Ruleset::V011, "Ka1 qf6 Nd5 Rf2 kl6 pa6", White);
    let m = choose(&g, &quick(), &mut seeded(1), &Stop::never()).expect("a move");
    assert_eq!(m.to, super::c("f6"), "takes the queen: {m}");
}

#[test]
fn same_seed_same_move_and_legal() {
    let mut g = Game::new(Ruleset::V011);
    for ply in 0..6 {
        let a = choose(&g, &quick(), &mut seeded(ply), &Stop::never()).unwrap();
        let b = choose(&g, &quick(), &mut seeded(ply), &Stop::never()).unwrap();
        assert_eq!(a, b);
        assert!(g.legal_moves().contains(&a));
        g.play(a).unwrap();
    }
    let _ = (Pawn, mv("f5f6"));
}

#[test]
fn no_move_when_the_game_is_over() {
    let g = game(Ruleset::V011, "Ka1 kl6", White);
    assert!(g.outcome().is_some());
    assert_eq!(choose(&g, &quick(), &mut seeded(0), &Stop::never()), None);
}

#[test]
fn values_know_the_rotation() {
    // In v011 a pawn is one move from being a queen and a knight one move from being a
    // pawn, so the pawn is worth more; in classic the usual order holds.
    use crate::rules::hexchess::ai::piece_value;
    assert!(piece_value(Pawn, Ruleset::V011) > piece_value(Knight, Ruleset::V011));
    assert!(piece_value(Pawn, Ruleset::Classic) < piece_value(Knight, Ruleset::Classic));
    assert!(piece_value(Queen, Ruleset::V011) < piece_value(Queen, Ruleset::Classic));
}

#[test]
fn resolutions_and_games_serialize() {
    let mut g = Game::new(Ruleset::V011);
    let r = g.play(mv("f5f6")).unwrap();
    let text = serde_json::to_string(&r).unwrap();
    assert_eq!(
        serde_json::from_str::<crate::rules::hexchess::Resolution>(&text).unwrap(),
        r
    );
    let saved = ron::to_string(&g).unwrap();
    let back: Game = ron::from_str(&saved).unwrap();
    assert_eq!(back.position(), g.position());
    assert_eq!(back.history(), g.history());
}
